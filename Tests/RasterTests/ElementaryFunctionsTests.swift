import CCPU
import Foundation
import Testing

/// gr_math.h: libm's accuracy within a few units in the last place, and its own bits, which are the
/// same on every CPU (`make cross-check` runs the C side on arm64; these values are what it must give).
@Suite struct ElementaryFunctionsTests {
    /// How many units in the last place `value` is from `reference`.
    static func ulps(_ value: Double, _ reference: Double) -> Double {
        value == reference ? 0 : abs(value - reference) / reference.magnitude.ulp
    }

    @Test func agreeWithLibmWithinTheirBounds() {
        var worst = (exp: 0.0, log: 0.0, sin: 0.0, cbrt: 0.0, pow: 0.0)
        for k in 1..<20_000 {
            let t = Double(k) / 20_000
            worst.exp = max(worst.exp, Self.ulps(gr_exp((t - 0.5) * 1400), Foundation.exp((t - 0.5) * 1400)))
            worst.log = max(worst.log, Self.ulps(gr_log(t * 1e6), Foundation.log(t * 1e6)))
            let x = t * 3 * Double.pi
            if abs(Foundation.sin(x)) > 1e-3 { worst.sin = max(worst.sin, Self.ulps(gr_sin(x), Foundation.sin(x))) }
            worst.cbrt = max(worst.cbrt, Self.ulps(gr_cbrt((t - 0.5) * 8), Foundation.cbrt((t - 0.5) * 8)))
            worst.pow = max(worst.pow, Self.ulps(gr_pow(t, 2.4), Foundation.pow(t, 2.4)))
        }
        // gr_math.h's documented bounds: 3 units in the last place; pow within |y·ln x| units (29 here).
        #expect(worst.exp <= 3 && worst.log <= 3 && worst.sin <= 3 && worst.cbrt <= 3)
        #expect(worst.pow <= 29)
    }

    @Test func specialValuesAreLibmsOwn() {
        #expect(gr_exp(0) == 1 && gr_exp(-1000) == 0 && gr_exp(1000) == .infinity && gr_exp(.nan).isNaN)
        #expect(gr_log(1) == 0 && gr_log(0) == -.infinity && gr_log(-1).isNaN && gr_log(.infinity) == .infinity)
        #expect(gr_sin(0) == 0 && gr_sin(.infinity).isNaN)
        #expect(gr_cbrt(27) == 3 && gr_cbrt(-8) == -2 && gr_cbrt(0) == 0 && gr_cbrt(-.infinity) == -.infinity)
        #expect(gr_pow(0, 2.4) == 0 && gr_pow(1, 7) == 1 && gr_pow(-1, 2).isNaN && gr_pow(1, .nan) == 1)
        #expect(gr_pow(.nan, 0) == 1 && gr_sin(1e19).isNaN)
    }

    /// The bits of a few values the fling curves and the Lanczos weights use, as x86-64 computes them:
    /// any CPU or compiler that fuses a multiply-add or reorders a sum gives others.
    @Test func giveTheseBitsEverywhere() {
        #expect(gr_exp(-0.75).bitPattern == 0x3FDE_3B40_EBEF_CD7E)
        #expect(gr_log(0.998).bitPattern == 0xBF60_6680_FFE7_CC09)
        #expect(gr_sin(2.5).bitPattern == 0x3FE3_26AF_0DCF_CAB0)
        #expect(gr_cbrt(0.3).bitPattern == 0x3FE5_6BFE_A66E_F78D)
        #expect(gr_pow(0.5, 2.4).bitPattern == 0x3FC8_4060_03B2_AE5C)
    }
}
