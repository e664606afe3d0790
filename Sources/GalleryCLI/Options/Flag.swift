/// An option without a value: on when given, off by default.
struct Flag: OptionDeclaration {
    let spec: OptionSpec

    init(_ name: String, short: Character? = nil, help: String) {
        spec = OptionSpec(name, short: short, help: help)
    }
}
