import GalleryCore

/// What the root command takes, declared once: its options (help, the man page's synopsis and the
/// "did you mean" of a misspelt one come from them), its subcommands and which one runs by default.
struct RootOptions: OptionGroup {
    static let declared = RootOptions()

    let version = Flag("version", help: "Show the version.")
    let verbose = Flag("verbose", help: "With --version: the linked libraries' versions and the SIMD level in use.")
    let generateManual = Flag("generate-manual", help: "Print the man page.")
    let completionScript = Option<CompletionShell>(
        "generate-completion-script", value: "shell", help: "Print a completion script for the shell.")

    /// The subcommands by name, in the order help lists them.
    static let subcommands: [(name: String, command: any Subcommand.Type)] = [
        ("render", RenderCommand.self), ("layout", LayoutCommand.self), ("batch", BatchCommand.self),
        ("diff", DiffCommand.self), ("check", CheckCommand.self), ("merge-reports", MergeReportsCommand.self),
        ("animate", AnimateCommand.self), ("accept", AcceptCommand.self),
    ]

    /// The subcommand that runs when none is named (`gallery-render photos/`).
    static let defaultSubcommand: any Subcommand.Type = RenderCommand.self

    /// Options only the root takes, alone (`gallery-render --version`): suggested for a misspelt one.
    static let rootOnly = [
        declared.version.spec.name, declared.generateManual.spec.name, declared.completionScript.spec.name,
    ]

    /// How a root option is used, for one given with a subcommand or photos (`render --version`).
    static func usage(ofRootOption option: String) -> String? {
        switch option.dropFirst(2) {
        case declared.version.spec.name, declared.verbose.spec.name: "gallery-render --version [--verbose]"
        case declared.generateManual.spec.name: "gallery-render --generate-manual"
        case declared.completionScript.spec.name: "gallery-render --generate-completion-script <shell>"
        default: nil
        }
    }

    /// The root's own options, as help lists them: completion scripts offer them before a subcommand.
    /// `--generate-manual` is left out of both, as swift-argument-parser's manual plugin is no option.
    static var specs: [OptionSpec] {
        [declared.version.spec, declared.verbose.spec, declared.completionScript.spec]
    }

    /// `help`'s one line, as swift-argument-parser's completion scripts describe it.
    static let helpAbstract = "Show subcommand help information."

    /// The subcommand named `name`.
    static func subcommand(_ name: String) -> (any Subcommand.Type)? {
        subcommands.first { $0.name == name }?.command
    }
}

/// What a command line asks of the root, before any subcommand parses its options.
enum RootAction {
    /// `--device list` (with any command): the presets.
    case deviceList
    case version(verbose: Bool)
    case manual
    case completionScript(CompletionShell)
    /// A root option used wrongly (`--generate-completion-script` without a shell it knows, `--verbose`
    /// without `--version`): the usage error to print.
    case rootUsage(String)
    /// The root's help (`--help`, `help`). No arguments at all run render, which says what is missing
    /// (exit 64, as swift-argument-parser's default subcommand does), so an empty `$PHOTOS` fails CI.
    case help
    /// A word that is neither a subcommand nor a file, near a subcommand's name.
    case misspelt(String, nearest: String)
    /// A subcommand with its arguments (`help NAME` is NAME with `--help`).
    case run(any Subcommand.Type, [String])

    init(_ arguments: [String]) {
        let options = RootOptions.declared
        let first = arguments.first
        if let at = arguments.firstIndex(where: { $0 == "--device" || $0 == "--device=list" }),
            arguments[at] == "--device=list" || arguments.dropFirst(at + 1).first == "list"
        {
            self = .deviceList
        } else if let first, !first.hasPrefix("-"), !SystemPath.exists(first), RootOptions.subcommand(first) == nil,
            let near = Suggestion.nearest(to: first, among: RootOptions.subcommands.map(\.name))
        {
            // Not a photo either (no such file): a misspelt subcommand, as argument-parser says it.
            self = .misspelt(first, nearest: near)
        } else if let first, let command = RootOptions.subcommand(first) {
            self = .run(command, Array(arguments.dropFirst()))
        } else if first == "help" {
            self = arguments.dropFirst().first.flatMap(RootOptions.subcommand).map { .run($0, ["--help"]) } ?? .help
        } else if !arguments.isEmpty, arguments.allSatisfy(Self.rootFlags.contains),
            arguments.contains("--help") || arguments.contains("-h")
        {
            // `--version --help` and the like: help wins, as in swift-argument-parser.
            self = .help
        } else if arguments == [options.version.spec.name].map({ "--" + $0 }) {
            self = .version(verbose: false)
        } else if arguments.count == 2,
            Set(arguments) == Set([options.version, options.verbose].map { "--" + $0.spec.name })
        {
            self = .version(verbose: true)
        } else if arguments == ["--" + options.generateManual.spec.name] {
            self = .manual
        } else if first == "--" + options.completionScript.spec.name {
            self = Self.completion(Array(arguments.dropFirst()))
        } else if let first, first.hasPrefix("--" + options.completionScript.spec.name + "=") {
            let value = first.unicodeScalars.drop { $0 != "=" }.dropFirst()
            self = Self.completion([String(String.UnicodeScalarView(value))] + arguments.dropFirst())
        } else if arguments == ["--" + options.verbose.spec.name] {
            self = .rootUsage(
                "Error: --\(options.verbose.spec.name) goes with --\(options.version.spec.name)\nUsage: gallery-render --version [--verbose]\n  See 'gallery-render --help' for more information.\n"
            )
        } else if arguments == ["--help"] || arguments == ["-h"] {
            self = .help
        } else {
            self = .run(RootOptions.defaultSubcommand, arguments)
        }
    }

    /// The root's flags that make sense together with `--help`.
    private static let rootFlags: Set<String> = Set(
        [RootOptions.declared.version, RootOptions.declared.verbose, RootOptions.declared.generateManual].map {
            "--" + $0.spec.name
        } + ["--help", "-h"])

    /// `--generate-completion-script SHELL`, or the usage error for anything else.
    private static func completion(_ rest: [String]) -> RootAction {
        let option = "--" + RootOptions.declared.completionScript.spec.name
        if rest.count == 1, let shell = CompletionShell(rawValue: rest[0]) { return .completionScript(shell) }
        let shells = CompletionShell.allCases.map(\.rawValue)
        let hint = rest.count == 1 ? Suggestion.hint(for: rest[0], among: shells) : ""
        return .rootUsage(
            "Error: \(option) takes one of \(shells.joined(separator: ", "))\(hint)\nUsage: gallery-render \(option) <shell>\n  See 'gallery-render --help' for more information.\n"
        )
    }
}
