import Foundation
import TestSupport
import Testing

/// Baselines, manifests and shard reports come from a pull request: through the binary, nothing
/// outside their folders is read into a report, written through a link, or copied by a merge
/// (issue 34's security and data items, each reproduced as it was found).
@Suite struct HostileRepositoryTests {
    /// A scratch folder with the fixture photos, a two-scene manifest (200×100 at offsets 0 and 40)
    /// and its baselines recorded in `bl/`.
    static func workspace() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let photos = Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos").path
        try FileManager.default.createDirectory(atPath: folder.file("photos"), withIntermediateDirectories: true)
        for name in ["1.jpg", "2.jpg", "3.jpg"] {
            try FileManager.default.copyItem(atPath: photos + "/" + name, toPath: folder.file("photos/" + name))
        }
        try folder.write(
            Array(
                #"{"defaults": {"width": 200, "height": 100, "photos": ["photos/"]}, "scenes": [{"name": "a", "offset": 0}, {"name": "b", "offset": 40}]}"#
                    .utf8), to: "m2.json")
        let record = try CommandRunner.run(["check", "m2.json", "--baseline", "bl", "--record"], in: folder.path)
        #expect(record.status == 0, "\(record.stderr)")
        try folder.write(Array("TOPSECRET\n".utf8), to: "secret.txt")
        return folder
    }

    static func copyFolder(_ from: String, _ to: String, in folder: TemporaryFolder) throws {
        try FileManager.default.copyItem(atPath: folder.file(from), toPath: folder.file(to))
    }

    static func bytes(_ path: String) -> [UInt8] {
        (FileManager.default.contents(atPath: path)).map { [UInt8]($0) } ?? []
    }

    /// Every file under `folder`, read whole: none may hold the secret.
    static func anyFileHolds(_ needle: String, under folder: String) -> Bool {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return false }
        for case let name as String in walker {
            let text = String(decoding: bytes(folder + "/" + name), as: UTF8.self)
            if text.contains(needle) { return true }
        }
        return false
    }

    @Test func aBaselineLinkLeavingTheFolderIsNotFollowedNorCopiedIntoTheReport() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try Self.copyFolder("bl", "bs", in: folder)
        try FileManager.default.removeItem(atPath: folder.file("bs/a.png"))
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("bs/a.png"), withDestinationPath: folder.file("secret.txt"))
        let run = try CommandRunner.run(["check", "m2.json", "--baseline", "bs", "--report", "rs"], in: folder.path)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("FAIL a.png: no baseline read: bs/a.png is a symlink leading outside bs"))
        #expect(!Self.anyFileHolds("TOPSECRET", under: folder.file("rs")))
        #expect(!TemporaryFolder.list(folder.file("rs/images")).contains { $0.contains("expected") })
    }

    @Test func aBaselineThatIsNoImageIsNeverCopiedIntoTheReport() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try Self.copyFolder("bl", "bt", in: folder)
        // Inside the folder (a link to a file beside it), but not an image: `--baseline .` holds .git.
        try folder.write(Array("TOPSECRET\n".utf8), to: "bt/config")
        try FileManager.default.removeItem(atPath: folder.file("bt/a.png"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("bt/a.png"), withDestinationPath: "config")
        let run = try CommandRunner.run(["check", "m2.json", "--baseline", "bt", "--report", "rt"], in: folder.path)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(!Self.anyFileHolds("TOPSECRET", under: folder.file("rt")))
    }

    @Test(arguments: ["--record-failed", "--record-missing", "--record"])
    func recordingReplacesALinkInsteadOfWritingThroughIt(mode: String) throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try folder.write(Array("victim\n".utf8), to: "victim.txt")
        try Self.copyFolder("bl", "rb", in: folder)
        try FileManager.default.removeItem(atPath: folder.file("rb/a.png"))
        if mode == "--record-missing" {
            // A dangling link is a missing baseline; recording must not create its target.
            try FileManager.default.createSymbolicLink(
                atPath: folder.file("rb/a.png"), withDestinationPath: folder.file("created-outside.png"))
        } else {
            try FileManager.default.createSymbolicLink(
                atPath: folder.file("rb/a.png"), withDestinationPath: folder.file("victim.txt"))
        }
        let run = try CommandRunner.run(["check", "m2.json", "--baseline", "rb", mode], in: folder.path)
        #expect(Self.bytes(folder.file("victim.txt")) == Array("victim\n".utf8), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("created-outside.png")))
        #expect(run.stderr.contains("recorded rb/a.png"), "\(run.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.file("rb/a.png"))
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(run.status == 0)
    }

    @Test func recordingRefusesAFolderLinkLeavingTheBaselines() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try folder.write(
            Array(
                #"{"defaults": {"width": 200, "height": 100, "photos": ["photos/"]}, "scenes": [{"name": "sub", "offsets": [0, 40]}]}"#
                    .utf8),
            to: "m3.json")
        try FileManager.default.createDirectory(atPath: folder.file("outside"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("rc"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("rc/sub"), withDestinationPath: folder.file("outside"))
        for mode in ["--record", "--record-failed"] {
            let run = try CommandRunner.run(["check", "m3.json", "--baseline", "rc", mode], in: folder.path)
            #expect(run.status == 1)
            #expect(run.stderr.contains("rc/sub is a symlink leading outside rc"), "\(run.stderr)")
        }
        #expect(TemporaryFolder.list(folder.file("outside")).isEmpty)
    }

    /// Two shard reports, `r1` (frame a failing) and `r2` (all passing), from different baselines.
    static func reports(in folder: TemporaryFolder) throws {
        try Self.copyFolder("bl", "bx", in: folder)
        try FileManager.default.removeItem(atPath: folder.file("bx/a.png"))
        _ = try CommandRunner.run(
            ["check", "m2.json", "--baseline", "bx", "--report", "r1", "--shard", "1/2"], in: folder.path)
        _ = try CommandRunner.run(
            ["check", "m2.json", "--baseline", "bl", "--report", "r2", "--shard", "2/2"], in: folder.path)
    }

    /// r1's results.json with `change` applied to its first frame (a dictionary of JSON values).
    static func poison(_ folder: TemporaryFolder, _ change: (inout [String: Any]) -> Void) throws {
        let path = folder.file("r1/results.json")
        var results = try JSONSerialization.jsonObject(with: Data(Self.bytes(path))) as? [String: Any] ?? [:]
        var frames = results["frames"] as? [[String: Any]] ?? []
        var first = frames.first ?? [:]
        change(&first)
        frames[0] = first
        results["frames"] = frames
        try JSONSerialization.data(withJSONObject: results).write(to: URL(fileURLWithPath: path))
    }

    @Test(arguments: ["../../secret.txt", "/etc/passwd", "images/../../secret.txt", "images/link.png"])
    func mergeRefusesAnImagePathLeavingTheInputsImages(path: String) throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try Self.reports(in: folder)
        try FileManager.default.createSymbolicLink(
            atPath: folder.file("r1/images/link.png"), withDestinationPath: folder.file("secret.txt"))
        try Self.poison(folder) { frame in frame["images"] = ["actual": path] }
        let run = try CommandRunner.run(["merge-reports", "r1", "r2", "--report", "m"], in: folder.path)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("r1: results.json names an image that cannot be used"), "\(run.stderr)")
        #expect(run.stderr.contains(path))
        #expect(!Self.anyFileHolds("TOPSECRET", under: folder.file("m")))
    }

    @Test func mergeNamesTheKeyAndValueOfAResultsFileItCannotUse() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try Self.reports(in: folder)
        let original = try JSONSerialization.jsonObject(with: Data(Self.bytes(folder.file("r1/results.json"))))
        func merged(_ text: String) throws -> CommandRunner.Outcome {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder.file("r1/results.json")))
            return try CommandRunner.run(["merge-reports", "r1", "r2", "--report", "m"], in: folder.path)
        }
        func changed(_ change: (inout [String: Any]) -> Void) throws -> String {
            var top = original as? [String: Any] ?? [:]
            change(&top)
            return String(decoding: try JSONSerialization.data(withJSONObject: top), as: UTF8.self)
        }
        let cases: [(String, String)] = [
            (try changed { $0["version"] = "1" }, #"version "1" (a string)"#),
            (try changed { $0["version"] = 1.5 }, "version 1.5"),
            (try changed { $0["version"] = nil }, "key 'version' is missing"),
            (
                try changed { top in
                    var frames = top["frames"] as? [[String: Any]] ?? []
                    frames[0]["status"] = "fine"
                    top["frames"] = frames
                }, #"key 'frames[0].status' is "fine""#
            ),
            (
                try changed { top in
                    var frames = top["frames"] as? [[String: Any]] ?? []
                    frames[0]["diffPixels"] = 1.5
                    top["frames"] = frames
                }, "key 'frames[0].diffPixels' is 1.5, not a whole number"
            ),
            (
                try changed { top in
                    var frames = top["frames"] as? [[String: Any]] ?? []
                    frames[0]["width"] = -3
                    top["frames"] = frames
                }, "key 'frames[0].width' is -3, below 0"
            ),
            (
                try changed { top in
                    var frames = top["frames"] as? [[String: Any]] ?? []
                    frames[0]["path"] = String(repeating: "p", count: 300) + ".png"
                    top["frames"] = frames
                }, "longer than any frame path"
            ),
            (
                #"{"tool": "gallery-render", "version": 1, "x": "# + String(repeating: "[", count: 600)
                    + String(repeating: "]", count: 600) + "}", "nested 601 levels deep"
            ),
        ]
        for (text, said) in cases {
            let run = try merged(text)
            #expect(run.status == 2, "\(said): \(run.stderr)")
            #expect(run.stderr.contains("r1: results.json"), "\(run.stderr)")
            #expect(run.stderr.contains(said), "\(said): \(run.stderr)")
        }
    }

    /// A frame path in another spelling ("./a.png") would be a second frame; one image named by
    /// every frame of a large results.json would be copied that many times.
    @Test func mergeRefusesAFramePathNoManifestWritesAndAnImageNamedTwice() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try Self.reports(in: folder)
        let original = Self.bytes(folder.file("r1/results.json"))
        try Self.poison(folder) { frame in frame["path"] = "./" + (frame["path"] as? String ?? "") }
        var run = try CommandRunner.run(["merge-reports", "r1", "r2", "--report", "m"], in: folder.path)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("not a frame path this tool writes"), "\(run.stderr)")
        try Data(original).write(to: URL(fileURLWithPath: folder.file("r1/results.json")))
        let path = folder.file("r1/results.json")
        var results = try JSONSerialization.jsonObject(with: Data(Self.bytes(path))) as? [String: Any] ?? [:]
        var frames = results["frames"] as? [[String: Any]] ?? []
        let images = frames.first?["images"] ?? [:]
        frames = (0..<50).map { number in
            var frame = frames.first ?? [:]
            frame["path"] = "s\(number).png"
            frame["images"] = images
            return frame
        }
        results["frames"] = frames
        try JSONSerialization.data(withJSONObject: results).write(to: URL(fileURLWithPath: path))
        run = try CommandRunner.run(["merge-reports", "r1", "r2", "--report", "m"], in: folder.path)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("named again by frames[1] after frames[0]"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("m/index.html")))
    }

    @Test func mergeRefusesAJUnitFileInsideAnInput() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try Self.reports(in: folder)
        let before = Self.bytes(folder.file("r1/results.json"))
        let run = try CommandRunner.run(
            ["merge-reports", "r1", "r2", "--report", "m", "--junit", "r1/results.json"], in: folder.path)
        #expect(run.status == 64)
        #expect(run.stderr.contains("--junit r1/results.json is inside an input (r1)"), "\(run.stderr)")
        #expect(Self.bytes(folder.file("r1/results.json")) == before)
    }

    @Test func mergeRefusesAReportFolderThatIsAnInputThroughALink() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try Self.reports(in: folder)
        try FileManager.default.createSymbolicLink(atPath: folder.file("r1link"), withDestinationPath: "r1")
        let before = Self.bytes(folder.file("r1/results.json"))
        let run = try CommandRunner.run(["merge-reports", "r1", "r2", "--report", "r1link"], in: folder.path)
        #expect(run.status == 64)
        #expect(run.stderr.contains("--report r1link is also an input (r1)"), "\(run.stderr)")
        #expect(Self.bytes(folder.file("r1/results.json")) == before)
    }

    @Test func theStepSummaryShowsFileNamesAsTextNotMarkup() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let summary = folder.file("summary.md")
        // A scene's failure message carries the photo folder's name, which the repository chose.
        let name = "2<h1>All 500 checks passed<img src=x> **ok**"
        try FileManager.default.createDirectory(atPath: folder.file(name), withIntermediateDirectories: true)
        try folder.write(
            Array(
                "{\"defaults\": {\"width\": 200, \"height\": 100}, \"scenes\": [{\"name\": \"a\", \"photos\": [\"\(name)\"]}]}"
                    .utf8), to: "m4.json")
        let run = try CommandRunner.run(
            ["check", "m4.json", "--baseline", "bl"], in: folder.path, environment: ["GITHUB_STEP_SUMMARY": summary])
        #expect(run.status == 1, "\(run.stderr)")
        let markdown = String(decoding: Self.bytes(summary), as: UTF8.self)
        #expect(markdown.contains("&lt;h1&gt;All 500 checks passed&lt;img src\\=x&gt; \\*\\*ok\\*\\*"), "\(markdown)")
        #expect(!markdown.contains("<h1>") && !markdown.contains("<img") && !markdown.contains("**ok**"))
    }

    @Test func anAnimationsLoopCountAndDelaysAreCompared() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        func manifest(fps: Int, loop: Int) -> [UInt8] {
            Array(
                "{\"defaults\": {\"width\": 200, \"height\": 100, \"photos\": [\"photos/\"]}, \"scenes\": [{\"name\": \"f\", \"fling\": 5, \"fps\": \(fps), \"loop\": \(loop)}]}"
                    .utf8)
        }
        try folder.write(manifest(fps: 30, loop: 3), to: "recorded.json")
        #expect(
            try CommandRunner.run(["check", "recorded.json", "--baseline", "ba", "--record"], in: folder.path).status
                == 0)
        for (fps, loop, said) in [
            (60, 3, "FAIL f.png: frame 0 lasts 1/60 s in the rendering, 1/30 s in its baseline"),
            (30, 1, "FAIL f.png: the rendering plays once, its baseline plays 3 times"),
        ] {
            try folder.write(manifest(fps: fps, loop: loop), to: "now.json")
            let run = try CommandRunner.run(["check", "now.json", "--baseline", "ba"], in: folder.path)
            #expect(run.status == 1)
            #expect(run.stderr.contains(said), "\(run.stderr)")
        }
        #expect(try CommandRunner.run(["check", "recorded.json", "--baseline", "ba"], in: folder.path).status == 0)
    }

    @Test func aReportThatCannotBeWrittenStillGetsJUnitAndFailLinesAndIsNotLeftLookingCurrent() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try Self.copyFolder("bl", "bx", in: folder)
        try FileManager.default.removeItem(atPath: folder.file("bx/a.png"))
        // An earlier report, then a report folder the next run cannot write into (a file where its
        // images/ folder goes stands in for a full disk: every write under it fails).
        _ = try CommandRunner.run(["check", "m2.json", "--baseline", "bx", "--report", "rep"], in: folder.path)
        #expect(FileManager.default.fileExists(atPath: folder.file("rep/index.html")))
        try FileManager.default.removeItem(atPath: folder.file("rep/images"))
        try folder.write([1], to: "rep/images")
        let run = try CommandRunner.run(
            ["check", "m2.json", "--baseline", "bx", "--report", "rep", "--junit", "junit.xml"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("FAIL a.png"), "\(run.stderr)")
        #expect(run.stderr.contains("cannot write rep/images/"), "\(run.stderr)")
        #expect(String(decoding: Self.bytes(folder.file("junit.xml")), as: UTF8.self).contains("<failure"))
        #expect(!FileManager.default.fileExists(atPath: folder.file("rep/index.html")))
        #expect(!FileManager.default.fileExists(atPath: folder.file("rep/results.json")))
    }

    @Test func aSecondRunWaitsWhileAnotherWritesTheReportFolder() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("rep"), withIntermediateDirectories: true)
        let lock = open(folder.file("rep/.gallery-render.lock"), O_RDWR | O_CREAT, 0o644)
        #expect(lock >= 0 && flock(lock, LOCK_EX) == 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandRunner.binary)
        process.arguments = ["check", "m2.json", "--baseline", "bl", "--report", "rep", "--quiet"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder.path)
        try process.run()
        Thread.sleep(forTimeInterval: 3)
        #expect(process.isRunning)
        #expect(!FileManager.default.fileExists(atPath: folder.file("rep/index.html")))
        close(lock)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: folder.file("rep/index.html")))
    }

    @Test(arguments: [#""fps": 0"#, #""duration": -1"#, #""loop": -2"#])
    func aTimingValueInDefaultsIsCheckedEvenWhenNoSceneAnimates(value: String) throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try folder.write(
            Array(
                "{\"defaults\": {\"width\": 200, \"height\": 100, \"photos\": [\"photos/\"], \(value)}, \"scenes\": [{\"name\": \"a\"}]}"
                    .utf8), to: "timed.json")
        let run = try CommandRunner.run(["batch", "timed.json", "--out", "out"], in: folder.path)
        #expect(run.status == 64, "\(run.stderr)")
        let key = value.split(separator: "\"")[0]
        #expect(run.stderr.contains("key '\(key)'"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out")))
    }

    @Test func aReportFolderFromTheCheckoutIsWrittenWithoutFollowingItsLinks() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try Self.copyFolder("bl", "bx", in: folder)
        try FileManager.default.removeItem(atPath: folder.file("bx/a.png"))
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder.file("vv"), withIntermediateDirectories: true)
        try fm.createDirectory(atPath: folder.file("rr"), withIntermediateDirectories: true)
        try folder.write(Array("VICTIM\n".utf8), to: "vv/index.html")
        try folder.write(Array("VICTIM\n".utf8), to: "vv/results.json")
        try fm.createSymbolicLink(atPath: folder.file("rr/index.html"), withDestinationPath: "../vv/index.html")
        try fm.createSymbolicLink(atPath: folder.file("rr/results.json"), withDestinationPath: "../vv/results.json")
        // First with real images/: the links to files are replaced by the report's own files.
        let run = try CommandRunner.run(["check", "m2.json", "--baseline", "bx", "--report", "rr"], in: folder.path)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(Self.bytes(folder.file("vv/index.html")) == Array("VICTIM\n".utf8))
        #expect(Self.bytes(folder.file("vv/results.json")) == Array("VICTIM\n".utf8))
        let attributes = try fm.attributesOfItem(atPath: folder.file("rr/index.html"))
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        // Then images/ a link out of the report: refused, nothing written or removed through it.
        try fm.removeItem(atPath: folder.file("rr/images"))
        try fm.createSymbolicLink(atPath: folder.file("rr/images"), withDestinationPath: "../vv")
        try folder.write(Array("images/0000-a-actual.png\n".utf8), to: "vv/.written")
        try folder.write(Array("VICTIM\n".utf8), to: "vv/0000-a-actual.png")
        let again = try CommandRunner.run(["check", "m2.json", "--baseline", "bx", "--report", "rr"], in: folder.path)
        #expect(again.status == 1)
        #expect(again.stderr.contains("rr/images is a symlink leading outside rr"), "\(again.stderr)")
        #expect(Self.bytes(folder.file("vv/0000-a-actual.png")) == Array("VICTIM\n".utf8))
        #expect(
            TemporaryFolder.list(folder.file("vv")) == [".written", "0000-a-actual.png", "index.html", "results.json"])
    }

    @Test(arguments: ["../../../victim/zz.png", "/etc/x.png", "a//b.png"])
    func mergeRefusesAFramePathOutsideABaselineFolder(path: String) throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try Self.reports(in: folder)
        try Self.poison(folder) { frame in frame["path"] = path }
        let run = try CommandRunner.run(["merge-reports", "r1", "r2", "--report", "m"], in: folder.path)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("key 'frames[0].path'"), "\(run.stderr)")
    }

    @Test func aTimingValueInDefaultsIsCheckedWhereEverySceneSetsItsOwn() throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try folder.write(
            Array(
                #"{"defaults": {"width": 200, "height": 100, "photos": ["photos/"], "fps": 0}, "scenes": [{"name": "a", "fps": 30}]}"#
                    .utf8), to: "timed.json")
        let run = try CommandRunner.run(["batch", "timed.json", "--out", "out"], in: folder.path)
        #expect(run.status == 64)
        #expect(run.stderr.contains("timed.json: defaults: key 'fps'"), "\(run.stderr)")
    }

    /// Issue 34, item 11: an output that cannot be written fails before the (long) render, not after:
    /// a time limit, not a timed assertion (the render it skips takes minutes).
    @Test(.timeLimit(.minutes(1)), arguments: ["folder", String(repeating: "n", count: 256) + ".png"])
    func anUnwritableOutputFailsBeforeRendering(output: String) throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("folder"), withIntermediateDirectories: true)
        for command in [["photos/"], ["animate", "photos/", "--fling", "3000", "--fps", "120"]] {
            let run = try CommandRunner.run(
                command + ["--width", "4000", "--height", "3000", "-o", output], in: folder.path)
            #expect(run.status == 1, "\(run.stderr)")
            #expect(run.stderr.contains(output == "folder" ? "Is a directory" : "File name too long"), "\(run.stderr)")
        }
    }
}
