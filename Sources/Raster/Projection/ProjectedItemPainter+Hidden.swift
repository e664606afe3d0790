/// Which 3D items paint no pixel of a frame, told from the geometry alone, before any photo is read:
/// a cover flow's outer side items lie wholly under the items in front of them (2 of the 8 the bench's
/// frame draws), and decoding their photos was a fifth of the frame's time (298 → 242 ms, static
/// builds side by side in `Bench/run.py --only CF --baseline`).
///
/// It must never call an item hidden that `paint` would draw a pixel of, so it is conservative where
/// `paint` is exact. `paint` leaves alone the pixels inside an opaque later item's `interior` (the
/// inner shape's core, cut to the photo's rectangle); here an occluder counts only when it is opaque
/// whatever its photo holds (full alpha, an opaque placeholder, a photo known to decode opaque or
/// none, no border, a photo covering the card: aspect fill or fill, not moved), and only the columns
/// inside its core in the row and in both rows beside it, less one column at each end, are taken as
/// covered: the same region up to rounding, with a pixel to spare.
extension ProjectedItemPainter {
    /// One item of a frame, in draw order, as the test needs it: where it goes, and whether it may
    /// hide what is under it (`opaquePhoto`: its photo, if any, decodes without transparency).
    public struct Cover: Sendable {
        public var placement: ProjectedPlacement
        public var opaquePhoto: Bool

        public init(placement: ProjectedPlacement, opaquePhoto: Bool) {
            (self.placement, self.opaquePhoto) = (placement, opaquePhoto)
        }
    }

    /// The positions among `items` (in draw order; nil for a flat item, which neither hides nor is
    /// told hidden) of the 3D items that paint no pixel of a `canvasWidth` × `canvasHeight` frame.
    public func hidden(_ items: [Cover?], canvasWidth: Int, canvasHeight: Int) -> Set<Int> {
        var hidden: Set<Int> = []
        var occluders: [[Range<Int>]] = []
        for position in items.indices.reversed() {
            guard let item = items[position] else { continue }
            let bounds = FramePolygon(item.placement, canvasWidth: canvasWidth, height: canvasHeight).pixelBounds
            let shape = PlaneMask(style.shape, width: item.placement.width, height: item.placement.height)
            let homography = ItemHomography(item.placement)
            if let shape, homography != nil, item.placement.alpha > 0 {
                let outline = FramePolygon(
                    homography, inside: shape.enclosingHalfPlanes, canvasWidth: canvasWidth, height: canvasHeight)
                if Self.covered(outline, within: bounds, by: occluders) { hidden.insert(position) }
            } else {
                hidden.insert(position)
            }
            if hidesWhatIsUnder(item),
                let covered = coveredColumns(by: item.placement, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
            {
                occluders.append(covered)
            }
        }
        return hidden
    }

    /// Whether `item` hides what is under it whatever its photo holds (its core's columns, as
    /// `coveredColumns(by:)` takes them).
    public func hidesWhatIsUnder(_ item: Cover) -> Bool {
        let p = item.placement
        return ItemHomography(p) != nil && p.alpha >= 1 && item.opaquePhoto && style.borderWidth <= 0
            && style.placeholder.premultiplied.w == 255 && style.contentMode != .aspectFit
            && p.contentOffsetX == 0 && p.contentOffsetY == 0
    }

    /// Per frame row, the columns taken as covered by an item that hides what is under it
    /// (`hidesWhatIsUnder`) placed at `placement`; nil when its shape has no core.
    func coveredColumns(by placement: ProjectedPlacement, canvasWidth: Int, canvasHeight: Int) -> [Range<Int>]? {
        guard let shape = PlaneMask(style.shape, width: placement.width, height: placement.height),
            let homography = ItemHomography(placement)
        else { return nil }
        let core = shape.coreHalfPlanes
        guard !core.isEmpty else { return nil }
        let interior = FramePolygon(homography, inside: core, canvasWidth: canvasWidth, height: canvasHeight)
        return Self.coveredColumns(of: interior, width: canvasWidth, rows: canvasHeight)
    }

    /// Per frame row, the columns taken as covered by an occluder whose core shows as `interior` on a
    /// `width` × `rows` canvas: those inside it in the row and in the rows beside it on the canvas,
    /// less one column at each end but the canvas's own edges (the canvas cuts both alike).
    private static func coveredColumns(of interior: FramePolygon, width: Int, rows: Int) -> [Range<Int>] {
        let within = interior.pixelBounds.y.clamped(to: 0..<rows)
        var inside = [Range<Int>](repeating: 0..<0, count: rows)
        for y in within { inside[y] = interior.interiorColumns(inRow: y) }
        return (0..<rows).map { y in
            guard within.contains(y) else { return 0..<0 }
            let near = inside[max(y - 1, 0)].clamped(to: inside[y]).clamped(to: inside[min(y + 1, rows - 1)])
            guard !near.isEmpty else { return 0..<0 }
            let low = near.lowerBound <= 0 ? near.lowerBound : near.lowerBound + 1
            let high = near.upperBound >= width ? near.upperBound : near.upperBound - 1
            return low < high ? low..<high : 0..<0
        }
    }

    /// Whether every pixel an item whose outline shows as `outline` may give coverage to lies in the
    /// covered columns of `occluders` (`forEachShownRun` finds none).
    private static func covered(
        _ outline: FramePolygon, within bounds: (x: Range<Int>, y: Range<Int>), by occluders: [[Range<Int>]]
    ) -> Bool {
        var shows = false
        forEachShownRun(of: outline, within: bounds, coveredBy: occluders) { _, _ in
            shows = true
            return false
        }
        return !shows
    }

    /// Calls `body` with each row and run of the pixels an item whose outline shows as `outline` may
    /// give coverage to, outside the covered columns of `occluders`, until it returns false: the
    /// columns `outline` touches in the row or two rows either side, and two more at each end (an
    /// edge's anti-aliasing reaches under a pixel past it), within `bounds`, the pixels `paint` looks at.
    static func forEachShownRun(
        of outline: FramePolygon, within bounds: (x: Range<Int>, y: Range<Int>), coveredBy occluders: [[Range<Int>]],
        _ body: (Int, Range<Int>) -> Bool
    ) {
        let reach = 2
        guard let first = bounds.y.first, let last = bounds.y.last else { return }
        let touched = (first - reach...last + reach).map(outline.columns(inRow:))
        var cuts: [Range<Int>] = []
        for y in bounds.y {
            var (low, high) = (Int.max, Int.min)
            for columns in touched[(y - first)...(y - first + 2 * reach)] where !columns.isEmpty {
                (low, high) = (min(low, columns.lowerBound), max(high, columns.upperBound))
            }
            guard low < high else { continue }
            let columns = (low - reach..<high + reach).clamped(to: bounds.x)
            guard !columns.isEmpty else { continue }
            cuts.removeAll(keepingCapacity: true)
            for occluder in occluders where occluder.indices.contains(y) && !occluder[y].isEmpty {
                cuts.append(occluder[y])
            }
            var going = true
            ProjectedItemPainter.forEachRun(of: columns, without: cuts) { run in
                if going { going = body(y, run) }
            }
            if !going { return }
        }
    }
}
