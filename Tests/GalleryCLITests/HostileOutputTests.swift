import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

@testable import GalleryCLI

#if canImport(Glibc)
    import Glibc
#endif

/// What a careless or hostile command line meets (issue 21): outputs that would collide, names that
/// would drive the terminal or a CI log, suggested commands that a shell would split, writes that fail.
@Suite struct HostileOutputTests {
    @Test func offsetsWritingOneFileAreAUsageErrorBeforeAnythingRenders() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try CommandRunner.run(
            ["--count", "2", "--offsets", "0,1e-11", "-o", "{offset}.png"], in: folder.path)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Offsets 0 and 1e-11 would both write '0.png'"))
        #expect(folder.contents().isEmpty)
    }

    @Test func scenesWritingOnePathAreRefused() throws {
        for (scenes, message) in [
            (
                #"{"name": "a", "offset": 0}, {"name": "a.png", "offsets": "0,10"}"#,
                "scenes 'a' and 'a.png' would both write 'a.png'"
            ),
            (#"{"name": "Rest"}, {"name": "rest"}"#, "scenes 'Rest' and 'rest' would both write 'rest.png'"),
        ] {
            let folder = try BatchCommandTests.project(#"{"defaults": {"count": 2}, "scenes": [\#(scenes)]}"#)
            defer { folder.remove() }
            let run = try CommandRunner.run(["batch", folder.file("manifest.json"), "--out", folder.file("out")])
            #expect(run.status == 64)
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.file("out")))
        }
    }

    /// An animation to standard output waits in a scratch file under TMPDIR (issue 34, item 11).
    /// Found by review: with standard output closed the scratch file became descriptor 1 and was
    /// copied into itself, exit 0 and nothing written; a TMPDIR that cannot hold it was blamed on `-`.
    @Test func anAnimationToStandardOutputSaysWhatStoodInItsWay() throws {
        let animate = [
            "animate", RenderCommandTests.fixtures, "--to-layout", "grid", "--duration", "0.2", "-o", "-",
        ]
        let closed = try CommandRunner.run(
            ["-c", "exec \"$0\" \"$@\" >&-", CommandRunner.binary] + animate, executable: "/bin/sh")
        #expect(closed.status == 1)
        #expect(closed.stderr == "Error: cannot write standard output: Bad file descriptor\n", "\(closed.stderr)")
        let missing = try CommandRunner.run(animate, environment: ["TMPDIR": "/nonexistent"])
        #expect(missing.status == 1)
        #expect(missing.stdout.isEmpty)
        #expect(
            missing.stderr
                == "Error: cannot write standard output: no scratch file in /nonexistent (TMPDIR): No such file or directory\n",
            "\(missing.stderr)")
    }

    @Test func controlCharactersInNamesArePrintedEscaped() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let evil = try folder.write(Array("x".utf8), to: "a\n::error title=X::y\u{1B}[31m.jpg")
        let run = try CommandRunner.run([evil, "-o", folder.file("o.png")])
        #expect(run.status == 0)
        #expect(run.stderr.contains(#"a\n::error title=X::y\x1B[31m.jpg: not a PNG, JPEG, HEIF, AVIF or WebP image"#))
        #expect(!run.stderr.contains("\u{1B}") && run.stderr.split(separator: "\n").count == 1)
    }

    @Test func anEchoedValueIsCut() throws {
        let run = try CommandRunner.run(["--layout", String(repeating: "x", count: 5_000), "--count", "1"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("more characters)") && run.stderr.utf8.count < 2_000)
        // Cut in the middle: what a message says after a long name still shows.
        #expect(
            Console.escaped(String(repeating: "z", count: 5_000) + ": File name too long").hasSuffix(
                "z: File name too long"))
        #expect(Console.escaped(String(repeating: "z", count: 1_000)) == String(repeating: "z", count: 1_000))
        // Line and paragraph separators, which break a line in log viewers (found by review).
        #expect(Console.escaped("a\u{2028}b\u{2029}c") == "a\\u{2028}b\\u{2029}c")
        // Bidirectional controls, which reorder the rest of a line as a reader sees it.
        #expect(Console.escaped("a\u{202E}gnp.b\u{2066}c") == "a\\u{202E}gnp.b\\u{2066}c")
        // Between characters: no skin-tone modifier is parted from its emoji.
        let thumbs = Console.escaped(String(repeating: "é👍🏽", count: 1_500))
        #expect(thumbs.hasSuffix("👍🏽") && thumbs.contains("👍🏽… (2000 more characters) …é👍🏽"), "\(thumbs.suffix(40))")
        // Marks alone are one character however many (found by review): cut between code points.
        let marks = Console.escaped(String(repeating: "\u{301}", count: 20_000))
        #expect(marks.unicodeScalars.count < 1_100 && marks.contains("(19000 more code points)"))
    }

    @Test func theSuggestedRecordCommandIsShellQuoted() throws {
        let folder = try BatchCommandTests.project(#"{"scenes": [{"name": "a", "count": 1}]}"#)
        defer { folder.remove() }
        let odd = folder.file("my snaps;touch PWNED;.json")
        try FileManager.default.moveItem(atPath: folder.file("manifest.json"), toPath: odd)
        let run = try CommandRunner.run(["check", odd, "--baseline", folder.file("none")])
        #expect(run.status == 1)
        #expect(run.stderr.contains("gallery-render check '\(odd)' --baseline \(folder.file("none")) --record"))
    }

    @Test func aDiffImageThatCannotBeWrittenIsExit2() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let image = Corpus.repositoryRoot.appendingPathComponent("docs/images/rotary.png").path
        try folder.write([0], to: "plain")
        let run = try CommandRunner.run(["diff", image, image, "--diff-image", folder.file("plain/d.png")])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("Error: cannot write \(folder.file("plain/d.png")): cannot create folder"))
    }

    /// The contract: paths in messages are written as given (found by review: the folder was absolute).
    @Test func aFolderThatCannotBeMadeIsNamedAsGiven() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write([0], to: "afile")
        let run = try CommandRunner.run(
            ["--width", "100", RenderCommandTests.fixtures, "-o", "afile/sub/x.png"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr == "Error: cannot write afile/sub/x.png: cannot create folder afile/sub: Not a directory\n")
    }

    /// Photos are named without doubled slashes, however the folder was typed (found by review).
    @Test func photoPathsHaveNoDoubledSlashes() throws {
        let folder = try BatchCommandTests.project(BatchCommandTests.manifest)
        defer { folder.remove() }
        let run = try CommandRunner.run(["layout", "--width", "200", "photos//", "photos///1.jpg"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.output.contains(#""photo": "photos/1.jpg""#) && !run.output.contains("//"), "\(run.output)")
    }

    /// An output folder typed with doubled slashes is written and named without them (found by review).
    @Test func outputPathsHaveNoDoubledSlashes() throws {
        let folder = try BatchCommandTests.project(BatchCommandTests.manifest)
        defer { folder.remove() }
        let run = try CommandRunner.run(
            ["batch", "manifest.json", "--out", "o//", "--summary", "s//x.json"], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try String(contentsOfFile: folder.file("s/x.json"), encoding: .utf8)
        #expect(summary.contains(#""path": "o/rest.png""#) && !summary.contains("//"), "\(summary)")
        try folder.write([0], to: "notdir")
        let cache = try CommandRunner.run(
            ["batch", "manifest.json", "--out", "o", "--cache", "notdir//x"], in: folder.path)
        #expect(cache.stderr.contains("cannot create folder notdir/x: Not a directory"), "\(cache.stderr)")
    }

    /// A manifest's paths are relative to its folder, and said so: not made absolute (found by review).
    @Test func aManifestsPathsAreNamedAsGiven() throws {
        let folder = try BatchCommandTests.project(
            #"{"scenes": [{"name": "a", "width": 200, "photos": ["nonexistent/"]}]}"#)
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("ci"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: folder.file("manifest.json"), toPath: folder.file("ci/m.json"))
        let run = try CommandRunner.run(["batch", "ci/m.json", "--out", "out"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.stderr.contains("Error: scene 'a': ci/nonexistent/: no such file or folder"), "\(run.stderr)")
    }

    /// A file given as the report folder is named, not the lock file the run would have made in it.
    @Test func aReportFolderThatIsAFileIsNamed() throws {
        let folder = try BatchCommandTests.project(BatchCommandTests.manifest)
        defer { folder.remove() }
        try folder.write([0], to: "afile")
        try FileManager.default.createDirectory(atPath: folder.file("b"), withIntermediateDirectories: true)
        let run = try CommandRunner.run(
            ["check", "manifest.json", "--baseline", "b", "--report", "afile"], in: folder.path)
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("Error: cannot write afile: cannot create folder afile: Not a directory"),
            "\(run.stderr)")
        #expect(!run.stderr.contains(".gallery-render.lock"), "\(run.stderr)")
    }

    /// A report or JUnit file that cannot be written fails before anything renders, alone on stderr
    /// (found by review: `--report afile/r` rendered every frame, then failed).
    @Test func anUnwritableReportFailsBeforeRendering() throws {
        let folder = try BatchCommandTests.project(BatchCommandTests.manifest)
        defer { folder.remove() }
        try folder.write([0], to: "afile")
        try FileManager.default.createDirectory(atPath: folder.file("b/adir"), withIntermediateDirectories: true)
        let report = try CommandRunner.run(
            ["check", "manifest.json", "--baseline", "b", "--report", "afile/r"], in: folder.path)
        #expect(report.status == 1)
        #expect(report.stderr == "Error: cannot write afile/r: cannot create folder afile/r: Not a directory\n")
        let junit = try CommandRunner.run(
            ["check", "manifest.json", "--baseline", "b", "--junit", "b/adir"], in: folder.path)
        #expect(junit.status == 1)
        #expect(junit.stderr == "Error: cannot write b/adir: Is a directory\n", "\(junit.stderr)")
        // merge-reports the same, before it writes the merged report (found by the verifier).
        let merge = try CommandRunner.run(
            ["merge-reports", "in", "--report", "m", "--junit", "b/adir"], in: folder.path)
        #expect(merge.status == 1 && merge.stderr == "Error: cannot write b/adir: Is a directory\n", "\(merge.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("m/index.html")))
        // The JUnit file named as the report's folder (found by review: written, then failed).
        let same = try CommandRunner.run(
            ["check", "manifest.json", "--baseline", "b", "--report", "rep", "--junit", "rep/"], in: folder.path)
        #expect(same.status == 1 && same.stderr == "Error: cannot write rep/: Is a directory\n", "\(same.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("rep/index.html")))
    }

    /// `--out` naming a link to nothing fails once, before rendering, as mkdir fails on it (found by
    /// review: every scene failed, a line each).
    @Test func anOutFolderLinkedToNothingFailsOnce() throws {
        let folder = try BatchCommandTests.project(BatchCommandTests.manifest)
        defer { folder.remove() }
        try FileManager.default.createSymbolicLink(atPath: folder.file("o"), withDestinationPath: "gone")
        let run = try CommandRunner.run(["batch", "manifest.json", "--out", "o"], in: folder.path)
        #expect(run.status == 1)
        #expect(
            run.stderr == "Error: cannot write into --out o: cannot create folder o: File exists\n", "\(run.stderr)")
    }

    /// A diff with no image to draw (the sizes differ) removes an earlier diff image rather than
    /// leave it to pass for this one's, and says so (found by review).
    @Test func aDiffOfTwoSizesLeavesNoEarlierDiffImage() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(try PNGEncoder.encode(RGBAImage(width: 9, height: 9, fill: (0, 0, 0, 255))), to: "a.png")
        try folder.write(try PNGEncoder.encode(RGBAImage(width: 10, height: 9, fill: (0, 0, 0, 255))), to: "b.png")
        try folder.write([1, 2, 3], to: "d.png")
        let run = try CommandRunner.run(["diff", "a.png", "b.png", "--diff-image", "d.png"], in: folder.path)
        #expect(run.status == 1)
        #expect(run.output == "different: sizes differ: expected 9x9, actual 10x9\n")
        #expect(
            run.stderr == "warning: --diff-image d.png not written: the sizes differ (the earlier one removed)\n",
            "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("d.png")))
    }
}

/// Inputs that cannot be read are named, never dropped (issue 21, items 15 and 20), checked as an
/// unprivileged user (root reads everything).
@Suite(
    .enabled(
        if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root and setpriv")
)
struct UnreadableInputTests {
    /// Runs the binary as nobody, from a copy in `folder`: the checkout's own folders may be closed
    /// to other users (CI clones anywhere).
    static func asNobody(_ arguments: [String], in folder: TemporaryFolder) throws -> CommandRunner.Outcome {
        let copy = folder.file("gallery-render")
        if !FileManager.default.fileExists(atPath: copy) {
            try FileManager.default.copyItem(atPath: CommandRunner.binary, toPath: copy)
            _ = chmod(copy, 0o755)
        }
        // A test running in parallel may fork while the copy is still open for writing, and its child
        // holds the file open until it execs: execve then says ETXTBSY ("Text file busy"), for a moment.
        var attempt = 0
        while true {
            let run = try CommandRunner.run(
                ["--reuid=65534", "--regid=65534", "--clear-groups", copy] + arguments, executable: "/usr/bin/setpriv")
            attempt += 1
            guard run.status == 126, run.stderr.contains("Text file busy"), attempt < 50 else { return run }
            usleep(100_000)
        }
    }

    @Test func anUnreadablePhotoInAFolderIsAPlaceholderWithAWarning() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(chmod(folder.path, 0o777) == 0)
        try FileManager.default.createDirectory(atPath: folder.file("photos"), withIntermediateDirectories: true)
        let fixture = try ImageDecoder.readBytes(atPath: RenderCommandTests.fixtures + "/1.jpg")
        _ = try folder.write(fixture, to: "photos/a.jpg")
        let closed = try folder.write(fixture, to: "photos/b.jpg")
        #expect(chmod(closed, 0) == 0)
        let run = try Self.asNobody([folder.file("photos"), "-o", folder.file("out.png")], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("photos/b.jpg: cannot read file: Permission denied (drawn as a placeholder)"))
        let strict = try Self.asNobody(
            [folder.file("photos"), "-o", folder.file("strict.png"), "--strict"], in: folder)
        #expect(strict.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.file("strict.png")))
    }

    @Test func aFolderOrLinkThatCannotBeReadSaysWhy() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(chmod(folder.path, 0o777) == 0)
        try FileManager.default.createDirectory(atPath: folder.file("closed"), withIntermediateDirectories: true)
        #expect(chmod(folder.file("closed"), 0) == 0)
        let closed = try Self.asNobody([folder.file("closed"), "-o", folder.file("o.png")], in: folder)
        #expect(closed.status == 1)
        #expect(closed.stderr.contains("closed: cannot read: Permission denied"))
        #expect(symlink("b", folder.file("a")) == 0 && symlink("a", folder.file("b")) == 0)
        let loop = try CommandRunner.run([folder.file("a"), "-o", folder.file("o.png")])
        #expect(loop.stderr.contains("a: cannot read: Too many levels of symbolic links"))
    }
}
