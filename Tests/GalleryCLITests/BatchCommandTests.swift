import Foundation
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
                "fling.png", "grid.png", "list/0000.png", "list/0001.png", "rest.png",
                "scroll/0000.png", "scroll/0001.png", "scroll/0002.png", "scroll/0003.png", "scroll/0004.png",
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
            (#"{"scenes": [{"name": "a"}], "extra": 1}"#, "unknown key 'extra'"),
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
            environment: ["CI_NODE_INDEX": "", "BUILDKITE_PARALLEL_JOB": "", "JOB_COMPLETION_INDEX": ""])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--shard"))
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
