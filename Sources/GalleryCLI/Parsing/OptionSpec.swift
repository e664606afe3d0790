/// One command-line option: its spelling, value and help, as swift-argument-parser shows them.
struct OptionSpec: Sendable, Equatable {
    /// Long name without dashes, e.g. `width`.
    let name: String
    /// Optional one-letter alias, e.g. `o`.
    let short: Character?
    /// The value's placeholder (`pt`, `color`), or nil for a flag.
    let valueName: String?
    let help: String
    /// Shown as "(default: …)"; for enum-like options the values are shown too.
    let defaultText: String?
    let values: [String]
    /// What a shell offers after it: `completion` as declared (a file, a folder), else nothing for a
    /// flag, the words of a closed set, or free text.
    let completion: CompletionValue

    init(
        _ name: String, short: Character? = nil, value: String? = nil, help: String, default defaultText: String? = nil,
        values: [String] = [], completion: CompletionValue? = nil
    ) {
        self.name = name
        self.short = short
        self.valueName = value
        self.help = help
        self.defaultText = defaultText
        self.values = values
        self.completion = completion ?? (value == nil ? .none : values.isEmpty ? .text : .words(values))
    }

    var isFlag: Bool { valueName == nil }

    /// `--width <pt>` or `-o, --output <path>`.
    var synopsis: String {
        let long = "--\(name)" + (valueName.map { " <\($0)>" } ?? "")
        return short.map { "-\($0), \(long)" } ?? long
    }

    /// `--width <pt>` as error messages name it.
    var displayName: String { "--\(name)" + (valueName.map { " <\($0)>" } ?? "") }
}
