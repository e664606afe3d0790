/// Sine and cosine of an angle in degrees from a fixed polynomial, evaluated in a fixed order, so the
/// same angle gives the same bits on every CPU and C library (libm's `sin` need not): a frame turned
/// by them is the same bytes on a Mac and on Linux. Exact at multiples of 90°.
public enum ExactSine {
    /// (sin θ, cos θ) for θ in degrees.
    public static func sineAndCosine(degrees: Double) -> (sin: Double, cos: Double) {
        // Reduce to [−45°, 45°] and a quadrant, where the Taylor series below is good to 1e-16.
        let quadrant = Int((degrees / 90).rounded())
        let rest = (degrees - Double(quadrant) * 90) * (Double.pi / 180)
        let (s, c) = (sine(rest), cosine(rest))
        switch ((quadrant % 4) + 4) % 4 {
        case 0: return (s, c)
        case 1: return (c, -s)
        case 2: return (-s, -c)
        default: return (-c, s)
        }
    }

    /// sin x for |x| ≤ π/4: x − x³/3! + … − x¹⁵/15!, by Horner in x².
    private static func sine(_ x: Double) -> Double {
        let x2 = x * x
        var sum = -1.0 / 1_307_674_368_000  // −1/15!
        for coefficient in [1.0 / 6_227_020_800, -1.0 / 39_916_800, 1.0 / 362_880, -1.0 / 5040, 1.0 / 120, -1.0 / 6] {
            sum = sum * x2 + coefficient
        }
        return x + x * x2 * sum
    }

    /// cos x for |x| ≤ π/4: 1 − x²/2! + … + x¹⁶/16!, by Horner in x².
    private static func cosine(_ x: Double) -> Double {
        let x2 = x * x
        var sum = 1.0 / 20_922_789_888_000  // 1/16!
        for coefficient in [
            -1.0 / 87_178_291_200, 1.0 / 479_001_600, -1.0 / 3_628_800, 1.0 / 40320, -1.0 / 720, 1.0 / 24, -0.5,
        ] {
            sum = sum * x2 + coefficient
        }
        return 1 + x2 * sum
    }
}
