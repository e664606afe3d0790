import GalleryCore

/// Two animations compared frame by frame: the frame counts, their timing, the frames that differ,
/// and the first of them in full (its comparison and both images, and the diff image when asked for).
public struct AnimationComparison: Sendable {
    public var expectedFrames: Int
    public var actualFrames: Int
    /// Frame numbers (0-based) that do not match under the criteria.
    public var failingFrames: [Int]
    /// The first failing frame: its number, comparison and images.
    public var first: FirstFailure?
    /// When no frame both have differs, the first frame only one has, counted as every pixel
    /// differing (what results.json's `diffPixels` gives for an animation whose length changed).
    public var firstOneSided: Comparison.Counts?
    /// Every frame compared, in order (frames only one animation has among them, failing).
    public var frames: [AnimationFrameResult]
    /// The counts of the frame both have that came nearest to failing (the most differing pixels,
    /// the first of equals): what results.json gives for an animation that passes.
    public var closest: Comparison.Counts? = nil
    /// How the timing differs (loop count or a frame's delay), when the frame counts agree.
    public var timing: TimingDifference? = nil
    /// Pixels left out by ignore regions, summed over the frames.
    public var ignoredPixels = 0
    /// Which of the two (expected, actual) are still images rather than APNGs: a one-frame APNG (a
    /// motion that has nowhere to go) is an animation all the same.
    public var stills = (expected: false, actual: false)

    /// The first difference in how two animations play.
    public enum TimingDifference: Sendable, Hashable, CustomStringConvertible {
        /// acTL's num_plays (0: forever).
        case loops(expected: Int, actual: Int)
        /// A frame's delay, as stored.
        case delay(frame: Int, expected: Delay, actual: Delay)

        /// A frame's delay in seconds, numerator / denominator.
        public struct Delay: Sendable, Hashable, CustomStringConvertible {
            public var numerator: Int
            public var denominator: Int
            public var description: String { "\(numerator)/\(denominator) s" }
        }

        public var description: String { description(actual: "the rendering", expected: "its baseline") }

        /// The difference, with the two animations named as the caller names them.
        public func description(actual: String, expected: String) -> String {
            func plays(_ n: Int) -> String { n == 0 ? "loops forever" : n == 1 ? "plays once" : "plays \(n) times" }
            switch self {
            case .loops(let expectedLoops, let actualLoops):
                return "\(actual) \(plays(actualLoops)), \(expected) \(plays(expectedLoops))"
            case .delay(let frame, let expectedDelay, let actualDelay):
                return "frame \(frame) lasts \(actualDelay) in \(actual), \(expectedDelay) in \(expected)"
            }
        }
    }

    public struct FirstFailure: Sendable {
        public var frame: Int
        public var comparison: Comparison
        public var expected: RGBAImage
        public var actual: RGBAImage
        public var diff: RGBAImage?
    }

    /// Whether the animations match: as many frames, each matching.
    public var matches: Bool { expectedFrames == actualFrames && failingFrames.isEmpty && timing == nil }

    /// What people read: "frames 3, 4, 7 of 19 differ; frame 3: 120 pixels differ (…)".
    public var summary: String { summary(actual: "the rendering", expected: "its baseline") }

    /// The summary, with the two animations named as the caller names them (`diff`: "the actual",
    /// "the expected").
    public func summary(actual: String, expected: String) -> String {
        if expectedFrames != actualFrames {
            func frames(_ count: Int, still: Bool) -> String {
                still ? "1 frame (a still image)" : count == 1 ? "1 frame" : "\(count) frames"
            }
            return
                "\(actual) has \(frames(actualFrames, still: stills.actual)), \(expected) \(frames(expectedFrames, still: stills.expected))"
        }
        let timing = timing?.description(actual: actual, expected: expected)
        let timed = timing.map { "\($0); " } ?? ""
        guard let first else {
            return timing ?? (actualFrames == 1 ? "its 1 frame matches" : "all \(actualFrames) frames match")
        }
        let listed = failingFrames.prefix(20).map(String.init).joined(separator: ", ")
        let more = failingFrames.count > 20 ? " and \(failingFrames.count - 20) more" : ""
        let frames = failingFrames.count == 1 ? "frame \(listed)" : "frames \(listed)\(more)"
        let verb = failingFrames.count == 1 ? "differs" : "differ"
        return "\(timed)\(frames) of \(actualFrames) \(verb); frame \(first.frame): \(first.comparison.summary)"
    }
}
