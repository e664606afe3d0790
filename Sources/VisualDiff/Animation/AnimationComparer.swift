import GalleryCore
import ImageCodecs

/// Compares two animated PNGs frame by frame with pixelmatch, decoding one frame of each at a time.
public struct AnimationComparer: Sendable {
    public var criteria: DiffCriteria
    /// Each frame's regions left out of the comparison (`IgnoreMask`); nil: none.
    public var ignore: IgnoreRegions?

    public init(criteria: DiffCriteria = DiffCriteria(), ignore: IgnoreRegions? = nil) {
        self.criteria = criteria
        self.ignore = ignore
    }

    /// Compares animations `expected` and `actual` (the bytes of APNGs, or of a still PNG, which is
    /// one frame); with `diffImage`, the first failing frame's diff image too. Frames only one of them
    /// has (their counts differ) fail. `each`, when given, is handed every frame in turn (its number and
    /// result, its expected and actual images where there are, and the diff image unless the two are
    /// identical), for a report to step through. Throws when either cannot be read: `index` 0 for the
    /// expected, 1 for the actual.
    public func compare(
        expected: [UInt8], actual: [UInt8], diffImage: Bool = false,
        each: ((Int, AnimationFrameResult, RGBAImage?, RGBAImage?, RGBAImage?) -> Void)? = nil
    ) throws(AnimationReadError) -> AnimationComparison {
        var (a, b) = try Self.readers(expected, actual)
        var result = AnimationComparison(
            expectedFrames: a.count, actualFrames: b.count, failingFrames: [], first: nil, frames: [],
            stills: (a.animation == nil, b.animation == nil))
        if a.count == b.count { result.timing = Self.timingDifference(a.animation, b.animation) }
        let comparer = ImageComparer(criteria: criteria)
        for frame in 0..<max(a.count, b.count) {
            let pair: (RGBAImage?, RGBAImage?)
            do { pair.0 = frame < a.count ? try a.next() : nil } catch {
                throw AnimationReadError(index: 0, error: error)
            }
            do { pair.1 = frame < b.count ? try b.next() : nil } catch {
                throw AnimationReadError(index: 1, error: error)
            }
            let seconds = (frame < b.count ? b : a).animation?.delay(ofFrame: frame) ?? 0
            guard let expectedFrame = pair.0, var actualFrame = pair.1 else {
                let only = Self.oneSided(frame, pair.0 ?? pair.1, seconds: seconds, into: &result)
                each?(frame, only, pair.0, pair.1, nil)
                continue
            }
            let mask = masked(&actualFrame, frame: frame, from: expectedFrame)
            result.ignoredPixels += mask?.count ?? 0
            if expectedFrame == actualFrame {
                if result.closest == nil {
                    result.closest = Comparison.Counts(
                        width: actualFrame.width, height: actualFrame.height, diffPixels: 0, antiAliasedPixels: 0,
                        matches: true, identicalBytes: false)
                }
                let same = AnimationFrameResult(diffPixels: 0, failed: false, seconds: seconds)
                result.frames.append(same)
                each?(frame, same, expectedFrame, actualFrame, nil)
                continue
            }
            let wantsImage = each != nil || (diffImage && result.first == nil)
            var (comparison, diff) = comparer.compare(expectedFrame, actualFrame, diffImage: wantsImage)
            if let mask, var image = diff {
                mask.hatch(&image)
                diff = image
            }
            let compared = AnimationFrameResult(
                diffPixels: Self.differing(comparison, into: &result), failed: !comparison.matches, seconds: seconds)
            result.frames.append(compared)
            each?(frame, compared, expectedFrame, actualFrame, diff)
            guard !comparison.matches else { continue }
            result.failingFrames.append(frame)
            if result.first == nil {
                result.first = .init(
                    frame: frame, comparison: comparison, expected: expectedFrame, actual: actualFrame, diff: diff)
            }
        }
        return result
    }

    /// A compared frame's differing pixels, its counts kept as the closest when they are the most so
    /// far. Frames of another size count every pixel, as `diff --json` does (found by review: 0).
    private static func differing(_ comparison: Comparison, into result: inout AnimationComparison) -> Int {
        switch comparison {
        case .compared(let counts):
            if counts.diffPixels > result.closest?.diffPixels ?? -1 { result.closest = counts }
            return counts.diffPixels
        case .sizeMismatch(let expected, _): return expected.width * expected.height
        case .unreadable: return 0
        }
    }

    /// An animation compared with itself (two files of the same bytes): read as whole (its chunks,
    /// CRCs and frames' places, as `APNGFrames` checks them), never decoded; every frame matches.
    /// Throws, as the expected's, when it cannot be read.
    public func identical(_ bytes: [UInt8]) throws(AnimationReadError) -> AnimationComparison {
        let animation: APNGFrames
        do { animation = try APNGFrames(bytes) } catch { throw AnimationReadError(index: 0, error: error) }
        var result = AnimationComparison(
            expectedFrames: animation.count, actualFrames: animation.count, failingFrames: [], first: nil,
            frames: [], stills: (false, false))
        result.frames = (0..<animation.count).map {
            AnimationFrameResult(diffPixels: 0, failed: false, seconds: animation.delay(ofFrame: $0))
        }
        return result
    }

    /// Frame `frame`, which only one of the two has (`present`): every pixel of it differs. Added to
    /// `result`, and its counts kept as the first one-sided frame's when it is.
    private static func oneSided(
        _ frame: Int, _ present: RGBAImage?, seconds: Double, into result: inout AnimationComparison
    ) -> AnimationFrameResult {
        let only = AnimationFrameResult(
            diffPixels: present.map { $0.width * $0.height } ?? 0, failed: true, seconds: seconds)
        result.frames.append(only)
        result.failingFrames.append(frame)
        if result.firstOneSided == nil, let present {
            result.firstOneSided = Comparison.Counts(
                width: present.width, height: present.height, diffPixels: only.diffPixels, antiAliasedPixels: 0,
                matches: false, identicalBytes: false)
        }
        return only
    }

    /// Readers of both files' frames; throws for the first that cannot be read (index 0 or 1).
    private static func readers(_ expected: [UInt8], _ actual: [UInt8]) throws(AnimationReadError) -> (Frames, Frames) {
        var readers: [Frames] = []
        for (index, bytes) in [expected, actual].enumerated() {
            do { readers.append(try Frames(bytes)) } catch { throw AnimationReadError(index: index, error: error) }
        }
        return (readers[0], readers[1])
    }

    /// Frame `frame`'s ignore mask, with `actual` given the baseline's pixels under it; nil when the
    /// frame has none (or it is not the frame's size).
    private func masked(_ actual: inout RGBAImage, frame: Int, from expected: RGBAImage) -> IgnoreMask? {
        guard let mask = ignore?.mask(ofFrame: frame), mask.width == actual.width, mask.height == actual.height
        else { return nil }
        mask.blank(&actual, from: expected)
        return mask
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
