import Foundation
import TestSupport
import Testing

/// What a merge must never do: leave an earlier merge's verdict looking current, or pass shards that
/// between them left scenes unchecked (found by review, each through the binary).
@Suite struct MergeSafetyTests {
    static let scenes = #"{"name": "a"}, {"name": "b"}, {"name": "c"}, {"name": "d"}"#

    /// A folder with `m.json` of `scenes`, its baselines recorded in `b` and a passing check's report
    /// in `report`.
    static func checked(report: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write(ReviewWorkflowTests.manifest(Self.scenes), to: "m.json")
        #expect(try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record"], in: folder.path).status == 0)
        #expect(
            try CommandRunner.run(["check", "m.json", "--baseline", "b", "--report", report], in: folder.path).status
                == 0)
        return folder
    }

    /// A merge refused for an input that is no report (an empty shard's) empties the last merge's
    /// results.json and JUnit first, as `check` empties its own: a JUnit publisher showed green.
    @Test func aRefusedMergeLeavesNoEarlierVerdict() throws {
        let folder = try Self.checked(report: "r")
        defer { folder.remove() }
        let merged = try CommandRunner.run(
            ["merge-reports", "r", "--report", "all", "--junit", "all.xml"], in: folder.path)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("all/results.json"))).count > 100)
        try FileManager.default.createDirectory(atPath: folder.file("dead"), withIntermediateDirectories: true)
        try folder.write([], to: "dead/results.json")
        let refused = try CommandRunner.run(
            ["merge-reports", "r", "dead", "--report", "all", "--junit", "all.xml"], in: folder.path)
        #expect(refused.status == 2, "\(refused.stderr)")
        for file in ["all/results.json", "all/index.html", "all.xml"] {
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file(file))).isEmpty, "\(file)")
        }
    }

    /// Shards dealt from different weights (one job with them, one without: the documented fallback
    /// for an empty file) check some scenes twice or never; the merge says so and fails instead of
    /// passing with scene c unchecked.
    @Test func shardsDealtDifferentlyFailTheMerge() throws {
        let folder = try Self.checked(report: "w")
        defer { folder.remove() }
        // Weights where scene a took 100 s: dealt a | b c d, where equal costs deal a c | b d.
        let url = URL(fileURLWithPath: folder.file("w/results.json"))
        var results = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var frames = try #require(results["frames"] as? [[String: Any]])
        for index in frames.indices { frames[index]["seconds"] = frames[index]["scene"] as? String == "a" ? 100 : 0.1 }
        results["frames"] = frames
        try JSONSerialization.data(withJSONObject: results).write(to: url)
        let first = try CommandRunner.run(
            ["check", "m.json", "--baseline", "b", "--shard", "1/2", "--shard-weights", "w", "--report", "k1"],
            in: folder.path)
        let second = try CommandRunner.run(
            ["check", "m.json", "--baseline", "b", "--shard", "2/2", "--report", "k2"], in: folder.path)
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
        let merge = try CommandRunner.run(["merge-reports", "k1", "k2", "--report", "all"], in: folder.path)
        #expect(merge.status == 1, "\(merge.stderr)")
        #expect(merge.stderr.contains("the shards of m.json were dealt differently"), "\(merge.stderr)")
        // Dealt alike, the same shards merge whole.
        let again = try CommandRunner.run(
            ["check", "m.json", "--baseline", "b", "--shard", "2/2", "--shard-weights", "w", "--report", "k2"],
            in: folder.path)
        #expect(again.status == 0, "\(again.stderr)")
        let whole = try CommandRunner.run(["merge-reports", "k1", "k2", "--report", "all"], in: folder.path)
        #expect(whole.status == 0, "\(whole.stderr)")
    }
}
