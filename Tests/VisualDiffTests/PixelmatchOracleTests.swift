import TestSupport
import Testing

@testable import VisualDiff

/// The optimised kernel against `PixelmatchReference`, the JS transliterated without shortcuts, on
/// random images built to reach every branch: flat blocks (equal neighbours, siblings), blended edges
/// (anti-aliasing candidates), borders, translucent pixels, and changes of every kind.
@Suite struct PixelmatchOracleTests {
    static let options: [Pixelmatch] = [
        Pixelmatch(),
        Pixelmatch(threshold: 0),
        Pixelmatch(threshold: 0.05, alpha: 0.5),
        Pixelmatch(threshold: 0.3, diffColorAlt: Pixelmatch.Color(red: 0, green: 255, blue: 0)),
        Pixelmatch(includeAA: true),
        Pixelmatch(diffMask: true),
        Pixelmatch(threshold: 0.02, includeAA: true, diffMask: true),
        Pixelmatch(threshold: 0.95, diffColorAlt: Pixelmatch.Color(red: 0, green: 0, blue: 255), diffMask: true),
    ]

    /// Every seed at both levels of gr_pixelmatch: AVX2 (where the CPU has it) and portable C. The
    /// level is capped per thread, so the portable level runs serially only (parallel bands run on
    /// other threads, at the CPU's level).
    @Test(arguments: 0..<40, [true, false])
    func countsAndDiffImageEqualTheReference(seed: Int, simd: Bool) {
        var random = SplitMix(seed: UInt64(seed) &* 0x9E37_79B9 &+ 11)
        let (width, height, img1, img2) = Self.pair(&random)
        Self.expectEqualToTheReference(img1, img2, width, height, simd: simd, label: "seed \(seed)")
    }

    /// Images 60–200 pixels wide: the AVX2 loops run many steps and bitmaps of rows span several words.
    @Test(arguments: 0..<12, [true, false])
    func wideImagesEqualTheReference(seed: Int, simd: Bool) {
        var random = SplitMix(seed: UInt64(seed) &* 0x51_7CC1 &+ 3)
        let (width, height, img1, img2) = Self.pair(&random, widths: 60...200, heights: 2...12)
        Self.expectEqualToTheReference(img1, img2, width, height, simd: simd, label: "wide seed \(seed)")
    }

    /// An anti-aliased edge at every column of a 200-pixel-wide image: black to its left, a column
    /// white in img1 and grey in img2, bright noise to its right, and the same mirrored. Only the
    /// black neighbour can make the grey pixels anti-aliasing, so each verdict reads one pixel's
    /// siblings wherever it lies, across the words of the kernel's row bitmaps both ways.
    @Test(arguments: [true, false], [false, true])
    func anEdgeAtEveryColumnIsAntiAliasing(simd: Bool, mirrored: Bool) {
        let width = 200, height = 5
        var random = SplitMix(seed: 42)
        for edge in 1..<width - 1 {
            // Mirrored, the black side is on the right: the sibling that decides is to the right of
            // the grey pixel, also across bitmap words.
            let column = mirrored ? width - 1 - edge : edge
            var img1 = [UInt8](repeating: 0, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    let side = mirrored ? column - x : x - column  // < 0 black, 0 the column, > 0 noise
                    let pixel: [UInt8] =
                        side < 0
                        ? [0, 0, 0]
                        : side == 0
                            ? [255, 255, 255] : (0..<3).map { _ in UInt8.random(in: 190...250, using: &random) }
                    img1.replaceSubrange(i..<i + 3, with: pixel)
                    img1[i + 3] = 255
                }
            }
            var img2 = img1
            for y in 0..<height {
                img2.replaceSubrange((y * width + column) * 4..<(y * width + column) * 4 + 3, with: [128, 128, 128])
            }
            let (expected, _) = PixelmatchReference(options: Pixelmatch())
                .run(img1, img2, width: width, height: height, output: [UInt8](repeating: 0, count: img1.count))
            #expect(expected.antiAliasedPixels >= height - 2, "column \(column): the edge is anti-aliasing")
            Self.expectEqualToTheReference(img1, img2, width, height, simd: simd, label: "column \(column)")
        }
    }

    /// Opaque pixels whose distance lies 0.0001 above the threshold, for every distance over 20,000
    /// (where the float estimate is furthest off) and 15 smaller ones: the estimate,
    /// which settles pixels surely within the threshold, must leave each of them to pixelmatch's
    /// arithmetic, which counts them. (With no margin below max_delta the estimate drops some.)
    @Test(arguments: [true, false])
    func distancesJustAboveTheThresholdAreCounted(simd: Bool) {
        var random = SplitMix(seed: 77)
        let width = 64, height = 4
        var img1 = [UInt8](repeating: 255, count: width * height * 4)
        var img2 = img1
        for i in 0..<width * height * 4 where i % 4 != 3 {
            if i / (width * 4) % 2 == 0 {  // rows that change a little
                img1[i] = UInt8.random(in: 0...255, using: &random)
                img2[i] = UInt8(clamping: Int(img1[i]) + Int.random(in: -12...12, using: &random))
            } else {  // rows that go from dark to bright
                img1[i] = UInt8.random(in: 0...30, using: &random)
                img2[i] = UInt8.random(in: 225...255, using: &random)
            }
        }
        let measure = PixelmatchReference(options: Pixelmatch())
        let distances = (0..<width * height).map { abs(measure.colorDelta(img1, img2, 4 * $0, 4 * $0, yOnly: false)) }
        let large = distances.filter { $0 > 20000 }, small = distances.filter { $0 > 1 && $0 <= 20000 }
        #expect(large.count >= 60, "\(large.count) distances over 20,000")
        PixelmatchKernel.useSIMD(simd)
        defer { PixelmatchKernel.useSIMD(true) }
        for target in large + small.shuffled(using: &random).prefix(15) {
            let options = Pixelmatch(threshold: ((target - 0.0001) / 35215).squareRoot(), includeAA: true)
            let maxDelta = 35215 * options.threshold * options.threshold
            #expect(target > maxDelta && target - maxDelta < 0.0002)
            let (expected, _) = PixelmatchReference(options: options)
                .run(img1, img2, width: width, height: height, output: [UInt8](repeating: 0, count: img1.count))
            #expect(expected.diffPixels == distances.filter { $0 > maxDelta }.count)
            let result = options.compare(img1, img2, width: width, height: height, output: nil, minimumBandPixels: .max)
            #expect(result == expected, "threshold \(options.threshold), SIMD \(simd)")
        }
    }

    /// Images of one to three pixels a side, every combination.
    @Test(arguments: [true, false])
    func tinyImagesEqualTheReference(simd: Bool) {
        var random = SplitMix(seed: 5)
        for width in 1...3 {
            for height in 1...3 {
                for _ in 0..<4 {
                    let (w, h, img1, img2) = Self.pair(&random, widths: width...width, heights: height...height)
                    Self.expectEqualToTheReference(img1, img2, w, h, simd: simd, label: "tiny")
                }
            }
        }
    }

    static func expectEqualToTheReference(
        _ img1: [UInt8], _ img2: [UInt8], _ width: Int, _ height: Int, simd: Bool, label: String
    ) {
        PixelmatchKernel.useSIMD(simd)
        defer { PixelmatchKernel.useSIMD(true) }
        for (index, options) in Self.options.enumerated() {
            let (expected, expectedImage) = PixelmatchReference(options: options)
                .run(img1, img2, width: width, height: height, output: [UInt8](repeating: 0, count: img1.count))
            for bandPixels in simd ? [Int.max, 1] : [Int.max] {
                var image = [UInt8](repeating: 0, count: img1.count)
                let result = image.withUnsafeMutableBufferPointer {
                    options.compare(img1, img2, width: width, height: height, output: $0, minimumBandPixels: bandPixels)
                }
                let counts = options.compare(
                    img1, img2, width: width, height: height, output: nil, minimumBandPixels: bandPixels)
                let label = "\(label), options \(index), \(width)×\(height), bands of \(bandPixels), SIMD \(simd)"
                #expect(result == expected && counts == expected, "\(label)")
                if let first = (0..<image.count).first(where: { image[$0] != expectedImage[$0] }) {
                    Issue.record(
                        "\(label): diff image differs first at pixel \(first / 4 % width), \(first / 4 / width)")
                }
            }
        }
    }

    /// The generator reaches the anti-aliasing branches: some pairs have pixels the reference
    /// classes as anti-aliasing, and some have counted differences.
    @Test func theImagesReachAntiAliasingAndDifferences() {
        var antiAliased = 0
        var counted = 0
        for seed in 0..<40 {
            var random = SplitMix(seed: UInt64(seed) &* 0x9E37_79B9 &+ 11)
            let (width, height, img1, img2) = Self.pair(&random)
            let (result, _) = PixelmatchReference(options: Pixelmatch())
                .run(img1, img2, width: width, height: height, output: [UInt8](repeating: 0, count: img1.count))
            antiAliased += result.antiAliasedPixels > 0 ? 1 : 0
            counted += result.diffPixels > 0 ? 1 : 0
        }
        #expect(antiAliased >= 10 && counted >= 20, "AA in \(antiAliased), differences in \(counted) of 40")
    }

    /// Two images: blocks of a few colours with blended edges, and a copy with changes.
    static func pair(
        _ random: inout SplitMix, widths: ClosedRange<Int> = 1...48, heights: ClosedRange<Int> = 1...40
    ) -> (Int, Int, [UInt8], [UInt8]) {
        let width = Int.random(in: widths, using: &random)
        let height = Int.random(in: heights, using: &random)
        let palette: [[UInt8]] = (0..<4).map { _ in
            let alpha: UInt8 = Bool.random(using: &random) ? 255 : UInt8.random(in: 0...255, using: &random)
            return (0..<3).map { _ in UInt8.random(in: 0...255, using: &random) } + [alpha]
        }
        func set(_ image: inout [UInt8], _ x: Int, _ y: Int, _ pixel: [UInt8]) {
            let i = (y * width + x) * 4
            image.replaceSubrange(i..<i + 4, with: pixel)
        }
        func get(_ image: [UInt8], _ x: Int, _ y: Int) -> [UInt8] {
            let i = (y * width + x) * 4
            return Array(image[i..<i + 4])
        }
        func mix(_ p: [UInt8], _ q: [UInt8], _ t: Int) -> [UInt8] {
            zip(p, q).map { UInt8((Int($0) * (4 - t) + Int($1) * t) / 4) }
        }
        var a = [UInt8](repeating: 0, count: width * height * 4)
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            let colour = palette[Int.random(in: 0..<4, using: &random)]
            let x0 = Int.random(in: 0..<width, using: &random), y0 = Int.random(in: 0..<height, using: &random)
            let x1 = Int.random(in: x0..<width, using: &random), y1 = Int.random(in: y0..<height, using: &random)
            for y in y0...y1 { for x in x0...x1 { set(&a, x, y, colour) } }
        }
        // Blended edges: a pixel between its left neighbour's colour and its own.
        for _ in 0..<(width * height / 6) {
            let x = Int.random(in: 0..<width, using: &random), y = Int.random(in: 0..<height, using: &random)
            let left = get(a, max(x - 1, 0), y)
            set(&a, x, y, mix(left, get(a, x, y), Int.random(in: 1...3, using: &random)))
        }
        var b = a
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:  // a pixel to another palette colour
                let x = Int.random(in: 0..<width, using: &random), y = Int.random(in: 0..<height, using: &random)
                set(&b, x, y, palette[Int.random(in: 0..<4, using: &random)])
            case 1:  // a row brightened
                let y = Int.random(in: 0..<height, using: &random)
                let step = UInt8.random(in: 1...40, using: &random)
                for x in 0..<width {
                    let p = get(b, x, y)
                    set(&b, x, y, p.prefix(3).map { $0 &+ step > $0 ? $0 + step : 255 } + [p[3]])
                }
            case 2:  // a row shifted one pixel right, as a moved edge
                let y = Int.random(in: 0..<height, using: &random)
                for x in stride(from: width - 1, to: 0, by: -1) { set(&b, x, y, get(a, x - 1, y)) }
            default:  // opacity changed in a block
                let x0 = Int.random(in: 0..<width, using: &random), y0 = Int.random(in: 0..<height, using: &random)
                let alpha = UInt8.random(in: 0...255, using: &random)
                for y in y0..<min(height, y0 + 3) {
                    for x in x0..<min(width, x0 + 3) { set(&b, x, y, Array(get(b, x, y).prefix(3)) + [alpha]) }
                }
            }
        }
        return (width, height, a, b)
    }
}
