import SnapshotCheck
/// A strict JSON reader (RFC 8259) for manifests: what Foundation's parser lets through is refused
/// here with the place and the key path. A key given twice in one object (Python and JavaScript keep
/// the last, Foundation the first: either silently changes a scene), a trailing comma, a comment, a
/// leading zero or nesting deeper than 64 levels. Budgets before memory: a string over 64 KiB, more
/// than a million values, and a NUL (`\u0000`, which would cut a path or a number short where the
/// system reads it) are refused (found by review: a 60 MB caption took 2 GB and aborted), and so
/// is a string holding bytes that are not UTF-8.
package struct StrictJSON {
    /// Why the text is not JSON: a one-line reason, with the line and column it was found at.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        let reason: String
        let line: Int
        let column: Int
        package var description: String { "line \(line), column \(column): \(reason)" }
    }

    static let deepest = 64
    /// The longest string, in bytes of the text: no manifest value comes near (a path is at most 4
    /// KiB, a caption 1,024 code points).
    static let longestString = 64 << 10
    /// The most values (scenes, keys' values, list items) in one manifest.
    static let mostValues = 1_000_000

    private var values = 0

    private let bytes: [UInt8]
    private var at = 0

    /// The value `bytes` hold, or why they are not one JSON value.
    package static func parse(_ bytes: [UInt8]) throws(Failure) -> ManifestValue {
        var reader = StrictJSON(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value(path: "", depth: 0)
        reader.skipSpace()
        guard reader.at == bytes.count else { throw reader.failure("text after the JSON value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var next: UInt8? { at < bytes.count ? bytes[at] : nil }

    private func failure(_ reason: String) -> Failure {
        let before = bytes[..<min(at, bytes.count)]
        let line = before.reduce(1) { $1 == 10 ? $0 + 1 : $0 }
        let column = at - (before.lastIndex(of: 10).map { $0 + 1 } ?? 0) + 1
        return Failure(reason: reason, line: line, column: column)
    }

    private mutating func skipSpace() {
        while let byte = next, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { at += 1 }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        guard next == byte else { throw failure("expected \(what)") }
        at += 1
    }

    private mutating func value(path: String, depth: Int) throws(Failure) -> ManifestValue {
        guard depth < Self.deepest else { throw failure("nested deeper than \(Self.deepest) levels") }
        values += 1
        guard values <= Self.mostValues else { throw failure("more than \(Self.mostValues) values") }
        switch next {
        case UInt8(ascii: "{"): return try object(path: path, depth: depth)
        case UInt8(ascii: "["): return try array(path: path, depth: depth)
        case UInt8(ascii: "\""): return .string(try string(path: path))
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            return .number(try number())
        default: throw failure(next == nil ? "the text ends where a value should be" : "expected a value")
        }
    }

    private mutating func object(path: String, depth: Int) throws(Failure) -> ManifestValue {
        at += 1
        var members: [String: ManifestValue] = [:]
        skipSpace()
        if next == UInt8(ascii: "}") {
            at += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard next == UInt8(ascii: "\"") else {
                throw failure(next == UInt8(ascii: "}") ? "a trailing comma before '}'" : "expected a key in quotes")
            }
            let keyStart = at
            let key = try string(path: path)
            let keyPath = path.isEmpty ? key : "\(path).\(key)"
            guard members[key] == nil else {
                at = keyStart
                throw failure("the key '\(keyPath)' is given twice")
            }
            skipSpace()
            try expect(UInt8(ascii: ":"), "':' after a key")
            skipSpace()
            members[key] = try value(path: keyPath, depth: depth + 1)
            skipSpace()
            if next == UInt8(ascii: ",") {
                at += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            return .object(members)
        }
    }

    private mutating func array(path: String, depth: Int) throws(Failure) -> ManifestValue {
        at += 1
        var items: [ManifestValue] = []
        skipSpace()
        if next == UInt8(ascii: "]") {
            at += 1
            return .array(items)
        }
        while true {
            skipSpace()
            if next == UInt8(ascii: "]") { throw failure("a trailing comma before ']'") }
            items.append(try value(path: "\(path)[\(items.count)]", depth: depth + 1))
            skipSpace()
            if next == UInt8(ascii: ",") {
                at += 1
                continue
            }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            return .array(items)
        }
    }

    private mutating func literal(_ word: String, _ value: ManifestValue) throws(Failure) -> ManifestValue {
        let spelled = Array(word.utf8)
        guard bytes.count - at >= spelled.count, Array(bytes[at..<at + spelled.count]) == spelled else {
            throw failure("expected a value")
        }
        at += spelled.count
        return value
    }

    private mutating func number() throws(Failure) -> Double {
        let start = at
        func digits() -> Int {
            let from = at
            while let byte = next, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { at += 1 }
            return at - from
        }
        if next == UInt8(ascii: "-") { at += 1 }
        let first = next
        let integer = digits()
        guard integer > 0 else { throw failure("expected digits") }
        if integer > 1, first == UInt8(ascii: "0") { throw failure("a number with a leading zero") }
        if next == UInt8(ascii: ".") {
            at += 1
            guard digits() > 0 else { throw failure("expected digits after '.'") }
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            at += 1
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { at += 1 }
            guard digits() > 0 else { throw failure("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<at], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw failure("the number \(text) is out of range") }
        return value
    }

    /// The string starting here, the value at `path` (for a message).
    private mutating func string(path: String) throws(Failure) -> String {
        at += 1
        let start = at
        var scalars = String.UnicodeScalarView()
        var run = at  // start of plain bytes not yet copied
        func flush() throws(Failure) {
            if let bad = Self.firstInvalidUTF8(bytes[run..<at]) {
                at = bad
                throw failure("a byte that is not UTF-8 inside a string (RFC 8259 manifests are UTF-8)")
            }
            scalars.append(contentsOf: String(decoding: bytes[run..<at], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard let byte = next else { throw failure("the text ends inside a string") }
            switch byte {
            case UInt8(ascii: "\""):
                try flush()
                at += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flush()
                at += 1
                scalars.append(try escape())
                run = at
            case 0..<0x20: throw failure("a control character inside a string")
            default: at += 1
            }
            if at - start > Self.longestString {
                let place = path.isEmpty ? "" : " at '\(path)'"
                throw failure("a string longer than \(Self.longestString >> 10) KiB\(place) (no manifest value is)")
            }
        }
    }

    /// Where the first byte of `run` that does not begin a well-formed UTF-8 sequence lies, if any:
    /// such bytes had become U+FFFD, silently changing a path or a caption (found by review).
    private static func firstInvalidUTF8(_ run: ArraySlice<UInt8>) -> Int? {
        guard run.contains(where: { $0 >= 0x80 }) else { return nil }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = run.makeIterator()
        var offset = run.startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard let byte = next else { throw failure("the text ends inside a string") }
        at += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4()
            if (0xD800...0xDBFF).contains(high) {
                guard next == UInt8(ascii: "\\"), at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "u") else {
                    throw failure("a lone surrogate in \\u escapes")
                }
                at += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
                else { throw failure("a lone surrogate in \\u escapes") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else { throw failure("a lone surrogate in \\u escapes") }
            guard scalar != "\0" else { throw failure("a NUL (\\u0000) inside a string, which no value may hold") }
            return scalar
        default: throw failure("an unknown escape in a string")
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard bytes.count - at >= 4, let value = UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16)
        else { throw failure("expected four hex digits after \\u") }
        at += 4
        return value
    }
}

/// What the manifest fuzz target drives: the JSON reader, then the readers of the values it gives
/// that come from other hands (a scene's `ignore` and `expect`, a results.json for `--shard-weights`).
package enum ManifestFuzzing {
    /// Reads `bytes` every way a manifest's or a report's JSON is read; answers nothing, must not fail.
    package static func read(_ bytes: [UInt8]) {
        _ = try? ShardWeights(bytes)
        guard let value = try? StrictJSON.parse(bytes) else { return }
        _ = value.optionText
        _ = try? IgnoreRegion.list(value)
        let expectations = (try? Expectation.list(value)) ?? []
        // Checked against a small made-up motion, so every rule's arithmetic runs.
        let frames = (0..<3).map { k in
            TrajectoryFrame(
                time: Double(k) / 10,
                items: [0: [.centerX: Double(k), .centerY: 1, .size: 2, .scale: 1, .alpha: 1], 1: [.centerX: 5]])
        }
        _ = Expectation.failures(of: expectations, in: frames)
    }
}
