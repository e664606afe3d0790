/// The shells `--generate-completion-script` writes for, as swift-argument-parser spells them.
enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The completion script: subcommands, each one's options, enum values and paths.
    var script: String {
        switch self {
        case .bash: BashCompletion.script
        case .zsh: ZshCompletion.script
        case .fish: FishCompletion.script
        }
    }

    /// The subcommands and their specs, `render` (the default) first.
    static var commands: [(name: String, spec: CommandSpec)] {
        RootOptions.subcommands.map { ($0.name, $0.command.spec) }
    }
}
