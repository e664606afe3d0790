import CCPU

/// An item's outline in its own plane (points, relative to its centre), with the coverage of a frame
/// pixel worked out from the pixel's centre and the backward map's Jacobian there.
///
/// Anti-aliasing: each edge function f (a signed distance, positive inside) is taken as linear across
/// the pixel: f(centre) plus its change per frame pixel, ∇f·J. The fraction of the pixel square where
/// it is ≥ 0 is then exact (`EdgeCoverage`): for a straight edge under any projective map, the exact
/// area to first order in the pixel's size; for a curved one, the tangent's less the sliver between
/// tangent and arc (L³/24R for a chord L and the curve's radius R in frame pixels), which brings a
/// 3.5-pixel corner within 0.4 % of a pixel of its exact area. A rectangle's coverage is the product
/// of its two slabs' (exact when axis-aligned, as the 2D painter's), a rounded corner's the smaller of
/// that and its circle's. Chosen over supersampling: one evaluation a pixel, exact on straight edges,
/// and continuous, where n × n samples cost n² and still step by 1/n².
struct PlaneMask: Sendable {
    enum Outline: Sendable {
        /// Half sizes and corner radius (0…min(halfWidth, halfHeight)); a circle when all are equal.
        case rounded(halfWidth: Double, halfHeight: Double, radius: Double)
        /// The ellipse inscribed in the rectangle of these half sizes.
        case ellipse(halfWidth: Double, halfHeight: Double)
    }

    let outline: Outline

    /// `style`'s shape on a `width` × `height` item, shrunk by `inset` points on every side (nil when
    /// nothing is left).
    init?(_ shape: Shape, width: Double, height: Double, inset: Double = 0) {
        let (a, b) = (width / 2 - inset, height / 2 - inset)
        guard a > 0, b > 0 else { return nil }
        switch shape {
        case .circle where width == height: outline = .rounded(halfWidth: a, halfHeight: b, radius: a)
        case .circle: outline = .ellipse(halfWidth: a, halfHeight: b)
        case .rounded(let radius):
            let r = min(max(radius, 0), width / 2, height / 2) - inset
            outline = .rounded(halfWidth: a, halfHeight: b, radius: min(max(r, 0), a, b))
        }
    }

    /// A rectangle |x| ≤ halfWidth, |y| ≤ halfHeight inside the outline: a rounded corner's arc is
    /// met at 45°, an ellipse's inscribed rectangle. A pixel wholly within it is wholly covered.
    var core: (halfWidth: Double, halfHeight: Double) {
        let half = (0.5 as Double).squareRoot()
        switch outline {
        case .rounded(let a, let b, let r): return (a - r + r * half, b - r + r * half)
        case .ellipse(let a, let b): return (a * half, b * half)
        }
    }

    /// A convex polygon inside the outline, as half-planes a·x + b·y + c ≥ 0 of the plane: for an
    /// ellipse or a circle the 32-gon inscribed in it (99.4 % of its area, where the inscribed
    /// rectangle `core` holds 64 %), for a rounded rectangle `core`. A pixel wholly within it is
    /// wholly covered, so nearly all of an elliptic card's pixels take the interior's path.
    var coreHalfPlanes: [(a: Double, b: Double, c: Double)] {
        let step = 2 * Double.pi / Double(Self.corePolygonSides)
        let angles = (0..<Self.corePolygonSides).map {
            (cos: gr_cos(step * Double($0)), sin: gr_sin(step * Double($0)))
        }
        let points: [(x: Double, y: Double)]
        switch outline {
        case .rounded(let a, let b, let r) where r >= a && r >= b:
            points = angles.map { (x: r * $0.cos, y: r * $0.sin) }
        case .rounded:
            // Its corner coverage (the tangent less a sliver) dips a few thousandths below 1 just
            // inside a chord near the arc: the rectangle through the arcs' 45° points keeps clear.
            let (w, h) = core
            points = [(w, h), (-w, h), (-w, -h), (w, -h)]
        case .ellipse(let a, let b): points = angles.map { (x: a * $0.cos, y: b * $0.sin) }
        }
        // Each edge's inner side: the sign the centre (inside) gives.
        return points.indices.compactMap { i in
            let (p, q) = (points[i], points[(i + 1) % points.count])
            let (nx, ny) = (p.y - q.y, q.x - p.x)
            guard nx != 0 || ny != 0 else { return nil }
            let c = -(nx * p.x + ny * p.y)
            return c >= 0 ? (nx, ny, c) : (-nx, -ny, -c)
        }
    }

    /// A convex polygon holding the whole outline, as half-planes a·x + b·y + c ≥ 0: a rounded
    /// rectangle's bounding rectangle, the polygon of `corePolygonSides` sides circumscribed about an
    /// ellipse or a circle (its sides tangent to it: (x/a)·cos θ + (y/b)·sin θ ≤ 1).
    var enclosingHalfPlanes: [(a: Double, b: Double, c: Double)] {
        switch outline {
        case .rounded(let a, let b, let r) where r < a || r < b: return [(1, 0, a), (-1, 0, a), (0, 1, b), (0, -1, b)]
        case .rounded(let a, let b, _), .ellipse(let a, let b):
            let step = 2 * Double.pi / Double(Self.corePolygonSides)
            return (0..<Self.corePolygonSides).map { k in
                (-gr_cos(step * Double(k)) / a, -gr_sin(step * Double(k)) / b, 1)
            }
        }
    }

    /// Sides of the polygon inscribed in an ellipse or a circle for `coreHalfPlanes`.
    static let corePolygonSides = 32

    /// Coverage (0…1) of the frame pixel whose centre shows `p`.
    @inline(__always)
    func coverage(_ p: ItemPoint) -> Double {
        switch outline {
        case .rounded(let a, let b, let r): Self.rounded(p, a, b, r)
        case .ellipse(let a, let b): Self.ellipse(p, a, b)
        }
    }

    @inline(__always)
    private static func rounded(_ p: ItemPoint, _ a: Double, _ b: Double, _ r: Double) -> Double {
        let (ax, ay) = (abs(p.x), abs(p.y))
        let slabs =
            EdgeCoverage.of(a - ax, p.xdx, p.xdy) * EdgeCoverage.of(b - ay, p.ydx, p.ydy)
        guard r > 0, slabs > 0 else { return slabs }
        let (ex, ey) = (ax - (a - r), ay - (b - r))
        guard ex > 0, ey > 0 else { return slabs }
        // Distance inside the corner's circle; its gradient is the unit vector (ex, ey)/ρ (sign aside).
        let rho = (ex * ex + ey * ey).squareRoot()
        let (nx, ny) = (ex / rho, ey / rho)
        let corner = EdgeCoverage.curved(
            r - rho, nx * p.xdx + ny * p.ydx, nx * p.xdy + ny * p.ydy, radius: p.frameRadius(r, tangent: (-ny, nx)))
        return min(slabs, corner)
    }

    @inline(__always)
    private static func ellipse(_ p: ItemPoint, _ a: Double, _ b: Double) -> Double {
        // f = 1 − ρ with ρ = √((x/a)² + (y/b)²): degree 1 along rays, so close to a distance near the
        // edge; its gradient is −(x/a², y/b²)/ρ.
        let (u, v) = (p.x / a, p.y / b)
        let rho = (u * u + v * v).squareRoot()
        guard rho > 0 else { return 1 }
        let (gx, gy) = (u / (a * rho), v / (b * rho))
        // The radius of curvature at the edge point on the same ray, (x, y)/ρ: (a⁴y² + b⁴x²)^(3/2)/(a⁴b⁴).
        let (x, y, a2, b2) = (p.x / rho, p.y / rho, a * a, b * b)
        let s = a2 * a2 * y * y + b2 * b2 * x * x
        let length = s.squareRoot()
        let radius = s * length / (a2 * a2 * b2 * b2)
        let tangent = (-a2 * y / length, b2 * x / length)
        return EdgeCoverage.curved(
            1 - rho, gx * p.xdx + gy * p.ydx, gx * p.xdy + gy * p.ydy, radius: p.frameRadius(radius, tangent: tangent))
    }
}

/// The coverage of a pixel by a half-plane.
enum EdgeCoverage {
    /// The fraction of a unit pixel square where f ≥ 0, for f linear across it: `f` at the centre,
    /// `dx`, `dy` its change per pixel. The square's projection on the edge normal is the trapezoid
    /// of two box widths p ≥ q, so the result is its cumulative area: quadratic, linear, quadratic.
    @inline(__always)
    static func of(_ f: Double, _ dx: Double, _ dy: Double) -> Double {
        let (u, v) = (abs(dx), abs(dy))
        let (p, q) = (max(u, v), min(u, v))
        let t = f + (p + q) / 2
        if t <= 0 { return 0 }
        if t >= p + q { return 1 }
        if t < q { return t * t / (2 * p * q) }
        if t <= p { return (t - q / 2) / p }
        let r = p + q - t
        return 1 - r * r / (2 * p * q)
    }

    /// The coverage by a convex curve whose tangent at the point nearest the pixel's centre is the
    /// edge of `of`, with radius of curvature `radius` frame pixels: the half-plane's, less the sliver
    /// between the tangent and the arc, ∫ s²/2R ds over the chord's length L in the pixel, L³/24R.
    @inline(__always)
    static func curved(_ f: Double, _ dx: Double, _ dy: Double, radius: Double) -> Double {
        let coverage = of(f, dx, dy)
        guard coverage > 0, coverage < 1, radius > 0 else { return coverage }
        let (u, v) = (abs(dx), abs(dy))
        let (p, q) = (max(u, v), min(u, v))
        let t = f + (p + q) / 2
        // The chord: d(coverage)/df in pixels, the trapezoid's height at t times |∇f|.
        let slope = t < q ? t / (p * q) : t <= p ? 1 / p : (p + q - t) / (p * q)
        let chord = slope * (u * u + v * v).squareRoot()
        return max(0, coverage - chord * chord * chord / (24 * radius))
    }
}
