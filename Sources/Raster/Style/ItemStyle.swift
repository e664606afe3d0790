/// How every item is drawn, in points (the painter scales them with each item).
public struct ItemStyle: Sendable, Hashable {
    public var shape: Shape
    /// Width of the ring inside the item's edge, in points before the item's scale.
    public var borderWidth: Double
    public var borderColor: Color
    /// Fill behind each photo, and the whole item when there is no photo.
    public var placeholder: Color
    public var contentMode: ContentMode
    /// Every item's shadow (opacity 0: none), unless its layout gives it one.
    public var shadow: Shadow

    public init(
        shape: Shape = .circle, borderWidth: Double = 0, borderColor: Color = .white,
        placeholder: Color = Color(r: 0xAA, g: 0xAA, b: 0xAA), contentMode: ContentMode = .aspectFill,
        shadow: Shadow = Shadow()
    ) {
        self.shadow = shadow
        self.shape = shape
        self.borderWidth = borderWidth
        self.borderColor = borderColor
        self.placeholder = placeholder
        self.contentMode = contentMode
    }
}
