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
            "With a motion (--fling, --to-layout, --delete, --rotate), one JSON object per frame (JSON Lines), each with \"time\" and every drawn item's \"alpha\", in draw order; --rotate adds \"rotation\" (degrees, counter-clockwise) and gives the interface's bounds as \"viewport\", item centres in its coordinates; for a fling offset is x(t) on the device pixel grid, unclamped during a bounce; for a transition layout, offset and contentSize are the start's until the last frame, which gives the end's.\n\n"
            + SceneOptions.deviceHelp,
        usage: "gallery-render layout [<photos> ...] [--count <n>] [--offset <pt>] [options]")

    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitCode {
        let motionOptions = MotionOptions.declared
        let description = try SceneDescription(parsed, motion: parsed.has(motionOptions.fling))
        let motion = try MotionDescription(parsed, scene: description)
        if parsed.positionals.isEmpty, description.count == nil {
            throw UsageError.missingArgument("<photos> ...", hint: "or give --count")
        }
        let photos = try PhotoListing.photos(
            from: parsed.positionals, allowEmpty: description.count != nil, skipped: console.skippedPhoto)
        let scene = description.scene(photos: photos)
        console.clampedOffsets(description.offsets, of: scene, option: description.offsetOption)
        if let motion {
            for line in try lines(of: motion, scene: scene, offset: description.offsets[0]) { console.out(line + "\n") }
            return .success
        }
        for offset in description.offsets {
            let frame: LayoutFrame
            do { frame = try scene.layout(atOffset: offset) } catch {
                throw UsageError.rule("\(SceneOptions.declared.offset): \(error.reason)")
            }
            let json = document(frame, scene: scene)
            console.out((description.isSequence ? json.compact : json.pretty) + "\n")
        }
        return .success
    }

    /// The contract's `layout` object; for a frame of a motion, with its `time` and `items` (in draw
    /// order, each with its alpha) in place of the frame's.
    /// The JSON Lines of `motion` of `scene` from `offset`: one compact object per frame.
    static func lines(of motion: MotionDescription, scene: Scene, offset: Double) throws(UsageError) -> [String] {
        let (engine, frameScene) = try motion.motion(of: scene, offset: offset)
        let states: [MotionState]
        do { states = try engine.states(fps: motion.fps) } catch {
            throw UsageError.rule("\(SceneOptions.declared.offset): \(error.reason)")
        }
        return states.map { state in
            var stateScene = frameScene
            stateScene.gallery = state.gallery
            return document(state.frame, scene: stateScene, items: state.items, time: state.time, turn: state.turn)
                .compact
        }
    }

    /// The `layout` text of the frame of `scene` at `offset` (the pretty object `layout` prints), or of
    /// `motion` from there (its JSON Lines): what recording writes beside a baseline.
    static func text(of scene: Scene, offset: Double, motion: MotionDescription?) -> String? {
        if let motion {
            return (try? lines(of: motion, scene: scene, offset: offset))?.joined(separator: "\n").appending("\n")
        }
        return (try? scene.layout(atOffset: offset)).map { document($0, scene: scene).pretty + "\n" }
    }

    /// In a rotation's frame (`turn`), `viewport` is the interface's bounds w(p) × h(p) and `rotation`
    /// its turn θ in degrees (counter-clockwise positive) follows `time`.
    static func document(
        _ frame: LayoutFrame, scene: Scene, items: [AnimatedItem]? = nil, time: Double? = nil,
        turn: InterfaceTurn? = nil
    ) -> JSONValue {
        let viewport = turn?.viewport ?? scene.gallery.viewport
        let timed: [(String, JSONValue)] =
            (time.map { [("time", .number($0))] } ?? []) + (turn.map { [("rotation", .number($0.degrees))] } ?? [])
        return .object(
            [
                ("layout", .string(scene.gallery.style.name)),
                ("viewport", .object([("width", .number(viewport.width)), ("height", .number(viewport.height))])),
                ("displayScale", .number(scene.displayScale)),
            ] + timed + [
                // A motion's offset to the last bit: `render --offset` of it is the frame exactly.
                ("offset", time == nil ? .number(frame.offset) : .exactNumber(frame.offset)),
                (
                    "contentSize",
                    .object([
                        ("width", .number(frame.contentSize.width)), ("height", .number(frame.contentSize.height)),
                    ])
                ),
                (
                    "items",
                    .array(
                        (items ?? frame.items.map { AnimatedItem(item: $0, alpha: 1) }).map { animated in
                            let item = animated.item
                            return .object(
                                [
                                    ("index", .number(Double(item.index))),
                                    ("photo", scene.photo(forItem: item.index).map(JSONValue.string) ?? .null),
                                    (
                                        "center",
                                        .object([("x", .number(item.center.x)), ("y", .number(item.center.y))])
                                    ),
                                    ("size", .number(item.size)),
                                    ("scale", .number(item.scale)),
                                ] + attributes(of: item, alpha: items == nil ? nil : animated.alpha))
                        })
                ),
            ] + (frame.scrollOffset.map { [("scrollOffset", .exactNumber($0))] } ?? []))
    }

    /// What an item has beyond a plain scale, each only where it is not the default: a carousel's
    /// offset o, non-square bounds, a transform, and alpha (always in a motion, where the layout
    /// gives one, else only below 1). Transforms and alphas at full precision.
    private static func attributes(of item: LayoutItem, alpha motionAlpha: Double?) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = []
        if let offset = item.carouselOffset { pairs.append(("offset", .exactNumber(offset))) }
        if let bounds = item.bounds, bounds.width != bounds.height {
            pairs.append(("bounds", .object([("width", .number(bounds.width)), ("height", .number(bounds.height))])))
        }
        // A carousel item always has its transform (an identity too, as iCarousel's item view does).
        if let transform = item.transform, transform.plainScale == nil || item.carouselOffset != nil {
            pairs.append(("transform", .array(transform.values.map(JSONValue.exactNumber))))
        }
        if let motionAlpha, item.carouselOffset == nil {
            pairs.append(("alpha", .number(motionAlpha)))
        } else if item.carouselOffset != nil || item.alpha < 1 {
            pairs.append(("alpha", .exactNumber(item.alpha)))
        }
        return pairs
    }
}
