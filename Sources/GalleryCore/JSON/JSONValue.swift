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
    public var compact: String { String(decoding: bytes(indent: nil), as: UTF8.self) }

    /// Indented by two spaces, arrays of scalars and small objects kept on one line.
    public var pretty: String { String(decoding: bytes(indent: "  "), as: UTF8.self) }

    /// The text as UTF-8, written into one growing buffer (`layout` of a long motion prints one a
    /// frame: 7,232 frames took 0.14 s built from Strings joined, 0.09 s so).
    private func bytes(indent: String?) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(into: &out, indent: indent, level: 0)
        return out
    }

    private func write(into out: inout [UInt8], indent: String?, level: Int) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let value): out += (value ? "true" : "false").utf8
        case .number(let value): out += Self.format(value).utf8
        case .exactNumber(let value): out += Self.shortest(value).utf8
        case .string(let text): Self.quote(text, into: &out)
        case .array(let values):
            let nested = indent != nil && values.contains(where: \.isNested)
            out += (nested ? "[\n" : "[").utf8
            for (i, value) in values.enumerated() {
                if i > 0 { out += (nested ? ",\n" : ", ").utf8 }
                if nested, let indent { Self.pad(&out, indent, level + 1) }
                value.write(into: &out, indent: nested ? indent : nil, level: level + 1)
            }
            if nested, let indent {
                out.append(UInt8(ascii: "\n"))
                Self.pad(&out, indent, level)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            let nested = indent != nil && (members.contains(where: \.1.isNested) || level == 0)
            out += (nested ? "{\n" : "{").utf8
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { out += (nested ? ",\n" : ", ").utf8 }
                if nested, let indent { Self.pad(&out, indent, level + 1) }
                Self.quote(key, into: &out)
                out += ": ".utf8
                value.write(into: &out, indent: nested ? indent : nil, level: level + 1)
            }
            if nested, let indent {
                out.append(UInt8(ascii: "\n"))
                Self.pad(&out, indent, level)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func pad(_ out: inout [UInt8], _ indent: String, _ level: Int) {
        for _ in 0..<level { out += indent.utf8 }
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
        var out: [UInt8] = []
        quote(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` as a JSON string to `out`; text with nothing to escape is appended whole.
    static func quote(_ text: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        defer { out.append(UInt8(ascii: "\"")) }
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            out += text.utf8
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\"".utf8
            case "\\": out += "\\\\".utf8
            case "\n": out += "\\n".utf8
            case "\r": out += "\\r".utf8
            case "\t": out += "\\t".utf8
            case _ where scalar.value < 0x20: out += String(format: scalar.value).utf8
            default: out += String(scalar).utf8
            }
        }
    }
}

private extension String {
    init(format value: UInt32) {
        let hex = String(value, radix: 16)
        self = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
