import Foundation

/// Options about where frames go and how the run behaves.
enum OutputOptions {
    static let specs: [OptionSpec] = [
        OptionSpec(
            "output", short: "o", value: "path",
            help:
                "PNG path, - for standard output; with several offsets a pattern containing {index} (4 digits, from 0000) and/or {offset}.",
            default: "gallery.png, or gallery-{index}.png with --offsets"),
        OptionSpec(
            "strict", help: "A photo that cannot be read fails the command instead of a placeholder plus a warning."),
        OptionSpec("jobs", value: "n", help: "Worker threads.", default: "number of cores"),
        OptionSpec("quiet", help: "No progress and no warnings on standard error."),
    ]

    static let help = OptionSpec("help", short: "h", help: "Show help information.")

    /// The worker count: --jobs, or the number of cores.
    static func jobs(_ read: ValueParsing) throws(UsageError) -> Int {
        try read.integer("jobs", in: 1...1024) ?? ProcessInfo.processInfo.activeProcessorCount
    }

    /// The output path of frame `index` at `offset`, from `pattern`.
    static func path(pattern: String, index: Int, offset: Double) -> String {
        let number = String(index)
        return pattern.replacingOccurrences(
            of: "{index}", with: String(repeating: "0", count: max(0, 4 - number.count)) + number
        )
        .replacingOccurrences(of: "{offset}", with: JSONValue.format(offset))
    }
}
