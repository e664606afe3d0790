/// A collection view to lay out: a layout, a viewport and a number of items. Pure geometry in
/// points — no pixels, no I/O — so every number is exact and testable.
///
/// ```swift
/// let gallery = Gallery(style: .line(LineLayout()), viewport: Size(width: 375, height: 200), itemCount: 20)
/// let frame = try gallery.frame(atOffset: 120)   // items 2, 0, 1 in draw order
/// ```
public struct Gallery: Sendable, Hashable {
    public var style: LayoutStyle
    /// The visible area, in points.
    public var viewport: Size
    public var itemCount: Int
    /// When true, offsets are not clamped to the scrollable range (a bounce).
    public var allowsOverscroll: Bool
    /// The collection view's adjustedContentInset (a device's safe area): only its scroll axis's
    /// edges count, as `contentInsetAdjustmentBehavior = .automatic` adjusts a scroll view's
    /// scrollable axes. Not for iCarousel's types (not a scroll view).
    public var contentInset = EdgeInsets.zero
    /// The content inset once the device turns: the other orientation's safe area (a rotation swaps
    /// the two).
    public var turnedContentInset = EdgeInsets.zero

    public init(style: LayoutStyle, viewport: Size, itemCount: Int, allowsOverscroll: Bool = false) {
        self.style = style
        self.viewport = viewport
        self.itemCount = itemCount
        self.allowsOverscroll = allowsOverscroll
    }

    /// Throws the first invalid parameter.
    public func validate() throws(LayoutError) {
        try LayoutError.check(viewport.width, .width, in: 0...LayoutError.largestLength, positive: true)
        try LayoutError.check(viewport.height, .height, in: 0...LayoutError.largestLength, positive: true)
        guard itemCount >= 0 else { throw .negativeCount(itemCount) }
        switch style {
        case .line(let line): try line.validate()
        case .grid(let grid): try grid.validate(in: viewport)
        case .flow(let flow): try flow.validate(in: viewport)
        case .carousel(let carousel): try carousel.validate()
        case .page(let page): try page.validate(in: viewport)
        case .compositional(let section): try section.validate(in: viewport)
        }
    }

    /// The largest side, in points, any item of this gallery can be drawn at, whatever the offset:
    /// max(S, H)·(1 + f) for the line (its centred item), the cell's longer side for the grid and the
    /// flow. Renderers size photo decodes by it, so a frame's pixels never depend on which other frames
    /// are rendered with it.
    public var largestItemSide: Double {
        switch style {
        case .line(let line):
            // With a negative growth factor items grow away from the centre; none beyond W is visible.
            max(line.bounds.width, line.bounds.height)
                * max(line.scale(atDistance: 0), line.scale(atDistance: viewport.width), 1)
        case .grid, .flow: style.grid(in: viewport).map { max($0.side(in: viewport), $0.height(in: viewport)) } ?? 0
        case .carousel(let carousel): carousel.largestDrawnSide(count: itemCount, viewport: viewport)
        // No animator draws a card larger than it is (the cube's free edge recedes).
        case .page(let page): max(page.bounds(in: viewport).width, page.bounds(in: viewport).height)
        case .compositional(let section):
            max(section.itemSize(in: viewport).width, section.itemSize(in: viewport).height)
                * max(section.invalidationScale?.upperBound ?? 1, 1)
        }
    }

    /// Size of the scrollable content.
    public var contentSize: Size {
        switch style {
        case .line(let line): line.contentSize(count: itemCount, viewport: viewport)
        case .grid, .flow: style.grid(in: viewport)?.contentSize(count: itemCount, viewport: viewport) ?? viewport
        case .carousel(let carousel):
            // iCarousel has no content size: one turn of its items along the scroll axis.
            carousel.vertical
                ? Size(width: viewport.width, height: Double(itemCount) * carousel.itemWidth)
                : Size(width: Double(itemCount) * carousel.itemWidth, height: viewport.height)
        case .page(let page): page.contentSize(count: itemCount, viewport: viewport)
        case .compositional(let section): section.contentSize(count: itemCount, viewport: viewport)
        }
    }

    /// The offsets a scroll can rest at, along the scroll axis: [−before, max(−before, content −
    /// viewport + after)], `before` and `after` the content inset's edges on that axis (0 without one).
    public var scrollableRange: ClosedRange<Double> {
        let (before, after) = contentInset.along(vertical: style.kind.isVertical)
        switch style {
        case .line, .page, .compositional: return -before...max(-before, contentSize.width - viewport.width + after)
        case .grid, .flow: return -before...max(-before, contentSize.height - viewport.height + after)
        case .carousel(let carousel):
            // Without wrap, items 0 to n − 1 may be centred; with wrap every offset is one of those.
            return 0...max(0, Double(itemCount - 1) * carousel.itemWidth)
        }
    }

    /// The content size as `layout` reports it: grown by the content inset along the scroll axis.
    public var adjustedContentSize: Size {
        let (before, after) = contentInset.along(vertical: style.kind.isVertical)
        var size = contentSize
        if style.kind.isVertical { size.height += before + after } else { size.width += before + after }
        return size
    }

    /// `offset` clamped to the scrollable range, unless overscroll is allowed.
    public func clamped(_ offset: Double) -> Double {
        if case .carousel(let carousel) = style {
            // iCarousel wraps, or clamps (with overscroll, one item beyond each end).
            return carousel.boundedScrollOffset(
                carousel.scrollOffset(points: offset), count: itemCount, overscroll: allowsOverscroll)
                * carousel.itemWidth
        }
        return allowsOverscroll ? offset : min(max(offset, scrollableRange.lowerBound), scrollableRange.upperBound)
    }

    /// Where a line scroll released at `offset` with `velocity` (points per second) comes to rest;
    /// the grid does not snap, so it returns the clamped offset.
    public func snapped(_ offset: Double, velocity: Double = 0, deceleration: DecelerationRate = .normal) -> Double {
        guard case .line(let line) = style else { return clamped(offset) }
        return line.snappedOffset(
            from: clamped(offset), velocity: velocity, deceleration: deceleration, count: itemCount)
    }

    /// The frame at `offset` (clamped unless overscroll is allowed).
    public func frame(atOffset offset: Double) throws(LayoutError) -> LayoutFrame {
        try validate()
        try LayoutError.check(offset, .offset, in: -LayoutError.largestOffset...LayoutError.largestOffset)
        if case .carousel(let carousel) = style {
            let frame = try carousel.frame(
                atOffset: offset, count: itemCount, viewport: viewport, overscroll: allowsOverscroll)
            return LayoutFrame(
                offset: frame.offset, contentSize: contentSize, items: frame.items.map(LayoutItem.init),
                scrollOffset: frame.scrollOffset)
        }
        let offset = clamped(offset)
        let items: [LayoutItem] =
            switch style {
            case .line(let line): line.items(count: itemCount, viewport: viewport, offset: offset)
            case .page(let page): page.items(count: itemCount, viewport: viewport, offset: offset)
            case .compositional(let section): section.items(count: itemCount, viewport: viewport, offset: offset)
            case .grid, .flow, .carousel:
                style.grid(in: viewport)?.items(count: itemCount, viewport: viewport, offset: offset) ?? []
            }
        return LayoutFrame(offset: offset, contentSize: adjustedContentSize, items: items)
    }

    /// The untransformed bounds of every item (the line's item size, the grid's or flow's cell): what
    /// UIKit animates as `bounds`, apart from the scale it animates as `transform`.
    public var itemBounds: Size {
        switch style {
        case .line(let line): line.bounds
        case .grid, .flow:
            style.grid(in: viewport).map { Size(width: $0.side(in: viewport), height: $0.height(in: viewport)) }
                ?? Size(width: 0, height: 0)
        case .carousel(let carousel): carousel.itemSize
        case .page(let page): page.bounds(in: viewport)
        case .compositional(let section): section.itemSize(in: viewport)
        }
    }

    /// Item `index` at `offset` as given (the caller clamps), visible or not: where UIKit keeps a cell
    /// that is off screen, so that an animation can move it on or off screen.
    public func item(_ index: Int, atOffset offset: Double) -> LayoutItem {
        switch style {
        case .line(let line): line.item(index, viewport: viewport, offset: offset)
        case .page(let page): page.item(index, viewport: viewport, offset: offset)
        case .compositional(let section): section.item(index, viewport: viewport, offset: offset)
        case .grid, .flow, .carousel:
            style.grid(in: viewport)?.item(index, viewport: viewport, offset: offset) ?? LayoutItem.none(index)
        }
    }

    /// The offset (unclamped) that puts item `index`'s centre at the viewport's centre along the scroll
    /// axis: i·(S + L) for the line (its inset is (W − S)/2), row·(h + R) + h/2 − H/2 for the grid and
    /// the flow (h the cell height).
    public func centringOffset(ofItem index: Int) -> Double {
        switch style {
        case .line(let line): Double(index) * line.pitch
        case .carousel(let carousel): Double(index) * carousel.itemWidth
        case .page: Double(index) * viewport.width
        case .compositional(let section):
            section.lead(in: viewport) + Double(index) * section.pitch(in: viewport)
                + section.itemSize(in: viewport).width / 2 - viewport.width / 2
        case .grid, .flow:
            style.grid(in: viewport).map { grid in
                Double(index / grid.columns) * grid.rowPitch(in: viewport) + grid.height(in: viewport) / 2
                    - viewport.height / 2
            } ?? 0
        }
    }
}
