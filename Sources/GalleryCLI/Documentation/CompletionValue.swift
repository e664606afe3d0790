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

    /// The first sentence of `help`, for a shell's one-line description: up to the first ";" or ". "
    /// outside parentheses (found by review: "(line, grid, flow; always on …)" was cut inside its
    /// parentheses, leaving one open).
    static func summary(_ help: String) -> String {
        var depth = 0
        var end = help.endIndex
        var index = help.startIndex
        while index < help.endIndex {
            let character = help[index]
            let next = help.index(after: index)
            if character == "(" { depth += 1 } else if character == ")" { depth = max(depth - 1, 0) }
            if depth == 0, character == ";" || (character == "." && next < help.endIndex && help[next] == " ") {
                end = index
                break
            }
            index = next
        }
        let cut = String(help[..<end])
        return cut.hasSuffix(".") ? String(cut.dropLast()) : cut
    }
}
