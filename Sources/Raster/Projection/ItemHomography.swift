/// A placement's projection as a 3 × 3 homography between the item's plane (points, relative to its
/// centre) and the frame (pixels), inverted once. Row-vector convention, as Core Animation's.
///
/// Forward: [x y 1]·H = [a b W], frame pixel (a/W, b/W), with H = A·C, A the rows (m11 m12 m14),
/// (m21 m22 m24), (m41 m42 m44) and C = [[s 0 0] [0 s 0] [cx cy 1]] (s pixels per point).
/// Backward: [fx fy 1]·G = [q1 q2 q3], item point (q1/q3, q2/q3), where G = sign(det H)·adj H (scaled
/// by a power of two), so q3 has the sign of W: q3 > 0 exactly where the item is in front of the eye.
/// A mirrored item (det H < 0) needs nothing more.
struct ItemHomography: Sendable {
    let g11, g12, g13, g21, g22, g23, g31, g32, g33: Double

    /// Nil when the projection is singular (the item seen edge-on) or not finite.
    init?(_ placement: ProjectedPlacement) {
        let m = placement.transform
        let s = placement.pixelsPerPoint
        let (cx, cy) = (placement.centerX, placement.centerY)
        // Rows of A: (m11 m12 m14), (m21 m22 m24), (m41 m42 m44); H = A·C.
        let a = [(m[0], m[1], m[3]), (m[4], m[5], m[7]), (m[12], m[13], m[15])]
        let h = a.map { [$0.0 * s + $0.2 * cx, $0.1 * s + $0.2 * cy, $0.2] }
        let cofactor = { (i: Int, j: Int) -> Double in
            let (r0, r1, c0, c1) = ((i + 1) % 3, (i + 2) % 3, (j + 1) % 3, (j + 2) % 3)
            return h[r0][c0] * h[r1][c1] - h[r0][c1] * h[r1][c0]
        }
        let determinant = h[0][0] * cofactor(0, 0) + h[0][1] * cofactor(0, 1) + h[0][2] * cofactor(0, 2)
        guard determinant != 0, determinant.isFinite, h.allSatisfy({ $0.allSatisfy(\.isFinite) }) else {
            return nil
        }
        // adj[i][j] = cofactor(j, i); scaled by a power of two (exact) so its largest entry is near 1.
        var largest = 0.0
        for i in 0..<3 { for j in 0..<3 { largest = max(largest, abs(cofactor(i, j))) } }
        guard largest.isFinite, largest > 0 else { return nil }
        let scale = (determinant > 0 ? 1.0 : -1.0) / Double(sign: .plus, exponent: largest.exponent, significand: 1)
        let g = { (i: Int, j: Int) in cofactor(j, i) * scale }
        (g11, g12, g13) = (g(0, 0), g(0, 1), g(0, 2))
        (g21, g22, g23) = (g(1, 0), g(1, 1), g(1, 2))
        (g31, g32, g33) = (g(2, 0), g(2, 1), g(2, 2))
    }

    /// The item point frame point (fx, fy) shows and how it moves per frame pixel; nil where the frame
    /// point sees the plane at or behind the eye (W ≤ 0).
    @inline(__always)
    func backward(_ fx: Double, _ fy: Double) -> ItemPoint? {
        let q3 = fx * g13 + fy * g23 + g33
        guard q3 > 0 else { return nil }
        let r = 1 / q3
        let x = (fx * g11 + fy * g21 + g31) * r
        let y = (fx * g12 + fy * g22 + g32) * r
        return ItemPoint(
            x: x, y: y, xdx: (g11 - x * g13) * r, xdy: (g21 - x * g23) * r, ydx: (g12 - y * g13) * r,
            ydy: (g22 - y * g23) * r)
    }

    /// The item point frame point (fx, fy) shows, without the Jacobian (the same arithmetic as
    /// `backward`'s x and y); nil at or behind the eye.
    @inline(__always)
    func backwardPoint(_ fx: Double, _ fy: Double) -> (x: Double, y: Double)? {
        let q3 = fx * g13 + fy * g23 + g33
        guard q3 > 0 else { return nil }
        let r = 1 / q3
        return ((fx * g11 + fy * g21 + g31) * r, (fx * g12 + fy * g22 + g32) * r)
    }

    /// The half-plane of frame points where a·q1 + b·q2 + c·q3 ≥ 0, as a·x + b·y + c form in the frame.
    func halfPlane(q1 a: Double, q2 b: Double, q3 c: Double) -> FramePolygon.HalfPlane {
        FramePolygon.HalfPlane(
            a: a * g11 + b * g12 + c * g13, b: a * g21 + b * g22 + c * g23, c: a * g31 + b * g32 + c * g33)
    }
}

/// An item point seen from a frame point, with the Jacobian of the backward map: item points per
/// frame pixel (`xdy` = ∂x/∂fy, …).
struct ItemPoint {
    var x, y: Double
    var xdx, xdy, ydx, ydy: Double

    /// The radius of curvature in frame pixels of an item curve through this point with radius
    /// `radius` points and unit tangent `tangent`: R·|adj(J)·t|³/det(J)², J the backward Jacobian (a
    /// curve's curvature under the forward map J⁻¹ is |det J⁻¹|/(R·|J⁻¹t|³)).
    @inline(__always)
    func frameRadius(_ radius: Double, tangent t: (x: Double, y: Double)) -> Double {
        let (u, v) = (ydy * t.x - xdy * t.y, xdx * t.y - ydx * t.x)
        let stretch = (u * u + v * v).squareRoot()
        let determinant = xdx * ydy - xdy * ydx
        return radius * stretch * stretch * stretch / (determinant * determinant)
    }

    /// The Jacobian in texels, with `sx`, `sy` texels per point along x and y.
    @inline(__always)
    func texels(sx: Double, sy: Double) -> TexelJacobian {
        TexelJacobian(ax: xdx * sx, ay: ydx * sy, bx: xdy * sx, by: ydy * sy)
    }

    /// The largest magnification at this point, in frame pixels per point: 1/(the Jacobian's smaller
    /// singular value) = major/(major·minor). Infinite where the map is singular.
    var magnification: Double {
        let jacobian = texels(sx: 1, sy: 1)
        return jacobian.squaredMajor.squareRoot() / jacobian.area
    }
}
