import CPixelmatch
import GalleryCore
import TestSupport
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

    /// A seeded generator of bytes, so every run tests the same pairs.
    struct Bytes {
        var state: UInt64
        mutating func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
    }

    func independentDeltaE(_ e: ArraySlice<UInt8>, _ a: ArraySlice<UInt8>) -> Double {
        let (i, j) = (e.startIndex, a.startIndex)
        return ColorScience.deltaE1994(
            reference: ColorScience.lab(over: (e[i], e[i + 1], e[i + 2], e[i + 3])),
            sample: ColorScience.lab(over: (a[j], a[j + 1], a[j + 2], a[j + 3])))
    }

    /// The kernel's verdicts for two one-row images at the given CPU level (0 portable, 1 AVX2).
    func verdicts(_ e: [UInt8], _ a: [UInt8], limit: Double, level: Int32) -> (count: UInt64, red: [Bool]) {
        gr_pixelmatch_cap_level(level)
        defer { gr_pixelmatch_cap_level(1) }
        var diff = [UInt8](repeating: 0, count: e.count)
        let count = gr_delta_e94_rows(e, a, e.count / 4, 0, 1, Int.max, limit, &diff)
        return (count, stride(from: 0, to: diff.count, by: 4).map { diff[$0] == 255 && diff[$0 + 1] == 0 })
    }

    @Test func agreesWithTheFormulaWrittenOutOnPairsAroundTheLimit() {
        // 3,000 pairs of a random colour and a neighbour up to 8 away in each channel; a third with
        // random alpha (over white), a fifth moved along grey, a few with the neighbour's alpha changed too. The limit 2 is
        // --perceptual-precision 0.98's. 1,000 pixels make the row longer than the kernel's 256-pixel spans.
        var bytes = Bytes(state: 20_261_201)
        var (e, a) = ([UInt8](), [UInt8]())
        for index in 0..<3000 {
            let base = (0..<4).map { _ in bytes.next() }
            let alpha: UInt8 = index % 3 == 0 ? base[3] : 255
            let step = Int(bytes.next() % 17) - 8  // every fifth pair moves along grey: ΔE94 is nearly ΔL
            let near = (0..<3).map {
                UInt8(clamping: Int(base[$0]) + (index % 5 == 2 ? step : Int(bytes.next() % 17) - 8))
            }
            e += [base[0], base[1], base[2], alpha]
            a += near + [index % 50 == 1 ? UInt8(clamping: Int(alpha) - 3) : alpha]
        }
        let expected = (0..<3000).map { independentDeltaE(e[$0 * 4..<$0 * 4 + 4], a[$0 * 4..<$0 * 4 + 4]) }
        for index in 0..<3000 {
            let measured = gr_delta_e94(Array(e[index * 4..<index * 4 + 4]), Array(a[index * 4..<index * 4 + 4]))
            #expect(abs(measured - expected[index]) < 1e-9, "pair \(index)")
        }
        let near = expected.filter { abs($0 - 2) < 0.5 }
        #expect(near.filter { $0 > 2 }.count > 100 && near.filter { $0 <= 2 }.count > 100)
        let settled = expected.allSatisfy { abs($0 - 2) > 1e-9 }  // no pair so close that rounding decides
        #expect(settled)
        for level: Int32 in [0, 1] {
            let (count, red) = verdicts(e, a, limit: 2, level: level)
            #expect(red == expected.map { $0 > 2 }, "level \(level)")
            #expect(count == UInt64(expected.filter { $0 > 2 }.count))
        }
    }

    @Test func theAVX2PathGivesThePortableBytes() {
        // Random rows with equal, translucent, transparent and far-apart pixels, 517 wide (not a
        // multiple of 4 or of a span), at several limits: the same count and diff image at both levels.
        var bytes = Bytes(state: 5)
        let e = (0..<517 * 4).map { _ in bytes.next() }
        var a = e
        for i in stride(from: 0, to: a.count, by: 4) {
            switch bytes.next() % 4 {
            case 0: continue
            case 1: for c in 0..<3 { a[i + c] = a[i + c] &+ (bytes.next() % 5) }
            case 2: a[i + 3] = 255; a[i] = bytes.next()
            default: for c in 0..<4 { a[i + c] = bytes.next() }
            }
        }
        var opaque = (e, a)
        for i in stride(from: 3, to: e.count, by: 4) { opaque.0[i] = 255; opaque.1[i] = 255 }
        for (x, y) in [(e, a), opaque] {
            for limit in [0.0, 1, 2, 5, 30] {
                #expect(verdicts(x, y, limit: limit, level: 0) == verdicts(x, y, limit: limit, level: 1))
            }
        }
    }

    @Test func precision098PassesAUniformShiftOfDeltaE19AndFailsOneOf21() throws {
        // For each of 24 colours across the cube, the 8-bit neighbour (within 9 a channel) whose ΔE94
        // (written out) is nearest 1.9, and the one nearest 2.1; each image is one colour a 16-pixel
        // column, 24 columns by 16 rows.
        let bases: [[UInt8]] = (0..<24).map { (index: Int) -> [UInt8] in
            let (r, g, b): (Int, Int, Int) = (40 + index % 3 * 80, 30 + index / 3 % 4 * 60, 20 + index / 12 * 200)
            return [UInt8(r), UInt8(g), UInt8(b)]
        }
        func neighbour(of base: [UInt8], near target: Double) -> ([UInt8], Double) {
            var best = (base, Double.infinity)
            let reference = ColorScience.lab(srgb: base[0], base[1], base[2])
            for dr in -9...9 {
                for dg in -9...9 {
                    for db in -9...9 {
                        let c: [UInt8] = [
                            UInt8(clamping: Int(base[0]) + dr), UInt8(clamping: Int(base[1]) + dg),
                            UInt8(clamping: Int(base[2]) + db),
                        ]
                        let d = ColorScience.deltaE1994(
                            reference: reference, sample: ColorScience.lab(srgb: c[0], c[1], c[2]))
                        if abs(d - target) < abs(best.1 - target) { best = (c, d) }
                    }
                }
            }
            return best
        }
        func image(_ colours: [[UInt8]]) -> RGBAImage {
            var pixels = [UInt8]()
            for _ in 0..<16 { for colour in colours { for _ in 0..<16 { pixels += colour + [255] } } }
            return RGBAImage(width: 24 * 16, height: 16, pixels: pixels)
        }
        let low = bases.map { neighbour(of: $0, near: 1.9) }, high = bases.map { neighbour(of: $0, near: 2.1) }
        #expect(low.allSatisfy { abs($0.1 - 1.9) < 0.05 }, "\(low.map(\.1))")
        #expect(high.allSatisfy { abs($0.1 - 2.1) < 0.05 }, "\(high.map(\.1))")
        let comparer = ImageComparer(criteria: DiffCriteria(perceptualPrecision: 0.98))
        let original = image(bases)
        #expect(comparer.compare(original, image(low.map(\.0)), diffImage: false).0.matches)
        let (shifted, _) = comparer.compare(original, image(high.map(\.0)), diffImage: false)
        #expect(!shifted.matches)
        #expect(
            DeltaE94(perceptualPrecision: 0.98).compare(original, image(high.map(\.0)), diffImage: false).0 == 24 * 16
                * 16)
    }
}
