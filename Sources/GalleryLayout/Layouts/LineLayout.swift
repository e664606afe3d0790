/// The line carousel (an imitation of Android's Gallery): a horizontal row of items that grow
/// towards the centre of the viewport, and snap to the item nearest the centre.
///
/// Item i's untransformed item, S wide (and S or H high), is centred at x = (W − S)/2 + i·(S + L) + S/2
/// in content points and vertically in the viewport; its scale is max(minScale, 1 + f·(1 − |x − c|/A))
/// where c = offset + W/2, and multiplies both sides.
public struct LineLayout: Sendable, Hashable {
    /// S, the untransformed item width along the scroll axis, in points.
    public var itemSize: Double
    /// H, the untransformed item height when it differs from S (a 16:9 card); nil: a square.
    public var itemHeight: Double?
    /// L, the gap between items, in points.
    public var spacing: Double
    /// A, the distance from the centre over which items grow.
    public var activeDistance: Double
    /// f, the growth at the centre.
    public var scaleFactor: Double
    /// The lower bound of the scale; an item whose scale is ≤ 0 is not drawn.
    public var minScale: Double

    /// The tutorial's constants: S = 100, L = 0.7·S, A = 150, f = 0.6, min scale 0.
    public init(
        itemSize: Double = 100, itemHeight: Double? = nil, spacing: Double? = nil, activeDistance: Double = 150,
        scaleFactor: Double = 0.6, minScale: Double = 0
    ) {
        self.itemSize = itemSize
        self.itemHeight = itemHeight
        self.spacing = spacing ?? 0.7 * itemSize
        self.activeDistance = activeDistance
        self.scaleFactor = scaleFactor
        self.minScale = minScale
    }

    /// Throws the first invalid parameter.
    public func validate() throws(LayoutError) {
        try LayoutError.check(itemSize, .itemSize, in: 0.001...LayoutError.largestLength)
        if let itemHeight { try LayoutError.check(itemHeight, .itemSize, in: 0.001...LayoutError.largestLength) }
        try LayoutError.check(spacing, .spacing, in: 0...LayoutError.largestLength)
        try LayoutError.check(activeDistance, .activeDistance, in: 0...LayoutError.largestLength, positive: true)
        try LayoutError.check(scaleFactor, .scaleFactor, in: -1000...1000)
        try LayoutError.check(minScale, .minScale, in: 0...1000)
    }

    /// The untransformed item: S × H (S × S for a square).
    public var bounds: Size { Size(width: itemSize, height: itemHeight ?? itemSize) }

    /// Distance between neighbouring item centres.
    public var pitch: Double { itemSize + spacing }

    /// Content size for `count` items in `viewport`: (W − S) + n·S + (n − 1)·L wide, the contract's
    /// formula for every n (no items: W − S − L; found by review, it had been W), and never below 0.
    public func contentSize(count: Int, viewport: Size) -> Size {
        let n = Double(count)
        let width = max(0, (viewport.width - itemSize) + n * itemSize + (n - 1) * spacing)
        return Size(width: width, height: viewport.height)
    }

    /// The scale of an item whose centre is `distance` points from the visible centre. Computed as
    /// 1 + f·(A − d)/A, the contract's 1 + f·(1 − d/A) rearranged so that round numbers stay exact
    /// (0.72, not 0.7200000000000001; exactly 0 at 400 pt rather than 1e-16).
    public func scale(atDistance distance: Double) -> Double {
        let scale = max(minScale, 1 + scaleFactor * (activeDistance - abs(distance)) / activeDistance)
        // Rounding can leave ±1e-16 where the formula crosses 0: such an item is not drawn.
        return abs(scale) < 1e-12 ? 0 : scale
    }

    /// The visible items at `offset`, in draw order.
    public func items(count: Int, viewport: Size, offset: Double) -> [LayoutItem] {
        var items: [LayoutItem] = []
        // The contract's distance |i·(S + L) − offset| (the same number as |x − c|: the insets are
        // (W − S)/2). Where the offset is on an item or half-way between two (m half pitches, Tie), it
        // is |2i − m|·(S + L)/2: mirror-image items i and m − i then get bit-for-bit equal distances
        // and scales, so their tie falls to the lower index and not to rounding.
        let halfPitches = halfPitches(at: offset)
        for index in candidates(count: count, viewport: viewport, offset: offset) {
            let item = item(index, viewport: viewport, offset: offset, halfPitches: halfPitches)
            if item.scale > 0, item.overlaps(viewport) { items.append(item) }
        }
        return items.sorted { ($0.scale, $0.index) < ($1.scale, $1.index) }
    }

    /// Item `index` at `offset`, visible or not (its scale may be 0: not drawn).
    public func item(_ index: Int, viewport: Size, offset: Double) -> LayoutItem {
        item(index, viewport: viewport, offset: offset, halfPitches: halfPitches(at: offset))
    }

    private func item(_ index: Int, viewport: Size, offset: Double, halfPitches: Double?) -> LayoutItem {
        let x = viewport.width / 2 + Double(index) * pitch
        let distance =
            halfPitches.map { abs(Double(2 * index) - $0) * pitch / 2 } ?? abs(Double(index) * pitch - offset)
        let scale = scale(atDistance: distance)
        return LayoutItem(
            index: index, center: Point(x: x - offset, y: viewport.height / 2), size: itemSize * scale, scale: scale,
            bounds: bounds.width == bounds.height ? nil : bounds)
    }

    /// The whole number m of half pitches, m·(S + L)/2, that `offset` ties with (Tie): an item
    /// centred (m even) or the half-way point between two (m odd). Nil elsewhere.
    func halfPitches(at offset: Double) -> Double? {
        let halves = (2 * offset / pitch).rounded()
        return Tie.equal(offset, halves * pitch / 2, magnitude: pitch) ? halves : nil
    }

    /// The indices that can be visible at `offset`. When items shrink away from the centre (f ≥ 0),
    /// none is drawn larger than S·max(1 + f, minScale), so only centres within W/2 plus half that of
    /// the visible centre can show; otherwise every item is a candidate. (Only S, along the axis,
    /// matters: an item taller than wide reaches no further sideways.)
    func candidates(count: Int, viewport: Size, offset: Double) -> Range<Int> {
        guard count > 0, scaleFactor >= 0 else { return 0..<max(count, 0) }
        let reach = viewport.width / 2 + itemSize * max(1 + scaleFactor, minScale) / 2
        let first = Int(max(0, ((offset - reach) / pitch).rounded(.down)))
        let last = Int(min(Double(count - 1), ((offset + reach) / pitch).rounded(.up)))
        return first <= last ? first..<(last + 1) : 0..<0
    }

    /// Where a scroll released at `offset` with `velocity` comes to rest: the offset i·(S + L) of the
    /// item whose centre is nearest the projected visible centre, ties to the lower index.
    public func snappedOffset(from offset: Double, velocity: Double, deceleration: DecelerationRate, count: Int)
        -> Double
    {
        guard count > 0 else { return 0 }
        let projected = offset + deceleration.projectedDistance(velocity: velocity)
        // Half-way between two items (as Tie has it), the lower one.
        let nearest = halfPitches(at: projected).map { ($0 / 2).rounded(.down) } ?? (projected / pitch).rounded()
        let index = min(max(nearest, 0), Double(count - 1))
        return index * pitch
    }
}

extension LayoutItem {
    /// True when the drawn rectangle overlaps the viewport by a positive area.
    func overlaps(_ viewport: Size) -> Bool {
        let (halfWidth, halfHeight) = (size / 2, drawnHeight / 2)
        return center.x - halfWidth < viewport.width && center.x + halfWidth > 0
            && center.y - halfHeight < viewport.height && center.y + halfHeight > 0
    }
}
