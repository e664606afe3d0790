/// A check on a parsed option value, beyond its type: a range or a bound. It gives the reason a
/// value fails, without the option's name, or nil when the value passes.
struct OptionCheck<Value: OptionValue>: Sendable {
    let reason: @Sendable (Value) -> String?

    /// Every value passes.
    static var any: OptionCheck { OptionCheck { _ in nil } }
}

extension OptionCheck where Value: Comparable {
    /// Greater than `floor`.
    static func greaterThan(_ floor: Value) -> OptionCheck {
        OptionCheck { $0 > floor ? nil : "must be greater than \(floor.optionText)" }
    }

    /// At least `minimum`.
    static func atLeast(_ minimum: Value) -> OptionCheck {
        OptionCheck { $0 >= minimum ? nil : "must be at least \(minimum.optionText)" }
    }

    /// At most `maximum`.
    static func atMost(_ maximum: Value) -> OptionCheck {
        OptionCheck { $0 <= maximum ? nil : "must be at most \(maximum.optionText)" }
    }

    /// Greater than `floor` and at most `maximum` (the first failing bound is named).
    static func greaterThan(_ floor: Value, atMost maximum: Value) -> OptionCheck {
        OptionCheck { greaterThan(floor).reason($0) ?? atMost(maximum).reason($0) }
    }

    /// Within `range`, said as "from A to B".
    static func from(_ range: ClosedRange<Value>) -> OptionCheck {
        OptionCheck {
            range.contains($0)
                ? nil : "must be from \(range.lowerBound.optionText) to \(range.upperBound.optionText)"
        }
    }
}

extension OptionCheck where Value == String {
    /// Any text but the empty string (an empty path would mean the root or nothing).
    static var nonEmpty: OptionCheck { OptionCheck { $0.isEmpty ? "must not be empty" : nil } }
}

extension OptionCheck where Value == Int {
    /// A whole number within `range`; the message says both what and where.
    static func whole(_ range: ClosedRange<Int>) -> OptionCheck {
        OptionCheck {
            range.contains($0) ? nil : "must be a whole number from \(range.lowerBound) to \(range.upperBound)"
        }
    }
}
