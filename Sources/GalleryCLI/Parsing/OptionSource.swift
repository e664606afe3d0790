/// Where option values come from: a command line, or a manifest scene (whose camelCase keys are the
/// long option names). Values are text either way, so both go through the same declarations.
protocol OptionSource: Sendable {
    /// The value of option `name` (long name, kebab-case), or nil.
    func value(_ name: String) -> String?
    /// True when flag `name` is set.
    func flag(_ name: String) -> Bool
    /// True when option `name` is given by this source itself, not inherited (a manifest's defaults).
    func givenHere(_ name: String) -> Bool
    /// How many times option `name` is given (a command line may repeat one; the last value wins).
    func timesGiven(_ name: String) -> Int
}

extension ParsedArguments: OptionSource {
    func timesGiven(_ name: String) -> Int { values[name]?.count ?? (flags.contains(name) ? 1 : 0) }
}

extension OptionSource {
    func has(_ name: String) -> Bool { value(name) != nil || flag(name) }

    func givenHere(_ name: String) -> Bool { has(name) }

    func timesGiven(_ name: String) -> Int { has(name) ? 1 : 0 }

    /// True when the option was given, with a value or as a flag.
    func has(_ option: some OptionDeclaration) -> Bool { has(option.spec.name) }

    /// The option's value when given, parsed and checked; nil when absent.
    func read<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
        guard let text = value(option.spec.name) else { return nil }
        return try option.parse(text)
    }

    /// The option's value when given, parsed and checked; its default when absent.
    func read<Value>(_ option: DefaultedOption<Value>) throws(UsageError) -> Value {
        try read(option.option) ?? option.defaultValue
    }

    /// True when the flag is set.
    func isSet(_ flag: Flag) -> Bool { self.flag(flag.spec.name) }
}
