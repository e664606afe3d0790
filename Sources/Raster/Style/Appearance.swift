/// The system appearance (`UITraitCollection.userInterfaceStyle`): the colours a scene uses where none
/// is given. systemBackground, label and a placeholder grey, as UIKit resolves them in each.
public enum Appearance: String, Sendable, Hashable, CaseIterable {
    case light
    case dark

    /// systemBackground: #FFFFFF / #000000.
    public var background: Color { self == .light ? .white : .black }

    /// label: #000000 / #FFFFFF.
    public var label: Color { self == .light ? .black : .white }

    /// The placeholder behind a photo: #AAAAAA / #48484A.
    public var placeholder: Color {
        self == .light ? Color(r: 0xAA, g: 0xAA, b: 0xAA) : Color(r: 0x48, g: 0x48, b: 0x4A)
    }
}
