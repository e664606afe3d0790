extension Transform3D {
    /// The area, in square points, of the part of `viewport` (origin at its top left) that shows an
    /// item of `bounds` centred at `center` and drawn with this transform (the contract's projection:
    /// item point (x, y) → (cx + X/W, cy + Y/W), [X Y Z W] = [x y 0 1]·M, parts with W ≤ 0 not drawn).
    ///
    /// Computed in the viewport: with H the 3 × 3 homography of rows 1, 2, 4 and columns 1, 2, 4, a
    /// viewport point (u, v) relative to the centre shows item point (q₁/q₃, q₂/q₃) at W = det H/q₃,
    /// where q = [u v 1]·adj H. So the drawn region is the viewport clipped by four half-planes,
    /// |q₁| ≤ (w/2)·q₃ and |q₂| ≤ (h/2)·q₃ with q signed as det H (they imply W > 0), whatever part of
    /// the item lies behind the eye. A singular H (an item seen edge-on) covers nothing.
    public func visibleArea(of bounds: Size, center: Point, in viewport: Size) -> Double {
        let h = [[m11, m12, m14], [m21, m22, m24], [m41, m42, m44]]
        let cofactor = { (i: Int, j: Int) -> Double in
            let (r0, r1) = ((i + 1) % 3, (i + 2) % 3)
            let (c0, c1) = ((j + 1) % 3, (j + 2) % 3)
            return h[r0][c0] * h[r1][c1] - h[r0][c1] * h[r1][c0]
        }
        let determinant = h[0][0] * cofactor(0, 0) + h[0][1] * cofactor(0, 1) + h[0][2] * cofactor(0, 2)
        guard determinant != 0, determinant.isFinite else { return 0 }
        let sign = determinant > 0 ? 1.0 : -1.0
        // q_j(u, v) = u·adj[0][j] + v·adj[1][j] + adj[2][j], with adj[i][j] = cofactor(j, i).
        let q = (0..<3).map { j in
            HalfPlane(a: sign * cofactor(j, 0), b: sign * cofactor(j, 1), c: sign * cofactor(j, 2))
        }
        let (halfWidth, halfHeight) = (bounds.width / 2, bounds.height / 2)
        let planes = [
            q[2].scaled(by: halfWidth).minus(q[0]), q[2].scaled(by: halfWidth).plus(q[0]),
            q[2].scaled(by: halfHeight).minus(q[1]), q[2].scaled(by: halfHeight).plus(q[1]),
        ]
        let (left, top) = (-center.x, -center.y)
        let (right, bottom) = (viewport.width - center.x, viewport.height - center.y)
        var polygon = [
            Point(x: left, y: top), Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: bottom),
        ]
        for plane in planes { polygon = plane.clip(polygon) }
        return Self.area(of: polygon)
    }

    /// The area of a simple polygon (shoelace), as a magnitude.
    static func area(of polygon: [Point]) -> Double {
        guard polygon.count >= 3 else { return 0 }
        var twice = 0.0
        for (i, p) in polygon.enumerated() {
            let next = polygon[(i + 1) % polygon.count]
            twice += p.x * next.y - next.x * p.y
        }
        return abs(twice) / 2
    }
}

/// The half-plane a·u + b·v + c ≥ 0 of the viewport (points relative to the item's centre).
private struct HalfPlane {
    var a, b, c: Double

    func value(at p: Point) -> Double { a * p.x + b * p.y + c }
    func scaled(by k: Double) -> HalfPlane { HalfPlane(a: a * k, b: b * k, c: c * k) }
    func plus(_ o: HalfPlane) -> HalfPlane { HalfPlane(a: a + o.a, b: b + o.b, c: c + o.c) }
    func minus(_ o: HalfPlane) -> HalfPlane { HalfPlane(a: a - o.a, b: b - o.b, c: c - o.c) }

    /// The convex `polygon` cut to this half-plane (Sutherland–Hodgman): a vertex on the line stays,
    /// an edge crossing it is cut where the value is 0.
    func clip(_ polygon: [Point]) -> [Point] {
        var kept: [Point] = []
        for (i, p) in polygon.enumerated() {
            let q = polygon[(i + 1) % polygon.count]
            let (vp, vq) = (value(at: p), value(at: q))
            if vp >= 0 { kept.append(p) }
            if (vp > 0 && vq < 0) || (vp < 0 && vq > 0) {
                let t = vp / (vp - vq)
                kept.append(Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t))
            }
        }
        return kept
    }
}
