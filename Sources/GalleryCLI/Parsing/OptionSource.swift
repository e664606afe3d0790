/// Where option values come from: a command line, or a manifest scene (whose camelCase keys are the
/// long option names). Values are text either way, so both go through the same parsing and checks.
protocol OptionSource: Sendable {
    /// The value of option `name` (long name, kebab-case), or nil.
    func value(_ name: String) -> String?
    /// True when flag `name` is set.
    func flag(_ name: String) -> Bool
}

extension ParsedArguments: OptionSource {}

extension OptionSource {
    func has(_ name: String) -> Bool { value(name) != nil || flag(name) }
}
