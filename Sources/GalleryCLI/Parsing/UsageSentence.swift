/// A rule in words that names options, written as a string with the options' declarations
/// interpolated: `"\(cornerRadius) applies to \(shape) rounded, not circle"`. Each option prints as
/// its flag or as its manifest key, as the error is read (`UsageError.Spelling`).
struct UsageSentence: Sendable, Equatable, ExpressibleByStringInterpolation {
    /// Words, or an option named.
    enum Part: Sendable, Equatable {
        case text(String)
        case option(OptionSpec)
    }

    var parts: [Part]

    init(stringLiteral text: String) { parts = [.text(text)] }

    init(stringInterpolation: Interpolation) { parts = stringInterpolation.parts }

    /// The sentence with each option spelled as `spelling` says.
    func text(_ spelling: UsageError.Spelling) -> String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .option(let option): spelling.name(option)
            }
        }.joined()
    }

    struct Interpolation: StringInterpolationProtocol {
        var parts: [Part] = []

        init(literalCapacity: Int, interpolationCount: Int) {}

        mutating func appendLiteral(_ literal: String) { parts.append(.text(literal)) }

        /// An option, by its declaration.
        mutating func appendInterpolation(_ option: OptionSpec) { parts.append(.option(option)) }

        /// An option, by its declaration.
        mutating func appendInterpolation(_ option: some OptionDeclaration) { parts.append(.option(option.spec)) }

        /// A value, as text.
        mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            parts.append(.text(value.description))
        }
    }
}
