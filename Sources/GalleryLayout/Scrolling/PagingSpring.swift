/// UIScrollView's paging spring (`isPagingEnabled`), stepped per millisecond as the contract writes it:
/// from x = x₀, v = V (pt/s), each step v ← (v + 0.36·(T − x))·0.9668, x ← x + v/1000; it ends at the
/// first step where |v| ≤ 10 pt/s and |T − x| ≤ 1 pt, and that step shows x = T.
///
/// The steps are taken once, when it is made (a few hundred: 341 from 100 at 300 pt/s onto 375; a
/// spring from 10⁹ pt away settles in 1,314), so any frame is a lookup.
public struct PagingSpring: Sendable, Hashable {
    public let start: Double
    public let velocity: Double
    public let target: Double
    /// x after step k + 1; the last is the target.
    private let positions: [Double]

    /// No spring takes more steps than this (a minute): one that has not settled by then shows the
    /// target at the last. None with a frame's offsets and speeds comes near it (from 10⁹ pt away at
    /// 10⁹ pt/s: 1,311 steps, measured).
    public static let stepLimit = 60_000

    /// The spring from `start` at `velocity` pt/s onto `target`.
    public init(from start: Double, velocity: Double, target: Double) {
        (self.start, self.velocity, self.target) = (start, velocity, target)
        var (x, v) = (start, velocity)
        var positions: [Double] = []
        while true {
            v = (v + 0.36 * (target - x)) * 0.9668
            x += v / 1000
            let settled = abs(v) <= Fling.stopSpeed && abs(target - x) <= 1
            if settled || !x.isFinite || !v.isFinite || positions.count + 1 >= Self.stepLimit {
                positions.append(target)
                break
            }
            positions.append(x)
        }
        self.positions = positions
    }

    /// How long it takes, in seconds: its steps, a millisecond each.
    public var duration: Double { Double(positions.count) / 1000 }

    /// The offset at `t` seconds after the finger lifts: the state after round(t·1000) steps (halves
    /// away from zero).
    public func offset(at t: Double) -> Double {
        let steps = (t * 1000).rounded()
        guard steps >= 1 else { return start }
        guard steps < Double(positions.count) else { return target }
        return positions[Int(steps) - 1]
    }

    /// The page a fling from `x0` at `velocity` comes to rest on, as an offset: page P along the scroll
    /// axis, round(x₀/P + ½·sgn V) when |V| > 10 pt/s, else round(x₀/P), halves away from zero (the
    /// contract's rule: from rest on page k ≥ 1 a flick forward goes to k + 1 and one back stays on k,
    /// where UIKit would go to k − 1); then k·P clamped to `range`.
    public static func target(from x0: Double, velocity: Double, page: Double, range: ClosedRange<Double>) -> Double {
        let pages = x0 / page
        let k = abs(velocity) > Fling.stopSpeed ? (pages + (velocity > 0 ? 0.5 : -0.5)).rounded() : pages.rounded()
        return min(max(k * page, range.lowerBound), range.upperBound)
    }
}
