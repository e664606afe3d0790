import Foundation
import ImageCodecs
import RenderPipeline

/// `gallery-render [render] PHOTOS... [options]`: one frame, or one per offset.
enum RenderCommand {
    static let spec = CommandSpec(
        commandName: "gallery-render render",
        abstract: "Render the gallery at a scroll offset to a PNG.",
        arguments: [("photos", "Folders and/or files, in order. A folder gives its PNG and JPEG files in natural order.")],
        optionGroups: [
            ("SCENE OPTIONS", SceneOptions.specs), ("OUTPUT OPTIONS", OutputOptions.specs), ("OPTIONS", [OutputOptions.help]),
        ],
        discussion: SceneOptions.colorHelp + "\n\n" + SceneOptions.deviceHelp + "\n\nEXAMPLES:\n  gallery-render --width 375 --offset 120 photos/\n  gallery-render --device iphone-15 --offsets 0..680/17 -o 'frames/{index}.png' photos/",
        usage: "gallery-render [render] <photos> ... [--layout <layout>] [--width <pt>] [--offset <pt>] [-o <path>] [options]")

    static func run(_ arguments: [String], console: inout Console) throws -> ExitCode {
        let parsed = try ArgumentParser.parse(arguments, spec: spec)
        if parsed.flag("help") {
            console.out(HelpFormatter.help(for: spec))
            return .success
        }
        console.quiet = parsed.flag("quiet")
        let read = ValueParsing(source: parsed, spec: spec)
        let jobs = try OutputOptions.jobs(read)
        if parsed.positionals.isEmpty, !parsed.has("count") {
            throw UsageError("Missing expected argument '<photos> ...' (or give --count for placeholders)")
        }
        // Options are validated before anything touches the disk.
        _ = try SceneOptions.request(from: parsed, spec: spec, photos: [])
        let sequence = parsed.has("offsets")
        let pattern = parsed.value("output") ?? (sequence ? "gallery-{index}.png" : "gallery.png")
        if sequence, pattern == "-" { throw UsageError("-o - writes one frame; --offsets needs a file pattern") }
        if sequence, !pattern.contains("{index}"), !pattern.contains("{offset}") {
            throw UsageError("With --offsets, --output must contain {index} or {offset}")
        }

        let photos = try PhotoListing.photos(from: parsed.positionals, allowEmpty: parsed.has("count"))
        let request = try SceneOptions.request(from: parsed, spec: spec, photos: photos)
        return try render(request, pattern: pattern, strict: parsed.flag("strict"), jobs: jobs, console: console)
    }

    /// Plans every frame, decodes each photo once, reports unreadable photos, then renders and writes.
    static func render(_ request: SceneOptions.Request, pattern: String, strict: Bool, jobs: Int, console: Console)
        throws -> ExitCode
    {
        let scene = request.scene
        var plans: [FramePlan] = []
        for offset in request.offsets {
            do { plans.append(try FramePlan(scene: scene, offset: offset)) } catch {
                throw UsageError("--offset: \(error.reason)")
            }
        }
        let photos = DecodedPhotos(for: plans, contentMode: scene.style.contentMode, budget: scene.budget, jobs: jobs)
        let problems = photos.problems
        if strict, !problems.isEmpty {
            throw CommandFailure(messages: problems.map { "\($0.path): \($0.message)" } + ["--strict: nothing was written"])
        }
        for problem in problems { console.warning("\(problem.path): \(problem.message)\(problem.isError ? " (drawn as a placeholder)" : "")") }

        let renderer = FrameRenderer(scene: scene)
        let progress = Progress(total: plans.count, console: console)
        // Frames run in parallel when there are several; a single frame parallelises over its items.
        let frameJobs = plans.count > 1 ? jobs : 1
        let frames = plans
        let outcomes = Parallel.map(Array(frames.indices), jobs: frameJobs) { (index: Int) -> String? in
            let image = renderer.render(frames[index], photos: photos, jobs: frames.count > 1 ? 1 : jobs)
            let path = OutputOptions.path(pattern: pattern, index: index, offset: request.offsets[index])
            defer { progress.advance() }
            do {
                try AtomicFile.write(try PNGEncoder.encode(image), to: path)
                return nil
            } catch {
                return "\(error)"
            }
        }
        progress.finish()
        let failures = outcomes.compactMap { $0 }
        guard failures.isEmpty else { throw CommandFailure(messages: failures) }
        return .success
    }
}
