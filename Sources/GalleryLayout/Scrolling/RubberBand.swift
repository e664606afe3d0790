import CCPU

/// UIScrollView past its edges: the rubber band the content lags the finger by while a drag is out of
/// range, and the spring that takes it back to the edge after the finger lifts there.
public enum RubberBand {
    /// Where the content shows when the finger has dragged it to `finger`: the finger itself inside
    /// `range`; past an edge by u, the edge plus (1 − 1/(u·0.55/d + 1))·d that way, d the viewport's
    /// extent along the scroll axis.
    public static func offset(finger: Double, range: ClosedRange<Double>, extent d: Double) -> Double {
        if finger > range.upperBound { return range.upperBound + stretch(finger - range.upperBound, extent: d) }
        if finger < range.lowerBound { return range.lowerBound - stretch(range.lowerBound - finger, extent: d) }
        return finger
    }

    private static func stretch(_ u: Double, extent d: Double) -> Double { (1 - 1 / (u * 0.55 / d + 1)) * d }

    /// The spring back to an edge from an overshoot y₀ (offset units, beyond the edge) at velocity V:
    /// y(s) = (y₀ + (V + ω·y₀)·s)·e^(−ωs), ω the edge bounce's, ending at the first s ≥ 1/ω where
    /// |y(s)| ≤ 0.1 pt, on the edge.
    public struct SpringBack: Sendable, Hashable {
        public let edge: Double
        public let overshoot: Double
        public let velocity: Double
        /// When it ends, in seconds from its start.
        public let duration: Double

        public init(edge: Double, overshoot: Double, velocity: Double) {
            (self.edge, self.overshoot, self.velocity) = (edge, overshoot, velocity)
            duration = Self.length(overshoot, velocity)
        }

        /// The overshoot `s` seconds after the lift.
        static func y(_ y0: Double, _ v: Double, _ s: Double) -> Double {
            let omega = Fling.bounceFrequency
            return (y0 + (v + omega * y0) * s) * gr_exp(-omega * s)
        }

        /// The offset `s` seconds after the lift: on the edge from `duration` on.
        public func offset(at s: Double) -> Double {
            s >= duration ? edge : edge + Self.y(overshoot, velocity, max(s, 0))
        }

        /// The first s ≥ 1/ω with |y(s)| ≤ 0.1: stepped a millisecond at a time (|y| may cross 0 and
        /// grow again), then bisected to the last bit between the last step above and the first below.
        static func length(_ y0: Double, _ v: Double) -> Double {
            let rest = Fling.bounceRest
            var low = 1 / Fling.bounceFrequency
            guard abs(y(y0, v, low)) > rest else { return low }
            var high = low
            while abs(y(y0, v, high)) > rest {
                low = high
                high += 0.001
                // Within 10 s whatever a scroll may have (overshoot < 10⁶ pt, V ≤ 10⁹ pt/s):
                // (10⁶ + 1.1·10¹⁰·10)·e^(−109) is far below 0.1. A bound, never reached.
                if high > 10 { return high }
            }
            for _ in 0..<200 {
                let middle = (low + high) / 2
                if middle <= low || middle >= high { break }
                if abs(y(y0, v, middle)) > rest { low = middle } else { high = middle }
            }
            return high
        }
    }
}
