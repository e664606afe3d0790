/// What a (sub)command accepts, and the text its `--help` shows.
struct CommandSpec: Sendable {
    /// `gallery-render render`, as usage lines spell it.
    let commandName: String
    let abstract: String
    /// Positional arguments: name and help, e.g. ("photos", "…").
    let arguments: [(name: String, help: String)]
    /// Option groups in help order, e.g. ("SCENE OPTIONS", [...]).
    let optionGroups: [(title: String, options: [OptionSpec])]
    /// Extra paragraphs at the end of help (device list, examples).
    let discussion: String?
    /// The short usage line after "USAGE: ".
    let usage: String

    var options: [OptionSpec] { optionGroups.flatMap(\.options) }

    func option(named name: String) -> OptionSpec? { options.first { $0.name == name } }
    func option(short: Character) -> OptionSpec? { options.first { $0.short == short } }
}
