import GalleryLayout
import RenderPipeline

/// `gallery-render layout [PHOTOS...] [options]`: the layout as JSON, no pixels.
enum LayoutCommand: Subcommand {
    static let spec = CommandSpec(
        commandName: "gallery-render layout",
        abstract: "Print the layout at a scroll offset as JSON (JSON Lines with --offsets); no pixels.",
        arguments: [("photos", "Folders and/or files, as for render; optional with --count.")],
        optionGroups: [("SCENE OPTIONS", SceneOptions.specs), ("OPTIONS", [RunOptions.help.spec])],
        discussion: SceneOptions.deviceHelp,
        usage: "gallery-render layout [<photos> ...] [--count <n>] [--offset <pt>] [options]")

    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitCode {
        let description = try SceneDescription(parsed)
        if parsed.positionals.isEmpty, description.count == nil {
            throw UsageError("Missing expected argument '<photos> ...' (or give --count)")
        }
        let photos = try PhotoListing.photos(from: parsed.positionals, allowEmpty: description.count != nil)
        let scene = description.scene(photos: photos)
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

    /// The contract's `layout` object.
    static func document(_ frame: LayoutFrame, scene: Scene) -> JSONValue {
        let viewport = scene.gallery.viewport
        return .object([
            ("layout", .string(scene.gallery.style.name)),
            ("viewport", .object([("width", .number(viewport.width)), ("height", .number(viewport.height))])),
            ("displayScale", .number(scene.displayScale)),
            ("offset", .number(frame.offset)),
            (
                "contentSize",
                .object([("width", .number(frame.contentSize.width)), ("height", .number(frame.contentSize.height))])
            ),
            (
                "items",
                .array(
                    frame.items.map { item in
                        .object([
                            ("index", .number(Double(item.index))),
                            ("photo", scene.photo(forItem: item.index).map(JSONValue.string) ?? .null),
                            ("center", .object([("x", .number(item.center.x)), ("y", .number(item.center.y))])),
                            ("size", .number(item.size)),
                            ("scale", .number(item.scale)),
                        ])
                    })
            ),
        ])
    }
}
