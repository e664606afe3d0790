/// A JSON value with ordered object keys and stable number formatting, so output is byte-stable: what
/// every JSON document the tool writes is made of (the layout, summaries, diff results).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    /// A number to the last bit (the shortest text that reads back as the same Double): a motion's
    /// offset, which `render --offset` must reproduce exactly.
    case exactNumber(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool { a.compact == b.compact }

    /// One line.
    public var compact: String { render(indent: nil, level: 0) }

    /// Indented by two spaces, arrays of scalars and small objects kept on one line.
    public var pretty: String { render(indent: "  ", level: 0) }

    private func render(indent: String?, level: Int) -> String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return Self.format(value)
        case .exactNumber(let value): return Self.shortest(value)
        case .string(let text): return Self.quote(text)
        case .array(let values):
            guard let indent, values.contains(where: \.isNested) else {
                return "[" + values.map { $0.render(indent: nil, level: 0) }.joined(separator: ", ") + "]"
            }
            let inner = String(repeating: indent, count: level + 1)
            let items = values.map { inner + $0.render(indent: indent, level: level + 1) }
            return "[\n" + items.joined(separator: ",\n") + "\n" + String(repeating: indent, count: level) + "]"
        case .object(let members):
            guard let indent, members.contains(where: \.1.isNested) || level == 0 else {
                return "{"
                    + members.map { Self.quote($0.0) + ": " + $0.1.render(indent: nil, level: 0) }
                    .joined(separator: ", ") + "}"
            }
            let inner = String(repeating: indent, count: level + 1)
            let items = members.map { inner + Self.quote($0.0) + ": " + $0.1.render(indent: indent, level: level + 1) }
            return "{\n" + items.joined(separator: ",\n") + "\n" + String(repeating: indent, count: level) + "}"
        }
    }

    private var isNested: Bool {
        switch self {
        case .array(let values): !values.isEmpty
        case .object(let members): members.count > 2 || members.contains { $0.1.isNested }
        default: false
        }
    }

    /// The shortest decimal that reads back as exactly `value` (`120`, `42.5`, `-20`, `0.1`), whole
    /// numbers without a fraction and −0 as 0; null when not finite.
    public static func shortest(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        // Swift writes 1e-07; the shortest form is 1e-7.
        let text = "\(value)"
        guard let e = text.firstIndex(of: "e") else { return text }
        var exponent = text[text.index(after: e)...]
        let sign = exponent.first == "-" || exponent.first == "+" ? String(exponent.removeFirst()) : ""
        let digits = exponent.drop { $0 == "0" }
        return text[..<e] + "e" + (sign == "-" ? "-" : "") + (digits.isEmpty ? "0" : digits)
    }

    /// Numbers rounded to 1e-6 and printed without a trailing ".0": 375, 0.72, 407.5; magnitudes of a
    /// billion or more as Swift prints them (exact, round-trippable).
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        guard abs(value) < 1e9 else { return "\(value)" }
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return "\(rounded)"
    }

    /// `text` as a JSON string, control characters escaped.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

private extension String {
    init(format value: UInt32) {
        let hex = String(value, radix: 16)
        self = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
