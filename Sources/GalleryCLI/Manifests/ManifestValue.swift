/// A JSON value in a manifest, kept as its JSON type so flags, numbers and text stay distinct.
enum ManifestValue: Sendable, Equatable {
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ManifestValue])
    case object([String: ManifestValue])
    case null

    /// The value as option text: numbers exactly, without a trailing ".0", text as is, arrays of numbers or
    /// text joined by commas (for `offsets`); nil for booleans, objects and null.
    var optionText: String? {
        switch self {
        // Exact: whole numbers without ".0" (so counts parse), others as Swift prints them.
        case .number(let value): value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
        case .string(let text): text
        case .array(let values):
            values.allSatisfy({ if case .bool = $0 { false } else { $0.optionText != nil } })
                ? values.compactMap(\.optionText).joined(separator: ",") : nil
        case .bool, .object, .null: nil
        }
    }
}
