import GalleryCore
import ImageCodecs

/// Compares two animated PNGs frame by frame with pixelmatch, decoding one frame of each at a time.
public struct AnimationComparer: Sendable {
    public var criteria: DiffCriteria

    public init(criteria: DiffCriteria = DiffCriteria()) { self.criteria = criteria }

    /// Compares animations `expected` and `actual` (the bytes of APNGs, or of a still PNG, which is
    /// one frame); with `diffImage`, the first failing frame's diff image too. Throws when either
    /// cannot be read: `index` 0 for the expected, 1 for the actual.
    public func compare(expected: [UInt8], actual: [UInt8], diffImage: Bool = false)
        throws(AnimationReadError) -> AnimationComparison
    {
        var readers: [Frames] = []
        for (index, bytes) in [expected, actual].enumerated() {
            do { readers.append(try Frames(bytes)) } catch { throw AnimationReadError(index: index, error: error) }
        }
        var (a, b) = (readers[0], readers[1])
        var result = AnimationComparison(
            expectedFrames: a.count, actualFrames: b.count, failingFrames: [], first: nil)
        guard a.count == b.count else { return result }
        result.timing = Self.timingDifference(a.animation, b.animation)
        let comparer = ImageComparer(criteria: criteria)
        for frame in 0..<a.count {
            let pair: (RGBAImage?, RGBAImage?)
            do { pair.0 = try a.next() } catch { throw AnimationReadError(index: 0, error: error) }
            do { pair.1 = try b.next() } catch { throw AnimationReadError(index: 1, error: error) }
            guard let expectedFrame = pair.0, let actualFrame = pair.1 else { break }
            if expectedFrame == actualFrame { continue }
            let wantsImage = diffImage && result.first == nil
            let (comparison, diff) = comparer.compare(expectedFrame, actualFrame, diffImage: wantsImage)
            guard !comparison.matches else { continue }
            result.failingFrames.append(frame)
            if result.first == nil {
                result.first = .init(
                    frame: frame, comparison: comparison, expected: expectedFrame, actual: actualFrame, diff: diff)
            }
        }
        return result
    }

    /// The first difference in loop count or in a frame's delay (compared as fractions: 1/30 and 2/60
    /// agree); a still image plays once with no delay to compare.
    static func timingDifference(_ a: APNGFrames?, _ b: APNGFrames?) -> AnimationComparison.TimingDifference? {
        guard let a, let b else { return nil }
        if a.loops != b.loops { return .loops(expected: a.loops, actual: b.loops) }
        for frame in 0..<min(a.count, b.count) {
            let (x, y) = (a.delayFraction(ofFrame: frame), b.delayFraction(ofFrame: frame))
            if x.numerator * y.denominator != y.numerator * x.denominator {
                return .delay(
                    frame: frame, expected: .init(numerator: x.numerator, denominator: x.denominator),
                    actual: .init(numerator: y.numerator, denominator: y.denominator))
            }
        }
        return nil
    }

    /// Whether `bytes` is an animated PNG.
    public static func isAnimation(_ bytes: [UInt8]) -> Bool { APNGFrames.isAnimated(bytes) }

    /// The frames of an APNG, or a still image as one frame.
    private struct Frames {
        var animation: APNGFrames?
        var still: RGBAImage?
        let count: Int

        init(_ bytes: [UInt8]) throws(DecodeError) {
            if APNGFrames.isAnimated(bytes) {
                let animation = try APNGFrames(bytes)
                (self.animation, count) = (animation, animation.count)
            } else {
                (still, count) = (try ImageDecoder.decode(bytes).image, 1)
            }
        }

        mutating func next() throws(DecodeError) -> RGBAImage? {
            if animation != nil { return try animation?.next() }
            defer { still = nil }
            return still
        }
    }
}
