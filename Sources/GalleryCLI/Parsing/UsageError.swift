/// A usage error: printed as `Error: …`, the usage line and a pointer to `--help`; exit 64.
struct UsageError: Error, Sendable, Equatable {
    let message: String

    init(_ message: String) { self.message = message }

    static func invalidValue(_ value: String, for option: OptionSpec, _ reason: String) -> UsageError {
        UsageError("The value '\(value)' is invalid for '\(option.displayName)': \(reason)")
    }
}
