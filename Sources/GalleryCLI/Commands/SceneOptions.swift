import GalleryLayout
import ImageCodecs
import Raster
import RenderPipeline

/// The scene options every rendering command shares, and how they become a `Scene`.
enum SceneOptions {
    static let devices = DevicePreset.all.map(\.name)

    static let specs: [OptionSpec] = [
        OptionSpec(
            "layout", value: "layout", help: "line: the horizontal carousel; grid: the round-photo grid.",
            default: "line", values: ["line", "grid"]),
        OptionSpec("width", value: "pt", help: "Viewport width in points.", default: "375, or the device's"),
        OptionSpec(
            "height", value: "pt", help: "Viewport height in points.", default: "200 (line), 667 or the device's (grid)"
        ),
        OptionSpec(
            "device", value: "name", help: "Width, display scale and grid height of a device preset.", values: devices),
        OptionSpec("landscape", help: "With --device: the device turned on its side (its width and height swapped)."),
        OptionSpec(
            "display-scale", value: "n", help: "Pixels per point; the PNG is round(width·n) × round(height·n).",
            default: "1, or the device's"),
        OptionSpec(
            "offset", value: "pt", help: "Content offset along the scroll axis, clamped to the scrollable range.",
            default: "0"),
        OptionSpec(
            "offsets", value: "list", help: "One frame per offset: A..B/STEP (B included when reached) or a,b,c."),
        OptionSpec("overscroll", help: "Do not clamp offsets (renders a bounce)."),
        OptionSpec("snap", help: "Replace each offset by where the line layout comes to rest."),
        OptionSpec(
            "velocity", value: "pt-per-s", help: "With --snap: fling velocity, projected with the deceleration rate.",
            default: "0"),
        OptionSpec(
            "deceleration", value: "rate",
            help: "With --snap: UIScrollView's rate per millisecond: normal (0.998), fast (0.99) or a number.",
            default: "normal"),
        OptionSpec(
            "count", value: "n", help: "Number of items; photos repeat in order; with no photos, placeholders.",
            default: "number of photos"),
        OptionSpec(
            "item-size", value: "pt", help: "line: side of an item; grid: side of a cell.",
            default: "100 (line), width/columns − 8 (grid)"),
        OptionSpec(
            "spacing", value: "pt", help: "line: gap between items; grid: gap between rows.",
            default: "0.7 × item size (line), 10 (grid)"),
        OptionSpec("active-distance", value: "pt", help: "line: distance over which items grow.", default: "150"),
        OptionSpec("scale-factor", value: "x", help: "line: growth at the centre.", default: "0.6"),
        OptionSpec(
            "min-scale", value: "x", help: "line: lower bound of the scale; items at scale ≤ 0 are not drawn.",
            default: "0"),
        OptionSpec("columns", value: "n", help: "grid: columns.", default: "3"),
        OptionSpec(
            "shape", value: "shape", help: "Mask of each item.", default: "circle", values: ["circle", "rounded"]),
        OptionSpec(
            "corner-radius", value: "pt", help: "Corner radius of the rounded shape (implies --shape rounded).",
            default: "3"),
        OptionSpec(
            "border-width", value: "pt", help: "Ring inside the item's edge, scaled with the item.", default: "0"),
        OptionSpec("border-color", value: "color", help: "Colour of the ring.", default: "white"),
        OptionSpec(
            "content-mode", value: "mode", help: "How a photo fills its item.", default: "aspect-fill",
            values: ContentMode.allCases.map(\.rawValue)),
        OptionSpec("background", value: "color", help: "Frame background: a colour or transparent.", default: "white"),
        OptionSpec(
            "placeholder", value: "color",
            help: "Fill behind each photo, and the whole item when a photo cannot be read.", default: "#AAAAAA"),
        OptionSpec(
            "max-megapixels", value: "n", help: "Pixel budget per photo, checked from its header before decoding.",
            default: "100"),
    ]

    /// The spec manifest scenes are read against: the scene options alone.
    static let manifestSpec = CommandSpec(
        commandName: "manifest", abstract: "", arguments: [], optionGroups: [("SCENE OPTIONS", specs)], discussion: nil,
        usage: "")

    static let colorHelp =
        "COLOR is #RGB, #RRGGBB, #RRGGBBAA or a CSS named colour. EXIF orientation is always honoured."

    static var deviceHelp: String {
        "DEVICES:\n"
            + DevicePreset.all.map { device in
                let name = device.name.padding(toLength: 20, withPad: " ", startingAt: 0)
                return
                    "  \(name)\(JSONValue.format(device.size.width))×\(JSONValue.format(device.size.height)) pt @\(JSONValue.format(device.displayScale))x"
            }.joined(separator: "\n")
    }

    /// A scene and its offsets, read from `source`; `photos` are the listed photo paths.
    struct Request: Sendable {
        var scene: Scene
        /// The offsets as asked for, in order (one without --offsets).
        var offsets: [Double]
        /// True when --offsets was given (several frames, even if it lists one).
        var isSequence: Bool
    }

    /// Reads and validates every scene option. Throws the first problem, naming the option.
    static func request(from source: any OptionSource, spec: CommandSpec, photos: [String]) throws(UsageError)
        -> Request
    {
        let read = ValueParsing(source: source, spec: spec)
        let isGrid = try read.choice("layout") == "grid"
        let device = try read.custom(
            "device", expected: "must be one of \(devices.joined(separator: ", "))", DevicePreset.named)
        let landscape = source.flag("landscape")
        let screen = device?.screen(landscape: landscape)
        let width = try read.number("width", greaterThan: 0) ?? screen?.width ?? 375
        let height = try read.number("height", greaterThan: 0) ?? (isGrid ? screen?.height ?? 667 : 200)
        if landscape, device == nil { throw UsageError("--landscape needs --device") }
        let displayScale = try read.number("display-scale", greaterThan: 0) ?? device?.displayScale ?? 1
        guard displayScale <= 16 else { throw UsageError("--display-scale must be at most 16") }

        let count = try read.integer("count", in: 0...1_000_000) ?? photos.count
        let style: LayoutStyle
        if isGrid {
            style = .grid(
                GridLayout(
                    columns: try read.integer("columns", in: 1...1000) ?? 3, itemSize: try read.number("item-size"),
                    rowSpacing: try read.number("spacing") ?? 10))
        } else {
            let itemSize = try read.number("item-size") ?? 100
            style = .line(
                LineLayout(
                    itemSize: itemSize, spacing: try read.number("spacing"),
                    activeDistance: try read.number("active-distance") ?? 150,
                    scaleFactor: try read.number("scale-factor") ?? 0.6, minScale: try read.number("min-scale") ?? 0))
        }
        let gallery = Gallery(
            style: style, viewport: Size(width: width, height: height), itemCount: count,
            allowsOverscroll: source.flag("overscroll"))
        do {
            try gallery.validate()
        } catch {
            let name = kebab(error.parameter)
            throw .invalidValue(
                source.value(name) ?? "", for: spec.option(named: name) ?? OptionSpec(name, value: "value", help: ""),
                error.reason)
        }

        let scene = Scene(
            gallery: gallery, displayScale: displayScale, style: try itemStyle(read, source: source),
            background: try read.custom(
                "background", expected: "must be a colour (#RGB, #RRGGBB, #RRGGBBAA, a CSS name) or transparent",
                Color.init(parsing:)) ?? .white,
            photos: photos, snap: try snap(read, source: source, isGrid: isGrid),
            budget: PixelBudget(megapixels: try read.number("max-megapixels", greaterThan: 0, atMost: 10_000) ?? 100))
        let frame = scene.pixelSize
        // Every frame stays readable by this tool's own decoders (diff, check): the standard budget.
        let budget = PixelBudget.standard
        guard frame.width >= 1, frame.height >= 1, frame.width <= budget.maxSide, frame.height <= budget.maxSide,
            Double(frame.width) * Double(frame.height) <= Double(budget.maxPixels)
        else {
            throw UsageError(
                "The frame would be \(frame) pixels: width and height × display scale must give 1 to \(budget.maxSide) pixels a side and at most \(budget.maxPixels / 1_000_000) megapixels"
            )
        }

        if source.has("offset"), source.has("offsets") {
            throw UsageError("Use either --offset or --offsets, not both")
        }
        let single = try read.number("offset") ?? 0
        let offsets = try read.custom(
            "offsets", expected: "must be A..B/STEP or a,b,c with finite numbers and a positive step", OffsetList.parse)
        return Request(scene: scene, offsets: offsets ?? [single], isSequence: source.has("offsets"))
    }

    private static func itemStyle(_ read: ValueParsing, source: any OptionSource) throws(UsageError) -> ItemStyle {
        let colorError = "must be a colour: #RGB, #RRGGBB, #RRGGBBAA or a CSS name"
        let cornerRadius = try read.number("corner-radius", atLeast: 0)
        let shapeName = try read.choice("shape") ?? (cornerRadius != nil ? "rounded" : "circle")
        if shapeName == "circle", cornerRadius != nil {
            throw UsageError("--corner-radius applies to --shape rounded, not circle")
        }
        return ItemStyle(
            shape: shapeName == "circle" ? .circle : .rounded(cornerRadius: cornerRadius ?? 3),
            borderWidth: try read.number("border-width", atLeast: 0) ?? 0,
            borderColor: try read.custom("border-color", expected: colorError, Color.init(parsing:)) ?? .white,
            placeholder: try read.custom("placeholder", expected: colorError, Color.init(parsing:))
                ?? Color(r: 0xAA, g: 0xAA, b: 0xAA),
            contentMode: try read.choice("content-mode").flatMap(ContentMode.init(rawValue:)) ?? .aspectFill)
    }

    private static func snap(_ read: ValueParsing, source: any OptionSource, isGrid: Bool) throws(UsageError) -> Scene
        .Snap?
    {
        guard source.flag("snap") else {
            for name in ["velocity", "deceleration"] where source.has(name) {
                throw UsageError("--\(name) needs --snap")
            }
            return nil
        }
        if isGrid { throw UsageError("--snap applies to the line layout only") }
        let deceleration = try read.custom("deceleration", expected: "must be normal, fast or a rate between 0 and 1") {
            text -> DecelerationRate? in
            switch text {
            case "normal": .normal
            case "fast": .fast
            default: Double(text).flatMap { $0 > 0 && $0 < 1 ? .custom($0) : nil }
            }
        }
        return Scene.Snap(
            velocity: try read.number("velocity", atLeast: -1e9, atMost: 1e9) ?? 0,
            deceleration: deceleration ?? .normal)
    }

    /// `itemSize` → `item-size`.
    static func kebab(_ camel: String) -> String {
        camel.reduce(into: "") { text, character in
            if character.isUppercase { text += "-" + character.lowercased() } else { text.append(character) }
        }
    }
}
