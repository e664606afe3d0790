import Foundation

/// `--shard K/N`, `--shard auto` or `--shard auto/N`: which share of a manifest this machine renders.
struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based index.
    let index: Int
    let count: Int

    static let whole = Shard(index: 1, count: 1)

    var description: String { "\(index)/\(count)" }

    /// Parses the option; `auto` reads the CI's variables from `environment`, the first set of:
    /// `GALLERY_RENDER_SHARD=K/N` (wins over the rest); Kubernetes Indexed Jobs' `JOB_COMPLETION_INDEX`
    /// (0-based, the total given as `auto/N`); CircleCI's `CIRCLE_NODE_INDEX` (0-based) /
    /// `CIRCLE_NODE_TOTAL`; Buildkite's `BUILDKITE_PARALLEL_JOB` (0-based) / `_COUNT`; GitLab's
    /// `CI_NODE_INDEX` (1-based) / `CI_NODE_TOTAL`. A total in `auto/N` must agree with the CI's
    /// (a job count changed in one place only would leave shards unrun).
    static func parse(_ text: String, environment: [String: String]) -> Shard? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts[0] == "auto" else {
            guard parts.count == 2, let index = Int(parts[0]), let total = Int(parts[1]) else { return nil }
            return make(index, total)
        }
        // A variable set to nothing is as good as unset (a CI template's empty default).
        let environment = environment.filter { !$0.value.isEmpty }
        let given = parts.count == 2 ? Int(parts[1]) : nil
        if parts.count > 2 || (parts.count == 2 && given == nil) { return nil }
        if let own = environment["GALLERY_RENDER_SHARD"] {
            guard let shard = parse(own, environment: [:]), given == nil || given == shard.count else { return nil }
            return shard
        }
        let sources: [(index: String, total: String?, base: Int)] = [
            ("JOB_COMPLETION_INDEX", nil, 0), ("CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL", 0),
            ("BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", 0), ("CI_NODE_INDEX", "CI_NODE_TOTAL", 1),
        ]
        for source in sources {
            guard let index = environment[source.index].flatMap(Int.init) else { continue }
            let ci = source.total.flatMap { environment[$0] }.flatMap(Int.init)
            if let given, let ci, given != ci { return nil }
            return (given ?? ci).flatMap { make(index + 1 - source.base, $0) }
        }
        return nil
    }

    private static func make(_ index: Int, _ count: Int) -> Shard? {
        (1...10_000).contains(count) && (1...count).contains(index) ? Shard(index: index, count: count) : nil
    }
}

extension Shard: OptionValue {
    /// `auto` reads this process's environment.
    init?(optionText text: String) {
        guard let shard = Self.parse(text, environment: ProcessInfo.processInfo.environment) else { return nil }
        self = shard
    }

    var optionText: String { description }

    /// Why `auto` gives no shard here: the variables read and what was wrong with them.
    static func reason(refusing text: String) -> String? {
        guard text.hasPrefix("auto") else { return nil }
        let environment = ProcessInfo.processInfo.environment.filter { !$0.value.isEmpty }
        let names = [
            "GALLERY_RENDER_SHARD", "JOB_COMPLETION_INDEX", "CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL",
            "BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", "CI_NODE_INDEX", "CI_NODE_TOTAL",
        ]
        let set = names.compactMap { name in environment[name].map { "\(name)=\($0)" } }
        guard !set.isEmpty else {
            return
                "auto needs GALLERY_RENDER_SHARD=K/N, or a CI's parallel-job variables (JOB_COMPLETION_INDEX with auto/N, CIRCLE_NODE_INDEX/_TOTAL, BUILDKITE_PARALLEL_JOB/_COUNT, CI_NODE_INDEX/_TOTAL); none is set"
        }
        // An index alone (Kubernetes gives no count) needs the count from the option: `auto/N`.
        let indexOnly = text == "auto" && environment["JOB_COMPLETION_INDEX"] != nil && set.count == 1
        return
            "auto read \(set.joined(separator: ", ")): not a shard K/N with 1 ≤ K ≤ N ≤ 10000\(text == "auto" ? "" : " whose N agrees with \(text)")"
            + (indexOnly
                ? "; JOB_COMPLETION_INDEX gives no count: give it as --shard auto/N (N = the Job's completions)" : "")
    }

    static var expectation: String {
        "must be K/N with 1 ≤ K ≤ N ≤ 10000, or auto (with GALLERY_RENDER_SHARD=K/N, JOB_COMPLETION_INDEX and auto/N, CIRCLE_NODE_INDEX/_TOTAL, BUILDKITE_PARALLEL_JOB/_COUNT or CI_NODE_INDEX/_TOTAL set)"
    }

    static var namedTexts: [String] { ["auto"] }
}
