import Foundation
import TestSupport
import Testing

/// swift-argument-parser's conventions where a reviewer running the binary found the tool apart
/// from them, each case as the review gave it.
@Suite struct CommandLineConventionTests {
    /// `--help` wins over every other error on the line, as argument-parser checks it first.
    @Test(arguments: [
        ["render", "--nosuch", "-h"], ["diff", "--nosuch", "--help"], ["render", "--help", "--width"],
        ["render", "--width", "--help"], ["check", "--shard", "9/3", "--help"],
    ])
    func helpWinsOverOtherErrors(arguments: [String]) throws {
        let run = try CommandRunner.run(arguments)
        #expect(run.status == 0 && run.output.hasPrefix("OVERVIEW: "), "\(run.stderr)")
        // After `--`, `--help` is a photo's name.
        let named = try CommandRunner.run(["layout", "--", "--help"])
        #expect(named.status == 1 && named.stderr.contains("--help"), "\(named.stderr)")
    }

    /// Each value is checked by its own option before rules between options, or photos, are looked
    /// at; bare `gallery-render` is render missing its photos (64), not help (0).
    @Test func valuesAreCheckedFirstAndNothingIsNotSuccess() throws {
        try expectUsageErrors(
            [
                (["--width", "photos"], "The value 'photos' is invalid for '--width <pt>'"),
                (["--device", "lst"], "The value 'lst' is invalid for '--device <name>'"),
                (["--count", "3", "--deceleration", "abc"], "The value 'abc' is invalid for '--deceleration <rate>'"),
                (["--count", "3", "--border-width", "1e308"], "must be from 0 to 1000000"),
                (["--count", "3", "--corner-radius", "1e308"], "must be from 0 to 1000000"),
                (["--count", "3", "--page-control", "--page-control-offset", "1e300"], "give 0 to 200"),
                (["render", "--version"], "--version goes alone, without a subcommand or photos"),
                (["--version", "extra"], "Usage: gallery-render --version [--verbose]"),
                (["check", "m.json", "--baseline", "b", "--diff-image", "d.png"], "it is diff's"),
                (
                    ["animate", "--count", "3", "--paging", "--fling", "500", "--deceleration", "fast"],
                    "--deceleration cannot be used with --paging"
                ),
                (
                    ["animate", "--count", "3", "--fling", "300", "-o", "x.gif"],
                    "names a .gif file, but animate writes"
                ),
                ([], "Missing expected argument '<photos> ...'"),
            ], after: [])
        let unknown = try CommandRunner.run(["renderr"])
        #expect(
            unknown.status == 64 && unknown.stderr.contains("\nUsage: gallery-render <subcommand>"), "\(unknown.stderr)"
        )
    }

    /// Help fits 80 columns, as argument-parser wraps it; the man page fills the discussions' text,
    /// which groff then wraps (found by review: lines of up to 1,138 columns), and keeps examples.
    @Test func helpFitsEightyColumns() throws {
        for command in ["render", "layout", "batch", "diff", "check", "merge-reports", "animate", "accept"] {
            let help = try CommandRunner.run([command, "--help"])
            let long = help.output.split(separator: "\n").filter { $0.count > 80 }
            #expect(long.isEmpty, "\(command): \(long)")
        }
        // A long example is continued as a shell continues it, so each copied line still runs.
        let render = try CommandRunner.run(["render", "--help"]).output
        #expect(
            render.contains(
                "  gallery-render --device iphone-15 --offsets 0..680/17 -o \\\n      'frames/{index}.png' photos/\n"),
            "\(render)")
        let manual = try CommandRunner.run(["--generate-manual"]).output
        #expect(!manual.contains(".nf\nGive exactly one motion"), "the discussion is not filled")
        #expect(manual.contains(".nf\n  gallery\\-render animate \\-\\-fling 1000"), "an example lost its place")
        // Example commands in no-fill blocks fit 80 columns once man indents them (found by review: 106).
        var verbatim = false
        var wide: [Substring] = []
        for line in manual.split(separator: "\n") {
            if line == ".nf" || line == ".fi" { verbatim = line == ".nf" }
            if verbatim, line.contains("gallery\\-render "), line.replacingOccurrences(of: "\\", with: "").count > 73 {
                wide.append(line)
            }
        }
        #expect(wide.isEmpty, "\(wide)")
    }

    /// Outputs a batch cannot write fail once, before anything renders (found by review: every
    /// scene rendered, then failed, a line each); an output named as a folder says so.
    @Test func unwritableOutputsFailBeforeRendering() throws {
        let folder = try BatchCommandTests.project(BatchCommandTests.manifest)
        defer { folder.remove() }
        try folder.write(Array("old".utf8), to: "old.json")
        let batch = try CommandRunner.run(
            ["batch", "manifest.json", "--out", "manifest.json", "--summary", "old.json"], in: folder.path)
        // The summary says this run was interrupted, never the last run's (found by review).
        let summary = try String(contentsOfFile: folder.file("old.json"), encoding: .utf8)
        #expect(summary.contains(#""interrupted": true"#), "\(summary)")
        #expect(batch.status == 1)
        #expect(
            batch.stderr
                == "Error: cannot write into --out manifest.json: cannot create folder manifest.json: Not a directory\n",
            "\(batch.stderr)")
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: folder.file("manifest.json")))
                == Data(BatchCommandTests.manifest.utf8))
        // One frame that cannot be written fails its scene alone: the others are written, and the
        // summary is this run's (found by review: the check above first failed them all).
        try FileManager.default.createDirectory(atPath: folder.file("o"), withIntermediateDirectories: true)
        try folder.write([1], to: "o/scroll")
        let one = try CommandRunner.run(
            ["batch", "manifest.json", "--out", "o", "--summary", "s.json"], in: folder.path)
        #expect(one.status == 1)
        #expect(one.stderr.contains("Error: scene 'scroll': ") && one.stderr.contains("1 failed"), "\(one.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.file("o/rest.png")))
        #expect(FileManager.default.fileExists(atPath: folder.file("s.json")))
        let slash = try CommandRunner.run(["--count", "3", "-o", "newdir/"], in: folder.path)
        #expect(slash.status == 1 && slash.stderr == "Error: cannot write newdir/: Is a directory\n", "\(slash.stderr)")
    }

    /// `check --record` writes no report: said, not silent (a CI job then gets no artifact).
    @Test func recordingSaysItWritesNoReport() throws {
        let folder = try BatchCommandTests.project(BatchCommandTests.manifest)
        defer { folder.remove() }
        let run = try CommandRunner.run(
            ["check", "manifest.json", "--baseline", "b", "--record", "--junit", "j.xml"], in: folder.path)
        #expect(run.status == 0)
        #expect(run.stderr.contains("warning: --record compares nothing, so it writes no --junit\n"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("j.xml")))
    }
}
