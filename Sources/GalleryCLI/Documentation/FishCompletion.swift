/// The fish completion script: `complete -c gallery-render …`, one line per subcommand and option.
enum FishCompletion {
    static var script: String {
        let commands = CompletionShell.commands
        let names = commands.map(\.name).joined(separator: " ")
        let others = commands.map(\.name).filter { $0 != "render" }.joined(separator: " ")
        var lines = [
            "# fish completion for gallery-render (gallery-render --generate-completion-script fish)",
            "complete -c gallery-render -f",
            // `help` as the first word, not anywhere (a caption or a folder may be called help).
            "function __gallery_render_after_help; set -l words (commandline -opc); test (count $words) -ge 2; and test \"$words[2]\" = help; end",
        ]
        for (name, spec) in commands {
            lines.append(
                "complete -c gallery-render -n __fish_use_subcommand -a \(name) -d \(quoted(CompletionValue.summary(spec.abstract)))"
            )
        }
        for (name, spec) in commands {
            // render is the default: its options apply until another subcommand is named.
            // After `help` only subcommands are offered, once.
            let condition =
                name == "render"
                ? "'not __fish_seen_subcommand_from \(others); and not __gallery_render_after_help'"
                : "'__fish_seen_subcommand_from \(name); and not __gallery_render_after_help'"
            lines.append("complete -c gallery-render -n \(condition) -F")
            lines += spec.options.map { line($0, when: condition) }
        }
        // `help SUBCOMMAND`, as swift-argument-parser's script offers it.
        lines.append(
            "complete -c gallery-render -n __fish_use_subcommand -a help -d \(quoted(CompletionValue.summary(RootOptions.helpAbstract)))"
        )
        lines.append(
            "complete -c gallery-render -n '__gallery_render_after_help; and test (count (commandline -opc)) -eq 2' -x -a \(quoted(names))"
        )
        // The root's own options, before any subcommand.
        lines += RootOptions.specs.map { line($0, when: "__fish_use_subcommand") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The `complete` line offering `option` (and its values) when `condition` holds.
    private static func line(_ option: OptionSpec, when condition: String) -> String {
        var line = "complete -c gallery-render -n \(condition) -l \(option.name)"
        if let short = option.short { line += " -s \(short)" }
        switch option.completion {
        case .none: break
        case .words(let words): line += " -x -a \(quoted(words.joined(separator: " ")))"
        case .file: line += " -r -F"
        case .directory: line += " -x -a '(__fish_complete_directories)'"
        case .text: line += " -x"
        }
        return line + " -d \(quoted(CompletionValue.summary(option.help)))"
    }

    /// `'text'`, with fish's escapes for quotes and backslashes.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
