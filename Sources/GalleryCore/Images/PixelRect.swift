/// A rectangle in (fractional) pixels of a frame; origin top-left.
public struct PixelRect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The square of side `side` centred on (`centerX`, `centerY`).
    public init(centerX: Double, centerY: Double, side: Double) {
        self.init(x: centerX - side / 2, y: centerY - side / 2, width: side, height: side)
    }

    /// The `width` × `height` rectangle centred on (`centerX`, `centerY`).
    public init(centerX: Double, centerY: Double, width: Double, height: Double) {
        self.init(x: centerX - width / 2, y: centerY - height / 2, width: width, height: height)
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var centerX: Double { x + width / 2 }
    public var centerY: Double { y + height / 2 }

    /// The whole pixels this rectangle touches, clipped to a `width`×`height` frame: x0..<x1, y0..<y1.
    public func pixelBounds(clippedTo width: Int, _ height: Int) -> (x: Range<Int>, y: Range<Int>) {
        func span(_ low: Double, _ high: Double, _ limit: Int) -> Range<Int> {
            guard low.isFinite, high.isFinite else { return 0..<0 }
            let start = max(0, Int(max(low, -1).rounded(.down)))
            let end = min(limit, Int(min(high, Double(limit) + 1).rounded(.up)))
            return start < end ? start..<end : 0..<0
        }
        return (span(x, maxX, width), span(y, maxY, height))
    }
}
