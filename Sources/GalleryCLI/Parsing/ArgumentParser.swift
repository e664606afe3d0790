/// A small parser with swift-argument-parser's conventions: `--opt value`, `--opt=value`, `-o value`,
/// flags, `--` ending options, and `-` as an ordinary value (standard output or input).
enum ArgumentParser {
    /// `alsoSuggesting` names options that are valid elsewhere (the root's `--version`), for "did you
    /// mean" only; `owners` the subcommand that takes an option this one does not (`--fling`: animate).
    static func parse(
        _ arguments: [String], spec: CommandSpec, alsoSuggesting: [String] = [], owners: [String: String] = [:]
    ) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            let option: OptionSpec
            var inlineValue: String?
            if argument.hasPrefix("--") {
                // Split at the first "=" scalar: a value that starts with a combining mark makes "=" and
                // the mark one Character.
                let body = argument.unicodeScalars.dropFirst(2)
                let equals = body.firstIndex(of: "=")
                let name = String(String.UnicodeScalarView(body[..<(equals ?? body.endIndex)]))
                if let equals { inlineValue = String(String.UnicodeScalarView(body[body.index(after: equals)...])) }
                guard let found = spec.option(named: name) else {
                    if let owner = owners[name] { throw .otherCommandsOption("--\(name)", command: owner) }
                    let near = Suggestion.nearest(to: name, among: spec.options.map(\.name) + alsoSuggesting)
                    throw .unknownOption("--\(name)", suggestion: near.map { "--" + $0 })
                }
                option = found
            } else {
                let letters = Array(argument.dropFirst())
                guard letters.count == 1, let found = spec.option(short: letters[0]) else {
                    throw .unknownOption(argument, suggestion: nil)
                }
                option = found
            }
            if option.isFlag {
                if inlineValue != nil { throw .flagWithValue(option) }
                parsed.flags.insert(option.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count, arguments[index] == "-" || !isOptionLike(arguments[index]) else {
                    throw .missingValue(option)
                }
                value = arguments[index]
                index += 1
            }
            parsed.values[option.name, default: []].append(value)
        }
        return parsed
    }

    /// An argument that looks like an option rather than a value: a dash followed by a digit or a
    /// point (`-10`, `-.5`, `-10..10/5`) is a value, and so are `-inf` and `-nan`, so that the option
    /// says they are not finite rather than that its value is missing (no option is spelled so).
    private static func isOptionLike(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), let next = argument.dropFirst().first else { return false }
        if ["inf", "infinity", "nan"].contains(argument.dropFirst().lowercased()) { return false }
        return !(next.isNumber || next == ".")
    }
}
