/// When two lengths computed from a user's decimal numbers are the same length.
///
/// 399.9 and 3 × 133.3 are equal as the decimals typed but not as their nearest binary values, so
/// comparing the Doubles exactly would break the contract's ties ("ties to the lower index") by
/// rounding noise. Lengths tie when they differ by at most 2⁻⁴⁰ (≈ 9·10⁻¹³) of the magnitude they
/// were computed at: over a thousand times what a few operations on decimal inputs leave, and under
/// a thousandth of a point even at the largest offset a frame may have (10⁹ pt).
enum Tie {
    static let tolerance = 0x1p-40

    /// True when `a` and `b` are the same length, computed from values of up to `magnitude` points.
    static func equal(_ a: Double, _ b: Double, magnitude: Double) -> Bool {
        abs(a - b) <= tolerance * max(abs(a), abs(b), abs(magnitude))
    }
}
