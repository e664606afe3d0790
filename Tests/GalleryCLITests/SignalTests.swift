import Foundation
import ImageCodecs
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 21, item 6: a run ended by a signal leaves no temporary, no scratch folder and no partial
/// file, says in its `--summary` that it was interrupted, and ends as the signal ends a process.
@Suite struct SignalTests {
    /// A manifest of one scene of 1001 frames of 2000² pixels: long enough to be interrupted.
    static func longManifest(in folder: TemporaryFolder) throws -> String {
        let manifest =
            #"{"defaults": {"photos": "\#(RenderCommandTests.fixtures)", "width": 2000, "height": 2000}, "scenes": [{"name": "long", "offsets": "0..5000/5"}]}"#
        return try folder.write(Array(manifest.utf8), to: "long.json")
    }

    /// Waits up to 60 s for `condition`.
    static func waitFor(_ condition: () -> Bool) -> Bool {
        for _ in 0..<6000 {
            if condition() { return true }
            usleep(10_000)
        }
        return false
    }

    @Test(.timeLimit(.minutes(2))) func aBatchEndedBySIGTERMLeavesCompleteFramesAndSaysSoInItsSummary() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let manifest = try Self.longManifest(in: folder)
        let out = folder.file("out/long"), summary = folder.file("summary.json")
        let run = try MeasuredProcess(
            ["batch", manifest, "--out", folder.file("out"), "--summary", summary, "--jobs", "2"], folder: folder)
        #expect(Self.waitFor { TemporaryFolder.list(out).filter { $0.hasSuffix(".png") }.count >= 3 })
        run.kill(SIGTERM)
        let outcome = run.wait()
        #expect(outcome.signal == SIGTERM, "status \(String(describing: outcome.status)): \(outcome.stderr)")
        let left = TemporaryFolder.list(out)
        #expect(left.allSatisfy { !$0.hasPrefix(".") }, "\(left.filter { $0.hasPrefix(".") })")
        for name in left { #expect(try ImageDecoder.decodeFile(atPath: out + "/" + name).image.width == 2000) }
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: summary))) as? [String: Any])
        #expect(document["interrupted"] as? Bool == true)
        #expect((document["scenes"] as? [[String: Any]])?.first?["status"] as? String == "interrupted")
    }

    @Test(.timeLimit(.minutes(2))) func aCheckEndedBySIGINTRemovesItsScratchFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let manifest = try Self.longManifest(in: folder)
        let scratch = folder.file("tmp")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("baseline"), withIntermediateDirectories: true)
        let run = try MeasuredProcess(
            ["check", manifest, "--baseline", folder.file("baseline")], folder: folder,
            environment: ["TMPDIR": scratch])
        let frames = { TemporaryFolder.list(scratch).flatMap { TemporaryFolder.list("\(scratch)/\($0)/long") } }
        #expect(Self.waitFor { frames().count >= 3 })
        run.kill(SIGINT)
        let outcome = run.wait()
        #expect(outcome.signal == SIGINT, "status \(String(describing: outcome.status)): \(outcome.stderr)")
        #expect(TemporaryFolder.list(scratch).isEmpty, "\(TemporaryFolder.list(scratch))")
    }

    @Test(.timeLimit(.minutes(2))) func anAnimationEndedBySIGINTLeavesNoFileAndNoFolderItMade() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let deep = folder.file("out/a/b")
        let run = try MeasuredProcess(
            [
                "animate", RenderCommandTests.fixtures, "--to-layout", "grid", "--duration", "20", "--fps", "60",
                "--display-scale", "3", "-o", deep + "/long.png",
            ], folder: folder)
        // The temporary appears as soon as the run starts writing; the APNG is far from done.
        #expect(Self.waitFor { !TemporaryFolder.list(deep).isEmpty })
        run.kill(SIGINT)
        let outcome = run.wait()
        #expect(outcome.signal == SIGINT, "status \(String(describing: outcome.status)): \(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out")), "\(TemporaryFolder.list(deep))")
    }

    @Test func aClosedPipeEndsTheRunQuietly() throws {
        // 3000² with 40 items is a PNG larger than a pipe's buffer, so the write meets the closed pipe.
        let command =
            "\"$0\" --width 3000 --height 3000 --count 40 \(RenderCommandTests.fixtures) -o - | head -c 10 > /dev/null; echo \"${PIPESTATUS[0]}\""
        let run = try CommandRunner.run(["-c", command, CommandRunner.binary], executable: "/bin/bash")
        #expect(run.output == "141\n")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    @Test func aSummaryOnStandardOutputIsOneDocument() throws {
        // The "interrupted" summary is written first only into a file: on a stream it would be a
        // second JSON document before the real one.
        let folder = try BatchCommandTests.project(BatchCommandTests.manifest)
        defer { folder.remove() }
        let run = try CommandRunner.run(
            ["batch", folder.file("manifest.json"), "--out", folder.file("out"), "--summary", "-", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
        #expect(document["interrupted"] as? Bool == false)
    }
}
