/// One visible item of a frame, in viewport points: what UIKit's `UICollectionViewLayoutAttributes`
/// (or a carousel library's item view) holds. The seed's layouts set only `center`, `size` and
/// `scale` (a plain scale); a carousel item has its own bounds, a 3D transform and an alpha.
public struct LayoutItem: Sendable, Hashable {
    /// Index of the item in the collection (0-based).
    public var index: Int
    /// Centre of the drawn item (its anchor point), in viewport points.
    public var center: Point
    /// Side of the drawn square in points: the item side times `scale` (a 3D item: its bounds' width).
    public var size: Double
    /// The transform's scale (1 in the grid, and for a 3D item).
    public var scale: Double
    /// The untransformed bounds, when the item has a 3D transform or is not square (nil: a square of
    /// side size/scale).
    public var bounds: Size?
    /// The transform about the centre, when it is not the plain scale `scale`.
    public var transform: Transform3D?
    /// Opacity 0…1 the layout gives the item (a carousel's fade; 1 in the seed's layouts).
    public var alpha: Double
    /// A carousel item's offset o from the scroll position, in items.
    public var carouselOffset: Double?
    /// The draw order key before the layout's own order (UICollectionViewLayoutAttributes' zIndex).
    public var zIndex = 0
    /// A page layout item's progress p (its animator's middleOffset, snap-in's endOffset).
    public var progress: Double?
    /// Where the photo is moved inside its card, in points (the parallax animator); nil: not moved.
    public var contentOffset: Point?
    /// The shadow the layout gives the item (ScaleTransformView's presets); nil: the scene's.
    public var shadow: ItemShadow?
    /// A backdrop blur drawn over the item (ScaleTransformView's blur preset).
    public var blur: BackdropBlur?
    /// Whether the item is hidden when its back faces the viewer (a layer's `isDoubleSided` false).
    public var singleSided = false

    public init(
        index: Int, center: Point, size: Double, scale: Double, bounds: Size? = nil, transform: Transform3D? = nil,
        alpha: Double = 1, carouselOffset: Double? = nil
    ) {
        self.index = index
        self.center = center
        self.size = size
        self.scale = scale
        self.bounds = bounds
        self.transform = transform
        self.alpha = alpha
        self.carouselOffset = carouselOffset
    }

    /// The item of a carousel frame, as a layout item: its bounds' width as `size`, scale 1.
    public init(_ item: CarouselItem) {
        self.init(
            index: item.index, center: item.center, size: item.bounds.width, scale: 1, bounds: item.bounds,
            transform: item.transform, alpha: item.alpha, carouselOffset: item.offset)
    }

    /// A stand-in of no size at the origin (never drawn: an item is always in one of a transition's
    /// frames).
    static func none(_ index: Int) -> LayoutItem {
        LayoutItem(index: index, center: Point(x: 0, y: 0), size: 0, scale: 0)
    }

    /// The drawn height in points: a plain-scale item's bounds height times its scale (a square: its
    /// size).
    public var drawnHeight: Double { bounds.map { $0.height * scale } ?? size }

    /// The width in points before the transform: the bounds', else the square's side before its
    /// scale (what a cell's own subviews, a caption, are laid out in).
    public var untransformedWidth: Double { bounds?.width ?? (scale > 0 ? size / scale : size) }

    /// Radius of the item's circular mask: half its final drawn size, never a stale one.
    public var cornerRadiusOfCircle: Double { size / 2 }
}
