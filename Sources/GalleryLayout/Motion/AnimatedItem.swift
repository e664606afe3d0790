/// An item of a motion's frame: where it is drawn and how opaque (its coverage is multiplied by
/// `alpha`).
public struct AnimatedItem: Sendable, Hashable {
    public var item: LayoutItem
    public var alpha: Double

    public init(item: LayoutItem, alpha: Double) {
        self.item = item
        self.alpha = alpha
    }
}
