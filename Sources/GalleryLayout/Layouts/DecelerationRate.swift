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
        velocity / 1000 * rate / (1 - rate)
    }
}
