/// The layout at one scroll position: what is visible, where, and in which order.
public struct LayoutFrame: Sendable, Hashable {
    /// The offset actually laid out, after clamping and snapping.
    public var offset: Double
    /// Size of the scrollable content, in points.
    public var contentSize: Size
    /// The visible items in draw order, back to front: ascending scale, then ascending index.
    public var items: [LayoutItem]

    public init(offset: Double, contentSize: Size, items: [LayoutItem]) {
        self.offset = offset
        self.contentSize = contentSize
        self.items = items
    }
}
