import Foundation
import TestSupport
import Testing

/// A baseline folder from a pull request may hold FIFOs and links that lead inside it: recording
/// replaces a FIFO instead of blocking on it, and pruning keeps the files frames read through links.
@Suite struct HostileBaselineKindsTests {
    @Test(.timeLimit(.minutes(1))) func recordingAndAcceptingReplaceAFIFOInsteadOfHanging() throws {
        let folder = try HostileRepositoryTests.workspace()
        defer { folder.remove() }
        for mode in ["--record-failed", "--record"] {
            try HostileRepositoryTests.copyFolder("bl", "rb" + mode, in: folder)
            let fifo = folder.file("rb\(mode)/a.png")
            try FileManager.default.removeItem(atPath: fifo)
            #expect(mkfifo(fifo, 0o644) == 0)
            let run = try CommandRunner.run(["check", "m2.json", "--baseline", "rb" + mode, mode], in: folder.path)
            #expect(run.status == 0, "\(mode): \(run.stderr)")
            #expect(
                HostileRepositoryTests.bytes(fifo) == HostileRepositoryTests.bytes(folder.file("bl/a.png")), "\(mode)")
        }
        // accept: a report of a failing check, accepted into a folder whose baseline is a FIFO.
        try HostileRepositoryTests.copyFolder("bl", "bf", in: folder)
        try FileManager.default.copyItem(atPath: folder.file("bl/b.png"), toPath: folder.file("bf/a.png.tmp"))
        try FileManager.default.removeItem(atPath: folder.file("bf/a.png"))
        try FileManager.default.moveItem(atPath: folder.file("bf/a.png.tmp"), toPath: folder.file("bf/a.png"))
        let check = try CommandRunner.run(["check", "m2.json", "--baseline", "bf", "--report", "ra"], in: folder.path)
        #expect(check.status == 1, "\(check.stderr)")
        try FileManager.default.removeItem(atPath: folder.file("bf/a.png"))
        #expect(mkfifo(folder.file("bf/a.png"), 0o644) == 0)
        let accept = try CommandRunner.run(["accept", "ra", "--baseline", "bf"], in: folder.path)
        #expect(accept.status == 0, "\(accept.stderr)")
        #expect(
            HostileRepositoryTests.bytes(folder.file("bf/a.png"))
                == HostileRepositoryTests.bytes(folder.file("bl/a.png")))
    }

    @Test func pruningKeepsFilesFramesReadThroughALinkInside() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let photos = Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos").path
        try folder.write(
            Array(
                #"{"defaults": {"width": 200, "height": 100, "photos": ["\#(photos)"]}, "scenes": [{"name": "a"}, {"name": "c", "offsets": [0, 40]}]}"#
                    .utf8), to: "m.json")
        let record = try CommandRunner.run(["check", "m.json", "--baseline", "bs", "--record"], in: folder.path)
        #expect(record.status == 0, "\(record.stderr)")
        try FileManager.default.moveItem(atPath: folder.file("bs/c"), toPath: folder.file("bs/d"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("bs/c"), withDestinationPath: "d")
        let check = try CommandRunner.run(["check", "m.json", "--baseline", "bs"], in: folder.path)
        #expect(check.status == 0 && !check.stderr.contains("orphan"), "\(check.stderr)")
        let prune = try CommandRunner.run(
            ["check", "m.json", "--baseline", "bs", "--record", "--prune"], in: folder.path)
        #expect(prune.status == 0 && !prune.stderr.contains("pruned"), "\(prune.stderr)")
        let again = try CommandRunner.run(["check", "m.json", "--baseline", "bs"], in: folder.path)
        #expect(again.status == 0, "\(again.stderr)")
        // A file no frame reads, beside them, is still an orphan.
        try FileManager.default.copyItem(atPath: folder.file("bs/a.png"), toPath: folder.file("bs/d/offset-80.png"))
        let orphan = try CommandRunner.run(["check", "m.json", "--baseline", "bs"], in: folder.path)
        #expect(orphan.stderr.contains("orphan bs/d/offset-80.png"), "\(orphan.stderr)")
    }
}
