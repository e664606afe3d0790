/// An invalid layout parameter, named as the command line and manifests spell it (camelCase).
public struct LayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The parameter at fault, e.g. `itemSize`.
    public let parameter: String
    /// Why it is invalid.
    public let reason: String

    public init(parameter: String, reason: String) {
        self.parameter = parameter
        self.reason = reason
    }

    public var description: String { "\(parameter): \(reason)" }

    /// Lengths in points may not exceed this (a million points is far beyond any screen), so every
    /// derived pixel count stays far inside integer range.
    static let largestLength = 1_000_000.0
    /// Offsets may not exceed this magnitude.
    static let largestOffset = 1_000_000_000.0

    /// Checks a finite `value` in `range`; `positive` excludes the lower bound 0.
    static func check(
        _ value: Double, _ parameter: String, in range: ClosedRange<Double> = -largestLength...largestLength,
        positive: Bool = false
    ) throws(LayoutError) {
        guard value.isFinite else {
            throw LayoutError(parameter: parameter, reason: "must be a finite number, not \(value)")
        }
        if positive, value <= 0 {
            throw LayoutError(parameter: parameter, reason: "must be greater than 0, not \(value)")
        }
        guard range.contains(value) else {
            throw LayoutError(
                parameter: parameter,
                reason: "must be from \(format(range.lowerBound)) to \(format(range.upperBound)), not \(value)")
        }
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
