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
    /// How frames are compared, unless their scene has its own in `sceneCriteria` (by scene name).
    public let criteria: DiffCriteria
    public let sceneCriteria: [String: DiffCriteria]
    public let jobs: Int
    /// Said after "no baseline at PATH; " for a missing baseline: how to record it.
    public let missingHint: String

    public init(
        baseline: String, actualFolder: String, criteria: DiffCriteria, sceneCriteria: [String: DiffCriteria] = [:],
        jobs: Int, missingHint: String
    ) {
        self.baseline = baseline
        self.actualFolder = actualFolder
        self.criteria = criteria
        self.sceneCriteria = sceneCriteria
        self.jobs = jobs
        self.missingHint = missingHint
    }

    /// How the frames of `scene` are compared.
    public func criteria(of scene: String) -> DiffCriteria { sceneCriteria[scene] ?? criteria }

    /// The baseline, rendered frame and diff image of the frame at `path` (the diff may not exist).
    public func images(of path: String) -> (expected: String, actual: String, diff: String) {
        (
            SystemPath.joined(baseline, path), SystemPath.joined(actualFolder, path),
            SystemPath.joined(actualFolder, ".diff/" + path)
        )
    }

    /// The baseline of the frame at `path`, or why it is not read: the baseline folder comes from the
    /// repository, so a path or link leading out of it is never followed.
    public func baselineFile(of path: String) -> Result<ContainedPath, ContainmentError> {
        Result { () throws(ContainmentError) in try ContainedPath(path, in: baseline) }
    }

    /// The images a report shows for `check`: for an animation with failing frames, the first
    /// failing frame's baseline and rendered stills (written beside its diff image), else the files;
    /// no baseline when its path leads out of the baseline folder.
    public func images(of check: FrameCheck) -> (expected: String?, actual: String, diff: String) {
        let files = images(of: check.path)
        let expected = try? baselineFile(of: check.path).get().path  // refused: the report shows none
        guard !check.failingFrames.isEmpty else { return (expected, files.actual, files.diff) }
        let stills = stillPaths(of: check.path)
        return SystemPath.exists(stills.expected) && SystemPath.exists(stills.actual)
            ? (stills.expected, stills.actual, files.diff) : (expected, files.actual, files.diff)
    }

    /// Where the first failing frame of an animation at `path` is written as two stills.
    private func stillPaths(of path: String) -> (expected: String, actual: String) {
        let stem = SystemPath.joined(
            actualFolder, ".diff/" + (path.hasSuffix(".png") ? String(path.dropLast(4)) : path))
        return (stem + ".expected.png", stem + ".actual.png")
    }

    /// Every frame compared with its baseline, in parallel, in the order given; `rendered` holds the
    /// actual paths that were written (a frame not among them failed with its scene, whose cause
    /// `sceneFailures` gives by scene name, so reports carry it).
    public func compare(_ frames: [PlannedFrame], rendered: Set<String>, sceneFailures: [String: String] = [:])
        -> [FrameCheck]
    {
        return Parallel.map(frames, jobs: jobs) { frame in
            let comparer = ImageComparer(criteria: criteria(of: frame.scene))
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
            if case .failure(let refusal) = baselineFile(of: frame.path) {
                return verdict(.missingBaseline, "no baseline read: \(refusal)")
            }
            guard SystemPath.exists(expected) else {
                return verdict(.missingBaseline, "no baseline at \(expected); \(missingHint)")
            }
            if let animated = compareAnimations(expected: expected, actual: actual, frame: frame, began: began) {
                return animated
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
            case .compared(let counts) where counts.matches:
                return verdict(.passed, comparison.summary, comparison)
            case .compared:
                return verdict(
                    .different, comparison.summary + colorNote(expected: expected, actual: actual), comparison)
            case .sizeMismatch:
                return verdict(
                    .different, comparison.summary + colorNote(expected: expected, actual: actual), comparison)
            case .unreadable: return verdict(.unreadable, comparison.summary, comparison)
            }
        }
    }

    /// The verdict on `frame` when its baseline or its rendering is an animation (compared frame by
    /// frame, the first failing frame's diff image and stills written for the report); nil for two
    /// still images.
    private func compareAnimations(expected: String, actual: String, frame: PlannedFrame, began: Date) -> FrameCheck? {
        guard let start = try? (Self.prefix(expected), Self.prefix(actual)),
            AnimationComparer.isAnimation(start.0) || AnimationComparer.isAnimation(start.1)
        else { return nil }
        func verdict(
            _ status: FrameCheck.Status, _ message: String, _ comparison: Comparison? = nil, _ frames: [Int] = []
        )
            -> FrameCheck
        {
            FrameCheck(
                path: frame.path, scene: frame.scene, status: status, message: message, comparison: comparison,
                seconds: Date().timeIntervalSince(began), failingFrames: frames)
        }
        let files: ([UInt8], [UInt8])
        do { files = (try ImageDecoder.readBytes(atPath: expected), try ImageDecoder.readBytes(atPath: actual)) } catch
        {
            return verdict(.unreadable, "cannot read the animation: \(error)")
        }
        if files.0 == files.1 { return verdict(.passed, "identical files") }
        let result: AnimationComparison
        do {
            result = try AnimationComparer(criteria: criteria(of: frame.scene)).compare(
                expected: files.0, actual: files.1, diffImage: true)
        } catch {
            let path = error.index == 0 ? expected : actual
            return verdict(.unreadable, "cannot read \(path): \(error.error)")
        }
        guard let first = result.first else {
            return verdict(result.matches ? .passed : .different, result.summary)
        }
        let stills = stillPaths(of: frame.path)
        for (image, path) in [(first.expected, stills.expected), (first.actual, stills.actual)] {
            if let png = try? PNGEncoder.encode(image) { try? AtomicFile.write(png, to: path) }
        }
        if let diff = first.diff, let png = try? PNGEncoder.encode(diff, compression: .matches) {
            try? AtomicFile.write(png, to: images(of: frame.path).diff)
        }
        return verdict(
            .different, result.summary + colorNote(expected: expected, actual: actual), first.comparison,
            result.failingFrames)
    }

    /// "; the baseline carries … and the rendered frame …" when their colour descriptions differ, which
    /// explains a difference a reviewer would otherwise hunt for; else "". The rendered frame's path is
    /// a scratch file, gone after the run, so neither is named by path.
    private func colorNote(expected: String, actual: String) -> String {
        guard let mismatch = ColorTagMismatch(expected: expected, actual: actual) else { return "" }
        return "; " + mismatch.described(expected: "the baseline", actual: "the rendered frame")
    }

    /// The first 64 KiB of the file at `path`: enough to tell an APNG (its acTL precedes the image data).
    private static func prefix(_ path: String) throws(FileError) -> [UInt8] {
        let file = try RegularFile(path: path)
        let count = min(file.size, 64 << 10)
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(FileError) in
                guard let base = buffer.baseAddress else { return 0 }
                return try file.read(into: base, count: count, at: 0)
            }
        }
        return Array(bytes.prefix(try read.get()))
    }

    /// The checks after recording: each frame `mode` records gets its rendered frame as its baseline
    /// and passes as `.recorded` (`.all` records every frame that was rendered). A baseline is written as
    /// a regular file inside the baseline folder: a symlink in its place is replaced, never written
    /// through, and a path whose folders lead out of the baseline folder is not recorded (the frame
    /// keeps failing, saying why).
    public func record(_ checks: [FrameCheck], mode: RecordMode) throws -> [FrameCheck] {
        try checks.map { check in
            guard mode.records(check.status) else { return check }
            let target: ContainedPath
            switch Result(catching: { () throws(ContainmentError) in
                try ContainedPath(check.path, in: baseline, lastLink: .replace)
            }) {
            case .success(let file): target = file
            case .failure(let refusal):
                return FrameCheck(
                    path: check.path, scene: check.scene, status: check.status,
                    message: "not recorded: \(refusal)", comparison: check.comparison, seconds: check.seconds)
            }
            try target.copy(from: images(of: check.path).actual)
            return FrameCheck(
                path: check.path, scene: check.scene, status: .recorded, message: "recorded as the new baseline",
                seconds: check.seconds)
        }
    }
}
