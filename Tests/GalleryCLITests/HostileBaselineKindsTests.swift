import Foundation
import TestSupport
import Testing

/// A baseline folder from a pull request may hold FIFOs and links that lead inside it: recording
/// replaces a FIFO instead of blocking on it, and pruning keeps the files frames read through links.
@Suite struct HostileBaselineKindsTests {
    /// A copy of the workspace's baselines as `name` in which a.png holds b's frame, so `a` fails.
    static func failingBaselines(_ name: String, in folder: TemporaryFolder) throws {
        try HostileRepositoryTests.copyFolder("bl", name, in: folder)
        try FileManager.default.removeItem(atPath: folder.file("\(name)/a.png"))
        try FileManager.default.copyItem(atPath: folder.file("bl/b.png"), toPath: folder.file("\(name)/a.png"))
    }

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
        try Self.failingBaselines("bf", in: folder)
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

    /// Two baselines linked to each other are there but unreadable, not missing (found by review).
    @Test func aLinkLoopIsAnUnreadableBaselineNotAMissingOne() throws {
        let folder = try HostileRepositoryTests.workspace()
        defer { folder.remove() }
        try HostileRepositoryTests.copyFolder("bl", "bloop", in: folder)
        try FileManager.default.removeItem(atPath: folder.file("bloop/a.png"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("bloop/a.png"), withDestinationPath: "c.png")
        try FileManager.default.createSymbolicLink(atPath: folder.file("bloop/c.png"), withDestinationPath: "a.png")
        let run = try CommandRunner.run(["check", "m2.json", "--baseline", "bloop"], in: folder.path)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("bloop/a.png: Too many levels of symbolic links"), "\(run.stderr)")
        #expect(!run.stderr.contains("no baseline at bloop/a.png"), "\(run.stderr)")
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

extension HostileBaselineKindsTests {
    @Test func acceptSaysWhenItRemovesALayoutTheReportCannotReplace() throws {
        let folder = try HostileRepositoryTests.workspace()
        defer { folder.remove() }
        try Self.failingBaselines("bf", in: folder)
        let check = try CommandRunner.run(["check", "m2.json", "--baseline", "bf", "--report", "ra"], in: folder.path)
        #expect(check.status == 1, "\(check.stderr)")
        try folder.write(Array("not a layout".utf8), to: "ra/layouts/a.layout.json")
        let accept = try CommandRunner.run(["accept", "ra", "--baseline", "bf"], in: folder.path)
        #expect(accept.status == 0, "\(accept.stderr)")
        #expect(
            accept.stderr.contains("removed bf/a.layout.json: the report holds no usable layout of the new baseline"),
            "\(accept.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("bf/a.layout.json")))
    }

    @Test func aMergedReportInsideAnInputIsRefused() throws {
        let folder = try HostileRepositoryTests.workspace()
        defer { folder.remove() }
        try Self.failingBaselines("bf", in: folder)
        _ = try CommandRunner.run(["check", "m2.json", "--baseline", "bf", "--report", "r1"], in: folder.path)
        let before = HostileRepositoryTests.bytes(folder.file("r1/results.json"))
        for output in ["r1/images", "r1/sub/deeper", "./r1/x"] {
            let run = try CommandRunner.run(["merge-reports", "r1", "--report", output], in: folder.path)
            #expect(run.status == 64 && run.stderr.contains("is inside an input (r1)"), "\(output): \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("r1/sub")))
        #expect(HostileRepositoryTests.bytes(folder.file("r1/results.json")) == before)
        let beside = try CommandRunner.run(["merge-reports", "r1", "--report", "r1-merged"], in: folder.path)
        #expect(beside.status == 1, "\(beside.stderr)")
        // `..` and links are followed where they lead, not cut as text (found by review).
        _ = try CommandRunner.run(["check", "m2.json", "--baseline", "bf", "--report", "r2"], in: folder.path)
        try FileManager.default.createDirectory(atPath: folder.file("d1"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.file("d1/lnk"), withDestinationPath: "../r2")
        for output in ["r1/../elsewhere", "d1/lnk/../zz"] {
            let run = try CommandRunner.run(["merge-reports", "r1", "--report", output], in: folder.path)
            #expect(run.status == 1 && !run.stderr.contains("inside an input"), "\(output): \(run.stderr)")
        }
        let inR2 = try CommandRunner.run(["merge-reports", "r1", "r2", "--report", "r1/../r2/x"], in: folder.path)
        #expect(inR2.status == 64 && inR2.stderr.contains("is inside an input (r2)"), "\(inR2.stderr)")
    }

    /// Not under ThreadSanitizer: its runtime maps a file of its own in $TMPDIR (tsan.rodata.PID) at
    /// start, which a full one cannot hold (SIGBUS before main).
    @Test(.enabled(if: !Sanitizer.thread.isActive, "ThreadSanitizer's runtime needs room in TMPDIR"))
    func aFullTMPDIRIsNamedNotStandardOutput() throws {
        guard geteuid() == 0 else {
            print("skipped: mounting a small tmpfs needs root")
            return
        }
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let small = folder.file("small")
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
        let mounted = try CommandRunner.run(
            ["-t", "tmpfs", "-o", "size=256k", "tmpfs", small], executable: "/bin/mount")
        guard mounted.status == 0 else {
            print("skipped: no tmpfs here: \(mounted.stderr)")
            return
        }
        defer { _ = try? CommandRunner.run([small], executable: "/bin/umount") }
        let run = try CommandRunner.run(
            [
                "animate", RenderCommandTests.fixtures, "--to-layout", "grid", "--duration", "0.2",
                "--display-scale", "3", "-o", "-",
            ], environment: ["TMPDIR": small])
        #expect(run.status == 1 && run.stdout.isEmpty)
        #expect(
            run.stderr.hasPrefix(
                "Error: cannot write standard output: its pieces wait in a scratch file in \(small) (TMPDIR), which failed: No space left on device"
            ), "\(run.stderr)")
    }
}
