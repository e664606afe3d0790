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
        /// The frame part the shape's enclosing polygon covers (`PlaneMask.enclosingHalfPlanes`), as
        /// `hidden` and `readRegion` take it: a pixel outside it shows nothing of the item. A round
        /// card's corners are not worked out pixel by pixel (the bench's @2x cover-flow frame: 6,590
        /// edge pixels, not 73,534), nor given the first-order coverage of an edge they do not touch.
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

        /// Whether every pixel wholly inside `interior` is painted opaque: the item at full alpha, its
        /// photo (or placeholder) without transparency.
        public var isOpaque: Bool {
            homography != nil && alpha >= 1 && placeholder.w == 255 && (photo?.pyramid.isOpaque ?? true)
        }
    }

    /// A photo in the item's plane: its pyramid and where its rectangle lies, in points.
    struct PlanePhoto: Sendable {
        let pyramid: MipPyramid
        let left, top, right, bottom: Double
        /// Texels (whole-photo pixels) per point along x and y.
        let sx, sy: Double
        /// Whether the rectangle holds the item's whole bounds (aspect fill, fill, a matching aspect):
        /// then no placeholder shows anywhere, whatever the first-order edge coverages say (found by
        /// review: an ellipse's edge beside the photo's, each worked out on its own, let 57 levels of
        /// the placeholder through).
        let coversItem: Bool
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
    public static func sourceScale(of placement: ProjectedPlacement, canvasWidth: Int, canvasHeight: Int) -> Double {
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
        try prepare(
            placement, photo: photo, canvasWidth: canvasWidth, canvasHeight: canvasHeight,
            pyramids: PyramidSource<Never>?.none)
    }

    /// As `prepare(_:photo:canvasWidth:canvasHeight:)`, the photo's pyramid taken from `pyramids` when
    /// it holds it (and left there when not).
    public func prepare<PhotoID>(
        _ placement: ProjectedPlacement, photo: PhotoPart?, canvasWidth: Int, canvasHeight: Int,
        pyramids: PyramidSource<PhotoID>?
    ) throws(OutOfMemory) -> Prepared {
        let homography = ItemHomography(placement)
        let rectangle = FramePolygon(placement, canvasWidth: canvasWidth, height: canvasHeight)
        let (w, h) = (placement.width, placement.height)
        let outer = PlaneMask(style.shape, width: w, height: h)
        let polygon = FramePolygon(
            homography, inside: outer?.enclosingHalfPlanes ?? [], canvasWidth: canvasWidth, height: canvasHeight)
        let border = max(style.borderWidth, 0)
        let inner = innerShape(width: w, height: h)
        let bounds = outer == nil ? (x: 0..<0, y: 0..<0) : rectangle.pixelBounds
        var planePhoto: PlanePhoto?
        if let photo, !bounds.x.isEmpty, photo.image.width == photo.region.x.count,
            photo.image.height == photo.region.y.count, !photo.region.isEmpty
        {
            let scale = Self.sourceScale(of: placement, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
            planePhoto = try self.planePhoto(
                photo, width: w, height: h, shift: (placement.contentOffsetX, placement.contentOffsetY), scale: scale,
                pyramids: pyramids)
        }
        let interior = Self.interior(
            homography, inner: inner, photo: planePhoto.map { ($0.left, $0.top, $0.right, $0.bottom) },
            canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        return Prepared(
            bounds: bounds, homography: homography, polygon: polygon, interior: interior, outer: outer, inner: inner,
            hasBorder: border > 0, photo: planePhoto, alpha: min(max(placement.alpha, 0), 1),
            placeholder: style.placeholder.premultiplied, borderColor: style.borderColor.premultiplied)
    }

    /// The photo's rectangle in a `width` × `height` item's plane (points about its centre): placed by
    /// `mode`, as the 2D path places it, then moved by `shift` (a parallax card's content offset).
    static func photoRect(
        of size: PixelSize, width: Double, height: Double, shift: (x: Double, y: Double), mode: ContentMode
    ) -> PixelRect {
        var rect = mode.placement(
            ofWidth: size.width, height: size.height,
            in: PixelRect(x: -width / 2, y: -height / 2, width: width, height: height))
        (rect.x, rect.y) = (rect.x + shift.x, rect.y + shift.y)
        return rect
    }

    /// Photo pixels read beyond the part of it an item shows (`sourceRegion`).
    static let sourceMargin = 2

    /// The pixels of a `size` photo inside a `width` × `height` item as `style.contentMode` places it,
    /// and `sourceMargin` more on each side: all of them, but what aspect fill crops off (a 4:3 photo
    /// on a square card: its middle three quarters). The item's pyramid is built from these alone, so
    /// its pixels depend on the item, not on how much more of the photo a decode holds; a decode needs
    /// no more of the photo. The margin gives the edge texels their neighbours, as the 2D path's filter
    /// reads them (without it a frontal rounded card's edge is 1.58 levels off the 2D path's, past
    /// ProjectedItemPainterTests' 1.5).
    public func sourceRegion(
        ofPhoto size: PixelSize, width: Double, height: Double, shift: (x: Double, y: Double) = (0, 0)
    ) -> ImageRegion {
        let rect = Self.photoRect(of: size, width: width, height: height, shift: shift, mode: style.contentMode)
        guard rect.width > 0, rect.height > 0 else { return ImageRegion(whole: size) }
        // Within 1e-9 of a whole pixel, that pixel edge (33.33… pt × 1.5 is 49.999999…, not 49).
        func pixels(_ low: Double, _ high: Double, from origin: Double, per scale: Double, count: Int) -> Range<Int> {
            let margin = Double(Self.sourceMargin)
            let first = Int(min(max(((low - origin) * scale + 1e-9).rounded(.down) - margin, 0), Double(count)))
            let last = Int(min(max(((high - origin) * scale - 1e-9).rounded(.up) + margin, 0), Double(count)))
            return first..<max(first, last)
        }
        return ImageRegion(
            x: pixels(-width / 2, width / 2, from: rect.x, per: Double(size.width) / rect.width, count: size.width),
            y: pixels(-height / 2, height / 2, from: rect.y, per: Double(size.height) / rect.height, count: size.height)
        )
    }

    /// The photo placed by `mode` in a `width` × `height` item (as `ContentMode.placement` places it
    /// for the 2D path), its pyramid built from `sourceRegion` and starting at the finest level a
    /// pixel reads at magnification `scale` (frame pixels per point).
    private func planePhoto<PhotoID>(
        _ photo: PhotoPart, width: Double, height: Double, shift: (x: Double, y: Double), scale: Double,
        pyramids: PyramidSource<PhotoID>?
    ) throws(OutOfMemory) -> PlanePhoto? {
        let size = photo.wholeSize
        let rect = Self.photoRect(of: size, width: width, height: height, shift: shift, mode: style.contentMode)
        let (sx, sy) = (Double(size.width) / rect.width, Double(size.height) / rect.height)
        let base = Self.baseLevel(sx: sx, sy: sy, scale: scale)
        // The pixels the item shows that the decode holds: all of them, or, where items in front of it
        // cover part of it, those its shown pixels read (`readRegion`) and maybe more; a pixel it
        // shows reads the same texels from this pyramid as from the whole photo's.
        let used = sourceRegion(ofPhoto: size, width: width, height: height, shift: shift).clamped(to: photo.region)
        guard !used.isEmpty else { return nil }
        let build = { () throws(OutOfMemory) in try MipPyramid(photo, region: used, base: base) }
        let pyramid: MipPyramid
        if let pyramids {
            pyramid = try pyramids.cache.pyramid(pyramids.photo, region: used, base: base, build: build)
        } else {
            pyramid = try build()
        }
        // Within a millionth of a point: an exact fit computed a last bit short still covers.
        let slack = 1e-6
        let covers =
            rect.x <= -width / 2 + slack && rect.y <= -height / 2 + slack && rect.maxX >= width / 2 - slack
            && rect.maxY >= height / 2 - slack
        return PlanePhoto(
            pyramid: pyramid, left: rect.x, top: rect.y, right: rect.maxX,
            bottom: rect.maxY, sx: sx, sy: sy, coversItem: covers)
    }

    /// The shape inset by the border (the shape itself without one); nil when the border fills it.
    func innerShape(width: Double, height: Double) -> PlaneMask? {
        let border = max(style.borderWidth, 0)
        return PlaneMask(style.shape, width: width, height: height, inset: border > 0 ? border : 0)
    }

    /// Where a pixel wholly inside is wholly the photo (or placeholder): inside `inner`'s core and
    /// `photo`'s rectangle (its edges in item points), when there is a photo; nowhere when the border
    /// fills the shape (`inner` nil).
    static func interior(
        _ homography: ItemHomography?, inner: PlaneMask?,
        photo: (left: Double, top: Double, right: Double, bottom: Double)?, canvasWidth: Int, canvasHeight: Int
    ) -> FramePolygon {
        guard let inner else { return FramePolygon(points: []) }
        var core = inner.coreHalfPlanes
        if let p = photo { core += [(1, 0, -p.left), (-1, 0, p.right), (0, 1, -p.top), (0, -1, p.bottom)] }
        return FramePolygon(homography, inside: core, canvasWidth: canvasWidth, height: canvasHeight)
    }

    /// The finest pyramid level a pixel of a photo drawn `sx` × `sy` texels per point reads at
    /// magnification `scale` (frame pixels per point): every footprint is at least min(sx, sy)/scale
    /// texels wide, and levels below that are never read.
    static func baseLevel(sx: Double, sy: Double, scale: Double) -> Int {
        let finest = scale > 0 ? min(sx, sy) / scale : 1
        return Int(PhotoSampler.level(squaredSize: finest * finest))
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
