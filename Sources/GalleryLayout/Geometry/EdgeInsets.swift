/// Insets from a rectangle's four edges, in points (UIEdgeInsets).
public struct EdgeInsets: Sendable, Hashable {
    public var top, left, bottom, right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }

    public static let zero = EdgeInsets()

    /// The insets before and after the content along a scroll axis: top and bottom when it scrolls
    /// vertically, left and right when horizontally.
    public func along(vertical: Bool) -> (before: Double, after: Double) {
        vertical ? (top, bottom) : (left, right)
    }
}
