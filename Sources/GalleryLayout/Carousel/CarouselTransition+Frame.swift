extension CarouselTransition {
    /// The frame at `t` seconds: its items (original indices) in draw order, re-sorted by
    /// `compareViewDepth` as they move; at 0, the start's frame; from `duration` on, the end's.
    public func frame(at t: Double) throws(LayoutError) -> CarouselFrame {
        // Before anything moves, the start as drawn: not the end's window of items at their start.
        if t <= 0 { return first }
        switch change {
        case .type: return try typeChange(at: t)
        case .delete(let item): return try deletion(of: item, at: t)
        }
    }

    /// The new type at the scroll's offset, each item that was drawn before on its way there.
    private func typeChange(at t: Double) throws(LayoutError) -> CarouselFrame {
        let s = scroll?.scrollOffset(at: t) ?? startScrollOffset
        guard t < Self.typeChangeDuration else {
            return try to.frame(atScrollOffset: s, count: count, viewport: viewport)
        }
        var end = try to.frame(atScrollOffset: s, count: count, viewport: viewport, culled: false)
        let p = EaseInOut.progress(max(0, t) / Self.typeChangeDuration)
        let targets = Self.transforms(of: end.items)
        end.items = blend(end.items, p: p)
        return drawn(end, targets: targets)
    }

    /// Item `deleted` fading out over the others at rest, then the others moving to their places.
    private func deletion(of deleted: Int, at t: Double) throws(LayoutError) -> CarouselFrame {
        guard t < duration else { return try end(without: deleted, culled: true) }
        var end = try end(without: deleted, culled: false)
        let p = EaseInOut.progress((max(0, t) - Self.fadeDuration) / Self.insertDuration)
        let targets = Self.transforms(of: end.items)
        end.items = blend(end.items, p: p)
        if t < Self.fadeDuration, var fading = start.items.first(where: { $0.index == deleted }) {
            fading.alpha *= 1 - EaseInOut.progress(max(0, t) / Self.fadeDuration)
            end.items.append(fading)
        }
        return drawn(end, targets: targets)
    }

    /// The frame after a deletion, its items under their original indices (those after the deleted
    /// one were one higher); every loaded item unless `culled`.
    private func end(without deleted: Int, culled: Bool) throws(LayoutError) -> CarouselFrame {
        var end = try to.frame(
            atScrollOffset: endScrollOffset, count: endCount, viewport: viewport, culled: culled)
        end.items = end.items.map { item in
            var item = item
            item.index += item.index >= deleted ? 1 : 0
            return item
        }
        end.currentItemIndex = end.currentItemIndex.map { $0 >= deleted ? $0 + 1 : $0 }
        return end
    }

    /// `items` (the end's) where each that was drawn at the start is `p` of the way from there; the
    /// others as they are (they appear at once).
    private func blend(_ items: [CarouselItem], p: Double) -> [CarouselItem] {
        let before = Dictionary(start.items.map { ($0.index, $0) }) { first, _ in first }
        return items.map { end in
            guard let begin = before[end.index], p < 1 else { return end }
            if p == 0 { return begin }  // exactly where it was, not its matrix recomposed
            var item = end
            item.transform = begin.transform.interpolated(to: end.transform, p)
            item.alpha = begin.alpha + (end.alpha - begin.alpha) * p
            item.offset = begin.offset + (end.offset - begin.offset) * p
            return item
        }
    }

    /// Each item's transform, by index (the first where wrap lists one twice).
    private static func transforms(of items: [CarouselItem]) -> [Int: Transform3D] {
        Dictionary(items.map { ($0.index, $0.transform) }) { first, _ in first }
    }

    /// `frame` with the items drawn, in `compareViewDepth` order of their current transforms. A back
    /// face is hidden by the transform the item is going to (`targets`): `transformItemView:atIndex:`
    /// sets `hidden` from it when the change starts, and `hidden` is not animated (found by review:
    /// an item turning to 120° stayed drawn until its in-between m33 fell to 0). The fading item,
    /// going nowhere, by its own. Its area is judged where it is drawn.
    private func drawn(_ frame: CarouselFrame, targets: [Int: Transform3D]) -> CarouselFrame {
        var frame = frame
        let current = frame.items.first { $0.index == frame.currentItemIndex }?.transform
        frame.items = frame.items.filter { item in
            let facing = targets[item.index].map(to.showsFace(of:)) ?? from.showsFace(of: item.transform)
            return facing && CarouselLayout.coversEnough(item, of: viewport)
        }
        .sorted { to.compareViewDepth($0, $1, currentTransform: current) }
        return frame
    }
}
