/// An animated change of layout, `setCollectionViewLayout(_:animated:)` or
/// `deleteItems(at:)`: every item visible at the start or at the end moves from its start state to
/// its end state (centre, untransformed side, scale, alpha each interpolated linearly in the eased
/// progress). In a layout change an item visible at one end only fades in or out standing at that
/// end; in a deletion every survivor slides from its old frame to its new one, on screen or off, and
/// only the deleted item fades where it was. Items keep their original indices throughout.
public struct LayoutTransition: Sendable {
    public let startFrame: LayoutFrame
    /// The end layout's frame, with the end layout's own indices.
    public let endFrame: LayoutFrame
    /// T_end, in seconds.
    public let duration: Double
    private let tweens: [Tween]
    /// The shadow an item has where its layout gives it none (the scene's): a page card tweened
    /// to or from a layout that sets its own shadow starts or ends with this one.
    public var sceneShadow: ItemShadow?

    /// From `start` at `offset` (as the start frame shows it: clamped, snapped) to `end` in the same
    /// viewport. The end offset centres, along `end`'s scroll axis, the start frame's visible item
    /// whose centre is nearest the viewport's centre (ties: lower index), clamped to `end`'s range;
    /// 0 with no visible item. Between two page layouts the offset stays (the same page shows).
    public init(from start: Gallery, frame startFrame: LayoutFrame, to end: Gallery, duration: Double)
        throws(LayoutError)
    {
        if case .page = start.style, case .page = end.style {
            // Both page a viewport apart: the same offset keeps every card on its page.
            self.init(
                startFrame: startFrame, endFrame: try end.frame(atOffset: end.clamped(startFrame.offset)),
                duration: duration, start: start, end: end, original: { $0 })
            return
        }
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
        self.init(
            startFrame: startFrame, endFrame: try end.frame(atOffset: endOffset), duration: duration, start: start,
            end: end, original: { $0 })
    }

    /// From `start` shown at `startFrame` to `end` at `endOffset` (the caller clamps it), items paired
    /// by index as in a layout change: a device rotation, whose end is the same layout turned.
    public init(
        from start: Gallery, frame startFrame: LayoutFrame, to end: Gallery, atOffset endOffset: Double,
        duration: Double
    ) throws(LayoutError) {
        self.init(
            startFrame: startFrame, endFrame: try end.frame(atOffset: endOffset), duration: duration, start: start,
            end: end, original: { $0 })
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
        self.init(
            startFrame: startFrame, endFrame: endFrame, duration: duration, start: gallery, end: end,
            original: { $0 < deleted ? $0 : $0 + 1 },
            sliding: (deleted, { $0 == deleted ? nil : $0 < deleted ? $0 : $0 - 1 }))
    }

    /// Pairs each item of either frame with its other state; `original` maps an end index to the
    /// item's index at the start. With `sliding` (a deletion) every item but `deleted` moves from its
    /// place in `start` to its place in `end` even where that is off screen, with alpha 1; otherwise
    /// an item visible at one end only fades, standing at that end's state.
    private init(
        startFrame: LayoutFrame, endFrame: LayoutFrame, duration: Double, start: Gallery, end: Gallery,
        original: (Int) -> Int, sliding: (deleted: Int, current: (Int) -> Int?)? = nil
    ) {
        self.startFrame = startFrame
        self.endFrame = endFrame
        self.duration = duration
        let (startSide, endSide) = (start.itemBounds, end.itemBounds)
        let starts = Dictionary(
            uniqueKeysWithValues: startFrame.items.map { ($0.index, Tween.State($0, side: startSide)) })
        let ends = Dictionary(
            uniqueKeysWithValues: endFrame.items.map { item in
                (original(item.index), Tween.State(item, side: endSide))
            })
        tweens = Set(starts.keys).union(ends.keys).sorted().map { index in
            if let sliding {
                if index == sliding.deleted, let from = starts[index] {
                    return Tween(index: index, from: from, to: from.faded)
                }
                let from =
                    starts[index]
                    ?? Tween.State(start.item(index, atOffset: startFrame.offset), side: startSide)
                let to =
                    ends[index]
                    ?? sliding.current(index).map {
                        Tween.State(end.item($0, atOffset: endFrame.offset), side: endSide)
                    } ?? from.faded
                return Tween(index: index, from: from, to: to)
            }
            guard let from = starts[index] else {
                let to = ends[index] ?? Tween.State(LayoutItem.none(index), side: Size(width: 0, height: 0)).faded
                return Tween(index: index, from: to.faded, to: to)
            }
            return Tween(index: index, from: from, to: ends[index] ?? from.faded)
        }
    }

    /// The items at time `t`, in draw order: ascending drawn side, then ascending index (original
    /// indices). Centre, untransformed side, scale and alpha are each interpolated linearly in the
    /// eased progress p, as UIKit animates `center`, `bounds` and `transform`: the drawn side is
    /// lerp(S₀, S₁, p)·lerp(z₀, z₁, p) (a non-square item's width; its height is lerp(H₀, H₁, p)·z).
    /// Items with 3D transforms (the page layouts') have them interpolated by decomposition
    /// (`Transform3D.interpolated`), their progress, photo offsets, shadows and blurs lerped, and are
    /// drawn by their zIndex lerped, then index.
    public func items(at t: Double) -> [AnimatedItem] {
        let p = duration > 0 ? EaseInOut.progress(t / duration) : 1
        let items = tweens.map { $0.item(at: p, sceneShadow: sceneShadow) }
        guard items.contains(where: { $0.item.transform != nil }) else {
            return items.sorted { ($0.item.size, $0.item.index) < ($1.item.size, $1.item.index) }
        }
        // zIndex as Core Animation animates a layer's zPosition: lerped, so the first frame draws in
        // the start's order and the last in the end's.
        let depth = Dictionary(
            uniqueKeysWithValues: tweens.map {
                ($0.index, Double($0.from.zIndex) + Double($0.to.zIndex - $0.from.zIndex) * p)
            })
        return items.sorted { a, b in
            (depth[a.item.index] ?? 0, a.item.index) < (depth[b.item.index] ?? 0, b.item.index)
        }
    }
}
