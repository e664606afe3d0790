import GalleryLayout
import Raster

extension FramePlan {
    /// Where item `index` (its original index) is drawn: the corners of its bounds, projected, in frame
    /// pixels, in order round the quad (in a rotation, turned as `InterfaceTurner` turns the interface);
    /// nil when it is not drawn in this frame, or is partly at or behind the eye.
    public func quad(ofItem index: Int) -> [SIMD2<Double>]? {
        guard let corners = interfaceQuad(ofItem: index) else { return nil }
        guard let turn, turn.degrees != 0 || turn.frame != size else { return corners }
        // The interface's centre onto the frame's, turned θ counter-clockwise: the inverse of the
        // turner's u = x′cos θ − y′sin θ, v = x′sin θ + y′cos θ.
        let (sine, cosine) = ExactSine.sineAndCosine(degrees: turn.degrees)
        let from = SIMD2(Double(size.width), Double(size.height)) / 2
        let to = SIMD2(Double(turn.frame.width), Double(turn.frame.height)) / 2
        return corners.map { corner in
            let (u, v) = (corner.x - from.x, corner.y - from.y)
            return to + SIMD2(u * cosine + v * sine, -u * sine + v * cosine)
        }
    }

    /// The item's quad in the interface it is drawn in (before a rotation's turn).
    private func interfaceQuad(ofItem index: Int) -> [SIMD2<Double>]? {
        guard let item = items.first(where: { $0.index == index }) else { return nil }
        let plane = item.plane, m = plane.transform
        let (w, h) = (plane.width / 2, plane.height / 2)
        var corners: [SIMD2<Double>] = []
        for (x, y) in [(-w, -h), (w, -h), (w, h), (-w, h)] {
            // [x y 0 1]·M, Core Animation's row-vector convention.
            let X = x * m[0] + y * m[4] + m[12], Y = x * m[1] + y * m[5] + m[13], W = x * m[3] + y * m[7] + m[15]
            guard W > 0 else { return nil }
            corners.append(
                SIMD2(plane.centerX + plane.pixelsPerPoint * X / W, plane.centerY + plane.pixelsPerPoint * Y / W))
        }
        return corners
    }
}
