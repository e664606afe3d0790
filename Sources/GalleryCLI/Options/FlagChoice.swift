/// A declaration of several flags read as one value (`ExclusiveFlags`): its specs join the group's
/// options in help, the parser and the generated documentation.
protocol FlagChoice: Sendable {
    var specs: [OptionSpec] { get }
}
