import GalleryLayout

/// The options of iCarousel's eleven types (`--layout coverflow` and the others), each declared
/// once with the source's default; each applies to the types whose formulas read it.
struct CarouselOptions: OptionGroup {
    static let declared = CarouselOptions()
    private static let base = CarouselLayout(type: .linear)

    let perspective = DefaultedOption<Double>(
        "perspective", value: "m34", help: "m34 of the base transform: the eye is 1/|m34| points in front.",
        default: base.perspective, check: .from(-1...1))
    let viewpointOffset = Option<PointValue>(
        "viewpoint-offset", value: "x,y", help: "Moves the viewpoint: the items shift the other way.",
        defaultText: "0,0")
    let arc = Option<Double>(
        "arc", value: "deg", help: "Circular types: the arc the items span.", defaultText: "360",
        check: .greaterThan(0, atMost: 3600))
    let radius = Option<Double>(
        "radius", value: "pt", help: "Circular types: the circle's radius.",
        defaultText: "from the item width, spacing, arc and count, as iCarousel computes it")
    let angle = Option<Double>(
        "angle", value: "deg",
        help: "rotary, cylinder: every item's angle; wheel: the angle between neighbours.",
        defaultText: "arc / circular count", check: .from(-3600...3600))
    let tilt = Option<Double>(
        "tilt", value: "x", help: "coverflow, time-machine: how far items tilt or rise.",
        defaultText: "0.9 (coverflow), 0.3 (time-machine)", check: .from(-1000...1000))
    let circularCount = Option<Int>(
        "circular-count", value: "n", help: "Circular types: the places on the circle.",
        defaultText: "the item count, or fewer: ⌊π·⌈W ÷ spacing·w⌉⌋ kept within 12…30",
        check: .whole(CarouselLayout.circularCountRange))
    let fadeMin = Option<Double>(
        "fade-min", value: "items", help: "Offset below which items fade.", defaultText: "the type's")
    let fadeMax = Option<Double>(
        "fade-max", value: "items", help: "Offset above which items fade.", defaultText: "the type's")
    let fadeRange = Option<Double>(
        "fade-range", value: "items", help: "Offsets over which an item fades out.", defaultText: "the type's",
        check: .greaterThan(0))
    let fadeMinAlpha = Option<Double>(
        "fade-min-alpha", value: "alpha", help: "The least alpha a fading item keeps.", defaultText: "the type's",
        check: .from(0...1))
    let showBackfaces = Option<Toggle>(
        "show-backfaces", value: "bool", help: "Draw items turned away from the viewer.", defaultText: "the type's")
    let wrap = ExclusiveFlags<Bool?>(
        [
            .init(Flag("wrap", help: "Offsets wrap round (on for the circular types)."), true),
            .init(Flag("no-wrap", help: "Offsets stop at the first and last item."), false),
        ], absent: nil)
    let vertical = Flag("vertical", help: "Scroll along y (--offset moves items up).")
    let scrollSpeed = DefaultedOption<Double>(
        "scroll-speed", value: "x", help: "With --fling: iCarousel's scrollSpeed (items per item width dragged).",
        default: base.scrollSpeed, check: .from(0...100))
    let decelerationRate = DefaultedOption<Double>(
        "deceleration-rate", value: "rate", help: "With --fling: iCarousel's decelerationRate.",
        default: base.decelerationRate, check: .from(0...0.999))

    /// The carousel of `type` these options describe, with `itemSize` and `spacing` (a factor of the
    /// item width).
    static func layout(_ type: CarouselType, itemSize: Size?, spacing: Double?, from source: any OptionSource)
        throws(UsageError) -> CarouselLayout
    {
        let options = declared
        var layout = CarouselLayout(
            type: type, itemSize: itemSize ?? base.itemSize, perspective: try source.read(options.perspective),
            spacing: spacing)
        layout.viewpointOffset = try source.read(options.viewpointOffset)?.point ?? layout.viewpointOffset
        (layout.arc, layout.radius) = (try source.read(options.arc), try source.read(options.radius))
        (layout.angle, layout.tilt) = (try source.read(options.angle), try source.read(options.tilt))
        layout.circularCount = try source.read(options.circularCount)
        (layout.fadeMin, layout.fadeMax) = (try source.read(options.fadeMin), try source.read(options.fadeMax))
        layout.fadeRange = try source.read(options.fadeRange)
        layout.fadeMinAlpha = try source.read(options.fadeMinAlpha)
        layout.showBackfaces = try source.read(options.showBackfaces)?.isOn
        layout.wrap = try options.wrap.read(source)
        layout.vertical = source.isSet(options.vertical)
        layout.scrollSpeed = try source.read(options.scrollSpeed)
        layout.decelerationRate = try source.read(options.decelerationRate)
        return layout
    }

    /// Given any of these without a carousel type, or one of a few types' own with another type
    /// (whose formulas never read it): a usage error naming the first.
    static func checkUnused(by kind: LayoutKind, in source: any OptionSource) throws(UsageError) {
        guard let type = kind.carouselType else {
            // A manifest's defaults may set them for every scene.
            guard let given = specs.first(where: { source.givenHere($0.name) }) else { return }
            // A few types' own names those types (found by review: --tilt named linear, which refuses it).
            if let owners = owners.first(where: { $0.option.name == given.name })?.types {
                throw .rule("\(given) applies to \(owners), not \(kind.rawValue)")
            }
            throw .rule(
                "\(given) applies to the carousel types (\(SceneOptions.declared.layout) linear, rotary, coverflow, …), not \(kind.rawValue)"
            )
        }
        // A change of type keeps the scene's options: the end's type may be the one that reads them.
        let end = (try? source.read(MotionOptions.declared.toLayout))?.flatMap(\.carouselType)
        guard
            let (given, _, types) = owners.first(where: { option, owns, _ in
                !owns(type) && end.map(owns) != true && source.givenHere(option.name)
            })
        else { return }
        throw .rule("\(given) applies to \(types), not \(type.rawValue)\(end.map { " or \($0.rawValue)" } ?? "")")
    }

    /// The options only some types' formulas read: the option, which types, and those types in words.
    private static var owners: [(option: OptionSpec, owns: (CarouselType) -> Bool, types: String)] {
        let options = declared
        let circular = "the circular types (rotary, cylinder, wheel and their inverted forms)"
        return [
            (options.arc.spec, \.isCircular, circular), (options.radius.spec, \.isCircular, circular),
            (options.angle.spec, \.isCircular, circular), (options.circularCount.spec, \.isCircular, circular),
            (options.tilt.spec, { $0.defaultTilt != nil }, "coverflow, coverflow2 and the time machines"),
        ]
    }

    /// `--scroll-speed` and `--deceleration-rate` time a carousel's fling alone: given for a scene
    /// that does not fling, a usage error naming the first.
    static func checkFlingOnly(in source: any OptionSource, flings: Bool) throws(UsageError) {
        guard !flings else { return }
        let options = declared
        for option in [options.scrollSpeed.spec, options.decelerationRate.spec] where source.givenHere(option.name) {
            throw .rule(
                "\(option) times a carousel's \(MotionOptions.declared.fling) (with animate or layout), and this scene has none"
            )
        }
    }
}
