/// The bash completion script: `complete -F _gallery_render gallery-render`.
enum BashCompletion {
    static var script: String {
        let commands = CompletionShell.commands
        let names = commands.map(\.name).joined(separator: " ")
        var optionCases: [String] = []
        var valueCases: [String] = []
        for (name, spec) in commands {
            let options = spec.options.flatMap { option in
                ["--\(option.name)"] + (option.short.map { ["-\($0)"] } ?? [])
            }
            optionCases.append("        \(name)) options=\"\(options.joined(separator: " "))\" ;;")
            for option in spec.options {
                let spellings = (["--\(option.name)"] + (option.short.map { ["-\($0)"] } ?? [])).map { "\(name):\($0)" }
                let pattern = spellings.joined(separator: "|")
                switch option.completion {
                case .none: continue
                case .words(let words):
                    valueCases.append(
                        "        \(pattern)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\")); return ;;"
                    )
                case .file: valueCases.append("        \(pattern)) _gallery_render_files; return ;;")
                case .directory: valueCases.append("        \(pattern)) _gallery_render_files -d; return ;;")
                case .text: valueCases.append("        \(pattern)) COMPREPLY=(); return ;;")
                }
            }
        }
        return """
            # bash completion for gallery-render (gallery-render --generate-completion-script bash)

            _gallery_render_files() {
                compopt -o filenames 2>/dev/null
                COMPREPLY=($(compgen ${1:--f} -- "$cur"))
            }

            _gallery_render() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                local subcommand=render explicit=0 i options=""
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case "${COMP_WORDS[i]}" in
                        \(commands.map(\.name).joined(separator: "|"))) subcommand="${COMP_WORDS[i]}"; explicit=1; break ;;
                    esac
                done
                case "$subcommand:$prev" in
            \(valueCases.joined(separator: "\n"))
                esac
                case "$subcommand" in
            \(optionCases.joined(separator: "\n"))
                esac
                if [[ $cur == -* ]]; then
                    [[ $COMP_CWORD -eq 1 ]] && options="$options --version --verbose --help --generate-completion-script"
                    COMPREPLY=($(compgen -W "$options" -- "$cur"))
                    return
                fi
                if [[ $COMP_CWORD -eq 1 && $explicit -eq 0 ]]; then
                    COMPREPLY=($(compgen -W "\(names) help" -- "$cur"))
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
