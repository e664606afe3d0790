/// The cubic Bézier easing (0.42, 0, 0.58, 1), CSS's `ease-in-out` and Core Animation's
/// `easeInEaseOut`: progress p for a fraction x of the time.
public enum EaseInOut {
    /// p for x in 0…1: the Bézier's x(u) = 3(1 − u)²u·0.42 + 3(1 − u)u²·0.58 + u³ solved for u (it
    /// rises monotonically, so bisection finds u to the last bit), then y(u) = 3u² − 2u³.
    public static func progress(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        func bezierX(_ u: Double) -> Double {
            3 * (1 - u) * (1 - u) * u * 0.42 + 3 * (1 - u) * u * u * 0.58 + u * u * u
        }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if middle <= low || middle >= high { break }
            if bezierX(middle) < x { low = middle } else { high = middle }
        }
        let u = (low + high) / 2
        return 3 * u * u - 2 * u * u * u
    }
}
