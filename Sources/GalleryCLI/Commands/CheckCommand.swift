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
            "gallery-render check <manifest> --baseline <dir> [--record | --record-missing | --record-failed] [--prune] [--report <dir>] [--junit <file>] [--shard <k/n>] [options]"
    )

    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitCode {
        let started = Date()
        let request = try CheckRequest(parsed)
        let (settings, baseline, mode) = (request.settings, request.baseline, request.mode)
        if mode == .all, request.report != nil || request.junit != nil {
            // Said, not refused: a CI job's record step may share its options with the check step.
            let given = [request.report.map { _ in "--report" }, request.junit.map { _ in "--junit" }].compactMap { $0 }
            console.warning("--record compares nothing, so it writes no \(given.joined(separator: " and no "))")
        }
        // The frames are rendered into a folder of this run's own, removed even when a signal ends it;
        // recording copies them into the baseline folder, never through a link that leaves it.
        let scratch = try ScratchFolder(prefix: "gallery-render-check-")
        defer { scratch.remove() }
        let plan = try ManifestPlan(
            manifest: request.manifest, shard: settings.shard, outputFolder: scratch.path, strict: settings.strict,
            weights: settings.weights)
        try guardWrites(request, plan: plan)
        // `--record` writes no report, and leaves an earlier one as it was.
        if mode != .all { try emptyEarlierVerdicts(request) }
        try request.checkBaselineFolder()
        var check = BaselineCheck(
            baseline: baseline, actualFolder: scratch.path, criteria: request.criteria,
            sceneCriteria: request.sceneCriteria, jobs: settings.jobs,
            missingHint:
                "record missing baselines with: gallery-render check \(ShellWord.manifest(settings.manifest)) --baseline \(ShellWord.path(baseline)) --record-missing"
        )
        // A baseline and its layout are read and written as one unit: other runs on the folder wait.
        // A plain check with a frame cache compares cached frames as they are served, so it holds
        // the (shared) lock from then on; the others take it once the frames are rendered.
        let early = mode == .never && !request.prune && settings.cacheFolder != nil
        var lock = early ? try BaselineLock.take(baseline, writing: false, console) : nil
        defer { lock?.release() }
        var alreadyThere: (@Sendable (String, [UInt8]) -> Bool)?
        if early {
            check.served = ServedBaselines()
            alreadyThere = { [check] output, bytes in check.alreadyThere(output, bytes) }
        }
        let prefix = scratch.path.hasSuffix("/") ? scratch.path : scratch.path + "/"
        let report = try render(plan, settings, scratch: prefix, alreadyThere: alreadyThere, console: console)
        if lock == nil { lock = try BaselineLock.take(baseline, writing: mode != .never || request.prune, console) }
        check.ignore = plan.ignoreRegions
        check.renderSeconds = Dictionary(
            report.frames.map { (String($0.output.dropFirst(prefix.count)), $0.seconds) }, uniquingKeysWith: +)
        let failedScenes =
            plan.failures.map { CheckRun.FailedScene(name: $0.name, failures: [$0.failure], planned: false) }
            + report.failedScenes.map { CheckRun.FailedScene(name: $0.name, failures: $0.failures, planned: true) }
        // Photos and the report kept beside the baselines are never orphans.
        let outcome = try CheckRun(check, mode: mode, prune: request.prune).run(
            CheckRun.Rendering(
                frames: plan.frames, everyFramePath: plan.everyFramePath,
                inputs: plan.everyPhotoInput + [request.report].compactMap { $0 },
                rendered: Set(report.frames.map(\.output)), failedScenes: failedScenes, layout: plan.layoutText(of:))
        ) { written in announce(written, in: baseline, console: console) }
        if mode == .all {
            return recorded(outcome, plan: plan, sceneFailed: !failedScenes.isEmpty, request, console: console)
        }
        return try finish(
            outcome, request, check: check, plan: plan, seconds: report.seconds, started: started,
            ending: settings.fromCache(report), console: console)
    }

    /// `plan` rendered into the scratch folder `prefix` (ending in "/"), each failed scene said, its
    /// frames named by their paths among the baselines, not their scratch files (found by review: an
    /// out-of-memory FAIL named a temporary that changed every run).
    private static func render(
        _ plan: ManifestPlan, _ settings: BatchCommand.RunSettings, scratch prefix: String,
        alreadyThere: (@Sendable (String, [UInt8]) -> Bool)?, console: Console
    ) throws -> RenderReport {
        var report = try BatchCommand.render(
            plan, settings: settings, scratch: true, alreadyThere: alreadyThere, console: console)
        for index in report.scenes.indices {
            report.scenes[index].failures = report.scenes[index].failures.map { $0.naming(outputsWithout: prefix) }
        }
        for scene in report.failedScenes {
            console.line(
                "Error: ", "scene '\(scene.name)': \(scene.failures.map(\.description).joined(separator: "; "))")
        }
        return report
    }

    /// The reports and the baselines recording writes, checked against what the run reads (the
    /// manifest, photos, fonts, every baseline) before anything renders.
    private static func guardWrites(_ request: CheckRequest, plan: ManifestPlan) throws(UsageError) {
        let baseline = request.baseline
        var guarded = request.settings.writeGuard(
            plan, renewing: request.report.map { SystemPath.joined($0, ReportFolder.results) })
        func files(_ frame: String) -> [String] {
            [frame, FramePath.layoutPath(of: frame)].map { SystemPath.joined(baseline, $0) }
        }
        if request.mode != .never {
            for file in plan.frames.flatMap({ files($0.path) }) {
                try guarded.writes(file, "the baseline \(file)", image: true, replacingLink: true)
            }
        }
        for file in plan.everyFramePath.sorted().flatMap(files) { guarded.reads(file, "the baseline \(file)") }
        if let report = request.report { try guarded.writesReport(report, "--report \(report)") }
        if let junit = request.junit { try guarded.writes(junit, "--junit \(junit)") }
    }

    /// Empties the verdicts an earlier run left; a report or JUnit file that cannot be written
    /// whatever the run finds (a file where its folder goes, a folder named as the file) fails now,
    /// before anything renders, as it fails after (found by review: `--report afile/r` rendered
    /// every frame first).
    private static func emptyEarlierVerdicts(_ request: CheckRequest) throws {
        EarlierVerdicts.empty(report: request.report, junit: request.junit)
        if let unwritable = EarlierVerdicts.unwritable(report: request.report, junit: request.junit) {
            throw CommandFailure(unwritable.description)
        }
    }

    /// A run that recorded every baseline: what it wrote, its orphans, the baselines it refused and
    /// the failed expectations (recording does not excuse a layout from them, so each is said as a
    /// check says it); success when all were recorded and kept.
    private static func recorded(
        _ outcome: CheckRun.Outcome, plan: ManifestPlan, sceneFailed: Bool, _ request: CheckRequest,
        console: Console
    ) -> ExitCode {
        let (checks, baseline) = (outcome.checks, request.baseline)
        // The frames not recorded first: the count of those that were is the run's last line.
        for refused in checks where refused.status == .missingBaseline {
            console.line("Error: ", "\(refused.path): \(refused.message)")
        }
        announceRecorded(checks, in: baseline, what: "", console: console)
        say(outcome.orphans, in: baseline, manifest: request.settings.manifest, console)
        let expected = checks.map(plan.expecting)
        for failure in expected.flatMap({ check in check.expectationFailures.map { (check.path, $0) } }) {
            console.line("FAIL ", "\(failure.0): \(failure.1)")
        }
        let kept = checks.allSatisfy { $0.status == .recorded } && expected.allSatisfy(\.expectationFailures.isEmpty)
        return kept && !sceneFailed ? .success : .failure
    }

    /// A comparing run's end: what it recorded, its orphans, its reports, its FAIL lines and its exit code.
    private static func finish(
        _ outcome: CheckRun.Outcome, _ request: CheckRequest, check: BaselineCheck, plan: ManifestPlan,
        seconds: Double, started: Date, ending: String, console: Console
    ) throws -> ExitCode {
        let (baseline, manifest) = (request.baseline, request.settings.manifest)
        // Trajectories are checked from the layouts alone, whatever the pixels said.
        let checks = outcome.checks.map(plan.expecting)
        if request.mode == .never {
            hintAtIndexNamedBaselines(outcome.checks, baseline: baseline, manifest: manifest, console)
        } else {
            let what = request.mode == .missing ? "missing " : "missing or failing "
            announceRecorded(outcome.checks, in: baseline, what: what, console: console)
        }
        say(outcome.orphans, in: baseline, manifest: manifest, console)
        let name = manifest == "-" ? request.manifest.name : URL(fileURLWithPath: manifest).lastPathComponent
        let title = "gallery-render check — \(name)"
        let unwritten = CheckReporting.write(
            checks, report: request.report, junit: request.junit, title: title, suite: request.manifest.name,
            seconds: seconds,
            baseline: baseline, orphans: outcome.orphans.remaining,
            order: Dictionary(plan.frames.map { ($0.path, $0.order) }) { first, _ in first },
            shard: request.settings.shard.count > 1 ? request.settings.shard.description : nil,
            manifest: request.manifest.digest, dealing: plan.dealing,
            jobs: request.settings.jobs,
            open: { path throws(FileError) in try ContainedPath.open(path, under: baseline) }
        ) { frame in check.images(of: frame) }
        if let folder = request.report, unwritten.isEmpty {
            // The rendering's layout of each failed frame, for `accept` to keep beside its baseline. One
            // that cannot be written loses nothing the run reports: accept then writes no layout.
            for frame in checks where frame.failed {
                guard let text = plan.layoutText(of: frame.path) else { continue }
                try? ContainedPath.write(Array(text.utf8), to: ReportFolder.layout(of: frame.path), in: folder)
            }
        }
        CheckReporting.announce(
            checks, baseline: baseline, title: title, seconds: Date().timeIntervalSince(started), ending: ending,
            console: console)
        if !unwritten.isEmpty { throw CommandFailure(messages: unwritten.map(\.description)) }
        if checks.contains(where: { $0.status == .unreadable }) { return .cannotCompare }
        return checks.allSatisfy({ !$0.failed }) ? .success : .failure
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
        let example =
            checks.first { $0.scene == first && $0.status == .missingBaseline }?.path ?? "\(first)/offset-0.png"
        // Only the missing ones: --record would also accept every frame that now fails (found by
        // review); --prune deletes the index-named files no frame reads any more.
        console.warning(
            "baselines of \(old.count == 1 ? "scene '\(first)'" : "scenes " + old.map { "'\($0)'" }.joined(separator: ", ")) are named by index (\(first)/0000.png), frames now by offset (\(example)): record the missing ones with: gallery-render check \(ShellWord.manifest(manifest)) --baseline \(ShellWord.path(baseline)) --record-missing --prune"
        )
    }

    /// What became of the orphaned baselines, as a line each and the command that deletes them;
    /// the ones left are notes `--quiet` silences, as it does the count; each file deleted is said.
    private static func say(_ orphans: CheckRun.Orphans, in baseline: String, manifest: String, _ console: Console) {
        if case .pruned(let pruned, let withLayouts) = orphans {
            for orphan in pruned {
                let name = SystemPath.lastComponent(FramePath.layoutPath(of: orphan))
                let layout = withLayouts.contains(orphan) ? " and \(name)" : ""
                console.line("pruned ", SystemPath.joined(baseline, orphan) + layout)
            }
            guard !console.quiet else { return }
            console.line(
                "",
                "Pruned \(pruned.count) orphaned baseline\(pruned.count == 1 ? "" : "s") in \(SystemPath.joined(baseline, ""))"
            )
            return
        }
        guard !console.quiet else { return }
        for orphan in orphans.remaining {
            console.line("orphan ", "\(SystemPath.joined(baseline, orphan)): no frame of the manifest reads it")
        }
        if case .kept(_, let failed) = orphans, let first = failed.first {
            console.warning(
                "nothing pruned: scene '\(first)'\(failed.count > 1 ? " and \(failed.count - 1) more" : "") failed, and a failed run never deletes baselines"
            )
        } else if !orphans.remaining.isEmpty {
            let count = orphans.remaining.count
            console.line(
                "",
                "\(count) orphaned baseline\(count == 1 ? "" : "s"): delete \(count == 1 ? "it" : "them") with: gallery-render check \(ShellWord.manifest(manifest)) --baseline \(ShellWord.path(baseline)) --prune"
            )
        }
    }

    /// "recorded DIR/NAME.png and NAME.layout.json": said as each baseline is written, so that a run
    /// stopped part way has named every file it replaced.
    private static func announce(_ check: FrameCheck, in baseline: String, console: Console) {
        console.line(
            "recorded ",
            "\(SystemPath.joined(baseline, check.path)) and \(SystemPath.lastComponent(FramePath.layoutPath(of: check.path)))"
        )
    }

    /// How many baselines were recorded (each named as it was written).
    private static func announceRecorded(_ checks: [FrameCheck], in baseline: String, what: String, console: Console) {
        let recorded = checks.filter { $0.status == .recorded }
        // The count is the run's summary line, which `--quiet` silences; each file written is said.
        guard !console.quiet else { return }
        console.line(
            "",
            "Recorded \(recorded.count) \(what)baseline\(recorded.count == 1 ? "" : "s") in \(SystemPath.joined(baseline, ""))"
        )
    }
}
