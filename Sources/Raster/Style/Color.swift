/// A colour as 8-bit RGBA with **straight** alpha, as users write it (`#RGB`, `#RRGGBB`,
/// `#RRGGBBAA`, a CSS name, or `transparent`).
public struct Color: Sendable, Hashable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let white = Color(r: 255, g: 255, b: 255)
    public static let black = Color(r: 0, g: 0, b: 0)
    public static let transparent = Color(r: 0, g: 0, b: 0, a: 0)

    /// Every name `init(parsing:)` takes: the CSS colours, sorted, and `transparent`.
    public static let names = CSSColorNames.table.keys.sorted() + ["transparent"]

    /// Parses `#RGB`, `#RRGGBB`, `#RRGGBBAA`, a CSS named colour or `transparent` (case-insensitive).
    public init?(parsing text: String) {
        let lower = text.lowercased()
        if lower == "transparent" {
            self = .transparent
            return
        }
        if let rgb = CSSColorNames.table[lower] {
            self.init(r: UInt8(rgb >> 16), g: UInt8(rgb >> 8 & 0xFF), b: UInt8(rgb & 0xFF))
            return
        }
        guard lower.hasPrefix("#") else { return nil }
        let digits = lower.dropFirst()
        guard digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        switch digits.count {
        case 3:
            let expand = { (v: UInt32) in UInt8(v * 17) }
            self.init(r: expand(value >> 8), g: expand(value >> 4 & 0xF), b: expand(value & 0xF))
        case 6:
            self.init(r: UInt8(value >> 16), g: UInt8(value >> 8 & 0xFF), b: UInt8(value & 0xFF))
        case 8:
            self.init(
                r: UInt8(value >> 24), g: UInt8(value >> 16 & 0xFF), b: UInt8(value >> 8 & 0xFF), a: UInt8(value & 0xFF)
            )
        default:
            return nil
        }
    }

    /// Premultiplied, on the 0…255 scale the canvas works in.
    public var premultiplied: SIMD4<Float> {
        let alpha = Float(a) / 255
        return SIMD4(Float(r) * alpha, Float(g) * alpha, Float(b) * alpha, Float(a))
    }

    public var description: String {
        let hex = [r, g, b, a].map { String($0, radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }
        return "#" + hex.joined()
    }
}
