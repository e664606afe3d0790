import Foundation
import GalleryCore
import ImageCodecs
import RenderPipeline
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
            "gallery-render check <manifest> --baseline <dir> [--record] [--report <dir>] [--junit <file>] [--shard <k/n>]"
    )

    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitCode {
        let settings = try BatchCommand.RunSettings(parsed)
        let options = CheckOptions.declared
        guard let baseline = try parsed.read(options.baseline) else {
            throw UsageError("Missing expected option '\(options.baseline.spec.displayName)'")
        }
        let criteria = try DiffOptions.criteria(parsed)
        let manifest = try Manifest(path: settings.manifest)
        let record = parsed.isSet(options.record)

        let actualFolder = record ? baseline : NSTemporaryDirectory() + "gallery-render-check-\(UUID().uuidString)"
        defer { if !record { try? FileManager.default.removeItem(atPath: actualFolder) } }
        let plan = try ManifestPlan(manifest: manifest, shard: settings.shard, outputFolder: actualFolder)
        let report = BatchCommand.render(plan, settings: settings, console: console)
        for scene in report.failedScenes {
            console.error(
                "Error: scene '\(scene.name)': \(scene.failures.map(\.description).joined(separator: "; "))\n")
        }
        if record {
            console.error("Recorded \(report.frames.count) baselines in \(baseline)\n")
            return report.failedScenes.isEmpty ? .success : .failure
        }

        var checks = compare(
            plan: plan, report: report, baseline: baseline, actualFolder: actualFolder, manifest: settings.manifest,
            criteria: criteria, jobs: settings.jobs)
        if parsed.isSet(options.recordMissing) {
            checks = try recordMissing(checks, from: actualFolder, into: baseline)
            let recorded = checks.filter { $0.status == .recorded }.count
            console.error("Recorded \(recorded) missing baselines in \(baseline)\n")
        }
        if let folder = try parsed.read(options.report) {
            try HTMLReport.write(
                checks, to: folder,
                title: "gallery-render check — \(URL(fileURLWithPath: settings.manifest).lastPathComponent)"
            ) { check in
                let diff = actualFolder + "/.diff/" + check.path
                return (
                    baseline + "/" + check.path, actualFolder + "/" + check.path,
                    FileManager.default.fileExists(atPath: diff) ? diff : nil
                )
            }
        }
        if let junit = try parsed.read(options.junit) {
            try AtomicFile.write(
                Array(JUnitReport.xml(checks, suite: settings.manifest, seconds: report.seconds).utf8), to: junit)
        }
        let failing = checks.filter(\.failed)
        let annotate = ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true"
        for check in failing {
            console.error("FAIL \(check.path): \(check.message)\n")
            if annotate {
                console.out(
                    GitHubAnnotation(
                        file: "\(baseline)/\(check.path)", title: "gallery-render check: \(check.path)",
                        message: check.message
                    ).line)
            }
        }
        console.error("\(checks.count - failing.count) passed, \(failing.count) failed\n")
        if checks.contains(where: { $0.status == .unreadable }) { return .cannotCompare }
        return failing.isEmpty && report.failedScenes.isEmpty ? .success : .failure
    }

    /// Writes the rendered frame of every check with a missing baseline as its baseline; those checks
    /// pass, saying so.
    static func recordMissing(_ checks: [FrameCheck], from actualFolder: String, into baseline: String) throws
        -> [FrameCheck]
    {
        try checks.map { check in
            guard check.status == .missingBaseline else { return check }
            let bytes = try ImageDecoder.readBytes(atPath: actualFolder + "/" + check.path)
            try AtomicFile.write(bytes, to: baseline + "/" + check.path)
            return FrameCheck(
                path: check.path, scene: check.scene, status: .recorded, message: "recorded as the new baseline",
                comparison: nil, seconds: check.seconds)
        }
    }

    /// Compares every planned frame with its baseline, in parallel; failing frames keep a diff image
    /// under `actualFolder/.diff/` for the report.
    static func compare(
        plan: ManifestPlan, report: BatchReport, baseline: String, actualFolder: String, manifest: String,
        criteria: DiffCriteria, jobs: Int
    ) -> [FrameCheck] {
        let rendered = Set(report.frames.map(\.output))
        let sceneOfFrame = plan.jobs.flatMap { job in job.frames.map { _ in job.name } }
        let work = Array(zip(plan.relativePaths, sceneOfFrame))
        let comparer = ImageComparer(criteria: criteria)
        var checks = Parallel.map(work, jobs: jobs) { path, scene -> FrameCheck in
            let began = Date()
            let expected = baseline + "/" + path, actual = actualFolder + "/" + path
            func verdict(_ status: FrameCheck.Status, _ message: String, _ comparison: Comparison? = nil) -> FrameCheck
            {
                FrameCheck(
                    path: path, scene: scene, status: status, message: message, comparison: comparison,
                    seconds: Date().timeIntervalSince(began))
            }
            guard rendered.contains(actual) else {
                return verdict(.sceneFailed, "the frame was not rendered (scene '\(scene)' failed)")
            }
            guard FileManager.default.fileExists(atPath: expected) else {
                return verdict(
                    .missingBaseline,
                    "no baseline at \(expected); record missing baselines with: gallery-render check \(manifest) --baseline \(baseline) --record-missing"
                )
            }
            var (comparison, _) = comparer.compare(expected: expected, actual: actual)
            if !comparison.matches, case .compared = comparison {
                let withImage = comparer.compare(expected: expected, actual: actual, diffImage: true)
                comparison = withImage.0
                if let diff = withImage.1, let png = try? PNGEncoder.encode(diff, compression: .matches) {
                    try? AtomicFile.write(png, to: actualFolder + "/.diff/" + path)
                }
            }
            switch comparison {
            case .compared(let counts):
                return verdict(counts.matches ? .passed : .different, comparison.summary, comparison)
            case .sizeMismatch: return verdict(.different, comparison.summary, comparison)
            case .unreadable: return verdict(.unreadable, comparison.summary, comparison)
            }
        }
        // Scenes that failed before rendering have no planned frames; report them as one case each.
        for (name, failure) in plan.failures {
            checks.append(
                FrameCheck(
                    path: name, scene: name, status: .sceneFailed, message: failure.description, comparison: nil,
                    seconds: 0))
        }
        return checks
    }
}
