import Foundation
import GalleryCore
import GalleryLayout
import GalleryRender
import ImageCodecs
import RenderPipeline

/// `gallery-render animate PHOTOS... MOTION`: a fling, a layout toggle, a deletion or a rotation, as UIKit
/// animates it, to an APNG, an animated WebP or one PNG per frame.
enum AnimateCommand: Subcommand {
    static let spec = CommandSpec(
        commandName: "gallery-render animate",
        abstract:
            "Render a motion as UIKit animates it (a fling, a drag, a layout toggle, a deletion, a rotation, a carousel's scroll to an item) to an animated PNG or WebP.",
        arguments: [("photos", "Folders and/or files, as for render; optional with --count.")],
        optionGroups: [
            ("MOTION OPTIONS", MotionOptions.specs), ("SCENE OPTIONS", SceneOptions.specs),
            ("CAROUSEL OPTIONS", CarouselOptions.specs),
            ("OUTPUT OPTIONS", OutputOptions.specs + RunOptions.specs), ("OPTIONS", [RunOptions.help.spec]),
        ],
        discussion:
            "Give exactly one motion. A fling starts at --offset (clamped) and decelerates by --deceleration; without --snap it bounces at an edge, with --snap it ends exactly on the item --snap --velocity <fling> gives; frame k is render --offset x_k --overscroll, pixel for pixel, x_k = x(k/fps) on the device pixel grid. --drag moves the content with the finger for --drag-duration seconds, rubber-banding past an edge, then flings at --release (free, --snap or --paging) or springs back. --to-layout and --delete start from the frame render shows at --offset and take --duration seconds (ease-in-out), each item's centre, side, scale and alpha interpolated apart as UIKit animates center, bounds and transform; in a toggle, items fade in and out where they appear and disappear; in a deletion the deleted item fades and the others slide. --rotate turns the device (0.4 s unless --duration): every frame has the turned size, the interface drawn at its changing bounds and turned from a quarter turn to upright, black around it. The carousel types (--layout coverflow, …) fling with iCarousel's own physics and take --scroll-to INDEX (0.4 s).\n\n-o name.png writes an APNG, -o name.webp a lossless animated WebP (lossy with --quality).\n\nEXAMPLES:\n  gallery-render animate --fling 1000 --snap --display-scale 2 photos/ -o fling.png\n  gallery-render animate --to-layout flow --offset 340 photos/ -o toggle.webp\n  gallery-render animate --delete 2 photos/ --frames 'frames/{index}.png'\n  gallery-render animate --layout grid --rotate photos/ -o turn.png",
        usage:
            "gallery-render animate <photos> ... (--fling <pt-per-s> | --drag <pt> | --to-layout <layout> | --delete <index> | --rotate | --scroll-to <index>) [--fps <n>] [--duration <s>] [--loop <n>] [-o <path.png|path.webp>] [options]"
    )

    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitCode {
        let began = Date()
        let jobs = try RunOptions.jobs(parsed)
        let scenes = SceneOptions.declared, motionOptions = MotionOptions.declared
        if parsed.positionals.isEmpty, !parsed.has(scenes.count) {
            throw UsageError.missingArgument("<photos> ...", hint: "or give --count for placeholders")
        }
        let description = try SceneDescription(parsed, motion: true)
        guard let motion = try MotionDescription(parsed, scene: description) else {
            throw UsageError.rule(
                "Missing the motion to animate: give \(motionOptions.fling) <pt-per-s>, \(motionOptions.drag) <pt>, \(motionOptions.toLayout) <layout>, \(motionOptions.delete) <index>, \(motionOptions.rotate) or \(motionOptions.scrollTo) <index>"
            )
        }
        let (pattern, path, format, quality) = try outputs(parsed)
        let photos = try RenderCommand.photos(
            parsed, description, strict: parsed.isSet(OutputOptions.declared.strict), console: console)
        let scene = description.scene(photos: photos)
        console.clampedOffsets(
            description.offsets, of: scene, option: description.offsetOption, motion: motion.request)
        console.missingGlyphs(of: scene)
        let plan = try motion.plan(of: scene, offset: description.offsets[0])
        // An output that cannot be written (a folder, a name too long) fails before anything renders.
        let first = pattern.map {
            OutputOptions.path(pattern: $0, index: 0, offset: plan.plans.first?.layout.offset ?? 0)
        }
        if let unwritable = AtomicFile.checkWritable(first ?? path) { throw CommandFailure(unwritable.description) }
        // Known from the plan: said as the option it is, before anything renders (found by review: exit 1).
        let size = plan.frameScene.pixelSize
        if pattern == nil, format == .webp, max(size.width, size.height) > WebPAnimationWriter.maxSide {
            throw UsageError.invalidValue(
                path, for: OutputOptions.declared.output.spec,
                "an animated WebP is at most \(WebPAnimationWriter.maxSide) pixels a side, and these frames are \(size): write an APNG (.png) or make the frames smaller"
            )
        }
        let file = RenderJob.AnimationFile(
            format: format == .webp ? .webp(quality: quality) : .apng, fps: motion.fps, loops: motion.loops)
        let outputs = pattern.map { pattern in
            plan.plans.enumerated().map { OutputOptions.path(pattern: pattern, index: $0, offset: $1.layout.offset) }
        }
        var guarded = WriteGuard(reading: [scene], folders: parsed.positionals)
        for (index, output) in (outputs ?? [path]).enumerated() {
            try guarded.writes(
                output, outputs == nil ? OutputOptions.described(output: output) : "frame \(index)'s \(output)",
                image: true)
        }
        let job = RenderJob(
            name: "animate", scene: plan.frameScene, frames: .motion(plan, from: description.offsets[0]),
            output: outputs.map(RenderJob.Output.stills) ?? .animation(path, file))
        return try render(
            job, jobs: jobs, strict: parsed.isSet(OutputOptions.declared.strict), console: console, began: began)
    }

    /// The outputs asked for: a PNG per frame by `--frames`, or one animation at `-o` (its format
    /// from its name, `--quality` for a WebP alone); usage errors for the combinations that cannot be.
    private static func outputs(_ parsed: ParsedArguments) throws(UsageError) -> (
        pattern: String?, path: String, format: AnimationFormat, quality: Int?
    ) {
        let motionOptions = MotionOptions.declared
        let pattern = try parsed.read(motionOptions.frames)
        let output = try parsed.read(OutputOptions.declared.output)
        let frames = motionOptions.frames, outputOption = OutputOptions.declared.output
        if let pattern, !pattern.contains("{index}") { throw UsageError.rule("\(frames) must contain {index}") }
        if let pattern, !pattern.lowercased().hasSuffix(".png") {
            throw UsageError.rule("\(frames) writes one PNG per frame: the pattern must end in .png, not '\(pattern)'")
        }
        if pattern != nil, output != nil {
            throw UsageError.rule("Use either \(outputOption) (an animation) or \(frames) (PNGs), not both")
        }
        // render fills these in even for one frame; here they would end up in the file's name.
        if let output, output.contains("{index}") || output.contains("{offset}") {
            throw UsageError.rule(
                "\(outputOption) writes one animation, with {index} or {offset} in its name: for a PNG per frame use \(frames) PATTERN (a path containing {index}, ending in .png)"
            )
        }
        let path = output ?? OutputOptions.single
        // An image format animate does not write (found by review: x.gif held an APNG); no suffix, a
        // device or a FIFO is an APNG.
        if pattern == nil, let suffix = OutputOptions.otherImageSuffix(of: path), suffix != ".webp" {
            throw UsageError.invalidValue(
                path, for: outputOption.spec,
                "names a \(suffix) file, but animate writes an APNG (.png) or an animated WebP (.webp)")
        }
        let format = pattern == nil ? AnimationFormat(path: path) : .png
        let quality = try parsed.read(motionOptions.quality)
        if let quality, format != .webp {
            let why: UsageSentence = pattern == nil ? "'\(path)' is an APNG" : "\(frames) writes PNGs"
            throw UsageError.rule(
                "\(motionOptions.quality) \(quality) makes an animated WebP lossy: give -o NAME.webp (\(why.text(.flag)))"
            )
        }
        return (pattern, path, format, quality)
    }

    /// Renders the motion's frames and writes them: one animation, atomically, or one PNG per frame;
    /// the summary's time counts from `began` (the motion's planning included).
    static func render(_ job: RenderJob, jobs: Int, strict: Bool, console: Console, began: Date) throws -> ExitCode {
        let progress = Progress(total: job.frameCount, console: console, start: began)
        let report = Renderer(jobs: jobs, strict: strict).run(
            [job], onProblem: { problem in if !strict { console.warning(RenderCommand.describe(problem)) } },
            onFrame: { progress.advance() })
        if let failed = report.failedScenes.first {
            progress.finish()
            throw CommandFailure(
                messages: failed.failures.flatMap(RenderCommand.lines)
                    + (strict && report.frames.isEmpty ? ["--strict: nothing was written"] : []))
        }
        let count = job.frameCount
        progress.finish(
            summary: "animate: \(count) frame\(count == 1 ? "" : "s") in \(Progress.seconds(progress.elapsed))")
        return .success
    }
}
