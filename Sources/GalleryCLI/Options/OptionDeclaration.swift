/// Anything declared as an option: a value option or a flag. Its spec drives the parser, `--help`,
/// the manifest keys and the generated documentation.
protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

/// A group of option declarations: a struct whose stored properties are the options, in help order.
/// Listing them by reflection means a new option is one property, nowhere else.
protocol OptionGroup: Sendable {
    init()
}

extension OptionGroup {
    /// The specs of the group's options, in declaration order.
    static var specs: [OptionSpec] {
        Mirror(reflecting: Self()).children.flatMap { child -> [OptionSpec] in
            if let option = child.value as? any OptionDeclaration { return [option.spec] }
            return (child.value as? any FlagChoice)?.specs ?? []
        }
    }
}
