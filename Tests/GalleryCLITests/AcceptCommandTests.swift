import Foundation
import TestSupport
import Testing

/// `gallery-render accept REPORT --baseline DIR [FRAME...]`: a report's actual frames become the
/// baselines, and a hostile results.json writes nothing anywhere.
@Suite struct AcceptCommandTests {
    /// Baselines recorded for three scenes, then the manifest changed so that `a` and `b` differ and
    /// `c` is new (missing), and checked into `report/`.
    static func reviewed() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let photos = Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos").path
        func manifest(_ offsets: (Int, Int), extra: String = "") -> [UInt8] {
            Array(
                "{\"defaults\": {\"width\": 200, \"height\": 100, \"photos\": [\"\(photos)\"]}, \"scenes\": [{\"name\": \"a\", \"offset\": \(offsets.0)}, {\"name\": \"b\", \"offset\": \(offsets.1)}, {\"name\": \"same\", \"offset\": 340}\(extra)]}"
                    .utf8)
        }
        try folder.write(manifest((0, 40)), to: "m.json")
        #expect(try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record"], in: folder.path).status == 0)
        try folder.write(manifest((20, 60), extra: #", {"name": "c", "offset": 100}"#), to: "m.json")
        let check = try CommandRunner.run(
            ["check", "m.json", "--baseline", "b", "--report", "report"], in: folder.path)
        #expect(check.status == 1 && check.stderr.contains("1 passed, 3 failed"), "\(check.stderr)")
        return folder
    }

    /// Every file under `path`, with its bytes, to show that nothing changed.
    static func snapshot(_ path: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for case let name as String in FileManager.default.enumerator(atPath: path) ?? .init() {
            files[name] = FileManager.default.contents(atPath: path + "/" + name)
        }
        return files
    }

    @Test func acceptingEveryFailedFrameMakesTheCheckPass() throws {
        let folder = try Self.reviewed()
        defer { folder.remove() }
        let run = try CommandRunner.run(["accept", "report", "--baseline", "b"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("accepted b/a.png") && run.stderr.contains("accepted b/c.png"))
        #expect(run.stderr.contains("Accepted 3 baselines in b"), "\(run.stderr)")
        let check = try CommandRunner.run(["check", "m.json", "--baseline", "b"], in: folder.path)
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func acceptingNamedFramesWritesOnlyThose() throws {
        let folder = try Self.reviewed()
        defer { folder.remove() }
        let before = Self.snapshot(folder.file("b"))
        let run = try CommandRunner.run(["accept", "report", "--baseline", "b", "a.png", "c.png"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let after = Self.snapshot(folder.file("b"))
        #expect(after["b.png"] == before["b.png"] && after["a.png"] != before["a.png"] && after["c.png"] != nil)
        let check = try CommandRunner.run(["check", "m.json", "--baseline", "b"], in: folder.path)
        #expect(check.stderr.contains("3 passed, 1 failed") && check.stderr.contains("FAIL b.png"), "\(check.stderr)")
    }

    /// results.json poisoned with `path` for frame `a.png` (or a frame named that the report lacks).
    @Test(arguments: [
        "/etc/passwd.png", "../outside.png", "sub/../../x.png", "link/x.png", "not-in-report", "b.png/x.png", "dir",
        "b.png", "./b.png", ".hidden/config", "b.txt", "a.layout.json", "b\u{7}.png", "c/offset-050.png",
    ])
    func aHostileReportIsRefusedBeforeAnythingIsWritten(path: String) throws {
        let folder = try Self.reviewed()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.file("b/link"), withDestinationPath: "../elsewhere")
        // A folder where a baseline would go, a file where a folder would ("b.png/x.png"), and "b.png"
        // given twice (frame a renamed to b's path).
        try FileManager.default.createDirectory(atPath: folder.file("b/dir"), withIntermediateDirectories: true)
        var arguments = ["accept", "report", "--baseline", "b"]
        if path == "not-in-report" {
            arguments.append("z.png")
        } else {
            let results = folder.file("report/results.json")
            var top =
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: results)))
                as? [String: Any] ?? [:]
            var frames = top["frames"] as? [[String: Any]] ?? []
            if let index = frames.firstIndex(where: { $0["path"] as? String == "a.png" }) {
                frames[index]["path"] = path
            }
            top["frames"] = frames
            try JSONSerialization.data(withJSONObject: top).write(to: URL(fileURLWithPath: results))
        }
        let before = Self.snapshot(folder.path)
        let run = try CommandRunner.run(arguments, in: folder.path)
        #expect(run.status == 2, "\(path): \(run.stderr)")
        #expect(
            run.stderr.contains("nothing was accepted") || run.stderr.contains("not a frame path this tool writes")
                || run.stderr.contains("a frame given twice"), "\(run.stderr)")
        #expect(Self.snapshot(folder.path) == before, "\(path)")
    }

    /// A file given as the baseline folder is refused before anything is written, as a file where
    /// one of a baseline's folders goes is.
    @Test func aFileAsTheBaselineFolderIsRefused() throws {
        let folder = try Self.reviewed()
        defer { folder.remove() }
        try folder.write(Array("a file".utf8), to: "afile")
        let run = try CommandRunner.run(["accept", "report", "--baseline", "afile"], in: folder.path)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("afile is not a folder: nothing was accepted"), "\(run.stderr)")
        #expect(try String(contentsOfFile: folder.file("afile"), encoding: .utf8) == "a file")
    }

    @Test func anotherToolsReportIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            Array(#"{"tool": "playwright", "version": 1}"#.utf8), to: "results.json")
        let run = try CommandRunner.run(["accept", ".", "--baseline", "b"], in: folder.path)
        #expect(run.status == 2 && run.stderr.contains("written by playwright"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("b")))
    }
    @Test func anAnimationWhoseLaterFramesAreBrokenIsNotAccepted() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let photos = Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos").path
        try folder.write(
            Array(
                "{\"defaults\": {\"width\": 120, \"height\": 60, \"photos\": [\"\(photos)\"]}, \"scenes\": [{\"name\": \"f\", \"fling\": 400, \"fps\": 10}]}"
                    .utf8), to: "m.json")
        try FileManager.default.createDirectory(atPath: folder.file("b"), withIntermediateDirectories: true)
        let check = try CommandRunner.run(["check", "m.json", "--baseline", "b", "--report", "r"], in: folder.path)
        #expect(check.status == 1, "\(check.stderr)")
        // The report's copy of the new animation, its last frame cut off (acTL still counts it).
        let results =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder.file("r/results.json"))))
            as? [String: Any]
        let frame = (results?["frames"] as? [[String: Any]])?.first
        let actual = try #require((frame?["images"] as? [String: String])?["actual"])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("r/" + actual))))
        let fcTL = Array("fcTL".utf8)
        let last = try #require((0..<(bytes.count - 4)).last { Array(bytes[$0..<$0 + 4]) == fcTL })
        bytes = Array(bytes[..<(last - 4)]) + [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        try Data(bytes).write(to: URL(fileURLWithPath: folder.file("r/" + actual)))
        let run = try CommandRunner.run(["accept", "r", "--baseline", "b"], in: folder.path)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(TemporaryFolder.list(folder.file("b")).isEmpty)
    }

    @Test func aMergedReportKeepsTheShardsLayoutsForAccept() throws {
        let folder = try Self.reviewed()
        defer { folder.remove() }
        for shard in 1...2 {
            _ = try CommandRunner.run(
                ["check", "m.json", "--baseline", "b", "--report", "r\(shard)", "--shard", "\(shard)/2"],
                in: folder.path)
        }
        let merged = try CommandRunner.run(["merge-reports", "r1", "r2", "--report", "rm", "--quiet"], in: folder.path)
        // --quiet silences the summary line (FAIL lines are the result, and stay).
        #expect(merged.status == 1 && !merged.stderr.contains(" passed, "), "\(merged.stderr)")
        #expect(try CommandRunner.run(["accept", "rm", "--baseline", "b"], in: folder.path).status == 0)
        // c is new: its layout came through the merge; a's is the rendering's (offset 20), not the old one.
        #expect(FileManager.default.fileExists(atPath: folder.file("b/c.layout.json")))
        let a = String(
            decoding: FileManager.default.contents(atPath: folder.file("b/a.layout.json")) ?? Data(), as: UTF8.self)
        #expect(a.contains(#""offset": 20"#), "\(a)")
        #expect(
            try CommandRunner.run(["check", "m.json", "--baseline", "b", "--quiet"], in: folder.path).stderr.isEmpty)
    }
}
