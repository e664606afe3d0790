/// A JSON value in a manifest, kept as its JSON type so flags, numbers and text stay distinct.
package enum ManifestValue: Sendable, Equatable {
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ManifestValue])
    case object([String: ManifestValue])
    case null

    /// The value as option text: numbers exactly, without a trailing ".0", text as is, a flat array of
    /// numbers or text joined by commas (for `offsets`); nil for booleans, objects, null and arrays
    /// holding anything else (nested arrays too: each value is looked at once, whatever the nesting).
    package var optionText: String? {
        switch self {
        case .array(let values):
            var parts: [String] = []
            for value in values {
                guard let text = value.scalarText else { return nil }
                parts.append(text)
            }
            return parts.joined(separator: ",")
        // A value option's true or false (`"showBackfaces": true`), not inside a list.
        case .bool(let on): return on ? "true" : "false"
        default: return scalarText
        }
    }

    /// A number or a string as option text; nil for anything else.
    private var scalarText: String? {
        switch self {
        // Exact: whole numbers without ".0" (so counts parse), others as Swift prints them.
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
        case .string(let text): text
        case .bool, .array, .object, .null: nil
        }
    }
}
