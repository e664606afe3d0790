/// The mask of an item.
public enum Shape: Sendable, Hashable {
    /// A circle of radius half the item's final side (the default).
    case circle
    /// A rounded square; the corner radius is in points before the item's scale.
    case rounded(cornerRadius: Double)

    /// The corner radius of a rounded square when none is given, in points.
    public static let defaultCornerRadius = 3.0
}
