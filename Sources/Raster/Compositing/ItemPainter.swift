import GalleryCore

/// Draws one item onto a canvas: the photo over the placeholder, masked to the item's shape at its
/// exact sub-pixel position, with the border ring inside the edge, composited source-over.
///
/// Per pixel, with outer and inner the coverages of the shape and of the shape inset by the border:
/// item = inner·(photo·p + placeholder·(1 − photoAlpha·p)) + (outer − inner)·border, where p is the
/// coverage of the photo's rectangle (1 except at aspect-fit letterbox edges); a fading item's is
/// then multiplied by the placement's alpha; canvas = item + canvas·(1 − itemAlpha). All premultiplied.
public struct ItemPainter: Sendable {
    public var style: ItemStyle
    public var resampler: Resampler

    public init(style: ItemStyle, resampler: Resampler = Resampler()) {
        self.style = style
        self.resampler = resampler
    }

    /// The item's rectangle in frame pixels and its scale (for corner radius and border).
    public struct Placement: Sendable, Hashable {
        public var rect: PixelRect
        /// Pixels per point for this item: its layout scale times the display scale.
        public var pixelsPerPoint: Double
        /// How opaque the item is drawn, 0…1: its coverage is multiplied by this (a fading item).
        public var alpha: Float

        public init(rect: PixelRect, pixelsPerPoint: Double, alpha: Float = 1) {
            self.rect = rect
            self.pixelsPerPoint = pixelsPerPoint
            self.alpha = alpha
        }
    }

    /// The frame pixels an item touches on a `width`×`height` canvas.
    public static func bounds(of placement: Placement, width: Int, height: Int) -> (x: Range<Int>, y: Range<Int>) {
        placement.rect.pixelBounds(clippedTo: width, height)
    }

    /// The photo resampled for `placement`: premultiplied pixels over the item's bounds, plus where the
    /// photo's rectangle lies; nil when the part lacks pixels the item shows (it must hold
    /// `sourceRegion`); throws when memory for it cannot be had. Pure, so items can be prepared in parallel and painted in order. With `rows`, only the item's pixels in those frame rows: the bands of an
    /// item's rows, concatenated in order, are exactly the whole.
    /// Only pixels the item's outline covers are computed (`outline` is worked out when not given);
    /// the others, never painted, stay zero.
    public func prepare(
        photo: PhotoPart, for placement: Placement, canvasWidth: Int, canvasHeight: Int, rows: Range<Int>? = nil,
        outline: Outline? = nil
    ) throws(OutOfMemory) -> PreparedPhoto? {
        let bounds = Self.bounds(of: placement, width: canvasWidth, height: canvasHeight)
        let size = photo.wholeSize
        let rect = style.contentMode.placement(ofWidth: size.width, height: size.height, in: placement.rect)
        let band = rows.map { bounds.y.clamped(to: $0) } ?? bounds.y
        let outline = outline ?? self.outline(of: placement, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        return try resampler.resample(
            photo, placement: rect, columns: bounds.x, rows: band, spans: band.map(outline.columns(inRow:))
        ).map { PreparedPhoto(pixels: $0, rect: rect) }
    }

    /// The pixels of a `size` photo the item at `placement` shows on a `canvasWidth` × `canvasHeight`
    /// frame, filter support included: all a decode must produce for this item (empty when none).
    public func sourceRegion(ofPhoto size: PixelSize, for placement: Placement, canvasWidth: Int, canvasHeight: Int)
        -> ImageRegion
    {
        let bounds = Self.bounds(of: placement, width: canvasWidth, height: canvasHeight)
        let rect = style.contentMode.placement(ofWidth: size.width, height: size.height, in: placement.rect)
        return resampler.sourceRegion(of: size, placement: rect, columns: bounds.x, rows: bounds.y)
    }

    /// A photo ready to paint: premultiplied pixels over the item's bounds and the photo's rectangle.
    public struct PreparedPhoto: Sendable {
        public var pixels: [SIMD4<Float>]
        public var rect: PixelRect

        public init(pixels: [SIMD4<Float>], rect: PixelRect) {
            self.pixels = pixels
            self.rect = rect
        }
    }

    /// An item's shape on one frame: the pixels it touches and its coverage profiles, worked out
    /// once and then painted band by band.
    public struct Outline: Sendable {
        /// The frame pixels the item touches.
        public var bounds: (x: Range<Int>, y: Range<Int>)
        let outer: RoundedRect.ColumnProfile
        /// The shape inset by the border; nil without a border.
        let inner: RoundedRect.ColumnProfile?
        /// The placement's alpha.
        let alpha: Float

        /// The part of this outline within frame rows `rows`: painting every part of an item, each
        /// with its own rows' pixels, paints exactly the whole.
        public func clipped(toRows rows: Range<Int>) -> Outline {
            var part = self
            part.bounds.y = bounds.y.clamped(to: rows)
            return part
        }

        /// The frame columns of row `y` with any coverage (a superset where a pixel's sub-columns
        /// all miss): the shape is convex, so they are one run.
        public func columns(inRow y: Int) -> Range<Int> {
            let count = bounds.x.count
            var first = 0, last = count - 1
            while first < count, !outer.mayCover(column: first, row: y) { first += 1 }
            while last > first, !outer.mayCover(column: last, row: y) { last -= 1 }
            return first < count
                ? bounds.x.lowerBound + first..<bounds.x.lowerBound + last + 1
                : bounds.x.lowerBound..<bounds.x.lowerBound
        }
    }

    /// The outline of the item at `placement` on a `canvasWidth` × `canvasHeight` frame: a circle is
    /// the ellipse inscribed in the item's rectangle, a rounded card's radius at most its half sides.
    public func outline(of placement: Placement, canvasWidth: Int, canvasHeight: Int) -> Outline {
        let bounds = Self.bounds(of: placement, width: canvasWidth, height: canvasHeight)
        let rect = placement.rect
        let (a, b) = (rect.width / 2, rect.height / 2)
        let (rx, ry): (Double, Double)
        switch style.shape {
        case .circle: (rx, ry) = (a, b)
        case .rounded(let radius):
            let r = min(radius * placement.pixelsPerPoint, a, b)
            (rx, ry) = (r, r)
        }
        let shape = RoundedRect(
            centerX: rect.centerX, centerY: rect.centerY, halfWidth: a, halfHeight: b, radiusX: rx, radiusY: ry)
        let border = style.borderWidth * placement.pixelsPerPoint
        return Outline(
            bounds: bounds, outer: shape.columnProfile(columns: bounds.x),
            inner: border > 0 ? shape.inset(by: border).columnProfile(columns: bounds.x) : nil,
            alpha: min(max(placement.alpha, 0), 1))
    }

    /// Paints the part of an item within `rows` into `pixels`, which holds exactly those rows of a
    /// `canvasWidth`-wide frame (premultiplied, row-major); `photo` nil draws the placeholder alone.
    /// Painting every band of a frame gives exactly what painting the whole canvas does.
    public func paint(
        _ outline: Outline, photo: PreparedPhoto?, into pixels: UnsafeMutableBufferPointer<SIMD4<Float>>,
        rows: Range<Int>, canvasWidth: Int
    ) {
        let bounds = outline.bounds
        let paintedRows = bounds.y.clamped(to: rows)
        guard !bounds.x.isEmpty, !paintedRows.isEmpty, outline.alpha > 0 else { return }
        let alpha = outline.alpha
        // Pixels for exactly the item's bounds, or none.
        let photo = photo.flatMap { $0.pixels.count == bounds.x.count * bounds.y.count ? $0 : nil }
        let (outer, inner) = (outline.outer, outline.inner ?? outline.outer)
        let hasBorder = outline.inner != nil
        let placeholder = style.placeholder.premultiplied
        let borderColor = style.borderColor.premultiplied
        let width = bounds.x.count

        let photoColumnCoverage = photo.map { photo in bounds.x.map { rectCoverage(photo.rect.x, photo.rect.maxX, $0) }
        }
        // Every value below is ≥ +0 (colours are clamped, coverages are fractions), so where a blend
        // weight is exactly 1 or 0 the shortcuts give the blend's exact bits without its divisions.
        for y in paintedRows {
            let r = y - bounds.y.lowerBound
            let photoRowCoverage = photo.map { rectCoverage($0.rect.y, $0.rect.maxY, y) } ?? 0
            for (c, x) in bounds.x.enumerated() {
                let outerCoverage = outer.coverage(column: c, row: y)
                if outerCoverage == 0 { continue }
                let innerCoverage = hasBorder ? inner.coverage(column: c, row: y) : outerCoverage
                var content = placeholder
                if let photo, let photoColumnCoverage {
                    let p = PhotoCoverage.within(innerCoverage, photoRowCoverage * photoColumnCoverage[c])
                    if p > 0 {
                        var value = photo.pixels[r * width + c]
                        value.w = min(max(value.w, 0), 255)
                        value = SIMD4(
                            min(max(value.x, 0), value.w), min(max(value.y, 0), value.w),
                            min(max(value.z, 0), value.w),
                            value.w)
                        content =
                            p == 1 && value.w == 255 ? value : value * p + placeholder * (1 - value.w / 255 * p)
                    }
                }
                var item =
                    innerCoverage == 1 && outerCoverage == 1
                    ? content : content * innerCoverage + borderColor * (outerCoverage - innerCoverage)
                if alpha < 1 { item *= alpha }
                let index = (y - rows.lowerBound) * canvasWidth + x
                pixels[index] = item.w == 255 ? item : item + pixels[index] * (1 - item.w / 255)
            }
        }
    }

    /// Fraction of pixel `[i, i + 1)` inside `[low, high)`.
    @inline(__always)
    private func rectCoverage(_ low: Double, _ high: Double, _ i: Int) -> Float {
        Float(max(0, min(high, Double(i) + 1) - max(low, Double(i))))
    }
}
