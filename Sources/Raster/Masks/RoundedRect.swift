/// A rectangle with rounded corners, in frame pixels, that can say how much of any pixel it covers.
/// Its corners are quarter ellipses of radii `radiusX` × `radiusY`: equal for a rounded card, the
/// half sides for a circle (a square's) or the ellipse inscribed in a non-square item.
///
/// Coverage is computed from the exact geometry, not by snapping the edge to pixels: within a pixel
/// column the shape spans [cy − h(x), cy + h(x)] exactly, so the covered height of a pixel is exact;
/// that height is averaged over 16 sub-columns across the part of the pixel inside the shape's
/// x-extent (midpoint rule): straight edges come out exact, curved ones within 1/1000 of a pixel
/// (an ellipse under a pixel wide, whose sides are nearly vertical: within 3/100, measured).
public struct RoundedRect: Sendable, Hashable {
    public var centerX: Double
    public var centerY: Double
    public var halfWidth: Double
    public var halfHeight: Double
    /// The corners' radii, clamped to 0…halfWidth and 0…halfHeight.
    public var radiusX: Double
    public var radiusY: Double

    public init(
        centerX: Double, centerY: Double, halfWidth: Double, halfHeight: Double, radiusX: Double, radiusY: Double
    ) {
        (self.centerX, self.centerY) = (centerX, centerY)
        (self.halfWidth, self.halfHeight) = (max(0, halfWidth), max(0, halfHeight))
        self.radiusX = min(max(0, radiusX), self.halfWidth)
        self.radiusY = min(max(0, radiusY), self.halfHeight)
    }

    /// The same shape shrunk by `inset` on every side, its corners' radii with it (an ellipse's inset
    /// is the ellipse of the inset half sides, as the projected painter's `PlaneMask`).
    public func inset(by inset: Double) -> RoundedRect {
        RoundedRect(
            centerX: centerX, centerY: centerY, halfWidth: halfWidth - inset, halfHeight: halfHeight - inset,
            radiusX: radiusX - inset, radiusY: radiusY - inset)
    }

    static let subColumns = 16

    /// Half-height of the shape at horizontal distance `dx` from its centre (negative outside).
    func halfHeight(at dx: Double) -> Double {
        let dx = abs(dx)
        guard dx < halfWidth else { return -1 }
        let straight = halfWidth - radiusX
        guard dx > straight else { return halfHeight }
        let d = dx - straight
        // (ry/rx)·√(rx² − d²): exactly the circle's √(r² − d²) when the radii are equal.
        return (halfHeight - radiusY) + radiusY / radiusX * (radiusX * radiusX - d * d).squareRoot()
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
            let left = max(Double(column), centerX - halfWidth), right = min(Double(column + 1), centerX + halfWidth)
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
            let base = c * RoundedRect.subColumns
            for k in 0..<RoundedRect.subColumns {
                let h = heights[base + k]
                if h <= 0 { continue }
                covered += max(0, min(bottom, h) - max(top, -h))
            }
            return Float(covered * widths[c] / Double(RoundedRect.subColumns))
        }
    }
}
