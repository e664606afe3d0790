import GalleryCore
import Typography

/// Draws an item's caption: its glyph outlines flattened in the item's plane, each point projected
/// onto the frame as the item's are, filled by the tool's coverage rasteriser, composited source-over
/// in the caption's colour times the item's alpha. An over caption's scrim is painted first.
public enum CaptionPainter {
    /// A caption ready to paint on one frame.
    public struct Prepared: Sendable {
        /// The frame pixels its text touches, clipped to the canvas (empty: no text).
        public let bounds: (x: Range<Int>, y: Range<Int>)
        /// Coverage over `bounds`, row by row.
        let coverage: [Float]
        /// The colour at full coverage: premultiplied, times the item's alpha.
        let color: SIMD4<Float>
        let scrim: Scrim?
    }

    /// Curves are cut into lines no further than this from them, in frame pixels: a chord 1/64 of a
    /// pixel inside a curve loses up to 2.8/255 of a pixel's coverage along it (measured against
    /// FreeType's); at 1/256 the worst pixel of Inter's Latin set is 1.7/255 from FreeType's.
    static let tolerance = 1.0 / 256
    /// Lines one curve may be cut into.
    static let maximumPieces = 256

    /// `caption` of the item at `placement`, masked as `shape`, ready to paint on a `canvasWidth` ×
    /// `canvasHeight` frame; nil when it paints nothing. A caption whose text reaches the plane of the
    /// eye is not drawn.
    public static func prepare(
        _ caption: Caption, of placement: ProjectedPlacement, shape: Shape, canvasWidth: Int, canvasHeight: Int
    ) throws(OutOfMemory) -> Prepared? {
        let alpha = min(max(placement.alpha, 0), 1)
        guard alpha > 0 else { return nil }
        let scrim =
            caption.style.position == .over
            ? Scrim(placement: placement, shape: shape, canvasWidth: canvasWidth, canvasHeight: canvasHeight) : nil
        let empty = Prepared(bounds: (0..<0, 0..<0), coverage: [], color: .zero, scrim: scrim)
        guard caption.style.color.a > 0, let projection = PlaneProjection(placement),
            let contours = contours(of: caption, placement: placement, projection: projection)
        else { return scrim == nil ? nil : empty }
        let reach = bounds(of: caption, placement: placement, width: canvasWidth, height: canvasHeight)
        let drawn = pixelBounds(of: contours, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        let bounds = (x: drawn.x.clamped(to: reach.x), y: drawn.y.clamped(to: reach.y))
        guard !bounds.x.isEmpty, !bounds.y.isEmpty else { return scrim == nil ? nil : empty }
        guard var rasteriser = CoverageRasteriser(x: bounds.x, y: bounds.y) else {
            throw OutOfMemory(bytes: bounds.x.count * bounds.y.count * 8)
        }
        for contour in contours {
            for (a, b) in zip(contour, contour.dropFirst() + contour.prefix(1)) { rasteriser.line(from: a, to: b) }
        }
        return Prepared(
            bounds: bounds, coverage: rasteriser.coverage(), color: caption.style.color.premultiplied * alpha,
            scrim: scrim)
    }

    /// The frame pixels `caption` of the item at `placement` may touch on a `width` × `height` canvas:
    /// its box (`Caption.box`) projected.
    public static func bounds(of caption: Caption, placement: ProjectedPlacement, width: Int, height: Int) -> (
        x: Range<Int>, y: Range<Int>
    ) {
        let box = caption.box(width: placement.width, height: placement.height)
        let halfPlanes = [
            (a: 1.0, b: 0.0, c: -box.x.lowerBound), (-1, 0, box.x.upperBound), (0, 1, -box.y.lowerBound),
            (0, -1, box.y.upperBound),
        ]
        guard [box.x.lowerBound, box.x.upperBound, box.y.lowerBound, box.y.upperBound].allSatisfy(\.isFinite) else {
            return (0..<0, 0..<0)
        }
        return FramePolygon(ItemHomography(placement), inside: halfPlanes, canvasWidth: width, height: height)
            .pixelBounds
    }

    /// The caption's glyphs as closed polygons in frame pixels; nil when a point is at or behind the
    /// eye or too far off to draw.
    static func contours(of caption: Caption, placement: ProjectedPlacement, projection: PlaneProjection)
        -> [[SIMD2<Double>]]?
    {
        let line = caption.line
        let origin = caption.origin(width: placement.width, height: placement.height)
        var contours: [[SIMD2<Double>]] = []
        for glyph in line.glyphs {
            let toPlane = { (p: SIMD2<Double>) in origin + line.point(p, of: glyph) }
            guard let glyphContours = flatten(glyph.outline, toPlane: toPlane, projection: projection) else {
                return nil
            }
            contours += glyphContours
        }
        return contours
    }

    /// `outline`'s contours flattened: each curve cut into pieces by Wang's bound on its projected
    /// control points (n ≥ √(d(d−1)/8 · M/tolerance), M the largest second difference), the points
    /// taken on the curve in the plane and then projected, so they lie on its true image.
    static func flatten(
        _ outline: GlyphOutline, toPlane: (SIMD2<Double>) -> SIMD2<Double>, projection: PlaneProjection
    ) -> [[SIMD2<Double>]]? {
        var contours: [[SIMD2<Double>]] = []
        var current: [SIMD2<Double>] = []
        var last = SIMD2<Double>.zero
        func add(_ plane: SIMD2<Double>) -> Bool {
            guard let frame = projection(plane) else { return false }
            current.append(frame)
            return true
        }
        for segment in outline.segments {
            let controls: [SIMD2<Double>]
            switch segment {
            case .move(let p):
                if current.count > 2 { contours.append(current) }
                current = []
                last = toPlane(p)
                guard add(last) else { return nil }
                continue
            case .line(let p): controls = [last, toPlane(p)]
            case .quad(let c, let p): controls = [last, toPlane(c), toPlane(p)]
            case .cubic(let c1, let c2, let p): controls = [last, toPlane(c1), toPlane(c2), toPlane(p)]
            }
            guard let pieces = pieces(controls, projection: projection) else { return nil }
            for i in 1...pieces { guard add(bezier(controls, at: Double(i) / Double(pieces))) else { return nil } }
            last = controls[controls.count - 1]
        }
        if current.count > 2 { contours.append(current) }
        return contours
    }

    /// How many lines a Bézier of `controls` (in the plane) is cut into.
    static func pieces(_ controls: [SIMD2<Double>], projection: PlaneProjection) -> Int? {
        guard controls.count > 2 else { return 1 }
        var projected: [SIMD2<Double>] = []
        for control in controls {
            guard let p = projection(control) else { return nil }
            projected.append(p)
        }
        var largest = 0.0
        for i in 0..<projected.count - 2 {
            let d = projected[i] - 2 * projected[i + 1] + projected[i + 2]
            largest = max(largest, (d.x * d.x + d.y * d.y).squareRoot())
        }
        let degree = Double(controls.count - 1)
        let n = (degree * (degree - 1) / 8 * largest / tolerance).squareRoot().rounded(.up)
        return Int(min(max(n, 1), Double(maximumPieces)))
    }

    /// The Bézier of `controls` at `t` (de Casteljau).
    static func bezier(_ controls: [SIMD2<Double>], at t: Double) -> SIMD2<Double> {
        var points = controls
        for level in stride(from: points.count - 1, to: 0, by: -1) {
            for i in 0..<level { points[i] = points[i] + (points[i + 1] - points[i]) * t }
        }
        return points[0]
    }

    /// The whole pixels the contours touch, clipped to the canvas.
    static func pixelBounds(of contours: [[SIMD2<Double>]], canvasWidth: Int, canvasHeight: Int) -> (
        x: Range<Int>, y: Range<Int>
    ) {
        let points = contours.joined()
        guard let first = points.first else { return (0..<0, 0..<0) }
        var (low, high) = (first, first)
        for p in points { (low, high) = (pointwiseMin(low, p), pointwiseMax(high, p)) }
        let x0 = max(Int(low.x.rounded(.down)), 0), x1 = min(Int(high.x.rounded(.up)), canvasWidth)
        let y0 = max(Int(low.y.rounded(.down)), 0), y1 = min(Int(high.y.rounded(.up)), canvasHeight)
        return (x0..<max(x0, x1), y0..<max(y0, y1))
    }

    /// Paints `prepared` within frame rows `rows` into `pixels` (exactly those rows of a
    /// `canvasWidth`-wide frame): the scrim, then the text.
    public static func paint(
        _ prepared: Prepared, into pixels: UnsafeMutableBufferPointer<SIMD4<Float>>, rows: Range<Int>,
        canvasWidth: Int
    ) {
        guard pixels.count >= rows.count * canvasWidth else { return }
        prepared.scrim?.paint(into: pixels, rows: rows, canvasWidth: canvasWidth)
        let (x, y) = prepared.bounds
        for row in y.clamped(to: rows) {
            let target = (row - rows.lowerBound) * canvasWidth
            let source = (row - y.lowerBound) * x.count - x.lowerBound
            for column in x where column < canvasWidth {
                let coverage = prepared.coverage[source + column]
                guard coverage > 0 else { continue }
                pixels[target + column] = ProjectedItemPainter.over(
                    prepared.color * coverage, pixels[target + column])
            }
        }
    }
}

/// An item's plane projected onto the frame: point (x, y), points from the item's centre, goes to
/// [X Y Z W] = [x y 0 1]·M and frame pixel (cx + s·X/W, cy + s·Y/W).
struct PlaneProjection {
    let m11, m12, m14, m21, m22, m24, m41, m42, m44: Double
    let cx, cy, s: Double

    /// Points this close to the eye plane (W) or this far off the frame are not drawn.
    static let nearest = 1e-6, farthest = 1e9

    init?(_ placement: ProjectedPlacement) {
        let m = placement.transform
        (m11, m12, m14, m21, m22, m24, m41, m42, m44) = (m[0], m[1], m[3], m[4], m[5], m[7], m[12], m[13], m[15])
        (cx, cy, s) = (placement.centerX, placement.centerY, placement.pixelsPerPoint)
        guard [m11, m12, m14, m21, m22, m24, m41, m42, m44, cx, cy, s].allSatisfy(\.isFinite) else { return nil }
    }

    /// The frame pixel showing plane point `p`; nil at or behind the eye, or too far off.
    @inline(__always)
    func callAsFunction(_ p: SIMD2<Double>) -> SIMD2<Double>? {
        let w = p.x * m14 + p.y * m24 + m44
        guard w > Self.nearest else { return nil }
        let x = cx + s * ((p.x * m11 + p.y * m21 + m41) / w)
        let y = cy + s * ((p.x * m12 + p.y * m22 + m42) / w)
        guard abs(x) < Self.farthest, abs(y) < Self.farthest else { return nil }
        return SIMD2(x, y)
    }
}
