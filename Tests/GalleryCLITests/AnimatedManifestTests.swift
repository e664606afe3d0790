import Foundation
import ImageCodecs
import TestSupport
import Testing

/// Motions in manifests: `batch` writes each animated scene as one APNG, the same bytes `animate`
/// writes, and `check` compares animated baselines frame by frame.
@Suite struct AnimatedManifestTests {
    static func manifest(toLayout: String = "flow", flingFPS: Int = 20) -> String {
        """
        {"defaults": {"width": 200, "height": 120, "photos": ["photos/"], "fps": 20, "duration": 0.3},
         "scenes": [{"name": "rest", "offset": 170},
                    {"name": "toggle", "offset": 170, "toLayout": "\(toLayout)"},
                    {"name": "fling", "fling": 900, "snap": true, "fps": \(flingFPS)},
                    {"name": "drop", "delete": 1, "duration": 0.2, "loop": 2}]}
        """
    }

    @Test func batchWritesEachAnimatedSceneAsTheAPNGAnimateWrites() throws {
        let folder = try BatchCommandTests.project(Self.manifest())
        defer { folder.remove() }
        let run = try CommandRunner.run(
            ["batch", folder.file("manifest.json"), "--out", folder.file("out"), "--summary", folder.file("s.json")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(BatchCommandTests.files(folder.file("out")) == ["drop.png", "fling.png", "rest.png", "toggle.png"])
        let scene = ["--width", "200", "--height", "120", folder.file("photos"), "--fps", "20"]
        var shown: Set<String> = []
        for (name, motion) in [
            ("toggle", ["--offset", "170", "--to-layout", "flow"]), ("fling", ["--fling", "900", "--snap"]),
            ("drop", ["--delete", "1", "--duration", "0.2"]),
        ] {
            // The photos any frame shows, from layout's JSON Lines.
            let layout = try CommandRunner.run(["layout"] + scene + motion)
            for line in layout.output.split(separator: "\n") {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                for item in object?["items"] as? [[String: Any]] ?? [] where (item["alpha"] as? Double ?? 0) > 0 {
                    if let photo = item["photo"] as? String { shown.insert(photo) }
                }
            }
            let loop = name == "drop" ? ["--loop", "2"] : []
            let animate = try CommandRunner.run(
                ["animate"] + scene + motion + loop + ["-o", folder.file("\(name).png")])
            #expect(animate.status == 0, "\(animate.stderr)")
            #expect(
                try ImageDecoder.readBytes(atPath: folder.file("out/\(name).png"))
                    == ImageDecoder.readBytes(atPath: folder.file("\(name).png")), "\(name)")
        }
        // Each photo shown decoded once for the whole batch: the toggle's flow draws smaller items than
        // the line, so all four scenes share the line's decodes (the still scene shows a subset).
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.file("s.json"))))
                as? [String: Any])
        let totals = try #require(summary["totals"] as? [String: Any])
        #expect(totals["frames"] as? Int == 4)
        #expect(totals["decodes"] as? Int == shown.count)
    }

    @Test func checkComparesAnimationsFrameByFrame() throws {
        let folder = try BatchCommandTests.project(Self.manifest())
        defer { folder.remove() }
        let baseline = folder.file("baseline")
        let recorded = try CommandRunner.run([
            "check", folder.file("manifest.json"), "--baseline", baseline, "--record",
        ])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let clean = try CommandRunner.run(["check", folder.file("manifest.json"), "--baseline", baseline])
        #expect(clean.status == 0 && clean.stderr.contains("4 passed, 0 failed"), "\(clean.stderr)")

        // The toggle now goes to the grid (its first frame, the line at rest, still matches); the
        // fling is timed at 10 fps (frames at 0, 0.1, … instead of 0, 0.05, …).
        try folder.write(Array(Self.manifest(toLayout: "grid", flingFPS: 10).utf8), to: "changed.json")
        let failed = try CommandRunner.run(
            ["check", folder.file("changed.json"), "--baseline", baseline, "--report", folder.file("report")])
        #expect(failed.status == 1)
        #expect(
            failed.stderr.contains("FAIL toggle.png: frames 1, 2, 3, 4, 5, 6 of 7 differ; frame 1: "),
            "\(failed.stderr)")
        #expect(failed.stderr.contains("FAIL fling.png: the rendering has "), "\(failed.stderr)")
        #expect(failed.stderr.contains("2 passed, 2 failed"))
        // The report holds both animations whole (accept takes the rendering), the first failing
        // frame's diff, and every frame's stills (AnimationReviewTests checks them).
        let images = TemporaryFolder.list(folder.file("report/images")).sorted()
        #expect(
            images.contains { $0.hasSuffix("toggle-expected.png") }
                && images.contains { $0.hasSuffix("toggle-diff.png") })
        let shown = try #require(images.first { $0.hasSuffix("toggle-actual.png") })
        let whole = try ImageDecoder.readBytes(atPath: folder.file("report/images/\(shown)"))
        #expect(APNGFrames.isAnimated(whole))
        #expect(images.contains { $0.hasSuffix("toggle-f0006-diff.png") })
    }

    @Test func motionKeysAreCheckedLikeTheirOptions() throws {
        for (scene, message) in [
            (#"{"name": "a", "fling": 100, "offsets": "0..10/5"}"#, "key 'offsets' cannot be used with key 'fling'"),
            (#"{"name": "a", "fling": 100, "toLayout": "grid"}"#, "Use one motion at a time"),
            (
                #"{"name": "a", "delete": 9, "count": 3}"#,
                "key 'delete': the value '9' is invalid: must be from 0 to 2, not 9"
            ),
            (#"{"name": "a", "toLayout": "flow", "duration": -1}"#, "key 'duration'"),
            (#"{"name": "a", "fling": 100, "fps": 0}"#, "key 'fps'"),
        ] {
            let folder = try BatchCommandTests.project(#"{"defaults": {"photos": ["photos/"]}, "scenes": [\#(scene)]}"#)
            defer { folder.remove() }
            let run = try CommandRunner.run(["batch", folder.file("manifest.json"), "--out", folder.file("out")])
            #expect(run.status == 64, "\(scene): \(run.stderr)")
            #expect(run.stderr.contains(message), "\(scene): \(run.stderr)")
        }
    }
}
