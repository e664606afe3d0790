import Foundation
import ImageCodecs
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Faults at write time (issue 21): a full disk (a small tmpfs), a file-size limit, /dev/full. Each
/// is one error line naming the file; the previous file is intact; no temporary is left; the other
/// scenes are written and reported.
@Suite(.serialized) struct FaultTests {
    /// Scenes "small" (9.6 KB), "big" (3000² with 40 items: 76 KB) and "after" (small).
    static let manifest = """
        {"defaults": {"photos": ["photos/"], "width": 100, "height": 100},
         "scenes": [{"name": "small"}, {"name": "big", "width": 3000, "height": 3000, "count": 40}, {"name": "after"}]}
        """

    /// The old `big.png` that a failed write must leave as it was.
    static let old: [UInt8] = Array("not replaced".utf8)

    /// What a batch into `out` (named `shown` on the command line) left: exit status, stderr, and
    /// the folder's names.
    static func expectOneFailure(_ run: CommandRunner.Outcome, out: String, shown: String, reason: String) throws {
        #expect(run.status == 1, "\(run.stderr)")
        let errors = run.stderr.split(separator: "\n").filter { $0.hasPrefix("Error:") }
        #expect(errors == ["Error: scene 'big': cannot write \(shown)/big.png: \(reason)"], "\(run.stderr)")
        #expect(try ImageDecoder.readBytes(atPath: out + "/big.png") == old)
        #expect(try ImageDecoder.decodeFile(atPath: out + "/small.png").image.width == 100)
        #expect(try ImageDecoder.decodeFile(atPath: out + "/after.png").image.width == 100)
        #expect(TemporaryFolder.list(out).sorted() == ["after.png", "big.png", "small.png"])
    }

    @Test func aFullDiskFailsOneSceneAndLosesNothing() throws {
        let folder = try BatchCommandTests.project(Self.manifest)
        defer { folder.remove() }
        let out = folder.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        guard mount("tmpfs", out, "tmpfs", 0, "size=48k") == 0 else {
            print(
                "FaultTests: skipped the full-disk case: cannot mount a tmpfs here (\(String(cString: strerror(errno))))"
            )
            return
        }
        defer { umount(out) }
        _ = try folder.write(Self.old, to: "out/big.png")
        let summary = folder.file("summary.json")
        let run = try CommandRunner.run(
            ["batch", folder.file("manifest.json"), "--out", out, "--summary", summary], in: folder.path)
        try Self.expectOneFailure(run, out: out, shown: out, reason: "No space left on device")
        // The summary (on another disk) reports all three scenes.
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(text.contains(#""interrupted": false"#))
        #expect(text.contains(#""failedScenes": 1"#) && text.contains(#""frames": 2"#), "\(text)")
    }

    /// Not under ThreadSanitizer: its runtime maps a file of its own at start (tsan.rodata.PID), which
    /// the 40 KiB limit cuts short (SIGBUS before main, even for `--version`).
    @Test(.enabled(if: !Sanitizer.thread.isActive, "ThreadSanitizer's runtime writes a file over the limit"))
    func aFileSizeLimitFailsOneSceneAndLosesNothing() throws {
        let folder = try BatchCommandTests.project(Self.manifest)
        defer { folder.remove() }
        let out = folder.file("out")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        _ = try folder.write(Self.old, to: "out/big.png")
        // 40 KiB per file, SIGXFSZ ignored (so the write fails with EFBIG instead of ending the run).
        let run = try CommandRunner.run(
            ["-c", "trap '' XFSZ; ulimit -f 40; exec \"$0\" batch manifest.json --out out", CommandRunner.binary],
            in: folder.path, executable: "/bin/bash")
        try Self.expectOneFailure(run, out: out, shown: "out", reason: "File too large")
    }

    @Test func devFullIsAnErrorNamingIt() throws {
        let render = try CommandRunner.run(["--width", "200", RenderCommandTests.fixtures, "-o", "/dev/full"])
        #expect(render.status == 1)
        #expect(render.stderr == "Error: cannot write /dev/full: No space left on device\n")
        let folder = try BatchCommandTests.project(BatchCommandTests.manifest)
        defer { folder.remove() }
        let batch = try CommandRunner.run(
            ["batch", folder.file("manifest.json"), "--out", folder.file("out"), "--summary", "/dev/full"])
        #expect(batch.status == 1)
        // The run's summary line, then the summary file's error.
        #expect(
            batch.stderr.hasPrefix("batch: 10 frames of 5 scenes, 0 failed, in ")
                && batch.stderr.hasSuffix(" s\nError: cannot write /dev/full: No space left on device\n"),
            "\(batch.stderr)")
        #expect(TemporaryFolder.list(folder.file("out/scroll")).count == 5)
    }

    @Test func standardOutputThatCannotBeWrittenFailsTheCommand() throws {
        // layout's JSON into /dev/full, and into a closed pipe with SIGPIPE ignored: exit 1, saying so
        // (before: exit 0, the output lost).
        let run = try CommandRunner.run(
            [
                "-c",
                "\"$0\" layout --count 3 > /dev/full; echo \"full $?\"; trap '' PIPE; \"$0\" layout --count 9 --offsets 0..1360/1 | head -c 1 > /dev/null; echo \"pipe ${PIPESTATUS[0]}\"",
                CommandRunner.binary,
            ], executable: "/bin/bash")
        #expect(run.output == "full 1\npipe 1\n", "\(run.output)")
        #expect(
            run.stderr
                == "Error: cannot write standard output: No space left on device\nError: cannot write standard output: Broken pipe\n",
            "\(run.stderr)")
    }

    @Test func aNonBlockingStandardOutputIsWaitedFor() throws {
        // A parent that leaves the pipe non-blocking (as Node-based runners do): a slow reader gets
        // every byte (exit 0; before, "Resource temporarily unavailable" after 64 KiB), and a reader
        // that goes away while the tool waits gives "Broken pipe", exit 1, with SIGPIPE ignored.
        let script = #"""
            import fcntl, os, subprocess, sys, time
            def run(reader):
                r, w = os.pipe()
                fcntl.fcntl(w, fcntl.F_SETFL, fcntl.fcntl(w, fcntl.F_GETFL) | os.O_NONBLOCK)
                child = subprocess.Popen([sys.argv[1], "layout", "--count", "400", "--offsets", "0..2730/1"],
                                         stdout=w, stderr=subprocess.PIPE, restore_signals=False)
                os.close(w)
                got = reader(r)
                os.close(r)
                status = child.wait()
                return got, status, child.stderr.read().decode()
            def slow(r):
                got = b""
                while chunk := os.read(r, 4096):
                    got += chunk
                    time.sleep(0.0002)
                return got
            def gone(r):
                time.sleep(0.3)
                return b""
            got, status, _ = run(slow)
            whole = subprocess.run([sys.argv[1], "layout", "--count", "400", "--offsets", "0..2730/1"],
                                   capture_output=True).stdout
            print("slow", status, len(got) > 65536 and got == whole)
            _, status, error = run(gone)
            print("gone", status, error.strip())
            """#
        let run = try CommandRunner.run(["-c", script, CommandRunner.binary], executable: "/usr/bin/python3")
        #expect(run.output == "slow 0 True\ngone 1 Error: cannot write standard output: Broken pipe\n", "\(run.stderr)")
    }

    @Test func aSummaryThatCannotBeWrittenDoesNotHideTheScenesErrors() throws {
        // Issue 21, item 8: scene "gone" has no photos; the summary's folder is a regular file.
        let folder = try BatchCommandTests.project(
            #"{"defaults": {"photos": ["photos/"], "width": 100, "height": 60}, "scenes": [{"name": "ok"}, {"name": "gone", "photos": ["missing/"]}]}"#
        )
        defer { folder.remove() }
        _ = try folder.write([1], to: "plain")
        let run = try CommandRunner.run(
            [
                "batch", folder.file("manifest.json"), "--out", folder.file("out"), "--summary",
                folder.file("plain/s.json"),
            ])
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("batch: ") }
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("Error: scene 'gone': ") == true, "\(run.stderr)")
        #expect(lines.last?.hasPrefix("Error: cannot write \(folder.file("plain/s.json")): ") == true, "\(run.stderr)")
        #expect(try ImageDecoder.decodeFile(atPath: folder.file("out/ok.png")).image.width == 100)
    }
}
