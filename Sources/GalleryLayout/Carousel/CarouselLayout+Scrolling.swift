extension CarouselLayout {
    /// `MAX_VISIBLE_ITEMS` on iOS.
    public static let maxVisibleItems = 30
    /// `_bounceDistance`: how far past either end, in items, a scroll may go (overscroll, a fling).
    public static let bounceDistance = 1.0

    /// The scroll position in items of an offset in points along the scroll axis: points / itemWidth.
    public func scrollOffset(points: Double) -> Double { points / itemWidth }

    /// `clampedOffset:`: with wrap s − ⌊s/n⌋·n (in [0, n]), else s clamped to [0, max(0, n − 1)].
    /// With no items 0 (the source's −1 means "no item"; a frame of no items shows nothing either way).
    public func clampedOffset(_ scrollOffset: Double, count: Int) -> Double {
        guard count > 0 else { return 0 }
        let n = Double(count)
        if wraps { return scrollOffset - (scrollOffset / n).rounded(.down) * n }
        return min(max(0, scrollOffset), max(0, n - 1))
    }

    /// The scroll offset a frame shows, as `didScroll` keeps it: `clampedOffset:` with wrap or without
    /// `overscroll`; with `overscroll` (bounces) clamped to [−1, max(n − 1, 0) + 1] instead.
    public func boundedScrollOffset(_ scrollOffset: Double, count: Int, overscroll: Bool) -> Double {
        guard overscroll, !wraps, count > 0 else { return clampedOffset(scrollOffset, count: count) }
        let (low, high) = (-Self.bounceDistance, max(Double(count) - 1, 0) + Self.bounceDistance)
        return scrollOffset < low ? low : scrollOffset > high ? high : scrollOffset
    }

    /// `clampedIndex:`: with wrap the index modulo n, else clamped to [0, n − 1]. n must be > 0.
    func clampedIndex(_ index: Int, count: Int) -> Int {
        wraps ? (index % count + count) % count : min(max(0, index), max(0, count - 1))
    }

    /// `currentItemIndex`: `clampedIndex:` of round(s), C's round (halves away from zero). Nil with no
    /// items (the source's −1), or for an offset that is not finite or beyond ±10¹⁵.
    public func currentItemIndex(scrollOffset: Double, count: Int) -> Int? {
        guard count > 0, scrollOffset.isFinite, abs(scrollOffset) < 1e15 else { return nil }
        return clampedIndex(Int(scrollOffset.rounded(.toNearestOrAwayFromZero)), count: count)
    }

    /// `minScrollDistanceFromOffset:toOffset:`: to − from, or with wrap the way round the other side,
    /// (min + n) − max negated when from < to, whichever is shorter (an exact tie goes the direct way).
    public func minScrollDistance(from: Double, to: Double, count: Int) -> Double {
        let direct = to - from
        guard wraps else { return direct }
        let around = min(to, from) + Double(count) - max(to, from)
        let wrapped = from < to ? -around : around
        return abs(direct) <= abs(wrapped) ? direct : wrapped
    }
}
