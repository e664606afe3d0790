import GalleryCore
import GalleryLayout
import ImageCodecs
import RenderPipeline

/// `gallery-render animate PHOTOS... --fling V`: a fling as UIScrollView animates it, to an APNG.
enum AnimateCommand: Subcommand {
    static let spec = CommandSpec(
        commandName: "gallery-render animate",
        abstract: "Render a fling, as UIScrollView animates it (deceleration, bounce, snap), to an animated PNG.",
        arguments: [("photos", "Folders and/or files, as for render; optional with --count.")],
        optionGroups: [
            ("MOTION OPTIONS", MotionOptions.specs), ("SCENE OPTIONS", SceneOptions.specs),
            ("OUTPUT OPTIONS", OutputOptions.specs + RunOptions.specs), ("OPTIONS", [RunOptions.help.spec]),
        ],
        discussion:
            "The fling starts at --offset (clamped) and decelerates by --deceleration; without --snap it bounces at an edge, with --snap it ends exactly on the item --snap --velocity <fling> gives. Frame k is render --offset x(k/fps) --overscroll, pixel for pixel.\n\nEXAMPLES:\n  gallery-render animate --fling 1000 --snap --display-scale 2 photos/ -o fling.png\n  gallery-render animate --fling -2500 --offset 600 photos/ --frames 'frames/{index}.png'",
        usage:
            "gallery-render animate <photos> ... --fling <pt-per-s> [--fps <n>] [--loop <n>] [-o <path.png>] [options]"
    )

    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitCode {
        let jobs = try RunOptions.jobs(parsed)
        let scenes = SceneOptions.declared, motion = MotionOptions.declared
        if parsed.positionals.isEmpty, !parsed.has(scenes.count) {
            throw UsageError("Missing expected argument '<photos> ...' (or give --count for placeholders)")
        }
        let description = try SceneDescription(parsed, motion: true)
        guard let velocity = try parsed.read(motion.fling) else {
            throw UsageError("Missing expected option '--fling <pt-per-s>': the motion to animate")
        }
        try checkMotion(parsed, description)
        let (fps, loops) = (try parsed.read(motion.fps), try parsed.read(motion.loop))
        let pattern = try parsed.read(motion.frames)
        let output = try parsed.read(OutputOptions.declared.output)
        if let pattern, !pattern.contains("{index}") { throw UsageError("--frames must contain {index}") }
        if pattern != nil, output != nil {
            throw UsageError("Use either --output (an APNG) or --frames (PNGs), not both")
        }
        let path = output ?? OutputOptions.single
        if pattern == nil, !path.lowercased().hasSuffix(".png"), path != "-" {
            throw UsageError(
                "The value '\(path)' is invalid for '--output <path>': an animation is written as an APNG (.png)")
        }

        let photos = try PhotoListing.photos(from: parsed.positionals, allowEmpty: description.count != nil)
        let scene = description.scene(photos: photos)
        let fling = flight(of: scene, offset: description.offsets[0], velocity: velocity, parsed: parsed)
        let offsets = MotionTimeline.times(duration: fling.duration, fps: fps).map(fling.offset(at:))
        let pixels = scene.pixelSize.width * scene.pixelSize.height
        guard offsets.count * pixels <= MotionOptions.pixelBudget else {
            throw UsageError(
                "The animation would be \(offsets.count) frames of \(scene.pixelSize) pixels: at most \(MotionOptions.pixelBudget / 1_000_000) megapixels in all; lower --fps or the frame size"
            )
        }
        return try write(
            MotionRenderer(scene: frameScene(scene), jobs: jobs), offsets: offsets, fps: fps, loops: loops,
            output: pattern.map(Output.frames) ?? .animation(path), strict: parsed.isSet(OutputOptions.declared.strict),
            console: console)
    }

    /// What a fling cannot be combined with (animate and layout alike).
    static func checkMotion(_ parsed: ParsedArguments, _ description: SceneDescription) throws(UsageError) {
        if description.isSequence {
            throw UsageError("--offsets cannot be used with --fling: the motion gives the offsets")
        }
        if parsed.isSet(SceneOptions.declared.overscroll) {
            throw UsageError("--overscroll cannot be used with --fling: the fling bounces at the edges by itself")
        }
    }

    /// The scene each frame of a motion is: `render --offset x(t) --overscroll`, no snap per frame.
    static func frameScene(_ scene: Scene) -> Scene {
        var frameScene = scene
        frameScene.snap = nil
        frameScene.gallery.allowsOverscroll = true
        return frameScene
    }

    /// Where the frames go.
    enum Output {
        case animation(String)
        case frames(String)
    }

    /// The fling of `scene` from `offset` (clamped) at `velocity`, bent to the snap target with --snap.
    static func flight(of scene: Scene, offset: Double, velocity: Double, parsed: ParsedArguments) -> Fling {
        let gallery = scene.gallery
        let deceleration = scene.snap?.deceleration ?? (try? parsed.read(SceneOptions.declared.deceleration)) ?? .normal
        let start = gallery.clamped(offset)
        let target = scene.snap.map { _ in gallery.snapped(start, velocity: velocity, deceleration: deceleration) }
        return Fling(
            from: start, velocity: velocity, deceleration: deceleration, range: gallery.scrollableRange, target: target)
    }

    /// Renders the frames and writes them: one APNG, atomically, or one PNG per frame.
    static func write(
        _ renderer: MotionRenderer, offsets: [Double], fps: Int, loops: Int, output: Output, strict: Bool,
        console: Console
    ) throws -> ExitCode {
        var writer = APNGWriter(fps: fps, loops: loops, alpha: renderer.scene.background.a < 255)
        let progress = Progress(total: offsets.count, console: console)
        do {
            _ = try renderer.run(
                offsets: offsets, strict: strict,
                onProblem: { problem in if !strict { console.warning(RenderCommand.describe(problem)) } }
            ) { index, image in
                switch output {
                case .animation: try writer.append(image)
                case .frames(let pattern):
                    let path = OutputOptions.path(pattern: pattern, index: index, offset: offsets[index])
                    try AtomicFile.write(try PNGEncoder.encode(image), to: path)
                }
                progress.advance()
            }
            if case .animation(let path) = output { try AtomicFile.write(writer.bytes(), to: path) }
        } catch let failure as MotionRenderer.UnreadablePhotos {
            throw CommandFailure(messages: failure.problems.map(\.description) + ["--strict: nothing was written"])
        } catch let error as OutOfMemory {
            throw CommandFailure("\(error)")
        } catch let error as EncodeError {
            throw CommandFailure(error.description)
        } catch let error as FileError {
            throw CommandFailure(error.description)
        }
        progress.finish()
        return .success
    }
}
