/// Anything declared as an option: a value option or a flag. Its spec drives the parser, `--help`,
/// the manifest keys and the generated documentation.
protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
    /// Throws the usage error `text` gets as this option's value (nothing for a flag).
    func validate(_ text: String) throws(UsageError)
}

extension OptionDeclaration {
    func validate(_ text: String) throws(UsageError) {}
}

/// Every declared option, so that a command line's values are each checked by their own declaration
/// before any rule between options, or any file, is looked at: `--width photos` says the width is
/// invalid, not that photos are missing, as swift-argument-parser decodes every value first.
enum DeclaredOptions {
    static let groups: [any OptionGroup.Type] = [
        SceneOptions.self, CarouselOptions.self, MotionOptions.self, BatchOptions.self, OutputOptions.self,
        DiffOutputOptions.self, BatchFolderOptions.self, RunOptions.self, CheckOptions.self, DiffOptions.self,
        RootOptions.self,
    ]

    static let all: [any OptionDeclaration] = groups.flatMap { group in
        Mirror(reflecting: group.init()).children.compactMap { $0.value as? any OptionDeclaration }
    }

    /// Checks the last value of every option `spec` takes that `parsed` gives, in `spec`'s order.
    static func validate(_ parsed: ParsedArguments, spec: CommandSpec) throws(UsageError) {
        for option in spec.options {
            guard let text = parsed.value(option.name) else { continue }
            for declaration in all where declaration.spec == option { try declaration.validate(text) }
        }
    }
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
