import ImageCodecs
import RenderPipeline

/// Entry point of the `gallery-render` command line: dispatches to a subcommand (`render` by
/// default) and turns every error into its message and the contract's exit code.
public enum GalleryCommand {
    public static let version = "0.1.0"

    static let subcommands: [(name: String, abstract: String)] = [
        ("render (default)", RenderCommand.spec.abstract),
        ("layout", LayoutCommand.spec.abstract),
        ("batch", BatchCommand.spec.abstract),
        ("diff", DiffCommand.spec.abstract),
        ("check", CheckCommand.spec.abstract),
    ]

    /// Runs the command with `arguments` (without the program name) and returns the exit code.
    public static func main(arguments: [String]) -> Int32 {
        var console = Console()
        var name = "render"
        var rest = arguments
        if let first = arguments.first, ["render", "layout", "batch", "diff", "check", "help"].contains(first) {
            name = first
            rest = Array(arguments.dropFirst())
        }
        if name == "help" {
            name = rest.first ?? ""
            rest = ["--help"]
        }
        if name == "render" || name.isEmpty {
            if arguments.first == "--version" {
                console.out("\(version)\n")
                return ExitCode.success.rawValue
            }
            if arguments.isEmpty || arguments == ["--help"] || arguments == ["-h"] || name.isEmpty {
                console.out(rootHelp)
                return ExitCode.success.rawValue
            }
        }
        let spec =
            switch name {
            case "layout": LayoutCommand.spec
            case "batch": BatchCommand.spec
            case "diff": DiffCommand.spec
            case "check": CheckCommand.spec
            default: RenderCommand.spec
            }
        do {
            let code =
                switch name {
                case "layout": try LayoutCommand.run(rest, console: &console)
                case "batch": try BatchCommand.run(rest, console: &console)
                case "diff": try DiffCommand.run(rest, console: &console)
                case "check": try CheckCommand.run(rest, console: &console)
                default: try RenderCommand.run(rest, console: &console)
                }
            return code.rawValue
        } catch let error as UsageError {
            console.error(
                "Error: \(error.message)\nUsage: \(spec.usage)\n  See '\(spec.commandName) --help' for more information.\n"
            )
            return ExitCode.usage.rawValue
        } catch let failure as CommandFailure {
            for message in failure.messages { console.error("Error: \(message)\n") }
            return failure.code.rawValue
        } catch {
            console.error("Error: \(error)\n")
            return ExitCode.failure.rawValue
        }
    }

    static var rootHelp: String {
        let spec = CommandSpec(
            commandName: "gallery-render",
            abstract: "Render an iOS photo carousel or round-photo grid at a scroll position to a PNG.",
            arguments: [],
            optionGroups: [("OPTIONS", [OptionSpec("version", help: "Show the version."), OutputOptions.help])],
            discussion: "Run 'gallery-render render --help' for the scene and output options.",
            usage: "gallery-render [render] <photos> ... [options]\n       gallery-render <subcommand> [options]")
        return HelpFormatter.help(for: spec, subcommands: subcommands)
    }
}
