/// An animated change of layout, `setCollectionViewLayout(_:animated:)` or
/// `deleteItems(at:)`: every item visible at the start or at the end moves from its start state to
/// its end state (centre, side, scale, alpha interpolated linearly in the eased progress), fading in
/// when it was not visible at the start and out when it is not at the end (the deleted item fades
/// where it was). Items keep their original indices throughout.
public struct LayoutTransition: Sendable {
    public let startFrame: LayoutFrame
    /// The end layout's frame, with the end layout's own indices.
    public let endFrame: LayoutFrame
    /// T_end, in seconds.
    public let duration: Double
    private let pairs: [(from: AnimatedItem, to: AnimatedItem)]

    /// From `start` at `offset` (as the start frame shows it: clamped, snapped) to `end` in the same
    /// viewport. The end offset centres, along `end`'s scroll axis, the start frame's visible item
    /// whose centre is nearest the viewport's centre (ties: lower index), clamped to `end`'s range;
    /// 0 with no visible item.
    public init(from start: Gallery, frame startFrame: LayoutFrame, to end: Gallery, duration: Double)
        throws(LayoutError)
    {
        let centre = Point(x: start.viewport.width / 2, y: start.viewport.height / 2)
        // Centres are content positions less the offset, so they carry the rounding of both.
        let magnitude = abs(startFrame.offset) + start.viewport.width + start.viewport.height
        let anchor = startFrame.items.min { a, b in
            let (da, db) = (
                a.center.distanceSquared(to: centre).squareRoot(), b.center.distanceSquared(to: centre).squareRoot()
            )
            return Tie.equal(da, db, magnitude: magnitude) ? a.index < b.index : da < db
        }
        let endOffset = anchor.map { end.clamped(end.centringOffset(ofItem: $0.index)) } ?? 0
        self.init(startFrame: startFrame, endFrame: try end.frame(atOffset: endOffset), duration: duration) { $0 }
    }

    /// The deletion of item `deleted` from `gallery` shown at `startFrame`: the end is the same layout
    /// without it (later items move down one index), at the start offset clamped to the new range.
    public init(deleting deleted: Int, from gallery: Gallery, frame startFrame: LayoutFrame, duration: Double)
        throws(LayoutError)
    {
        guard (0..<gallery.itemCount).contains(deleted) else {
            throw .noSuchItem(deleted, count: gallery.itemCount)
        }
        var end = gallery
        end.itemCount -= 1
        let endFrame = try end.frame(atOffset: end.clamped(startFrame.offset))
        self.init(startFrame: startFrame, endFrame: endFrame, duration: duration) { $0 < deleted ? $0 : $0 + 1 }
    }

    /// Pairs each item of either frame with its other state; `original` maps an end index to the
    /// item's index at the start.
    private init(startFrame: LayoutFrame, endFrame: LayoutFrame, duration: Double, original: (Int) -> Int) {
        self.startFrame = startFrame
        self.endFrame = endFrame
        self.duration = duration
        let starts = Dictionary(uniqueKeysWithValues: startFrame.items.map { ($0.index, $0) })
        let ends = Dictionary(
            uniqueKeysWithValues: endFrame.items.map { item in
                let index = original(item.index)
                return (index, LayoutItem(index: index, center: item.center, size: item.size, scale: item.scale))
            })
        pairs = Set(starts.keys).union(ends.keys).sorted().map { index in
            let from = starts[index].map { AnimatedItem(item: $0, alpha: 1) }
            let to = ends[index].map { AnimatedItem(item: $0, alpha: 1) }
            return (
                from ?? AnimatedItem(item: ends[index] ?? LayoutItem.none(index), alpha: 0),
                to ?? AnimatedItem(item: starts[index] ?? LayoutItem.none(index), alpha: 0)
            )
        }
    }

    /// The items at time `t`, in draw order: ascending side, then ascending index (original indices).
    public func items(at t: Double) -> [AnimatedItem] {
        let p = duration > 0 ? EaseInOut.progress(t / duration) : 1
        func mix(_ a: Double, _ b: Double) -> Double { p == 0 ? a : p == 1 ? b : a + (b - a) * p }
        return pairs.map { from, to in
            AnimatedItem(
                item: LayoutItem(
                    index: from.item.index,
                    center: Point(
                        x: mix(from.item.center.x, to.item.center.x), y: mix(from.item.center.y, to.item.center.y)),
                    size: mix(from.item.size, to.item.size), scale: mix(from.item.scale, to.item.scale)),
                alpha: mix(from.alpha, to.alpha))
        }.sorted { ($0.item.size, $0.item.index) < ($1.item.size, $1.item.index) }
    }
}
