/// When two lengths computed from a user's decimal numbers are the same length.
///
/// 399.9 and 3 × 133.3 are equal as the decimals typed but not as their nearest binary values, so
/// comparing the Doubles exactly would break the contract's ties ("ties to the lower index") by
/// rounding noise. Lengths tie when they differ by at most 2⁻⁴⁶ (≈ 1.4·10⁻¹⁴, 64 units in the last
/// place) of the magnitude they were computed at: about 25 times what a few operations on decimal
/// inputs leave (a snap's projection included: DecelerationRate.complement), and 1.3·10⁻⁵ pt at the
/// largest offset a frame may have (10⁹ pt), where 0.0008 pt is still no tie.
enum Tie {
    static let tolerance = 0x1p-46

    /// True when `a` and `b` are the same length, computed from values of up to `magnitude` points.
    static func equal(_ a: Double, _ b: Double, magnitude: Double) -> Bool {
        abs(a - b) <= tolerance * max(abs(a), abs(b), abs(magnitude))
    }
}
