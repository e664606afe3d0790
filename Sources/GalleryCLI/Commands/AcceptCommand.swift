import GalleryCore
import ImageCodecs
import SnapshotCheck

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `gallery-render accept REPORT_DIR --baseline DIR [FRAME...]`: a report's actual frames become the
/// baselines, as a reviewer accepts a change. The report comes from another job, so every path is
/// checked before anything is written: a frame the report does not hold, a path that leaves DIR (by
/// `..`, an absolute path or a link) or an actual image that does not decode is refused, exit 2.
enum AcceptCommand: Subcommand {
    static let spec = CommandSpec(
        commandName: "gallery-render accept",
        abstract: "Make a report's actual frames (its failed and missing ones, or those named) the baselines.",
        arguments: [
            ("report", "A report folder written by check --report or merge-reports (its results.json)."),
            ("frames", "Frames to accept, by their paths in results.json (default: every failed or missing one)."),
        ],
        optionGroups: [("OPTIONS", [CheckOptions.declared.baseline.spec, RunOptions.help.spec])],
        discussion:
            "Every baseline is written atomically, as a regular file inside --baseline (a symlink there is replaced). Nothing is written unless every frame can be.\nExit status: 0 accepted, 1 a baseline could not be written, 2 a report or frame refused (another tool's report, a frame it does not hold, a path leaving the baseline folder, an image that does not decode), 64 usage error.",
        usage: "gallery-render accept <report> --baseline <dir> [<frames> ...]")

    /// A frame chosen to accept: where its baseline goes, the report's image of it, and its layout
    /// when the report kept one (`REPORT/layouts/NAME.layout.json`).
    private struct Accepted {
        let target: ContainedPath
        let image: [UInt8]
        let layout: (target: ContainedPath, text: [UInt8])?
    }

    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitCode {
        guard let baseline = try parsed.read(CheckOptions.declared.baseline) else {
            throw UsageError.missingOption(CheckOptions.declared.baseline.spec)
        }
        guard let report = parsed.positionals.first else { throw UsageError.missingArgument("<report>") }
        var named: [String] = []
        for frame in parsed.positionals.dropFirst() where !named.contains(frame) { named.append(frame) }
        let results: ReportResults
        do { results = try ReportResults.read(folder: report) } catch {
            throw CommandFailure(messages: ["\(report): \(error)"], code: .cannotCompare)
        }
        let frames = try chosen(from: results, named: named, report: report)
        if named.isEmpty {
            for frame in results.frames where byExpectations(frame) {
                console.line(
                    "skipped ",
                    "\(frame.path): it matches its baseline; only its expect rules fail, which accepting does not change"
                )
            }
        }
        // Everything is checked (and read) before the first write.
        var accepted: [Accepted] = []
        for frame in frames {
            accepted.append(try prepared(frame, report: report, baseline: baseline))
        }
        let lock = try BaselineLock.take(baseline, writing: true, console)
        defer { lock.release() }
        for frame in accepted {
            // The rendering's layout beside it, or none: an earlier layout would describe another image.
            let layout = try frame.layout.map { layout throws(FileError) in try layout.target.prepared(layout.text) }
            let stale = try? ContainedPath(
                FramePath.layoutPath(of: frame.target.relative), in: baseline, lastLink: .replace)
            let removed = try FilePair.commit(try frame.target.prepared(frame.image), layout, removing: stale)
            console.line("accepted ", frame.target.path)
            if let layout = frame.layout { console.line("accepted ", layout.target.path) }
            // Said, as every file accept changes is: the layout no longer describes the baseline.
            if removed, let stale {
                console.line("removed ", "\(stale.path): the report holds no usable layout of the new baseline")
            }
        }
        let folder = SystemPath.joined(baseline, "")
        console.line("", "Accepted \(accepted.count) baseline\(accepted.count == 1 ? "" : "s") in \(folder)")
        return .success
    }

    /// Whether `frame` failed by its expectations alone: it matches its baseline, so accepting it
    /// changes nothing; it is not taken, and named it is refused (found by review).
    private static func byExpectations(_ frame: ReportResults.Frame) -> Bool {
        frame.failsOnlyByExpectations == true && !(frame.expectations ?? []).isEmpty
    }

    /// The frames named, each in the report, or every failed or missing one with an actual image.
    private static func chosen(from results: ReportResults, named: [String], report: String) throws
        -> [ReportResults.Frame]
    {
        guard !named.isEmpty else {
            return results.frames.filter {
                [.different, .missingBaseline, .unreadable].contains($0.status) && !byExpectations($0)
            }
        }
        var frames: [ReportResults.Frame] = []
        for path in named {
            guard let frame = results.frames.first(where: { $0.path == path }) else {
                throw CommandFailure(
                    messages: ["\(report): no frame '\(path)' in \(ReportResults.fileName): nothing was accepted"],
                    code: .cannotCompare)
            }
            if byExpectations(frame) {
                throw CommandFailure(
                    messages: [
                        "\(report): frame '\(path)' matches its baseline and fails only its expect rules, which accepting does not change: fix the layout or the manifest's expect; nothing was accepted"
                    ], code: .cannotCompare)
            }
            frames.append(frame)
        }
        return frames
    }

    /// The layout the report kept for `frame`, when it is a regular file inside the report that reads
    /// as a layout, and where it goes beside the baseline.
    private static func layout(of frame: ReportResults.Frame, report: String, baseline: String) -> (
        target: ContainedPath, text: [UInt8]
    )? {
        let name = FramePath.layoutPath(of: frame.path)
        guard let source = try? ContainedPath(ReportFolder.layout(of: frame.path), in: report), !source.isLink,
            let bytes = try? source.contents(limit: LayoutDiff.byteLimit),
            LayoutDiff.isLayout(String(decoding: bytes, as: UTF8.self)),
            let target = try? ContainedPath(name, in: baseline, lastLink: .replace)
        else { return nil }
        return (target, bytes)
    }

    /// `frame`'s baseline target inside `baseline` and the report's actual image, checked.
    private static func prepared(_ frame: ReportResults.Frame, report: String, baseline: String) throws -> Accepted {
        func refuse(_ reason: String) -> CommandFailure {
            CommandFailure(
                messages: ["\(report): frame '\(frame.path)': \(reason): nothing was accepted"], code: .cannotCompare)
        }
        let target: ContainedPath
        do { target = try ContainedPath(frame.path, in: baseline, lastLink: .replace) } catch {
            throw refuse(error.description)
        }
        var folders = [baseline]
        for component in SystemPath.components(frame.path).dropLast() {
            folders.append(SystemPath.joined(folders[folders.count - 1], component))
        }
        for folder in folders {
            var status = stat()
            let there = SystemPath.withCString(folder) { stat($0, &status) } == 0
            if there, status.st_mode & S_IFMT != S_IFDIR { throw refuse("\(folder) is not a folder") }
        }
        // A folder in its place, or a file where the baseline folder or a folder of its path goes,
        // would fail mid-way.
        // Its layout's place too (found by review: a folder there failed the run after others were written).
        for path in [target.path, SystemPath.joined(baseline, FramePath.layoutPath(of: frame.path))] {
            if let unwritable = AtomicFile.checkWritable(path) { throw refuse(unwritable.description) }
        }
        guard let actual = frame.images.actual else { throw refuse("the report holds no actual image of it") }
        let bytes: [UInt8]
        do {
            // ReportResults.read checked it is a regular file under the report's images/; opened by a
            // walk from the report's folder, no link followed, that is still what is read.
            bytes = try ContainedPath.open(SystemPath.joined(report, actual), under: report, followingLastLink: false)
                .contents(limit: PixelBudget.standard.maxFileBytes)
            guard ImageFormat(sniffing: bytes) == .png else { throw refuse("\(actual) is not a PNG") }
            // An earlier version's report held only an animation's first failing frame.
            guard frame.failingFrames.isEmpty || APNGFrames.isAnimated(bytes) else {
                throw refuse(
                    "an animation, of which the report holds one frame; record it with check --record-failed")
            }
            _ = try ImageDecoder.decode(bytes)
            // An animation decodes to its last frame, or it is no baseline.
            if APNGFrames.isAnimated(bytes) {
                var frames = try APNGFrames(bytes)
                while try frames.next() != nil {}
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw refuse("\(actual): \(error)")
        }
        return Accepted(target: target, image: bytes, layout: layout(of: frame, report: report, baseline: baseline))
    }
}
