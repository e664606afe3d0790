/// One frame of two animations compared: what a report's strip of frames shows.
public struct AnimationFrameResult: Sendable, Hashable, Codable {
    /// Pixels that differ under the criteria (0 when the frames are identical).
    public var diffPixels: Int
    /// Whether the frame fails the criteria.
    public var failed: Bool
    /// How long the rendering shows the frame, in seconds (0 for a still image).
    public var seconds: Double

    public init(diffPixels: Int, failed: Bool, seconds: Double) {
        (self.diffPixels, self.failed, self.seconds) = (diffPixels, failed, seconds)
    }
}
