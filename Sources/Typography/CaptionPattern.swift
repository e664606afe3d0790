import GalleryCore

/// A `--caption` pattern: `{name}` is the photo's file name without its extension, `{index}` the
/// item's index from 0, `{number}` from 1; any other text is literal.
public struct CaptionPattern: Sendable, Hashable {
    public let text: String

    /// Unicode code points a pattern may have: a caption is one line.
    public static let limit = 1024

    /// Why a pattern is refused.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        case tooLong(characters: Int)
        case controlCharacter(Unicode.Scalar)

        public var description: String {
            switch self {
            case .tooLong(let count):
                "has \(count) Unicode code points (at most \(CaptionPattern.limit): a caption is one line)"
            case .controlCharacter(let scalar):
                "holds the \(CaptionPattern.kind(of: scalar)) U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)) (a caption is one line of text)"
            }
        }
    }

    public init(_ text: String) throws(Problem) {
        let count = text.unicodeScalars.count
        guard count <= Self.limit else { throw .tooLong(characters: count) }
        if let control = text.unicodeScalars.first(where: Self.breaksLines) {
            throw .controlCharacter(control)
        }
        self.text = text
    }

    /// The caption of item `index` showing the photo at `path` (nil: a placeholder, no name). A
    /// name's control characters and separators become U+FFFD, and the caption is cut to `limit` characters.
    public func caption(index: Int, path: String?) -> String {
        let name = path.map(Self.name(of:)) ?? ""
        let expanded = text.replacingEvery(
            "{name}", with: name, "{index}", with: String(index), "{number}",
            with: String(index + 1))
        return String(String.UnicodeScalarView(expanded.unicodeScalars.prefix(Self.limit)))
    }

    /// A path's file name without its extension, its control characters replaced.
    static func name(of path: String) -> String {
        let file = SystemPath.lastComponent(path)
        let stem = file.lastIndex(of: ".").map { $0 == file.startIndex ? file : String(file[..<$0]) } ?? file
        return String(
            String.UnicodeScalarView(
                stem.unicodeScalars.map { breaksLines($0) ? "\u{FFFD}" : $0 }))
    }

    /// Whether `scalar` is a control character or a line or paragraph separator (U+2028, U+2029),
    /// which a one-line caption, and a one-line message naming it, cannot hold.
    static func breaksLines(_ scalar: Unicode.Scalar) -> Bool {
        [.control, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
    }

    /// What `scalar`, refused by `breaksLines`, is called in a message.
    static func kind(of scalar: Unicode.Scalar) -> String {
        switch scalar.properties.generalCategory {
        case .lineSeparator: "line separator"
        case .paragraphSeparator: "paragraph separator"
        default: "control character"
        }
    }
}

extension String {
    /// Four hex digits at least.
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(width - count, 0)) + self }

    /// The string with each of the three placeholders replaced in one left-to-right pass (so a
    /// name holding "{index}" stays as it is), matched scalar by scalar: a mark after "}" (a keycap's
    /// "{number}\u{20E3}") or after "{" does not hide one.
    fileprivate func replacingEvery(
        _ a: String, with x: String, _ b: String, with y: String, _ c: String, with z: String
    ) -> String {
        let keys = [(a, x), (b, y), (c, z)].map { (Array($0.0.unicodeScalars), $0.1.unicodeScalars) }
        let scalars = Array(unicodeScalars)
        var result = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if scalars[i] == "{", let (key, value) = keys.first(where: { scalars[i...].starts(with: $0.0) }) {
                result.append(contentsOf: value)
                i += key.count
            } else {
                result.append(scalars[i])
                i += 1
            }
        }
        return String(result)
    }
}
