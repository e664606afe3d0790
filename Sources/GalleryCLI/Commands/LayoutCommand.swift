import GalleryLayout
import RenderPipeline

/// `gallery-render layout [PHOTOS...] [options]`: the layout as JSON, no pixels.
enum LayoutCommand: Subcommand {
    static let spec = CommandSpec(
        commandName: "gallery-render layout",
        abstract: "Print the layout at a scroll offset as JSON (JSON Lines with --offsets); no pixels.",
        arguments: [("photos", "Folders and/or files, as for render; optional with --count.")],
        optionGroups: [
            ("SCENE OPTIONS", SceneOptions.specs),
            ("MOTION OPTIONS", [MotionOptions.declared.fling.spec, MotionOptions.declared.fps.spec]),
            ("OPTIONS", [RunOptions.help.spec]),
        ],
        discussion:
            "With --fling, one JSON object per frame of the fling (JSON Lines), each with \"time\" and every item's \"alpha\"; offset is x(t), unclamped during a bounce.\n\n"
            + SceneOptions.deviceHelp,
        usage: "gallery-render layout [<photos> ...] [--count <n>] [--offset <pt>] [options]")

    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitCode {
        let motion = MotionOptions.declared
        let description = try SceneDescription(parsed, motion: parsed.has(motion.fling))
        if parsed.positionals.isEmpty, description.count == nil {
            throw UsageError("Missing expected argument '<photos> ...' (or give --count)")
        }
        let photos = try PhotoListing.photos(from: parsed.positionals, allowEmpty: description.count != nil)
        let scene = description.scene(photos: photos)
        if let velocity = try parsed.read(motion.fling) {
            try AnimateCommand.checkMotion(parsed, description)
            let fling = AnimateCommand.flight(
                of: scene, offset: description.offsets[0], velocity: velocity, parsed: parsed)
            let frameScene = AnimateCommand.frameScene(scene)
            for time in MotionTimeline.times(duration: fling.duration, fps: try parsed.read(motion.fps)) {
                let frame: LayoutFrame
                do { frame = try frameScene.layout(atOffset: fling.offset(at: time)) } catch {
                    throw UsageError("--fling: \(error.reason)")
                }
                console.out(document(frame, scene: frameScene, time: time).compact + "\n")
            }
            return .success
        }
        for offset in description.offsets {
            let frame: LayoutFrame
            do { frame = try scene.layout(atOffset: offset) } catch {
                throw UsageError("--offset: \(error.reason)")
            }
            let json = document(frame, scene: scene)
            console.out((description.isSequence ? json.compact : json.pretty) + "\n")
        }
        return .success
    }

    /// The contract's `layout` object; for a frame of a motion, with its `time` and each item's alpha.
    static func document(_ frame: LayoutFrame, scene: Scene, time: Double? = nil) -> JSONValue {
        let viewport = scene.gallery.viewport
        let timed: [(String, JSONValue)] = time.map { [("time", .number($0))] } ?? []
        return .object(
            [
                ("layout", .string(scene.gallery.style.name)),
                ("viewport", .object([("width", .number(viewport.width)), ("height", .number(viewport.height))])),
                ("displayScale", .number(scene.displayScale)),
            ] + timed + [
                ("offset", .number(frame.offset)),
                (
                    "contentSize",
                    .object([
                        ("width", .number(frame.contentSize.width)), ("height", .number(frame.contentSize.height)),
                    ])
                ),
                (
                    "items",
                    .array(
                        frame.items.map { item in
                            .object(
                                [
                                    ("index", .number(Double(item.index))),
                                    ("photo", scene.photo(forItem: item.index).map(JSONValue.string) ?? .null),
                                    (
                                        "center",
                                        .object([("x", .number(item.center.x)), ("y", .number(item.center.y))])
                                    ),
                                    ("size", .number(item.size)),
                                    ("scale", .number(item.scale)),
                                ] + (time == nil ? [] : [("alpha", .number(1))]))
                        })
                ),
            ])
    }
}
