import Foundation

/// `--shard K/N`, `--shard auto` or `--shard auto/N`: which share of a manifest this machine renders.
struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based index.
    let index: Int
    let count: Int

    static let whole = Shard(index: 1, count: 1)

    var description: String { "\(index)/\(count)" }

    /// Parses the option; `auto` reads the CI's variables from `environment`:
    /// GitLab `CI_NODE_INDEX` (1-based) / `CI_NODE_TOTAL`, Buildkite `BUILDKITE_PARALLEL_JOB` (0-based)
    /// / `BUILDKITE_PARALLEL_JOB_COUNT`, Kubernetes Indexed Jobs `JOB_COMPLETION_INDEX` (0-based)
    /// with the total given as `auto/N`.
    static func parse(_ text: String, environment: [String: String]) -> Shard? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts[0] == "auto" {
            let given = parts.count == 2 ? Int(parts[1]) : nil
            if parts.count == 2, given == nil { return nil }
            if let index = environment["CI_NODE_INDEX"].flatMap(Int.init),
                let total = given ?? environment["CI_NODE_TOTAL"].flatMap(Int.init)
            {
                return make(index, total)
            }
            if let job = environment["BUILDKITE_PARALLEL_JOB"].flatMap(Int.init),
                let total = given ?? environment["BUILDKITE_PARALLEL_JOB_COUNT"].flatMap(Int.init)
            {
                return make(job + 1, total)
            }
            if let job = environment["JOB_COMPLETION_INDEX"].flatMap(Int.init), let total = given {
                return make(job + 1, total)
            }
            return nil
        }
        guard parts.count == 2, let index = Int(parts[0]), let total = Int(parts[1]) else { return nil }
        return make(index, total)
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

    static var expectation: String {
        "must be K/N with 1 ≤ K ≤ N ≤ 10000, or auto (with CI_NODE_INDEX/CI_NODE_TOTAL, BUILDKITE_PARALLEL_JOB/_COUNT, or JOB_COMPLETION_INDEX and auto/N)"
    }

    static var namedTexts: [String] { ["auto"] }
}
