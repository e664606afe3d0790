/// The tool's own coverage rasteriser: the exact area of each pixel inside a set of closed polygons
/// (glyph outlines flattened and projected onto the frame), by the non-zero rule as FreeType's
/// smooth rasteriser takes it (|winding| clamped to 1), with no hinting and no gamma.
///
/// What it gains: captions draw the same bytes whatever FreeType is installed (its rasteriser's
/// fixed-point cells and curve splitting differ between releases), on every CPU: only +, −, × and ÷
/// in a fixed order, in Double. It is also what lets a label take its item's 3D transform exactly:
/// the outline is projected, not a bitmap. What it must equal: FreeType's own rasterisation of the
/// same outline at 16× supersampling, within 2/255 per pixel (RasterTests, `GlyphCoverageTests`).
/// When it can go: not while the bytes must not depend on the installed FreeType.
///
/// Each edge adds, to the cells of each row it crosses, the signed area to its right within the
/// cell and the rest of its height to the next cell; a running sum along the row gives each pixel's
/// coverage (the accumulation-buffer method). The loops are C (CRaster's gr_coverage.c), so that
/// `make cross-check` holds them to the same bytes on arm64.
import CRaster

struct CoverageRasteriser {
    /// The frame pixels it covers.
    let x: Range<Int>, y: Range<Int>
    private var cells: [Double]

    /// Cells it may hold (128 MiB of Double).
    static let cellBudget = 16 << 20

    /// A rasteriser for the frame pixels `x` × `y`; nil when they are empty or over the budget.
    init?(x: Range<Int>, y: Range<Int>) {
        guard !x.isEmpty, !y.isEmpty, x.count <= Self.cellBudget / y.count, x.count < Int(Int32.max),
            y.count < Int(Int32.max)
        else { return nil }
        (self.x, self.y) = (x, y)
        cells = [Double](repeating: 0, count: (x.count + 1) * y.count)
    }

    /// Adds the edge from `a` to `b` (frame pixels; finite, within ±1e9).
    mutating func line(from a: SIMD2<Double>, to b: SIMD2<Double>) {
        let origin = SIMD2(Double(x.lowerBound), Double(y.lowerBound))
        let (p, q) = (a - origin, b - origin)
        let (width, height) = (Int32(x.count), Int32(y.count))
        cells.withUnsafeMutableBufferPointer { cells in
            gr_coverage_line(cells.baseAddress, width, height, p.x, p.y, q.x, q.y)
        }
    }

    /// Each pixel's coverage, 0…1, row by row over `x` × `y`.
    func coverage() -> [Float] {
        var result = [Float](repeating: 0, count: x.count * y.count)
        result.withUnsafeMutableBufferPointer { result in
            gr_coverage_resolve(cells, Int32(x.count), Int32(y.count), result.baseAddress)
        }
        return result
    }
}
