import Foundation

/// Reads the NUL-terminated text of a fixed-size C `char[N]` field (imported as a tuple), such as
/// the shims' `message[256]`, without the line break some libraries end their messages with.
public enum FixedCString {
    public static func string<Text>(_ field: Text) -> String {
        withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
