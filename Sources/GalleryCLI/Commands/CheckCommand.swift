import Foundation
import GalleryCore
import ImageCodecs
import RenderPipeline
import SnapshotCheck
import VisualDiff

/// `gallery-render check MANIFEST.json --baseline DIR`: render, compare with recorded baselines,
/// report to people (HTML) and machines (JUnit XML, exit status, GitHub annotations).
enum CheckCommand: Subcommand {
    static let spec = CommandSpec(
        commandName: "gallery-render check",
        abstract: "Render a manifest and compare every frame with its recorded baseline.",
        arguments: [("manifest", "A JSON manifest, as for batch.")],
        optionGroups: [
            ("CHECK OPTIONS", CheckOptions.specs + BatchOptions.specs + RunOptions.specs),
            ("DIFF OPTIONS", DiffOptions.specs),
            ("OPTIONS", [RunOptions.help.spec]),
        ],
        discussion:
            "Exit status: 0 every frame matches, 1 a difference, a missing baseline or a failed scene, 2 a baseline could not be read, 64 usage error.\nWith GITHUB_ACTIONS=true, failures are also printed as ::error annotations.",
        usage:
            "gallery-render check <manifest> --baseline <dir> [--record | --record-missing | --record-failed] [--prune] [--report <dir>] [--junit <file>] [--shard <k/n>]"
    )

    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitCode {
        let started = Date()
        let settings = try BatchCommand.RunSettings(parsed)
        let options = CheckOptions.declared
        guard let baseline = try parsed.read(options.baseline) else {
            throw UsageError.missingOption(options.baseline.spec)
        }
        let mode = try options.recordMode(parsed)
        if parsed.isSet(options.prune), settings.shard.count > 1 {
            throw UsageError.rule(
                "\(options.prune) needs the whole manifest: a shard reads only a share of the baselines (drop \(BatchOptions.declared.shard))"
            )
        }
        // The manifest first: a mistyped one is named as such, not blamed on the baseline folder.
        let manifest = try Manifest(path: settings.manifest)
        // Without a record mode a missing folder is one error, not a missing baseline per frame.
        if mode == .never, !SystemPath.exists(baseline) {
            throw CommandFailure(
                "the baseline folder \(baseline) does not exist; record it with: gallery-render check \(ShellWord.path(settings.manifest)) --baseline \(ShellWord.path(baseline)) --record"
            )
        }
        // A file where the folder should be is one error too, in every mode (recording cannot create it).
        if SystemPath.exists(baseline), !SystemPath.isFolder(baseline) {
            throw CommandFailure("the baseline folder \(baseline) is not a folder")
        }
        let criteria = try DiffOptions.criteria(parsed)
        // Diff options on the command line replace the manifest's, as a whole.
        let givenHere = DiffOptions.specs.contains { parsed.has($0.name) }
        let manifestCriteria = try manifest.diffCriteria()  // checked even when replaced
        let sceneCriteria = givenHere ? [:] : manifestCriteria

        // The frames are rendered into a folder of this run's own, removed even when a signal ends it;
        // recording copies them into the baseline folder, never through a link that leaves it.
        let scratch = try ScratchFolder(prefix: "gallery-render-check-")
        defer { scratch.remove() }
        let actualFolder = scratch.path
        let plan = try ManifestPlan(
            manifest: manifest, shard: settings.shard, outputFolder: actualFolder, strict: settings.strict)
        let report = BatchCommand.render(plan, settings: settings, console: console)
        for scene in report.failedScenes {
            console.line(
                "Error: ", "scene '\(scene.name)': \(scene.failures.map(\.description).joined(separator: "; "))")
        }
        // Photos and the report kept beside the baselines are never orphans.
        let inputs = plan.everyPhotoInput + [try parsed.read(options.report)].compactMap { $0 }
        // A baseline and its layout are read and written as one unit: other runs on the folder wait.
        let lock = try BaselineLock.take(baseline, writing: mode != .never || parsed.isSet(options.prune), console)
        defer { lock.release() }
        let check = BaselineCheck(
            baseline: baseline, actualFolder: actualFolder, criteria: criteria, sceneCriteria: sceneCriteria,
            jobs: settings.jobs,
            missingHint:
                "record missing baselines with: gallery-render check \(ShellWord.path(settings.manifest)) --baseline \(ShellWord.path(baseline)) --record-missing"
        )
        if mode == .all {
            let rendered = Set(report.frames.map(\.output))
            let frames = plan.frames.map { frame in
                FrameCheck(
                    path: frame.path, scene: frame.scene,
                    status: rendered.contains(check.images(of: frame.path).actual) ? .missingBaseline : .sceneFailed,
                    message: "")
            }
            let recorded = try check.record(frames, mode: .all, layout: plan.layoutText(of:))
            announceRecorded(recorded, in: baseline, what: "", console: console)
            _ = try orphans(
                in: baseline, plan: plan, report: report, prune: parsed.isSet(options.prune),
                manifest: settings.manifest, inputs: inputs, console)
            for refused in recorded where refused.status == .missingBaseline {
                console.line("Error: ", "\(refused.path): \(refused.message)")
            }
            let complete = recorded.allSatisfy { $0.status == .recorded } && plan.failures.isEmpty
            return complete && report.failedScenes.isEmpty ? .success : .failure
        }
        let causes = Dictionary(
            report.failedScenes.map { ($0.name, $0.failures.map(\.description).joined(separator: "; ")) }
        ) { first, _ in first }
        var checks = check.compare(plan.frames, rendered: Set(report.frames.map(\.output)), sceneFailures: causes)
        // Scenes that failed before rendering have no planned frames; each is one failed case.
        checks += plan.failures.map {
            FrameCheck(path: $0.name, scene: $0.name, status: .sceneFailed, message: $0.failure.description)
        }
        if mode == .never {
            hintAtIndexNamedBaselines(checks, baseline: baseline, manifest: settings.manifest, console)
        }
        checks = checks.map { explained($0, plan: plan, baseline: baseline) }
        if mode != .never {
            checks = try check.record(checks, mode: mode, layout: plan.layoutText(of:))
            announceRecorded(
                checks, in: baseline, what: mode == .missing ? "missing " : "missing or failing ", console: console)
        }
        let orphans = try orphans(
            in: baseline, plan: plan, report: report, prune: parsed.isSet(options.prune),
            manifest: settings.manifest, inputs: inputs, console)
        let title = "gallery-render check — \(URL(fileURLWithPath: settings.manifest).lastPathComponent)"
        let unwritten = CheckReporting.write(
            checks, report: try parsed.read(options.report), junit: try parsed.read(options.junit), title: title,
            suite: settings.manifest, seconds: report.seconds, baseline: baseline,
            orphans: orphans,
            order: Dictionary(plan.frames.map { ($0.path, $0.order) }) { first, _ in first }, jobs: settings.jobs,
            open: { path throws(FileError) in try ContainedPath.open(path, under: baseline) }
        ) { frame in check.images(of: frame) }
        if let folder = try parsed.read(options.report), unwritten.isEmpty {
            // The rendering's layout of each failed frame, for `accept` to keep beside its baseline. One
            // that cannot be written loses nothing the run reports: accept then writes no layout.
            for frame in checks where frame.failed {
                guard let text = plan.layoutText(of: frame.path) else { continue }
                try? ContainedPath.write(
                    Array(text.utf8), to: ReportFolder.layout(of: frame.path), in: folder)
            }
        }
        CheckReporting.announce(
            checks, baseline: baseline, title: title, seconds: Date().timeIntervalSince(started), console: console)
        if !unwritten.isEmpty { throw CommandFailure(messages: unwritten.map(\.description)) }
        if checks.contains(where: { $0.status == .unreadable }) { return .cannotCompare }
        return checks.allSatisfy({ !$0.failed }) && report.failedScenes.isEmpty ? .success : .failure
    }

    /// Once, when scenes' baselines are in the layout before frames were named by offset
    /// (`NAME/0000.png`): which scenes, and the command that records them anew.
    private static func hintAtIndexNamedBaselines(
        _ checks: [FrameCheck], baseline: String, manifest: String, _ console: Console
    ) {
        let missing = Set(checks.filter { $0.status == .missingBaseline && $0.path.contains("/offset-") }.map(\.scene))
        let old = missing.sorted().filter { scene in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: SystemPath.joined(baseline, scene))) ?? []
            return names.contains {
                $0.count == 8 && $0.hasSuffix(".png") && $0.prefix(4).allSatisfy(\.isASCII) && Int($0.prefix(4)) != nil
            }
        }
        guard let first = old.first else { return }
        console.warning(
            "baselines of \(old.count == 1 ? "scene '\(first)'" : "scenes " + old.map { "'\($0)'" }.joined(separator: ", ")) are named by index (\(first)/0000.png), frames now by offset (\(first)/offset-120.png): record them anew with: gallery-render check \(ShellWord.path(manifest)) --baseline \(ShellWord.path(baseline)) --record"
        )
    }

    /// `check` with what moved, when it differs and its baseline has a layout (`NAME.layout.json`).
    private static func explained(_ check: FrameCheck, plan: ManifestPlan, baseline: String) -> FrameCheck {
        guard check.status == .different, let actual = plan.layoutText(of: check.path),
            let file = try? ContainedPath(FramePath.layoutPath(of: check.path), in: baseline),
            let bytes = try? file.contents(limit: LayoutDiff.byteLimit),
            let changes = LayoutDiff.changes(expected: String(decoding: bytes, as: UTF8.self), actual: actual)
        else { return check }
        return check.explained(by: changes)
    }

    /// The baselines no frame of the whole manifest reads (every shard knows every scene, and a scene
    /// that failed keeps its baselines), each named. With `prune` they are deleted instead, unless a
    /// scene failed in this run: then nothing is. Returns those still there.
    private static func orphans(
        in baseline: String, plan: ManifestPlan, report: RenderReport, prune: Bool, manifest: String,
        inputs: [String], _ console: Console
    ) throws -> [String] {
        let orphans = BaselineOrphans.find(in: baseline, frames: plan.everyFramePath, inputs: inputs)
        var seen: Set<String> = []
        let failed = (plan.failures.map(\.name) + report.failedScenes.map(\.name)).filter { seen.insert($0).inserted }
        if prune, failed.isEmpty {
            try self.prune(orphans, in: baseline, console)
            return []
        }
        for orphan in orphans {
            console.line("orphan ", "\(SystemPath.joined(baseline, orphan)): no frame of the manifest reads it")
        }
        if prune, let first = failed.first {
            console.warning(
                "nothing pruned: scene '\(first)'\(failed.count > 1 ? " and \(failed.count - 1) more" : "") failed, and a failed run never deletes baselines"
            )
        } else if !orphans.isEmpty {
            console.line(
                "",
                "\(orphans.count) orphaned baseline\(orphans.count == 1 ? "" : "s"): delete \(orphans.count == 1 ? "it" : "them") with: gallery-render check \(ShellWord.path(manifest)) --baseline \(ShellWord.path(baseline)) --prune"
            )
        }
        return orphans
    }

    /// Deletes the orphaned baselines `orphans` (and their layouts), naming each, then how many.
    private static func prune(_ orphans: [String], in baseline: String, _ console: Console) throws {
        for orphan in orphans {
            try BaselineOrphans.remove(orphan, in: baseline)
            try? BaselineOrphans.remove(FramePath.layoutPath(of: orphan), in: baseline)
            console.line("pruned ", SystemPath.joined(baseline, orphan))
        }
        console.line(
            "",
            "Pruned \(orphans.count) orphaned baseline\(orphans.count == 1 ? "" : "s") in \(SystemPath.joined(baseline, ""))"
        )
    }

    /// "recorded DIR/NAME.png and NAME.layout.json" for each baseline written, then how many.
    private static func announceRecorded(_ checks: [FrameCheck], in baseline: String, what: String, console: Console) {
        let recorded = checks.filter { $0.status == .recorded }
        for check in recorded {
            console.line(
                "recorded ",
                "\(SystemPath.joined(baseline, check.path)) and \(FramePath.layoutPath(of: check.path).split(separator: "/").last ?? "")"
            )
        }
        console.line(
            "",
            "Recorded \(recorded.count) \(what)baseline\(recorded.count == 1 ? "" : "s") in \(SystemPath.joined(baseline, ""))"
        )
    }
}
