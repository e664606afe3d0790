/// The result of parsing a command line: positionals in order, and each option's last value.
struct ParsedArguments: Sendable {
    var positionals: [String] = []
    /// Option name → values in the order given (repeated options keep every value; the last wins).
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    /// The last value given for `name`.
    func value(_ name: String) -> String? { values[name]?.last }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// True when `name` was given, as a flag or with a value.
    func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }
}
