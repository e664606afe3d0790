/// What follows an option on a command line, for completing it.
enum CompletionValue: Equatable, Sendable {
    /// A flag: nothing.
    case none
    /// One of these words.
    case words([String])
    /// A file (or a path that will be one).
    case file
    /// A folder.
    case directory
    /// A number, a colour or a name: nothing to offer.
    case text

    /// The first sentence of `help`, for a shell's one-line description.
    static func summary(_ help: String) -> String {
        let sentence = help.split(separator: ";").first.map(String.init) ?? help
        let cut = sentence.range(of: ". ").map { String(sentence[..<$0.lowerBound]) } ?? sentence
        return cut.hasSuffix(".") ? String(cut.dropLast()) : cut
    }
}
