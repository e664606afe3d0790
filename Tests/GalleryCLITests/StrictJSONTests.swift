import Testing

@testable import GalleryCLI

/// The manifest reader: strict JSON, whose refusals name the place and the key (issue 21, item 23).
@Suite struct StrictJSONTests {
    static func parse(_ text: String) throws(StrictJSON.Failure) -> ManifestValue {
        try StrictJSON.parse(Array(text.utf8))
    }

    @Test func valuesAreReadAsJSONDefinesThem() throws {
        let value = try Self.parse(#" {"a": [1, -2.5e3, true, false, null], "b": "x\"\\\/\n\u00e9\ud83d\ude00"} "#)
        #expect(
            value
                == .object([
                    "a": .array([.number(1), .number(-2500), .bool(true), .bool(false), .null]),
                    "b": .string("x\"\\/\né😀"),
                ]))
    }

    @Test func aKeyGivenTwiceIsRefusedWithItsPath() {
        #expect(throws: StrictJSON.Failure(reason: "the key 'scenes.offset' is given twice", line: 2, column: 27)) {
            try Self.parse("{\"scenes\": {\"offset\": 1,\n                          \"offset\": 2}}")
        }
    }

    @Test(arguments: [
        (#"{"a": 1,}"#, "a trailing comma before '}'"), ("[1, 2,]", "a trailing comma before ']'"),
        ("[01]", "a number with a leading zero"), (#"{"a": 1} x"#, "text after the JSON value"),
        ("// c\n{}", "expected a value"), (#"{"a" 1}"#, "expected ':' after a key"),
        ("[1e999]", "the number 1e999 is out of range"),
        (#"["\ud800"]"#, "a lone surrogate in \\u escapes"), ("\"a\u{1}\"", "a control character inside a string"),
        // A NUL would cut a path or a number short where the system reads it (found by review).
        (#"["p/1.jpg\u0000.txt"]"#, "a NUL (\\u0000) inside a string, which no value may hold"),
    ])
    func foundationsLeniencesAreRefused(text: String, reason: String) {
        #expect {
            try Self.parse(text)
        } throws: { error in
            (error as? StrictJSON.Failure)?.reason == reason
        }
    }

    /// Budgets before memory (found by review: a 60 MB caption took 2 GB and aborted): a string
    /// over 64 KiB and more than a million values are refused as they are met.
    @Test func stringsAndValuesAreBounded() {
        let long = "[\"" + String(repeating: "x", count: (64 << 10) + 1) + "\"]"
        #expect {
            try Self.parse(long)
        } throws: { error in
            (error as? StrictJSON.Failure)?.reason == "a string longer than 64 KiB at '[0]' (no manifest value is)"
        }
        #expect(throws: Never.self) { try Self.parse("[\"" + String(repeating: "x", count: 64 << 10) + "\"]") }
        let many = "[" + Array(repeating: "0", count: 1_000_001).joined(separator: ",") + "]"
        #expect {
            try Self.parse(many)
        } throws: { error in
            (error as? StrictJSON.Failure)?.reason == "more than 1000000 values"
        }
    }

    /// Bytes that are not UTF-8 had become U+FFFD, changing a path silently; they are refused at
    /// their own column (a Latin-1 é, a lone continuation byte, a cut sequence, an overlong '/').
    @Test(
        arguments: [
            ([0x22, 0x61, 0xE9, 0x62, 0x22], 3), ([0x22, 0x80, 0x22], 2), ([0x22, 0xC3, 0xA9, 0xE2, 0x82, 0x22], 4),
            ([0x22, 0x61, 0x5C, 0x6E, 0xC0, 0xAF, 0x22], 5),
        ] as [([UInt8], Int)])
    func bytesThatAreNotUTF8AreRefused(bytes: [UInt8], column: Int) {
        let reason = "a byte that is not UTF-8 inside a string (RFC 8259 manifests are UTF-8)"
        #expect(throws: StrictJSON.Failure(reason: reason, line: 1, column: column)) {
            try StrictJSON.parse(bytes)
        }
        #expect(throws: Never.self) { try StrictJSON.parse([0x22, 0xC3, 0xA9, 0xF0, 0x9F, 0x98, 0x80, 0x22]) }
    }

    @Test func nestingIsBounded() {
        #expect {
            try Self.parse(String(repeating: "[", count: 100) + String(repeating: "]", count: 100))
        } throws: { error in
            (error as? StrictJSON.Failure)?.reason == "nested deeper than 64 levels"
        }
    }

    /// Found by fuzz-manifest: option text of nested arrays looked at each level twice, 2^depth work.
    @Test(.timeLimit(.minutes(1))) func deeplyNestedArraysAreNoOptionTextAndQuick() throws {
        let nested = try Self.parse(String(repeating: "[", count: 60) + "1" + String(repeating: "]", count: 60))
        #expect(nested.optionText == nil)
        #expect(try Self.parse("[1, 2.5, \"x\"]").optionText == "1,2.5,x")
        #expect(try Self.parse("[1, true]").optionText == nil)
    }
}
