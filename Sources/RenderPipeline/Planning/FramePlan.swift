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
    /// The page control drawn over the items; nil: none.
    public var pageControl: PageControl?

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
        /// The photo it draws; nil for none, or when it paints no pixel (`HiddenPhotos`).
        public var photo: String?
        /// The photo of an item that paints no pixel, not read (`HiddenPhotos`), kept for the frame
        /// cache's key: its caption may still show the file's name.
        public var hiddenPhoto: String?
        /// The 3D items drawn after it that hide what is under them (`HiddenPhotos`): its photo is read
        /// only where it shows (`ProjectedItemPainter.readRegion`).
        public var coveredBy: [ProjectedPlacement] = []
        /// Where a flat item (a plain scale) goes; for a 3D item, the square round its centre of its
        /// bounds' width (only its size orders the work).
        public var placement: ItemPainter.Placement
        /// Where a 3D item goes (a transform other than a plain scale); nil for a flat one.
        public var projected: ProjectedPlacement?
        /// Its shadow, drawn before it; nil: none.
        public var shadow: Shadow?
        /// A backdrop blur drawn after it (ScaleTransformView's blur preset).
        public var backdrop: Backdrop?
        /// Its label, drawn after it in its plane; nil: none.
        public var caption: Caption?
        /// The alpha its shadow, itself and its caption are drawn at as one group (their own alphas
        /// then 1); nil: each piece carries the item's alpha.
        public var group: Float?

        /// The item's plane as the shadow painter takes it: the 3D placement, or a flat item's
        /// rectangle (its sides in points at its pixels per point, no transform).
        public var plane: ProjectedPlacement {
            if let projected { return projected }
            let (s, rect) = (placement.pixelsPerPoint, placement.rect)
            var identity = SIMD16<Double>()
            for i in [0, 5, 10, 15] { identity[i] = 1 }
            return ProjectedPlacement(
                centerX: rect.x + rect.width / 2, centerY: rect.y + rect.height / 2, width: rect.width / s,
                height: rect.height / s, transform: identity, pixelsPerPoint: s, alpha: placement.alpha)
        }
    }

    /// Plans `scene` at `offset`.
    public init(scene: Scene, offset: Double) throws(LayoutError) {
        let layout = try scene.layout(atOffset: offset)
        self.init(scene: scene, layout: layout, items: layout.items.map { AnimatedItem(item: $0, alpha: $0.alpha) })
    }

    /// A 3D item's placement: its centre in frame pixels, its bounds and transform; nil for an item
    /// the 2D path draws (`flat`).
    private static func projected(_ item: LayoutItem, alpha: Double, displayScale: Double) -> ProjectedPlacement? {
        guard flat(item) == nil else { return nil }
        let transform = item.transform ?? .scale(x: item.scale, y: item.scale, z: 1)
        let bounds = item.bounds ?? Size(width: item.size, height: item.size)
        var placement = ProjectedPlacement(
            centerX: item.center.x * displayScale, centerY: item.center.y * displayScale, width: bounds.width,
            height: bounds.height, transform: transform.values, pixelsPerPoint: displayScale, alpha: Float(alpha))
        placement?.contentOffsetX = item.contentOffset?.x ?? 0
        placement?.contentOffsetY = item.contentOffset?.y ?? 0
        return placement
    }

    /// An item whose transform only scales and moves it in the screen's plane (no turn, no
    /// perspective across it: m12 = m21 = m14 = m24 = 0, m11 = m22), as its centre, drawn size and
    /// scale in points: point (x, y) lands at centre + ((x·m11 + m41)/m44, (y·m22 + m42)/m44). The 2D
    /// path then draws it to its pixels, square or not, as the contract asks of a plain scale or
    /// translation. Nil otherwise.
    static func flat(_ item: LayoutItem) -> (center: Point, size: Size, scale: Double)? {
        // The 2D path has no photo offset inside the item (a parallax card).
        guard item.contentOffset == nil else { return nil }
        guard let t = item.transform else {
            return (item.center, Size(width: item.size, height: item.drawnHeight), item.scale)
        }
        guard t.m12 == 0, t.m21 == 0, t.m14 == 0, t.m24 == 0, t.m11 == t.m22,
            t.m44 > 0, t.m11 / t.m44 > 0
        else { return nil }
        let bounds = item.bounds ?? Size(width: item.size, height: item.size)
        let scale = t.m11 / t.m44
        let center = Point(x: item.center.x + t.m41 / t.m44, y: item.center.y + t.m42 / t.m44)
        return (center, Size(width: bounds.width * scale, height: bounds.height * scale), scale)
    }

    /// Plans a frame of a motion of `scene`: `items` in draw order (original indices, which pick the
    /// photos); items with alpha 0 are left out, as they paint nothing.
    public init(scene: Scene, layout: LayoutFrame, items: [AnimatedItem]) {
        self.layout = layout
        size = scene.pixelSize
        let scale = scene.displayScale
        pageControl = scene.pageControl.map { style in
            var style = style
            style.color = scene.framed(style.color)
            return PageControl(
                style: style, pages: scene.gallery.itemCount,
                current: Self.currentPage(of: items, scene: scene, offset: layout.offset))
        }
        // A single-sided item seen from behind (a page card turning through its edge) is not drawn.
        let drawn = items.filter { $0.alpha > 0 && !($0.item.singleSided && $0.item.transform?.facesAway == true) }
        self.items = drawn.map { animated in
            let item = animated.item
            // A fading item with a shadow or a caption is drawn as one group at its alpha (group
            // opacity): its pieces are prepared opaque, so its shadow does not show through it.
            let shadow = Self.shadow(of: item, style: scene.style.shadow).map { shadow in
                var shadow = shadow
                shadow.color = scene.framed(shadow.color)
                return shadow
            }
            let group = (scene.captions != nil || shadow != nil) && animated.alpha < 1 ? Float(animated.alpha) : nil
            let alpha = group == nil ? animated.alpha : 1
            // A 3D item's square only orders the work: its bounds' width round its centre.
            let flat = Self.flat(item) ?? (item.center, Size(width: item.size, height: item.size), 1)
            let rect = PixelRect(
                centerX: flat.center.x * scale, centerY: flat.center.y * scale, width: flat.size.width * scale,
                height: flat.size.height * scale)
            return Item(
                index: item.index, photo: scene.photo(forItem: item.index),
                placement: ItemPainter.Placement(
                    rect: rect, pixelsPerPoint: flat.scale * scale, alpha: Float(alpha)),
                projected: Self.projected(item, alpha: alpha, displayScale: scale),
                shadow: shadow,
                backdrop: item.blur.map { blur in
                    Backdrop(
                        fraction: blur.fraction,
                        rect: PixelRect(
                            x: blur.translation.x * scale, y: blur.translation.y * scale,
                            width: scene.gallery.viewport.width * scale, height: scene.gallery.viewport.height * scale),
                        pixelsPerPoint: scale)
                },
                // Set in the item's own width, before the transform it takes.
                caption: (scene.captions?.caption(
                    forItem: item.index, photo: scene.photo(forItem: item.index), width: item.untransformedWidth
                )).map { caption in
                    var caption = caption
                    caption.style.color = scene.framed(caption.style.color)
                    return caption
                },
                group: group)
        }
    }

    /// The page a page control shows for a frame of `items` at `offset`: the drawn item nearest the
    /// centre, by |progress| (page layouts; snap-in's progress is its endOffset, so its centre's
    /// distance), |offset| (carousels) or its centre's distance from the viewport's; ties: lower
    /// index. With none drawn (a scroll far past an edge), the nearer of the first and last items.
    static func currentPage(of items: [AnimatedItem], scene: Scene, offset: Double) -> Int {
        let gallery = scene.gallery
        let centre = Point(x: gallery.viewport.width / 2, y: gallery.viewport.height / 2)
        var byProgress = true
        if case .page(let page) = gallery.style, page.effect == .animator(.snapIn) { byProgress = false }
        func distance(_ item: LayoutItem) -> Double {
            let geometric = item.center.distanceSquared(to: centre).squareRoot()
            return abs((byProgress ? item.progress : nil) ?? item.carouselOffset ?? geometric)
        }
        var drawn = items.filter { $0.alpha > 0 }.map(\.item)
        if drawn.isEmpty, gallery.itemCount > 0 {
            drawn = [0, gallery.itemCount - 1].map { gallery.item($0, atOffset: offset) }
        }
        return drawn.min { (distance($0), $0.index) < (distance($1), $1.index) }?.index ?? 0
    }

    /// The item's shadow: the scene's, or the one its layout gives it (in the scene's colour); nil
    /// when it is transparent.
    static func shadow(of item: LayoutItem, style: Shadow) -> Shadow? {
        var shadow = style
        if let own = item.shadow {
            (shadow.opacity, shadow.radius) = (own.opacity, own.radius)
            (shadow.offsetX, shadow.offsetY) = (own.offset.x, own.offset.y)
        }
        return shadow.opacity > 0 && shadow.color.a > 0 ? shadow : nil
    }
}
