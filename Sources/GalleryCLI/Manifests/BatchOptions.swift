import RenderPipeline

/// The options `batch` and `check` share: which share of the manifest, and how a run behaves.
struct BatchOptions: OptionGroup {
    static let declared = BatchOptions()

    let shard = DefaultedOption<Shard>(
        "shard", value: "k/n",
        help:
            "Render share K of N (1 ≤ K ≤ N ≤ 10000), or auto: from CI_NODE_INDEX/CI_NODE_TOTAL, BUILDKITE_PARALLEL_JOB/_COUNT, or JOB_COMPLETION_INDEX with auto/N.",
        default: .whole)
    let strict = Flag("strict", help: "A scene with a photo that cannot be read fails (the others still render).")
    let cacheMB = DefaultedOption<Int>(
        "cache-mb", value: "n", help: "Most decoded photo pixels kept in memory, in MiB.",
        default: Renderer.defaultCacheBytes >> 20, check: .whole(16...1_048_576))
}
