/// An invalid layout parameter, with the values that make it invalid.
public enum LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A number that is NaN or infinite.
    case notFinite(LayoutParameter, Double)
    /// A number that must be greater than 0.
    case notPositive(LayoutParameter, Double)
    /// A number outside the range allowed for it.
    case outOfRange(LayoutParameter, Double, allowed: ClosedRange<Double>)
    /// A number that must be at least 0 and below `limit` (a page's inset: under half the viewport).
    case notBelow(LayoutParameter, Double, limit: Double)
    /// A negative item count.
    case negativeCount(Int)
    /// A grid column count outside 1…10000.
    case columnCount(Int, allowed: ClosedRange<Int>)
    /// Grid: the columns leave cells of `side` points (under 0.001) in the viewport's width;
    /// `sizeGiven` when the side was set rather than derived from the columns.
    case cellTooSmall(columns: Int, side: Double, viewportWidth: Double, sizeGiven: Bool)
    /// Grid: `columns` cells of `side` points are wider than the viewport.
    case cellsTooWide(columns: Int, side: Double, viewportWidth: Double)
    /// A deletion of an item the gallery does not have.
    case noSuchItem(Int, count: Int)
    /// A compositional section's insets (their sum across one axis) leave no room in the viewport.
    case insetsTooLarge(Double, viewport: Double)
    /// A motion whose frames would draw more than `limit` items in all (an item drawn in a frame
    /// counts once): its planned frames would take gigabytes.
    case tooManyPlacements(frames: Int, limit: Int)

    /// The parameter at fault.
    public var parameter: LayoutParameter {
        switch self {
        case .notFinite(let parameter, _), .notPositive(let parameter, _), .outOfRange(let parameter, _, _),
            .notBelow(let parameter, _, _):
            parameter
        case .negativeCount: .count
        case .columnCount: .columns
        case .cellTooSmall(_, _, _, let sizeGiven): sizeGiven ? .itemSize : .columns
        case .cellsTooWide: .itemSize
        case .noSuchItem: .delete
        case .insetsTooLarge: .contentInsets
        case .tooManyPlacements: .count
        }
    }

    /// Why it is invalid, without the parameter's name: "must be greater than 0, not -3.0".
    public var reason: String {
        switch self {
        case .notFinite(_, let value): "must be a finite number, not \(value)"
        case .notPositive(_, let value): "must be greater than 0, not \(Self.format(value))"
        // The bound passed, alone: a positive parameter's range starts at 0, which it may not be.
        case .outOfRange(_, let value, let allowed):
            value > allowed.upperBound
                ? "must be at most \(Self.format(allowed.upperBound)), not \(Self.format(value))"
                : "must be at least \(Self.format(allowed.lowerBound)), not \(Self.format(value))"
        case .notBelow(_, let value, let limit):
            "must be at least 0 and less than \(Self.format(limit)), not \(Self.format(value))"
        case .negativeCount: "must not be negative"
        case .columnCount(let columns, let allowed):
            columns < allowed.lowerBound
                ? "must be at least \(allowed.lowerBound), not \(columns)"
                : "must be at most \(allowed.upperBound), not \(columns)"
        case .cellTooSmall(let columns, let side, let width, _):
            "\(columns) columns leave a cell side of \(side) pt in a \(width) pt viewport"
        case .cellsTooWide(let columns, let side, let width): "\(columns) cells of \(side) pt do not fit in \(width) pt"
        case .noSuchItem(let index, let count):
            count == 0 ? "the gallery has no items to delete" : "must be from 0 to \(count - 1), not \(index)"
        case .insetsTooLarge(let sum, let viewport):
            "insets of \(Self.format(sum)) pt across leave no room in a \(Self.format(viewport)) pt viewport"
        case .tooManyPlacements(let frames, let limit):
            "the motion's \(frames) frames would draw more than \(limit) items in all (each item once a frame it is drawn in): fewer or larger items, a lower frame rate or a shorter motion"
        }
    }

    public var description: String { "\(parameter.rawValue): \(reason)" }

    /// Lengths in points may not exceed this (a million points is far beyond any screen), so every
    /// derived pixel count stays far inside integer range.
    public static let largestLength = 1_000_000.0
    /// Offsets may not exceed this magnitude.
    static let largestOffset = 1_000_000_000.0

    /// The offsets a frame may be asked for, in points.
    public static let offsetRange = -largestOffset...largestOffset

    /// Checks a finite `value` in `range`; `positive` excludes the lower bound 0.
    static func check(
        _ value: Double, _ parameter: LayoutParameter, in range: ClosedRange<Double> = -largestLength...largestLength,
        positive: Bool = false
    ) throws(LayoutError) {
        guard value.isFinite else { throw .notFinite(parameter, value) }
        if positive, value <= 0 { throw .notPositive(parameter, value) }
        guard range.contains(value) else { throw .outOfRange(parameter, value, allowed: range) }
    }

    /// Whole numbers without ".0" (1000000000), others as Swift prints them, shortest.
    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
