import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

@Suite struct BatchCommandTests {
    static let fixtures = Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos").path

    /// A folder with `photos` (a link to the fixtures) and `manifest.json`.
    static func project(_ manifest: String) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder.file("photos"), withDestinationPath: fixtures)
        try folder.write(Array(manifest.utf8), to: "manifest.json")
        return folder
    }

    static let manifest = """
        {
          "defaults": {"layout": "line", "width": 200, "height": 120, "photos": ["photos/"]},
          "scenes": [
            {"name": "rest", "offset": 0},
            {"name": "scroll", "offsets": "0..340/85"},
            {"name": "grid", "layout": "grid", "height": 200, "offset": 30},
            {"name": "fling", "offset": 100, "snap": true, "velocity": 900},
            {"name": "list", "offsets": [0, 170]}
          ]
        }
        """

    static func files(_ root: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root)
        var files: [String] = []
        while let next = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + next, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(next)
            }
        }
        return files.sorted()
    }

    @Test func writesNamesAndSequencesRelativeToTheManifest() throws {
        let folder = try Self.project(Self.manifest)
        defer { folder.remove() }
        let run = try CommandRunner.run([
            "batch", folder.file("manifest.json"), "--out", folder.file("out"), "--summary",
            folder.file("summary.json"),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            Self.files(folder.file("out")) == [
                "fling.png", "grid.png", "list/offset-0.png", "list/offset-170.png", "rest.png",
                "scroll/offset-0.png", "scroll/offset-170.png", "scroll/offset-255.png", "scroll/offset-340.png",
                "scroll/offset-85.png",
            ])
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.file("summary.json"))))
                as? [String: Any])
        let totals = try #require(summary["totals"] as? [String: Any])
        #expect(totals["frames"] as? Int == 10)
        #expect(totals["failedScenes"] as? Int == 0)
        let frames = try #require(summary["frames"] as? [[String: Any]])
        let fling = try #require(frames.first { $0["scene"] as? String == "fling" })
        #expect(fling["offset"] as? Double == 100)
        #expect(fling["renderedOffset"] as? Double == 510)  // 100 + 0.9·499 = 549.1 → item 3
        #expect(frames.allSatisfy { $0["milliseconds"] is NSNumber && ($0["warnings"] as? [Any])?.isEmpty == true })
    }

    @Test(
        arguments: [
            (#"{"scenes": [{"name": "a", "widht": 3}]}"#, "scene 'a': key 'widht': unknown key"),
            (#"{"scenes": [{"name": "a", "width": "wide"}]}"#, "scene 'a': key 'width'"),
            (#"{"scenes": [{"name": "a", "landscape": "yes"}]}"#, "scene 'a': key 'landscape'"),
            (#"{"scenes": [{"name": "a"}, {"name": "a"}]}"#, "scene 'a': key 'name': used twice"),
            (#"{"scenes": [{"name": "../escape"}]}"#, "scene '../escape': key 'name'"),
            (#"{"scenes": [{"name": "a/b"}]}"#, "scene 'a/b': key 'name'"),
            (#"{"scenes": [{"name": ".hidden"}]}"#, "scene '.hidden': key 'name'"),
            (#"{"scenes": [{"offset": 3}]}"#, "scene 1: missing \"name\""),
            (#"{"scenes": [{"name": 5}]}"#, "scene 1: key 'name': expected a string"),
            (
                #"{"scenes": [{"name": "a", "caption": true}]}"#,
                "scene 'a': key 'caption': expected a number or a string, not true or false"
            ),
            (#"{"scenes": [{"name": "a"}], "extra": 1}"#, "unknown key 'extra'"),
            (#"{"scenes": [{"name": "a", "ignore": [{"itme": 0}]}]}"#, "did you mean item?"),
            // Only offsets takes a list (found by review: a list was joined by commas for any key).
            (
                #"{"scenes": [{"name": "a", "layout": ["grid"]}]}"#,
                "scene 'a': key 'layout': expected a number or a string, not a list"
            ),
            (#"{"scenes": [{"name": "a", "columns": 0, "layout": "grid"}]}"#, "scene 'a': key 'columns'"),
            (
                #"{"scenes": [{"name": "ok", "offset": 1}, {"name": "b", "offsets": "9..1/2"}]}"#,
                "scene 'b': key 'offsets'"
            ),
            (#"{"scenes": "#, "invalid manifest JSON"),
        ] as [(String, String)])
    func invalidManifestsExit64BeforeAnythingRenders(manifest: String, message: String) throws {
        let folder = try Self.project(manifest)
        defer { folder.remove() }
        let run = try CommandRunner.run(["batch", folder.file("manifest.json"), "--out", folder.file("out")])
        #expect(run.status == 64)
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("out")))
    }

    /// A manifest saved with a UTF-8 byte order mark (as Windows editors save one) is read.
    @Test func aManifestWithAByteOrderMarkIsRead() throws {
        let folder = try Self.project(
            "\u{FEFF}"
                + #"{"defaults": {"width": 200, "height": 120, "photos": ["photos/"]}, "scenes": [{"name": "a"}]}"#)
        defer { folder.remove() }
        let run = try CommandRunner.run(["batch", folder.file("manifest.json"), "--out", folder.file("out")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.file("out/a.png")))
    }

    /// `-` reads the manifest from a pipe (`jq … | gallery-render batch -`), its paths relative to
    /// the working folder; the same frames as from the file. A FIFO or device named as the manifest
    /// is still refused, with the way to pipe one; a pipe past the size limit is refused once it
    /// passes it, not read to its end.
    @Test func aManifestFromStandardInput() throws {
        let folder = try Self.project(Self.manifest)
        defer { folder.remove() }
        let piped = try CommandRunner.run(
            ["batch", "-", "--out", "piped"], in: folder.path, input: Array(Self.manifest.utf8))
        #expect(piped.status == 0, "\(piped.stderr)")
        let file = try CommandRunner.run(["batch", "manifest.json", "--out", "file"], in: folder.path)
        #expect(file.status == 0, "\(file.stderr)")
        let frames = Self.files(folder.file("file"))
        #expect(frames.count == 10 && Self.files(folder.file("piped")) == frames)
        for frame in frames {
            #expect(
                FileManager.default.contentsEqual(
                    atPath: folder.file("file/" + frame), andPath: folder.file("piped/" + frame)))
        }
        let wrong = try CommandRunner.run(
            ["batch", "-", "--out", "wrong"], in: folder.path,
            input: Array(#"{"scenes": [{"name": "a", "offst": 1}]}"#.utf8))
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("standard input: scene 'a': key 'offst': unknown key"), "\(wrong.stderr)")
        let twice = try CommandRunner.run(
            ["batch", "-", "--out", "twice"], in: folder.path,
            input: Array(#"{"scenes": [{"name": "a"}, {"name": "a"}]}"#.utf8))
        #expect(twice.stderr.contains("standard input: scene 'a': key 'name': used twice"), "\(twice.stderr)")
        let huge = try CommandRunner.run(
            ["batch", "-", "--out", "huge"], in: folder.path, input: [UInt8](repeating: 0x20, count: 40 << 20))
        #expect(huge.status == 64)
        #expect(huge.stderr.contains("standard input: the manifest is larger than 16 MiB"), "\(huge.stderr)")
        let device = try CommandRunner.run(["batch", "/dev/null", "--out", "device"], in: folder.path)
        #expect(device.status == 64)
        #expect(device.stderr.contains("not a regular file (give - for standard input)"), "\(device.stderr)")
        let folderManifest = try CommandRunner.run(["batch", "photos", "--out", "x"], in: folder.path)
        #expect(folderManifest.status == 64)
        #expect(folderManifest.stderr.contains("photos: cannot read the manifest: a folder, not a JSON file"))
    }

    /// `check -` records and compares from a piped manifest; its JUnit suite is "standard input".
    @Test func checkReadsAManifestFromStandardInput() throws {
        let folder = try Self.project(Self.manifest)
        defer { folder.remove() }
        let bytes = Array(Self.manifest.utf8)
        let record = try CommandRunner.run(
            ["check", "-", "--baseline", "b", "--record"], in: folder.path, input: bytes)
        #expect(record.status == 0, "\(record.stderr)")
        let check = try CommandRunner.run(
            ["check", "-", "--baseline", "b", "--junit", "j.xml"], in: folder.path, input: bytes)
        #expect(check.status == 0, "\(check.stderr)")
        let junit = try String(contentsOfFile: folder.file("j.xml"), encoding: .utf8)
        #expect(junit.contains(#"<testsuite name="standard input" tests="10""#), "\(junit)")
        // A hint names the manifest as given: `-`, to be piped again (found by review: `./-`).
        let missing = try CommandRunner.run(["check", "-", "--baseline", "nob"], in: folder.path, input: bytes)
        #expect(
            missing.stderr.contains("record it with: gallery-render check - --baseline nob --record"),
            "\(missing.stderr)")
    }

    /// A scene's key replaces the defaults' alternatives to it, as the contract's "a scene's keys
    /// override defaults" (found by review: a default offset and a scene's offsets, or a default
    /// fling and a scene's delete, were refused as both given).
    @Test func aSceneOverridesTheDefaultsAlternatives() throws {
        let folder = try Self.project(
            #"{"defaults": {"width": 200, "height": 120, "photos": ["photos/"], "offset": 5}, "scenes": [{"name": "a", "offsets": "0,85"}, {"name": "b"}]}"#
        )
        defer { folder.remove() }
        try folder.write(
            Array(
                #"{"defaults": {"width": 200, "height": 120, "photos": ["photos/"], "fling": 500, "fps": 10}, "scenes": [{"name": "c", "delete": 1}, {"name": "d"}]}"#
                    .utf8), to: "motions.json")
        for manifest in ["manifest.json", "motions.json"] {
            let run = try CommandRunner.run(["batch", folder.file(manifest), "--out", folder.file("out")])
            #expect(run.status == 0, "\(manifest): \(run.stderr)")
        }
        for file in ["out/a/offset-0.png", "out/a/offset-85.png", "out/b.png", "out/c.png", "out/d.png"] {
            #expect(FileManager.default.fileExists(atPath: folder.file(file)), "\(file)")
        }
    }

    @Test func aPhotoSharedByScenesAtTheSameDecodeScaleIsDecodedOnce() throws {
        // The fixtures are 320×240: @1x, @2x and @3x all decode them at full size, so they share.
        let folder = try Self.project(
            """
            {"defaults": {"width": 200, "height": 120, "photos": "photos/"},
             "scenes": [{"name": "one", "offset": 85}, {"name": "two", "offset": 85, "displayScale": 2},
                        {"name": "three", "offset": 85, "displayScale": 3}]}
            """)
        defer { folder.remove() }
        let run = try CommandRunner.run(
            ["batch", folder.file("manifest.json"), "--out", folder.file("out"), "--summary", folder.file("s.json")])
        #expect(run.status == 0, "\(run.stderr)")
        // Offset 85 in a 200 pt viewport shows items 0 and 1 in every scene: photos 1.jpg and 2.jpg.
        let layout = try CommandRunner.run(
            ["layout", folder.file("photos"), "--width", "200", "--height", "120", "--offset", "85"])
        let items = try #require(
            (try JSONSerialization.jsonObject(with: Data(layout.stdout)) as? [String: Any])?["items"]
                as? [[String: Any]])
        #expect(items.count == 2)
        #expect(try Self.decodes(folder.file("s.json")) == 2)
    }

    @Test func aSceneRendersTheSameWhateverOtherScenesShareItsPhotos() throws {
        // Big photos, so an @1x and an @3x scene need different DCT scales of the same file.
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("big"), withIntermediateDirectories: true)
        var generator = SplitMix(seed: 3)
        for index in 1...3 {
            var pixels = [UInt8](repeating: 255, count: 2400 * 1800 * 4)
            for i in stride(from: 0, to: pixels.count, by: 4) {
                pixels[i] = UInt8((i / 4) % 2400 / 10 % 256)
                pixels[i + 1] = UInt8.random(in: 0...255, using: &generator)
                pixels[i + 2] = UInt8(index * 60)
            }
            let jpeg = try #require(
                JPEGEncoder.encode(RGBAImage(width: 2400, height: 1800, pixels: pixels), quality: 85))
            try folder.write(jpeg, to: "big/\(index).jpg")
        }
        let small = #"{"name": "small", "width": 300, "height": 120, "photos": "big/", "offset": 0}"#
        let large = #"{"name": "large", "width": 300, "height": 120, "displayScale": 3, "photos": "big/", "offset": 0}"#
        try folder.write(Array("{\"scenes\": [\(small)]}".utf8), to: "alone.json")
        try folder.write(Array("{\"scenes\": [\(small), \(large)]}".utf8), to: "shared.json")
        #expect(try CommandRunner.run(["batch", folder.file("alone.json"), "--out", folder.file("a")]).status == 0)
        let run = try CommandRunner.run(
            ["batch", folder.file("shared.json"), "--out", folder.file("b"), "--summary", folder.file("s.json")])
        #expect(run.status == 0, "\(run.stderr)")
        let rendered = try CommandRunner.run(
            [folder.file("big"), "--width", "300", "--height", "120", "-o", folder.file("render.png")])
        #expect(rendered.status == 0)
        // Appending a scene that shows the same photos larger changes nothing in the first one, and
        // batch renders exactly what render does.
        let alone = try Data(contentsOf: URL(fileURLWithPath: folder.file("a/small.png")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("b/small.png"))) == alone)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("render.png"))) == alone)
        // Two visible photos, each at two scales (2/8 for the @1x scene's 160 px box, 5/8 for @3x's 480).
        #expect(try Self.decodes(folder.file("s.json")) == 4)
    }

    static func decodes(_ summary: String) throws -> Int? {
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: summary))) as? [String: Any]
        return (json?["totals"] as? [String: Any])?["decodes"] as? Int
    }

    @Test func shardsAreDisjointCompleteAndIdenticalToTheWholeRun() throws {
        let folder = try Self.project(Self.manifest)
        defer { folder.remove() }
        #expect(
            try CommandRunner.run(["batch", folder.file("manifest.json"), "--out", folder.file("whole")]).status == 0)
        var seen: [String] = []
        for k in 1...3 {
            let out = folder.file("shard\(k)")
            let run = try CommandRunner.run(["batch", folder.file("manifest.json"), "--out", out, "--shard", "\(k)/3"])
            #expect(run.status == 0)
            for file in Self.files(out) {
                #expect(!seen.contains(file))
                seen.append(file)
                #expect(
                    try Data(contentsOf: URL(fileURLWithPath: out + "/" + file))
                        == Data(contentsOf: URL(fileURLWithPath: folder.file("whole/" + file))))
            }
        }
        #expect(seen.sorted() == Self.files(folder.file("whole")))
    }

    @Test(
        arguments: [
            (["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"], "auto"),
            (["BUILDKITE_PARALLEL_JOB": "1", "BUILDKITE_PARALLEL_JOB_COUNT": "3"], "auto"),
            (["JOB_COMPLETION_INDEX": "1"], "auto/3"),
            (["CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "3"], "auto"),
            (["GALLERY_RENDER_SHARD": "2/3", "CI_NODE_INDEX": "3", "CI_NODE_TOTAL": "3"], "auto"),
        ] as [([String: String], String)])
    func autoShardReadsTheCIVariables(environment: [String: String], option: String) throws {
        let folder = try Self.project(Self.manifest)
        defer { folder.remove() }
        let explicit = try CommandRunner.run([
            "batch", folder.file("manifest.json"), "--out", folder.file("explicit"), "--shard", "2/3",
        ])
        let auto = try CommandRunner.run(
            ["batch", folder.file("manifest.json"), "--out", folder.file("auto"), "--shard", option],
            environment: environment)
        #expect(explicit.status == 0 && auto.status == 0, "\(auto.stderr)")
        #expect(Self.files(folder.file("auto")) == Self.files(folder.file("explicit")))
        #expect(!Self.files(folder.file("auto")).isEmpty)
    }

    @Test func autoShardWithoutCIVariablesIsAUsageError() throws {
        let folder = try Self.project(Self.manifest)
        defer { folder.remove() }
        let run = try CommandRunner.run(
            ["batch", folder.file("manifest.json"), "--out", folder.file("o"), "--shard", "auto"],
            environment: [
                "CI_NODE_INDEX": "", "BUILDKITE_PARALLEL_JOB": "", "JOB_COMPLETION_INDEX": "", "CIRCLE_NODE_INDEX": "",
                "GALLERY_RENDER_SHARD": "",
            ])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--shard"))
        // Kubernetes gives an index alone: the message says where the count goes (found by review).
        let indexOnly = try CommandRunner.run(
            ["batch", folder.file("manifest.json"), "--out", folder.file("o"), "--shard", "auto"],
            environment: [
                "CI_NODE_INDEX": "", "BUILDKITE_PARALLEL_JOB": "", "JOB_COMPLETION_INDEX": "1", "CIRCLE_NODE_INDEX": "",
                "GALLERY_RENDER_SHARD": "",
            ])
        #expect(indexOnly.status == 64 && indexOnly.stderr.contains("give it as --shard auto/N"), "\(indexOnly.stderr)")
    }

    @Test func aFailingSceneIsReportedAndTheOthersRender() throws {
        let folder = try Self.project(
            """
            {"defaults": {"width": 200, "height": 120},
             "scenes": [{"name": "good", "photos": "photos/"}, {"name": "missing", "photos": "nowhere/"},
                        {"name": "broken", "photos": ["broken.jpg"]}, {"name": "also-good", "photos": "photos/1.jpg"}]}
            """)
        defer { folder.remove() }
        try folder.write(Array("garbage".utf8), to: "broken.jpg")
        let run = try CommandRunner.run([
            "batch", folder.file("manifest.json"), "--out", folder.file("out"), "--strict", "--summary",
            folder.file("s.json"),
        ])
        #expect(run.status == 1)
        #expect(run.stderr.contains("scene 'missing'") && run.stderr.contains("nowhere"))
        #expect(run.stderr.contains("scene 'broken'") && run.stderr.contains("broken.jpg"))
        #expect(Self.files(folder.file("out")) == ["also-good.png", "good.png"])
        let summary = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder.file("s.json"))))
                as? [String: Any])
        #expect((summary["totals"] as? [String: Any])?["failedScenes"] as? Int == 2)
    }
}
