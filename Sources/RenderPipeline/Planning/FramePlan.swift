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
        public var placement: ItemPainter.Placement
    }

    /// Plans `scene` at `offset`.
    public init(scene: Scene, offset: Double) throws(LayoutError) {
        let layout = try scene.layout(atOffset: offset)
        self.init(scene: scene, layout: layout, items: layout.items.map { AnimatedItem(item: $0, alpha: 1) })
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
                    square: square, pixelsPerPoint: item.scale * scale, alpha: Float(animated.alpha)))
        }
    }
}
