/// A carousel fling (or `scrollToItemAtIndex:animated:`) as iCarousel animates it, not as
/// UIScrollView does, in closed form: `scrollOffset(at:)` is a formula of t, never a sum of steps
/// (source: `didPan:` release, `decelerationDistance`, `shouldDecelerate`, `shouldScroll`,
/// `startDecelerating`, `step`, `scrollByOffset:duration:`, `didScroll`).
///
/// A release at velocity v = V·scrollSpeed/itemWidth items/s first decelerates when |v| > 2 and
/// |D| > 0.1, D = v²/(60·(1 − rate)) with v's sign, to end = ⌈s₀ + D⌉ (D > 0) or ⌊s₀ + D⌋, clamped to
/// [−1, n] without wrap, over T = |end − s₀|/|v/2|: s(t) = s₀ + v·t − ½·(v/T)·t². Then it settles: at
/// rest on the current item (within 10⁻⁶) it is exactly there and nothing more moves (the contract;
/// the source's 0.01 s scroll only lands the float on it), otherwise a 0.4 s
/// scroll goes to the current item; a release that does not decelerate scrolls instead to the next
/// item in its direction when |v| > 2 and it is more than 0.1 off an item (`shouldScroll`). Every
/// offset then passes through `didScroll` (wrapped, or clamped to [−1, n]). The settling scroll starts
/// at T exactly (the source starts it at the first 1/60 s timer tick from T).
public struct CarouselFling: Sendable, Hashable {
    /// `SCROLL_SPEED_THRESHOLD`, items/s.
    public static let speedThreshold = 2.0
    /// `DECELERATE_THRESHOLD` and `SCROLL_DISTANCE_THRESHOLD`, items.
    public static let distanceThreshold = 0.1
    /// `DECELERATION_MULTIPLIER`.
    public static let decelerationMultiplier = 30.0
    /// `FLOAT_ERROR_MARGIN`.
    public static let errorMargin = 1e-6
    /// `_decelerationRate` and `_scrollSpeed` by default.
    public static let defaultDecelerationRate = 0.95
    public static let defaultScrollSpeed = 1.0

    public let layout: CarouselLayout
    public let count: Int
    /// s₀, in items: the start offset clamped (wrapped with wrap).
    public let start: Double
    /// v, items/s (0 for a scroll to an item).
    public let velocity: Double
    /// The deceleration, when the release decelerates.
    public let deceleration: Deceleration?
    /// The scroll after it (or instead of it), which starts at `deceleration?.duration ?? 0`.
    public let settle: CarouselScroll?

    /// A fling from `offset` points at `velocity` points per second (positive towards larger offsets),
    /// `scrollSpeed` and `decelerationRate` as iCarousel's properties.
    public init(
        layout: CarouselLayout, count: Int, offset: Double, velocity: Double,
        scrollSpeed: Double = defaultScrollSpeed, decelerationRate: Double = defaultDecelerationRate
    ) throws(LayoutError) {
        try Self.validate(layout: layout, count: count, offset: offset)
        try LayoutError.check(velocity, .fling, in: -1e7...1e7)
        try LayoutError.check(scrollSpeed, .scrollSpeed, in: 0...100)
        try LayoutError.check(decelerationRate, .decelerationRate, in: 0...0.999)
        let s0 = layout.clampedOffset(layout.scrollOffset(points: offset), count: count)
        let v = velocity * scrollSpeed / layout.itemWidth
        let distance = Self.decelerationDistance(velocity: v, rate: decelerationRate)
        let deceleration =
            count > 0 && abs(v) > Self.speedThreshold && abs(distance) > Self.distanceThreshold
            ? Deceleration(start: s0, velocity: v, distance: distance, layout: layout, count: count) : nil
        let rest = deceleration.map {
            layout.boundedScrollOffset($0.rest, count: count, overscroll: true)
        }
        let settle = Self.settle(at: rest ?? s0, velocity: deceleration == nil ? v : 0, layout: layout, count: count)
        self.init(layout: layout, count: count, start: s0, velocity: v, deceleration: deceleration, settle: settle)
    }

    /// `scrollToItemAtIndex:index animated:YES` from `offset` points: 0.4 s, the shortest way round
    /// with wrap; without wrap the end is clamped to [0, n − 1]. Any index, as the source takes it.
    public static func scrollTo(_ index: Int, layout: CarouselLayout, count: Int, offset: Double)
        throws(LayoutError) -> CarouselFling
    {
        try validate(layout: layout, count: count, offset: offset)
        let s0 = layout.clampedOffset(layout.scrollOffset(points: offset), count: count)
        let scroll =
            count > 0
            ? CarouselScroll(
                from: s0, toItem: index, duration: CarouselScroll.animatedDuration, layout: layout, count: count)
            : nil
        return CarouselFling(layout: layout, count: count, start: s0, velocity: 0, deceleration: nil, settle: scroll)
    }

    private init(
        layout: CarouselLayout, count: Int, start: Double, velocity: Double, deceleration: Deceleration?,
        settle: CarouselScroll?
    ) {
        (self.layout, self.count, self.start, self.velocity) = (layout, count, start, velocity)
        (self.deceleration, self.settle) = (deceleration, settle)
    }

    /// When the motion ends, in seconds (0: nothing moves).
    public var duration: Double { (deceleration?.duration ?? 0) + (settle?.duration ?? 0) }

    /// The scroll offset in items at `t` seconds, as `didScroll` leaves it (wrapped, or within
    /// [−1, n]); the start before 0 and the rest state from `duration` on.
    public func scrollOffset(at t: Double) -> Double {
        let settleStart = deceleration?.duration ?? 0
        let raw: Double
        if let deceleration, t < settleStart || settle == nil {
            raw = t >= deceleration.duration ? deceleration.rest : deceleration.offset(at: max(t, 0))
        } else if let settle {
            raw = settle.scrollOffset(at: t - settleStart)
        } else {
            raw = start
        }
        return layout.boundedScrollOffset(raw, count: count, overscroll: true)
    }

    /// The frame at `t` seconds in `viewport` (overscroll allowed: a fling may bounce to −1 or n).
    public func frame(at t: Double, viewport: Size) throws(LayoutError) -> CarouselFrame {
        try layout.frame(atScrollOffset: scrollOffset(at: t), count: count, viewport: viewport, overscroll: true)
    }

    /// `decelerationDistance`: −v²/(2·acc), acc = ((−v)·30)·(1 − rate); v/(60·(1 − rate)).
    public static func decelerationDistance(velocity v: Double, rate: Double) -> Double {
        let acceleration = -v * decelerationMultiplier * (1 - rate)
        return -(v * v) / (2 * acceleration)
    }

    /// The release's or the deceleration's last word (velocity 0 after a deceleration, which skips
    /// `shouldScroll`): nil (nothing moves) when within 10⁻⁶ of the current item; to the next
    /// item in the direction of `velocity` when |v| > 2 and more than 0.1 from the current item;
    /// else 0.4 s back to the current item. Nil with no items.
    static func settle(at s: Double, velocity v: Double, layout: CarouselLayout, count: Int) -> CarouselScroll? {
        guard let current = layout.currentItemIndex(scrollOffset: s, count: count) else { return nil }
        let off = abs(s - Double(current))
        // At rest on the current item nothing more moves (the contract; the source's 0.01 s scroll
        // there only lands the float exactly on it, which `scrollOffset(at:)` does at once).
        guard off >= errorMargin else { return nil }
        let (target, duration) =
            abs(v) > speedThreshold && off > distanceThreshold
            ? (current + (v > 0 ? 1 : -1), CarouselScroll.animatedDuration)
            : (current, CarouselScroll.animatedDuration)
        return CarouselScroll(from: s, toItem: target, duration: duration, layout: layout, count: count)
    }

    private static func validate(layout: CarouselLayout, count: Int, offset: Double) throws(LayoutError) {
        try layout.validate()
        guard count >= 0 else { throw .negativeCount(count) }
        try LayoutError.check(offset, .offset, in: LayoutError.offsetRange)
    }

    /// `startDecelerating` and the decelerating `step`: from `start` at `velocity` to `end` over
    /// `duration` T, s(t) = start + (v·t + ½·(−v/T)·t²).
    public struct Deceleration: Sendable, Hashable {
        public let start: Double
        public let velocity: Double
        /// The item boundary it stops on (clamped to [−1, n] without wrap; not wrapped).
        public let end: Double
        public let duration: Double

        /// Nil when the rounded, clamped end is the start (the source does not decelerate then).
        init?(start: Double, velocity: Double, distance: Double, layout: CarouselLayout, count: Int) {
            var end = distance > 0 ? (start + distance).rounded(.up) : (start + distance).rounded(.down)
            if !layout.wraps {
                let bounce = CarouselLayout.bounceDistance
                end = max(-bounce, min(Double(count) - 1 + bounce, end))
            }
            let travel = end - start
            guard travel != 0 else { return nil }
            (self.start, self.velocity, self.end) = (start, velocity, end)
            duration = abs(travel) / abs(0.5 * velocity)
        }

        /// Where it comes to rest: the item boundary `end` when within `errorMargin` of it (the float
        /// landed exactly), else the formula's last value.
        public var rest: Double {
            let last = offset(at: duration)
            return abs(last - end) < CarouselFling.errorMargin ? end : last
        }

        /// The offset `t` seconds in (0 ≤ t ≤ duration), before `didScroll`.
        public func offset(at t: Double) -> Double {
            let acceleration = -velocity / duration
            return start + (velocity * t + 0.5 * acceleration * (t * t))
        }
    }
}
