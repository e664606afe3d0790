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
    /// The regions each frame leaves out of its comparison, by frame path (scenes' `ignore`).
    public var ignore: [String: IgnoreRegions] = [:]
    /// The seconds each frame took to render, by frame path: a verdict's seconds include them, so a
    /// report's results.json can weigh shards (`--shard-weights`).
    public var renderSeconds: [String: Double] = [:]
    /// Frames the frame cache served with their baselines' bytes (`alreadyThere`), compared as them.
    public var served: ServedBaselines?

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
    /// rendering as the source of its thumbnail. A frame served as its baseline (one failing by its
    /// `expect` alone) shows the baseline as its rendering: they are the same bytes.
    public func images(of check: FrameCheck) -> ReportImages {
        let files = images(of: check.path)
        // A frame served as its baseline was not written: the baseline is the same picture.
        let asBaseline = served?.contains(files.actual) == true
        let actual = asBaseline ? (try? baselineFile(of: check.path).get().path) : files.actual
        guard check.failed else { return ReportImages(thumbnail: actual) }
        // A baseline refused (a link out of the folder) is not shown; the check's message says why.
        let expected: String? =
            switch baselineFile(of: check.path) {
            case .success(let file): file.path
            case .failure: nil
            }
        var shown = ReportImages(
            expected: expected, actual: actual, diff: SystemPath.exists(files.diff) ? files.diff : nil)
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

    /// Every frame compared with its baseline, in parallel, in the order given; `rendered` holds the
    /// actual paths that were written (a frame not among them failed with its scene, whose cause
    /// `sceneFailures` gives by scene name, so reports carry it).
    public func compare(_ frames: [PlannedFrame], rendered: Set<String>, sceneFailures: [String: String] = [:])
        -> [FrameCheck]
    {
        return Parallel.map(frames, jobs: jobs) { frame in
            var check = compare(frame, rendered: rendered, sceneFailures: sceneFailures)
            check.seconds += renderSeconds[frame.path] ?? 0
            return check
        }
    }

    /// `frame` compared with its baseline.
    private func compare(_ frame: PlannedFrame, rendered: Set<String>, sceneFailures: [String: String]) -> FrameCheck {
        let comparer = ImageComparer(criteria: criteria(of: frame.scene))
        let began = Date()
        let (_, actual, diff) = images(of: frame.path)
        func verdict(_ status: FrameCheck.Status, _ finding: FrameCheck.Finding, _ comparison: Comparison? = nil)
            -> FrameCheck
        {
            FrameCheck(
                path: frame.path, scene: frame.scene, status: status, finding: finding, comparison: comparison,
                seconds: Date().timeIntervalSince(began))
        }
        guard rendered.contains(actual) else {
            return verdict(.sceneFailed, .sceneFailed(scene: frame.scene, cause: sceneFailures[frame.scene]))
        }
        // Opened from the baseline folder's descriptor: the file checked is the file compared.
        let files: (expected: RegularFile, actual: RegularFile)
        switch openBaseline(frame.path) {
        case .failure(let missing):
            return verdict(missing.status, missing.finding)
        case .success(let file):
            do throws(FileError) { files = (file, try openActual(frame.path)) } catch {
                return verdict(.unreadable, .unreadableFile(path: actual, error))
            }
        }
        if let animated = compareAnimations(files, frame: frame, began: began) { return animated }
        // Compared once: the diff image comes from the same pass.
        let mask = ignore[frame.path]?.mask(ofFrame: 0)
        let masked = mask.flatMap { Self.compare(files, ignoring: $0, comparer) }
        let (comparison, image) = masked ?? comparer.compareOnce(expected: files.expected, actual: files.actual)
        let ignored = masked == nil ? 0 : mask?.count ?? 0
        // A diff image that cannot be written is said in the message; the report then shows none.
        var notes = colorNotes(files)
        if case .compared = comparison, let image, let failure = Self.write(image, to: diff, compression: .matches) {
            notes.append(.diffNotWritten(failure))
        }
        var check: FrameCheck
        switch comparison {
        case .compared(let counts) where counts.matches:
            check = verdict(.passed, .compared(comparison), comparison)
        case .compared, .sizeMismatch:
            check = verdict(.different, .compared(comparison, notes: notes), comparison)
        case .unreadable: check = verdict(.unreadable, .compared(comparison), comparison)
        }
        check.ignoredPixels = ignored
        return check
    }

    /// Why a frame has no baseline to compare with: its verdict and message.
    struct NoBaseline: Error {
        let status: FrameCheck.Status
        let finding: FrameCheck.Finding
    }

    /// The baseline of the frame at `path`, open, or why there is none to compare: a path or link
    /// leading out of the folder is not read (missing, saying why), a missing file is missing, a link
    /// loop or a FIFO is there but unreadable.
    func openBaseline(_ path: String) -> Result<RegularFile, NoBaseline> {
        let expected = images(of: path).expected
        do throws(FileError) {
            switch baselineFile(of: path) {
            case .failure(let refusal):
                return .failure(NoBaseline(status: .missingBaseline, finding: .baselineRefused(refusal)))
            case .success(let file): return .success(try file.open())
            }
        } catch {
            switch error.cause {
            case .leavesFolder(let refusal):
                return .failure(NoBaseline(status: .missingBaseline, finding: .baselineRefused(refusal)))
            case .system(errno: ENOENT), .system(errno: ENOTDIR):
                return .failure(
                    NoBaseline(status: .missingBaseline, finding: .noBaseline(path: expected, hint: missingHint)))
            default:
                return .failure(NoBaseline(status: .unreadable, finding: .unreadableFile(path: expected, error)))
            }
        }
    }

    /// Writes `image` as a PNG to `path`, atomically; what failed, or nil.
    static func write(
        _ image: RGBAImage, to path: String, compression: PNGEncoder.Compression, colorSpace: ColorSpace = .srgb
    ) -> String? {
        let png: [UInt8]
        do { png = try PNGEncoder.encode(image, compression: compression, colorSpace: colorSpace) } catch {
            return error.description
        }
        do { try AtomicFile.write(png, to: path) } catch { return error.description }
        return nil
    }

    /// A note when the two files' colour descriptions differ, which explains a difference a reviewer
    /// would otherwise hunt for. The rendered frame's path is a scratch file, gone after the run, so
    /// neither is named by path.
    func colorNotes(_ files: (expected: RegularFile, actual: RegularFile)) -> [FrameCheck.Note] {
        ColorTagMismatch(expected: files.expected, actual: files.actual).map { [.colorTags($0)] } ?? []
    }

    /// The first 64 KiB of `file`: enough to tell an APNG (its acTL precedes the image data).
    static func prefix(_ file: RegularFile) throws(FileError) -> [UInt8] {
        try file.bytes(count: min(file.size, 64 << 10), at: 0)
    }

    /// The checks after recording: each frame `mode` records gets its rendered frame as its baseline,
    /// with `layout(path)` beside it as `NAME.layout.json` (one unit: `FilePair`), and passes as
    /// `.recorded` (`.all` records every frame that was rendered). A baseline is written as a regular
    /// file inside the baseline folder: a symlink in its place is replaced, never written through. A
    /// path whose folders lead out of the baseline folder, or a pair that cannot be written, is not
    /// recorded (the frame keeps failing, saying why); the others still are. `written` hears of each
    /// pair as soon as it is in place, so that a run stopped part way has named what it replaced.
    /// The caller holds the folder's lock.
    public func record(
        _ checks: [FrameCheck], mode: RecordMode, layout: (String) -> String?,
        written: (FrameCheck) -> Void = { _ in }
    ) -> [FrameCheck] {
        checks.map { check in
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
                return check.with(check.status, .notRecorded(refusal), comparison: check.comparison)
            }
            do throws(FileError) {
                let image = try targets.0.preparedCopy(from: images(of: check.path).actual)
                let text = layout(check.path)
                let beside = try text.map { text throws(FileError) in try targets.1.prepared(Array(text.utf8)) }
                try FilePair.commit(image, beside, removing: targets.1)
            } catch {
                // One baseline that cannot be written stops none of the others, and each is said.
                return check.with(check.status, .notWritten(error), comparison: check.comparison)
            }
            let recorded = check.with(.recorded, .recorded)
            written(recorded)
            return recorded
        }
    }
}
