import GalleryCore
import GalleryLayout
import RenderPipeline

/// `gallery-render layout [PHOTOS...] [options]`: the layout as JSON, no pixels.
enum LayoutCommand: Subcommand {
    static let spec = CommandSpec(
        commandName: "gallery-render layout",
        abstract: "Print the layout at a scroll offset as JSON (JSON Lines with --offsets); no pixels.",
        arguments: [("photos", "Folders and/or files, as for render; optional with --count.")],
        optionGroups: [
            ("SCENE OPTIONS", SceneOptions.specs), ("CAROUSEL OPTIONS", CarouselOptions.specs),
            ("MOTION OPTIONS", MotionOptions.declared.layoutSpecs),
            ("OPTIONS", [RunOptions.help.spec]),
        ],
        discussion:
            "With a motion (--fling, --drag, --scroll-to, --to-layout, --delete, --rotate), one JSON object per frame (JSON Lines), each with \"time\" and every drawn item's \"alpha\", in draw order; --rotate adds \"rotation\" (degrees, counter-clockwise) and gives the interface's bounds as \"viewport\", item centres in its coordinates; for a fling offset is x(t) on the device pixel grid, unclamped during a bounce; for a transition layout, offset and contentSize are the start's until the last frame, which gives the end's.\n\n"
            + SceneOptions.deviceHelp,
        usage: "gallery-render layout [<photos> ...] [--count <n>] [--offset <pt>] [options]")

    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitCode {
        let motionOptions = MotionOptions.declared
        let description = try SceneDescription(parsed, motion: motionOptions.scrolls(parsed))
        let motion = try MotionDescription(parsed, scene: description)
        if parsed.positionals.isEmpty, description.count == nil {
            throw UsageError.missingArgument("<photos> ...", hint: "or give --count")
        }
        let photos = try PhotoListing.photos(
            from: parsed.positionals, allowEmpty: description.count != nil, skipped: console.skippedPhoto)
        let scene = description.scene(photos: photos)
        console.clampedOffsets(
            description.offsets, of: scene, option: description.offsetOption, motion: motion?.request)
        if let motion {
            // A write a megabyte, not one a frame (a 7,232-frame drag made 7,232 writes).
            try SceneLayout.writeJSONLines(of: motion, scene: scene, offset: description.offsets[0]) {
                console.out(bytes: $0)
            }
            return .success
        }
        for offset in description.offsets {
            let frame: LayoutFrame
            do { frame = try scene.layout(atOffset: offset) } catch {
                throw UsageError.rule("\(SceneOptions.declared.offset): \(error.reason)")
            }
            let json = LayoutDocument.object(frame, scene: scene)
            console.out((description.isSequence ? json.compact : json.pretty) + "\n")
        }
        return .success
    }
}
