import GalleryLayout

extension FramePlan {
    /// Where item `index` (its original index) is drawn: the corners of its bounds, projected, in frame
    /// pixels, in order round the quad; nil when it is not drawn in this frame, is partly at or behind
    /// the eye, or the frame is turned (a rotation's interface is drawn before it is turned).
    public func quad(ofItem index: Int) -> [SIMD2<Double>]? {
        guard turn == nil, let item = items.first(where: { $0.index == index }) else { return nil }
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
