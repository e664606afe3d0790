extension CarouselLayout {
    /// The largest extent, in points, an item of this carousel is drawn at on screen (at least its
    /// bounds' longer side, at most four times it): what photos are decoded for, so a frame's pixels
    /// never depend on which other frames are rendered with it. Measured over every item of the
    /// frames a quarter item apart through one item's scroll (the types repeat with the item pitch),
    /// from the projected corners of each item's bounds.
    public func largestDrawnSide(count: Int, viewport: Size) -> Double {
        let side = max(itemSize.width, itemSize.height)
        var largest = side
        for step in 0..<4 {
            let s = boundedScrollOffset(Double(step) / 4, count: count, overscroll: false)
            guard let frame = try? frame(atScrollOffset: s, count: count, viewport: viewport) else { continue }
            for item in frame.items { largest = max(largest, drawnExtent(of: item)) }
        }
        return min(largest, 4 * side)
    }

    /// The larger side of the box round an item's projected corners (infinite when a corner is at or
    /// behind the eye).
    private func drawnExtent(of item: CarouselItem) -> Double {
        let (w, h) = (item.bounds.width / 2, item.bounds.height / 2)
        let corners = [Point(x: -w, y: -h), Point(x: w, y: -h), Point(x: w, y: h), Point(x: -w, y: h)]
        let projected = corners.compactMap { item.transform.project($0, center: Point(x: 0, y: 0)) }
        guard projected.count == 4 else { return .infinity }
        let xs = projected.map(\.x), ys = projected.map(\.y)
        let width = (xs.max() ?? 0) - (xs.min() ?? 0)
        let height = (ys.max() ?? 0) - (ys.min() ?? 0)
        return max(width, height)
    }
}
