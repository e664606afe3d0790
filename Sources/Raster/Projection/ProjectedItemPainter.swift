import GalleryCore

/// Draws one item under a 3D transform with perspective (`ProjectedPlacement`): the photo over the
/// placeholder, masked to the item's shape in its own plane (a circle under perspective is the
/// projected ellipse), the border ring inside the edge, composited source-over, as `ItemPainter`
/// draws a flat item and with its formula:
/// item = inner·(photo·p + placeholder·(1 − photoAlpha·p)) + (outer − inner)·border, times alpha;
/// canvas = item + canvas·(1 − itemAlpha). All premultiplied, channels 0…255.
///
/// Each frame pixel centre is mapped back to the item plane through the inverted homography
/// (`ItemHomography`); coverage comes from the edge functions there and the map's Jacobian
/// (`PlaneMask`), the photo from a box pyramid sampled over the pixel's footprint
/// (`MipPyramid+Sampling`). Only +, −, ×, ÷, √ and rounding, no fused multiply-add, every sum in a
/// fixed order: the same bytes on every CPU, whatever the bands.
///
/// Measured (-O, whole module, one core of a 2.3 GHz Xeon VM), a 200 × 200 pt card at @3x (600 × 600
/// pixels), 1200-pixel photo: prepare 5.6 ms (the pyramid), paint 9.5 ms frontal; turned 53° about y
/// under m34 = −1/500, paint 18 ms (two samples a pixel along the squeezed axis; 10 ms isotropic). The
/// 2D painter there: 4.9 + 4.0 ms.
public struct ProjectedItemPainter: Sendable {
    public var style: ItemStyle

    public init(style: ItemStyle) { self.style = style }

    /// An item ready to paint on one frame: its map, outline, pyramid and colours, worked out once and
    /// then painted band by band, in any order.
    public struct Prepared: Sendable {
        /// The frame pixels the item touches (those with W > 0), clipped to the canvas.
        public let bounds: (x: Range<Int>, y: Range<Int>)
        let homography: ItemHomography?
        let polygon: FramePolygon
        /// Where a pixel wholly inside is wholly the photo (or placeholder): no edge to work out.
        let interior: FramePolygon
        let outer: PlaneMask?
        /// The shape inset by the border (the shape itself without one); nil when the border fills it.
        let inner: PlaneMask?
        let hasBorder: Bool
        let photo: PlanePhoto?
        let alpha: Float
        let placeholder: SIMD4<Float>
        let borderColor: SIMD4<Float>
    }

    /// A photo in the item's plane: its pyramid and where its rectangle lies, in points.
    struct PlanePhoto: Sendable {
        let pyramid: MipPyramid
        let left, top, right, bottom: Double
        /// Texels (whole-photo pixels) per point along x and y.
        let sx, sy: Double
    }

    /// The frame pixels the visible (W > 0) part of the item touches on a `width` × `height` canvas.
    public static func bounds(of placement: ProjectedPlacement, width: Int, height: Int)
        -> (x: Range<Int>, y: Range<Int>)
    {
        FramePolygon(placement, canvasWidth: width, height: height).pixelBounds
    }

    /// The largest magnification of the item's plane anywhere it shows on the canvas, in frame pixels
    /// per item point (0 when it shows nowhere): a decode that leaves the photo ≥ 2× this many pixels
    /// per point (the box `width·s` × `height·s` in `DecodeOptions.targetSize`) keeps every frame
    /// pixel at ≥ 2 texels. Taken at the visible polygon's vertices, edge midpoints and centroid (a
    /// perspective magnifies most at a vertex, where W is smallest).
    public func sourceScale(of placement: ProjectedPlacement, canvasWidth: Int, canvasHeight: Int) -> Double {
        let polygon = FramePolygon(placement, canvasWidth: canvasWidth, height: canvasHeight)
        guard let homography = ItemHomography(placement) else { return 0 }
        var largest = 0.0
        for probe in polygon.probes {
            guard let point = homography.backward(probe.x, probe.y) else { continue }
            let scale = point.magnification
            if scale.isFinite { largest = max(largest, scale) }
        }
        return largest
    }

    /// `placement` ready to paint on a `canvasWidth` × `canvasHeight` frame; `photo` nil (or a part
    /// whose image is not its region's size) draws the placeholder alone. Throws when memory for the
    /// photo's pyramid cannot be had.
    public func prepare(_ placement: ProjectedPlacement, photo: PhotoPart?, canvasWidth: Int, canvasHeight: Int)
        throws(OutOfMemory) -> Prepared
    {
        let homography = ItemHomography(placement)
        let polygon = FramePolygon(placement, canvasWidth: canvasWidth, height: canvasHeight)
        let (w, h) = (placement.width, placement.height)
        let outer = PlaneMask(style.shape, width: w, height: h)
        let border = max(style.borderWidth, 0)
        let inner = border > 0 ? PlaneMask(style.shape, width: w, height: h, inset: border) : outer
        let bounds = outer == nil ? (x: 0..<0, y: 0..<0) : polygon.pixelBounds
        var planePhoto: PlanePhoto?
        if let photo, !bounds.x.isEmpty, photo.image.width == photo.region.x.count,
            photo.image.height == photo.region.y.count, !photo.region.isEmpty
        {
            let scale = sourceScale(of: placement, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
            planePhoto = try Self.planePhoto(photo, width: w, height: h, mode: style.contentMode, scale: scale)
        }
        var core = inner?.core ?? (halfWidth: 0, halfHeight: 0)
        if let planePhoto {
            core = (min(core.halfWidth, planePhoto.right), min(core.halfHeight, planePhoto.bottom))
        }
        let interior = FramePolygon(
            homography, halfWidth: core.halfWidth, halfHeight: core.halfHeight, canvasWidth: canvasWidth,
            height: canvasHeight)
        return Prepared(
            bounds: bounds, homography: homography, polygon: polygon, interior: interior, outer: outer, inner: inner,
            hasBorder: border > 0, photo: planePhoto, alpha: min(max(placement.alpha, 0), 1),
            placeholder: style.placeholder.premultiplied, borderColor: style.borderColor.premultiplied)
    }

    /// The photo placed by `mode` in a `width` × `height` item (as `ContentMode.placement` places it
    /// for the 2D path), its pyramid starting at the finest level a pixel reads at magnification
    /// `scale` (frame pixels per point).
    private static func planePhoto(_ photo: PhotoPart, width: Double, height: Double, mode: ContentMode, scale: Double)
        throws(OutOfMemory) -> PlanePhoto
    {
        let size = photo.wholeSize
        let rect = mode.placement(
            ofWidth: size.width, height: size.height,
            in: PixelRect(x: -width / 2, y: -height / 2, width: width, height: height))
        let (sx, sy) = (Double(size.width) / rect.width, Double(size.height) / rect.height)
        // Every footprint is at least min(sx, sy)/scale texels wide: levels below that are never read.
        let finest = scale > 0 ? min(sx, sy) / scale : 1
        let base = Int(PhotoSampler.level(squaredSize: finest * finest))
        return PlanePhoto(
            pyramid: try MipPyramid(photo, base: base), left: rect.x, top: rect.y, right: rect.maxX,
            bottom: rect.maxY, sx: sx, sy: sy)
    }

    /// Prepares and paints `placement` in one step (see `prepare` and `paint(_:into:rows:canvasWidth:)`).
    public func paint(
        _ placement: ProjectedPlacement, photo: PhotoPart?, into pixels: UnsafeMutableBufferPointer<SIMD4<Float>>,
        rows: Range<Int>, canvasWidth: Int, canvasHeight: Int
    ) throws(OutOfMemory) {
        let prepared = try prepare(placement, photo: photo, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        paint(prepared, into: pixels, rows: rows, canvasWidth: canvasWidth)
    }
}
