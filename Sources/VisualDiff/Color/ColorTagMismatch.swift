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
        // The colour chunks and APP2 segments come before the image data: the first MiB holds them.
        guard let first = try? ImageDecoder.readPrefix(atPath: expected, count: 1 << 20),
            let second = try? ImageDecoder.readPrefix(atPath: actual, count: 1 << 20)
        else { return nil }
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
