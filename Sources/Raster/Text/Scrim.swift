/// The gradient under an over caption: clear at 60 % of the item's height, 40 % black at its lower
/// edge, linear in between, clipped by the item's mask, in the item's plane (it takes the item's
/// transform and alpha).
struct Scrim: Sendable {
    let homography: ItemHomography
    let polygon: FramePolygon
    let mask: PlaneMask
    /// Where the gradient starts and how tall it is, in points from the item's centre.
    let top, height: Double
    /// Black at the scrim's full opacity times the item's alpha, premultiplied.
    let color: SIMD4<Float>

    init?(placement: ProjectedPlacement, shape: Shape, canvasWidth: Int, canvasHeight: Int) {
        let (w, h) = (placement.width, placement.height)
        guard let homography = ItemHomography(placement), let mask = PlaneMask(shape, width: w, height: h) else {
            return nil
        }
        height = h * CaptionStyle.scrimFraction
        top = h / 2 - height
        let halfPlanes = [(a: 1.0, b: 0.0, c: w / 2), (-1, 0, w / 2), (0, 1, -top), (0, -1, h / 2)]
        polygon = FramePolygon(homography, inside: halfPlanes, canvasWidth: canvasWidth, height: canvasHeight)
        guard !polygon.points.isEmpty else { return nil }
        (self.homography, self.mask) = (homography, mask)
        // On the canvas's 0…255 scale, as every premultiplied colour is.
        color = Color.black.premultiplied * (CaptionStyle.scrimOpacity * min(max(placement.alpha, 0), 1))
    }

    /// Paints the scrim within frame rows `rows` into `pixels` (exactly those rows of a
    /// `canvasWidth`-wide frame).
    func paint(into pixels: UnsafeMutableBufferPointer<SIMD4<Float>>, rows: Range<Int>, canvasWidth: Int) {
        let bounds = polygon.pixelBounds
        for y in bounds.y.clamped(to: rows) {
            let row = (y - rows.lowerBound) * canvasWidth
            for x in polygon.columns(inRow: y).clamped(to: bounds.x) {
                guard let point = homography.backward(Double(x) + 0.5, Double(y) + 0.5) else { continue }
                let ramp = min(max((point.y - top) / height, 0), 1)
                let coverage = Float(mask.coverage(point) * ramp)
                guard coverage > 0 else { continue }
                pixels[row + x] = ProjectedItemPainter.over(color * coverage, pixels[row + x])
            }
        }
    }
}
