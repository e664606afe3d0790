import Foundation
import TestSupport
import Testing

/// Issue 31, part 3: recording writes each frame's layout beside its baseline, and a differing frame
/// says what moved, item by item, from the two layouts (pixels still decide pass or fail).
@Suite struct LayoutBesideBaselineTests {
    static let photos = Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos").path

    /// A folder with the fixture photos copied as `photos/` (so paths are relative) and a manifest.
    static func project(_ scenes: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("photos"), withIntermediateDirectories: true)
        for name in ["1.jpg", "2.jpg", "3.jpg", "4.jpg"] {
            try FileManager.default.copyItem(atPath: photos + "/" + name, toPath: folder.file("photos/" + name))
        }
        try write(scenes, in: folder)
        return folder
    }

    static func write(_ scenes: String, defaults: String = "", in folder: TemporaryFolder) throws {
        try folder.write(
            Array(
                "{\"defaults\": {\"width\": 375, \"height\": 200, \"photos\": [\"photos/\"]\(defaults)}, \"scenes\": [\(scenes)]}"
                    .utf8),
            to: "m.json")
    }

    static func text(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    @Test func recordingWritesTheLayoutBesideEachBaseline() throws {
        let folder = try Self.project(
            #"{"name": "c", "offset": 120}, {"name": "f", "fling": 300, "fps": 10}, {"name": "s", "offsets": [0, 85]}"#)
        defer { folder.remove() }
        let record = try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record"], in: folder.path)
        #expect(record.status == 0, "\(record.stderr)")
        // The still's layout is what `layout` prints, photos relative to the manifest.
        let layout = try CommandRunner.run(["layout", "photos", "--offset", "120"], in: folder.path)
        #expect(Self.text(folder.file("b/c.layout.json")) == layout.output)
        #expect(Self.text(folder.file("b/c.layout.json")).contains(#""photo": "photos/3.jpg""#))
        // An animation's is JSON Lines, a line a frame.
        let fling = try CommandRunner.run(["layout", "photos", "--fling", "300", "--fps", "10"], in: folder.path)
        #expect(Self.text(folder.file("b/f.layout.json")) == fling.output)
        #expect(
            TemporaryFolder.list(folder.file("b/s")) == [
                "offset-0.layout.json", "offset-0.png", "offset-85.layout.json", "offset-85.png",
            ])
    }

    @Test func aDifferingFrameSaysWhatMovedEverywhereItIsReported() throws {
        let folder = try Self.project(#"{"name": "c", "offset": 120}, {"name": "f", "fling": 300, "fps": 10}"#)
        defer { folder.remove() }
        #expect(try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record"], in: folder.path).status == 0)
        // Items 4 pt larger: the line's pitch is 0.7 × 104 + 104 = 176.8.
        try Self.write(
            #"{"name": "c", "offset": 120}, {"name": "f", "fling": 300, "fps": 10}"#, defaults: #", "itemSize": 104"#,
            in: folder)
        let summary = folder.file("summary.md")
        let run = try CommandRunner.run(
            ["check", "m.json", "--baseline", "b", "--report", "r", "--junit", "j.xml"], in: folder.path,
            environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(run.status == 1)
        // Item 1 at offset 120: centre W/2 + 176.8 − 120 = 244.3 (was 237.5); size 104·(1 + 0.6·(1 − 56.8/150)).
        // Messages give numbers to 0.01.
        let size = (104 * (1 + 0.6 * (150 - 56.8) / 150) * 100).rounded() / 100
        #expect(
            run.stderr.contains("item 1 (photos/2.jpg): centre x 237.5 → 244.3, size 140 → \(JSONNumber.text(size))"),
            "\(run.stderr)")
        #expect(run.stderr.contains("FAIL f.png:") && run.stderr.contains("(frames 0–"), "\(run.stderr)")
        #expect(Self.text(folder.file("j.xml")).contains("centre x 237.5 → 244.3"))
        #expect(Self.text(folder.file("r/index.html")).contains("centre x 237.5 → 244.3"))
        #expect(Self.text(summary).contains("centre x 237\\.5 → 244\\.3"), "\(Self.text(summary))")
        let results = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder.file("r/results.json"))))
                as? [String: Any])
        let frames = try #require(results["frames"] as? [[String: Any]])
        let c = try #require(frames.first { $0["path"] as? String == "c.png" })
        let changes = try #require(c["layoutChanges"] as? [[String: Any]])
        let one = try #require(changes.first { $0["index"] as? Int == 1 })
        #expect(one["photo"] as? String == "photos/2.jpg")
        let fields = one["fields"] as? [[String: Any]] ?? []
        #expect(
            fields.contains {
                $0["name"] as? String == "center.x" && $0["expected"] as? String == "237.5"
                    && $0["actual"] as? String == "244.3"
            })
        // Accepting keeps the rendering's layout beside the new baseline; then the still passes (the
        // animation, which accept refuses frame by frame, still fails).
        let accepted = try CommandRunner.run(["accept", "r", "--baseline", "b", "c.png"], in: folder.path)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        #expect(Self.text(folder.file("b/c.layout.json")).contains(#""x": 244.3"#))
        let again = try CommandRunner.run(["check", "m.json", "--baseline", "b"], in: folder.path)
        #expect(again.stderr.contains("1 passed, 1 failed") && again.stderr.contains("FAIL f.png"), "\(again.stderr)")
    }

    @Test(arguments: ["garbage", "{\"items\": 3}", "[[[[", "link"])
    func aHostileLayoutFileChangesNothingButTheMessage(content: String) throws {
        let folder = try Self.project(#"{"name": "c", "offset": 120}"#)
        defer { folder.remove() }
        #expect(try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record"], in: folder.path).status == 0)
        try FileManager.default.removeItem(atPath: folder.file("b/c.layout.json"))
        if content == "link" {
            try folder.write(Array("TOPSECRET".utf8), to: "secret.txt")
            try FileManager.default.createSymbolicLink(
                atPath: folder.file("b/c.layout.json"), withDestinationPath: folder.file("secret.txt"))
        } else {
            try folder.write(Array(content.utf8), to: "b/c.layout.json")
        }
        try Self.write(#"{"name": "c", "offset": 121}"#, in: folder)
        let run = try CommandRunner.run(["check", "m.json", "--baseline", "b", "--report", "r"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("FAIL c.png:") && !run.stderr.contains("layout:"), "\(run.stderr)")
        #expect(!Self.text(folder.file("r/results.json")).contains("TOPSECRET"))
    }
}

/// Numbers as the layout JSON prints them (at most 6 decimals, no trailing zeros).
enum JSONNumber {
    static func text(_ value: Double) -> String {
        let rounded = (value * 1_000_000).rounded() / 1_000_000
        return rounded == rounded.rounded() ? String(Int(rounded)) : "\(rounded)"
    }
}
