/// A carousel at one scroll position: the items drawn, back to front.
public struct CarouselFrame: Sendable, Hashable {
    /// The offset shown, in points along the scroll axis (after clamping or wrapping).
    public var offset: Double
    /// The same position in items, iCarousel's `scrollOffset`: the number every formula reads.
    public var scrollOffset: Double
    /// `currentItemIndex` (nil with no items).
    public var currentItemIndex: Int?
    /// The items drawn, in draw order (`compareViewDepth`), the last on top.
    public var items: [CarouselItem]

    public init(offset: Double, scrollOffset: Double, currentItemIndex: Int?, items: [CarouselItem]) {
        self.offset = offset
        self.scrollOffset = scrollOffset
        self.currentItemIndex = currentItemIndex
        self.items = items
    }
}
