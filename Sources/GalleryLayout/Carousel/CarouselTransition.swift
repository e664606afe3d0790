/// iCarousel's animated changes, item by item, each frame a function of the time t:
///
/// - a type change, the demo app's `[UIView beginAnimations]; carousel.type = T2; [UIView
///   commitAnimations]` (`setType:` → `layOutItemViews`): over 0.2 s (UIView's default) with the
///   Bézier (0.42, 0, 0.58, 1), each item's transform goes from the old type's to the new type's by
///   `Transform3D.interpolated` and its alpha is lerped. From a fractional offset `layOutItemViews`
///   also starts `scrollToItemAtIndex:currentItemIndex animated:YES` (0.4 s), whose offsets the
///   new type's matrices follow (the animation's end moves with the model, as Core Animation shows a
///   layer whose model changes under it);
/// - `removeItemAtIndex:I animated:YES`: item I fades out in place over 0.1 s (the same curve), then
///   from 0.1 s the others go to their places among n − 1 items at s = `clampedIndex(round(s))` over
///   0.4 s (INSERT_DURATION), 0.5 s in all.
///
/// Items that enter the loaded window appear at once in their end state and items that leave it
/// go at once (`loadUnloadViews` makes and removes views with actions disabled), as the source
/// does, where the contract has them fade: from the second frame on, as the first (t = 0) is the
/// start exactly, the contract's `render` of it. Items keep their original indices throughout.
public struct CarouselTransition: Sendable {
    public enum Change: Sendable, Hashable {
        case type(CarouselType)
        case delete(item: Int)
    }

    public let from: CarouselLayout
    public let to: CarouselLayout
    public let change: Change
    public let count: Int
    public let viewport: Size
    /// s at the start (bounded as `didScroll` bounds it).
    public let startScrollOffset: Double
    /// The type change's scroll to the current item, when the start is between items.
    let scroll: CarouselScroll?
    /// Every loaded item at the start, drawn or not.
    let start: CarouselFrame
    /// The start as `render` draws it: the transition's first frame, before anything has changed.
    let first: CarouselFrame
    public let duration: Double

    /// UIView's default animation duration, of the type change.
    public static let typeChangeDuration = 0.2
    /// The deleted item's fade, then `INSERT_DURATION`.
    public static let fadeDuration = 0.1, insertDuration = 0.4

    public init(_ layout: CarouselLayout, count: Int, viewport: Size, offset: Double, change: Change)
        throws(LayoutError)
    {
        let requested = try layout.frame(atOffset: offset, count: count, viewport: viewport)
        // Every loaded item, drawn or not: one off screen at the start may move into view.
        let start = try layout.frame(
            atScrollOffset: requested.scrollOffset, count: count, viewport: viewport, culled: false)
        (self.start, first) = (start, requested)
        (from, self.change, self.count, self.viewport) = (layout, change, count, viewport)
        startScrollOffset = start.scrollOffset
        var end = layout
        switch change {
        case .type(let type):
            end.type = type
            let target = end.currentItemIndex(scrollOffset: start.scrollOffset, count: count)
            scroll = target.flatMap { index in
                Double(index) == start.scrollOffset
                    ? nil
                    : CarouselScroll(
                        from: start.scrollOffset, toItem: index, duration: CarouselScroll.animatedDuration, layout: end,
                        count: count)
            }
            duration = max(Self.typeChangeDuration, scroll?.duration ?? 0)
        case .delete(let item):
            guard (0..<count).contains(item) else { throw .noSuchItem(item, count: count) }
            scroll = nil
            duration = Self.fadeDuration + Self.insertDuration
        }
        to = end
        try to.validate(count: max(0, endCount), viewport: viewport)
    }

    /// The number of items at the end.
    public var endCount: Int {
        if case .delete = change { return count - 1 }
        return count
    }

    /// s at the end: the scroll's end for a type change, `clampedIndex(round(s))` among n − 1 items
    /// for a deletion.
    public var endScrollOffset: Double {
        switch change {
        case .type: return scroll?.end ?? startScrollOffset
        case .delete:
            return to.currentItemIndex(scrollOffset: startScrollOffset, count: endCount).map(Double.init) ?? 0
        }
    }
}
