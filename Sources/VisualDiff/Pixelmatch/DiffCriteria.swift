/// When two images count as matching: pixelmatch's per-pixel measure plus limits on how many pixels
/// may differ.
///
/// Without limits, any differing pixel is a difference. With `maxDiffPixels` and/or `maxDiffRatio`,
/// each given limit must hold (as Playwright's `maxDiffPixels` / `maxDiffPixelRatio` combine).
public struct DiffCriteria: Sendable, Hashable {
    /// pixelmatch's threshold in 0…1: a pixel differs when its YIQ distance exceeds 35215 · t².
    public var threshold: Double
    /// Count anti-aliased pixels too.
    public var includeAA: Bool
    public var maxDiffPixels: Int?
    public var maxDiffRatio: Double?
    /// swift-snapshot-testing's `perceptualPrecision` (0…1): when set, the per-pixel measure is
    /// CIE ΔE 1994 (`DeltaE94`) instead of pixelmatch's, and `threshold`/`includeAA` are not used.
    public var perceptualPrecision: Double?

    public init(
        threshold: Double = 0.1, includeAA: Bool = false, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil,
        perceptualPrecision: Double? = nil
    ) {
        self.threshold = threshold
        self.includeAA = includeAA
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
        self.perceptualPrecision = perceptualPrecision
    }

    /// True when `diffPixels` of `totalPixels` is within the limits.
    public func accepts(diffPixels: Int, totalPixels: Int) -> Bool {
        if maxDiffPixels == nil && maxDiffRatio == nil { return diffPixels == 0 }
        if let maxDiffPixels, diffPixels > maxDiffPixels { return false }
        // Counts are whole: a millionth of a pixel absorbs the rounding of a ratio such as 1 − 0.9
        // (0.09999999999999998), so exactly 10 % passes --precision 0.9, and admits no other pixel.
        if let maxDiffRatio, totalPixels > 0, Double(diffPixels) > maxDiffRatio * Double(totalPixels) + 1e-6 {
            return false
        }
        return true
    }
}
