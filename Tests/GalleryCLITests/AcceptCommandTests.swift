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
    @Test(arguments: ["/etc/passwd.png", "../outside.png", "sub/../../x.png", "link/x.png", "not-in-report"])
    func aHostileReportIsRefusedBeforeAnythingIsWritten(path: String) throws {
        let folder = try Self.reviewed()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.file("b/link"), withDestinationPath: "../elsewhere")
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
            run.stderr.contains("nothing was accepted") || run.stderr.contains("not a path inside"), "\(run.stderr)")
        #expect(Self.snapshot(folder.path) == before, "\(path)")
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
}
