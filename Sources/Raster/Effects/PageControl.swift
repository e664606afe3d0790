/// A UIPageControl centred on the frame's bottom edge, drawn over everything: one dot per page (at
/// most `maxDots`, the window sliding to keep the current page in view), dots 7 pt across and 16 pt
/// apart, their centres `offset` points above the edge, the current page's in `color` and the
/// others' in it at 30 % opacity. Each dot's coverage is exact, as an item's circle is.
public struct PageControl: Sendable, Hashable {
    /// How the control looks: where it sits, how many dots it shows at most, its colour.
    public struct Style: Sendable, Hashable {
        public var offset: Double
        public var maxDots: Int
        public var color: Color

        public init(offset: Double = 20, maxDots: Int = 9, color: Color = .black) {
            (self.offset, self.maxDots, self.color) = (offset, maxDots, color)
        }
    }

    public var style: Style
    public var pages: Int
    public var current: Int

    /// Dot side and pitch, in points; the other pages' opacity.
    public static let dotSide = 7.0, pitch = 16.0, otherOpacity: Float = 0.3

    public init(style: Style, pages: Int, current: Int) {
        (self.style, self.pages, self.current) = (style, pages, current)
    }

    /// The pages shown: `maxDots` of them starting at clamp(current − ⌊maxDots/2⌋, 0, pages − maxDots).
    public var window: Range<Int> {
        let shown = min(max(pages, 0), max(style.maxDots, 1))
        let first = min(max(current - shown / 2, 0), max(pages - shown, 0))
        return first..<first + shown
    }

    /// The dots' centres in points on a `width` × `height` point frame, with their pages.
    public func dots(width: Double, height: Double) -> [(page: Int, x: Double, y: Double)] {
        let window = window
        let middle = Double(window.count - 1) / 2
        return window.enumerated().map { i, page in
            (page, width / 2 + (Double(i) - middle) * Self.pitch, height - style.offset)
        }
    }

    /// Paints the dots within frame rows `rows` into `pixels` (those rows of a `canvasWidth` ×
    /// `canvasHeight` frame, premultiplied) at `pixelsPerPoint`.
    public func paint(
        into pixels: UnsafeMutableBufferPointer<SIMD4<Float>>, rows: Range<Int>, canvasWidth: Int, canvasHeight: Int,
        pixelsPerPoint s: Double
    ) {
        guard let mask = PlaneMask(.circle, width: Self.dotSide, height: Self.dotSide), s > 0,
            pixels.count >= rows.count * canvasWidth
        else { return }
        let color = style.color.premultiplied
        let radius = Self.dotSide / 2 * s
        for dot in dots(width: Double(canvasWidth) / s, height: Double(canvasHeight) / s) {
            let (cx, cy) = (dot.x * s, dot.y * s)
            let paint = dot.page == current ? color : color * Self.otherOpacity
            guard cx.isFinite, cy.isFinite, abs(cx) < 1e9, abs(cy) < 1e9 else { continue }
            let ys = Self.span(cy, radius, within: rows), xs = Self.span(cx, radius, within: 0..<canvasWidth)
            for y in ys where !xs.isEmpty {
                for x in xs {
                    let point = ItemPoint(
                        x: (Double(x) + 0.5 - cx) / s, y: (Double(y) + 0.5 - cy) / s, xdx: 1 / s, xdy: 0, ydx: 0,
                        ydy: 1 / s)
                    let coverage = Float(mask.coverage(point))
                    guard coverage > 0 else { continue }
                    let i = (y - rows.lowerBound) * canvasWidth + x
                    pixels[i] = ProjectedItemPainter.over(paint * coverage, pixels[i])
                }
            }
        }
    }

    /// The whole pixels within `centre` ± `radius`, clipped to `bounds` (empty when outside).
    static func span(_ centre: Double, _ radius: Double, within bounds: Range<Int>) -> Range<Int> {
        let low = max(Int((centre - radius).rounded(.down)), bounds.lowerBound)
        let high = min(Int((centre + radius).rounded(.up)), bounds.upperBound)
        return low < high ? low..<high : low..<low
    }
}
