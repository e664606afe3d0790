import Foundation
import CCPU

/// A fling as UIScrollView animates it, in closed form: the offset at any time t is a formula, never
/// a sum of steps, so frames are independent and agree with the contract's formulas to the last bit
/// Double allows.
///
/// With λ = −1000·ln r (r the deceleration rate per ms) and a = 10 pt/s (the speed at which a scroll
/// view stops):
/// - free flight: x(t) = x₀ + (v/λ)(1 − e^(−λt)), ending when the speed v·e^(−λt) is a, at
///   T = ln(|v|/a)/λ;
/// - at an edge (no snap): from the crossing time t_c on, edge + v_c·s·e^(−ωs), s = t − t_c, a
///   critically damped spring (ω = 2π/0.575 s⁻¹, v_c the speed at the crossing), ending at the first
///   s ≥ 1/ω where the overshoot is at most 0.1 pt;
/// - with a snap target T: the flight bent (v′, λ′) to end exactly on T.
///
/// e^x and ln x are `gr_exp` and `gr_log` (gr_math.h), which give the same bits on every CPU and
/// system, as libm's do not: the same fling is the same frames on a Mac and on Linux CI.
public struct Fling: Sendable, Hashable {
    /// The stop speed a, in points per second.
    public static let stopSpeed = 10.0
    /// ω of the bounce, per second.
    public static let bounceFrequency = 2 * Double.pi / 0.575
    /// The overshoot below which a bounce has ended, in points.
    public static let bounceRest = 0.1

    public let start: Double
    /// v′ and λ′: the flight's velocity and decay (v and λ unless a snap bent them).
    public let velocity: Double
    public let decay: Double
    /// The bounce, when the flight leaves the scrollable range.
    public let bounce: Bounce?
    /// When the motion ends, in seconds (0: nothing moves).
    public let duration: Double
    /// Where it ends.
    public let end: Double

    /// A fling from `start` at `velocity` pt/s with `deceleration`, within `range` (bouncing at its
    /// edges), or bent to end on `target` when one is given (a snapping carousel).
    public init(
        from start: Double, velocity: Double, deceleration: DecelerationRate, range: ClosedRange<Double>,
        target: Double? = nil
    ) {
        let a = Self.stopSpeed
        let lambda = -1000 * gr_log(deceleration.rate)
        self.start = start
        if let target {
            let e = target - start
            let aE = a * Self.sign(e)
            var (v, l) = (aE + lambda * e, lambda)
            if e != 0, Self.sign(velocity) == Self.sign(e), abs(velocity) > a, abs(e) < (abs(velocity) - a) / lambda {
                (v, l) = (velocity, (velocity - a * Self.sign(velocity)) / e)
            }
            self.velocity = e == 0 ? 0 : v
            decay = l
            bounce = nil
            duration = e == 0 ? 0 : gr_log(abs(v) / a) / l
            end = target
            return
        }
        self.velocity = velocity
        decay = lambda
        let flight = abs(velocity) <= a ? 0 : gr_log(abs(velocity) / a) / lambda
        let stop = start + (velocity - a * Self.sign(velocity)) / lambda
        let edge = stop > range.upperBound ? range.upperBound : stop < range.lowerBound ? range.lowerBound : nil
        guard let edge, flight > 0 else {
            bounce = nil
            duration = flight
            end = flight > 0 ? stop : start
            return
        }
        // x(t_c) = edge: 1 − e^(−λ t_c) = (edge − x₀)·λ/v.
        let crossing = -gr_log(1 - (edge - start) * lambda / velocity) / lambda
        let speed = velocity * gr_exp(-lambda * crossing)
        bounce = Bounce(edge: edge, time: crossing, speed: speed)
        duration = crossing + Self.bounceLength(speed: speed)
        end = edge
    }

    /// The offset at time `t` (seconds from the start); the end from `duration` on.
    public func offset(at t: Double) -> Double {
        if t >= duration { return end }
        if let bounce, t >= bounce.time {
            let s = t - bounce.time
            return bounce.edge + bounce.speed * s * gr_exp(-Self.bounceFrequency * s)
        }
        return start + (velocity / decay) * (1 - gr_exp(-decay * t))
    }

    /// The first s ≥ 1/ω where |v_c·s·e^(−ωs)| ≤ 0.1 pt: the overshoot falls from its peak at 1/ω, so
    /// the root is bracketed and found by bisection to the last bit.
    static func bounceLength(speed: Double) -> Double {
        let omega = bounceFrequency
        func overshoot(_ s: Double) -> Double { abs(speed) * s * gr_exp(-omega * s) }
        var low = 1 / omega
        if overshoot(low) <= bounceRest { return low }
        var high = low * 2
        while overshoot(high) > bounceRest { high *= 2 }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if middle <= low || middle >= high { break }
            if overshoot(middle) > bounceRest { low = middle } else { high = middle }
        }
        return high
    }

    /// Where a flight leaves the scrollable range and the spring that takes it back.
    public struct Bounce: Sendable, Hashable {
        /// The edge crossed (0 or the largest offset).
        public let edge: Double
        /// t_c, when it is crossed.
        public let time: Double
        /// v_c, the speed then.
        public let speed: Double
    }

    private static func sign(_ x: Double) -> Double { x > 0 ? 1 : x < 0 ? -1 : 0 }
}
