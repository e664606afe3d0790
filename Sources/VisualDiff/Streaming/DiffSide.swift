/// Which of the two images compared: the baseline (expected) or the new render (actual).
public enum DiffSide: Int, Sendable, Hashable, CaseIterable {
    case expected = 0
    case actual = 1

    /// The worker or image with this position (0: expected, 1: actual).
    init(_ position: Int) { self = position == 0 ? .expected : .actual }

    /// The other image.
    var other: DiffSide { self == .expected ? .actual : .expected }

    /// This side's index in two-element arrays.
    var index: Int { rawValue }
}
