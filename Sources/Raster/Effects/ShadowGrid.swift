import CCPU
import CRaster
import GalleryCore

/// A shadow's coverage on a grid over its own plane (points about the item's centre): the shape's
/// anti-aliased coverage per cell, blurred by a Gaussian of σ points along x, then along y.
struct ShadowGrid: Sendable {
    let columns, rows: Int
    /// The plane point of cell (0, 0)'s centre, and points per cell along x and y.
    let left, top, stepX, stepY: Double
    let values: [Float]

    /// The `shape` of a `width` × `height` item, `pad` points more on every side, at about
    /// `cellsPerPoint` cells a point (fewer when `budget` cells would not hold it), blurred by σ =
    /// `sigma` points; nil when there is nothing to draw. Throws when memory for it cannot be had.
    init?(
        shape: Shape, width: Double, height: Double, pad: Double, sigma: Double, cellsPerPoint: Double, budget: Int
    ) throws(OutOfMemory) {
        let (spanX, spanY) = (width + 2 * pad, height + 2 * pad)
        guard let mask = PlaneMask(shape, width: width, height: height), cellsPerPoint > 0, cellsPerPoint.isFinite,
            spanX.isFinite, spanY.isFinite
        else { return nil }
        var density = cellsPerPoint
        let wanted = spanX * density * spanY * density
        if wanted > Double(budget) { density *= (Double(budget) / wanted).squareRoot() }
        columns = max(Int((spanX * density).rounded(.up)), 1)
        rows = max(Int((spanY * density).rounded(.up)), 1)
        guard columns * rows <= 2 * budget else { return nil }
        (stepX, stepY) = (spanX / Double(columns), spanY / Double(rows))
        (left, top) = (-spanX / 2 + stepX / 2, -spanY / 2 + stepY / 2)
        let bytes = columns * rows * MemoryLayout<Float>.stride * 2
        guard LargeArray.available(bytes: bytes) else { throw OutOfMemory(bytes: bytes) }
        var cells = [Float](repeating: 0, count: columns * rows)
        for j in 0..<rows {
            for i in 0..<columns {
                let point = ItemPoint(
                    x: left + Double(i) * stepX, y: top + Double(j) * stepY, xdx: stepX, xdy: 0, ydx: 0, ydy: stepY)
                cells[j * columns + i] = Float(mask.coverage(point))
            }
        }
        let across = Self.blurred(
            cells, count: columns, stride: 1, lines: rows, lineStride: columns, sigma: sigma / stepX)
        values = Self.blurred(across, count: rows, stride: columns, lines: columns, lineStride: 1, sigma: sigma / stepY)
    }

    /// Bilinear coverage at plane point (x, y); 0 outside the grid.
    @inline(__always)
    func value(atX x: Double, y: Double) -> Float {
        values.withUnsafeBufferPointer { value(atX: x, y: y, in: $0) }
    }

    /// `value(atX:y:)` reading `values` through a buffer the caller holds (a row's worth of calls).
    @inline(__always)
    func value(atX x: Double, y: Double, in values: UnsafeBufferPointer<Float>) -> Float {
        let fx = (x - left) / stepX, fy = (y - top) / stepY
        guard fx > -1, fy > -1, fx < Double(columns), fy < Double(rows) else { return 0 }
        let (x0, y0) = (Int(fx.rounded(.down)), Int(fy.rounded(.down)))
        let (tx, ty) = (Float(fx - Double(x0)), Float(fy - Double(y0)))
        let (a, b, c, d): (Float, Float, Float, Float)
        if x0 >= 0, y0 >= 0, x0 + 1 < columns, y0 + 1 < rows {
            let i = y0 * columns + x0
            (a, b, c, d) = (values[i], values[i + 1], values[i + columns], values[i + columns + 1])
        } else {
            func at(_ i: Int, _ j: Int) -> Float {
                i < 0 || j < 0 || i >= columns || j >= rows ? 0 : values[j * columns + i]
            }
            (a, b, c, d) = (at(x0, y0), at(x0 + 1, y0), at(x0, y0 + 1), at(x0 + 1, y0 + 1))
        }
        let top = a + (b - a) * tx
        let bottom = c + (d - c) * tx
        return top + (bottom - top) * ty
    }

    /// The normalised Gaussian of σ = `sigma` cells, taps −r…r with r = ⌈3σ⌉ (one tap for σ = 0).
    static func kernel(sigma: Double) -> [Float] {
        guard sigma > 0, sigma.isFinite else { return [1] }
        let radius = Int((3 * sigma).rounded(.up))
        let weights = (-radius...radius).map { k in gr_exp(-Double(k * k) / (2 * sigma * sigma)) }
        var total = 0.0
        for weight in weights { total += weight }
        return weights.map { Float($0 / total) }
    }

    /// Each of `lines` lines of `count` values (`stride` apart, lines `lineStride` apart) convolved
    /// with the Gaussian of σ = `sigma` cells, zero beyond the ends; taps summed in order (CRaster's
    /// gr_gaussian_lines, under `make cross-check`).
    static func blurred(_ input: [Float], count: Int, stride: Int, lines: Int, lineStride: Int, sigma: Double)
        -> [Float]
    {
        let kernel = kernel(sigma: sigma)
        guard kernel.count > 1 else { return input }
        var output = [Float](repeating: 0, count: input.count)
        output.withUnsafeMutableBufferPointer { output in
            gr_gaussian_lines(input, output.baseAddress, count, stride, lines, lineStride, kernel, kernel.count)
        }
        return output
    }
}
