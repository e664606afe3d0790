import Foundation
import TestSupport
import Testing

@testable import GalleryCLI

/// Shards dealt by cost (CONTRACT.md, "Balanced shards"): frames × pixels, an animation's frames
/// counted before it renders, or a previous run's measured seconds.
@Suite struct ShardBalanceTests {
    /// The scenes each of `count` shards renders, by name.
    static func dealt(_ manifest: String, shards count: Int, weights: ShardWeights? = nil) throws -> [[String]] {
        let folder = try BatchCommandTests.project(manifest)
        defer { folder.remove() }
        let parsed = try Manifest(path: folder.file("manifest.json"))
        return try (1...count).map { index in
            try ManifestPlan(
                manifest: parsed, shard: Shard(index: index, count: count), outputFolder: folder.file("out"),
                weights: weights
            ).scenes.map(\.name)
        }
    }

    @Test func anAnimationCostsItsFrames() throws {
        // 1 s at 30 fps is 31 frames of 200 × 120; four stills of the same size cost 4: the animation
        // goes first to shard 1, and every still to shard 2 (4 < 31).
        let manifest = """
            {"defaults": {"width": 200, "height": 120, "photos": ["photos/"]},
             "scenes": [{"name": "a", "offset": 0}, {"name": "b", "offset": 10}, {"name": "c", "offset": 20},
                        {"name": "toggle", "offset": 170, "toLayout": "flow", "duration": 1, "fps": 30},
                        {"name": "d", "offset": 30}]}
            """
        #expect(try Self.dealt(manifest, shards: 2) == [["toggle"], ["a", "b", "c", "d"]])
    }

    @Test func aStillCostsItsOffsetsTimesItsPixels() throws {
        // big: 1 × 400 × 400 = 160,000; seq: 5 × 100 × 100 = 50,000; small: 10,000 each.
        // big → 1; seq → 2 (50,000); s1…s4 → 2 while below 160,000: 60k, 70k, 80k, 90k.
        let manifest = """
            {"defaults": {"width": 100, "height": 100, "photos": ["photos/"]},
             "scenes": [{"name": "s1", "offset": 0}, {"name": "seq", "offsets": "0..40/10"},
                        {"name": "s2", "offset": 1}, {"name": "big", "width": 200, "height": 200, "displayScale": 2},
                        {"name": "s3", "offset": 2}, {"name": "s4", "offset": 3}]}
            """
        #expect(try Self.dealt(manifest, shards: 2) == [["big"], ["s1", "seq", "s2", "s3", "s4"]])
        // Three shards: big → 1, seq → 2, s1 → 3, s2 → 3, s3 → 3, s4 → 3 (40,000 < 50,000).
        #expect(try Self.dealt(manifest, shards: 3) == [["big"], ["seq"], ["s1", "s2", "s3", "s4"]])
    }

    @Test func measuredSecondsReplaceTheEstimate() throws {
        let manifest = """
            {"defaults": {"width": 100, "height": 100, "photos": ["photos/"]},
             "scenes": [{"name": "a", "offset": 0}, {"name": "b", "offset": 1}, {"name": "c", "offset": 2},
                        {"name": "d", "offset": 3}]}
            """
        // Equal estimates deal a, c | b, d. Measured: a took 3 s, b 1 s, c 1 s; d, unnamed, costs
        // its estimate at the measured rate: 5 s over 3 equal frames, 5/3 s. Order a, d, b, c:
        // a → 1 (3); d → 2 (1.67); b → 2 (2.67); c → 2 at 2.67 < 3 (3.67).
        #expect(try Self.dealt(manifest, shards: 2) == [["a", "c"], ["b", "d"]])
        let weights = ShardWeights(seconds: ["a": 3, "b": 1, "c": 1, "gone": 100])
        #expect(try Self.dealt(manifest, shards: 2, weights: weights) == [["a"], ["b", "c", "d"]])
    }

    @Test func generatedManifestsAreDealtDisjointlyAndCompletely() throws {
        var generator = SplitMix(seed: 55)
        for round in 0..<4 {
            let scenes = (0..<Int.random(in: 5...30, using: &generator)).map { index in
                let width = Int.random(in: 40...160, using: &generator)
                let offsets = (0..<Int.random(in: 1...4, using: &generator)).map { String($0 * 7) }
                return #"{"name": "s\#(index)", "width": \#(width), "offsets": [\#(offsets.joined(separator: ","))]}"#
            }
            let manifest = #"{"defaults": {"height": 60, "count": 9}, "scenes": [\#(scenes.joined(separator: ","))]}"#
            for shards in [1, 2, 3, 8] {
                let dealt = try Self.dealt(manifest, shards: shards)
                #expect(dealt == (try Self.dealt(manifest, shards: shards)), "deterministic")
                let all = dealt.flatMap { $0 }
                #expect(all.count == scenes.count && Set(all).count == scenes.count, "round \(round), \(shards) shards")
            }
        }
    }

    @Test func aResultsFileGivesEachScenesSeconds() throws {
        let json = """
            {"tool": "gallery-render", "version": 1, "title": "t", "seconds": 9,
             "frames": [{"scene": "a", "seconds": 0.5, "path": "a/offset-0.png"}, {"scene": "a", "seconds": 0.25},
                        {"scene": "b", "seconds": 2}]}
            """
        #expect(try ShardWeights(Array(json.utf8)).seconds == ["a": 0.75, "b": 2])
    }

    @Test(
        arguments: [
            (#"{"tool": "other", "version": 1, "frames": []}"#, "not a gallery-render results.json"),
            (#"{"tool": "gallery-render", "version": 2, "frames": []}"#, "version 2, not 1"),
            (
                #"{"tool": "gallery-render", "version": 1, "frames": [{"scene": "a", "seconds": -1}]}"#,
                "key 'frames[0].seconds' is -1, not 0…86400"
            ),
            (
                #"{"tool": "gallery-render", "version": 1, "frames": [{"scene": "a", "seconds": "NaN"}]}"#,
                "key 'frames[0].seconds' is not a number"
            ),
            (
                #"{"tool": "gallery-render", "version": 1, "frames": [{"seconds": 1}]}"#,
                "key 'frames[0].scene' is missing"
            ),
            ("[[[", "not valid JSON"),
        ] as [(String, String)])
    func aBadResultsFileIsRefusedSayingWhy(json: String, reason: String) {
        #expect {
            try ShardWeights(Array(json.utf8))
        } throws: { error in
            (error as? ShardWeights.Fault)?.reason.contains(reason) == true
        }
    }

    @Test func theOptionReadsAReportFolderAndNamesItselfWhenItCannot() throws {
        let folder = try BatchCommandTests.project(BatchCommandTests.manifest)
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("report"), withIntermediateDirectories: true)
        try folder.write(
            Array(#"{"tool": "gallery-render", "version": 1, "frames": []}"#.utf8), to: "report/results.json")
        let run = try CommandRunner.run([
            "batch", folder.file("manifest.json"), "--out", folder.file("o"), "--shard", "1/2", "--shard-weights",
            folder.file("report"), "--quiet",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let missing = try CommandRunner.run([
            "batch", folder.file("manifest.json"), "--out", folder.file("p"), "--shard", "1/2", "--shard-weights",
            folder.file("none.json"),
        ])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--shard-weights"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("p")))
    }
}
