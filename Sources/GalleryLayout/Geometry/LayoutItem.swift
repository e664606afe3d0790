/// One visible item of a frame, in viewport points.
public struct LayoutItem: Sendable, Hashable {
    /// Index of the item in the collection (0-based).
    public var index: Int
    /// Centre of the drawn square, in viewport points.
    public var center: Point
    /// Side of the drawn square in points: the item side times `scale`.
    public var size: Double
    /// The transform's scale (1 in the grid).
    public var scale: Double

    public init(index: Int, center: Point, size: Double, scale: Double) {
        self.index = index
        self.center = center
        self.size = size
        self.scale = scale
    }

    /// A stand-in of no size at the origin (never drawn: an item is always in one of a transition's
    /// frames).
    static func none(_ index: Int) -> LayoutItem {
        LayoutItem(index: index, center: Point(x: 0, y: 0), size: 0, scale: 0)
    }

    /// Radius of the item's circular mask: half its final drawn size, never a stale one.
    public var cornerRadiusOfCircle: Double { size / 2 }
}
