/// Typed readers for option values; every failure names the option.
struct ValueParsing {
    let source: any OptionSource
    let spec: CommandSpec

    private func option(_ name: String) -> OptionSpec {
        spec.option(named: name) ?? OptionSpec(name, value: "value", help: "")
    }

    /// A finite number, optionally with a lower bound.
    func number(
        _ name: String, greaterThan floor: Double? = nil, atLeast minimum: Double? = nil, atMost maximum: Double? = nil
    ) throws(UsageError) -> Double? {
        guard let text = source.value(name) else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw .invalidValue(text, for: option(name), "must be a finite number")
        }
        if let floor, value <= floor {
            throw .invalidValue(text, for: option(name), "must be greater than \(format(floor))")
        }
        if let maximum, value > maximum {
            throw .invalidValue(text, for: option(name), "must be at most \(format(maximum))")
        }
        if let minimum, value < minimum {
            throw .invalidValue(text, for: option(name), "must be at least \(format(minimum))")
        }
        return value
    }

    /// A whole number within `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = source.value(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw .invalidValue(
                text, for: option(name), "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// One of the option's listed values.
    func choice(_ name: String) throws(UsageError) -> String? {
        guard let text = source.value(name) else { return nil }
        let allowed = option(name).values
        guard allowed.contains(text) else {
            throw .invalidValue(text, for: option(name), "must be one of \(allowed.joined(separator: ", "))")
        }
        return text
    }

    /// Any text, checked by `transform`, which returns nil for invalid values.
    func custom<T>(_ name: String, expected: String, _ transform: (String) -> T?) throws(UsageError) -> T? {
        guard let text = source.value(name) else { return nil }
        guard let value = transform(text) else { throw .invalidValue(text, for: option(name), expected) }
        return value
    }

    func format(_ value: Double) -> String { JSONValue.format(value) }
}
