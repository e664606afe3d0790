/// Renders `--help` in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, …
enum HelpFormatter {
    static func help(for spec: CommandSpec, subcommands: [(name: String, abstract: String)] = []) -> String {
        var text = wrapped("OVERVIEW: \(spec.abstract)") + "\n\n" + wrapped("USAGE: \(spec.usage)", indent: 7) + "\n"
        if !spec.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in spec.arguments { text += row("<\(argument.name)>", argument.help) }
        }
        for group in spec.optionGroups where !group.options.isEmpty {
            text += "\n\(group.title):\n"
            for option in group.options { text += row(option.synopsis, describe(option)) }
        }
        if !subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n"
            for command in subcommands { text += row(command.name, command.abstract) }
            text += "\n  See 'gallery-render help <subcommand>' for detailed help.\n"
        }
        if let discussion = spec.discussion { text += "\n\(wrapped(discussion))\n" }
        return text
    }

    /// Help's width, as swift-argument-parser's without a terminal.
    static let width = 80

    /// `text` with each line longer than `width` broken at spaces, its continuation lines indented by
    /// `indent`; an indented line, an example command, `continued`. A word longer than the width
    /// stays whole.
    static func wrapped(_ text: String, indent: Int = 0) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.count > width else { return String(line) }
            let lead = line.prefix { $0 == " " }.count
            if lead > 0 { return continued(String(line), width: width).joined(separator: "\n") }
            var lines: [String] = []
            var current = ""
            for word in line.split(separator: " ") {
                if !current.isEmpty, current.count + 1 + word.count > width {
                    lines.append(current)
                    current = String(repeating: " ", count: indent)
                }
                current += current.allSatisfy({ $0 == " " }) ? String(word) : " " + word
            }
            lines.append(current)
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// A command line in lines of at most `width` columns, continued as a shell continues one (` \`
    /// at each break, the rest four columns deeper than the line's own indent), so that a copied
    /// line still runs (found by review: `-o` and its path landed on lines that read as two commands).
    static func continued(_ line: String, width: Int) -> [String] {
        let lead = line.prefix { $0 == " " }.count
        let hanging = String(repeating: " ", count: lead + 4)
        var lines: [String] = []
        var current = String(line.prefix(lead))
        for word in line.dropFirst(lead).split(separator: " ") {
            if !current.allSatisfy({ $0 == " " }), current.count + 1 + word.count > width - 2 {
                lines.append(current + " \\")
                current = hanging
            }
            current += current.allSatisfy({ $0 == " " }) ? String(word) : " " + word
        }
        return lines + [current]
    }

    private static func describe(_ option: OptionSpec) -> String {
        var help = option.help
        var notes: [String] = []
        if !option.values.isEmpty { notes.append("values: " + option.values.joined(separator: ", ")) }
        if let defaultText = option.defaultText { notes.append("default: \(defaultText)") }
        if !notes.isEmpty { help += " (\(notes.joined(separator: "; ")))" }
        return help
    }

    /// Two columns: the name padded to 26, the help wrapped at 80 characters.
    private static func row(_ name: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: 28)
        var lines: [String] = []
        var current = ""
        for word in help.split(separator: " ") {
            if !current.isEmpty, current.count + word.count + 1 > 52 {
                lines.append(current)
                current = ""
            }
            current += current.isEmpty ? String(word) : " " + word
        }
        if !current.isEmpty { lines.append(current) }
        let first = "  " + name
        var text: String
        if first.count <= 26 {
            text = first + String(repeating: " ", count: 28 - first.count) + (lines.first ?? "") + "\n"
        } else {
            text = first + "\n" + indent + (lines.first ?? "") + "\n"
        }
        for line in lines.dropFirst() { text += indent + line + "\n" }
        return text
    }
}
