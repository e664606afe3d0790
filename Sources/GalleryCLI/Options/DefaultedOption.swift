/// An option that takes a value and has a default: the library's value, the only copy, which help
/// shows as "(default: …)". Reading it always gives a value.
struct DefaultedOption<Value: OptionValue>: OptionDeclaration {
    let option: Option<Value>
    let defaultValue: Value

    init(
        _ name: String, short: Character? = nil, value valueName: String, help: String, default defaultValue: Value,
        values: [String] = Value.allOptionTexts, check: OptionCheck<Value> = .any, expectation: String? = nil,
        completion: CompletionValue? = nil
    ) {
        option = Option(
            name, short: short, value: valueName, help: help, defaultText: defaultValue.optionText, values: values,
            check: check, expectation: expectation, completion: completion)
        self.defaultValue = defaultValue
    }

    var spec: OptionSpec { option.spec }

    func validate(_ text: String) throws(UsageError) { try option.validate(text) }
}
