import GalleryLayout

/// The options of `animate`: the motion (exactly one of --fling, --to-layout, --delete, --rotate,
/// --scroll-to, --drag) and how its frames are timed and written.
struct MotionOptions: OptionGroup {
    static let declared = MotionOptions()

    let fling = Option<Double>(
        "fling", value: "pt-per-s",
        help:
            "A fling from the start offset at this velocity along the scroll axis (positive: towards larger offsets); with --snap it ends on the snap target.",
        check: .from(-1e9...1e9))
    let toLayout = Option<LayoutKind>(
        "to-layout", value: "layout",
        help:
            "setCollectionViewLayout(_:animated:) from the scene's layout to this one, with its own defaults, keeping the item nearest the centre centred."
    )
    let delete = Option<Int>(
        "delete", value: "index",
        help: "deleteItems(at:) of this item (0-based): it fades where it is and the later items move up.",
        check: .whole(0...Int(Int32.max)))
    let rotate = Flag(
        "rotate",
        help:
            "The device turning to the other orientation (viewWillTransition(to:with:)): width and height swap, the interface turns a quarter turn back to upright, each item's mask kept to its current size."
    )
    let scrollTo = Option<Int>(
        "scroll-to", value: "index",
        help: "Carousel types: scrollToItemAtIndex:animated: (0.4 s, cubic ease; the shortest way round with wrap).",
        check: .whole(-Int(Int32.max)...Int(Int32.max)))
    let drag = Option<Double>(
        "drag", value: "pt",
        help:
            "The finger dragging the content this far (positive: towards larger offsets), rubber-banding past an edge; then a fling (free, --snap or --paging) or the spring back.",
        check: .from(-1e9...1e9))
    let release = Option<Double>(
        "release", value: "pt-per-s", help: "With --drag: the velocity the finger lifts at.",
        defaultText: "the drag's own speed", check: .from(-1e9...1e9))
    let dragDuration = DefaultedOption<Double>(
        "drag-duration", value: "s", help: "With --drag: how long the finger moves, in seconds, at constant speed.",
        default: MotionDefaults.dragDuration, check: .greaterThan(0, atMost: 60))
    let duration = DefaultedOption<Double>(
        "duration", value: "s",
        help: "How long --to-layout or --delete takes, in seconds (ease-in-out); --rotate takes 0.4 unless given.",
        default: MotionDefaults.transitionDuration, check: .from(0...60))
    let fps = DefaultedOption<Int>(
        "fps", value: "n", help: "Frames per second; frame k is the state at min(k/fps, the end).",
        default: MotionDefaults.fps,
        check: .whole(MotionTimeline.fpsRange))
    let loop = DefaultedOption<Int>(
        "loop", value: "n", help: "Times the APNG plays (0: forever).", default: MotionDefaults.loops,
        check: .whole(0...65_535))
    let quality = Option<Int>(
        "quality", value: "q",
        help: "With -o NAME.webp: a lossy animated WebP at this quality (0-100) instead of a lossless one.",
        check: .whole(0...100))
    let frames = Option<String>(
        "frames", value: "pattern",
        help: "One PNG per frame instead of an APNG: a path containing {index} (4 digits, from 0000).",
        check: .nonEmpty, completion: .file)

    /// What `layout` takes: the motions and their timing.
    var layoutSpecs: [OptionSpec] { motions + [release.spec, dragDuration.spec, fps.spec, duration.spec] }

    /// What a manifest scene takes: the motions, their timing and --loop (an animated scene is an APNG).
    var manifestSpecs: [OptionSpec] {
        motions + [release.spec, dragDuration.spec, fps.spec, duration.spec, loop.spec]
    }

    /// Whether `source` asks for a scroll (a fling or a drag), which decelerates by --deceleration.
    func scrolls(_ source: any OptionSource) -> Bool { source.has(fling.spec.name) || source.has(drag.spec.name) }

    /// The motions, of which exactly one is given.
    var motions: [OptionSpec] { [fling.spec, toLayout.spec, delete.spec, rotate.spec, scrollTo.spec, drag.spec] }
}
