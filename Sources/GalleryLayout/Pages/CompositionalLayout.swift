/// A one-section `UICollectionViewCompositionalLayout` scrolling horizontally (an orthogonal section),
/// as tall as the viewport: groups of one item, `interGroupSpacing` apart, the section's content
/// insets, and where a scroll comes to rest (`orthogonalScrollingBehavior`).
///
/// The container is the viewport W × H less the insets (T, L, B, R). An item is `itemWidth` wide
/// (or `widthFraction` of the container's width) and `itemHeight` high (or the container's), centred
/// vertically in it. Group k's leading edge is at x = lead + k·(w + s), lead = L, or with
/// `.groupPagingCentered` L + (W − L − R − w)/2 so that each group rests centred.
public struct CompositionalLayout: Sendable, Hashable {
    /// UIKit's `UICollectionLayoutSectionOrthogonalScrollingBehavior`, as `--scrolling` names it.
    public enum Scrolling: String, Sendable, Hashable, CaseIterable {
        case continuous
        case continuousGroupLeadingBoundary = "continuous-group-leading-boundary"
        case paging
        case groupPaging = "group-paging"
        case groupPagingCentered = "group-paging-centered"
    }

    /// The section's content insets, in points.
    public struct Insets: Sendable, Hashable {
        public var top, leading, bottom, trailing: Double

        public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
            (self.top, self.leading, self.bottom, self.trailing) = (top, leading, bottom, trailing)
        }
    }

    public var scrolling: Scrolling
    /// The item's width in points; nil: `widthFraction` of the container's width.
    public var itemWidth: Double?
    public var widthFraction: Double
    /// The item's height in points; nil: the container's.
    public var itemHeight: Double?
    /// `interGroupSpacing`.
    public var spacing: Double
    public var insets: Insets
    /// `--invalidation-scale MIN,MAX`: each item scaled by clamp(1 − d/W, MIN, MAX), d its centre's
    /// distance from the viewport's centre (the `visibleItemsInvalidationHandler` recipe).
    public var invalidationScale: ClosedRange<Double>?

    public init(
        scrolling: Scrolling = .continuous, itemWidth: Double? = nil, widthFraction: Double = 0.8,
        itemHeight: Double? = nil, spacing: Double = 10, insets: Insets = Insets(),
        invalidationScale: ClosedRange<Double>? = nil
    ) {
        (self.scrolling, self.itemWidth, self.widthFraction, self.itemHeight) = (
            scrolling, itemWidth, widthFraction, itemHeight
        )
        (self.spacing, self.insets, self.invalidationScale) = (spacing, insets, invalidationScale)
    }

    /// Throws the first invalid parameter, given the viewport.
    public func validate(in viewport: Size) throws(LayoutError) {
        if let itemWidth { try LayoutError.check(itemWidth, .itemSize, in: 0.001...LayoutError.largestLength) }
        if let itemHeight { try LayoutError.check(itemHeight, .itemSize, in: 0.001...LayoutError.largestLength) }
        try LayoutError.check(widthFraction, .groupWidthFraction, in: 0.001...1000)
        try LayoutError.check(spacing, .spacing, in: 0...LayoutError.largestLength)
        for inset in [insets.top, insets.leading, insets.bottom, insets.trailing] {
            try LayoutError.check(inset, .contentInsets, in: 0...LayoutError.largestLength)
        }
        let across = (insets.leading + insets.trailing, insets.top + insets.bottom)
        guard across.0 < viewport.width, across.1 < viewport.height else {
            throw .insetsTooLarge(
                across.0 < viewport.width ? across.1 : across.0,
                viewport: across.0 < viewport.width ? viewport.height : viewport.width)
        }
        let size = itemSize(in: viewport)
        try LayoutError.check(
            size.width, itemWidth == nil ? .groupWidthFraction : .itemSize, in: 0.001...LayoutError.largestLength)
        try LayoutError.check(size.height, .itemSize, in: 0.001...LayoutError.largestLength)
        if let range = invalidationScale {
            try LayoutError.check(range.lowerBound, .invalidationScale, in: 0...1000)
            try LayoutError.check(range.upperBound, .invalidationScale, in: 0...1000)
        }
    }

    /// The item's untransformed size w × h in `viewport`.
    public func itemSize(in viewport: Size) -> Size {
        let container = Size(
            width: viewport.width - insets.leading - insets.trailing,
            height: viewport.height - insets.top - insets.bottom)
        return Size(width: itemWidth ?? widthFraction * container.width, height: itemHeight ?? container.height)
    }

    /// Group k's leading edge is lead + k·pitch: pitch w + s.
    public func pitch(in viewport: Size) -> Double { itemSize(in: viewport).width + spacing }

    /// lead: L, or centred with `.groupPagingCentered`.
    public func lead(in viewport: Size) -> Double {
        let w = itemSize(in: viewport).width
        return scrolling == .groupPagingCentered
            ? insets.leading + (viewport.width - insets.leading - insets.trailing - w) / 2 : insets.leading
    }

    /// lead + n·w + (n − 1)·s + the trailing inset (the same as lead when centred).
    public func contentSize(count: Int, viewport: Size) -> Size {
        let (w, n) = (itemSize(in: viewport).width, Double(max(count, 0)))
        let trail = scrolling == .groupPagingCentered ? viewport.width - lead(in: viewport) - w : insets.trailing
        let items = count == 0 ? 0 : n * w + (n - 1) * spacing
        return Size(width: lead(in: viewport) + items + trail, height: viewport.height)
    }

    /// Item `index` at `offset`, drawn or not.
    public func item(_ index: Int, viewport: Size, offset: Double) -> LayoutItem {
        let size = itemSize(in: viewport)
        let x = lead(in: viewport) + Double(index) * pitch(in: viewport) + size.width / 2 - offset
        let y = insets.top + (viewport.height - insets.top - insets.bottom) / 2
        let scale =
            invalidationScale.map { range in
                min(max(1 - abs(x - viewport.width / 2) / viewport.width, range.lowerBound), range.upperBound)
            } ?? 1
        return LayoutItem(
            index: index, center: Point(x: x, y: y), size: size.width * scale, scale: scale,
            bounds: size.width == size.height ? nil : size)
    }

    /// The items drawn at `offset`: those overlapping the viewport, by ascending index.
    public func items(count: Int, viewport: Size, offset: Double) -> [LayoutItem] {
        guard count > 0 else { return [] }
        let (pitch, lead) = (pitch(in: viewport), lead(in: viewport))
        // A scaled item reaches past its slot by at most its drawn width, on either side.
        let reach = itemSize(in: viewport).width * max(invalidationScale?.upperBound ?? 1, 1)
        let first = Int(max(0, min(((offset - lead - reach) / pitch).rounded(.down), Double(count - 1))))
        let last = Int(
            max(0, min(((offset + viewport.width - lead + reach) / pitch).rounded(.up), Double(count - 1))))
        return (first...last).map { item($0, viewport: viewport, offset: offset) }.filter {
            $0.scale > 0 && $0.overlaps(viewport)
        }
    }

    /// Where a scroll lifted at `offset` with `velocity` rests under `.groupPaging` (and centred): the
    /// multiple of the pitch nearest the fast-rate projection x₀ + (V/1000)·0.99/0.01, but a flick
    /// faster than 200 pt/s moves exactly one group from round(x₀/pitch); clamped to `range`.
    public func groupTarget(from offset: Double, velocity: Double, viewport: Size, range: ClosedRange<Double>)
        -> Double
    {
        let pitch = pitch(in: viewport)
        let groups: Double
        if abs(velocity) > 200 {
            groups = (offset / pitch).rounded() + (velocity > 0 ? 1 : -1)
        } else {
            groups = ((offset + DecelerationRate.fast.projectedDistance(velocity: velocity)) / pitch).rounded()
        }
        return min(max(groups * pitch, range.lowerBound), range.upperBound)
    }

    /// Where a scroll lifted at `offset` rests under `.continuousGroupLeadingBoundary`: the free
    /// flight's end moved to the nearest group leading edge (k·pitch) inside `range`.
    public func leadingBoundary(of end: Double, viewport: Size, range: ClosedRange<Double>) -> Double {
        let pitch = pitch(in: viewport)
        let k = (end / pitch).rounded()
        var target = k * pitch
        if target > range.upperBound { target = (range.upperBound / pitch).rounded(.down) * pitch }
        if target < range.lowerBound { target = (range.lowerBound / pitch).rounded(.up) * pitch }
        return target
    }
}
