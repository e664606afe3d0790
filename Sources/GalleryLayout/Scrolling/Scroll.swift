/// A scroll as UIScrollView performs it: a drag by the finger (if any), then what follows the lift:
/// a fling (free, or bent onto a snap target), the paging spring, or the spring back from past an
/// edge. Every frame is a formula or a lookup of the time alone.
public struct Scroll: Sendable, Hashable {
    /// The finger's drag: from `start`, `distance` points over `duration` seconds at constant speed.
    public struct Drag: Sendable, Hashable {
        public let start: Double
        public let distance: Double
        public let duration: Double
        /// The scrollable range and the viewport's extent along the axis: the rubber band's.
        public let range: ClosedRange<Double>
        public let extent: Double

        public init(start: Double, distance: Double, duration: Double, range: ClosedRange<Double>, extent: Double) {
            (self.start, self.distance, self.duration, self.range, self.extent) = (
                start, distance, duration, range, extent
            )
        }

        /// Where the finger has dragged the content to at `t` (held at the end after `duration`).
        public func finger(at t: Double) -> Double {
            duration > 0 ? start + distance * min(max(t / duration, 0), 1) : start + distance
        }

        /// The offset shown at `t`: the finger's, rubber-banded past an edge.
        public func offset(at t: Double) -> Double {
            RubberBand.offset(finger: finger(at: t), range: range, extent: extent)
        }
    }

    /// What follows the lift.
    public enum Release: Sendable, Hashable {
        case fling(Fling)
        case paging(PagingSpring)
        case springBack(RubberBand.SpringBack)

        public var duration: Double {
            switch self {
            case .fling(let fling): fling.duration
            case .paging(let spring): spring.duration
            case .springBack(let spring): spring.duration
            }
        }

        public func offset(at s: Double) -> Double {
            switch self {
            case .fling(let fling): fling.offset(at: s)
            case .paging(let spring): spring.offset(at: s)
            case .springBack(let spring): spring.offset(at: s)
            }
        }

        /// Where it comes to rest.
        public var end: Double {
            switch self {
            case .fling(let fling): fling.end
            case .paging(let spring): spring.target
            case .springBack(let spring): spring.edge
            }
        }
    }

    public let drag: Drag?
    public let release: Release

    public init(drag: Drag?, release: Release) {
        self.drag = drag
        self.release = release
    }

    /// When the finger lifts: the drag's end (0 without one).
    public var lift: Double { drag?.duration ?? 0 }

    /// T_end: the drag, then the release.
    public var duration: Double { lift + release.duration }

    /// The offset at `t` seconds from the start.
    public func offset(at t: Double) -> Double {
        if let drag, t < drag.duration { return drag.offset(at: t) }
        return release.offset(at: t - lift)
    }

    /// The finger's position while it is down (to the lift, inclusive); nil after, or without a drag.
    public func finger(at t: Double) -> Double? {
        guard let drag, t <= drag.duration else { return nil }
        return drag.finger(at: t)
    }
}
