import Foundation
import GalleryCore
import GalleryLayout
import ImageCodecs
import Raster
import RenderPipeline
import Typography

/// A scene as its options describe it, parsed and checked once: everything but the photos, which
/// are listed after the options are known to be valid, and the item count, which defaults to them.
struct SceneDescription: Sendable {
    /// The layout and viewport; its item count is set by `scene(photos:)`.
    var gallery: Gallery
    /// `--count`, or nil for the number of photos.
    var count: Int?
    var displayScale: Double
    var style: ItemStyle
    var background: Color
    var pageControl: PageControl.Style?
    var captions: Captions?
    var snap: Scene.Snap?
    /// Motions end on pages (`--paging`, or a page layout); `pagesStills`: stills too (`--paging`).
    var paging: Bool
    var pagesStills: Bool
    var budget: PixelBudget
    var colorSpace: ColorSpace
    /// The offsets as asked for, in order (one without --offsets).
    var offsets: [Double]
    /// True when --offsets was given (several frames, even if it lists one).
    var isSequence: Bool
    /// The option the offsets came from, as messages name it.
    var offsetOption: String {
        "--" + (isSequence ? SceneOptions.declared.offsets.spec : SceneOptions.declared.offset.spec).name
    }

    /// Reads and checks every scene option of `source`; throws the first problem, naming the option.
    /// With `motion` (animate), --deceleration is read without --snap: a fling decelerates by it.
    init(_ source: any OptionSource, motion: Bool = false) throws(UsageError) {
        let options = SceneOptions.declared
        gallery = try Self.gallery(source)
        count = try source.read(options.count)
        let device = try source.read(options.device)
        displayScale = try source.read(options.displayScale) ?? device?.displayScale ?? Scene.defaultDisplayScale
        style = try Self.itemStyle(source)
        let appearance = try source.read(options.appearance)
        background = try source.read(options.background) ?? appearance.background
        pageControl = try Self.pageControl(source, appearance: appearance)
        try Self.checkPageControl(pageControl, frameHeight: gallery.viewport.height)
        captions = try Self.captions(source, appearance: appearance)
        snap = try Self.snap(source, kind: gallery.style.kind, motion: motion)
        // A motion's scene is checked with its motion, which may be a fling.
        if !motion { try CarouselOptions.checkFlingOnly(in: source, flings: false) }
        pagesStills = try Self.paging(source, kind: gallery.style.kind)
        paging = pagesStills || gallery.style.kind.pageEffect != nil
        budget = PixelBudget(megapixels: try source.read(options.maxMegapixels))
        colorSpace = try source.read(options.colorSpace)
        if source.has(options.offset), source.has(options.offsets) {
            throw .exclusive([options.offset.spec, options.offsets.spec])
        }
        // With a safe area the view controller shows the top: the offset −top (or −left).
        let single = source.has(options.offset) ? try source.read(options.offset) : gallery.scrollableRange.lowerBound
        offsets = try source.read(options.offsets)?.offsets ?? [single]
        isSequence = source.has(options.offsets)
        try checkFrameSize()
    }

    /// The scene showing `photos`.
    func scene(photos: [String]) -> Scene {
        var gallery = gallery
        gallery.itemCount = count ?? photos.count
        var scene = Scene(
            gallery: gallery, displayScale: displayScale, style: style, background: background, photos: photos,
            snap: snap, budget: budget, colorSpace: colorSpace)
        (scene.paging, scene.pagesStills) = (paging, pagesStills)
        scene.pageControl = pageControl
        scene.captions = captions
        return scene
    }

    /// `--page-control` and its options (which need it); the current dot in the appearance's label
    /// colour unless given.
    private static func pageControl(_ source: any OptionSource, appearance: Appearance) throws(UsageError)
        -> PageControl.Style?
    {
        let options = SceneOptions.declared
        guard source.isSet(options.pageControl) else {
            for option in [
                options.pageControlOffset.spec, options.pageControlMax.spec, options.pageIndicatorCurrent.spec,
            ]
            where source.givenHere(option.name) {
                throw .requires(option, options.pageControl.spec)
            }
            return nil
        }
        return PageControl.Style(
            offset: try source.read(options.pageControlOffset), maxDots: try source.read(options.pageControlMax),
            color: try source.read(options.pageIndicatorCurrent) ?? appearance.label)
    }

    /// The page control's dots must sit on the frame (`turned`: a rotation's end): their centres 0 to
    /// the frame's height above its bottom edge.
    static func checkPageControl(_ style: PageControl.Style?, frameHeight: Double, turned: Bool = false)
        throws(UsageError)
    {
        guard let style, !(0...frameHeight).contains(style.offset) else { return }
        let option = SceneOptions.declared.pageControlOffset.spec
        let frame = "\(JSONValue.shortest(frameHeight))-pt-high\(turned ? " turned" : "") frame"
        throw .invalidValue(
            JSONValue.shortest(style.offset), for: option,
            "puts the dots off the \(frame): give 0 to \(JSONValue.shortest(frameHeight))")
    }

    /// `--caption` and its options (which need it): the text in the appearance's label colour unless
    /// given, set in Inter of `--caption-weight` or the `--font` file.
    private static func captions(_ source: any OptionSource, appearance: Appearance) throws(UsageError) -> Captions? {
        let options = SceneOptions.declared
        guard let pattern = try source.read(options.caption) else {
            for option in [
                options.captionPosition.spec, options.captionSize.spec, options.captionColor.spec,
                options.captionWeight.spec, options.font.spec,
            ]
            where source.givenHere(option.name) {
                throw .requires(option, options.caption.spec)
            }
            return nil
        }
        if source.has(options.font), source.has(options.captionWeight) {
            throw .conflicts(
                options.captionWeight.spec, with: options.font.spec, because: "the weight picks an Inter file")
        }
        let style = CaptionStyle(
            position: try source.read(options.captionPosition),
            color: try source.read(options.captionColor) ?? appearance.label)
        let font = try captionFont(source)
        return Captions(
            pattern: pattern, setter: LineSetter(font: font, size: try source.read(options.captionSize)), style: style)
    }

    /// The `--font` file, or the installed Inter of `--caption-weight`; a font that cannot be read
    /// is a bad value of the option that chose it.
    private static func captionFont(_ source: any OptionSource) throws(UsageError) -> Font {
        let options = SceneOptions.declared
        if let path = try source.read(options.font) {
            do { return try Font.opened(path: path) } catch {
                throw .invalidValue(path, for: options.font.spec, error.description)
            }
        }
        let weight = try source.read(options.captionWeight)
        do {
            let font = try Font.opened(path: InterFont.path(of: weight) { FileManager.default.fileExists(atPath: $0) })
            InterFont.check(font, weight: weight)
            return font
        } catch {
            throw .invalidValue(
                source.value(options.caption.spec.name) ?? "", for: options.caption.spec, error.description)
        }
    }

    /// `--paging`: for the line, grid, flow and page layouts, and not with `--snap` (each says where
    /// a scroll rests).
    private static func paging(_ source: any OptionSource, kind: LayoutKind) throws(UsageError) -> Bool {
        let options = SceneOptions.declared
        guard source.isSet(options.paging) else { return false }
        if source.isSet(options.snap) { throw .exclusive([options.snap.spec, options.paging.spec]) }
        if source.isSet(options.overscroll) {
            throw .conflicts(
                options.overscroll.spec, with: options.paging.spec, because: "a paged scroll rests on a page")
        }
        if kind == .compositional {
            throw .rule("\(options.paging) does not apply to compositional: give \(options.scrolling) paging")
        }
        if kind.carouselType != nil {
            throw .rule(
                "\(options.paging) applies to the line, grid, flow and page layouts (iCarousel's types page with their own physics)"
            )
        }
        return true
    }

    /// Every frame stays readable by this tool's own decoders (diff, check): the standard budget.
    private func checkFrameSize() throws(UsageError) {
        let frame = scene(photos: []).pixelSize
        let budget = PixelBudget.standard
        guard frame.width >= 1, frame.height >= 1, frame.width <= budget.maxSide, frame.height <= budget.maxSide,
            Double(frame.width) * Double(frame.height) <= Double(budget.maxPixels)
        else {
            throw UsageError(
                "The frame would be \(frame) pixels: width and height × display scale must give 1 to \(budget.maxSide) pixels a side and at most \(budget.maxPixels / 1_000_000) megapixels"
            )
        }
    }

    /// The layout, viewport and overscroll, validated by the layout engine.
    private static func gallery(_ source: any OptionSource) throws(UsageError) -> Gallery {
        let options = SceneOptions.declared
        let kind = try source.read(options.layout)
        let device = try source.read(options.device)
        let landscape = source.isSet(options.landscape)
        let screen = device?.screen(landscape: landscape)
        let width = try source.read(options.width) ?? screen?.width ?? kind.defaultViewport.width
        let height =
            try source.read(options.height) ?? (kind.fillsTheScreen ? screen?.height : nil)
            ?? kind.defaultViewport.height
        if landscape, device == nil { throw .requires(options.landscape.spec, options.device.spec) }
        // Every layout's options are read, so a bad value fails whichever layout is chosen.
        let (size, spacing) = (try source.read(options.itemSize), try source.read(options.spacing))
        try CarouselOptions.checkUnused(by: kind, in: source)
        try Self.checkPageOptions(by: kind, in: source)
        try Self.checkCompositionalOptions(by: kind, in: source, size: size)
        let style = try Self.layoutStyle(kind, source, size: size, spacing: spacing)
        try Self.checkSeedOnly(by: kind, in: source)
        var gallery = Gallery(
            style: style, viewport: Size(width: width, height: height), itemCount: 0,
            allowsOverscroll: source.isSet(options.overscroll))
        if let device = try Self.safeAreaDevice(source, kind: kind, device: device) {
            gallery.contentInset = device.safeArea(landscape: landscape)
            gallery.turnedContentInset = device.safeArea(landscape: !landscape)
        }
        do { try gallery.validate() } catch { throw options.usageError(error, from: source) }
        return gallery
    }

    /// The layout `kind` with its options from `source` (`--item-size` and `--spacing` read already).
    private static func layoutStyle(_ kind: LayoutKind, _ source: any OptionSource, size: ItemSize?, spacing: Double?)
        throws(UsageError) -> LayoutStyle
    {
        let options = SceneOptions.declared
        let (itemSize, itemHeight) = (size?.width, size.flatMap { $0.isSquare ? nil : $0.height })
        let columns = try source.read(options.columns)
        let interitemSpacing = try source.read(options.interitemSpacing)
        let (activeDistance, scaleFactor, minScale) = (
            try source.read(options.activeDistance), try source.read(options.scaleFactor),
            try source.read(options.minScale)
        )
        switch kind {
        case .grid:
            return .grid(
                GridLayout(columns: columns, itemSize: itemSize, rowSpacing: spacing ?? GridLayout().rowSpacing))
        case .flow:
            return .flow(
                FlowLayout(
                    itemSize: itemSize ?? FlowLayout().itemSize, itemHeight: itemHeight,
                    interitemSpacing: interitemSpacing,
                    lineSpacing: spacing ?? FlowLayout().lineSpacing))
        case .line:
            return .line(
                LineLayout(
                    itemSize: itemSize ?? LineLayout().itemSize, itemHeight: itemHeight, spacing: spacing,
                    activeDistance: activeDistance,
                    scaleFactor: scaleFactor, minScale: minScale))
        case .compositional:
            return .compositional(try Self.compositional(source, size: size, spacing: spacing))
        case .pagingScale:
            return .page(
                PageLayout(.scale(try source.read(options.pagingPreset)), pageInset: try source.read(options.pageInset))
            )
        case _ where kind.pageEffect != nil:
            return .page(
                PageLayout(kind.pageEffect ?? .animator(.cube), pageInset: try source.read(options.pageInset)))
        default:
            return .carousel(
                try CarouselOptions.layout(
                    kind.carouselType ?? .linear, itemSize: size?.size, spacing: spacing, from: source))
        }
    }

    /// The device whose insets `--safe-area` makes the collection view's adjustedContentInset (nil
    /// without it); it needs a device, and iCarousel's types are not scroll views.
    private static func safeAreaDevice(_ source: any OptionSource, kind: LayoutKind, device: DevicePreset?)
        throws(UsageError) -> DevicePreset?
    {
        let options = SceneOptions.declared
        guard source.isSet(options.safeArea) else { return nil }
        guard let device else { throw .requires(options.safeArea.spec, options.device.spec) }
        if kind.carouselType != nil {
            throw .conflicts(
                options.safeArea.spec, with: options.layout.spec,
                because: "\(kind.rawValue) is iCarousel's, which is not a scroll view")
        }
        return device
    }

    private static func itemStyle(_ source: any OptionSource) throws(UsageError) -> ItemStyle {
        let options = SceneOptions.declared
        let cornerRadius = try source.read(options.cornerRadius)
        let appearance = try source.read(options.appearance)
        let placeholder = try source.read(options.placeholder) ?? appearance.placeholder
        let shape = try source.read(options.shape) ?? (cornerRadius != nil ? .rounded : ShapeKind(ItemStyle().shape))
        if shape == .circle, cornerRadius != nil {
            throw .rule("\(options.cornerRadius) applies to \(options.shape) rounded, not circle")
        }
        let offset = try source.read(options.shadowOffset)
        let shadow = Shadow(
            color: try source.read(options.shadowColor), opacity: try source.read(options.shadowOpacity),
            radius: try source.read(options.shadowRadius), offsetX: offset.x, offsetY: offset.y)
        return ItemStyle(
            shape: shape == .circle ? .circle : .rounded(cornerRadius: cornerRadius ?? Shape.defaultCornerRadius),
            borderWidth: try source.read(options.borderWidth), borderColor: try source.read(options.borderColor),
            placeholder: placeholder,
            contentMode: try source.read(options.contentMode),
            shadow: shadow)
    }

    private static func snap(_ source: any OptionSource, kind: LayoutKind, motion: Bool) throws(UsageError)
        -> Scene.Snap?
    {
        let options = SceneOptions.declared
        guard source.isSet(options.snap) else {
            let needSnap = motion ? [options.velocity.spec] : [options.velocity.spec, options.deceleration.spec]
            for option in needSnap where source.has(option.name) {
                throw .requires(option, options.snap.spec)
            }
            return nil
        }
        if kind != .line { throw .rule("\(options.snap) applies to the line layout only") }
        return Scene.Snap(
            velocity: try source.read(options.velocity), deceleration: try source.read(options.deceleration))
    }

    /// The line's, grid's and flow's own options given for this scene with another layout, which has
    /// no use for them (a `--to-layout` end takes its own defaults): a usage error naming the first (a
    /// manifest's defaults may set them for every scene).
    static func checkSeedOnly(by kind: LayoutKind, in source: any OptionSource) throws(UsageError) {
        let options = SceneOptions.declared
        let seedOnly: [(OptionSpec, LayoutKind)] = [
            (options.activeDistance.spec, .line), (options.scaleFactor.spec, .line), (options.minScale.spec, .line),
            (options.columns.spec, .grid), (options.interitemSpacing.spec, .flow),
        ]
        guard let (given, owner) = seedOnly.first(where: { $0.1 != kind && source.givenHere($0.0.name) }) else {
            return
        }
        throw .rule("\(given) applies to the \(owner.rawValue) layout, not \(kind.rawValue)")
    }

    /// `--page-inset` is the page layouts' alone, and their cards take neither `--item-size` nor
    /// `--spacing` (a card is the viewport inset by it, a page apart).
    static func checkPageOptions(by kind: LayoutKind, in source: any OptionSource) throws(UsageError) {
        let options = SceneOptions.declared
        if kind != .pagingScale, source.givenHere(options.pagingPreset.spec.name) {
            throw .rule("\(options.pagingPreset) applies to --layout paging-scale, not \(kind.rawValue)")
        }
        if kind.pageEffect == nil {
            if source.givenHere(options.pageInset.spec.name) {
                throw .rule("\(options.pageInset) applies to the page layouts (page-cube, …, paging-scale)")
            }
            return
        }
        for option in [options.itemSize.spec, options.spacing.spec] where source.givenHere(option.name) {
            throw .rule(
                "\(option) does not apply to \(kind.rawValue): its cards are the viewport inset by \(options.pageInset), a page apart"
            )
        }
        // A preset's view writes its own shadow on every transform, over the layer's.
        let preset = try source.read(options.pagingPreset)
        guard kind == .pagingScale, preset.transform.shadow != nil else { return }
        for option in [options.shadowOpacity.spec, options.shadowRadius.spec, options.shadowOffset.spec]
        where source.givenHere(option.name) {
            throw .rule(
                "\(option) does not apply to paging-scale \(options.pagingPreset) \(preset.rawValue): the preset sets its own shadow (\(options.shadowColor) applies)"
            )
        }
    }

    /// The compositional section the options describe: `--item-size` or `--group-width-fraction`
    /// (not both), `--spacing` (interGroupSpacing), `--content-insets`, `--scrolling`,
    /// `--invalidation-scale`.
    private static func compositional(_ source: any OptionSource, size: ItemSize?, spacing: Double?)
        throws(UsageError) -> CompositionalLayout
    {
        let options = SceneOptions.declared
        let fraction = try source.read(options.groupWidthFraction)
        if size != nil, fraction != nil { throw .exclusive([options.itemSize.spec, options.groupWidthFraction.spec]) }
        let base = CompositionalLayout()
        return CompositionalLayout(
            scrolling: try source.read(options.scrolling), itemWidth: size?.width,
            widthFraction: fraction ?? base.widthFraction, itemHeight: size?.height, spacing: spacing ?? base.spacing,
            insets: try source.read(options.contentInsets)?.insets ?? base.insets,
            invalidationScale: try source.read(options.invalidationScale)?.range)
    }

    /// The compositional section's own options are refused for the other layouts, and a WxH size for
    /// the grid, whose cells are square.
    static func checkCompositionalOptions(by kind: LayoutKind, in source: any OptionSource, size: ItemSize?)
        throws(UsageError)
    {
        let options = SceneOptions.declared
        if let size, !size.isSquare, kind == .grid {
            throw .rule(
                "\(options.itemSize) \(size.optionText): the grid's cells are square; WxH is for the line, the flow, the carousel types and compositional"
            )
        }
        let own = [
            options.scrolling.spec, options.groupWidthFraction.spec, options.contentInsets.spec,
            options.invalidationScale.spec,
        ]
        guard kind != .compositional, let given = own.first(where: { source.givenHere($0.name) }) else { return }
        throw .rule("\(given) applies to --layout compositional, not \(kind.rawValue)")
    }
}
