/// A usage error, as data: what is wrong, with the options it names as their declarations, so it
/// prints as flags on the command line (`--landscape needs --device`) and as keys in a manifest
/// (`key 'landscape' needs key 'device'`), as swift-argument-parser's `ParserError` does. Printed as
/// `Error: …`, the usage line and a pointer to `--help`; exit 64.
indirect enum UsageError: Error, Sendable, Equatable {
    /// `value` given to `option` is not one it takes, and why.
    case invalidValue(String, for: OptionSpec, String)
    /// `option` was not given, and its default does not fit with the others, and why.
    case defaultDoesNotFit(OptionSpec, String)
    /// An option no declaration has (`--offest`), and the nearest one within two edits.
    case unknownOption(String, suggestion: String?)
    /// An option this subcommand does not take but `command` does (`--drag` given to render).
    case otherCommandsOption(String, command: String)
    /// A required option was not given.
    case missingOption(OptionSpec)
    /// An option that takes a value was given none.
    case missingValue(OptionSpec)
    /// A flag was given a value (`--snap=yes`).
    case flagWithValue(OptionSpec)
    /// A required argument (`'<photos> ...'`) was not given; `hint` says what else would do.
    case missingArgument(String, hint: String? = nil)
    /// At most one of these options may be given.
    case exclusive([OptionSpec])
    /// The first option applies only with the second.
    case requires(OptionSpec, OptionSpec)
    /// The first option cannot be used with the second, and why.
    case conflicts(OptionSpec, with: OptionSpec, because: String)
    /// Any other rule, in words naming options (`UsageSentence`).
    case rule(UsageSentence)
    /// An error in a manifest, at `place` (`scene 'grid'`, `defaults`, or nil for the file itself).
    case inManifest(path: String, place: String?, UsageError)

    /// How options are spelled: as flags (`--item-size`) or as manifest keys (`key 'itemSize'`).
    enum Spelling: Sendable {
        case flag
        case key

        func name(_ option: OptionSpec) -> String {
            switch self {
            case .flag: "--\(option.name)"
            case .key: "key '\(Manifest.camelCase(option.name))'"
            }
        }
    }

    /// Text that names no option (the manifest's own structure, a frame too large).
    init(_ text: String) { self = .rule(UsageSentence(stringLiteral: text)) }

    /// The options the error names, in order (a rule's as its sentence names them).
    var options: [OptionSpec] {
        switch self {
        case .invalidValue(_, let option, _), .defaultDoesNotFit(let option, _), .missingOption(let option),
            .missingValue(let option), .flagWithValue(let option):
            [option]
        case .exclusive(let options): options
        case .requires(let option, let needed): [option, needed]
        case .conflicts(let option, let other, _): [option, other]
        case .rule(let sentence):
            sentence.parts.compactMap { part in
                if case .option(let option) = part { option } else { nil }
            }
        case .unknownOption, .otherCommandsOption, .missingArgument, .inManifest: []
        }
    }

    /// The message as the command line prints it (a manifest's error names keys).
    var message: String { text(.flag) }

    /// The message with options spelled as `spelling` says.
    func text(_ spelling: Spelling) -> String {
        switch self {
        case .invalidValue(let value, let option, let reason):
            spelling == .flag
                ? "The value '\(value)' is invalid for '\(option.displayName)': \(reason)"
                : "\(spelling.name(option)): the value '\(value)' is invalid: \(reason)"
        case .defaultDoesNotFit(let option, let reason):
            spelling == .flag
                ? "'\(option.displayName)' at its default does not fit: \(reason)"
                : "\(spelling.name(option)): at its default: \(reason)"
        case .unknownOption(let name, let suggestion):
            "Unknown option '\(name)'" + (suggestion.map { ": did you mean \($0)?" } ?? "")
        case .otherCommandsOption(let name, let command):
            "Unknown option '\(name)' here: it is \(command)'s (gallery-render \(command) … \(name) …)"
        case .missingOption(let option): "Missing expected option '\(option.displayName)'"
        case .missingValue(let option): "Missing value for '\(option.displayName)'"
        case .flagWithValue(let option): "The flag '--\(option.name)' does not take a value"
        case .missingArgument(let argument, let hint):
            "Missing expected argument '\(argument)'" + (hint.map { " (\($0))" } ?? "")
        case .exclusive(let options) where options.count == 2:
            "Use either \(spelling.name(options[0])) or \(spelling.name(options[1])), not both"
        case .exclusive(let options):
            "Use one of \(options.map(spelling.name).joined(separator: ", ")), not several"
        case .requires(let option, let needed): "\(spelling.name(option)) needs \(spelling.name(needed))"
        case .conflicts(let option, let other, let reason):
            "\(spelling.name(option)) cannot be used with \(spelling.name(other)): \(reason)"
        case .rule(let sentence): sentence.text(spelling)
        case .inManifest(let path, let place, let error):
            "\(path): " + (place.map { "\($0): " } ?? "") + error.text(.key)
        }
    }
}
