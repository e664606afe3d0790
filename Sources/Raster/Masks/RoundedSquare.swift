/// A square with rounded corners, in frame pixels, that can say how much of any pixel it covers.
/// A circle is the special case `cornerRadius == half`.
///
/// Coverage is computed from the exact geometry, not by snapping the edge to pixels: within a pixel
/// column the shape spans [cy − h(x), cy + h(x)] exactly, so the covered height of a pixel is exact;
/// that height is averaged over 16 sub-columns across the part of the pixel inside the shape's
/// x-extent (midpoint rule): straight edges come out exact, curved ones within 1/1000 of a pixel.
public struct RoundedSquare: Sendable, Hashable {
    public var centerX: Double
    public var centerY: Double
    /// Half the side.
    public var half: Double
    /// Corner radius, clamped to 0…half.
    public var cornerRadius: Double

    public init(centerX: Double, centerY: Double, half: Double, cornerRadius: Double) {
        self.centerX = centerX
        self.centerY = centerY
        self.half = max(0, half)
        self.cornerRadius = min(max(0, cornerRadius), max(0, half))
    }

    /// The same shape shrunk by `inset` on every side (corner radius shrinks with it).
    public func inset(by inset: Double) -> RoundedSquare {
        RoundedSquare(centerX: centerX, centerY: centerY, half: half - inset, cornerRadius: cornerRadius - inset)
    }

    static let subColumns = 16

    /// Half-height of the shape at horizontal distance `dx` from its centre (negative outside).
    func halfHeight(at dx: Double) -> Double {
        let dx = abs(dx)
        guard dx < half else { return -1 }
        let straight = half - cornerRadius
        guard dx > straight else { return half }
        let d = dx - straight
        return straight + (cornerRadius * cornerRadius - d * d).squareRoot()
    }

    /// Per-column coverage helper for pixel columns `columns`.
    public func columnProfile(columns: Range<Int>) -> ColumnProfile {
        let n = Self.subColumns
        var heights = [Double](repeating: -1, count: columns.count * n)
        var widths = [Double](repeating: 0, count: columns.count)
        var inner = [Double](repeating: -1, count: columns.count)
        var outer = [Double](repeating: -1, count: columns.count)
        for (c, column) in columns.enumerated() {
            // Sub-columns span only the part of the pixel inside the shape's x-extent, so vertical
            // edges are exact and curved ones are sampled where they are.
            let left = max(Double(column), centerX - half), right = min(Double(column + 1), centerX + half)
            guard right > left else { continue }
            widths[c] = right - left
            var low = Double.infinity, high = -Double.infinity
            for k in 0..<n {
                let h = halfHeight(at: left + (Double(k) + 0.5) * (right - left) / Double(n) - centerX)
                heights[c * n + k] = h
                low = min(low, h)
                high = max(high, h)
            }
            inner[c] = widths[c] == 1 ? low : -1  // fully-inside shortcut only for whole columns
            outer[c] = high
        }
        return ColumnProfile(centerY: centerY, heights: heights, widths: widths, inner: inner, outer: outer)
    }

    /// Precomputed half-heights for a run of pixel columns.
    public struct ColumnProfile: Sendable {
        let centerY: Double
        let heights: [Double]
        /// Width (0…1) of each pixel column that lies within the shape's x-extent.
        let widths: [Double]
        /// Smallest and largest half-height within each column: for fast fully-in/out answers.
        let inner: [Double]
        let outer: [Double]

        /// False only where `coverage` is surely 0: the shape's tallest extent in the column misses the row.
        @inline(__always)
        func mayCover(column c: Int, row y: Int) -> Bool {
            let top = Double(y) - centerY, bottom = top + 1
            let outerHalf = outer[c]
            return !(outerHalf <= 0 || bottom <= -outerHalf || top >= outerHalf)
        }

        /// Coverage (0…1) of the pixel in column `c` (index into the profile's columns) and row `y`.
        @inline(__always)
        public func coverage(column c: Int, row y: Int) -> Float {
            if !mayCover(column: c, row: y) { return 0 }
            let top = Double(y) - centerY, bottom = top + 1
            let innerHalf = inner[c]
            if top >= -innerHalf && bottom <= innerHalf { return 1 }
            var covered = 0.0
            let base = c * RoundedSquare.subColumns
            for k in 0..<RoundedSquare.subColumns {
                let h = heights[base + k]
                if h <= 0 { continue }
                covered += max(0, min(bottom, h) - max(top, -h))
            }
            return Float(covered * widths[c] / Double(RoundedSquare.subColumns))
        }
    }
}
