import GalleryCore
import SnapshotCheck
import VisualDiff

/// What `check` was asked, read and checked before anything renders: the run's settings, the
/// baseline folder, the record mode, the comparison criteria and where the reports go.
struct CheckRequest {
    let settings: BatchCommand.RunSettings
    let manifest: Manifest
    let baseline: String
    let mode: RecordMode
    let prune: Bool
    let criteria: DiffCriteria
    /// Each scene's own criteria from the manifest, unless diff options on the command line replace them.
    let sceneCriteria: [String: DiffCriteria]
    let report: String?
    let junit: String?

    init(_ parsed: ParsedArguments) throws {
        settings = try BatchCommand.RunSettings(parsed)
        let options = CheckOptions.declared
        guard let baseline = try parsed.read(options.baseline) else {
            throw UsageError.missingOption(options.baseline.spec)
        }
        self.baseline = baseline
        mode = try options.recordMode(parsed)
        prune = parsed.isSet(options.prune)
        if prune, settings.shard.count > 1 {
            throw UsageError.rule(
                "\(options.prune) needs the whole manifest: a shard reads only a share of the baselines (drop \(BatchOptions.declared.shard))"
            )
        }
        // The manifest first: a mistyped one is named as such, not blamed on the baseline folder.
        manifest = try Manifest(path: settings.manifest)
        if let cache = settings.cacheFolder, SystemPath.isInside(cache, folder: baseline) {
            throw UsageError.rule(
                "\(BatchOptions.declared.cache) \(cache) is inside the baseline folder \(baseline): its entries would go into the repository with the baselines; give a folder outside it"
            )
        }
        criteria = try DiffOptions.criteria(parsed)
        // Diff options on the command line replace the manifest's, as a whole.
        let givenHere = DiffOptions.specs.contains { parsed.has($0.name) }
        let manifestCriteria = try manifest.diffCriteria()  // checked even when replaced
        sceneCriteria = givenHere ? [:] : manifestCriteria
        report = try parsed.read(options.report)
        junit = try parsed.read(options.junit)
        if let report { try Self.checkReport(report, baseline: baseline) }
    }

    /// A report folder that is the baseline folder (or holds it in its `images/` or `layouts/`) would
    /// write its files among the baselines (found by review: a report's layout replaced the baseline
    /// layout of scene "layouts").
    private static func checkReport(_ report: String, baseline: String) throws(UsageError) {
        guard let folder = SystemPath.canonical(report), let baselines = SystemPath.canonical(baseline) else { return }
        let inner = [ReportFolder.images, ReportFolder.layouts].map { SystemPath.joined(folder, String($0.dropLast())) }
        guard folder == baselines || inner.contains(where: { SystemPath.isUnder(baselines, $0) }) else { return }
        throw UsageError(
            "--report \(report) would write its images/ and layouts/ among the baselines in \(baseline): give it a folder of its own, such as \(SystemPath.joined(report, "report"))"
        )
    }

    /// Without a record mode a missing baseline folder is one error, not a missing baseline per frame;
    /// a file where the folder should be is one error too, in every mode (recording cannot create it).
    /// Checked once the run has emptied its earlier report (an unmounted volume must not leave one).
    func checkBaselineFolder() throws { try Self.checkFolder(baseline, mode: mode, manifest: settings.manifest) }

    private static func checkFolder(_ baseline: String, mode: RecordMode, manifest: String) throws {
        if mode == .never, !SystemPath.exists(baseline) {
            throw CommandFailure(
                "the baseline folder \(baseline) does not exist; record it with: gallery-render check \(ShellWord.manifest(manifest)) --baseline \(ShellWord.path(baseline)) --record"
            )
        }
        if SystemPath.exists(baseline), !SystemPath.isFolder(baseline) {
            throw CommandFailure("the baseline folder \(baseline) is not a folder")
        }
    }
}
