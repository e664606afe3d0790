import Foundation
import TestSupport
import Testing

/// The CI loop's sharp edges (issue 51): what a team following the README trips over, each through
/// the binary as the user meets it.
@Suite struct CILoopEdgesTests {
    private static func manifest(_ scenes: String) -> [UInt8] { ReviewWorkflowTests.manifest(scenes) }

    @Test func aMistypedManifestIsNamedBeforeTheBaselineFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try CommandRunner.run(["check", "nope.json", "--baseline", "b/"], in: folder.path)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("nope.json") && !run.stderr.contains("baseline folder"), "\(run.stderr)")
    }

    @Test func strictFailsOnAFileNamedLikeAPhotoThatIsNotOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let photos = folder.file("photos")
        try FileManager.default.copyItem(atPath: RenderCommandTests.fixtures, toPath: photos)
        // A Git LFS pointer, as a checkout without LFS leaves it.
        try folder.write(
            Array("version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 1234\n".utf8), to: "photos/b.jpg")
        let render = try CommandRunner.run(["--strict", photos, "-o", folder.file("g.png")])
        #expect(render.status == 1 && render.stderr.contains("photos/b.jpg: not a PNG, JPEG"), "\(render.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("g.png")))
        let animate = try CommandRunner.run([
            "animate", "--strict", "--fling", "300", photos, "-o", folder.file("a.png"),
        ])
        #expect(animate.status == 1 && animate.stderr.contains("photos/b.jpg"), "\(animate.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("a.png")))
        // Without --strict: skipped with a warning, as before.
        let lenient = try CommandRunner.run([photos, "-o", folder.file("g.png")])
        #expect(lenient.status == 0 && lenient.stderr.contains("b.jpg: not a PNG"), "\(lenient.stderr)")
        // In a manifest, the scene fails under --strict and nothing of it is written.
        try folder.write(
            Array(
                #"{"defaults": {"width": 200, "height": 100, "photos": ["photos/"]}, "scenes": [{"name": "a"}]}"#.utf8),
            to: "m.json")
        let batch = try CommandRunner.run(["batch", "m.json", "--out", "o", "--strict"], in: folder.path)
        #expect(batch.status == 1 && batch.stderr.contains("scene 'a'"), "\(batch.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("o/a.png")))
    }

    @Test func motionKeysOnAStillSceneAreAUsageError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (scene, key) in [(#"{"name": "a", "fps": 30}"#, "fps"), (#"{"name": "a", "duration": 1}"#, "duration")] {
            try folder.write(Self.manifest(scene), to: "m.json")
            let run = try CommandRunner.run(["batch", "m.json", "--out", "o"], in: folder.path)
            #expect(run.status == 64, "\(run.stderr)")
            #expect(run.stderr.contains("key '\(key)' times a motion, and none is given"), "\(run.stderr)")
        }
        // In the defaults they time the animated scenes only.
        try folder.write(
            ReviewWorkflowTests.manifest(
                #"{"name": "still"}, {"name": "moving", "fling": 400}"#,
                defaults: #""width": 200, "height": 100, "fps": 10"#), to: "m.json")
        let run = try CommandRunner.run(["batch", "m.json", "--out", "o"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let layout = try CommandRunner.run(["layout", "--count", "3", "--fps", "30"])
        #expect(layout.status == 64 && layout.stderr.contains("--fps times a motion"), "\(layout.stderr)")
    }

    @Test func anOffsetBeyondTheRangeIsClampedAndSaidOnce() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // 12 photos: content 12·70 + 2·(375/2 − 35) − 70 = … ; whatever it is, 5000 is beyond it.
        let run = try CommandRunner.run(
            [
                "--width", "375", "--offsets", "0,5000,6000", RenderCommandTests.fixtures, "-o",
                folder.file("{index}.png"),
            ])
        #expect(run.status == 0, "\(run.stderr)")
        let warnings = run.stderr.split(separator: "\n").filter { $0.contains("beyond the scrollable range") }
        #expect(warnings.count == 1, "\(run.stderr)")
        #expect(warnings.first?.contains("--offsets 5000 (and 1 more) is beyond the scrollable range 0…") == true)
        // Worked-out numbers are said as `layout` prints them, to 1e-6 (found by review:
        // 7·(33.3 + 0.1) − 33.3 is 200.39999999999998 in binary).
        let rounded = try CommandRunner.run([
            "layout", "--count", "7", "--item-size", "33.3", "--spacing", "0.1", "--offset", "1e6",
        ])
        #expect(rounded.stderr.contains("range 0…200.4 pt: drawn at 200.4,"), "\(rounded.stderr)")
        let inRange = try CommandRunner.run([
            "--offset", "120", RenderCommandTests.fixtures, "-o", folder.file("a.png"),
        ])
        #expect(!inRange.stderr.contains("beyond"), "\(inRange.stderr)")
        let overscroll = try CommandRunner.run(
            ["--offset", "-40", "--overscroll", RenderCommandTests.fixtures, "-o", folder.file("b.png")])
        #expect(!overscroll.stderr.contains("beyond"), "\(overscroll.stderr)")
    }

    @Test func theReportsAcceptCommandWorksForASceneNamedLikeAnOption() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.manifest(#"{"name": "-x"}"#), to: "m.json")
        try FileManager.default.createDirectory(atPath: folder.file("b"), withIntermediateDirectories: true)
        let check = try CommandRunner.run(["check", "m.json", "--baseline", "b", "--report", "r"], in: folder.path)
        #expect(check.status == 1, "\(check.stderr)")
        let html = String(
            decoding: FileManager.default.contents(atPath: folder.file("r/index.html")) ?? Data(), as: UTF8.self)
        #expect(html.contains(#"data-command="gallery-render accept r --baseline b --""#), "the command ends in --")
        // As the page completes it: the command, then the ticked frames.
        let run = try CommandRunner.run(["accept", "r", "--baseline", "b", "--", "-x.png"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.file("b/-x.png")))
        #expect(FileManager.default.fileExists(atPath: folder.file("b/-x.layout.json")))
    }
}

extension CILoopEdgesTests {
    /// Issue 51, item 2: a layout file of ~950,000 items just under the 16 MiB cap cost 2.9 GB and 15 s.
    @Test(.timeLimit(.minutes(2))) func aHugeHostileLayoutCostsLittleAndWritesASmallReport() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.manifest(#"{"name": "a"}"#), to: "m.json")
        #expect(try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record"], in: folder.path).status == 0)
        try folder.write(Self.manifest(#"{"name": "a", "offset": 60}"#), to: "m.json")
        var text = #"{"viewport": {"width": 200, "height": 100}, "offset": 0, "items": ["#
        let item = #"{"index":1,"center":{"x":1}},"#
        text += String(repeating: item, count: (16 << 20) / item.utf8.count - 4) + #"{"index":0}]}"#
        try folder.write(Array(text.utf8), to: "b/a.layout.json")
        let run = try MeasuredProcess(
            ["check", folder.file("m.json"), "--baseline", folder.file("b"), "--report", folder.file("r")],
            folder: folder
        ).wait()
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.peakMiB < (MemoryBoundTests.sanitized ? 600 : 200), "peak \(run.peakMiB) MiB")
        let size =
            (try? FileManager.default.attributesOfItem(atPath: folder.file("r/results.json"))[.size] as? Int) ?? 0
        #expect(size < 64 << 10, "results.json: \(size) bytes")
    }
}

extension CILoopEdgesTests {
    /// Issue 51, item 5: a baseline layout whose indexes are `1.5`, `true` or 2⁶⁴ is no layout: the
    /// check says nothing of what moved rather than explaining with coerced items.
    @Test func aLayoutWithCoercibleIndexesExplainsNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(Self.manifest(#"{"name": "a"}"#), to: "m.json")
        #expect(try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record"], in: folder.path).status == 0)
        try folder.write(Self.manifest(#"{"name": "a", "offset": 60}"#), to: "m.json")
        let recorded = String(
            decoding: FileManager.default.contents(atPath: folder.file("b/a.layout.json")) ?? Data(), as: UTF8.self)
        let explained = try CommandRunner.run(["check", "m.json", "--baseline", "b"], in: folder.path)
        #expect(explained.stderr.contains("layout: "), "a well-formed layout explains: \(explained.stderr)")
        for index in ["1.5", "true", "18446744073709551616"] {
            let hostile = recorded.replacingOccurrences(of: #""index": 0,"#, with: #""index": \#(index),"#)
            #expect(hostile != recorded)
            try folder.write(Array(hostile.utf8), to: "b/a.layout.json")
            let run = try CommandRunner.run(["check", "m.json", "--baseline", "b"], in: folder.path)
            #expect(run.status == 1, "\(run.stderr)")
            #expect(!run.stderr.contains("layout: "), "\(index): \(run.stderr)")
        }
    }
}
