/// A usage error: printed as `Error: …`, the usage line and a pointer to `--help`; exit 64.
struct UsageError: Error, Sendable, Equatable {
    let message: String
    /// The option at fault (long name), when one is.
    let option: String?
    /// The reason alone, without the option's name.
    let reason: String

    init(_ message: String) {
        self.message = message
        option = nil
        reason = message
    }

    private init(message: String, option: String, reason: String) {
        self.message = message
        self.option = option
        self.reason = reason
    }

    /// The option was not given, and its default does not fit with the others.
    static func defaultDoesNotFit(_ option: OptionSpec, _ reason: String) -> UsageError {
        UsageError(
            message: "'\(option.displayName)' at its default does not fit: \(reason)", option: option.name,
            reason: "at its default: \(reason)")
    }

    static func invalidValue(_ value: String, for option: OptionSpec, _ reason: String) -> UsageError {
        UsageError(
            message: "The value '\(value)' is invalid for '\(option.displayName)': \(reason)", option: option.name,
            reason: "the value '\(value)' is invalid: \(reason)")
    }
}
