import RenderPipeline

/// The options `batch` and `check` share: which share of the manifest, and how a run behaves.
struct BatchOptions: OptionGroup {
    static let declared = BatchOptions()

    let shard = DefaultedOption<Shard>(
        "shard", value: "k/n",
        help:
            "Render share K of N (1 ≤ K ≤ N ≤ 10000), scenes dealt by frames × pixels; or auto: from GALLERY_RENDER_SHARD=K/N, JOB_COMPLETION_INDEX with auto/N, CIRCLE_NODE_INDEX/_TOTAL, BUILDKITE_PARALLEL_JOB/_COUNT or CI_NODE_INDEX/_TOTAL.",
        default: .whole)
    let shardWeights = Option<String>(
        "shard-weights", value: "file",
        help:
            "Deal shards by each scene's seconds in a previous run's results.json (or its report folder); scenes it does not name cost their frames × pixels.",
        check: .nonEmpty, completion: .file)
    let cache = Option<String>(
        "cache", value: "dir",
        help:
            "Keep finished frames in DIR, keyed by the SHA-256 of everything that decides them: later runs copy unchanged frames instead of rendering them.",
        check: .nonEmpty, completion: .directory)
    let cacheMaxMB = DefaultedOption<Int>(
        "cache-max-mb", value: "n", help: "Most MiB --cache keeps; the least recently used frames go first.",
        default: FrameCache.defaultCapacityBytes >> 20, check: .whole(1...1_048_576))
    let strict = Flag("strict", help: "A scene with a photo that cannot be read fails (the others still render).")
    let cacheMB = DefaultedOption<Int>(
        "cache-mb", value: "n", help: "Most decoded photo pixels kept in memory, in MiB.",
        default: Renderer.defaultCacheBytes >> 20, check: .whole(16...1_048_576))
}
