extension CarouselLayout {
    /// The least area, in square points, of the viewport an item must cover to be drawn: "overlaps by
    /// a positive area", less rounding (an item whose edge lies on the viewport's edge covers
    /// 0 ± 10⁻¹³ pt²; a billionth of a square point is no pixel's coverage at any scale).
    public static let minimumVisibleArea = 1e-9

    /// `updateNumberOfVisibleItems` (N_vis): linear and the cover flows ⌈L/(w·σ)⌉ + 2, rotary and
    /// cylinder N_c, their inverted forms ⌈N_c/2⌉, the wheels N_c when r − w/2 < min(W, H)/2 (r the
    /// un-negated radius) else ⌈N_c/2⌉ + 1, the time machines 30; then at most 30, and within [0, n].
    public func numberOfVisibleItems(count: Int, viewport: Size) -> Int {
        let extent = vertical ? viewport.height : viewport.width
        let w = itemWidth
        let places = Double(circularCount(count: count, viewport: viewport))
        let wanted: Double
        switch type {
        case .linear, .coverflow, .coverflow2: wanted = (extent / (w * effectiveSpacing)).rounded(.up) + 2
        case .rotary, .cylinder: wanted = places
        case .invertedRotary, .invertedCylinder: wanted = (places / 2).rounded(.up)
        case .wheel, .invertedWheel:
            let r = radius ?? defaultRadius(places: places)
            let fits = r - w / 2 < min(viewport.width, viewport.height) / 2
            wanted = fits ? places : (places / 2).rounded(.up) + 1
        case .timeMachine, .invertedTimeMachine: wanted = Double(Self.maxVisibleItems)
        }
        // min(30, NaN) is 30 and max(0, NaN) 0 in Swift, so the conversion below cannot trap.
        let capped = max(0, min(Double(Self.maxVisibleItems), wanted))
        return max(0, min(Int(capped), count))
    }

    /// `loadUnloadViews`: the N_vis indices from currentItemIndex − ⌊N_vis/2⌋ (without wrap moved
    /// inside [0, n − N_vis]; with wrap each taken modulo n), in that order, less those whose alpha is
    /// 0. Empty with no items.
    public func loadedIndices(scrollOffset: Double, count: Int, viewport: Size) -> [Int] {
        guard let current = currentItemIndex(scrollOffset: scrollOffset, count: count) else { return [] }
        let visible = numberOfVisibleItems(count: count, viewport: viewport)
        let first = wraps ? current - visible / 2 : max(0, min(count - visible, current - visible / 2))
        return (0..<visible).map { wraps ? clampedIndex(first + $0, count: count) : first + $0 }
            .filter { alpha(forOffset: offset(ofItem: $0, scrollOffset: scrollOffset, count: count)) != 0 }
    }

    /// Whether a loaded item is drawn: not a hidden back face (`transformItemView:atIndex:` hides it
    /// when back faces are not shown and m33 ≤ 0, NaN included), and its projection covers more than
    /// `minimumVisibleArea` of `viewport`.
    public func isDrawn(_ item: CarouselItem, in viewport: Size) -> Bool {
        showsFace(of: item.transform) && Self.coversEnough(item, of: viewport)
    }

    /// Whether an item under `transform` is not a hidden back face (m33 ≤ 0, NaN included).
    public func showsFace(of transform: Transform3D) -> Bool { showsBackfaces || transform.m33 > 0 }

    /// Whether `item`'s projection covers more than `minimumVisibleArea` of `viewport`.
    static func coversEnough(_ item: CarouselItem, of viewport: Size) -> Bool {
        item.transform.visibleArea(of: item.bounds, center: item.center, in: viewport) > minimumVisibleArea
    }

    /// `compareViewDepth`: true when `a` is drawn before (behind) `b`. Ascending
    /// z = ((m13 + m23) + m33) + m43; for exactly equal z the item farther along the scroll axis from
    /// the current item is drawn first, by x = ((m11 + m21) + m31) + m41 (y = m12 + m22 + m32 + m42 when
    /// vertical) against the current item's (`currentTransform`; 0 when it is not loaded, as the
    /// source reads a nil view's zero matrix). Complete ties, which the source leaves to its sort (an
    /// inconsistent comparator), go by ascending offset o, then ascending index: of two mirror-image
    /// items the one on the right (below, vertical) is on top.
    public func compareViewDepth(_ a: CarouselItem, _ b: CarouselItem, currentTransform: Transform3D?) -> Bool {
        let (za, zb) = (Self.depth(of: a.transform), Self.depth(of: b.transform))
        if za != zb { return za < zb }
        let reference = currentTransform.map(axisPosition(of:)) ?? 0
        let (da, db) = (abs(axisPosition(of: a.transform) - reference), abs(axisPosition(of: b.transform) - reference))
        if da != db { return da > db }
        return (a.offset, a.index) < (b.offset, b.index)
    }

    /// z of `compareViewDepth`: the depth of the item point (1, 1, 1) before perspective.
    static func depth(of t: Transform3D) -> Double { ((t.m13 + t.m23) + t.m33) + t.m43 }

    /// x (or y when vertical) of `compareViewDepth`.
    func axisPosition(of t: Transform3D) -> Double {
        vertical ? ((t.m12 + t.m22) + t.m32) + t.m42 : ((t.m11 + t.m21) + t.m31) + t.m41
    }
}
