/// iCarousel's scrolling animation (`scrollByOffset:duration:` and its `step` branch): from `start`
/// to `end` items over `duration` seconds, s(t) = start + (end − start)·E(min(1, t/duration)) with
/// `easeInOut:`'s cubic E. Offsets are as the animation computes them, before `didScroll` wraps or
/// clamps them.
public struct CarouselScroll: Sendable, Hashable {
    /// `SCROLL_DURATION`, of `scrollToItemAtIndex:animated:YES`, in seconds.
    public static let animatedDuration = 0.4
    public let start: Double
    public let end: Double
    /// In seconds, > 0.
    public let duration: Double

    public init(start: Double, end: Double, duration: Double) {
        self.start = start
        self.end = end
        self.duration = duration
    }

    /// `scrollToItemAtIndex:duration:` from `scrollOffset`: the shortest way to `index` (with wrap),
    /// the end clamped to [0, n − 1] without wrap (`scrollByOffset:duration:`).
    public init(from scrollOffset: Double, toItem index: Int, duration: Double, layout: CarouselLayout, count: Int) {
        let distance = layout.minScrollDistance(from: scrollOffset, to: Double(index), count: count)
        let end = scrollOffset + distance
        self.init(
            start: scrollOffset, end: layout.wraps ? end : layout.clampedOffset(end, count: count), duration: duration)
    }

    /// The offset `t` seconds after the scroll starts: the start before 0, start + (end − start)·1 from
    /// `duration` on.
    public func scrollOffset(at t: Double) -> Double {
        start + (end - start) * Self.easeInOut(min(1, max(0, t) / duration))
    }

    /// `easeInOut:`: u < ½ ? ½(2u)³ : ½(2u − 2)³ + 1, the cubes as products (the source's `pow(x, 3)`,
    /// without a libm that differs between systems).
    public static func easeInOut(_ u: Double) -> Double {
        if u < 0.5 {
            let x = u * 2
            return 0.5 * (x * x * x)
        }
        let x = u * 2 - 2
        return 0.5 * (x * x * x) + 1
    }
}
