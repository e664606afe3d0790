import GalleryCore
import ImageCodecs
import GalleryLayout
import Raster
import Typography

/// A type an option's text parses to, as swift-argument-parser's `ExpressibleByArgument`: how text
/// becomes a value, how a default shows in help, and the closed set of values where there is one.
protocol OptionValue: Sendable {
    /// The value `text` spells, or nil when it spells none.
    init?(optionText text: String)
    /// The value as help and generated documentation show it.
    var optionText: String { get }
    /// What a valid value looks like, for error messages: "must be a finite number".
    static var expectation: String { get }
    /// Every value, for help and completions; empty for open types such as numbers.
    static var allOptionTexts: [String] { get }
    /// The words a value can be spelled with, for "did you mean": `allOptionTexts`, and for an open
    /// type its names (`fast`, a colour's CSS name).
    static var namedTexts: [String] { get }
    /// Why `text`, which spells no value, is refused, when there is more to say than `expectation`.
    static func reason(refusing text: String) -> String?
}

extension OptionValue {
    static var allOptionTexts: [String] { [] }
    static var namedTexts: [String] { allOptionTexts }
    static func reason(refusing text: String) -> String? { nil }
}

extension OptionValue where Self: CaseIterable & RawRepresentable, RawValue == String {
    init?(optionText text: String) { self.init(rawValue: text) }
    var optionText: String { rawValue }
    static var allOptionTexts: [String] { allCases.map(\.rawValue) }
    static var expectation: String { "must be one of " + allOptionTexts.joined(separator: ", ") }
}

extension Double: OptionValue {
    init?(optionText text: String) {
        guard let value = Double(decimal: text), value.isFinite else { return nil }
        self = value
    }

    /// `text` as a decimal number (`12`, `-0.5`, `1e-3`); nil for anything else Swift reads as a
    /// Double (`0x10`, `nan`, `inf`), as whole-number options refuse hex (found by review:
    /// `--fling 0x10` was 16 and `--fps 0x3c` an error).
    init?(decimal text: String) {
        guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) || "+-.eE".utf8.contains($0) }) else { return nil }
        self.init(text)
    }
    /// Whole numbers without ".0" at any size a person types (1000000000, not 1000000000.0), others
    /// as the shortest text that reads back the same (1e-09, not the 0 of six decimals: found by review).
    var optionText: String { JSONValue.shortest(self) }
    static var expectation: String { "must be a finite number" }
}

extension Int: OptionValue {
    init?(optionText text: String) { self.init(text) }
    var optionText: String { String(self) }
    static var expectation: String { "must be a whole number" }

    /// A whole number past Int's range (digits, or a manifest's 1e+20) is too large or too small,
    /// not something other than a whole number.
    static func reason(refusing text: String) -> String? {
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        let whole = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
        guard let value = Double(text), value.isFinite, whole || (value == value.rounded() && abs(value) >= 0x1p63)
        else { return nil }
        return "must be a whole number, and this one is too \(value < 0 ? "small" : "large")"
    }
}

extension String: OptionValue {
    init?(optionText text: String) { self = text }
    var optionText: String { self }
    static var expectation: String { "must be text" }
}

extension LayoutKind: OptionValue {}
extension CompositionalLayout.Scrolling: OptionValue {}
extension ScalePreset: OptionValue {}
extension Appearance: OptionValue {}
extension CaptionStyle.Position: OptionValue {}
extension InterFont.Weight: OptionValue {}

extension CaptionPattern: OptionValue {
    init?(optionText text: String) {
        guard let pattern = try? CaptionPattern(text) else { return nil }
        self = pattern
    }
    var optionText: String { text }
    static var expectation: String { "must be one line of text" }
    static func reason(refusing text: String) -> String? {
        do throws(CaptionPattern.Problem) {
            _ = try CaptionPattern(text)
            return nil
        } catch { return "\(error)" }
    }
}
extension ContentMode: OptionValue {}
extension ColorSpace: OptionValue {}
extension CompletionShell: OptionValue {}

extension Color: OptionValue {
    init?(optionText text: String) { self.init(parsing: text) }
    var optionText: String {
        switch self {
        case .white: "white"
        case .black: "black"
        case .transparent: "transparent"
        default: a == 255 ? String(description.dropLast(2)) : description  // #AAAAAA, not #AAAAAAFF
        }
    }
    static var expectation: String { "must be a colour: #RGB, #RRGGBB, #RRGGBBAA or a CSS name" }
    static var namedTexts: [String] { Color.names }
}

extension DevicePreset: OptionValue {
    init?(optionText text: String) {
        guard let preset = DevicePreset.named(text) else { return nil }
        self = preset
    }
    var optionText: String { name }
    static var allOptionTexts: [String] { all.map(\.name) }
    static var expectation: String { "must be one of " + allOptionTexts.joined(separator: ", ") }
}

extension DecelerationRate: OptionValue {
    init?(optionText text: String) {
        switch text {
        case "normal": self = .normal
        case "fast": self = .fast
        default:
            guard let rate = Double(decimal: text), rate > 0, rate < 1 else { return nil }
            self = .custom(rate)
        }
    }
    var optionText: String {
        switch self {
        case .normal: "normal"
        case .fast: "fast"
        case .custom(let rate): rate.optionText
        }
    }
    static var expectation: String { "must be normal, fast or a rate between 0 and 1" }
    static var namedTexts: [String] { ["normal", "fast"] }
}
