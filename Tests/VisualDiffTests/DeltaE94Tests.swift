import CPixelmatch
import GalleryCore
import Testing
import VisualDiff

/// CIE ΔE 1994 as swift-snapshot-testing's perceptualPrecision uses it, held to values worked out
/// here from the CIE formulas.
@Suite struct DeltaE94Tests {
    func deltaE(_ a: [UInt8], _ b: [UInt8]) -> Double { gr_delta_e94(a, b) }

    @Test func whiteAgainstRedIsTheirLightnessAndChroma() {
        // sRGB red is L* 53.2408, a* 80.0925, b* 67.2032; white is L* 100, a* = b* = 0. From white the
        // chroma weights are 1 (C1 = 0): ΔE = √(46.7592² + 104.5518²) = 114.533; ΔH is 0 (same hue line).
        #expect(abs(deltaE([255, 255, 255, 255], [255, 0, 0, 255]) - 114.533) < 0.01)
        // From red, SC = 1 + 0.045·104.5518 = 5.7048 and SH = 2.5683: ΔE = √(46.7592² + (104.5518/5.7048)²).
        #expect(abs(deltaE([255, 0, 0, 255], [255, 255, 255, 255]) - 50.222) < 0.01)
        #expect(deltaE([10, 20, 30, 255], [10, 20, 30, 255]) == 0)
        // Transparent pixels are blended onto white first: transparent black is white.
        #expect(deltaE([0, 0, 0, 0], [255, 255, 255, 255]) == 0)
    }

    @Test func precisionSetsTheLargestDeltaE() {
        // Grey 128 against 130: linear 0.21586 and 0.22318, L* = 116·∛Y − 16 = 53.585 and 54.367,
        // a* = b* = 0, so ΔE94 = ΔL = 0.782.
        let (a, b) = (
            RGBAImage(width: 1, height: 1, pixels: [128, 128, 128, 255]),
            RGBAImage(width: 1, height: 1, pixels: [130, 130, 130, 255])
        )
        #expect(abs(deltaE(a.pixels, b.pixels) - 0.782) < 0.002)
        #expect(DeltaE94(perceptualPrecision: 0.99).compare(a, b, diffImage: false).0 == 0)
        #expect(DeltaE94(perceptualPrecision: 0.995).compare(a, b, diffImage: false).0 == 1)
        let comparer = ImageComparer(criteria: DiffCriteria(perceptualPrecision: 0.995))
        let (comparison, diff) = comparer.compare(a, b, diffImage: true)
        #expect(!comparison.matches && diff?.pixels == [255, 0, 0, 255])
    }

    @Test func bandsDoNotChangeTheCount() {
        var state: UInt64 = 7
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        let a = RGBAImage(width: 97, height: 211, pixels: (0..<97 * 211 * 4).map { _ in next() })
        let b = RGBAImage(width: 97, height: 211, pixels: a.pixels.map { $0 &+ (next() % 5) })
        let one = DeltaE94(perceptualPrecision: 0.98).compare(a, b, diffImage: true, jobs: 1)
        let two = DeltaE94(perceptualPrecision: 0.98).compare(a, b, diffImage: true, jobs: 2)
        #expect(one.0 == two.0 && one.1 == two.1 && one.0 > 0)
    }
}
