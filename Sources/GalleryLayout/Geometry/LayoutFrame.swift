/// The layout at one scroll position: what is visible, where, and in which order.
public struct LayoutFrame: Sendable, Hashable {
    /// The offset actually laid out, after clamping and snapping.
    public var offset: Double
    /// Size of the scrollable content, in points.
    public var contentSize: Size
    /// The visible items in draw order, back to front: ascending scale, then ascending index (a
    /// carousel: its depth sort).
    public var items: [LayoutItem]
    /// A carousel's position in items (iCarousel's `scrollOffset`); nil for the other layouts.
    public var scrollOffset: Double?

    public init(offset: Double, contentSize: Size, items: [LayoutItem], scrollOffset: Double? = nil) {
        self.offset = offset
        self.contentSize = contentSize
        self.items = items
        self.scrollOffset = scrollOffset
    }
}
