import GalleryCore

/// An option that takes a value, declared once: its spelling, type, help, allowed values and checks.
/// Reading it gives the value when given, else nil: for options whose default depends on others
/// (`--height` on the layout), and for those whose absence means something.
struct Option<Value: OptionValue>: OptionDeclaration {
    let spec: OptionSpec
    let check: OptionCheck<Value>
    /// Replaces `Value.expectation` in the message for text that does not parse.
    let expectation: String?

    /// `defaultText` says in help what applies when the option is absent.
    init(
        _ name: String, short: Character? = nil, value valueName: String, help: String, defaultText: String? = nil,
        values: [String] = Value.allOptionTexts, check: OptionCheck<Value> = .any, expectation: String? = nil,
        completion: CompletionValue? = nil
    ) {
        spec = OptionSpec(
            name, short: short, value: valueName, help: help, default: defaultText, values: values,
            completion: completion)
        self.check = check
        self.expectation = expectation
    }

    func validate(_ text: String) throws(UsageError) { _ = try parse(text) }

    /// The value `text` spells, checked; a failure names the option. A file's or folder's path is
    /// taken without doubled slashes, as messages and reports then write it.
    func parse(_ text: String) throws(UsageError) -> Value {
        let text = spec.completion == .file || spec.completion == .directory ? SystemPath.single(text) : text
        guard let value = Value(optionText: text) else {
            // A value's own reason says what is wrong; otherwise the expectation, and the nearest name.
            if let reason = Value.reason(refusing: text) { throw .invalidValue(text, for: spec, reason) }
            throw .invalidValue(
                text, for: spec,
                (expectation ?? Value.expectation)
                    + Suggestion.hint(for: text, among: spec.values.isEmpty ? Value.namedTexts : spec.values))
        }
        if let reason = check.reason(value) { throw .invalidValue(text, for: spec, reason) }
        return value
    }
}
