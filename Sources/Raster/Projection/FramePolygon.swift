/// A convex polygon in frame pixels: the part of the canvas an item's rectangle covers. Worked out in
/// the frame as the canvas cut by four half-planes of the backward map (|x| ≤ w/2 and |y| ≤ h/2 as
/// |q1| ≤ (w/2)·q3, |q2| ≤ (h/2)·q3, which together imply W > 0), so a quad crossing the eye plane
/// needs no clipping at W = ε and nothing behind the eye is ever drawn.
struct FramePolygon: Sendable {
    var points: [(x: Double, y: Double)]

    /// The frame points where a·x + b·y + c ≥ 0.
    struct HalfPlane {
        var a, b, c: Double

        func value(_ p: (x: Double, y: Double)) -> Double { a * p.x + b * p.y + c }
    }

    init(points: [(x: Double, y: Double)]) { self.points = points }

    /// The `width` × `height` canvas.
    init(canvasWidth width: Int, height: Int) {
        let (w, h) = (Double(max(width, 0)), Double(max(height, 0)))
        points = [(0, 0), (w, 0), (w, h), (0, h)]
    }

    /// The part of a `width` × `height` canvas that shows the item's rectangle |x| ≤ `halfWidth`,
    /// |y| ≤ `halfHeight` (points, in its plane); empty when the projection is singular.
    init(
        _ homography: ItemHomography?, halfWidth: Double, halfHeight: Double, canvasWidth width: Int, height: Int
    ) {
        self.init(canvasWidth: width, height: height)
        guard let homography, halfWidth > 0, halfHeight > 0 else {
            points = []
            return
        }
        let (w, h) = (halfWidth, halfHeight)
        for (q1, q2, q3) in [(-1.0, 0.0, w), (1, 0, w), (0, -1, h), (0, 1, h)] {
            self = clipped(to: homography.halfPlane(q1: q1, q2: q2, q3: q3))
        }
    }

    /// The part of a `width` × `height` canvas that shows the plane's convex region where every
    /// a·x + b·y + c ≥ 0 of `halfPlanes` holds (points, in its plane; as a·q1 + b·q2 + c·q3 ≥ 0 with
    /// q3 > 0); empty for no half-planes or a singular projection.
    init(
        _ homography: ItemHomography?, inside halfPlanes: [(a: Double, b: Double, c: Double)], canvasWidth width: Int,
        height: Int
    ) {
        self.init(canvasWidth: width, height: height)
        guard let homography, !halfPlanes.isEmpty else {
            points = []
            return
        }
        // In front of the eye: q3 > 0 (the other half-planes alone may not imply it).
        self = clipped(to: homography.halfPlane(q1: 0, q2: 0, q3: 1))
        for plane in halfPlanes where !points.isEmpty {
            self = clipped(to: homography.halfPlane(q1: plane.a, q2: plane.b, q3: plane.c))
        }
    }

    /// This polygon cut to `plane` (Sutherland–Hodgman: a vertex on the line stays, an edge crossing
    /// it is cut where the value is 0).
    func clipped(to plane: HalfPlane) -> FramePolygon {
        var kept: [(x: Double, y: Double)] = []
        kept.reserveCapacity(points.count + 1)
        for (i, p) in points.enumerated() {
            let q = points[(i + 1) % points.count]
            let (vp, vq) = (plane.value(p), plane.value(q))
            if vp >= 0 { kept.append(p) }
            if (vp > 0 && vq < 0) || (vp < 0 && vq > 0) {
                let t = vp / (vp - vq)
                kept.append((p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t))
            }
        }
        return FramePolygon(points: kept)
    }

    /// The whole pixels the polygon touches (it lies within the canvas).
    var pixelBounds: (x: Range<Int>, y: Range<Int>) {
        guard points.count >= 3 else { return (0..<0, 0..<0) }
        var (left, right) = (Double.infinity, -Double.infinity)
        var (top, bottom) = (Double.infinity, -Double.infinity)
        for p in points {
            (left, right) = (min(left, p.x), max(right, p.x))
            (top, bottom) = (min(top, p.y), max(bottom, p.y))
        }
        let x = Self.pixels(left, right), y = Self.pixels(top, bottom)
        return x.isEmpty || y.isEmpty ? (0..<0, 0..<0) : (x, y)
    }

    /// The pixels of frame row `row` the polygon touches: a subset of `pixelBounds.x`. The polygon is
    /// cut to the row's strip as `clipped(to:)` twice would cut it, vertex for vertex in the same
    /// order, but streamed: a row allocates nothing.
    func columns(inRow row: Int) -> Range<Int> {
        let top = Double(row)
        var clip = StreamedClip(
            plane: HalfPlane(a: 0, b: 1, c: -top),
            next: StreamedClip(plane: HalfPlane(a: 0, b: -1, c: top + 1), next: Extent()))
        for p in points { clip.add(p) }
        clip.finish()
        let strip = clip.next.next
        guard strip.count >= 2 else { return 0..<0 }
        return Self.pixels(strip.left, strip.right)
    }

    /// The pixels of frame row `row` whose whole square lies inside the polygon: those between the
    /// polygon's chords at the row's top and bottom edges (it is convex).
    func interiorColumns(inRow row: Int) -> Range<Int> {
        guard let top = chord(at: Double(row)), let bottom = chord(at: Double(row + 1)) else { return 0..<0 }
        let (low, high) = (max(top.low, bottom.low), min(top.high, bottom.high))
        guard low.isFinite, high.isFinite, high - low >= 1, low > -Double(1 << 40), high < Double(1 << 40) else {
            return 0..<0
        }
        let start = Int(low.rounded(.up)), end = Int(high.rounded(.down))
        return start < end ? start..<end : 0..<0
    }

    /// Where the horizontal line at `y` crosses the polygon; nil where it misses.
    private func chord(at y: Double) -> (low: Double, high: Double)? {
        var (low, high) = (Double.infinity, -Double.infinity)
        for (i, p) in points.enumerated() {
            let q = points[(i + 1) % points.count]
            guard min(p.y, q.y) <= y, max(p.y, q.y) >= y else { continue }
            if p.y == q.y {
                (low, high) = (min(low, p.x, q.x), max(high, p.x, q.x))
            } else {
                let x = p.x + (q.x - p.x) * ((y - p.y) / (q.y - p.y))
                (low, high) = (min(low, x), max(high, x))
            }
        }
        return low <= high ? (low, high) : nil
    }

    /// Pixels [floor(low), ceil(high)), or none when the extent is not finite or not positive.
    private static func pixels(_ low: Double, _ high: Double) -> Range<Int> {
        guard low.isFinite, high.isFinite, low < high, low > -Double(1 << 40), high < Double(1 << 40) else {
            return 0..<0
        }
        let start = Int(low.rounded(.down)), end = Int(high.rounded(.up))
        return start < end ? start..<end : 0..<0
    }

    /// The vertices, the edges' midpoints and the centroid: where `sourceScale` looks.
    var probes: [(x: Double, y: Double)] {
        guard !points.isEmpty else { return [] }
        var probes = points
        var (sx, sy) = (0.0, 0.0)
        for (i, p) in points.enumerated() {
            let q = points[(i + 1) % points.count]
            probes.append(((p.x + q.x) / 2, (p.y + q.y) / 2))
            (sx, sy) = (sx + p.x, sy + p.y)
        }
        probes.append((sx / Double(points.count), sy / Double(points.count)))
        return probes
    }
}

extension FramePolygon {
    /// The part of a `width` × `height` canvas that shows `placement`'s item.
    init(_ placement: ProjectedPlacement, canvasWidth width: Int, height: Int) {
        self.init(
            ItemHomography(placement), halfWidth: placement.width / 2, halfHeight: placement.height / 2,
            canvasWidth: width, height: height)
    }
}

/// Where a streamed clip's vertices go.
private protocol ClipSink {
    mutating func add(_ p: (x: Double, y: Double))
    mutating func finish()
}

/// `FramePolygon.clipped(to:)` one vertex at a time: the same vertices, in the same order, into `next`.
private struct StreamedClip<Next: ClipSink>: ClipSink {
    let plane: FramePolygon.HalfPlane
    var next: Next
    private var first: (x: Double, y: Double)?
    private var last = (x: 0.0, y: 0.0)

    init(plane: FramePolygon.HalfPlane, next: Next) { (self.plane, self.next) = (plane, next) }

    mutating func add(_ q: (x: Double, y: Double)) {
        if first == nil { first = q } else { edge(last, q) }
        last = q
    }

    mutating func finish() {
        if let first { edge(last, first) }
        next.finish()
    }

    private mutating func edge(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double)) {
        let (vp, vq) = (plane.value(p), plane.value(q))
        if vp >= 0 { next.add(p) }
        if (vp > 0 && vq < 0) || (vp < 0 && vq > 0) {
            let t = vp / (vp - vq)
            next.add((p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t))
        }
    }
}

/// The vertices' span in x, taken in their order, and their count.
private struct Extent: ClipSink {
    var left = Double.infinity, right = -Double.infinity
    var count = 0

    mutating func add(_ p: (x: Double, y: Double)) {
        (left, right, count) = (min(left, p.x), max(right, p.x), count + 1)
    }

    func finish() {}
}
