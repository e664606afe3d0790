/// A motion of a gallery, evaluated in closed form at any time: a fling, an animated change of
/// layout (a layout toggle or a deletion), or a device rotation.
public enum Motion: Sendable {
    /// A fling of `gallery` (which allows overscroll, so a bounce is drawn as it happens) on a
    /// screen of `displayScale` pixels per point, whose device pixels its offsets keep to.
    case fling(Fling, gallery: Gallery, displayScale: Double)
    /// A transition from `start` to `end` (for a deletion, the same layout with one item fewer).
    case transition(LayoutTransition, start: Gallery, end: Gallery)
    /// The device turning (`viewWillTransition(to:with:)`): `end` is `start` with width and height
    /// swapped; the items tween as in a layout change while the interface's bounds go from W × H to
    /// H × W and it turns from ±90° to upright.
    case rotation(LayoutTransition, start: Gallery, end: Gallery)
    /// A fling of a carousel (`gallery`'s style), with iCarousel's own physics.
    case carouselFling(CarouselFling, gallery: Gallery)
    /// A carousel's change of type or deletion, from `start` to `end`.
    case carouselTransition(CarouselTransition, start: Gallery, end: Gallery)
    /// A drag and what follows the lift, or a paging fling, of `gallery` (which allows overscroll),
    /// its offsets kept to the device pixel grid as a fling's.
    case scroll(Scroll, gallery: Gallery, displayScale: Double)

    /// T_end, in seconds.
    public var duration: Double {
        switch self {
        case .fling(let fling, _, _): fling.duration
        case .transition(let transition, _, _), .rotation(let transition, _, _): transition.duration
        case .carouselFling(let fling, _): fling.duration
        case .carouselTransition(let transition, _, _): transition.duration
        case .scroll(let scroll, _, _): scroll.duration
        }
    }

    /// The state at time `t`. A transition's frame is the start's until the end (`t ≥ T_end`), which
    /// gives the end's.
    public func state(at t: Double) throws(LayoutError) -> MotionState {
        switch self {
        case .fling(let fling, let gallery, let displayScale):
            let frame = try gallery.frame(atOffset: Self.onPixelGrid(fling.offset(at: t), displayScale: displayScale))
            return MotionState(
                time: t, gallery: gallery, frame: frame,
                items: frame.items.map { AnimatedItem(item: $0, alpha: $0.alpha) })
        case .transition(let transition, let start, let end):
            let ended = t >= transition.duration
            return MotionState(
                time: t, gallery: ended ? end : start, frame: ended ? transition.endFrame : transition.startFrame,
                items: transition.items(at: t))
        case .rotation(let transition, let start, let end):
            let ended = t >= transition.duration
            let p = transition.duration > 0 ? EaseInOut.progress(t / transition.duration) : 1
            return MotionState(
                time: t, gallery: ended ? end : start, frame: ended ? transition.endFrame : transition.startFrame,
                items: transition.items(at: t), turn: InterfaceTurn.at(ended ? 1 : p, turning: start.viewport))
        case .carouselTransition(let transition, let start, let end):
            return try Self.state(of: transition, at: t, start: start, end: end)
        case .scroll(let scroll, let gallery, let displayScale):
            let frame = try gallery.frame(atOffset: Self.onPixelGrid(scroll.offset(at: t), displayScale: displayScale))
            return MotionState(
                time: t, gallery: gallery, frame: frame,
                items: frame.items.map { AnimatedItem(item: $0, alpha: $0.alpha) }, finger: scroll.finger(at: t))
        case .carouselFling(let fling, let gallery):
            let carousel = try fling.frame(at: t, viewport: gallery.viewport)
            let frame = LayoutFrame(
                offset: carousel.scrollOffset * fling.layout.itemWidth, contentSize: gallery.contentSize,
                items: carousel.items.map(LayoutItem.init), scrollOffset: carousel.scrollOffset)
            return MotionState(
                time: t, gallery: gallery, frame: frame,
                items: frame.items.map { AnimatedItem(item: $0, alpha: $0.alpha) })
        }
    }

    /// A carousel transition's state: its frame's offset and content size are the start's until the
    /// end, as for the other transitions.
    private static func state(of transition: CarouselTransition, at t: Double, start: Gallery, end: Gallery)
        throws(LayoutError) -> MotionState
    {
        let carousel = try transition.frame(at: t)
        let ended = t >= transition.duration
        let scrollOffset = ended ? transition.endScrollOffset : transition.startScrollOffset
        let gallery = ended ? end : start
        let frame = LayoutFrame(
            offset: scrollOffset * (ended ? transition.to : transition.from).itemWidth,
            contentSize: gallery.contentSize, items: carousel.items.map(LayoutItem.init), scrollOffset: scrollOffset)
        return MotionState(
            time: t, gallery: gallery, frame: frame, items: frame.items.map { AnimatedItem(item: $0, alpha: $0.alpha) })
    }

    /// `offset` on the device pixel grid, ⌊x·s + ½⌋/s, as UIScrollView keeps `contentOffset` while it
    /// scrolls (1/3 pt steps at @3x).
    public static func onPixelGrid(_ offset: Double, displayScale: Double) -> Double {
        (offset * displayScale + 0.5).rounded(.down) / displayScale
    }

    /// The most items a motion's frames may draw in all (each item once a frame it is drawn in):
    /// about 0.7 KB each as states, 1.2 KB once planned for rendering, so at most about 1.3 GB
    /// (230 frames of 5,504 items peaked at 1.5 GB; found by review: 1,370 frames of ~9,600 10-pt
    /// items each took gigabytes, then aborted).
    public static let placementLimit = 1 << 20

    /// The states of its frames at `fps`: t_k = min(k/fps, T_end), k = 0 … ⌈T_end·fps⌉. Throws as
    /// soon as they draw more than `placementLimit` items in all.
    public func states(fps: Int) throws(LayoutError) -> [MotionState] {
        let times = MotionTimeline.times(duration: duration, fps: fps)
        var placements = 0
        func counted(_ state: MotionState) throws(LayoutError) -> MotionState {
            placements += state.items.count
            guard placements <= Self.placementLimit else {
                throw .tooManyPlacements(frames: times.count, limit: Self.placementLimit)
            }
            return state
        }
        // One that may come near the limit is counted first, a frame at a time, so that one over it
        // is refused in a frame's memory (found by review: the states kept until then, ~0.7 GB,
        // aborted under a tighter `ulimit -v`).
        if let first = times.first, try state(at: first).items.count * times.count > Self.placementLimit / 2 {
            for time in times { _ = try counted(state(at: time)) }
            placements = 0
        }
        var states: [MotionState] = []
        states.reserveCapacity(times.count)
        for time in times { states.append(try counted(state(at: time))) }
        return states
    }
}
