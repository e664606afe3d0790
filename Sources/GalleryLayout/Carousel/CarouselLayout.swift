import CCPU

/// One of iCarousel's eleven carousels, as its iOS code computes them (nicklockwood/iCarousel
/// 1.8.3, commit c9e043e, `iCarousel/iCarousel.m`: `transformForItemViewWithOffset:`,
/// `alphaForItemWithOffset:`, `circularCarouselItemCount`, `updateNumberOfVisibleItems`,
/// `loadUnloadViews`, `compareViewDepth`). Pure geometry in points; every item has the bounds
/// `itemSize`, its centre at the viewport's centre and a `Transform3D` about that centre.
///
/// iCarousel scrolls in items: scrollOffset = offset in points / `itemWidth`. Each optional option is
/// nil for "the source's default" (`valueForOption:withDefault:` with no delegate answer); a value
/// replaces the default everywhere the source reads that option. Angles are given in degrees and used
/// in radians (deg·π/180). Sin, cos and tan are `gr_sin`, `gr_cos`, `gr_tan`: the same bits everywhere.
public struct CarouselLayout: Sendable, Hashable {
    public var type: CarouselType
    /// The item's untransformed bounds in points (200 × 200 by default).
    public var itemSize: Size
    /// `_perspective`, m34 of the base transform (−1/500: the eye 500 pt in front of the items).
    public var perspective: Double
    /// `_viewpointOffset` in points: the items shift by its opposite, the vanishing point stays.
    public var viewpointOffset: Point
    /// σ, a factor of the item width (`iCarouselOptionSpacing`).
    public var spacing: Double?
    /// A, in degrees (`iCarouselOptionArc`; 360).
    public var arc: Double?
    /// r, in points (`iCarouselOptionRadius`), before an inverted type negates it.
    public var radius: Double?
    /// In degrees (`iCarouselOptionAngle`): rotary and cylinder give every item this angle (the
    /// default is per item, (o/N_c)·A); the wheel turns item o by angle·o (the default step A/N_c).
    public var angle: Double?
    /// τ (`iCarouselOptionTilt`).
    public var tilt: Double?
    /// N_c (`iCarouselOptionCount`, circular types only), not clamped to the item count or to 30.
    public var circularCount: Int?
    /// `iCarouselOptionFadeMin`, `FadeMax`, `FadeRange`, `FadeMinAlpha`, in items (alpha for the last).
    public var fadeMin: Double?
    public var fadeMax: Double?
    public var fadeRange: Double?
    public var fadeMinAlpha: Double?
    /// `iCarouselOptionShowBackfaces`.
    public var showBackfaces: Bool?
    /// `iCarouselOptionWrap`.
    public var wrap: Bool?
    /// Scrolls along y: `itemWidth` is the item's height and translations move along y.
    public var vertical: Bool
    /// `scrollSpeed` and `decelerationRate`, the properties a fling reads (`CarouselFling`).
    public var scrollSpeed = CarouselFling.defaultScrollSpeed
    public var decelerationRate = CarouselFling.defaultDecelerationRate

    public init(
        type: CarouselType, itemSize: Size = Size(width: 200, height: 200), perspective: Double = -1.0 / 500,
        viewpointOffset: Point = Point(x: 0, y: 0), spacing: Double? = nil, arc: Double? = nil,
        radius: Double? = nil, angle: Double? = nil, tilt: Double? = nil, circularCount: Int? = nil,
        fadeMin: Double? = nil, fadeMax: Double? = nil, fadeRange: Double? = nil, fadeMinAlpha: Double? = nil,
        showBackfaces: Bool? = nil, wrap: Bool? = nil, vertical: Bool = false
    ) {
        (self.type, self.itemSize, self.perspective, self.viewpointOffset) = (
            type, itemSize, perspective, viewpointOffset
        )
        (self.spacing, self.arc, self.radius, self.angle, self.tilt) = (spacing, arc, radius, angle, tilt)
        (self.circularCount, self.fadeMin, self.fadeMax) = (circularCount, fadeMin, fadeMax)
        (self.fadeRange, self.fadeMinAlpha, self.showBackfaces) = (fadeRange, fadeMinAlpha, showBackfaces)
        (self.wrap, self.vertical) = (wrap, vertical)
    }

    /// The circular counts a user may give.
    public static let circularCountRange = 1...10_000

    /// Throws the first invalid parameter. The source guards none of these; the ranges keep every
    /// number finite (a fade range of 0 would make alpha 0/0, a zero arc an infinite radius).
    public func validate() throws(LayoutError) {
        try LayoutError.check(itemSize.width, .itemSize, in: 0.001...LayoutError.largestLength)
        try LayoutError.check(itemSize.height, .itemSize, in: 0.001...LayoutError.largestLength)
        try LayoutError.check(perspective, .perspective, in: -1...1)
        try LayoutError.check(viewpointOffset.x, .viewpointOffset)
        try LayoutError.check(viewpointOffset.y, .viewpointOffset)
        if let spacing { try LayoutError.check(spacing, .spacing, in: 0...1000) }
        if let arc { try LayoutError.check(arc, .arc, in: 0...3600, positive: true) }
        if let radius { try LayoutError.check(radius, .radius) }
        if let angle { try LayoutError.check(angle, .angle, in: -3600...3600) }
        if let tilt { try LayoutError.check(tilt, .tilt, in: -1000...1000) }
        if let circularCount, !Self.circularCountRange.contains(circularCount) {
            let range = Self.circularCountRange
            throw .outOfRange(
                .circularCount, Double(circularCount),
                allowed: Double(range.lowerBound)...Double(range.upperBound))
        }
        if let fadeMin { try LayoutError.check(fadeMin, .fadeMin) }
        if let fadeMax { try LayoutError.check(fadeMax, .fadeMax) }
        if let fadeRange {
            try LayoutError.check(fadeRange, .fadeRange, in: 0...LayoutError.largestLength, positive: true)
        }
        if let fadeMinAlpha { try LayoutError.check(fadeMinAlpha, .fadeMinAlpha, in: 0...1) }
        try LayoutError.check(scrollSpeed, .scrollSpeed, in: 0...100)
        try LayoutError.check(decelerationRate, .decelerationRate, in: 0...0.999)
    }

    /// This layout's parameters, then a frame's item count and viewport.
    func validate(count: Int, viewport: Size) throws(LayoutError) {
        try validate()
        try LayoutError.check(viewport.width, .width, in: 0...LayoutError.largestLength, positive: true)
        try LayoutError.check(viewport.height, .height, in: 0...LayoutError.largestLength, positive: true)
        guard count >= 0 else { throw .negativeCount(count) }
    }

    /// `_itemWidth`: the item's width, or its height when vertical.
    public var itemWidth: Double { vertical ? itemSize.height : itemSize.width }

    /// σ: the option, else the type's default.
    public var effectiveSpacing: Double { spacing ?? type.defaultSpacing }

    /// τ: the option, else the type's default (0 for a type that reads no tilt).
    public var effectiveTilt: Double { tilt ?? type.defaultTilt ?? 0 }

    /// A in radians: the option's degrees ·π/180, else 2π.
    public var effectiveArc: Double { arc.map(Self.radians) ?? 2 * Double.pi }

    /// Whether offsets wrap round.
    public var wraps: Bool { wrap ?? type.defaultWraps }

    /// Whether back faces (m33 ≤ 0) are drawn.
    public var showsBackfaces: Bool { showBackfaces ?? type.defaultShowsBackfaces }

    /// The fade options, each the user's or the type's default.
    public var effectiveFadeMin: Double { fadeMin ?? type.defaultFadeMin }
    public var effectiveFadeMax: Double { fadeMax ?? type.defaultFadeMax }
    public var effectiveFadeRange: Double { fadeRange ?? type.defaultFadeRange }
    public var effectiveFadeMinAlpha: Double { fadeMinAlpha ?? type.defaultFadeMinAlpha }

    /// `circularCarouselItemCount` for `count` items in `viewport`: for a circular type
    /// min(n, trunc(min(30, max(12, ⌈L/(σ·w)⌉·π)))) with L the viewport's extent along the scroll axis
    /// and σ defaulting to 1, or the user's count as given; n for the other types (which ignore it).
    public func circularCount(count: Int, viewport: Size) -> Int {
        guard type.isCircular else { return count }
        let extent = vertical ? viewport.height : viewport.width
        let places = min(
            Double(Self.maxVisibleItems), max(12, (extent / ((spacing ?? 1) * itemWidth)).rounded(.up) * .pi))
        return circularCount ?? min(count, Int(places))
    }

    /// The radius r of a circular type with N_c = `circularCount` places, before an inverted type
    /// negates it: the option, else rotary max(w·σ/2, (w·σ/2)/tan((A/2)/N_c)), cylinder
    /// max(0.01, (w·σ/2)/tan((A/2)/N_c)), wheel w·σ·N_c/A. Nil for the other types.
    public func radius(circularCount: Int) -> Double? {
        type.isCircular ? radius ?? defaultRadius(places: Double(circularCount)) : nil
    }

    /// The source's angle option for the item at offset `o`, in radians, before an inverted type
    /// negates it: rotary and cylinder, the option, else (o/N_c)·A (that item's place); wheel, the
    /// option, else A/N_c (the step: item o turns by step·o). Nil for the other types.
    public func angle(forOffset o: Double, circularCount: Int) -> Double? {
        let places = Double(circularCount)
        switch type {
        case .rotary, .invertedRotary, .cylinder, .invertedCylinder:
            return angle.map(Self.radians) ?? o / places * effectiveArc
        case .wheel, .invertedWheel: return angle.map(Self.radians) ?? effectiveArc / places
        case .linear, .coverflow, .coverflow2, .timeMachine, .invertedTimeMachine: return nil
        }
    }

    /// The default radius for N_c = `places`, in the source's order of operations.
    func defaultRadius(places: Double) -> Double {
        let sigma = effectiveSpacing
        let half = itemWidth * sigma / 2
        switch type {
        case .cylinder, .invertedCylinder: return max(0.01, half / gr_tan(effectiveArc / 2 / places))
        case .wheel, .invertedWheel: return itemWidth * sigma * places / effectiveArc
        default: return max(half, half / gr_tan(effectiveArc / 2 / places))
        }
    }

    /// Degrees to radians as the contract writes it: deg·π/180 (360 gives 2π exactly).
    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
}
