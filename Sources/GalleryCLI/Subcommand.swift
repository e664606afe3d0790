/// A subcommand: what it accepts (its spec, which also renders its `--help`) and what it does with
/// arguments parsed against that spec. Parsing, `--help`, `--quiet` and error reporting are done once,
/// by `GalleryCommand`.
protocol Subcommand: SendableMetatype {
    static var spec: CommandSpec { get }
    static func run(_ parsed: ParsedArguments, console: Console) throws -> ExitCode
}
