/// The images a report shows for one frame, relative to the report's folder (nil: none).
public struct ReportImages: Sendable, Hashable, Codable {
    public var expected: String?
    public var actual: String?
    public var diff: String?
    /// For an animation that differs, each frame's stills in order: `actual` nil when the frame is
    /// identical to its baseline (`expected` shows both), `diff` nil when there is no difference.
    public var frames: [ReportImages]?
    /// For a passed frame, a small copy of it shown in the list of passed frames.
    public var thumbnail: String?

    public init(
        expected: String? = nil, actual: String? = nil, diff: String? = nil, frames: [ReportImages]? = nil,
        thumbnail: String? = nil
    ) {
        (self.expected, self.actual, self.diff) = (expected, actual, diff)
        (self.frames, self.thumbnail) = (frames, thumbnail)
    }

    /// Every image named, the frames' included.
    public var all: [String] {
        [expected, actual, diff, thumbnail].compactMap { $0 } + (frames ?? []).flatMap(\.all)
    }

    /// The image labelled `expected`, `actual` or `diff`.
    subscript(label: String) -> String? {
        get {
            switch label {
            case "expected": expected
            case "actual": actual
            default: diff
            }
        }
        set {
            switch label {
            case "expected": expected = newValue
            case "actual": actual = newValue
            default: diff = newValue
            }
        }
    }
}
