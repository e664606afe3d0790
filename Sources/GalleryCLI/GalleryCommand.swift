import CBuildInfo
import CProcess
import GalleryCore
import ImageCodecs
import RenderPipeline

#if canImport(Glibc)
    import Glibc
#endif

/// Entry point of the `gallery-render` command line: dispatches to a subcommand (`render` by
/// default) and turns every error into its message and the contract's exit code.
public enum GalleryCommand {
    /// The version this binary was built as (CBuildInfo: a git tag, or VERSION plus the commit).
    public static let version = String(cString: gr_build_version())

    /// The subcommands by name; `render` is the default.
    static let subcommands: [(name: String, command: any Subcommand.Type)] = [
        ("render", RenderCommand.self), ("layout", LayoutCommand.self), ("batch", BatchCommand.self),
        ("diff", DiffCommand.self), ("check", CheckCommand.self), ("merge-reports", MergeReportsCommand.self),
        ("animate", AnimateCommand.self), ("accept", AcceptCommand.self),
    ]

    /// The process's arguments without the program name, every byte kept (`SystemPath`): Swift's
    /// `CommandLine.arguments` replaces bytes that are not UTF-8, so such a file name named on the
    /// command line could not be opened. Read as the C start-up code passed them (CProcess): Swift's
    /// CommandLine on Linux reads /proc, and sees none in a chroot without it.
    public static func processArguments() -> [String] {
        let captured = Int(gr_arguments_count())
        let count = captured > 0 ? captured : Int(CommandLine.argc)
        return (1..<max(1, count)).compactMap { index in
            let argument =
                captured > 0 ? gr_argument(Int32(index)) : CommandLine.unsafeArgv[index].map { UnsafePointer($0) }
            return argument.map { SystemPath.string(UnsafeRawBufferPointer(start: $0, count: strlen($0))) }
        }
    }

    /// Runs the command with `arguments` (without the program name) and returns the exit code.
    public static func main(arguments: [String]) -> Int32 {
        var console = Console()
        SIMDLevel.prepare(console)
        // `--device list`, with any command: the presets, as --help ends with them.
        if let at = arguments.firstIndex(where: { $0 == "--device" || $0 == "--device=list" }),
            arguments[at] == "--device=list" || arguments.dropFirst(at + 1).first == "list"
        {
            console.out(SceneOptions.deviceHelp + "\n")
            return ExitCode.success.rawValue
        }
        var rest = arguments
        var command: any Subcommand.Type = RenderCommand.self
        if let first = arguments.first, !first.hasPrefix("-"), !SystemPath.exists(first),
            subcommands.first(where: { $0.name == first }) == nil,
            let near = Suggestion.nearest(to: first, among: subcommands.map(\.name))
        {
            // Not a photo either (no such file): a misspelt subcommand, as argument-parser says it.
            console.error(
                "Error: Unknown subcommand '\(Console.escaped(first))': did you mean \(near)?\n  See 'gallery-render --help'.\n"
            )
            return ExitCode.usage.rawValue
        }
        if let first = arguments.first, let named = subcommands.first(where: { $0.name == first }) {
            command = named.command
            rest.removeFirst()
        } else if arguments.first == "help" {
            guard let name = arguments.dropFirst().first, let named = subcommands.first(where: { $0.name == name })
            else {
                console.out(rootHelp)
                return ExitCode.success.rawValue
            }
            command = named.command
            rest = ["--help"]
        } else if arguments == ["--version"] {
            console.out("\(version)\n")
            return ExitCode.success.rawValue
        } else if Set(arguments) == ["--version", "--verbose"], arguments.count == 2 {
            console.out(
                ([version] + CodecLibraries.versions + ["simd: \(SIMDLevel.inUse)"]).joined(separator: "\n") + "\n")
            return ExitCode.success.rawValue
        } else if arguments == ["--generate-manual"] {
            console.out(ManPage.page(version: version))
            return ExitCode.success.rawValue
        } else if arguments.first == "--generate-completion-script" {
            guard arguments.count == 2, let shell = CompletionShell(rawValue: arguments[1]) else {
                let shells = CompletionShell.allCases.map(\.rawValue)
                let hint = arguments.count == 2 ? Suggestion.hint(for: arguments[1], among: shells) : ""
                console.error(
                    "Error: --generate-completion-script takes one of \(shells.joined(separator: ", "))\(hint)\nUsage: gallery-render --generate-completion-script <shell>\n"
                )
                return ExitCode.usage.rawValue
            }
            console.out(shell.script)
            return ExitCode.success.rawValue
        } else if arguments.isEmpty || arguments == ["--help"] || arguments == ["-h"] {
            console.out(rootHelp)
            return ExitCode.success.rawValue
        }
        let spec = command.spec
        do {
            // Without a subcommand a misspelt root option (`--verison`) is suggested too.
            let parsed = try ArgumentParser.parse(
                rest, spec: spec, alsoSuggesting: rest.count == arguments.count ? rootOnlyOptions : [])
            if parsed.isSet(RunOptions.help) {
                console.out(HelpFormatter.help(for: spec))
                return ExitCode.success.rawValue
            }
            console.quiet = parsed.isSet(RunOptions.declared.quiet)
            let code = try command.run(parsed, console: console)
            if let failed = console.outputFailure.withLock({ $0 }) {
                console.line("Error: ", "cannot write standard output: \(String(cString: strerror(failed)))")
                return ExitCode.failure.rawValue
            }
            return code.rawValue
        } catch let error as UsageError {
            console.error(
                "Error: \(Console.escaped(error.message))\nUsage: \(spec.usage)\n  See '\(spec.commandName) --help' for more information.\n"
            )
            return ExitCode.usage.rawValue
        } catch let failure as CommandFailure {
            for message in failure.messages { console.line("Error: ", message) }
            return failure.code.rawValue
        } catch {
            console.line("Error: ", "\(error)")
            return ExitCode.failure.rawValue
        }
    }

    /// Options only the root takes, alone: `gallery-render --version`.
    static let rootOnlyOptions = ["version", "generate-manual", "generate-completion-script"]

    static var rootHelp: String {
        let spec = CommandSpec(
            commandName: "gallery-render",
            abstract: "Render an iOS photo carousel or round-photo grid at a scroll position to a PNG.",
            arguments: [],
            optionGroups: [
                (
                    "OPTIONS",
                    [
                        Flag("version", help: "Show the version.").spec,
                        Flag(
                            "verbose",
                            help: "With --version: the linked libraries' versions and the SIMD level in use."
                        ).spec,
                        OptionSpec(
                            "generate-completion-script", value: "shell",
                            help: "Print a completion script for the shell.",
                            values: CompletionShell.allCases.map(\.rawValue)),
                        RunOptions.help.spec,
                    ]
                )
            ],
            discussion: "Run 'gallery-render render --help' for the scene and output options.",
            usage: "gallery-render [render] <photos> ... [options]\n       gallery-render <subcommand> [options]")
        return HelpFormatter.help(
            for: spec,
            subcommands: subcommands.map {
                ($0.name == "render" ? "render (default)" : $0.name, $0.command.spec.abstract)
            })
    }
}
