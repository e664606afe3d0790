import CCPU
import GalleryCore

/// A layer's shadow, as CALayer's properties give it: its colour at `opacity`, the item's shape moved
/// by `offset` and blurred with a Gaussian of σ = `radius`/2, all in the item's own plane (points), so
/// it takes the item's transform and alpha.
public struct Shadow: Sendable, Hashable {
    public var color: Color
    public var opacity: Double
    public var radius: Double
    public var offsetX, offsetY: Double

    /// CALayer's defaults: black, opacity 0 (no shadow), radius 3, offset (0, −3).
    public init(
        color: Color = .black, opacity: Double = 0, radius: Double = 3, offsetX: Double = 0, offsetY: Double = -3
    ) {
        (self.color, self.opacity, self.radius, self.offsetX, self.offsetY) = (color, opacity, radius, offsetX, offsetY)
    }
}

/// Draws an item's shadow under its transform: the shape's coverage laid on a grid in the item's
/// plane (the shadow's own bounds, not the frame's), blurred there by a separable Gaussian, then
/// projected as the item is, each frame pixel reading the grid bilinearly through the inverted
/// homography, composited source-over in the shadow's colour.
///
/// The grid is as fine as the frame shows the plane, but no finer than σ/4 points a cell: a finer one
/// changes nothing the blur leaves (the cells' box and the bilinear reading widen σ by 0.2 %; at σ/2
/// a cell by 3 %, which put a square's shadow 2.7 levels off its closed form), and the blur costs
/// 2 × 25 taps a cell whatever the radius. A full-page shadow at @3x (radius 13, σ = 6.5 pt) is a
/// 264 × 544 grid. Only +, −, × and ÷ in a fixed
/// order, and the tool's own exp: the same bytes on every CPU.
public enum ShadowPainter {
    /// A shadow ready to paint on one frame.
    public struct Prepared: Sendable {
        /// The frame pixels it touches, clipped to the canvas.
        public let bounds: (x: Range<Int>, y: Range<Int>)
        let homography: ItemHomography
        let polygon: FramePolygon
        let grid: ShadowGrid
        /// The colour at full coverage: premultiplied, times opacity and the item's alpha.
        let color: SIMD4<Float>
    }

    /// Cells a shadow's grid may hold (16 MiB of Float).
    static let cellBudget = 4 << 20

    /// `shadow` of the item at `placement` with `shape`, ready to paint on a `canvasWidth` ×
    /// `canvasHeight` frame; nil when it paints nothing.
    public static func prepare(
        _ shadow: Shadow, of placement: ProjectedPlacement, shape: Shape, canvasWidth: Int, canvasHeight: Int
    ) throws(OutOfMemory) -> Prepared? {
        let opacity = min(max(shadow.opacity, 0), 1) * Double(min(max(placement.alpha, 0), 1))
        guard opacity > 0, shadow.color.a > 0, shadow.radius.isFinite, shadow.offsetX.isFinite,
            shadow.offsetY.isFinite
        else { return nil }
        let sigma = max(shadow.radius, 0) / 2
        let pad = 3 * sigma
        let plane = shadowPlacement(shadow, of: placement, pad: pad)
        guard let homography = ItemHomography(plane) else { return nil }
        let polygon = FramePolygon(
            homography, halfWidth: plane.width / 2, halfHeight: plane.height / 2, canvasWidth: canvasWidth,
            height: canvasHeight)
        let bounds = polygon.pixelBounds
        guard !bounds.x.isEmpty, !bounds.y.isEmpty else { return nil }
        let shown = ProjectedItemPainter.sourceScale(
            of: plane, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        let cellsPerPoint = sigma > 0 ? min(shown, 4 / sigma) : shown
        guard
            let grid = try ShadowGrid(
                shape: shape, width: placement.width, height: placement.height, pad: pad, sigma: sigma,
                cellsPerPoint: cellsPerPoint, budget: cellBudget)
        else { return nil }
        return Prepared(
            bounds: bounds, homography: homography, polygon: polygon, grid: grid,
            color: shadow.color.premultiplied * Float(opacity))
    }

    /// The frame pixels `shadow` of the item at `placement` touches on a `width` × `height` canvas.
    public static func bounds(of shadow: Shadow, placement: ProjectedPlacement, width: Int, height: Int)
        -> (x: Range<Int>, y: Range<Int>)
    {
        let plane = shadowPlacement(shadow, of: placement, pad: 3 * max(shadow.radius, 0) / 2)
        return FramePolygon(plane, canvasWidth: width, height: height).pixelBounds
    }

    /// The shadow's own plane: the item's rectangle grown by `pad` on every side, centred where the
    /// offset moves it, as a placement: [u v 0 1]·T(offset)·M, so its translation row is
    /// m4 + x·m1 + y·m2.
    static func shadowPlacement(_ shadow: Shadow, of placement: ProjectedPlacement, pad: Double) -> ProjectedPlacement {
        var plane = placement
        let m = placement.transform
        let (x, y) = (shadow.offsetX, shadow.offsetY)
        for column in 0..<4 { plane.transform[12 + column] = (m[12 + column] + x * m[column]) + y * m[4 + column] }
        plane.width = placement.width + 2 * pad
        plane.height = placement.height + 2 * pad
        (plane.contentOffsetX, plane.contentOffsetY) = (0, 0)
        return plane
    }

    /// Paints `prepared` within frame rows `rows` into `pixels` (exactly those rows of a
    /// `canvasWidth`-wide frame), but where an opaque item drawn after it covers a pixel wholly.
    public static func paint(
        _ prepared: Prepared, into pixels: UnsafeMutableBufferPointer<SIMD4<Float>>, rows: Range<Int>,
        canvasWidth: Int, hiddenBy occluders: [ProjectedItemPainter.Prepared] = []
    ) {
        let painted = prepared.bounds.y.clamped(to: rows)
        guard !painted.isEmpty, pixels.count >= rows.count * canvasWidth else { return }
        let (grid, h, color) = (prepared.grid, prepared.homography, prepared.color)
        var hidden = HiddenColumns(occluders)
        grid.values.withUnsafeBufferPointer { values in
            for y in painted {
                let row = (y - rows.lowerBound) * canvasWidth
                let columns = prepared.polygon.columns(inRow: y).clamped(to: prepared.bounds.x)
                hidden.forEachShown(columns, inRow: y) { run in
                    for x in run {
                        guard let point = h.backwardPoint(Double(x) + 0.5, Double(y) + 0.5) else { continue }
                        let coverage = grid.value(atX: point.x, y: point.y, in: values)
                        guard coverage > 0 else { continue }
                        pixels[row + x] = ProjectedItemPainter.over(color * coverage, pixels[row + x])
                    }
                }
            }
        }
    }
}
