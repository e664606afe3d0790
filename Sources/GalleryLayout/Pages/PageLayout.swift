/// Full-page cards scrolling horizontally a page at a time, each transformed from its progress by
/// an effect (`PageEffect`), with paging on and no spacing, as both libraries' demos set them up.
///
/// Item i's card is the viewport W × H inset by `pageInset` on every side; its progress is p, about
/// (i·W − offset)/W, in each source's own arithmetic: the animators' middleOffset (i·W + W/2 −
/// offset)/W − 0.5, ScaleTransformView's progress i − offset/max(W, 1). Content n·W wide.
/// - An animator's card is centred at (W/2 + i·W − offset, H/2): the pitch is W (spacing twice the
///   inset), so a card rests centred on each page; snap-in's progress is its endOffset,
///   e = (i·W + inset − offset − W)/w, w the card's width.
/// - A scale transform's card sits on the viewport, centred on it, whatever p (the source's frame is
///   the visible rect): all motion is its transform.
public struct PageLayout: Sendable, Hashable {
    public var effect: PageEffect
    /// The inset of each card from the viewport's edges, in points.
    public var pageInset: Double

    public init(_ effect: PageEffect, pageInset: Double = 0) {
        self.effect = effect
        self.pageInset = pageInset
    }

    public init(animator: PageAnimator, pageInset: Double = 0) {
        self.init(.animator(animator), pageInset: pageInset)
    }

    /// Throws the first invalid parameter, given the viewport.
    public func validate(in viewport: Size) throws(LayoutError) {
        guard pageInset.isFinite else { throw .notFinite(.pageInset, pageInset) }
        // Under half the viewport's shorter side, so that a card keeps some size (0 when it has none).
        let half = min(viewport.width, viewport.height) / 2
        guard pageInset >= 0, pageInset < half || pageInset == 0 else {
            throw .notBelow(.pageInset, pageInset, limit: half)
        }
    }

    /// The card: the viewport inset by `pageInset`.
    public func bounds(in viewport: Size) -> Size {
        Size(width: viewport.width - 2 * pageInset, height: viewport.height - 2 * pageInset)
    }

    /// n·W wide, H high.
    public func contentSize(count: Int, viewport: Size) -> Size {
        Size(width: Double(max(count, 0)) * viewport.width, height: viewport.height)
    }

    /// Item `index` at `offset`, drawn or not: its card, centre, the effect's attributes and its
    /// progress (snap-in's: e).
    public func item(_ index: Int, viewport: Size, offset: Double) -> LayoutItem {
        let bounds = bounds(in: viewport)
        let w = viewport.width
        let a: PageAnimator.Attributes
        let p: Double
        var progress: Double
        switch effect {
        case .animator(let animator):
            // middleOffset = itemOffset / distance − 0.5, itemOffset the card's centre less the offset.
            p = (Double(index) * w + w / 2 - offset) / w - 0.5
            progress = p
            let e = (Double(index) * w + pageInset - offset - w) / bounds.width
            let pinned = offset - (Double(index) * w + pageInset)
            a = animator.attributes(p: p, e: e, index: index, bounds: bounds, viewport: viewport, pinned: pinned)
            if animator == .snapIn { progress = e }
        case .scale(let preset):
            // progress = pageIndex − currentScrollOffset, the offset over max(width, 1).
            p = Double(index) - offset / max(w, 1)
            progress = p
            a = preset.transform.attributes(p: p, bounds: bounds)
        }
        let center =
            a.center
            ?? Point(x: w / 2 + (effect.isScale ? 0 : Double(index) * w - offset), y: viewport.height / 2)
        var item = LayoutItem(
            index: index, center: center, size: bounds.width, scale: 1, bounds: bounds, transform: a.transform,
            alpha: a.alpha)
        item.zIndex = a.zIndex
        item.progress = progress
        item.contentOffset = a.contentOffset
        item.shadow = a.shadow
        item.blur = a.blur
        item.singleSided = a.singleSided
        return item
    }

    /// The items drawn at `offset`, in draw order: ascending zIndex, then ascending index. An item is
    /// drawn when its alpha is above 0, its card (or its backdrop blur) shows in the viewport and,
    /// single-sided, its front faces the viewer. An animator's cards are those within two pages of the offset, |p| < 2: none
    /// further shows (the linear card's neighbours come nearest, 1.17 pages out at p = 1.5), but for
    /// page-page's pinned cards, each wholly under the next (the same centre, smaller, below it). A
    /// scale transform's cards are all laid out, as the source lays them out.
    public func items(count: Int, viewport: Size, offset: Double) -> [LayoutItem] {
        guard count > 0 else { return [] }
        let pages = offset / viewport.width
        let last = Double(count - 1)
        let window =
            effect.isScale
            ? 0...(count - 1)
            : Int(
                max(0, min((pages - 2).rounded(.down) + 1, last)))...Int(
                    max(0, min((pages + 2).rounded(.up) - 1, last)))
        let items = window.map { item($0, viewport: viewport, offset: offset) }.filter { item in
            guard item.alpha > 0, let transform = item.transform, let bounds = item.bounds else { return false }
            if item.singleSided, transform.facesAway { return false }
            return transform.visibleArea(of: bounds, center: item.center, in: viewport) > 0
                || item.blur.map { Self.shows($0, in: viewport) } == true
        }
        return items.sorted { ($0.zIndex, $0.index) < ($1.zIndex, $1.index) }
    }
}

extension PageLayout {
    /// Whether a card's backdrop blur, the viewport's size moved by the card's translation, overlaps
    /// the viewport: a card off screen still blurs what its blur view covers (found by review: such
    /// a card was left out, and its blur with it).
    static func shows(_ blur: BackdropBlur, in viewport: Size) -> Bool {
        blur.fraction > 0 && abs(blur.translation.x) < viewport.width && abs(blur.translation.y) < viewport.height
    }
}

/// What turns a page layout's cards: one of AnimatedCollectionViewLayout's animators, or
/// CollectionViewPagingLayout's ScaleTransformView with a preset.
public enum PageEffect: Sendable, Hashable {
    case animator(PageAnimator)
    case scale(ScalePreset)

    /// The layout's name: the animator's, or paging-scale.
    public var layoutName: String {
        switch self {
        case .animator(let animator): animator.rawValue
        case .scale: "paging-scale"
        }
    }

    var isScale: Bool {
        if case .scale = self { return true }
        return false
    }
}
