/// The bash completion script: `complete -F _gallery_render gallery-render`.
enum BashCompletion {
    static var script: String {
        let commands = CompletionShell.commands
        let optionCases = commands.map { name, spec in
            "        \(name)) options=\"\(spec.options.flatMap(spellings).joined(separator: " "))\" ;;"
        }
        let valueCases = commands.flatMap { name, spec in spec.options.compactMap { valueCase($0, of: name) } }
        return template(names: commands.map(\.name), valueCases: valueCases, optionCases: optionCases)
    }

    /// The root's options (`--version`, …), offered as the first word.
    private static var rootOptions: String { RootOptions.specs.flatMap(spellings).joined(separator: " ") }

    /// The arms completing a root option's value as the second word (`--generate-completion-script`'s
    /// shells).
    private static var rootValueCases: String {
        RootOptions.specs.compactMap { option in
            guard case .words(let words) = option.completion else { return nil }
            let pattern = spellings(option).joined(separator: "|")
            return
                "        \(pattern)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return ;;"
        }.joined(separator: "\n")
    }

    /// How `option` is written: its long name, then its short one.
    private static func spellings(_ option: OptionSpec) -> [String] {
        ["--\(option.name)"] + (option.short.map { ["-\($0)"] } ?? [])
    }

    /// The `case "$subcommand:$prev"` arm completing `option`'s value in `command`; nil for a flag.
    private static func valueCase(_ option: OptionSpec, of command: String) -> String? {
        let pattern = spellings(option).map { "\(command):\($0)" }.joined(separator: "|")
        return switch option.completion {
        case .none: nil
        case .words(let words):
            "        \(pattern)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return ;;"
        case .file: "        \(pattern)) _gallery_render_files; return ;;"
        case .directory: "        \(pattern)) _gallery_render_files -d; return ;;"
        case .text: "        \(pattern)) COMPREPLY=(); return ;;"
        }
    }

    /// The script around the subcommands' `names` and their cases.
    private static func template(names: [String], valueCases: [String], optionCases: [String]) -> String {
        """
        # bash completion for gallery-render (gallery-render --generate-completion-script bash)

        _gallery_render_files() {
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen ${1:--f} -- "$cur"))
        }

        _gallery_render() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
            local subcommand=render explicit=0 i options=""
            if [[ $COMP_CWORD -ge 2 && ${COMP_WORDS[1]} == help ]]; then
                # `help SUBCOMMAND`, and nothing after it.
                COMPREPLY=()
                [[ $COMP_CWORD -eq 2 ]] && COMPREPLY=($(compgen -W "\(names.joined(separator: " "))" -- "$cur"))
                return
            fi
            for ((i = 1; i < COMP_CWORD; i++)); do
                case "${COMP_WORDS[i]}" in
                    \(names.joined(separator: "|"))) subcommand="${COMP_WORDS[i]}"; explicit=1; break ;;
                esac
            done
            if [[ $COMP_CWORD -eq 2 ]]; then
                case "$prev" in
            \(rootValueCases)
                esac
            fi
            case "$subcommand:$prev" in
        \(valueCases.joined(separator: "\n"))
            esac
            case "$subcommand" in
        \(optionCases.joined(separator: "\n"))
            esac
            if [[ $cur == -* ]]; then
                [[ $COMP_CWORD -eq 1 ]] && options="$options \(rootOptions) --help"
                COMPREPLY=($(compgen -W "$options" -- "$cur"))
                return
            fi
            if [[ $COMP_CWORD -eq 1 && $explicit -eq 0 ]]; then
                COMPREPLY=($(compgen -W "\(names.joined(separator: " ")) help" -- "$cur"))
                compopt -o filenames 2>/dev/null
                COMPREPLY+=($(compgen -f -- "$cur"))
                return
            fi
            _gallery_render_files
        }

        complete -F _gallery_render gallery-render

        """
    }
}
