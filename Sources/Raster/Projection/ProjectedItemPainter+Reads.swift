import GalleryCore

/// Which of its photo's pixels a 3D item reads where opaque items in front of it cover part of it,
/// or the frame's edge cuts it: a cover flow's side cards show a strip of their photo, and only that
/// strip, with the reach of its filter, is decoded (`DecodePlan`). The pyramid built from it
/// (`planePhoto`) holds, at every texel a shown pixel reads, the same values as the whole photo's,
/// so the frame is the same bytes.
///
/// The pixels that may show are `forEachShownRun`'s: the item's outline, a two-pixel fringe, outside
/// the columns `hidden` takes as covered. A pixel at texel position t reads samples within ½·major of t
/// along its footprint's long axis, each `size` wide (`PhotoSampler.samples`), from levels at most
/// ⌊lod⌋ + 1, whose texels are at most 2·size pixels wide (`PhotoSampler.level` never exceeds log₂ of
/// the width), or the pyramid's finest level; a sample's taps lie within 1.5 texels of it. So a pixel
/// reads within 0.5·major + 1.5·max(2·size, 2^base) of t. major and size are taken where `paint`
/// takes them, with the same arithmetic: at each edge pixel's centre (its own footprint) and at each
/// group of four's centre (the footprint the group's inner pixels share, `interior`). t is monotonic
/// along a row (a projective map of a line), so a run's ends bound the inner pixels' positions; those
/// come from a vector form whose last bits may differ, so the reach has one texel more, and a quarter
/// more to spare.
///
/// Gains: the bench's cover-flow frame decodes strips of five photos, not the whole photos: with the
/// hidden items' photos left out, 151 against 232 ms (`Bench/run.py --only CF --baseline`, static
/// builds side by side), and a peak of 130 MB where the bench's table had 171. Must equal: the
/// frame with every photo decoded whole (`HiddenPhotosTests`, `ReadRegionTests`). Goes when
/// decoding a whole photo costs what a strip does.
extension ProjectedItemPainter {
    /// The pixels of a `size` photo that `placement`'s shown pixels read on a `canvasWidth` ×
    /// `canvasHeight` frame, under `occluders` (items drawn after it that hide what is under them,
    /// `hidesWhatIsUnder`; none: only the frame's edges cut it): `sourceRegion` less what no shown
    /// pixel reads.
    public func readRegion(
        ofPhoto size: PixelSize, placement: ProjectedPlacement, coveredBy occluders: [ProjectedPlacement],
        canvasWidth: Int, canvasHeight: Int
    ) -> ImageRegion {
        let (width, height) = (placement.width, placement.height)
        let shift = (placement.contentOffsetX, placement.contentOffsetY)
        let used = sourceRegion(ofPhoto: size, width: width, height: height, shift: shift)
        let rect = Self.photoRect(of: size, width: width, height: height, shift: shift, mode: style.contentMode)
        guard rect.width > 0, rect.height > 0, let homography = ItemHomography(placement),
            let shape = PlaneMask(style.shape, width: width, height: height)
        else { return used }
        let cuts = occluders.compactMap { coveredColumns(by: $0, canvasWidth: canvasWidth, canvasHeight: canvasHeight) }
        let bounds = FramePolygon(placement, canvasWidth: canvasWidth, height: canvasHeight).pixelBounds
        let outline = FramePolygon(
            homography, inside: shape.enclosingHalfPlanes, canvasWidth: canvasWidth, height: canvasHeight)
        let interior = Self.interior(
            homography, inner: innerShape(width: width, height: height),
            photo: (rect.x, rect.y, rect.maxX, rect.maxY), canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        var reads = ReadExtent(
            homography: homography, left: rect.x, top: rect.y, sx: Double(size.width) / rect.width,
            sy: Double(size.height) / rect.height)
        Self.forEachShownRun(of: outline, within: bounds, coveredBy: cuts) { y, run in
            reads.add(run, inRow: y, inside: interior.interiorColumns(inRow: y))
            return reads.isBounded
        }
        let scale = Self.sourceScale(of: placement, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        let base = Self.baseLevel(sx: reads.sx, sy: reads.sy, scale: scale)
        return reads.region(base: base)?.clamped(to: used) ?? used
    }

    /// Whether the frame's edges cut `placement`'s item (or part of it is at or behind the eye): a
    /// corner of its bounds falls outside the `canvasWidth` × `canvasHeight` frame.
    public static func isCut(_ placement: ProjectedPlacement, canvasWidth: Int, canvasHeight: Int) -> Bool {
        guard let project = PlaneProjection(placement) else { return true }
        let (w, h) = (placement.width / 2, placement.height / 2)
        return [SIMD2(-w, -h), SIMD2(w, -h), SIMD2(w, h), SIMD2(-w, h)].contains { corner in
            guard let p = project(corner) else { return true }
            return !(p.x >= 0 && p.x <= Double(canvasWidth) && p.y >= 0 && p.y <= Double(canvasHeight))
        }
    }
}

/// The texel positions and the largest footprint a set of frame pixels reads, gathered run by run.
private struct ReadExtent {
    let homography: ItemHomography
    /// The photo's rectangle's top left in the item's plane (points), and texels per point.
    let left, top, sx, sy: Double
    var x = (low: Double.infinity, high: -Double.infinity)
    var y = (low: Double.infinity, high: -Double.infinity)
    /// The longest footprint, and the widest of its samples, in texels.
    var major = 0.0, size = 0.0
    /// False once a pixel sees the plane at or behind the eye or beyond Double's range: the footprint
    /// may then be the whole photo.
    var isBounded = true

    init(homography: ItemHomography, left: Double, top: Double, sx: Double, sy: Double) {
        (self.homography, self.left, self.top, self.sx, self.sy) = (homography, left, top, sx, sy)
    }

    /// Takes in the pixels `run` of frame row `row`, of which `inside` are `paint`'s inner pixels:
    /// the run's ends, each edge pixel's centre and every group's centre.
    mutating func add(_ run: Range<Int>, inRow row: Int, inside: Range<Int>) {
        guard let last = run.last else { return }
        let fy = Double(row) + 0.5
        let inner = inside.clamped(to: run)
        for x in run where x == run.lowerBound || x == last || !inner.contains(x) { add(Double(x) + 0.5, fy) }
        for group in run.lowerBound >> 2...last >> 2 { add(Double(group << 2) + 2, fy) }
    }

    private mutating func add(_ fx: Double, _ fy: Double) {
        guard isBounded, let point = homography.backward(fx, fy) else {
            isBounded = false
            return
        }
        let (tx, ty) = ((point.x - left) * sx, (point.y - top) * sy)
        let jacobian = point.texels(sx: sx, sy: sy)
        let squaredMajor = jacobian.squaredMajor
        guard tx.isFinite, ty.isFinite, squaredMajor.isFinite else {
            isBounded = false
            return
        }
        (x.low, x.high) = (min(x.low, tx), max(x.high, tx))
        (y.low, y.high) = (min(y.low, ty), max(y.high, ty))
        let samples = PhotoSampler.samples(squaredMajor: squaredMajor, area: jacobian.area)
        (major, size) = (max(major, squaredMajor.squareRoot()), max(size, samples.squaredSize.squareRoot()))
    }

    /// The whole-photo pixels every footprint taken in may read, for a pyramid whose finest level is
    /// `base`; nil when unbounded or when nothing was taken in.
    func region(base: Int) -> ImageRegion? {
        guard isBounded, x.low <= x.high, y.low <= y.high else { return nil }
        let finest = Double(sign: .plus, exponent: min(max(base, 0), 62), significand: 1)
        let reach = (0.5 * major + 1.5 * max(2 * size, finest)) * 1.25 + 1
        func pixels(_ extent: (low: Double, high: Double)) -> Range<Int>? {
            let (low, high) = ((extent.low - reach).rounded(.down), (extent.high + reach).rounded(.up))
            guard low > -0x1p40, high < 0x1p40 else { return nil }
            return Int(low)..<Int(high)
        }
        guard let columns = pixels(x), let rows = pixels(y) else { return nil }
        return ImageRegion(x: columns, y: rows)
    }
}
