import Foundation
import GalleryCore
import ImageCodecs
import RenderPipeline
import SnapshotCheck
import Typography

/// `gallery-render batch MANIFEST.json --out DIR`: every scene of a manifest, or one shard of it.
enum BatchCommand: Subcommand {
    static let spec = CommandSpec(
        commandName: "gallery-render batch",
        abstract: "Render every scene of a JSON manifest (or one shard of it) into a folder.",
        arguments: [
            (
                "manifest",
                "A JSON manifest: {\"defaults\": {…}, \"scenes\": [{\"name\": …}, …]}; keys are the scene options' long names in camelCase, paths relative to the manifest; - reads it from standard input (paths relative to the working folder)."
            )
        ],
        optionGroups: [
            ("BATCH OPTIONS", BatchFolderOptions.specs + BatchOptions.specs + RunOptions.specs),
            ("OPTIONS", [RunOptions.help.spec]),
        ],
        discussion:
            "Exit status: 0 when every scene rendered, 1 when any failed, 64 for a usage or manifest error (nothing rendered).",
        usage: "gallery-render batch <manifest> --out <dir> [--shard <k/n>] [--jobs <n>] [--summary <file>] [options]")

    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitCode {
        let settings = try RunSettings(parsed)
        let folders = BatchFolderOptions.declared
        guard let out = try parsed.read(folders.out) else {
            throw UsageError.missingOption(folders.out.spec)
        }
        let plan = try ManifestPlan(
            manifest: try Manifest(path: settings.manifest), shard: settings.shard, outputFolder: out,
            strict: settings.strict, weights: settings.weights)
        let summary = try parsed.read(folders.summary)
        // A summary is no results.json: the weights it would replace could not be read again.
        var guarded = settings.writeGuard(plan)
        for job in plan.scenes {
            for output in job.output.paths {
                try guarded.writes(output, "the frame \(output) (scene '\(job.name)')", image: true)
            }
        }
        if let summary { try guarded.writes(summary, "--summary \(summary)") }
        // Until the run ends the summary file says it was interrupted; failing here is told at the
        // end. A stream (`--summary -`, a pipe) gets the final summary only: one JSON document.
        if let summary, AtomicFile.replacesFile(summary) {
            try? AtomicFile.write(Array(Summary.started(plan, shard: settings.shard).pretty.utf8) + [10], to: summary)
        }
        // --out that cannot be a folder (a file there, or on its way) fails every frame: said once,
        // before anything renders (found by review: every scene rendered, then failed, a line each).
        // A frame of its own that cannot be written fails its scene alone, the others written. After
        // the summary is begun: it then says this run was interrupted, never the last run's.
        if let unwritable = AtomicFile.checkWritable(SystemPath.joined(out, "frame.png")),
            case .createFolder(let folder) = unwritable.operation
        {
            throw CommandFailure(
                "cannot write into --\(folders.out.spec.name) \(out): cannot create folder \(folder): \(unwritable.reason)"
            )
        }
        let report = try render(plan, settings: settings, console: console)
        // Scenes' errors first: a summary that cannot be written must not hide them.
        let failed = report.failedScenes
        for scene in failed {
            console.line(
                "Error: ", "scene '\(scene.name)': \(scene.failures.map(\.description).joined(separator: "; "))")
        }
        if !console.quiet {
            console.error(
                "batch: \(report.frames.count) frame\(report.frames.count == 1 ? "" : "s") of \(report.scenes.count) scene\(report.scenes.count == 1 ? "" : "s"), \(failed.count) failed, in \(Progress.seconds(report.seconds))\(settings.fromCache(report))\n"
            )
        }
        if let summary {
            try AtomicFile.write(
                Array(Summary.document(report, plan: plan, shard: settings.shard).pretty.utf8) + [10], to: summary)
        }
        return failed.isEmpty ? .success : .failure
    }

    /// Renders a manifest plan with progress and warnings; failures before rendering join the report.
    /// Into `scratch` (a check's own folder), frames from the cache are not synced to disk.
    static func render(
        _ plan: ManifestPlan, settings: RunSettings, scratch: Bool = false,
        alreadyThere: (@Sendable (String, [UInt8]) -> Bool)? = nil, console: Console
    ) throws -> RenderReport {
        for path in plan.skippedPhotos { console.skippedPhoto(path) }
        if settings.weights?.unfinished == true, let file = settings.weightsFile {
            console.warning(
                "--\(BatchOptions.declared.shardWeights.spec.name) \(file) is empty (its run ended before it wrote its report): shards dealt by estimated cost"
            )
        }
        for job in plan.scenes {
            console.missingGlyphs(of: job.scene, option: "caption", font: "key 'font'", place: "scene '\(job.name)': ")
            guard case .offsets(let offsets) = job.frames else { continue }
            console.clampedOffsets(offsets, of: job.scene, option: "offset", place: "scene '\(job.name)': ")
        }
        // Every frame rendered, an animation's too: a long animation moves the bar as it goes.
        let progress = Progress(total: plan.scenes.reduce(0) { $0 + $1.frameCount }, console: console)
        var renderer = Renderer(jobs: settings.jobs, strict: settings.strict, cacheBytes: settings.cacheBytes)
        renderer.frameCache = try settings.openFrameCache()
        renderer.durable = !scratch
        renderer.alreadyThere = alreadyThere
        var report = renderer.run(
            // Under --strict a problem fails its scene and is reported as an error instead.
            plan.scenes, onProblem: { if !settings.strict { console.warning(RenderCommand.describe($0)) } },
            onFrame: { progress.advance() })
        progress.finish()
        if let cache = renderer.frameCache, cache.rejectedEntries > 0 {
            let count = cache.rejectedEntries
            console.warning(
                "--cache \(cache.folder): \(count) damaged entr\(count == 1 ? "y" : "ies") not used; the frames were rendered again"
            )
        }
        report.scenes += plan.failures.map { .init(name: $0.name, frameCount: 0, failures: [$0.failure]) }
        return report
    }

    /// The options `batch` and `check` share.
    struct RunSettings: Sendable {
        /// The end of the summary line with a frame cache: ", N frames from the cache".
        func fromCache(_ report: RenderReport) -> String {
            guard cacheFolder != nil else { return "" }
            let count = report.cachedFrames
            return ", \(count) frame\(count == 1 ? "" : "s") from the cache"
        }

        /// The frame cache `--cache` names, keyed by this build's version and libraries, made when
        /// missing; nil without the option. Opened once the manifest is planned: a usage error leaves
        /// no folder behind.
        func openFrameCache() throws -> FrameCache? {
            guard let cacheFolder else { return nil }
            let identity = ([GalleryCommand.version] + CodecLibraries.versions + [Font.libraryVersions])
                .joined(separator: "\n")
            do {
                return try FrameCache(folder: cacheFolder, capacityBytes: cacheCapacity, identity: identity)
            } catch {
                throw CommandFailure("--\(BatchOptions.declared.cache.spec.name): \(error)")
            }
        }

        let manifest: String
        let shard: Shard
        /// Measured seconds to deal shards by, when `--shard-weights` is given, and the file they
        /// were read from (a report folder's results.json).
        let weights: ShardWeights?
        let weightsFile: String?
        let jobs: Int
        let strict: Bool
        let cacheBytes: Int
        /// `--cache DIR` and `--cache-max-mb` in bytes.
        let cacheFolder: String?
        let cacheCapacity: Int

        /// A guard knowing what the run reads: the manifest, the shard weights (unless `renewed`:
        /// the run's own new results may replace them, `--report r --shard-weights r`, the CI loop),
        /// this shard's photos and caption fonts, every other shard's photos, and the photo folders.
        func writeGuard(_ plan: ManifestPlan, renewing renewed: String? = nil) -> WriteGuard {
            var guarded = WriteGuard(reading: plan.scenes.map(\.scene), folders: plan.everyPhotoInput)
            // A shard's outputs may not replace a photo another shard reads either (found by review:
            // --shard 1/2 --junit on a photo of shard 2's was written over).
            for input in plan.everyPhotoInput {
                let photos = SystemPath.isFolder(input) ? (try? PhotoListing.photosInFolder(input)) ?? [] : [input]
                for photo in photos { guarded.reads(photo, "the photo \(photo)") }
            }
            if manifest != "-" { guarded.reads(manifest, "the manifest \(manifest)") }
            if let weightsFile, renewed.map({ SystemPath.canonical($0) == SystemPath.canonical(weightsFile) }) != true {
                guarded.reads(weightsFile, "the shard weights \(weightsFile)")
            }
            return guarded
        }

        init(_ parsed: ParsedArguments) throws(UsageError) {
            guard parsed.positionals.count == 1, let manifest = parsed.positionals.first else {
                throw parsed.positionals.isEmpty
                    ? UsageError.missingArgument("<manifest>")
                    : UsageError("Expected one manifest, got \(parsed.positionals.count) arguments")
            }
            self.manifest = manifest
            let options = BatchOptions.declared
            shard = try parsed.read(options.shard)
            let weightsPath = try parsed.read(options.shardWeights)
            weightsFile = weightsPath.map { SystemPath.isFolder($0) ? SystemPath.joined($0, ReportFolder.results) : $0 }
            weights = try weightsPath.map { (path) throws(UsageError) in
                try ShardWeights.read(path, option: options.shardWeights.spec)
            }
            jobs = try RunOptions.jobs(parsed)
            strict = parsed.isSet(options.strict)
            cacheBytes = try parsed.read(options.cacheMB) << 20
            cacheFolder = try parsed.read(options.cache)
            cacheCapacity = try parsed.read(options.cacheMaxMB) << 20
            if cacheFolder == nil, parsed.has(options.cacheMaxMB) {
                throw UsageError.requires(options.cacheMaxMB.spec, options.cache.spec)
            }
        }
    }
}
