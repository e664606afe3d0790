import VisualDiff

/// The options `diff` and `check` share, and how they become `DiffCriteria`.
struct DiffOptions: OptionGroup {
    static let declared = DiffOptions()

    let threshold = DefaultedOption<Double>(
        "threshold", value: "t",
        help: "pixelmatch threshold in 0…1: a pixel differs when its YIQ distance exceeds 35215·t².",
        default: DiffCriteria().threshold, check: .from(0...1))
    let includeAA = Flag("include-aa", help: "Count anti-aliased pixels too.")
    let maxDiffPixels = Option<Int>(
        "max-diff-pixels", value: "n", help: "Match when at most N pixels differ.", defaultText: "0",
        check: .whole(0...Int(Int32.max)))
    let maxDiffRatio = Option<Double>(
        "max-diff-ratio", value: "r",
        help: "Match when at most this fraction of pixels differs (0…1); with --max-diff-pixels both must hold.",
        defaultText: "0", check: .from(0...1))

    static func criteria(_ source: any OptionSource) throws(UsageError) -> DiffCriteria {
        DiffCriteria(
            threshold: try source.read(declared.threshold), includeAA: source.isSet(declared.includeAA),
            maxDiffPixels: try source.read(declared.maxDiffPixels), maxDiffRatio: try source.read(declared.maxDiffRatio)
        )
    }
}
