/// One item of a carousel frame, as iCarousel's item container holds it: its bounds centred at
/// `center`, drawn with `transform` about that centre, its coverage multiplied by `alpha`.
public struct CarouselItem: Sendable, Hashable {
    /// Index of the item (0-based).
    public var index: Int
    /// o, `offsetForItemAtIndex:`: how many items it is from the scroll position (folded with wrap).
    public var offset: Double
    /// `transformForItemViewWithOffset:` of `offset`.
    public var transform: Transform3D
    /// `alphaForItemWithOffset:` of `offset`, 0…1.
    public var alpha: Double
    /// The viewport's centre, in viewport points (the container's centre with no content offset).
    public var center: Point
    /// The untransformed item size in points.
    public var bounds: Size

    public init(index: Int, offset: Double, transform: Transform3D, alpha: Double, center: Point, bounds: Size) {
        self.index = index
        self.offset = offset
        self.transform = transform
        self.alpha = alpha
        self.center = center
        self.bounds = bounds
    }
}
