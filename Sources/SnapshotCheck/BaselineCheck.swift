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

    /// The images a report shows for `check`: its baseline (none when its path leads out of the
    /// baseline folder), its rendering and its diff image when one was written; for an animation that
    /// differs, every frame's stills as `compareAnimations` wrote them; for a passed frame, its
    /// rendering as the source of its thumbnail.
    public func images(of check: FrameCheck) -> ReportImages {
        let files = images(of: check.path)
        guard check.failed else { return ReportImages(thumbnail: files.actual) }
        // A baseline refused (a link out of the folder) is not shown; the check's message says why.
        let expected: String? =
            switch baselineFile(of: check.path) {
            case .success(let file): file.path
            case .failure: nil
            }
        var shown = ReportImages(
            expected: expected, actual: files.actual, diff: SystemPath.exists(files.diff) ? files.diff : nil)
        if !check.animationFrames.isEmpty {
            let folder = stillsFolder(of: check.path)
            shown.frames = check.animationFrames.indices.map { frame in
                func still(_ label: String) -> String? {
                    let path = folder + Self.stillName(frame, label)
                    return SystemPath.exists(path) ? path : nil
                }
                return ReportImages(expected: still("expected"), actual: still("actual"), diff: still("diff"))
            }
        }
        return shown
    }

    /// The folder (with its trailing slash) where the stills of every frame of an animation at `path`
    /// are written when it differs.
    private func stillsFolder(of path: String) -> String {
        SystemPath.joined(actualFolder, ".diff/" + (path.hasSuffix(".png") ? String(path.dropLast(4)) : path))
            + ".frames/"
    }

    /// `0007-expected.png`.
    private static func stillName(_ frame: Int, _ label: String) -> String {
        String(format: "%04d", frame) + "-\(label).png"
    }

    /// The colour space an animation's frames are tagged with: Display P3 for this tool's P3 profile,
    /// else sRGB (a report's stills carry no other profile).
    private static func colorSpace(of bytes: [UInt8]) -> ColorSpace {
        ImageDecoder.embeddedColor(of: bytes) == .icc(ColorSpace.displayP3.iccProfile) ? .displayP3 : .srgb
    }

    /// An animation keeps the stills of all its frames up to this count; a longer one those of its
    /// first this many failing frames, so a report stays a size a reviewer downloads.
    public static let stillsLimit = 600

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
            var status = stat()
            let code = SystemPath.withCString(expected) { stat($0, &status) == 0 ? 0 : errno }
            // A link loop is there but cannot be read; anything else not there is missing.
            if code == ELOOP {
                return verdict(.unreadable, "cannot read \(expected): \(String(cString: strerror(code)))")
            }
            guard code == 0 else { return verdict(.missingBaseline, "no baseline at \(expected); \(missingHint)") }
            if let animated = compareAnimations(expected: expected, actual: actual, frame: frame, began: began) {
                return animated
            }
            var (comparison, _) = comparer.compare(expected: expected, actual: actual)
            // A diff image that cannot be written is said in the message; the report then shows none.
            var unwritten = ""
            if !comparison.matches, case .compared = comparison {
                let withImage = comparer.compare(expected: expected, actual: actual, diffImage: true)
                comparison = withImage.0
                if let image = withImage.1, let failure = Self.write(image, to: diff, compression: .matches) {
                    unwritten = "; the diff image was not written: \(failure)"
                }
            }
            switch comparison {
            case .compared(let counts) where counts.matches:
                return verdict(.passed, comparison.summary, comparison)
            case .compared:
                return verdict(
                    .different, comparison.summary + colorNote(expected: expected, actual: actual) + unwritten,
                    comparison)
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
        // A file that cannot be read here is no animation: the still comparison reads it and says why.
        guard
            case .success(let start) = Result(catching: { () throws(FileError) in
                (try Self.prefix(expected), try Self.prefix(actual))
            }),
            AnimationComparer.isAnimation(start.0) || AnimationComparer.isAnimation(start.1)
        else { return nil }
        func verdict(_ status: FrameCheck.Status, _ message: String) -> FrameCheck {
            FrameCheck(
                path: frame.path, scene: frame.scene, status: status, message: message,
                seconds: Date().timeIntervalSince(began))
        }
        let files: ([UInt8], [UInt8])
        do {
            let limit = PixelBudget.standard.maxFileBytes
            files = (
                try RegularFile.contents(atPath: expected, limit: limit),
                try RegularFile.contents(atPath: actual, limit: limit)
            )
        } catch {
            return verdict(.unreadable, "cannot read the animation: \(error.reason)")
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
        guard !result.matches else { return verdict(.passed, result.summary) }
        // Images that cannot be written are said in the message; the report then shows none.
        var unwritten: [String] = []
        if let diff = result.first?.diff,
            let failure = Self.write(diff, to: images(of: frame.path).diff, compression: .matches)
        {
            unwritten.append("the diff image was not written: \(failure)")
        }
        let differs = !result.failingFrames.isEmpty
        if differs,
            let failure = writeStills(
                expected: files.0, actual: files.1, frames: result.frames.count, scene: frame.scene, path: frame.path)
        {
            unwritten.append(failure)
        }
        return FrameCheck(
            path: frame.path, scene: frame.scene, status: .different,
            message: result.summary + colorNote(expected: expected, actual: actual)
                + unwritten.map { "; " + $0 }.joined(),
            comparison: result.first?.comparison,
            seconds: Date().timeIntervalSince(began), failingFrames: result.failingFrames,
            animationFrames: differs ? result.frames : [])
    }

    /// Every frame's stills of a differing animation, compared again (only failing animations pay for
    /// it): its baseline frame, its rendering unless identical, its diff image unless identical, each
    /// as `stillsFolder` names them, up to `stillsLimit` frames as it says. Returns what could not be
    /// written, and why (those stills show in the report as "none"), or nil.
    private func writeStills(expected: [UInt8], actual: [UInt8], frames: Int, scene: String, path: String)
        -> String?
    {
        let folder = stillsFolder(of: path)
        let spaces = (Self.colorSpace(of: expected), Self.colorSpace(of: actual))
        var kept = 0
        var unwritten: (count: Int, first: String)?
        do {
            _ = try AnimationComparer(criteria: criteria(of: scene)).compare(expected: expected, actual: actual) {
                frame, result, expectedFrame, actualFrame, diff in
                guard frames <= Self.stillsLimit || (result.failed && kept < Self.stillsLimit) else { return }
                kept += 1
                // A frame identical to its baseline is kept once, as its expected still.
                let stills: [(String, RGBAImage?, PNGEncoder.Compression, ColorSpace)] = [
                    ("expected", expectedFrame, .runs, spaces.0),
                    ("actual", result.failed || diff != nil ? actualFrame : nil, .runs, spaces.1),
                    ("diff", diff, .matches, .srgb),
                ]
                for case (let label, let image?, let compression, let space) in stills {
                    let still = folder + Self.stillName(frame, label)
                    guard let failure = Self.write(image, to: still, compression: compression, colorSpace: space)
                    else { continue }
                    unwritten = ((unwritten?.count ?? 0) + 1, unwritten?.first ?? failure)
                }
            }
        } catch {
            // Both were read once already, so this is not expected; it is said all the same.
            return "the stills were not written: \(error.error)"
        }
        return unwritten.map { "\($0.count) still\($0.count == 1 ? "" : "s") not written: \($0.first)" }
    }

    /// Writes `image` as a PNG to `path`, atomically; what failed, or nil.
    private static func write(
        _ image: RGBAImage, to path: String, compression: PNGEncoder.Compression, colorSpace: ColorSpace = .srgb
    ) -> String? {
        let png: [UInt8]
        do { png = try PNGEncoder.encode(image, compression: compression, colorSpace: colorSpace) } catch {
            return error.description
        }
        do { try AtomicFile.write(png, to: path) } catch { return error.description }
        return nil
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

    /// The checks after recording: each frame `mode` records gets its rendered frame as its baseline,
    /// with `layout(path)` beside it as `NAME.layout.json` (one unit: `FilePair`), and passes as
    /// `.recorded` (`.all` records every frame that was rendered). A baseline is written as a regular
    /// file inside the baseline folder: a symlink in its place is replaced, never written through, and
    /// a path whose folders lead out of the baseline folder is not recorded (the frame keeps failing,
    /// saying why). The caller holds the folder's lock.
    public func record(_ checks: [FrameCheck], mode: RecordMode, layout: (String) -> String?) throws
        -> [FrameCheck]
    {
        try checks.map { check in
            guard mode.records(check.status) else { return check }
            let targets: (ContainedPath, ContainedPath)
            switch Result(catching: { () throws(ContainmentError) in
                (
                    try ContainedPath(check.path, in: baseline, lastLink: .replace),
                    try ContainedPath(FramePath.layoutPath(of: check.path), in: baseline, lastLink: .replace)
                )
            }) {
            case .success(let files): targets = files
            case .failure(let refusal):
                return FrameCheck(
                    path: check.path, scene: check.scene, status: check.status,
                    message: "not recorded: \(refusal)", comparison: check.comparison, seconds: check.seconds)
            }
            let image = try targets.0.preparedCopy(from: images(of: check.path).actual)
            let text = layout(check.path)
            let beside = try text.map { text throws(FileError) in try targets.1.prepared(Array(text.utf8)) }
            try FilePair.commit(image, beside, removing: targets.1.path)
            return FrameCheck(
                path: check.path, scene: check.scene, status: .recorded, message: "recorded as the new baseline",
                seconds: check.seconds)
        }
    }
}
