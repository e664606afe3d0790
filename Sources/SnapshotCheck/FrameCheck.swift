import VisualDiff

/// The verdict on one frame of a `check` run: what a report shows of it.
public struct FrameCheck: Sendable {
    public enum Status: String, Sendable, CaseIterable, Codable {
        case passed, different, missingBaseline, unreadable, sceneFailed
        /// The baseline was missing (or, recording failed frames, differed) and was written: a pass.
        case recorded

        /// A pass: compared equal, or recorded.
        public var passes: Bool { self == .passed || self == .recorded }

        /// Read from another run's results.json: a status this build does not write is named with
        /// the ones it does.
        public init(from decoder: any Decoder) throws {
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let status = Status(rawValue: text) else {
                let known = Self.allCases.map(\.rawValue).joined(separator: ", ")
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "is \"\(text)\", not one of \(known)"))
            }
            self = status
        }

        /// What reports show: "missing baseline".
        public var label: String {
            switch self {
            case .missingBaseline: "missing baseline"
            case .sceneFailed: "scene failed"
            default: rawValue
            }
        }
    }

    /// Path relative to the baseline folder, e.g. `scroll/0003.png`.
    public let path: String
    public let scene: String
    public private(set) var status: Status
    /// What the check found; `message` is made from it and from what moved.
    public let finding: Finding
    public let comparison: Comparison?
    /// Time to render the frame (when the check rendered it) and compare it.
    public var seconds: Double
    /// For an animation, the frames (0-based) that differ; `comparison` is the first one's.
    public let failingFrames: [Int]
    /// For an animation that differs, every frame's count and verdict, for a report's strip of frames.
    public let animationFrames: [AnimationFrameResult]
    /// What moved, from the baseline's layout to the rendering's, when the frame differs and its
    /// baseline has a layout; nil when no layout was compared.
    public let layoutChanges: [LayoutChange]?
    /// How many more items moved than `layoutChanges` keeps (at most `LayoutDiff.changesKept`).
    public let layoutChangesOmitted: Int
    /// Pixels the scene's `ignore` regions left out (an animation's summed over its frames).
    public var ignoredPixels = 0
    /// The scene's failed expectations (`expect`), each a failure of its own: `expect[0]: …`.
    public private(set) var expectationFailures: [String] = []
    /// Whether the frame failed by its expectations alone (its pixels passed).
    public var failsOnlyByExpectations: Bool { !expectationFailures.isEmpty && findingPassed }
    private var findingPassed = false

    /// The verdict with `failures` of the scene's expectations added: a frame that passed then fails.
    public func expecting(_ failures: [String]) -> FrameCheck {
        guard !failures.isEmpty else { return self }
        var check = self
        check.findingPassed = status.passes
        check.expectationFailures = failures
        if status.passes { check.status = .different }
        return check
    }

    public init(
        path: String, scene: String, status: Status, finding: Finding, comparison: Comparison? = nil,
        seconds: Double = 0, failingFrames: [Int] = [], animationFrames: [AnimationFrameResult] = [],
        layoutChanges: [LayoutChange]? = nil, layoutChangesOmitted: Int = 0
    ) {
        (self.path, self.scene, self.status, self.finding) = (path, scene, status, finding)
        (self.comparison, self.seconds) = (comparison, seconds)
        (self.failingFrames, self.animationFrames) = (failingFrames, animationFrames)
        (self.layoutChanges, self.layoutChangesOmitted) = (layoutChanges, layoutChangesOmitted)
    }

    /// What people read: the finding, then what moved when a layout was compared.
    public var message: String {
        if case .given(let text) = finding { return text }  // another run's, what moved included
        let expectations = expectationFailures.joined(separator: "; ")
        if findingPassed { return expectations }
        return expectations.isEmpty ? ownMessage : ownMessage + "; " + expectations
    }

    /// The message without the failed expectations (each of those is said on its own): the finding
    /// and what moved.
    public var ownMessage: String {
        if case .given(let text) = finding {
            // Another run's message ends with its expectations, as `message` joins them.
            let tail = "; " + expectationFailures.joined(separator: "; ")
            return !expectationFailures.isEmpty && text.hasSuffix(tail) ? String(text.dropLast(tail.count)) : text
        }
        guard let layoutChanges else { return finding.text }
        return finding.text + "; " + LayoutDiff.summary(layoutChanges, omitted: layoutChangesOmitted)
    }

    /// The same verdict, saying what moved; the first `LayoutDiff.changesKept` changes kept, the rest
    /// counted.
    public func explained(by changes: [LayoutChange]) -> FrameCheck {
        var explained = FrameCheck(
            path: path, scene: scene, status: status, finding: finding, comparison: comparison, seconds: seconds,
            failingFrames: failingFrames, animationFrames: animationFrames,
            layoutChanges: Array(changes.prefix(LayoutDiff.changesKept)),
            layoutChangesOmitted: max(0, changes.count - LayoutDiff.changesKept))
        explained.ignoredPixels = ignoredPixels
        explained.expectationFailures = expectationFailures
        explained.findingPassed = findingPassed
        return explained
    }

    /// The same frame with another status and finding (recording), its timing kept.
    func with(_ status: Status, _ finding: Finding, comparison: Comparison? = nil) -> FrameCheck {
        FrameCheck(path: path, scene: scene, status: status, finding: finding, comparison: comparison, seconds: seconds)
    }

    public var failed: Bool { !status.passes }
}
