import VisualDiff

/// The options `diff` and `check` share, and how they become `DiffCriteria`.
enum DiffOptions {
    static let specs: [OptionSpec] = [
        OptionSpec(
            "threshold", value: "t",
            help: "pixelmatch threshold in 0…1: a pixel differs when its YIQ distance exceeds 35215·t².", default: "0.1"
        ),
        OptionSpec("include-aa", help: "Count anti-aliased pixels too."),
        OptionSpec("max-diff-pixels", value: "n", help: "Match when at most N pixels differ.", default: "0"),
        OptionSpec(
            "max-diff-ratio", value: "r",
            help: "Match when at most this fraction of pixels differs (0…1); with --max-diff-pixels both must hold.",
            default: "0"),
    ]

    static func criteria(_ read: ValueParsing, source: any OptionSource) throws(UsageError) -> DiffCriteria {
        let threshold = try read.number("threshold", atLeast: 0) ?? 0.1
        guard threshold <= 1 else {
            throw UsageError(
                "The value '\(JSONValue.format(threshold))' is invalid for '--threshold <t>': must be from 0 to 1")
        }
        let ratio = try read.number("max-diff-ratio", atLeast: 0)
        if let ratio, ratio > 1 {
            throw UsageError(
                "The value '\(JSONValue.format(ratio))' is invalid for '--max-diff-ratio <r>': must be from 0 to 1")
        }
        return DiffCriteria(
            threshold: threshold, includeAA: source.flag("include-aa"),
            maxDiffPixels: try read.integer("max-diff-pixels", in: 0...Int(Int32.max)), maxDiffRatio: ratio)
    }
}
