import GalleryLayout
import RenderPipeline

/// `gallery-render layout [PHOTOS...] [options]`: the layout as JSON, no pixels.
enum LayoutCommand: Subcommand {
    static let spec = CommandSpec(
        commandName: "gallery-render layout",
        abstract: "Print the layout at a scroll offset as JSON (JSON Lines with --offsets); no pixels.",
        arguments: [("photos", "Folders and/or files, as for render; optional with --count.")],
        optionGroups: [("SCENE OPTIONS", SceneOptions.specs), ("OPTIONS", [OutputOptions.help])],
        discussion: SceneOptions.deviceHelp,
        usage: "gallery-render layout [<photos> ...] [--count <n>] [--offset <pt>] [options]")

    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitCode {
        _ = try SceneOptions.request(from: parsed, spec: spec, photos: [])
        if parsed.positionals.isEmpty, !parsed.has("count") {
            throw UsageError("Missing expected argument '<photos> ...' (or give --count)")
        }
        let photos = try PhotoListing.photos(from: parsed.positionals, allowEmpty: parsed.has("count"))
        let request = try SceneOptions.request(from: parsed, spec: spec, photos: photos)
        for offset in request.offsets {
            let frame: LayoutFrame
            do { frame = try request.scene.layout(atOffset: offset) } catch {
                throw UsageError("--offset: \(error.reason)")
            }
            let json = document(frame, scene: request.scene)
            console.out((request.isSequence ? json.compact : json.pretty) + "\n")
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
