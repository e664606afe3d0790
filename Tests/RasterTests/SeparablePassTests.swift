import GalleryCore
import ImageCodecs
import TestSupport
import Testing

@testable import Raster

/// The AVX loops give exactly the portable Swift loops' bits, whole or in spans of columns.
@Suite(.enabled(if: SeparablePass.Kernels.best == .avx, "this CPU has no AVX: only the portable loops run"))
struct SeparablePassTests {
    /// Random pixels: opaque (as photos are: the loops' fast path), or mostly so with some transparent
    /// or half so (premultiplying must agree too).
    static func photo(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> RGBAImage {
        var generator = SplitMix(seed: seed)
        var pixels: [UInt8] = []
        for _ in 0..<width * height {
            let alphas: [UInt8] = opaque ? [255] : [255, 255, 255, 0, 1, 128, 254]
            let alpha = alphas.randomElement(using: &generator) ?? 255
            pixels += [
                UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
                UInt8.random(in: 0...255, using: &generator), alpha,
            ]
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Every lane's bits: equal means the same floats, zeros' signs included.
    static func bits(_ pixels: [SIMD4<Float>]) -> [UInt32] {
        pixels.flatMap { [$0.x.bitPattern, $0.y.bitPattern, $0.z.bitPattern, $0.w.bitPattern] }
    }

    /// Placements that reduce and enlarge, at fractional positions; output ranges that clip the
    /// photo and are not multiples of 4 or 8 wide (the loops' tails).
    static let cases: [(width: Int, height: Int, placement: PixelRect, columns: Range<Int>, rows: Range<Int>)] = [
        (97, 61, PixelRect(x: 0.3, y: -0.7, width: 31.4, height: 19.9), 0..<31, 0..<19),
        (97, 61, PixelRect(x: -10.25, y: 3.5, width: 250, height: 160), 0..<201, 5..<130),
        (640, 480, PixelRect(x: 12.6, y: 4.1, width: 75.3, height: 75.3), 13..<87, 4..<79),
        (640, 480, PixelRect(x: -30, y: -2, width: 121, height: 121), 0..<9, 0..<121),
        (33, 200, PixelRect(x: 1, y: 1, width: 7, height: 300), 1..<8, 1..<299),
        (5, 3, PixelRect(x: 0, y: 0, width: 2, height: 1), 0..<2, 0..<1),
    ]

    @Test(arguments: cases.indices, [true, false])
    func avxGivesThePortableBits(index: Int, opaque: Bool) throws {
        let c = Self.cases[index]
        let image = Self.photo(width: c.width, height: c.height, seed: UInt64(index), opaque: opaque)
        let resampler = Resampler()
        let part = PhotoPart(whole: image)
        let portable = try resampler.resample(
            part, placement: c.placement, columns: c.columns, rows: c.rows, kernels: .portable)
        let avx = try resampler.resample(part, placement: c.placement, columns: c.columns, rows: c.rows, kernels: .avx)
        #expect(portable != nil)
        #expect(avx.map(Self.bits) == portable.map(Self.bits))
    }

    @Test(arguments: cases.indices, [SeparablePass.Kernels.portable, .avx])
    func spansComputeTheirPixelsExactlyAndLeaveTheRestZero(index: Int, kernels: SeparablePass.Kernels) throws {
        // Random runs per row (some empty), as an outline gives: inside them the same bits as the
        // whole resampling, outside zero.
        let c = Self.cases[index]
        let image = Self.photo(width: c.width, height: c.height, seed: UInt64(index) + 40, opaque: index % 2 == 0)
        var generator = SplitMix(seed: UInt64(index))
        let spans = c.rows.map { _ -> Range<Int> in
            let a = Int.random(in: c.columns.lowerBound - 2...c.columns.upperBound + 2, using: &generator)
            let b = Int.random(in: c.columns.lowerBound - 2...c.columns.upperBound + 2, using: &generator)
            return min(a, b)..<max(a, b)
        }
        let part = PhotoPart(whole: image)
        let whole = try #require(
            try Resampler().resample(part, placement: c.placement, columns: c.columns, rows: c.rows, kernels: .portable)
        )
        let spanned = try #require(
            try Resampler().resample(
                part, placement: c.placement, columns: c.columns, rows: c.rows, spans: spans, kernels: kernels))
        var expected = [SIMD4<Float>](repeating: .zero, count: whole.count)
        for (r, span) in spans.enumerated() {
            for x in span.clamped(to: c.columns) {
                let i = r * c.columns.count + x - c.columns.lowerBound
                expected[i] = whole[i]
            }
        }
        #expect(Self.bits(spanned) == Self.bits(expected))
    }

    @Test func avxReadsOnlyTheDecodedPart() throws {
        // A part holding just the pixels the taps reach, at an offset inside the photo.
        let whole = Self.photo(width: 300, height: 200, seed: 99)
        let placement = PixelRect(x: -40.5, y: -12.25, width: 150, height: 100)
        let (columns, rows) = (20..<70, 10..<60)
        let region = Resampler().sourceRegion(
            of: PixelSize(width: 300, height: 200), placement: placement, columns: columns, rows: rows)
        var pixels: [UInt8] = []
        for y in region.y {
            for x in region.x {
                let p = whole[x, y]
                pixels += [p.r, p.g, p.b, p.a]
            }
        }
        let part = PhotoPart(
            image: RGBAImage(width: region.x.count, height: region.y.count, pixels: pixels), region: region,
            wholeSize: PixelSize(width: 300, height: 200))
        let fromWhole = try #require(
            try Resampler().resample(
                PhotoPart(whole: whole), placement: placement, columns: columns, rows: rows, kernels: .portable))
        let fromPart = try #require(
            try Resampler().resample(part, placement: placement, columns: columns, rows: rows, kernels: .avx))
        #expect(Self.bits(fromPart) == Self.bits(fromWhole))
    }
}
