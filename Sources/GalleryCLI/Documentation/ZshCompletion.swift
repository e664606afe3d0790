/// The zsh completion script (`#compdef gallery-render`), with `_arguments` for each subcommand.
enum ZshCompletion {
    static var script: String {
        let commands = CompletionShell.commands
        let described = (commands.map(\.name) + ["help"]).map { name in
            let abstract = RootOptions.subcommand(name)?.spec.abstract ?? RootOptions.helpAbstract
            return "        '\(name):\(quoted(CompletionValue.summary(abstract), inBrackets: false))'"
        }
        let cases = commands.map { name, spec in
            // The default subcommand's first word may be one of the root's options too.
            let specs = (name == "render" ? ["\"${root[@]}\""] : []) + spec.options.map(argument) + [positional(spec)]
            return "        \(name))\n            _arguments -s \\\n"
                + specs.map { "                \($0)" }.joined(separator: " \\\n")
                + "\n            ;;"
        }
        let root = RootOptions.specs.map { "        \(argument($0))" }.joined(separator: "\n")
        return """
            #compdef gallery-render
            # zsh completion for gallery-render (gallery-render --generate-completion-script zsh)

            _gallery_render() {
                local -a subcommands
                subcommands=(
            \(described.joined(separator: "\n"))
                )
                local -a root
                root=(
            \(root)
                )
                local subcommand=render
                if (( CURRENT > 2 )) && (( ${subcommands[(I)${words[2]}:*]} )); then
                    subcommand=${words[2]}
                    shift words
                    (( CURRENT-- ))
                elif (( CURRENT == 2 )) && [[ ${words[2]} != -* ]]; then
                    _describe -t subcommands 'subcommand' subcommands
                    _files
                    return
                elif (( CURRENT > 2 )) && [[ " ${(j: :)${root[@]%%\\[*}} " == *" ${words[2]} "* ]]; then
                    # After a root option (--generate-completion-script's shell): its value only.
                    _arguments -s "${root[@]}"
                    return
                elif (( CURRENT > 2 )); then
                    root=()
                fi
                case $subcommand in
            \(cases.joined(separator: "\n"))
                    help)
                        (( CURRENT == 2 )) && _describe -t subcommands 'subcommand' subcommands
                        ;;
                esac
            }

            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
                # Autoloaded from $fpath as _gallery-render: complete now.
                _gallery_render "$@"
            elif (( $+functions[compdef] )); then
                # Sourced after compinit: source <(gallery-render --generate-completion-script zsh)
                compdef _gallery_render gallery-render
            fi

            """
    }

    /// One `_arguments` spec: `'(-o --output)'{-o,--output}'[help]:path:_files'`.
    private static func argument(_ option: OptionSpec) -> String {
        let help = "[\(quoted(CompletionValue.summary(option.help)))]"
        let action: String
        switch option.completion {
        case .none: action = ""
        case .words(let words): action = ":\(option.valueName ?? "value"):(\(words.joined(separator: " ")))"
        case .file: action = ":\(option.valueName ?? "file"):_files"
        case .directory: action = ":\(option.valueName ?? "dir"):_files -/"
        case .text: action = ":\(option.valueName ?? "value"): "
        }
        guard let short = option.short else { return "'--\(option.name)\(help)\(action)'" }
        return "'(-\(short) --\(option.name))'{-\(short),--\(option.name)}'\(help)\(action)'"
    }

    /// The positional arguments: files (photos, a manifest, two images).
    private static func positional(_ spec: CommandSpec) -> String {
        "'*:\(spec.arguments.first?.name ?? "file"):_files'"
    }

    /// Text inside `'…'` (and `[…]`): a quote closed, escaped and reopened; in brackets, brackets and
    /// backslashes escaped for `_arguments` (all had been dropped, and colons: "pixelmatch s").
    private static func quoted(_ text: String, inBrackets: Bool = true) -> String {
        var quoted = ""
        for character in text {
            switch character {
            case "'": quoted += #"'\''"#
            case "[", "]", "\\": quoted += inBrackets ? "\\\(character)" : String(character)
            default: quoted.append(character)
            }
        }
        return quoted
    }
}
