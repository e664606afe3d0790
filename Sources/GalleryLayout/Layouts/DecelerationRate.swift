/// UIScrollView's deceleration rate: the fraction of velocity kept per millisecond.
public enum DecelerationRate: Sendable, Hashable {
    /// 0.998, UIScrollView.DecelerationRate.normal.
    case normal
    /// 0.99, UIScrollView.DecelerationRate.fast.
    case fast
    /// Any rate in (0, 1).
    case custom(Double)

    public var rate: Double {
        switch self {
        case .normal: 0.998
        case .fast: 0.99
        case .custom(let rate): rate
        }
    }

    /// How far a fling at `velocity` points per second travels before it stops: (v/1000)·r/(1 − r).
    public func projectedDistance(velocity: Double) -> Double {
        velocity / 1000 * (1 - complement) / complement
    }

    /// 1 − r as the rate was written: 0.002, 0.01, or 1 − r on the grid of 15 decimal places. The
    /// binary 0.998 is off by up to 6·10⁻¹⁷, which is 3·10⁻¹⁴ of 0.002 (and 10⁻¹¹ of 1 − 0.99999):
    /// r/(1 − r) would carry that into the projection, and snap a fling from half-way between two
    /// items by rounding instead of to the lower one. A rate written with more places keeps its 1 − r.
    var complement: Double {
        switch self {
        case .normal: 0.002
        case .fast: 0.01
        case .custom(let rate): Self.asWritten(1 - rate)
        }
    }

    /// `value` on the grid of 15 decimal places, where that moves it no further than a written
    /// rate's rounding (10⁻¹⁶); `value` itself elsewhere.
    private static func asWritten(_ value: Double) -> Double {
        let written = (value * 1e15).rounded() / 1e15
        return written > 0 && abs(written - value) <= 1e-16 ? written : value
    }
}
