extension ProjectedItemPainter {
    /// Paints the part of `prepared` within frame rows `rows` into `pixels`, which holds exactly those
    /// rows of a `canvasWidth`-wide frame (premultiplied, channels 0…255, row-major). Every pixel
    /// depends only on the item and that pixel, so painting every band gives exactly the whole.
    ///
    /// `hiddenBy` are opaque items drawn after this one (`Prepared.isOpaque`): the pixels wholly inside
    /// any of them are left alone, as whatever is painted there is covered (a cover flow's stacked
    /// side items: a 61-frame @2x cover-flow fling 1.91 → 1.73 s, measured).
    public func paint(
        _ prepared: Prepared, into pixels: UnsafeMutableBufferPointer<SIMD4<Float>>, rows: Range<Int>,
        canvasWidth: Int, hiddenBy occluders: [Prepared] = []
    ) {
        let paintedRows = prepared.bounds.y.clamped(to: rows)
        guard let homography = prepared.homography, let outer = prepared.outer, prepared.alpha > 0,
            !prepared.bounds.x.isEmpty, !paintedRows.isEmpty, pixels.count >= rows.count * canvasWidth
        else { return }
        let pyramid = prepared.photo?.pyramid
        let width = pyramid == nil ? 0 : prepared.bounds.x.count
        var positions = [SIMD2<Double>](repeating: .zero, count: width)
        var groups = [Footprint](repeating: .zero, count: width == 0 ? 0 : width / 4 + 2)
        (pyramid?.texels ?? []).withUnsafeBufferPointer { texels in
            (pyramid?.levels ?? []).withUnsafeBufferPointer { levels in
                positions.withUnsafeMutableBufferPointer { positions in
                    groups.withUnsafeMutableBufferPointer { groups in
                        let painter = PixelPainter(
                            prepared, homography: homography, outer: outer,
                            sampler: levels.isEmpty ? nil : PhotoSampler(texels: texels, levels: levels))
                        let scratch = Scratch(positions: positions, groups: groups)
                        var hidden = HiddenColumns(occluders)
                        for y in paintedRows {
                            painter.row(
                                y, of: prepared, into: pixels, at: (y - rows.lowerBound) * canvasWidth, scratch,
                                hidden: &hidden)
                        }
                    }
                }
            }
        }
    }

    /// `item` composited over `canvas`, premultiplied.
    @inline(__always)
    static func over(_ item: SIMD4<Float>, _ canvas: SIMD4<Float>) -> SIMD4<Float> {
        item.w == 255 ? item : item + canvas * (1 - item.w / 255)
    }

    /// Calls `body` with the runs of `columns` outside every one of `hidden`, left to right, without
    /// allocating (a row of a cover flow's side item is cut by up to seven items before it).
    @inline(__always)
    static func forEachRun(of columns: Range<Int>, without hidden: [Range<Int>], _ body: (Range<Int>) -> Void) {
        var start = columns.lowerBound
        while start < columns.upperBound {
            // Past every cut that holds `start`, then up to the nearest cut after it.
            var moved = true
            while moved {
                moved = false
                for cut in hidden where cut.contains(start) { (start, moved) = (cut.upperBound, true) }
            }
            guard start < columns.upperBound else { return }
            var end = columns.upperBound
            for cut in hidden where !cut.isEmpty && cut.lowerBound > start { end = min(end, cut.lowerBound) }
            body(start..<end)
            start = end
        }
    }
}

/// The columns opaque items drawn later cover wholly, row by row: one array, refilled for each row.
struct HiddenColumns {
    private let occluders: [ProjectedItemPainter.Prepared]
    private var cuts: [Range<Int>] = []

    init(_ occluders: [ProjectedItemPainter.Prepared]) {
        self.occluders = occluders
        cuts.reserveCapacity(occluders.count)
    }

    /// Calls `body` with the runs of `columns` in frame row `y` that no occluder covers wholly.
    @inline(__always)
    mutating func forEachShown(_ columns: Range<Int>, inRow y: Int, _ body: (Range<Int>) -> Void) {
        cuts.removeAll(keepingCapacity: true)
        for occluder in occluders {
            let cut = occluder.interior.interiorColumns(inRow: y)
            if !cut.isEmpty { cuts.append(cut) }
        }
        ProjectedItemPainter.forEachRun(of: columns, without: cuts, body)
    }
}

/// A row's worth of room for the interior's two passes: texel positions per pixel, footprints per
/// group of four.
private struct Scratch {
    let positions: UnsafeMutableBufferPointer<SIMD2<Double>>
    let groups: UnsafeMutableBufferPointer<Footprint>
}

/// One item's per-pixel work, with everything it reads held in place for the loop.
private struct PixelPainter {
    let homography: ItemHomography
    let outer: PlaneMask
    let inner: PlaneMask?
    let hasBorder: Bool
    let sampler: PhotoSampler?
    /// The photo's rectangle in the item's plane (points) and its texels per point.
    let left, top, right, bottom, sx, sy: Double
    let placeholder, borderColor: SIMD4<Float>
    let alpha: Float
    let photoCoversItem: Bool

    init(
        _ prepared: ProjectedItemPainter.Prepared, homography: ItemHomography, outer: PlaneMask,
        sampler: PhotoSampler?
    ) {
        (self.homography, self.outer, self.sampler) = (homography, outer, sampler)
        (inner, hasBorder) = (prepared.inner, prepared.hasBorder)
        let photo = prepared.photo
        (left, top, right, bottom) = (photo?.left ?? 0, photo?.top ?? 0, photo?.right ?? 0, photo?.bottom ?? 0)
        (sx, sy) = (photo?.sx ?? 0, photo?.sy ?? 0)
        photoCoversItem = photo?.coversItem ?? false
        (placeholder, borderColor, alpha) = (prepared.placeholder, prepared.borderColor, prepared.alpha)
    }

    /// Paints frame row `y`, which starts at `row` in `pixels`, but for the columns `hidden`: its
    /// pixels wholly inside the item through `interior`, the others, along the edges, one by one.
    @inline(__always)
    func row(
        _ y: Int, of prepared: ProjectedItemPainter.Prepared, into pixels: UnsafeMutableBufferPointer<SIMD4<Float>>,
        at row: Int, _ scratch: Scratch, hidden: inout HiddenColumns
    ) {
        let columns = prepared.polygon.columns(inRow: y).clamped(to: prepared.bounds.x)
        let interior = prepared.interior.interiorColumns(inRow: y).clamped(to: columns)
        hidden.forEachShown(columns, inRow: y) { shown in
            let inside = interior.clamped(to: shown)
            if inside.isEmpty {
                edges(shown, y, into: pixels, at: row)
            } else {
                edges(shown.lowerBound..<inside.lowerBound, y, into: pixels, at: row)
                edges(inside.upperBound..<shown.upperBound, y, into: pixels, at: row)
            }
            self.interior(inside, y, into: pixels, at: row, scratch: scratch)
        }
    }

    /// Paints `columns` of row `y` one pixel at a time, with the edge's coverage.
    @inline(__always)
    func edges(_ columns: Range<Int>, _ y: Int, into pixels: UnsafeMutableBufferPointer<SIMD4<Float>>, at row: Int) {
        for x in columns {
            guard let item = edge(x, y) else { continue }
            pixels[row + x] = ProjectedItemPainter.over(item, pixels[row + x])
        }
    }

    /// Paints `columns` of row `y`, pixels wholly inside the shape and the photo: the photo over the
    /// placeholder. Groups of four pixels aligned in the frame share the footprint at their centre
    /// (it varies by thousandths of a level across them); a first pass works out every pixel's
    /// position and every group's footprint (a division and a root each), a second reads the texels,
    /// so that loads need not wait on roots.
    @inline(__always)
    func interior(
        _ columns: Range<Int>, _ y: Int, into pixels: UnsafeMutableBufferPointer<SIMD4<Float>>, at row: Int,
        scratch: Scratch
    ) {
        guard let sampler else {
            let item = alpha < 1 ? placeholder * alpha : placeholder
            for x in columns { pixels[row + x] = ProjectedItemPainter.over(item, pixels[row + x]) }
            return
        }
        guard !columns.isEmpty else { return }
        let fy = Double(y) + 0.5
        positions(columns, fy, into: scratch.positions)
        let groups = columns.lowerBound >> 2..<((columns.upperBound - 1) >> 2) + 1
        for g in groups {
            scratch.groups[g - groups.lowerBound] =
                homography.backward(Double(g << 2) + 2, fy).map {
                    sampler.footprint(($0.x - left) * sx, ($0.y - top) * sy, $0.texels(sx: sx, sy: sy))
                } ?? Footprint(tx: 0, ty: 0, axisX: 0, axisY: 0, level: 0, mix: 0, count: 0)
        }
        for g in groups {
            var footprint = scratch.groups[g - groups.lowerBound]
            for x in max(g << 2, columns.lowerBound)..<min((g << 2) + 4, columns.upperBound) {
                let position = scratch.positions[x - columns.lowerBound]
                guard position.x.isFinite, position.y.isFinite else { continue }
                let value: SIMD4<Float>
                if footprint.count > 0 {
                    (footprint.tx, footprint.ty) = (position.x, position.y)
                    value = sampler.read(footprint)
                } else if let point = homography.backward(Double(x) + 0.5, fy) {
                    value = sampler.filtered(position.x, position.y, point.texels(sx: sx, sy: sy))
                } else {
                    continue
                }
                let clamped = Self.clamped(value)
                var content = clamped.w == 255 ? clamped : clamped + placeholder * (1 - clamped.w / 255)
                if alpha < 1 { content *= alpha }
                pixels[row + x] = ProjectedItemPainter.over(content, pixels[row + x])
            }
        }
    }

    /// The texel position every pixel centre of `columns` in the row at `fy` shows (NaN where it
    /// sees nothing), four at a time: the backward map's rows summed in the same order in every lane.
    @inline(__always)
    private func positions(
        _ columns: Range<Int>, _ fy: Double, into positions: UnsafeMutableBufferPointer<SIMD2<Double>>
    ) {
        let h = homography
        let (c1, c2, c3) = (fy * h.g21 + h.g31, fy * h.g22 + h.g32, fy * h.g23 + h.g33)
        var x = columns.lowerBound
        while x < columns.upperBound {
            let fx = Double(x) + SIMD4(0.5, 1.5, 2.5, 3.5)
            let q3 = fx * h.g13 + c3
            let r = 1 / q3
            let tx = ((fx * h.g11 + c1) * r - left) * sx
            let ty = ((fx * h.g12 + c2) * r - top) * sy
            for lane in 0..<min(4, columns.upperBound - x) {
                positions[x + lane - columns.lowerBound] =
                    q3[lane] > 0 ? SIMD2(tx[lane], ty[lane]) : SIMD2(.nan, .nan)
            }
            x += 4
        }
    }

    /// A filtered value held to a premultiplied colour: means of premultiplied pixels are, but for
    /// rounding in their last bits.
    @inline(__always)
    static func clamped(_ value: SIMD4<Float>) -> SIMD4<Float> {
        let alpha = min(max(value.w, 0), 255)
        return pointwiseMin(pointwiseMax(value, .zero), SIMD4(alpha, alpha, alpha, alpha))
    }

    /// The item over frame pixel (x, y) anywhere: `ItemPainter`'s formula from the coverages there;
    /// nil where it has none.
    @inline(__always)
    func edge(_ x: Int, _ y: Int) -> SIMD4<Float>? {
        guard let point = homography.backward(Double(x) + 0.5, Double(y) + 0.5) else { return nil }
        let outerCoverage = Float(outer.coverage(point))
        if outerCoverage == 0 { return nil }
        let innerCoverage = hasBorder ? min(Float(inner?.coverage(point) ?? 0), outerCoverage) : outerCoverage
        var content = placeholder
        if let sampler, innerCoverage > 0 {
            let p =
                photoCoversItem
                ? 1
                : PhotoCoverage.within(
                    innerCoverage,
                    Float(
                        EdgeCoverage.of(min(point.x - left, right - point.x), point.xdx, point.xdy)
                            * EdgeCoverage.of(min(point.y - top, bottom - point.y), point.ydx, point.ydy)))
            if p > 0 {
                let value = Self.clamped(
                    sampler.filtered((point.x - left) * sx, (point.y - top) * sy, point.texels(sx: sx, sy: sy)))
                content = p == 1 && value.w == 255 ? value : value * p + placeholder * (1 - value.w / 255 * p)
            }
        }
        var item =
            innerCoverage == 1 && outerCoverage == 1
            ? content : content * innerCoverage + borderColor * (outerCoverage - innerCoverage)
        if alpha < 1 { item *= alpha }
        return item
    }
}
