import Foundation
import TestSupport
import Testing

/// No output replaces a file the command reads or another of its outputs: each is a usage error (64)
/// before anything is written (found by review: every case below had replaced the file silently).
@Suite struct WriteGuardTests {
    /// A folder with two photos, a manifest of two scenes (`a`, `c`) and their recorded baselines in `bl`.
    private static func project() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let photos = ReviewWorkflowTests.photos
        try FileManager.default.createDirectory(atPath: folder.file("p"), withIntermediateDirectories: true)
        for name in ["1.jpg", "2.jpg"] {
            try FileManager.default.copyItem(atPath: photos + "/" + name, toPath: folder.file("p/" + name))
        }
        try folder.write(
            Array(
                #"{"defaults": {"photos": ["p/"], "width": 200, "height": 100}, "scenes": [{"name": "a"}, {"name": "c", "offset": 120}]}"#
                    .utf8), to: "m.json")
        let record = try CommandRunner.run(["check", "m.json", "--baseline", "bl", "--record"], in: folder.path)
        #expect(record.status == 0, "\(record.stderr)")
        return folder
    }

    /// Every file under `folder`, with its bytes.
    private static func snapshot(_ folder: TemporaryFolder) -> [String: Data] {
        let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return Dictionary(
            uniqueKeysWithValues: paths.compactMap { path in
                FileManager.default.contents(atPath: folder.file(path)).map { (path, $0) }
            })
    }

    @Test(
        arguments: [
            (["p", "-o", "out"], "-o out would replace the photo p/1.jpg"),
            (["p", "-o", "d0/../p/a.png"], "-o d0/../p/a.png would replace the photo p/1.jpg"),
            (
                ["p", "--offsets", "0,40", "-o", "d{offset}/../a.png"],
                "offset 40's d40/../a.png and offset 0's d0/../a.png are the same file: put {index} in -o"
            ),
            (
                ["check", "m.json", "--baseline", "bl", "--junit", "m.json"],
                "--junit m.json would replace the manifest m.json"
            ),
            (
                ["check", "m.json", "--baseline", "bl", "--junit", "bl/a.png"],
                "--junit bl/a.png would replace the baseline bl/a.png"
            ),
            (
                ["check", "m.json", "--baseline", "bl", "--junit", "bl/c.layout.json"],
                "would replace the baseline bl/c.layout.json"
            ),
            (
                ["check", "m.json", "--baseline", "bl", "--report", "r", "--junit", "r/results.json"],
                "--junit r/results.json and --report r's results.json are the same file"
            ),
            (
                ["check", "m.json", "--baseline", "bl", "--report", "bl"],
                "--report bl would write its images/ and layouts/ among the baselines in bl"
            ),
            (
                ["check", "m.json", "--baseline", "p", "--record"],
                "the baseline p/a.png would replace the photo p/a.png"
            ),
            (
                ["check", "m.json", "--baseline", "bl", "--report", "r", "--junit", "r/images/x.png"],
                "--junit r/images/x.png would go into --report r's images/"
            ),
            (
                ["check", "m.json", "--baseline", "bl", "--report", "r", "--junit", "r/.gallery-render.lock"],
                "--junit r/.gallery-render.lock and --report r's .gallery-render.lock are the same file"
            ),
            (
                ["check", "m.json", "--baseline", "bl", "--report", "d0", "--junit", "d0/images"],
                "--junit d0/images and --report d0's images/ are the same file"
            ),
            (
                ["merge-reports", "bl", "--report", "all", "--junit", "all/results.json"],
                "--junit all/results.json and --report all's results.json are the same file"
            ),
            (
                ["p", "-o", "p/gallery.png"],
                "-o p/gallery.png would go into the photo folder p, where the next run would read it as a photo"
            ),
            (["batch", "m.json", "--out", "p"], "the frame p/a.png (scene 'a') would replace the photo p/1.jpg"),
            (
                ["p", "--offsets", "0,40", "-o", "f{index}.png"],
                "offset 40's f0001.png and offset 0's f0000.png are the same file\n"
            ),
            (
                ["batch", "m.json", "--out", "o", "--summary", "o/a.png"],
                "--summary o/a.png and the frame o/a.png (scene 'a') are the same file"
            ),
            (
                ["batch", "m.json", "--out", "o", "--summary", "p/1.jpg"],
                "--summary p/1.jpg would replace the photo p/1.jpg"
            ),
            (
                ["diff", "bl/a.png", "bl/c.png", "--diff-image", "bl/a.png"],
                "--diff-image bl/a.png would replace the expected image bl/a.png"
            ),
            (
                ["animate", "p", "--fling", "500", "-o", "p/2.jpg.png"],
                "-o p/2.jpg.png would replace the photo p/2.jpg"
            ),
        ] as [([String], String)])
    func anOutputOnAnInputOrAnotherOutputIsRefused(arguments: [String], message: String) throws {
        let folder = try Self.project()
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(atPath: folder.file("out"), withDestinationPath: "p/1.jpg")
        try FileManager.default.createSymbolicLink(atPath: folder.file("p/2.jpg.png"), withDestinationPath: "2.jpg")
        try FileManager.default.createSymbolicLink(atPath: folder.file("p/a.png"), withDestinationPath: "1.jpg")
        try FileManager.default.createSymbolicLink(atPath: folder.file("f0000.png"), withDestinationPath: "f0001.png")
        for name in ["d0", "d40", "d0/images"] {
            try FileManager.default.createDirectory(atPath: folder.file(name), withIntermediateDirectories: true)
        }
        let before = Self.snapshot(folder)
        let run = try CommandRunner.run(arguments, in: folder.path)
        #expect(run.status == 64 && run.stderr.contains(message), "\(arguments): \(run.stderr)")
        #expect(Self.snapshot(folder) == before, "\(arguments)")
    }

    /// A shard's outputs may not replace a photo another shard reads (found by review: `--shard 1/2
    /// --junit` on a photo of shard 2's was written over): whichever shard a scene is dealt to, both
    /// shards refuse both photos.
    @Test func aShardMayNotReplaceAnotherShardsPhoto() throws {
        let folder = try Self.project()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("q"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder.file("p/2.jpg"), toPath: folder.file("q/3.jpg"))
        try folder.write(
            Array(
                #"{"defaults": {"width": 200, "height": 100}, "scenes": [{"name": "a", "photos": ["p/"]}, {"name": "b", "photos": ["q/"]}]}"#
                    .utf8), to: "two.json")
        let before = Self.snapshot(folder)
        for shard in ["1/2", "2/2"] {
            for photo in ["p/1.jpg", "q/3.jpg"] {
                let run = try CommandRunner.run(
                    ["check", "two.json", "--baseline", "bl", "--shard", shard, "--junit", photo], in: folder.path)
                #expect(
                    run.status == 64 && run.stderr.contains("--junit \(photo) would replace the photo"),
                    "\(shard) \(photo): \(run.stderr)")
            }
        }
        #expect(Self.snapshot(folder) == before)
    }

    /// Run inside the photo folder without -o, the default gallery.png is refused as "the output", not
    /// as an -o that was never given (found by review).
    @Test(arguments: [["."], ["animate", ".", "--fling", "500"]])
    func theDefaultOutputInThePhotoFolderIsNamedAsSuch(arguments: [String]) throws {
        let folder = try Self.project()
        defer { folder.remove() }
        let run = try CommandRunner.run(arguments, in: folder.file("p"))
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("Error: the output gallery.png would go into the photo folder ."), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("p/gallery.png")))
    }

    /// Frames meeting through a link in the output folder are one file too (batch and render).
    @Test func framesMeetingThroughALinkAreRefused() throws {
        let folder = try Self.project()
        defer { folder.remove() }
        try folder.write(
            Array(
                #"{"defaults": {"photos": ["p/"], "width": 200, "height": 100}, "scenes": [{"name": "b", "offsets": [0, 40]}]}"#
                    .utf8),
            to: "s.json")
        try FileManager.default.createDirectory(atPath: folder.file("o/b"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("o/b/offset-0.png"), withDestinationPath: "offset-40.png")
        let batch = try CommandRunner.run(["batch", "s.json", "--out", "o"], in: folder.path)
        #expect(batch.status == 64 && batch.stderr.contains("are the same file"), "\(batch.stderr)")
        try FileManager.default.createSymbolicLink(atPath: folder.file("0.png"), withDestinationPath: "40.png")
        let render = try CommandRunner.run(["p", "--offsets", "0,40", "-o", "{offset}.png"], in: folder.path)
        #expect(render.status == 64 && render.stderr.contains("are the same file"), "\(render.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("40.png")))
    }

    /// Outputs that only look alike are not refused: a stream twice, a report's own folder holding
    /// the JUnit file, a report inside the baseline folder.
    @Test func distinctOutputsStillRun() throws {
        let folder = try Self.project()
        defer { folder.remove() }
        let check = try CommandRunner.run(
            ["check", "m.json", "--baseline", "bl", "--report", "bl/report", "--junit", "bl/report/junit.xml"],
            in: folder.path)
        #expect(check.status == 0, "\(check.stderr)")
        let batch = try CommandRunner.run(
            ["batch", "m.json", "--out", "o", "--summary", "/dev/null", "--quiet"], in: folder.path)
        #expect(batch.status == 0, "\(batch.stderr)")
    }

    /// Found by review of the guard itself: a hard link is not its other name (a write renames over
    /// the entry), and a report folder may be given again as the shard weights it was read from.
    @Test func hardLinksAndTheShardWeightsLoopStillRun() throws {
        let folder = try Self.project()
        defer { folder.remove() }
        try FileManager.default.removeItem(atPath: folder.file("bl/c.png"))
        try FileManager.default.linkItem(atPath: folder.file("bl/a.png"), toPath: folder.file("bl/c.png"))
        let record = try CommandRunner.run(["check", "m.json", "--baseline", "bl", "--record-failed"], in: folder.path)
        #expect(record.status == 0 && record.stderr.contains("recorded bl/c.png"), "\(record.stderr)")
        try FileManager.default.linkItem(atPath: folder.file("p/1.jpg"), toPath: folder.file("out.png"))
        let render = try CommandRunner.run(["p", "-o", "out.png"], in: folder.path)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(FileManager.default.contents(atPath: folder.file("p/1.jpg"))?.prefix(2) == Data([0xFF, 0xD8]))
        #expect(
            try CommandRunner.run(["check", "m.json", "--baseline", "bl", "--report", "rep"], in: folder.path).status
                == 0)
        // Frames written among the photos would be photos of the next run: refused at the first.
        let intoPhotos = try CommandRunner.run(["batch", "m.json", "--out", "p"], in: folder.path)
        #expect(
            intoPhotos.status == 64 && intoPhotos.stderr.contains("(scene 'a') would go into the photo folder p/"),
            "\(intoPhotos.stderr)")
        // Weights another run wrote stay an input: only this run's own report may replace them.
        let overWeights = try CommandRunner.run(
            [
                "check", "m.json", "--baseline", "bl", "--report", "rep2", "--shard-weights", "rep", "--junit",
                "rep/results.json",
            ], in: folder.path)
        #expect(
            overWeights.status == 64 && overWeights.stderr.contains("would replace the shard weights rep/results.json"),
            "\(overWeights.stderr)")
        let summary = try CommandRunner.run(
            ["batch", "m.json", "--out", "o", "--shard-weights", "rep", "--summary", "rep/results.json"],
            in: folder.path)
        #expect(summary.status == 64 && summary.stderr.contains("would replace the shard weights"), "\(summary.stderr)")
        let loop = try CommandRunner.run(
            ["check", "m.json", "--baseline", "bl", "--report", "rep", "--shard-weights", "rep"], in: folder.path)
        #expect(loop.status == 0, "\(loop.stderr)")
    }

    /// accept checks its layouts' places before the first write (found by review: a folder at
    /// `c.layout.json` failed the run after `a`'s baseline was replaced).
    @Test func acceptChecksEveryLayoutsPlaceFirst() throws {
        let folder = try Self.project()
        defer { folder.remove() }
        try folder.write(
            Array(
                #"{"defaults": {"photos": ["p/"], "width": 210, "height": 100}, "scenes": [{"name": "a"}, {"name": "c", "offset": 120}]}"#
                    .utf8),
            to: "m.json")
        #expect(
            try CommandRunner.run(["check", "m.json", "--baseline", "bl", "--report", "rep"], in: folder.path).status
                == 1)
        try FileManager.default.removeItem(atPath: folder.file("bl/c.layout.json"))
        try FileManager.default.createDirectory(
            atPath: folder.file("bl/c.layout.json"), withIntermediateDirectories: true)
        let before = Self.snapshot(folder)
        let accept = try CommandRunner.run(["accept", "rep", "--baseline", "bl"], in: folder.path)
        #expect(accept.status == 2 && accept.stderr.contains("nothing was accepted"), "\(accept.stderr)")
        #expect(Self.snapshot(folder) == before)
    }
}
