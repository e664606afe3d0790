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
    let precision = Option<Double>(
        "precision", value: "p",
        help:
            "swift-snapshot-testing's precision: at least this fraction of pixels must match (--max-diff-ratio 1 − P).",
        check: .from(0...1))
    let perceptualPrecision = Option<Double>(
        "perceptual-precision", value: "q",
        help:
            "swift-snapshot-testing's perceptualPrecision: a pixel differs when its CIE ΔE 1994 exceeds (1 − Q)·100, instead of pixelmatch's threshold.",
        check: .from(0...1))

    /// Options that choose one of two ways to compare (the ΔE94 measure or pixelmatch's; precision or
    /// its ratio). A manifest scene that sets one side sets aside the other side from its defaults.
    static let alternatives: [(one: [String], other: [String])] = [
        ([declared.perceptualPrecision.spec.name], [declared.threshold.spec.name, declared.includeAA.spec.name]),
        ([declared.precision.spec.name], [declared.maxDiffRatio.spec.name]),
    ]

    static func criteria(_ source: any OptionSource) throws(UsageError) -> DiffCriteria {
        let precision = try source.read(declared.precision)
        if precision != nil, source.has(declared.maxDiffRatio) {
            throw UsageError.rule(
                "Use either \(declared.precision) or \(declared.maxDiffRatio) (the same limit, as 1 − P), not both")
        }
        let perceptual = try source.read(declared.perceptualPrecision)
        if perceptual != nil, source.has(declared.threshold) || source.isSet(declared.includeAA) {
            throw UsageError.rule(
                "\(declared.perceptualPrecision) replaces pixelmatch's measure: \(declared.threshold) and \(declared.includeAA) do not apply"
            )
        }
        return DiffCriteria(
            threshold: try source.read(declared.threshold), includeAA: source.isSet(declared.includeAA),
            maxDiffPixels: try source.read(declared.maxDiffPixels),
            maxDiffRatio: try source.read(declared.maxDiffRatio) ?? precision.map { 1 - $0 },
            perceptualPrecision: perceptual)
    }
}
