/// The images a report shows for one frame, relative to the report's folder (nil: none).
public struct ReportImages: Sendable, Hashable, Codable {
    public var expected: String?
    public var actual: String?
    public var diff: String?

    public init(expected: String? = nil, actual: String? = nil, diff: String? = nil) {
        (self.expected, self.actual, self.diff) = (expected, actual, diff)
    }

    /// The image labelled `expected`, `actual` or `diff`.
    subscript(label: String) -> String? {
        get {
            switch label {
            case "expected": expected
            case "actual": actual
            default: diff
            }
        }
        set {
            switch label {
            case "expected": expected = newValue
            case "actual": actual = newValue
            default: diff = newValue
            }
        }
    }
}
