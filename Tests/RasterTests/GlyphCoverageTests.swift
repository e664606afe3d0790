import CFreeTypeOracle
import GalleryCore
import Testing
import Typography

@testable import Raster

/// The coverage rasteriser against an independent rasterisation: FreeType's own, unhinted, at 16×
/// supersampling (Tests/CFreeTypeOracle), for every glyph of Inter's Latin set (Basic Latin and
/// Latin-1), at 13 and 39 pixels an em (13 pt at @1x and @3x), at a fractional origin.
///
/// Tolerance, 2/255 a pixel: FreeType keeps a cell's coverage in 8 bits and rounds outline points to
/// 1/64 of a cell (1/1024 of a pixel here), and the two cut curves differently (the tool within 1/256
/// of a pixel); the worst pixel measured is 1.7/255 and the mean 0.01/255.
@Suite struct GlyphCoverageTests {
    static let interPath = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"

    /// Basic Latin and Latin-1's printable characters, less the soft hyphen.
    static let latin = (0x21...0x7E).map { $0 } + (0xA1...0xFF).filter { $0 != 0xAD }

    @Test(arguments: [13.0, 39.0])
    func latinSetMatchesFreeTypeAt16x(pixelsPerEm: Double) throws {
        let bytes = try RegularFile.contents(atPath: Self.interPath, limit: Font.fileLimit)
        let font = try Font(bytes: bytes, path: Self.interPath)
        let side = Int((pixelsPerEm * 1.6).rounded(.up)) + 4
        let origin = SIMD2(2.3, (pixelsPerEm * 1.25).rounded(.up) + 0.7)
        var (worst, total, count) = (Float(0), Float(0), 0)
        for code in Self.latin {
            guard let scalar = Unicode.Scalar(code), let glyph = font.shape(String(Character(scalar))).first else {
                Issue.record("U+\(String(code, radix: 16)) did not shape")
                continue
            }
            let ours = Self.coverage(
                of: font.outline(glyph.glyph), scale: pixelsPerEm / Double(font.unitsPerEm), origin: origin, side: side)
            var oracle = [Float](repeating: 0, count: side * side)
            let status = gr_oracle_coverage(
                bytes, bytes.count, glyph.glyph, pixelsPerEm, origin.x, origin.y, Int32(side), Int32(side), &oracle)
            #expect(status == 0)
            let differences = zip(ours, oracle).map { abs($0 - $1) }
            let glyphWorst = differences.max() ?? 0
            #expect(glyphWorst <= 2 / 255, "U+\(String(code, radix: 16)): \(glyphWorst * 255)/255")
            worst = max(worst, glyphWorst)
            total += differences.reduce(0, +)
            count += differences.count
            #expect(oracle.reduce(0, +) > 0 || ours.reduce(0, +) == 0)
        }
        print(
            "glyph coverage at \(pixelsPerEm) px/em: worst \(worst * 255)/255, mean \(total / Float(count) * 255)/255")
    }

    /// `outline` (font units) at `scale` pixels a unit, its origin at `origin` (y down), on a
    /// `side` × `side` grid, through the painter's own flattening and the rasteriser.
    static func coverage(of outline: GlyphOutline, scale: Double, origin: SIMD2<Double>, side: Int) -> [Float] {
        let placement = ProjectedPlacement(
            centerX: 0, centerY: 0, width: 1, height: 1, transform: ProjectedPlacement.identityTransform,
            pixelsPerPoint: 1)
        guard let projection = PlaneProjection(placement),
            let contours = CaptionPainter.flatten(
                outline, toPlane: { SIMD2(origin.x + $0.x * scale, origin.y - $0.y * scale) }, projection: projection),
            var rasteriser = CoverageRasteriser(x: 0..<side, y: 0..<side)
        else { return [] }
        for contour in contours {
            for (a, b) in zip(contour, contour.dropFirst() + contour.prefix(1)) { rasteriser.line(from: a, to: b) }
        }
        return rasteriser.coverage()
    }
}
