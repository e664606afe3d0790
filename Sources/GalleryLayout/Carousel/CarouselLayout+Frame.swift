extension CarouselLayout {
    /// The scroll offsets, in items, a frame may be asked for (the largest point offset over the
    /// smallest item width).
    static let scrollOffsetRange = -1e12...1e12

    /// The frame at `offset` points along the scroll axis: scrollOffset = offset / itemWidth, then as
    /// `frame(atScrollOffset:)`. The frame's `offset` is the one given when nothing clamped it.
    public func frame(atOffset offset: Double, count: Int, viewport: Size, overscroll: Bool = false)
        throws(LayoutError) -> CarouselFrame
    {
        try LayoutError.check(offset, .offset, in: LayoutError.offsetRange)
        let requested = scrollOffset(points: offset)
        var frame = try frame(atScrollOffset: requested, count: count, viewport: viewport, overscroll: overscroll)
        if frame.scrollOffset == requested { frame.offset = offset }
        return frame
    }

    /// The frame at `scrollOffset` items, for `count` items in `viewport`: the offset bounded as
    /// `didScroll` bounds it (wrapped, or clamped to [0, n − 1], or with `overscroll` to [−1, n]); the
    /// loaded items (`loadedIndices`) with their offset, transform and alpha, sorted by
    /// `compareViewDepth` (every frame, not only when the source re-sorts), less those not drawn
    /// (`isDrawn`) unless not `culled` (a transition moves every loaded item, drawn or not).
    public func frame(
        atScrollOffset scrollOffset: Double, count: Int, viewport: Size, overscroll: Bool = false, culled: Bool = true
    ) throws(LayoutError) -> CarouselFrame {
        try validate(count: count, viewport: viewport)
        try LayoutError.check(scrollOffset, .offset, in: Self.scrollOffsetRange)
        let s = boundedScrollOffset(scrollOffset, count: count, overscroll: overscroll)
        let places = circularCount(count: count, viewport: viewport)
        let center = Point(x: viewport.width / 2, y: viewport.height / 2)
        let loaded = loadedIndices(scrollOffset: s, count: count, viewport: viewport).map { index in
            let o = offset(ofItem: index, scrollOffset: s, count: count)
            return CarouselItem(
                index: index, offset: o, transform: transform(forOffset: o, circularCount: places),
                alpha: alpha(forOffset: o), center: center, bounds: itemSize)
        }
        let current = currentItemIndex(scrollOffset: s, count: count)
        let currentTransform = loaded.first { $0.index == current }?.transform
        let items = loaded.sorted { compareViewDepth($0, $1, currentTransform: currentTransform) }
            .filter { !culled || isDrawn($0, in: viewport) }
        return CarouselFrame(offset: s * itemWidth, scrollOffset: s, currentItemIndex: current, items: items)
    }
}
