@testable import VisualDiff
import Testing

// Expected values below are worked out by hand from pixelmatch 5.3.0's definitions:
//   Y(r,g,b) = 0.29889531 r + 0.58662247 g + 0.11448223 b
//   I(r,g,b) = 0.59597799 r − 0.27417610 g − 0.32180189 b
//   Q(r,g,b) = 0.21147017 r − 0.52261711 g + 0.31114694 b
//   delta    = 0.5053 ΔY² + 0.299 ΔI² + 0.1957 ΔQ²   (after blending a < 255 onto white:
//                                                     c' = 255 + (c − 255) · a/255)
//   a pixel differs when delta > maxDelta = 35215 · t²:
//     t = 0 → 0,  t = 0.05 → 88.0375,  t = 0.1 → 352.15,  t = 0.3 → 3169.35
// The Y coefficients sum to 1.00000001 and the I and Q coefficients each sum to 0, so for a grey
// change of d (same d on r, g and b) ΔI = ΔQ = 0 and delta = 0.5053 · (1.00000001 · d)² ≈ 0.5053 d².

private typealias Pixel = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

private let black: Pixel = (0, 0, 0, 255)
private let white: Pixel = (255, 255, 255, 255)
private let grey: Pixel = (128, 128, 128, 255)

/// A row-major RGBA8 test image.
private struct TestImage {
    let width: Int
    let height: Int
    var bytes: [UInt8]

    init(width: Int, height: Int, fill: Pixel) {
        self.width = width
        self.height = height
        bytes = Array((0..<width * height).map { _ in [fill.r, fill.g, fill.b, fill.a] }.joined())
    }

    /// Builds an image from rows of pixels (all rows the same length).
    init(rows: [[Pixel]]) {
        height = rows.count
        width = rows.first?.count ?? 0
        bytes = rows.flatMap { row in row.flatMap { [$0.r, $0.g, $0.b, $0.a] } }
    }

    subscript(x: Int, y: Int) -> Pixel {
        get {
            let i = (y * width + x) * 4
            return (bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            bytes[i] = newValue.r
            bytes[i + 1] = newValue.g
            bytes[i + 2] = newValue.b
            bytes[i + 3] = newValue.a
        }
    }

    func replacing(x: Int, y: Int, with pixel: Pixel) -> TestImage {
        var copy = self
        copy[x, y] = pixel
        return copy
    }
}

private func compare(_ a: TestImage, _ b: TestImage, _ options: Pixelmatch = Pixelmatch()) -> Pixelmatch.Result {
    options.compare(a.bytes, b.bytes, width: a.width, height: a.height)
}

/// The diff image's pixel at (x, y) as [r, g, b, a].
private func pixel(_ image: [UInt8], width: Int, _ x: Int, _ y: Int) -> [UInt8] {
    let i = (y * width + x) * 4
    return Array(image[i..<i + 4])
}

@Suite struct PixelmatchTests {
    @Test func defaultsArePixelmatchDefaults() {
        let options = Pixelmatch()
        #expect(options.threshold == 0.1)
        #expect(!options.includeAA)
        #expect(options.alpha == 0.1)
        #expect(options.aaColor == Pixelmatch.Color(red: 255, green: 255, blue: 0))
        #expect(options.diffColor == Pixelmatch.Color(red: 255, green: 0, blue: 0))
        #expect(options.diffColorAlt == nil)
        #expect(!options.diffMask)
    }

    @Test func identicalImagesHaveNoDifferences() throws {
        let image = TestImage(rows: [[black, white, grey], [(10, 200, 30, 77), (0, 0, 0, 0), black]])
        for threshold in [0.0, 0.1, 1.0] {
            let result = compare(image, image, Pixelmatch(threshold: threshold, includeAA: true))
            #expect(result == Pixelmatch.Result(diffPixels: 0, antiAliasedPixels: 0))
        }
        // The identical fast path still draws the grey background: opaque black is
        // 255 + (0 − 255) · 0.1 = 229.5, stored truncated (Uint8Array semantics) as 229;
        // opaque white is 255 + (255.00000255 − 255) · 0.1 → 255.
        let (_, diff) = try #require(Pixelmatch().compareWithDiffImage(image.bytes, image.bytes, width: 3, height: 2))
        #expect(pixel(diff, width: 3, 0, 0) == [229, 229, 229, 255])
        #expect(pixel(diff, width: 3, 1, 0) == [255, 255, 255, 255])
    }

    @Test func emptyImageHasNoDifferences() {
        #expect(
            Pixelmatch().compare([], [], width: 0, height: 0) == Pixelmatch.Result(diffPixels: 0, antiAliasedPixels: 0))
    }

    /// One pixel in the middle of a flat white 5×5 image darkened by `d` on r, g and b.
    ///
    /// delta ≈ 0.5053 d² (see the header):
    ///   d = 20:  0.5053 · 400   =  202.12 → > 0;  ≤ 352.15 (t 0.1);  ≤ 3169.35 (t 0.3)
    ///   d = 50:  0.5053 · 2500  = 1263.25 → > 0;  > 352.15;           ≤ 3169.35
    ///   d = 100: 0.5053 · 10000 = 5053.0  → > 0;  > 352.15;           > 3169.35
    /// Never anti-aliasing: in img1 the centre has 8 equal neighbours (> 2), and in img2 it is darker
    /// than all 8 neighbours, so there is no brighter neighbour.
    @Test(arguments: [
        (20, 0.0, 1), (20, 0.1, 0), (20, 0.3, 0),
        (50, 0.0, 1), (50, 0.1, 1), (50, 0.3, 0),
        (100, 0.0, 1), (100, 0.1, 1), (100, 0.3, 1),
    ])
    func singleGreyChangeAgainstThreshold(darkening: Int, threshold: Double, expected: Int) {
        let image = TestImage(width: 5, height: 5, fill: white)
        let level = UInt8(255 - darkening)
        let changed = image.replacing(x: 2, y: 2, with: (level, level, level, 255))
        for includeAA in [false, true] {
            let result = compare(image, changed, Pixelmatch(threshold: threshold, includeAA: includeAA))
            #expect(result == Pixelmatch.Result(diffPixels: expected, antiAliasedPixels: 0))
        }
    }

    /// White → (255, 255, 200): only blue drops by 55, so the chroma terms dominate.
    ///   ΔY = 55 · 0.11448223 = 6.29652;   0.5053 · 6.29652²  =  20.03
    ///   ΔI = −55 · 0.32180189 = −17.69910; 0.299 · 17.69910² =  93.66
    ///   ΔQ = 55 · 0.31114694 = 17.11308;   0.1957 · 17.11308² = 57.31
    ///   delta = 171.01: > 88.04 (t 0.05) but ≤ 352.15 (t 0.1). Luma alone (20.03) would pass both.
    @Test func chromaOnlyChangeCountsBelowDefaultThreshold() {
        let image = TestImage(width: 3, height: 3, fill: white)
        let changed = image.replacing(x: 1, y: 1, with: (255, 255, 200, 255))
        #expect(compare(image, changed, Pixelmatch(threshold: 0.05)).diffPixels == 1)
        #expect(compare(image, changed, Pixelmatch(threshold: 0.1)).diffPixels == 0)
    }

    /// Opaque white vs fully transparent white: blended onto white both are (255, 255, 255), so
    /// ΔY = ΔI = ΔQ = 0 and delta = 0, not > 0 even at threshold 0. (pixelmatch 6 would see a
    /// difference here: it blends onto a checkerboard instead of white.)
    @Test func transparentWhiteEqualsOpaqueWhite() {
        let image = TestImage(width: 3, height: 3, fill: white)
        let changed = image.replacing(x: 1, y: 1, with: (255, 255, 255, 0))
        #expect(
            compare(image, changed, Pixelmatch(threshold: 0)) == Pixelmatch.Result(diffPixels: 0, antiAliasedPixels: 0))
    }

    /// Opaque black vs black at alpha 204 in a flat black 3×3 image.
    /// Blended: a = 204/255 = 0.8, c' = 255 + (0 − 255) · 0.8 = 51, so the pixel is grey 51:
    ///   delta = 0.5053 · 51² = 0.5053 · 2601 = 1314.29 → > 352.15 (t 0.1), ≤ 3169.35 (t 0.3).
    /// Alpha 0 blends to white 255: delta = 0.5053 · 255² = 32857.1 → > 3169.35 as well.
    /// Not anti-aliasing: the changed pixel is brighter than all 8 neighbours (no darker one).
    @Test func alphaOnlyChangeIsBlendedOntoWhite() {
        let image = TestImage(width: 3, height: 3, fill: black)
        let faded = image.replacing(x: 1, y: 1, with: (0, 0, 0, 204))
        #expect(compare(image, faded, Pixelmatch(threshold: 0.1)).diffPixels == 1)
        #expect(compare(image, faded, Pixelmatch(threshold: 0.3)).diffPixels == 0)

        let clear = image.replacing(x: 1, y: 1, with: (0, 0, 0, 0))
        #expect(compare(image, clear, Pixelmatch(threshold: 0.3)).diffPixels == 1)
    }

    /// A vertical black | grey | white edge, 1 px of grey (a classic anti-aliased step), 5×5:
    ///
    ///     B B G W W        img2 is the same except P = (2, 2) is black
    ///     B B G W W        (the edge moved by a pixel on that row).
    ///     B B P W W
    ///     B B G W W        At P, grey 128 vs black: delta = 0.5053 · 128² = 8278.8 > 352.15.
    ///     B B G W W
    ///
    /// antialiased(img1, P), neighbours visited column by column (x outer, y inner):
    ///   - not on a border → zeroes starts at 0;
    ///   - x = 1: (1,1) black, ΔY = Y(grey) − Y(black) = +128.0000013 > max → max at (1,1);
    ///     (1,2), (1,3) equal ΔY, not greater;
    ///   - x = 2: (2,1), (2,3) grey, byte-equal → zeroes = 2 (not > 2, keep going);
    ///   - x = 3: (3,1) white, ΔY = 128.0000013 − 255.0000026 = −127.0000013 < min → min at (3,1);
    ///   - both min < 0 and max > 0 → check siblings of the min pixel (3,1): its neighbours (3,0),
    ///     (3,2), (4,0) are white in img1 → 3 equal → true; in img2 too (only P changed) → true.
    ///   ⇒ P is anti-aliasing: not counted unless includeAA.
    @Test func antiAliasedStepIsNotCountedUnlessIncludeAA() throws {
        let row = [black, black, grey, white, white]
        let image = TestImage(rows: Array(repeating: row, count: 5))
        let moved = image.replacing(x: 2, y: 2, with: black)

        let (result, diff) = try #require(
            Pixelmatch().compareWithDiffImage(image.bytes, moved.bytes, width: 5, height: 5))
        #expect(result == Pixelmatch.Result(diffPixels: 0, antiAliasedPixels: 1))
        #expect(pixel(diff, width: 5, 2, 2) == [255, 255, 0, 255])  // aaColor, yellow

        let (counted, diffAA) = try #require(
            Pixelmatch(includeAA: true).compareWithDiffImage(
                image.bytes, moved.bytes, width: 5, height: 5))
        #expect(counted == Pixelmatch.Result(diffPixels: 1, antiAliasedPixels: 0))
        #expect(pixel(diffAA, width: 5, 2, 2) == [255, 0, 0, 255])  // diffColor, red

        // Without an output buffer the counts are the same.
        #expect(compare(image, moved) == result)
    }

    /// The image border counts as one equal neighbour (pixelmatch's edge clamping).
    ///
    /// Interior, 5×5, P = (2, 2), img2 has P black:     Top border, 5×4, P = (2, 0), img2 has P black:
    ///     B B G W W                                        B G P W W
    ///     B B B W W                                        B B G W W
    ///     B G P W W                                        B B G W W
    ///     B B G W W                                        B B G W W
    ///     B B G W W
    /// Interior: equal neighbours (1,2), (2,3) → zeroes = 2; darker (1,1) → max, brighter (3,1) → min;
    ///   (3,1) has white (3,0), (3,2), (4,0) → many siblings in both images ⇒ anti-aliasing, count 0.
    /// Border: y1 == y0 → zeroes starts at 1; equal neighbours (1,0), (2,1) → zeroes = 3 > 2 ⇒ not AA
    ///   in img1 (without the border bonus it would be AA exactly as above). In img2 P is black: its
    ///   neighbours are grey, black, white, none darker → max stays 0 ⇒ not AA. Counted: 1.
    @Test func borderCountsAsAnEqualNeighbour() {
        let interior = TestImage(rows: [
            [black, black, grey, white, white],
            [black, black, black, white, white],
            [black, grey, grey, white, white],
            [black, black, grey, white, white],
            [black, black, grey, white, white],
        ])
        #expect(
            compare(interior, interior.replacing(x: 2, y: 2, with: black))
                == Pixelmatch.Result(diffPixels: 0, antiAliasedPixels: 1))

        let border = TestImage(rows: [
            [black, grey, grey, white, white],
            [black, black, grey, white, white],
            [black, black, grey, white, white],
            [black, black, grey, white, white],
        ])
        #expect(
            compare(border, border.replacing(x: 2, y: 0, with: black))
                == Pixelmatch.Result(diffPixels: 1, antiAliasedPixels: 0))
    }

    /// A 6×1 row: grey 100, black at alpha 128, opaque black, transparent (10, 20, 30), then
    /// white→black and black→white.
    /// Grey background = 255 + (Y − 255) · alpha · a/255, truncated toward zero:
    ///   grey 100:  Y = 100.000001;  255 − 154.999999 · 0.1 = 239.5000001 → 239
    ///   black a128: 255 − 255 · (0.1 · 128 / 255) = 255 − 12.8 = 242.2 → 242
    ///   black:      255 − 25.5 = 229.5 → 229
    ///   transparent: opacity 0 → 255
    /// With alpha 0.5: 177.5000005 → 177, 255 − 64 = 191, 127.5 → 127, 255.
    /// The two changed pixels differ by 0.5053 · 255² = 32857 and neither is AA: on a 1-px-high
    /// image each has at most two neighbours, which are never both darker and brighter here
    /// ((3,0) blends to white, the same luma as white), so both are counted (red).
    /// With diffColorAlt, (4,0) — where img2 is darker — uses the alternative colour.
    @Test func diffImageColours() throws {
        let first = TestImage(rows: [[(100, 100, 100, 255), (0, 0, 0, 128), black, (10, 20, 30, 0), white, black]])
        let second = first.replacing(x: 4, y: 0, with: black).replacing(x: 5, y: 0, with: white)

        let (result, diff) = try #require(
            Pixelmatch().compareWithDiffImage(first.bytes, second.bytes, width: 6, height: 1))
        #expect(result == Pixelmatch.Result(diffPixels: 2, antiAliasedPixels: 0))
        #expect(
            diff == [
                239, 239, 239, 255, 242, 242, 242, 255, 229, 229, 229, 255,
                255, 255, 255, 255, 255, 0, 0, 255, 255, 0, 0, 255,
            ])

        let (_, faded) = try #require(
            Pixelmatch(alpha: 0.5).compareWithDiffImage(first.bytes, second.bytes, width: 6, height: 1))
        #expect(
            Array(faded[0..<16]) == [177, 177, 177, 255, 191, 191, 191, 255, 127, 127, 127, 255, 255, 255, 255, 255])

        let green = Pixelmatch.Color(red: 0, green: 255, blue: 0)
        let (_, alt) = try #require(
            Pixelmatch(diffColorAlt: green).compareWithDiffImage(
                first.bytes, second.bytes, width: 6, height: 1))
        #expect(pixel(alt, width: 6, 4, 0) == [0, 255, 0, 255])
        #expect(pixel(alt, width: 6, 5, 0) == [255, 0, 0, 255])

        // diffMask: only counted differences are drawn; the rest stays as given (zeroed here).
        let (masked, mask) = try #require(
            Pixelmatch(diffMask: true).compareWithDiffImage(
                first.bytes, second.bytes, width: 6, height: 1))
        #expect(masked.diffPixels == 2)
        #expect(mask == [UInt8](repeating: 0, count: 16) + [255, 0, 0, 255, 255, 0, 0, 255])
    }

    @Test func outputBufferReceivesTheDiffImage() {
        let image = TestImage(width: 2, height: 1, fill: white)
        let changed = image.replacing(x: 1, y: 0, with: black)
        var output = [UInt8](repeating: 7, count: 8)
        let result = output.withUnsafeMutableBufferPointer { buffer in
            Pixelmatch().compare(image.bytes, changed.bytes, width: 2, height: 1, output: buffer)
        }
        #expect(result.diffPixels == 1)
        #expect(output == [255, 255, 255, 255, 255, 0, 0, 255])
    }

    /// 256×256 white vs the same with a 10×10 black block: all 100 block pixels differ
    /// (delta 32857). None is AA: in img1 every pixel has 8 equal (white) neighbours; in img2 a
    /// block pixel has at least 3 equal (black) neighbours (corners 3, edges 5, inside 8).
    /// Run serially, in many small row bands, and with the default banding: same counts, same image.
    @Test func rowBandsMatchSerialRun() {
        let image = TestImage(width: 256, height: 256, fill: white)
        var block = image
        for y in 100..<110 { for x in 37..<47 { block[x, y] = black } }
        let options = Pixelmatch()
        let expected = Pixelmatch.Result(diffPixels: 100, antiAliasedPixels: 0)

        var serial = [UInt8](repeating: 0, count: image.bytes.count)
        var banded = serial
        let serialResult = serial.withUnsafeMutableBufferPointer {
            options.compare(image.bytes, block.bytes, width: 256, height: 256, output: $0, minimumBandPixels: .max)
        }
        let bandedResult = banded.withUnsafeMutableBufferPointer {
            options.compare(image.bytes, block.bytes, width: 256, height: 256, output: $0, minimumBandPixels: 1000)
        }
        #expect(serialResult == expected)
        #expect(bandedResult == expected)
        #expect(options.compare(image.bytes, block.bytes, width: 256, height: 256) == expected)
        #expect(serial == banded)
        #expect(pixel(banded, width: 256, 40, 105) == [255, 0, 0, 255])
        #expect(pixel(banded, width: 256, 0, 0) == [255, 255, 255, 255])
    }
}

/// The contract: percentages keep two significant digits, never "0 %" for a difference.
@Suite struct PercentTextTests {
    @Test func percentagesKeepTwoSignificantDigits() {
        #expect(Comparison.percent(1.0 / 262_144) == "0.00038 %")
        #expect(Comparison.percent(3576.0 / 6000) == "60 %")
        #expect(Comparison.percent(0.8375) == "84 %")
        #expect(Comparison.percent(0.015) == "1.5 %")
        #expect(Comparison.percent(0.0996) == "10 %")
        // Nor 100 % while a pixel is the same (found by review).
        #expect(Comparison.percent(262_143.0 / 262_144) == "99.99962 %")
        #expect(Comparison.percent(0.996) == "99.60 %")
        #expect(Comparison.percent(0.994) == "99 %")
        #expect(Comparison.percent(1) == "100 %")
        #expect(Comparison.percent(1) == "100 %")
        #expect(Comparison.percent(0) == "0 %")
        // Two significant digits, a trailing zero among them (the contract's rule).
        #expect(Comparison.percent(600.0 / 10_000) == "6.0 %")
        #expect(Comparison.percent(26_994.0 / 450_000) == "6.0 %")
        #expect(Comparison.percent(0.01045) == "1.0 %")
        #expect(Comparison.percent(0.000_999_6) == "0.10 %")
    }
}
