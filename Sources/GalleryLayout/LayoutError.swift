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

    static func check(_ value: Double, _ parameter: String, positive: Bool = false, nonNegative: Bool = false)
        throws(LayoutError)
    {
        guard value.isFinite else {
            throw LayoutError(parameter: parameter, reason: "must be a finite number, not \(value)")
        }
        if positive, value <= 0 {
            throw LayoutError(parameter: parameter, reason: "must be greater than 0, not \(value)")
        }
        if nonNegative, value < 0 {
            throw LayoutError(parameter: parameter, reason: "must not be negative, not \(value)")
        }
    }
}
