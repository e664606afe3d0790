import Foundation
import GalleryCore
import ImageCodecs
import VisualDiff

/// Compares rendered frames with their baselines and records baselines as a `RecordMode` asks: the
/// check workflow without the command line, for the CLI, report merging and Swift callers alike.
public struct BaselineCheck: Sendable {
    /// The folder of baselines.
    public let baseline: String
    /// The folder the frames were rendered into, at the same relative paths; failing frames' diff
    /// images go to its `.diff/` folder.
    public let actualFolder: String
    public let criteria: DiffCriteria
    public let jobs: Int
    /// Said after "no baseline at PATH; " for a missing baseline: how to record it.
    public let missingHint: String

    public init(baseline: String, actualFolder: String, criteria: DiffCriteria, jobs: Int, missingHint: String) {
        self.baseline = baseline
        self.actualFolder = actualFolder
        self.criteria = criteria
        self.jobs = jobs
        self.missingHint = missingHint
    }

    /// The baseline, rendered frame and diff image of the frame at `path` (the diff may not exist).
    public func images(of path: String) -> (expected: String, actual: String, diff: String) {
        (baseline + "/" + path, actualFolder + "/" + path, actualFolder + "/.diff/" + path)
    }

    /// Every frame compared with its baseline, in parallel, in the order given; `rendered` holds the
    /// actual paths that were written (a frame not among them failed with its scene, whose cause
    /// `sceneFailures` gives by scene name, so reports carry it).
    public func compare(_ frames: [PlannedFrame], rendered: Set<String>, sceneFailures: [String: String] = [:])
        -> [FrameCheck]
    {
        let comparer = ImageComparer(criteria: criteria)
        return Parallel.map(frames, jobs: jobs) { frame in
            let began = Date()
            let (expected, actual, diff) = images(of: frame.path)
            func verdict(_ status: FrameCheck.Status, _ message: String, _ comparison: Comparison? = nil) -> FrameCheck
            {
                FrameCheck(
                    path: frame.path, scene: frame.scene, status: status, message: message, comparison: comparison,
                    seconds: Date().timeIntervalSince(began))
            }
            guard rendered.contains(actual) else {
                let cause = sceneFailures[frame.scene].map { ": \($0)" } ?? ""
                return verdict(.sceneFailed, "the frame was not rendered: scene '\(frame.scene)' failed\(cause)")
            }
            guard SystemPath.exists(expected) else {
                return verdict(.missingBaseline, "no baseline at \(expected); \(missingHint)")
            }
            var (comparison, _) = comparer.compare(expected: expected, actual: actual)
            if !comparison.matches, case .compared = comparison {
                let withImage = comparer.compare(expected: expected, actual: actual, diffImage: true)
                comparison = withImage.0
                if let image = withImage.1, let png = try? PNGEncoder.encode(image, compression: .matches) {
                    try? AtomicFile.write(png, to: diff)
                }
            }
            switch comparison {
            case .compared(let counts):
                return verdict(counts.matches ? .passed : .different, comparison.summary, comparison)
            case .sizeMismatch: return verdict(.different, comparison.summary, comparison)
            case .unreadable: return verdict(.unreadable, comparison.summary, comparison)
            }
        }
    }

    /// The checks after recording: each frame `mode` records gets its rendered frame as its baseline
    /// and passes as `.recorded`.
    public func record(_ checks: [FrameCheck], mode: RecordMode) throws -> [FrameCheck] {
        try checks.map { check in
            guard mode.records(check.status) else { return check }
            let (expected, actual, _) = images(of: check.path)
            try AtomicFile.write(try ImageDecoder.readBytes(atPath: actual), to: expected)
            return FrameCheck(
                path: check.path, scene: check.scene, status: .recorded, message: "recorded as the new baseline",
                seconds: check.seconds)
        }
    }
}
