/// Full-page cards scrolling horizontally a page at a time, each transformed by an animator from its
/// progress (`PageAnimator`): AnimatedCollectionViewLayout as its demo sets it up (paging on, no
/// spacing, no section insets).
///
/// Item i's card is the viewport W × H inset by `pageInset` on every side, centred at
/// (W/2 + i·W − offset, H/2): the pitch is W (spacing twice the inset), so a card rests centred on
/// each page. Its progress is the source's middleOffset, p = (i·W − offset)/W, and for snap-in its
/// endOffset, e = (i·W + inset − offset − W)/w, w the card's width. Content n·W wide.
public struct PageLayout: Sendable, Hashable {
    public var animator: PageAnimator
    /// The inset of each card from the viewport's edges, in points.
    public var pageInset: Double

    public init(animator: PageAnimator, pageInset: Double = 0) {
        self.animator = animator
        self.pageInset = pageInset
    }

    /// Throws the first invalid parameter, given the viewport.
    public func validate(in viewport: Size) throws(LayoutError) {
        let largest = (min(viewport.width, viewport.height) / 2).nextDown
        try LayoutError.check(pageInset, .pageInset, in: 0...max(largest, 0))
    }

    /// The card: the viewport inset by `pageInset`.
    public func bounds(in viewport: Size) -> Size {
        Size(width: viewport.width - 2 * pageInset, height: viewport.height - 2 * pageInset)
    }

    /// n·W wide, H high.
    public func contentSize(count: Int, viewport: Size) -> Size {
        Size(width: Double(max(count, 0)) * viewport.width, height: viewport.height)
    }

    /// Item `index` at `offset`, drawn or not: its card, centre, the animator's attributes and its
    /// progress (snap-in's: e).
    public func item(_ index: Int, viewport: Size, offset: Double) -> LayoutItem {
        let bounds = bounds(in: viewport)
        let w = viewport.width
        let p = (Double(index) * w - offset) / w
        let e = (Double(index) * w + pageInset - offset - w) / bounds.width
        let pinned = offset - (Double(index) * w + pageInset)
        let a = animator.attributes(p: p, e: e, index: index, bounds: bounds, viewport: viewport, pinned: pinned)
        let center = a.center ?? Point(x: w / 2 + Double(index) * w - offset, y: viewport.height / 2)
        var item = LayoutItem(
            index: index, center: center, size: bounds.width, scale: 1, bounds: bounds, transform: a.transform,
            alpha: a.alpha)
        item.zIndex = a.zIndex
        item.progress = animator == .snapIn ? e : p
        item.contentOffset = a.contentOffset
        return item
    }

    /// The items drawn at `offset`, in draw order: ascending zIndex, then ascending index. An item is
    /// drawn when its alpha is above 0 and its card shows in the viewport; only the pages within two of
    /// the offset can (the linear card's neighbours come nearest: 1.17 pages out at p = 1.5).
    public func items(count: Int, viewport: Size, offset: Double) -> [LayoutItem] {
        guard count > 0 else { return [] }
        let page = (offset / viewport.width).rounded(.down)
        let first = Int(max(0, min(page - 2, Double(count - 1)))), last = Int(max(0, min(page + 3, Double(count - 1))))
        let items = (first...last).map { item($0, viewport: viewport, offset: offset) }.filter { item in
            guard item.alpha > 0, let transform = item.transform, let bounds = item.bounds else { return false }
            return transform.visibleArea(of: bounds, center: item.center, in: viewport) > 0
        }
        return items.sorted { ($0.zIndex, $0.index) < ($1.zIndex, $1.index) }
    }
}
