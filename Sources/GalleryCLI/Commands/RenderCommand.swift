import Foundation
import GalleryCore
import ImageCodecs
import RenderPipeline

/// `gallery-render [render] PHOTOS... [options]`: one frame, or one per offset.
enum RenderCommand: Subcommand {
    static let spec = CommandSpec(
        commandName: "gallery-render render",
        abstract: "Render the gallery at a scroll offset to a PNG.",
        arguments: [
            (
                "photos",
                "Folders and/or files, in order. A folder gives its PNG, JPEG, HEIF, AVIF and WebP files in natural order."
            )
        ],
        optionGroups: [
            ("SCENE OPTIONS", SceneOptions.specs), ("CAROUSEL OPTIONS", CarouselOptions.specs),
            ("OUTPUT OPTIONS", OutputOptions.specs + RunOptions.specs),
            ("OPTIONS", [RunOptions.help.spec]),
        ],
        discussion: SceneOptions.colorHelp + "\n\n" + SceneOptions.deviceHelp
            + "\n\nEXAMPLES:\n  gallery-render --width 375 --offset 120 photos/\n  gallery-render --device iphone-15 --offsets 0..680/17 -o 'frames/{index}.png' photos/",
        usage:
            "gallery-render [render] <photos> ... [--layout <layout>] [--width <pt>] [--offset <pt>] [-o <path>] [options]"
    )

    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitCode {
        let jobs = try RunOptions.jobs(parsed)
        if parsed.positionals.isEmpty, !parsed.has(SceneOptions.declared.count) {
            throw UsageError.missingArgument("<photos> ...", hint: "or give --count for placeholders")
        }
        // Options are validated before anything touches the disk.
        let description = try SceneDescription(parsed)
        let sequence = description.isSequence
        let pattern =
            try parsed.read(OutputOptions.declared.output) ?? (sequence ? OutputOptions.sequence : OutputOptions.single)
        let offsets = SceneOptions.declared.offsets, output = OutputOptions.declared.output
        if sequence, pattern == "-" { throw UsageError.rule("-o - writes one frame; \(offsets) needs a file pattern") }
        if sequence, !pattern.contains("{index}"), !pattern.contains("{offset}") {
            throw UsageError.rule("With \(offsets), \(output) must contain {index} or {offset}")
        }
        try checkDistinct(description.offsets, pattern: pattern)
        if let suffix = OutputOptions.otherImageSuffix(of: pattern) {
            throw UsageError.invalidValue(
                pattern, for: output.spec,
                "names a \(suffix) file, but render writes PNG: give a .png path (animate also writes .webp)")
        }

        let strict = parsed.isSet(OutputOptions.declared.strict)
        let photos = try Self.photos(parsed, description, strict: strict, console: console)
        let scene = description.scene(photos: photos)
        console.clampedOffsets(description.offsets, of: scene, option: description.offsetOption)
        console.missingGlyphs(of: scene)
        return try render(
            scene, offsets: description.offsets, pattern: pattern, photoFolders: parsed.positionals,
            strict: strict, jobs: jobs, console: console)
    }

    /// The photos `parsed` names. A file named like a photo that is not one (a Git LFS pointer) is
    /// skipped with a warning, or under `strict` fails the command before anything is written, each
    /// named: skipped, it would renumber the items after it.
    static func photos(_ parsed: ParsedArguments, _ description: SceneDescription, strict: Bool, console: Console)
        throws -> [String]
    {
        var skipped: [String] = []
        let photos = try PhotoListing.photos(from: parsed.positionals, allowEmpty: description.count != nil) {
            skipped.append($0)
        }
        if strict, !skipped.isEmpty {
            throw CommandFailure(
                messages: skipped.map { PhotoProblem.notAnImage($0).description } + ["--strict: nothing was written"])
        }
        skipped.forEach(console.skippedPhoto)
        return photos
    }

    /// Two frames that would write one file (`--offsets 0,1e-11 -o '{offset}.png'`) are a usage error,
    /// before anything renders.
    static func checkDistinct(_ offsets: [Double], pattern: String) throws(UsageError) {
        var seen: [String: Double] = [:]
        for (index, offset) in offsets.enumerated() {
            let path = OutputOptions.path(pattern: pattern, index: index, offset: offset)
            if let earlier = seen[path] {
                throw UsageError.rule(
                    "Offsets \(JSONValue.shortest(earlier)) and \(JSONValue.shortest(offset)) would both write '\(path)': put {index} in \(OutputOptions.declared.output)"
                )
            }
            seen[path] = offset
        }
    }

    /// Renders the frames through the batch renderer (one scene), reporting unreadable photos.
    static func render(
        _ scene: Scene, offsets: [Double], pattern: String, photoFolders: [String], strict: Bool, jobs: Int,
        console: Console
    ) throws -> ExitCode {
        let paths = offsets.enumerated().map { index, offset in
            OutputOptions.path(pattern: pattern, index: index, offset: offset)
        }
        var guarded = WriteGuard(reading: [scene], folders: photoFolders)
        let hint = pattern.contains("{index}") ? "" : ": put {index} in -o"
        for (path, offset) in zip(paths, offsets) {
            let what =
                paths.count > 1
                ? "offset \(JSONValue.shortest(offset))'s \(path)" : OutputOptions.described(output: path)
            try guarded.writes(path, what, hint: hint, image: true)
        }
        // An output that cannot be written (a folder, a name too long) fails before anything renders.
        if let unwritable = paths.lazy.compactMap(AtomicFile.checkWritable).first {
            throw CommandFailure(unwritable.description)
        }
        let progress = Progress(total: paths.count, console: console)
        let report = Renderer(jobs: jobs, strict: strict).run(
            [RenderJob(name: "render", scene: scene, frames: .offsets(offsets), output: .stills(paths))],
            // Under --strict a problem fails the command and is reported as an error instead.
            onProblem: { problem in if !strict { console.warning(Self.describe(problem)) } },
            onFrame: { progress.advance() })
        progress.finish()
        if let failed = report.failedScenes.first {
            throw CommandFailure(
                messages: failed.failures.flatMap(Self.lines)
                    + (strict && report.frames.isEmpty ? ["--strict: nothing was written"] : []))
        }
        return .success
    }

    /// Error lines for a failure: one per unreadable photo, so each file is named on its own line.
    static func lines(_ failure: SceneFailure) -> [String] {
        if case .unreadablePhotos(let problems) = failure { return problems.map(\.description) }
        return [failure.description]
    }

    /// One warning line: the file, the reason, and what was done about it.
    static func describe(_ problem: PhotoProblem) -> String {
        "\(problem.path): \(problem.message)\(problem.isError ? " (drawn as a placeholder)" : "")"
    }
}
