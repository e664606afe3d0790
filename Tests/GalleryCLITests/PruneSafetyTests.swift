import Foundation
import Testing
import TestSupport

/// Pruning deletes orphans only: never a baseline a frame reads, never one of a scene that failed,
/// never a current failure's (`--prune` records nothing); and every shard lists the whole manifest's
/// orphans, which merge-reports keeps once.
@Suite struct PruneSafetyTests {
    private static func manifest(_ scenes: String) -> [UInt8] {
        ReviewWorkflowTests.manifest(scenes)
    }

    @Test func aSceneThatFailedToPlanKeepsItsBaselinesAndNothingIsPruned() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            Self.manifest(#"{"name": "a"}, {"name": "s", "offsets": [0, 85]}, {"name": "gone"}"#), to: "m.json")
        #expect(try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record"], in: folder.path).status == 0)
        // Scene "s" names a photo folder that is not there (it failed to plan); "gone" was removed.
        try folder.write(
            Self.manifest(#"{"name": "a"}, {"name": "s", "offsets": [0, 85], "photos": ["missing/"]}"#),
            to: "m.json")
        for mode in [["--record"], [], ["--record-missing"], ["--record-failed"]] {
            let run = try CommandRunner.run(
                ["check", "m.json", "--baseline", "b", "--prune"] + mode, in: folder.path)
            #expect(run.status == 1, "\(mode): \(run.stderr)")
            #expect(run.stderr.contains("nothing pruned: scene 's' failed"), "\(mode): \(run.stderr)")
            #expect(!run.stderr.contains("orphan b/s/"), "\(mode): \(run.stderr)")
            #expect(run.stderr.contains("orphan b/gone.png"), "\(mode): \(run.stderr)")
            #expect(
                TemporaryFolder.list(folder.file("b/s")) == [
                    "offset-0.layout.json", "offset-0.png", "offset-85.layout.json", "offset-85.png",
                ], "\(mode)")
            #expect(FileManager.default.fileExists(atPath: folder.file("b/gone.png")), "\(mode)")
        }
    }

    @Test func pruneAloneDeletesOrphansAndKeepsEveryCurrentFailure() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.manifest(#"{"name": "a"}, {"name": "gone"}"#), to: "m.json")
        // `--quiet` silences the count, the run's summary line; each file written is still said.
        let recorded = try CommandRunner.run(
            ["check", "m.json", "--baseline", "b", "--record", "--quiet"], in: folder.path)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stderr.contains("recorded b/gone.png and gone.layout.json"), "\(recorded.stderr)")
        #expect(!recorded.stderr.contains("Recorded 2"), "\(recorded.stderr)")
        // "a" now differs from its baseline; "gone" is no longer in the manifest.
        try folder.write(Self.manifest(#"{"name": "a", "offset": 40}, {"name": "new"}"#), to: "m.json")
        let before = FileManager.default.contents(atPath: folder.file("b/a.png"))
        let hint = try CommandRunner.run(["check", "m.json", "--baseline", "b"], in: folder.path)
        #expect(
            hint.stderr.contains("delete it with: gallery-render check m.json --baseline b --prune"), "\(hint.stderr)")
        // The orphan notes are not warnings, but `--quiet` is "no warnings on stderr": silenced too.
        let quiet = try CommandRunner.run(["check", "m.json", "--baseline", "b", "--quiet"], in: folder.path)
        #expect(!quiet.stderr.contains("orphan"), "\(quiet.stderr)")
        let run = try CommandRunner.run(["check", "m.json", "--baseline", "b", "--prune"], in: folder.path)
        #expect(run.status == 1, "\(run.stderr)")
        // What was deleted is said, the layout with its baseline.
        #expect(run.stderr.contains("pruned b/gone.png and gone.layout.json"), "\(run.stderr)")
        #expect(run.stderr.contains("Pruned 1 orphaned baseline in b"))
        #expect(FileManager.default.contents(atPath: folder.file("b/a.png")) == before)
        #expect(TemporaryFolder.list(folder.file("b")) == ["a.layout.json", "a.png"])
        // With --record-missing the new scene is recorded and the failing one still kept as it was.
        let missing = try CommandRunner.run(
            ["check", "m.json", "--baseline", "b", "--prune", "--record-missing"], in: folder.path)
        #expect(missing.status == 1, "\(missing.stderr)")
        #expect(FileManager.default.contents(atPath: folder.file("b/a.png")) == before)
        #expect(TemporaryFolder.list(folder.file("b")) == ["a.layout.json", "a.png", "new.layout.json", "new.png"])
    }

    @Test func everyShardListsTheWholeManifestsOrphansAndTheMergeKeepsThemOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let scenes = (1...4).map { #"{"name": "s\#($0)", "offset": \#($0 * 10)}"# }.joined(separator: ", ")
        try folder.write(Self.manifest(scenes + #", {"name": "gone"}"#), to: "m.json")
        #expect(try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record"], in: folder.path).status == 0)
        try folder.write(Self.manifest(scenes), to: "m.json")
        try folder.write(Array("{}\n".utf8), to: "b/stray.layout.json")
        var reports: [String] = []
        for shard in 1...4 {
            let run = try CommandRunner.run(
                ["check", "m.json", "--baseline", "b", "--shard", "\(shard)/4", "--report", "r\(shard)"],
                in: folder.path)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains("orphan b/gone.png"), "shard \(shard): \(run.stderr)")
            reports.append("r\(shard)")
        }
        let merge = try CommandRunner.run(["merge-reports"] + reports + ["--report", "all"], in: folder.path)
        #expect(merge.status == 0, "\(merge.stderr)")
        let results = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder.file("all/results.json")))) as? [String: Any])
        #expect(results["orphans"] as? [String] == ["gone.png", "stray.layout.json"])
    }
}

extension PruneSafetyTests {
    /// Found by review: photos (and a report) kept inside the baseline folder are no baselines, and
    /// `--prune` never deletes them, `--baseline .` included.
    @Test func photosAndTheReportBesideTheBaselinesAreNeverOrphans() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            atPath: folder.file("snapshots/photos"), withIntermediateDirectories: true)
        for index in 1...3 {
            let made = try CommandRunner.run(
                [
                    RenderCommandTests.fixtures + "/\(index).jpg", "-o", folder.file("snapshots/photos/p\(index).png"),
                    "--width", "120", "--height", "90",
                ])
            #expect(made.status == 0, "\(made.stderr)")
        }
        try folder.write(
            Array(
                #"{"defaults": {"width": 200, "height": 150, "photos": ["snapshots/photos/"]}, "scenes": [{"name": "a"}]}"#
                    .utf8), to: "m.json")
        for baseline in ["snapshots", "."] {
            // The previous round's baselines would be this one's orphans (true ones): gone first.
            for name in ["snapshots/a.png", "snapshots/a.layout.json", "snapshots/r"] {
                try? FileManager.default.removeItem(atPath: folder.file(name))
            }
            let record = try CommandRunner.run(
                ["check", "m.json", "--baseline", baseline, "--record", "--report", baseline + "/r"], in: folder.path)
            #expect(record.status == 0 && !record.stderr.contains("orphan"), "\(record.stderr)")
            let failing = try CommandRunner.run(
                ["check", "m.json", "--baseline", baseline, "--report", baseline + "/r", "--threshold", "0"],
                in: folder.path)
            #expect(!failing.stderr.contains("orphan"), "\(failing.stderr)")
            let prune = try CommandRunner.run(
                ["check", "m.json", "--baseline", baseline, "--prune", "--report", baseline + "/r"], in: folder.path)
            #expect(prune.status == 0 && prune.stderr.contains("Pruned 0 orphaned baselines"), "\(prune.stderr)")
            #expect(TemporaryFolder.list(folder.file("snapshots/photos")) == ["p1.png", "p2.png", "p3.png"])
        }
    }
}

extension PruneSafetyTests {
    /// Found by review: a removed multi-offset scene's folder is pruned with its baselines.
    @Test func pruningARemovedScenesFramesRemovesItsEmptyFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.manifest(#"{"name": "a"}, {"name": "gone", "offsets": [0, 40]}"#), to: "m.json")
        #expect(try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record"], in: folder.path).status == 0)
        try FileManager.default.createDirectory(atPath: folder.file("b/kept"), withIntermediateDirectories: true)
        try folder.write([1], to: "b/kept/notes.txt")
        try folder.write(Self.manifest(#"{"name": "a"}"#), to: "m.json")
        let run = try CommandRunner.run(["check", "m.json", "--baseline", "b", "--prune"], in: folder.path)
        #expect(run.status == 0 && run.stderr.contains("Pruned 2 orphaned baselines"), "\(run.stderr)")
        #expect(TemporaryFolder.list(folder.file("b")) == ["a.layout.json", "a.png", "kept"])
    }
}
