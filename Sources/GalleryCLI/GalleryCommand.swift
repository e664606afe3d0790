import CBuildInfo
import CProcess
import GalleryCore
import ImageCodecs
import RenderPipeline
import Typography

#if canImport(Glibc)
    import Glibc
#endif

/// Entry point of the `gallery-render` command line: dispatches to a subcommand (`render` by
/// default) and turns every error into its message and the contract's exit code.
public enum GalleryCommand {
    /// The version this binary was built as (CBuildInfo: a git tag, or VERSION plus the commit).
    public static let version = String(cString: gr_build_version())

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

    /// Runs the command with `arguments` (without the program name) and returns the exit code:
    /// what the root is asked (`RootAction`), done.
    public static func main(arguments: [String]) -> Int32 {
        var console = Console()
        SIMDLevel.prepare(console)
        switch RootAction(arguments) {
        case .deviceList: console.out(SceneOptions.deviceHelp + "\n")
        case .version(verbose: false): console.out("\(version)\n")
        case .version(verbose: true):
            console.out(
                ([version] + CodecLibraries.versions + [Font.libraryVersions] + CaptionFontReport.lines
                    + ["simd: \(SIMDLevel.inUse)"]).joined(separator: "\n") + "\n")
        case .manual: console.out(ManPage.page(version: version))
        case .completionScript(let shell): console.out(shell.script)
        case .rootUsage(let message):
            console.error(message)
            return ExitCode.usage.rawValue
        case .help: console.out(rootHelp)
        case .misspelt(let word, let near):
            console.error(
                "Error: Unknown subcommand '\(Console.escaped(word))': did you mean \(near)?\nUsage: gallery-render <subcommand> [options]\n  See 'gallery-render --help' for more information.\n"
            )
            return ExitCode.usage.rawValue
        case .run(let command, let rest):
            // Without a subcommand a misspelt root option (`--verison`) is suggested too.
            let named = rest.count != arguments.count
            return run(command, rest, suggesting: named ? [] : RootOptions.rootOnly, console: &console)
        }
        return ExitCode.success.rawValue
    }

    /// The options another subcommand takes and `spec` does not, each with the first that takes it:
    /// for the commands that take photos (render, animate, layout), the others of them (`--drag` given
    /// to render: animate's); for the others, any other subcommand's, but for a scene option, which
    /// is a manifest key there, not another command's (`check --diff-image`: diff's).
    private static func owners(besides spec: CommandSpec) -> [String: String] {
        let photoCommands = ["render", "animate", "layout"]
        let takesPhotos = photoCommands.contains { RootOptions.subcommand($0)?.spec.commandName == spec.commandName }
        let candidates = takesPhotos ? photoCommands : RootOptions.subcommands.map(\.name)
        let sceneKeys = takesPhotos ? [] : Set(Manifest.keys.values)
        var owners: [String: String] = [:]
        for name in candidates {
            guard let command = RootOptions.subcommand(name), command.spec.commandName != spec.commandName else {
                continue
            }
            for option in command.spec.options where spec.option(named: option.name) == nil {
                if !sceneKeys.contains(option.name) { owners[option.name] = owners[option.name] ?? name }
            }
        }
        return owners
    }

    /// Parses `arguments` for `command` and runs it: every error becomes its message and the
    /// contract's exit code.
    private static func run(
        _ command: any Subcommand.Type, _ arguments: [String], suggesting: [String], console: inout Console
    ) -> Int32 {
        let spec = command.spec
        // Help wins over every other error, as in swift-argument-parser: `render --nosuch --help`.
        let options = arguments.prefix { $0 != "--" }
        if options.contains("--" + RunOptions.help.spec.name) || options.contains("-h") {
            console.out(HelpFormatter.help(for: spec))
            return ExitCode.success.rawValue
        }
        do {
            let parsed = try ArgumentParser.parse(
                arguments, spec: spec, alsoSuggesting: suggesting, owners: Self.owners(besides: spec))
            try DeclaredOptions.validate(parsed, spec: spec)
            console.quiet = parsed.isSet(RunOptions.declared.quiet)
            let code = try command.run(parsed, console: console)
            InterFont.warnings.forEach(console.warning)
            if let failed = console.outputFailure.withLock({ $0 }) {
                console.line("Error: ", "cannot write standard output: \(String(cString: strerror(failed)))")
                return ExitCode.failure.rawValue
            }
            return code.rawValue
        } catch let error as UsageError {
            // `render --version`: the root's option, known, but given where it is not taken.
            if case .unknownOption(let name, _) = error, let usage = RootOptions.usage(ofRootOption: name) {
                console.error(
                    "Error: \(name) goes alone, without a subcommand or photos\nUsage: \(usage)\n  See 'gallery-render --help' for more information.\n"
                )
                return ExitCode.usage.rawValue
            }
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

    static var rootHelp: String {
        let spec = CommandSpec(
            commandName: "gallery-render",
            abstract: "Render an iOS photo carousel or round-photo grid at a scroll position to a PNG.",
            arguments: [],
            optionGroups: [
                (
                    "OPTIONS",
                    RootOptions.specs + [RunOptions.help.spec]
                )
            ],
            discussion: "Run 'gallery-render render --help' for the scene and output options.",
            usage: "gallery-render [render] <photos> ... [options]\n       gallery-render <subcommand> [options]")
        return HelpFormatter.help(
            for: spec,
            subcommands: RootOptions.subcommands.map {
                (
                    $0.command == RootOptions.defaultSubcommand ? "\($0.name) (default)" : $0.name,
                    $0.command.spec.abstract
                )
            })
    }
}
