/// A motion of a gallery, evaluated in closed form at any time: a fling, or an animated change of
/// layout (a layout toggle or a deletion).
public enum Motion: Sendable {
    /// A fling of `gallery` (which allows overscroll, so a bounce is drawn as it happens).
    case fling(Fling, gallery: Gallery)
    /// A transition from `start` to `end` (for a deletion, the same layout with one item fewer).
    case transition(LayoutTransition, start: Gallery, end: Gallery)

    /// T_end, in seconds.
    public var duration: Double {
        switch self {
        case .fling(let fling, _): fling.duration
        case .transition(let transition, _, _): transition.duration
        }
    }

    /// The state at time `t`. A transition's frame is the start's until the end (`t ≥ T_end`), which
    /// gives the end's.
    public func state(at t: Double) throws(LayoutError) -> MotionState {
        switch self {
        case .fling(let fling, let gallery):
            let frame = try gallery.frame(atOffset: fling.offset(at: t))
            return MotionState(
                time: t, gallery: gallery, frame: frame, items: frame.items.map { AnimatedItem(item: $0, alpha: 1) })
        case .transition(let transition, let start, let end):
            let ended = t >= transition.duration
            return MotionState(
                time: t, gallery: ended ? end : start, frame: ended ? transition.endFrame : transition.startFrame,
                items: transition.items(at: t))
        }
    }

    /// The states of its frames at `fps`: t_k = min(k/fps, T_end), k = 0 … ⌈T_end·fps⌉.
    public func states(fps: Int) throws(LayoutError) -> [MotionState] {
        var states: [MotionState] = []
        for time in MotionTimeline.times(duration: duration, fps: fps) { states.append(try state(at: time)) }
        return states
    }
}
