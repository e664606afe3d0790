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

    /// Appends the one-line text as UTF-8 to `out`: a long motion's `layout` writes all its frames into
    /// one buffer (`LayoutDocument.writeJSONLines`).
    public func appendCompact(to out: inout [UInt8]) { write(into: &out, indent: nil, level: 0) }

    /// The text as UTF-8, written into one growing buffer.
    private func bytes(indent: String?) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(into: &out, indent: indent, level: 0)
        return out
    }

    private func write(into out: inout [UInt8], indent: String?, level: Int) {
        switch self {
        case .null: Self.put("null", &out)
        case .bool(let value): Self.put(value ? "true" : "false", &out)
        case .number(let value): Self.writeFormatted(value, into: &out)
        case .exactNumber(let value): Self.writeShortest(value, into: &out)
        case .string(let text): Self.quote(text, into: &out)
        case .array(let values):
            let nested = indent != nil && values.contains(where: \.isNested)
            Self.put(nested ? "[\n" : "[", &out)
            for (i, value) in values.enumerated() {
                if i > 0 { Self.put(nested ? ",\n" : ", ", &out) }
                if nested, let indent { Self.pad(&out, indent, level + 1) }
                value.write(into: &out, indent: nested ? indent : nil, level: level + 1)
            }
            if nested, let indent { Self.close(&out, indent, level) }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            let nested = indent != nil && (members.contains(where: \.1.isNested) || level == 0)
            Self.put(nested ? "{\n" : "{", &out)
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { Self.put(nested ? ",\n" : ", ", &out) }
                if nested, let indent { Self.pad(&out, indent, level + 1) }
                Self.quote(key, into: &out)
                Self.put(": ", &out)
                value.write(into: &out, indent: nested ? indent : nil, level: level + 1)
            }
            if nested, let indent { Self.close(&out, indent, level) }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func put(_ text: StaticString, _ out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private static func pad(_ out: inout [UInt8], _ indent: String, _ level: Int) {
        for _ in 0..<level { out += indent.utf8 }
    }

    private static func close(_ out: inout [UInt8], _ indent: String, _ level: Int) {
        out.append(UInt8(ascii: "\n"))
        pad(&out, indent, level)
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
        var out: [UInt8] = []
        writeShortest(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Numbers rounded to 1e-6 and printed without a trailing ".0": 375, 0.72, 407.5; magnitudes of a
    /// billion or more as Swift prints them (exact, round-trippable).
    public static func format(_ value: Double) -> String {
        var out: [UInt8] = []
        writeFormatted(value, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static func writeShortest(_ value: Double, into out: inout [UInt8]) {
        guard value.isFinite else { return put("null", &out) }
        if value == value.rounded(), abs(value) < 1e15 { return JSONNumber.writeInteger(Int64(value), into: &out) }
        JSONNumber.writeShortestDescription(value, into: &out)
    }

    private static func writeFormatted(_ value: Double, into out: inout [UInt8]) {
        guard value.isFinite else { return put("null", &out) }
        guard abs(value) < 1e9 else { return JSONNumber.writeDescription(value, into: &out) }
        JSONNumber.writeMillionths(Int64((value * 1_000_000).rounded()), into: &out)
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
        var text = text
        let plain = text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else {
                return false
            }
            out.append(contentsOf: bytes)
            return true
        }
        if plain { return }
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
