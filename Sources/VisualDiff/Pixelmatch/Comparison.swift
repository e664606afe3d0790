import Foundation
import GalleryCore
import ImageCodecs

/// The outcome of comparing an expected image with an actual one.
public enum Comparison: Sendable {
    /// Same size; `diffPixels` counted by pixelmatch; `matches` per the criteria.
    case compared(Counts)
    /// Different sizes never match.
    case sizeMismatch(expected: PixelSize, actual: PixelSize)
    /// One side, at `path`, could not be read or decoded.
    case unreadable(DiffSide, path: String, DecodeError)

    /// Counts of one comparison.
    public struct Counts: Sendable, Hashable {
        public var width: Int
        public var height: Int
        public var diffPixels: Int
        public var antiAliasedPixels: Int
        public var matches: Bool
        /// Whether the two files were byte-identical (nothing was decoded).
        public var identicalBytes: Bool

        public init(
            width: Int, height: Int, diffPixels: Int, antiAliasedPixels: Int, matches: Bool, identicalBytes: Bool
        ) {
            (self.width, self.height, self.diffPixels) = (width, height, diffPixels)
            (self.antiAliasedPixels, self.matches, self.identicalBytes) = (antiAliasedPixels, matches, identicalBytes)
        }

        public var totalPixels: Int { width * height }
        public var ratio: Double { totalPixels == 0 ? 0 : Double(diffPixels) / Double(totalPixels) }
    }

    public var matches: Bool {
        if case .compared(let counts) = self { return counts.matches }
        return false
    }

    /// A one-line account for people, e.g. "312 of 240000 pixels differ (0.13 %)".
    public var summary: String {
        switch self {
        case .compared(let c) where c.identicalBytes: "identical files"
        case .compared(let c):
            "\(c.diffPixels) of \(c.totalPixels) pixels differ (\(Self.percent(c.ratio)))"
                + (c.antiAliasedPixels > 0 ? ", \(c.antiAliasedPixels) anti-aliased ignored" : "")
        case .sizeMismatch(let expected, let actual): "sizes differ: expected \(expected), actual \(actual)"
        case .unreadable(_, let path, let error): "cannot read \(path): \(error)"
        }
    }

    /// `ratio` as a percentage to two significant digits: "0.00038 %" for 1 of 262,144, "6.0 %" for
    /// 600 of 10,000, "60 %" for 3,576 of 6,000, never "0 %" for a ratio above 0, nor "100 %" for
    /// one below 1: "99.99962 %" for 262,143 of 262,144 (two significant digits of what is left).
    static func percent(_ ratio: Double) -> String {
        let value = ratio * 100
        guard value > 0, value.isFinite else { return "0 %" }
        if value < 100, value >= 99.5 {
            let decimals = max(0, 1 - Int(log10(100 - value).rounded(.down)))
            return String(format: "%.\(decimals)f", value) + " %"
        }
        let exponent = Int(log10(value).rounded(.down))
        let decimals = max(0, 1 - exponent)
        let text = String(format: "%.\(decimals)f", value)
        // A value that rounds up a decade (9.96 → 10.0) has one digit more than two: one decimal fewer.
        if decimals > 0, let rounded = Double(text), rounded >= pow(10, Double(exponent + 1)) {
            return String(format: "%.\(decimals - 1)f", value) + " %"
        }
        return text + " %"
    }
}
