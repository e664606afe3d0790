import GalleryCore

/// Two animations compared frame by frame: the frame counts, the frames that differ, and the first
/// of them in full (its comparison and both images, and the diff image when asked for).
public struct AnimationComparison: Sendable {
    public var expectedFrames: Int
    public var actualFrames: Int
    /// Frame numbers (0-based) that do not match under the criteria.
    public var failingFrames: [Int]
    /// The first failing frame: its number, comparison and images.
    public var first: FirstFailure?

    public struct FirstFailure: Sendable {
        public var frame: Int
        public var comparison: Comparison
        public var expected: RGBAImage
        public var actual: RGBAImage
        public var diff: RGBAImage?
    }

    /// Whether the animations match: as many frames, each matching.
    public var matches: Bool { expectedFrames == actualFrames && failingFrames.isEmpty }

    /// What people read: "frames 3, 4, 7 of 19 differ; frame 3: 120 pixels differ (…)".
    public var summary: String {
        if expectedFrames != actualFrames {
            func frames(_ count: Int) -> String { count == 1 ? "1 frame (a still image)" : "\(count) frames" }
            return "the rendering has \(frames(actualFrames)), its baseline \(frames(expectedFrames))"
        }
        guard let first else { return "all \(actualFrames) frames match" }
        let listed = failingFrames.prefix(20).map(String.init).joined(separator: ", ")
        let more = failingFrames.count > 20 ? " and \(failingFrames.count - 20) more" : ""
        let frames = failingFrames.count == 1 ? "frame \(listed)" : "frames \(listed)\(more)"
        return "\(frames) of \(actualFrames) differ; frame \(first.frame): \(first.comparison.summary)"
    }
}
