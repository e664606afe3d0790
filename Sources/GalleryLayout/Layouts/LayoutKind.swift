/// The layouts a gallery can use, as a closed set: what `--layout` chooses from.
public enum LayoutKind: String, Sendable, Hashable, CaseIterable {
    /// The horizontal carousel that grows items towards the centre.
    case line
    /// The round-photo grid, scrolling vertically.
    case grid
    /// A plain UICollectionViewFlowLayout, scrolling vertically.
    case flow
    /// iCarousel's eleven types (`CarouselType`), by the same names, in the contract's order.
    case linear, rotary
    case invertedRotary = "inverted-rotary"
    case cylinder
    case invertedCylinder = "inverted-cylinder"
    case wheel
    case invertedWheel = "inverted-wheel"
    case coverflow, coverflow2
    case timeMachine = "time-machine"
    case invertedTimeMachine = "inverted-time-machine"
    /// AnimatedCollectionViewLayout's eight animators on full-page cards (`PageAnimator`).
    case pageCube = "page-cube"
    case pageLinearCard = "page-linear-card"
    case pagePage = "page-page"
    case pageParallax = "page-parallax"
    case pageRotateInOut = "page-rotate-in-out"
    case pageZoomInOut = "page-zoom-in-out"
    case pageCrossFade = "page-cross-fade"
    case pageSnapIn = "page-snap-in"
    /// CollectionViewPagingLayout's ScaleTransformView on full-page cards (`ScalePreset`).
    case pagingScale = "paging-scale"
    /// A compositional layout's orthogonal section (`CompositionalLayout`).
    case compositional

    /// The carousel type of this name, for iCarousel's types.
    public var carouselType: CarouselType? { CarouselType(rawValue: rawValue) }

    /// The page effect of this name, for the page layouts (paging-scale: its default preset).
    public var pageEffect: PageEffect? {
        self == .pagingScale ? .scale(.default) : PageAnimator(rawValue: rawValue).map(PageEffect.animator)
    }

    /// The viewport, in points, when none is given: 375 wide, 200 high for the line, 667 for the
    /// vertical layouts, 300 for the carousel types (their 200-point items with room to turn).
    public var defaultViewport: Size {
        switch self {
        case .line: Size(width: 375, height: 200)
        case .grid, .flow: Size(width: 375, height: 667)
        case _ where pageEffect != nil: Size(width: 375, height: 667)
        default: Size(width: 375, height: 300)
        }
    }

    /// Whether it scrolls vertically (the grid and the flow) rather than horizontally (the line and
    /// the carousels, unless `--vertical`).
    public var isVertical: Bool { self == .grid || self == .flow }

    /// Whether it fills the screen, so a device preset gives its height as well as its width: the
    /// grid, the flow and the full-page layouts (a page layout had kept 667 pt on every device, and a
    /// landscape page stood taller than the screen; found by review).
    public var fillsTheScreen: Bool { isVertical || pageEffect != nil }

    /// This layout with its own defaults (a transition's end layout).
    public var defaultStyle: LayoutStyle {
        switch self {
        case .line: .line(LineLayout())
        case .grid: .grid(GridLayout())
        case .flow: .flow(FlowLayout())
        case .compositional: .compositional(CompositionalLayout())
        case _ where pageEffect != nil: .page(PageLayout(pageEffect ?? .animator(.cube)))
        default: .carousel(CarouselLayout(type: carouselType ?? .linear))
        }
    }
}
