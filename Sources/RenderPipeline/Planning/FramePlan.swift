import GalleryCore
import GalleryLayout
import ImageCodecs
import Raster

/// One frame, planned: its layout and, per visible item in draw order, where it goes in pixels and
/// which photo it shows. Planning all frames first lets each photo be decoded once per run.
public struct FramePlan: Sendable {
    public var layout: LayoutFrame
    /// The size the items are drawn at: the frame's, or in a rotation the interface's.
    public var size: PixelSize
    public var items: [Item]
    /// In a device rotation, how the interface drawn at `size` is turned onto the frame.
    public var turn: Turn?

    /// The interface turned `degrees` counter-clockwise about its centre onto a frame of `frame`
    /// pixels (InterfaceTurner).
    public struct Turn: Sendable, Hashable {
        public var degrees: Double
        public var frame: PixelSize

        public init(degrees: Double, frame: PixelSize) {
            self.degrees = degrees
            self.frame = frame
        }
    }

    /// The size of the finished frame.
    public var frameSize: PixelSize { turn?.frame ?? size }

    public struct Item: Sendable {
        public var index: Int
        public var photo: String?
        /// Where a flat item (a plain scale) goes; for a 3D item, the square round its centre of its
        /// bounds' width (only its size orders the work).
        public var placement: ItemPainter.Placement
        /// Where a 3D item goes (a transform other than a plain scale); nil for a flat one.
        public var projected: ProjectedPlacement?
    }

    /// Plans `scene` at `offset`.
    public init(scene: Scene, offset: Double) throws(LayoutError) {
        let layout = try scene.layout(atOffset: offset)
        self.init(scene: scene, layout: layout, items: layout.items.map { AnimatedItem(item: $0, alpha: $0.alpha) })
    }

    /// A 3D item's placement: its centre in frame pixels, its bounds and transform; nil for an item
    /// whose transform is a plain scale (the 2D path draws it).
    private static func projected(_ item: LayoutItem, alpha: Double, displayScale: Double) -> ProjectedPlacement? {
        guard let transform = item.transform, transform.plainScale == nil else { return nil }
        let bounds = item.bounds ?? Size(width: item.size, height: item.size)
        return ProjectedPlacement(
            centerX: item.center.x * displayScale, centerY: item.center.y * displayScale, width: bounds.width,
            height: bounds.height, transform: transform.values, pixelsPerPoint: displayScale, alpha: Float(alpha))
    }

    /// Plans a frame of a motion of `scene`: `items` in draw order (original indices, which pick the
    /// photos); items with alpha 0 are left out, as they paint nothing.
    public init(scene: Scene, layout: LayoutFrame, items: [AnimatedItem]) {
        self.layout = layout
        size = scene.pixelSize
        let scale = scene.displayScale
        self.items = items.filter { $0.alpha > 0 }.map { animated in
            let item = animated.item
            let square = PixelRect(
                centerX: item.center.x * scale, centerY: item.center.y * scale, side: item.size * scale)
            return Item(
                index: item.index, photo: scene.photo(forItem: item.index),
                placement: ItemPainter.Placement(
                    square: square, pixelsPerPoint: item.scale * scale, alpha: Float(animated.alpha)),
                projected: Self.projected(item, alpha: animated.alpha, displayScale: scale))
        }
    }
}
