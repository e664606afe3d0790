/// Flags of which at most one may be given, read as one value: swift-argument-parser's
/// `@Flag(exclusivity: .exclusive)` over an enum. `--record`, `--record-missing` and `--record-failed`
/// are one declaration, a `RecordMode`.
struct ExclusiveFlags<Value: Sendable>: FlagChoice {
    /// Each flag and the value it stands for, in help order.
    let choices: [Choice]
    /// The value when none is given.
    let absent: Value

    struct Choice: Sendable {
        let flag: Flag
        let value: Value
    }

    init(_ choices: [Choice], absent: Value) {
        self.choices = choices
        self.absent = absent
    }

    var specs: [OptionSpec] { choices.map(\.flag.spec) }

    /// The value of the flag given, `absent` when none; two or more is a usage error naming them.
    func read(_ source: any OptionSource) throws(UsageError) -> Value {
        let given = choices.filter { source.isSet($0.flag) }
        if given.count > 1 {
            throw .exclusive(given.map(\.flag.spec))
        }
        return given.first?.value ?? absent
    }
}

extension ExclusiveFlags.Choice {
    init(_ flag: Flag, _ value: Value) {
        self.flag = flag
        self.value = value
    }
}
