import GalleryCore
import GalleryLayout
import ImageCodecs
import Raster
import RenderPipeline
import Typography

/// The scene options every rendering command and every manifest scene shares, each declared once:
/// its spelling, type, default (the library's value) and checks. Help, the parser, manifest keys and
/// docs/options.md's option tables all come from these declarations.
struct SceneOptions: OptionGroup {
    static let declared = SceneOptions()

    let layout = DefaultedOption<LayoutKind>(
        "layout", value: "layout",
        help:
            "The layout the items are drawn in. line: the horizontal carousel; grid: the round-photo grid; flow: a plain UICollectionViewFlowLayout; linear … inverted-time-machine: iCarousel's types; page-…: AnimatedCollectionViewLayout's animators on full-page cards; paging-scale: CollectionViewPagingLayout's scale transforms; compositional: a compositional layout's orthogonal section.",
        default: .line)
    let width = Option<Double>(
        "width", value: "pt", help: "Viewport width in points.",
        defaultText: "\(LayoutKind.line.defaultViewport.width.optionText), or the device's", check: .greaterThan(0))
    let height = Option<Double>(
        "height", value: "pt", help: "Viewport height in points.",
        defaultText:
            "\(LayoutKind.line.defaultViewport.height.optionText) (line), \(LayoutKind.grid.defaultViewport.height.optionText) or the device's (grid, flow, page layouts), \(LayoutKind.linear.defaultViewport.height.optionText) (carousels, compositional)",
        check: .greaterThan(0))
    let device = Option<DevicePreset>(
        "device", value: "name",
        help:
            "Width and display scale of a device preset, and its height for the grid, the flow and the page layouts (which fill the screen); an explicit --width, --height or --display-scale overrides the preset's."
    )
    let landscape = Flag(
        "landscape", help: "With --device: the device turned on its side (its width and height swapped).")
    let safeArea = Flag(
        "safe-area",
        help:
            "With --device: its safe-area insets as the collection view's adjustedContentInset, on the scroll axis (the grid's first row below the status bar); the default offset is then −top (−left for a horizontal layout in landscape). --device list prints them."
    )
    let displayScale = Option<Double>(
        "display-scale", value: "n", help: "Pixels per point; the PNG is round(width·n) × round(height·n).",
        defaultText: "\(Scene.defaultDisplayScale.optionText), or the device's",
        check: .greaterThan(0, atMost: Scene.largestDisplayScale))
    let offset = DefaultedOption<Double>(
        "offset", value: "pt", help: "Content offset along the scroll axis, clamped to the scrollable range.",
        default: 0, check: .from(LayoutError.offsetRange))
    let offsets = Option<OffsetList>(
        "offsets", value: "list", help: "One frame per offset: A..B/STEP (B included when reached) or a,b,c.",
        check: OptionCheck { list in
            list.offsets.allSatisfy(LayoutError.offsetRange.contains)
                ? nil
                : "every offset must be from \(LayoutError.offsetRange.lowerBound.optionText) to \(LayoutError.offsetRange.upperBound.optionText)"
        })
    let overscroll = Flag("overscroll", help: "Do not clamp offsets (renders a bounce).")
    let snap = Flag("snap", help: "Replace each offset by where the line layout comes to rest.")
    let paging = Flag(
        "paging",
        help:
            "UIScrollView's isPagingEnabled (line, grid, flow; always on for the page layouts' motions): each still offset rests on a page, the viewport's extent along the scroll axis; a fling or a drag's release ends on one with the paging spring."
    )
    let velocity = DefaultedOption<Double>(
        "velocity", value: "pt-per-s", help: "With --snap: fling velocity, projected with the deceleration rate.",
        default: Scene.Snap().velocity, check: .from(-1e9...1e9))
    let deceleration = DefaultedOption<DecelerationRate>(
        "deceleration", value: "rate",
        help: "UIScrollView's rate per millisecond, for --snap and a fling: normal (0.998), fast (0.99) or a number.",
        default: Scene.Snap().deceleration)
    let count = Option<Int>(
        "count", value: "n", help: "Number of items; photos repeat in order; with no photos, placeholders.",
        defaultText: "number of photos", check: .whole(0...1_000_000))
    let itemSize = Option<ItemSize>(
        "item-size", value: "size",
        help: "Item (line, carousels) or cell (grid, flow) size: a side (120) or WxH (160x90; not for the grid).",
        defaultText:
            "\(LineLayout().itemSize.optionText) (line), width/columns − 8 (grid), \(FlowLayout().itemSize.optionText) (flow), \(ItemSize(width: 200, height: 200).optionText) (carousels), --group-width-fraction of the width (compositional)"
    )
    let pageInset = DefaultedOption<Double>(
        "page-inset", value: "pt", help: "Page layouts: the inset of each card from the viewport's edges.",
        default: PageLayout(animator: .cube).pageInset, check: .from(0...1e6))
    let pagingPreset = DefaultedOption<ScalePreset>(
        "paging-preset", value: "preset",
        help: "paging-scale: CollectionViewPagingLayout's ScaleTransformView preset.", default: .default)
    let scrolling = DefaultedOption<CompositionalLayout.Scrolling>(
        "scrolling", value: "behaviour",
        help: "compositional: the section's orthogonalScrollingBehavior, where a fling or a drag comes to rest.",
        default: CompositionalLayout().scrolling)
    let groupWidthFraction = Option<Double>(
        "group-width-fraction", value: "f",
        help: "compositional: each group (one item) this fraction of the container's width, instead of --item-size.",
        defaultText: CompositionalLayout().widthFraction.optionText, check: .greaterThan(0, atMost: 1000))
    let contentInsets = Option<InsetsValue>(
        "content-insets", value: "t,l,b,r", help: "compositional: the section's contentInsets, in points.",
        defaultText: "0,0,0,0")
    let invalidationScale = Option<ScaleRange>(
        "invalidation-scale", value: "min,max",
        help: "compositional: scale each item by clamp(1 − d/W, MIN, MAX), d its centre's distance from the viewport's."
    )
    let spacing = Option<Double>(
        "spacing", value: "pt",
        help:
            "line: gap between items; grid, flow: gap between rows; carousels: a factor of the item width; compositional: interGroupSpacing.",
        defaultText:
            "0.7 × item size (line), \(GridLayout().rowSpacing.optionText) (grid, flow), 1 (coverflow: 0.25), \(CompositionalLayout().spacing.optionText) (compositional)"
    )
    let interitemSpacing = DefaultedOption<Double>(
        "interitem-spacing", value: "pt", help: "flow: least gap between items in a row.",
        default: FlowLayout().interitemSpacing)
    let activeDistance = DefaultedOption<Double>(
        "active-distance", value: "pt", help: "line: distance over which items grow.",
        default: LineLayout().activeDistance)
    let scaleFactor = DefaultedOption<Double>(
        "scale-factor", value: "x", help: "line: growth at the centre.", default: LineLayout().scaleFactor)
    let minScale = DefaultedOption<Double>(
        "min-scale", value: "x", help: "line: lower bound of the scale; items at scale ≤ 0 are not drawn.",
        default: LineLayout().minScale)
    let columns = DefaultedOption<Int>(
        "columns", value: "n", help: "grid: columns.", default: GridLayout().columns, check: .whole(1...1000))
    let shape = Option<ShapeKind>(
        "shape", value: "shape", help: "Mask of each item.", defaultText: ShapeKind(ItemStyle().shape).rawValue)
    let cornerRadius = Option<Double>(
        "corner-radius", value: "pt", help: "Corner radius of the rounded shape (implies --shape rounded).",
        defaultText: Shape.defaultCornerRadius.optionText, check: .from(0...LayoutError.largestLength))
    let borderWidth = DefaultedOption<Double>(
        "border-width", value: "pt", help: "Ring inside the item's edge, scaled with the item.",
        default: ItemStyle().borderWidth, check: .from(0...LayoutError.largestLength))
    let borderColor = DefaultedOption<Color>(
        "border-color", value: "color", help: "Colour of the ring.", default: ItemStyle().borderColor)
    let contentMode = DefaultedOption<ContentMode>(
        "content-mode", value: "mode", help: "How a photo fills its item.", default: ItemStyle().contentMode)
    let shadowOpacity = DefaultedOption<Double>(
        "shadow-opacity", value: "o", help: "CALayer's shadowOpacity, 0…1 (0: no shadow).",
        default: Shadow().opacity, check: .from(0...1))
    let shadowRadius = DefaultedOption<Double>(
        "shadow-radius", value: "pt", help: "CALayer's shadowRadius: a Gaussian blur of σ = radius/2.",
        default: Shadow().radius, check: .from(0...1000))
    let shadowOffset = DefaultedOption<OffsetValue>(
        "shadow-offset", value: "x,y", help: "CALayer's shadowOffset, in the item's own plane (y down).",
        default: OffsetValue(x: Shadow().offsetX, y: Shadow().offsetY))
    let shadowColor = DefaultedOption<Color>(
        "shadow-color", value: "color", help: "CALayer's shadowColor.", default: Shadow().color)
    let pageControl = Flag(
        "page-control",
        help: "Draw a UIPageControl over the frame's bottom edge, its current page the item nearest the centre.")
    let pageControlOffset = DefaultedOption<Double>(
        "page-control-offset", value: "pt",
        help: "With --page-control: its dots' centres this far above the bottom edge.",
        default: PageControl.Style().offset)
    let pageControlMax = DefaultedOption<Int>(
        "page-control-max", value: "n", help: "With --page-control: the most dots shown (the window slides).",
        default: PageControl.Style().maxDots, check: .whole(1...1000))
    let pageIndicatorCurrent = Option<Color>(
        "page-indicator-current", value: "color",
        help: "With --page-control: the current dot's colour (the others at 30 % opacity).",
        defaultText: "\(Appearance.light.label.optionText) (light), \(Appearance.dark.label.optionText) (dark)")
    let caption = Option<CaptionPattern>(
        "caption", value: "pattern",
        help:
            "Label every item, as a cell's UILabel: {name} is the photo's file name without extension, {index} the item's index, {number} it from 1; other text is literal.",
        expectation: "must be one line of text")
    let captionPosition = DefaultedOption<CaptionStyle.Position>(
        "caption-position", value: "position",
        help: "With --caption: centred below the item, or over its lower edge on a gradient scrim.",
        default: CaptionStyle().position)
    let captionSize = DefaultedOption<Double>(
        "caption-size", value: "pt", help: "With --caption: the text size.", default: 13,
        check: .greaterThan(0, atMost: 1000))
    let captionColor = Option<Color>(
        "caption-color", value: "color", help: "With --caption: the text colour.",
        defaultText: "\(Appearance.light.label.optionText) (light), \(Appearance.dark.label.optionText) (dark)")
    let captionWeight = DefaultedOption<InterFont.Weight>(
        "caption-weight", value: "weight", help: "With --caption: Inter Regular or Inter SemiBold.",
        default: .regular)
    let font = Option<String>(
        "font", value: "path",
        help: "With --caption: the font file to set captions in (same bytes only with the same file).",
        defaultText: "Debian's Inter (fonts-inter)", completion: .file)
    let appearance = DefaultedOption<Appearance>(
        "appearance", value: "style",
        help: "Light or dark mode: the default background and placeholder colours (explicit colours win).",
        default: .light)
    let background = Option<Color>(
        "background", value: "color", help: "Frame background: a colour or transparent.",
        defaultText:
            "\(Appearance.light.background.optionText) (light), \(Appearance.dark.background.optionText) (dark)",
        expectation: "must be a colour (#RGB, #RRGGBB, #RRGGBBAA, a CSS name) or transparent")
    let placeholder = Option<Color>(
        "placeholder", value: "color", help: "Fill behind each photo, and the whole item when a photo cannot be read.",
        defaultText:
            "\(Appearance.light.placeholder.optionText) (light), \(Appearance.dark.placeholder.optionText) (dark)")
    let colorSpace = DefaultedOption<ColorSpace>(
        "color-space", value: "space",
        help:
            "Colour space of the frame: photos are converted into it from their profiles; a display-p3 PNG carries a Display P3 ICC profile (iCCP), as an iPhone screenshot does.",
        default: Scene.defaultColorSpace)
    let maxMegapixels = DefaultedOption<Double>(
        "max-megapixels", value: "n",
        help:
            "Pixel budget per photo, checked from its header before decoding (also 32768 px a side; a progressive JPEG's 500 scans may decode as many blocks as the budget has pixels, and at most 16 passes over its own).",
        default: PixelBudget.standard.megapixels, check: .from(0.000_001...10_000))

    /// The option that sets `parameter`: how the CLI spells what the layout engine reports.
    func spec(for parameter: LayoutParameter) -> OptionSpec {
        switch parameter {
        case .width: width.spec
        case .height: height.spec
        case .count: count.spec
        case .itemSize: itemSize.spec
        case .spacing: spacing.spec
        case .interitemSpacing: interitemSpacing.spec
        case .activeDistance: activeDistance.spec
        case .scaleFactor: scaleFactor.spec
        case .minScale: minScale.spec
        case .columns: columns.spec
        case .offset: offset.spec
        case .delete: MotionOptions.declared.delete.spec
        case .perspective: CarouselOptions.declared.perspective.spec
        case .viewpointOffset: CarouselOptions.declared.viewpointOffset.spec
        case .arc: CarouselOptions.declared.arc.spec
        case .radius: CarouselOptions.declared.radius.spec
        case .angle: CarouselOptions.declared.angle.spec
        case .tilt: CarouselOptions.declared.tilt.spec
        case .circularCount: CarouselOptions.declared.circularCount.spec
        case .fadeMin: CarouselOptions.declared.fadeMin.spec
        case .fadeMax: CarouselOptions.declared.fadeMax.spec
        case .fadeRange: CarouselOptions.declared.fadeRange.spec
        case .fadeMinAlpha: CarouselOptions.declared.fadeMinAlpha.spec
        case .fling: MotionOptions.declared.fling.spec
        case .scrollSpeed: CarouselOptions.declared.scrollSpeed.spec
        case .pageInset: pageInset.spec
        case .groupWidthFraction: groupWidthFraction.spec
        case .contentInsets: contentInsets.spec
        case .invalidationScale: invalidationScale.spec
        case .decelerationRate: CarouselOptions.declared.decelerationRate.spec
        }
    }

    /// `error` as a usage error naming the option at fault and the value `source` gave it.
    func usageError(_ error: LayoutError, from source: any OptionSource) -> UsageError {
        let spec = spec(for: error.parameter)
        guard let value = source.value(spec.name) else { return .defaultDoesNotFit(spec, error.reason) }
        return .invalidValue(value, for: spec, error.reason)
    }

    static let colorHelp =
        "COLOR is #RGB, #RRGGBB, #RRGGBBAA or a CSS named colour. EXIF orientation is always honoured."

    /// Insets as "top,left,bottom,right" (UIEdgeInsets' order).
    static func insetText(_ insets: EdgeInsets) -> String {
        [insets.top, insets.left, insets.bottom, insets.right].map(JSONValue.format).joined(separator: ",")
    }

    static var deviceHelp: String {
        "DEVICES (safe areas as top,left,bottom,right in points, portrait / landscape):\n"
            + DevicePreset.all.map { device in
                let name = device.name.padding(toLength: 20, withPad: " ", startingAt: 0)
                let size =
                    "\(JSONValue.format(device.size.width))×\(JSONValue.format(device.size.height)) pt @\(JSONValue.format(device.displayScale))x"
                return "  \(name)\(size.padding(toLength: 19, withPad: " ", startingAt: 0))"
                    + "\(insetText(device.safeArea.portrait)) / \(insetText(device.safeArea.landscape))"
            }.joined(separator: "\n")
    }
}
