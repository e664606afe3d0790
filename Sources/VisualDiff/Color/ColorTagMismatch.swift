import GalleryCore
import ImageCodecs

/// Two images whose stored values mean different colours: a comparison of those values then says
/// little about how they look. Read from the colour chunks and segments at the start of each file.
public struct ColorTagMismatch: Sendable, Hashable, CustomStringConvertible {
    public let expected: String
    public let actual: String
    public let expectedColor: EmbeddedColor
    public let actualColor: EmbeddedColor

    /// The mismatch between the files at `expected` and `actual`, or nil when both mean the same
    /// colour space (whatever profiles say so) or a file cannot be read.
    public init?(expected: String, actual: String) {
        guard let files = try? (RegularFile(path: expected), RegularFile(path: actual)) else { return nil }
        self.init(expected: files.0, actual: files.1)
    }

    /// The mismatch between two open files, named by their paths.
    public init?(expected: RegularFile, actual: RegularFile) {
        // The colour chunks and APP2 segments come before the image data: the first MiB holds them.
        guard let first = try? ImageDecoder.readPrefix(expected, count: 1 << 20),
            let second = try? ImageDecoder.readPrefix(actual, count: 1 << 20)
        else { return nil }
        let (expected, actual) = (expected.path, actual.path)
        let (a, b) = (ImageDecoder.embeddedColor(of: first), ImageDecoder.embeddedColor(of: second))
        guard a != b, !ColorSpace.allCases.contains(where: { a.means($0) && b.means($0) }) else { return nil }
        (self.expected, self.actual, expectedColor, actualColor) = (expected, actual, a, b)
    }

    public var description: String { described(expected: expected, actual: actual) }

    /// The mismatch with the two images called `expected` and `actual` (as "the baseline" for a file
    /// whose path means nothing to the reader).
    public func described(expected: String, actual: String) -> String {
        "\(expected) carries \(expectedColor) and \(actual) \(actualColor): the comparison is of their stored values, not their colours"
    }
}
