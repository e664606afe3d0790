/// A glyph's outline as the font draws it: closed contours of lines and quadratic or cubic Bézier
/// segments, in font units with y up, unscaled and unhinted. Filled by the non-zero rule.
public struct GlyphOutline: Sendable, Hashable {
    public enum Segment: Sendable, Hashable {
        /// Starts a contour (the previous one, if any, closes back to its start).
        case move(SIMD2<Double>)
        case line(SIMD2<Double>)
        /// A quadratic Bézier: control point, end point.
        case quad(SIMD2<Double>, SIMD2<Double>)
        /// A cubic Bézier: two control points, end point.
        case cubic(SIMD2<Double>, SIMD2<Double>, SIMD2<Double>)
    }

    public var segments: [Segment]

    public init(segments: [Segment] = []) { self.segments = segments }

    /// The outline from the shim's ops and flat (x, y) pairs; nil when they disagree.
    init?(ops: [UInt8], points: [Int32]) {
        var segments: [Segment] = []
        segments.reserveCapacity(ops.count)
        var next = 0
        func point() -> SIMD2<Double>? {
            guard next + 1 < points.count else { return nil }
            defer { next += 2 }
            return SIMD2(Double(points[next]), Double(points[next + 1]))
        }
        for op in ops {
            switch op {
            case 0: guard let p = point() else { return nil }; segments.append(.move(p))
            case 1: guard let p = point() else { return nil }; segments.append(.line(p))
            case 2:
                guard let c = point(), let p = point() else { return nil }
                segments.append(.quad(c, p))
            case 3:
                guard let c1 = point(), let c2 = point(), let p = point() else { return nil }
                segments.append(.cubic(c1, c2, p))
            default: return nil
            }
        }
        self.segments = segments
    }
}
