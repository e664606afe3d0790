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
/// coverage (the accumulation-buffer method).
struct CoverageRasteriser {
    /// The frame pixels it covers.
    let x: Range<Int>, y: Range<Int>
    private var cells: [Double]
    private let stride: Int

    /// Cells it may hold (128 MiB of Double).
    static let cellBudget = 16 << 20

    /// A rasteriser for the frame pixels `x` × `y`; nil when they are empty or over the budget.
    init?(x: Range<Int>, y: Range<Int>) {
        guard !x.isEmpty, !y.isEmpty, x.count <= Self.cellBudget / y.count else { return nil }
        (self.x, self.y, stride) = (x, y, x.count + 1)
        cells = [Double](repeating: 0, count: (x.count + 1) * y.count)
    }

    /// Adds the edge from `a` to `b` (frame pixels; finite, within ±1e9).
    mutating func line(from a: SIMD2<Double>, to b: SIMD2<Double>) {
        guard a.y != b.y else { return }
        let direction: Double = a.y < b.y ? 1 : -1
        let (p, q) = a.y < b.y ? (a, b) : (b, a)
        let (left, top) = (Double(x.lowerBound), Double(y.lowerBound))
        let (px, py, qx, qy) = (p.x - left, p.y - top, q.x - left, q.y - top)
        let first = max(Int(py.rounded(.down)), 0), last = min(Int(qy.rounded(.up)), y.count)
        guard first < last else { return }
        let dxdy = (qx - px) / (qy - py)
        for row in first..<last {
            let (rowTop, rowBottom) = (max(Double(row), py), min(Double(row + 1), qy))
            guard rowBottom > rowTop else { continue }
            let xTop = row == first && rowTop == py ? px : px + (rowTop - py) * dxdy
            let xBottom = rowBottom == qy ? qx : px + (rowBottom - py) * dxdy
            span(row: row, from: (xTop, rowTop), to: (xBottom, rowBottom), direction: direction)
        }
    }

    /// One row's part of an edge, split where it crosses a column boundary; columns left of the
    /// bounds gather into the first cell (everything right of them is inside), right of them count
    /// for nothing.
    private mutating func span(
        row: Int, from a: (x: Double, y: Double), to b: (x: Double, y: Double), direction: Double
    ) {
        let width = x.count
        func column(_ value: Double) -> Int { Int(min(max(value.rounded(.down), -1), Double(width))) }
        var (c, end) = (column(a.x), column(b.x))
        var (xa, ya) = a
        let step = b.x > a.x ? 1 : -1
        while c != end {
            let boundary = Double(step > 0 ? c + 1 : c)
            let yb = a.y + (boundary - a.x) * (b.y - a.y) / (b.x - a.x)
            cell(row: row, column: c, height: (yb - ya) * direction, middle: (xa + boundary) / 2)
            (xa, ya) = (boundary, yb)
            c += step
        }
        cell(row: row, column: end, height: (b.y - ya) * direction, middle: (xa + b.x) / 2)
    }

    /// A piece of edge `height` rows tall (signed) in `column`, its mean x `middle`.
    @inline(__always)
    private mutating func cell(row: Int, column: Int, height: Double, middle: Double) {
        let base = row * stride
        guard column >= 0 else {
            cells[base] += height
            return
        }
        guard column < x.count else { return }
        let inside = height * (Double(column + 1) - middle)
        cells[base + column] += inside
        cells[base + column + 1] += height - inside
    }

    /// Each pixel's coverage, 0…1, row by row over `x` × `y`.
    func coverage() -> [Float] {
        var result = [Float](repeating: 0, count: x.count * y.count)
        for row in 0..<y.count {
            var sum = 0.0
            for column in 0..<x.count {
                sum += cells[row * stride + column]
                result[row * x.count + column] = Float(min(abs(sum), 1))
            }
        }
        return result
    }
}
