import Foundation
import ImageCodecs
import TestSupport
import Testing

/// The whole CI loop: record, check passes, a baseline changes, check fails and says exactly where.
@Suite struct CheckCommandTests {
    static let manifest = """
        {"defaults": {"width": 200, "height": 120, "photos": ["photos/"]},
         "scenes": [{"name": "rest", "offset": 0}, {"name": "scroll", "offsets": "0..170/85"}]}
        """

    @Test func recordCheckChangeAndReport() throws {
        let folder = try BatchCommandTests.project(Self.manifest)
        defer { folder.remove() }
        let manifest = folder.file("manifest.json"), baseline = folder.file("baseline")
        let recorded = try CommandRunner.run(["check", manifest, "--baseline", baseline, "--record"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(
            BatchCommandTests.files(baseline) == [
                "rest.layout.json", "rest.png", "scroll/offset-0.layout.json", "scroll/offset-0.png",
                "scroll/offset-170.layout.json", "scroll/offset-170.png", "scroll/offset-85.layout.json",
                "scroll/offset-85.png",
            ])

        let clean = try CommandRunner.run([
            "check", manifest, "--baseline", baseline, "--junit", folder.file("clean.xml"),
        ])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stderr.contains("4 passed, 0 failed"))

        // Change one baseline: a frame rendered at another offset.
        let changed = try CommandRunner.run([
            "--width", "200", "--height", "120", folder.file("photos"), "--offset", "40", "-o",
            baseline + "/scroll/offset-85.png",
        ])
        #expect(changed.status == 0)
        try FileManager.default.createDirectory(atPath: folder.file("report/images"), withIntermediateDirectories: true)
        try folder.write(Array("mine".utf8), to: "report/images/keep.txt")
        let failed = try CommandRunner.run(
            [
                "check", manifest, "--baseline", baseline, "--report", folder.file("report"), "--junit",
                folder.file("junit.xml"),
            ],
            environment: ["GITHUB_ACTIONS": "true"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("FAIL scroll/offset-85.png"))
        #expect(failed.stderr.contains("3 passed, 1 failed"))
        #expect(failed.output.contains("::error file=\(baseline)/scroll/offset-85.png"))

        let junit = try String(contentsOfFile: folder.file("junit.xml"), encoding: .utf8)
        #expect(junit.contains(#"tests="4" failures="1""#))
        let failures = junit.components(separatedBy: "<failure").dropFirst()
        #expect(failures.count == 1)
        #expect(
            junit.contains(#"name="scroll/offset-85.png" time="#)
                && junit.range(of: #"name="scroll/offset-85.png"[^>]*>\s*<failure"#, options: .regularExpression) != nil
        )

        let html = try String(contentsOfFile: folder.file("report/index.html"), encoding: .utf8)
        #expect(html.contains("scroll/offset-85.png"))
        // Failures first; the passed frames only in the collapsed list after them.
        let (failingPart, passedList) = try #require(
            html.range(of: "<details class=\"passed\">").map { (html[..<$0.lowerBound], html[$0.lowerBound...]) })
        #expect(!failingPart.contains("scroll/offset-0.png") && !failingPart.contains("rest.png"))
        #expect(passedList.contains("<summary>3 passed frames</summary>") && passedList.contains("rest.png"))
        #expect(html.contains("3 passed") && html.contains("1 failed"))
        for image in ["expected", "actual", "diff"] {
            #expect(html.contains("src=\"images/0000-scroll-offset-85-\(image).png\""))
            #expect(
                FileManager.default.fileExists(atPath: folder.file("report/images/0000-scroll-offset-85-\(image).png")))
        }
        // Relative links only: the folder opens anywhere (the accept command names the folders as given).
        #expect(!html.contains("src=\"\(folder.path)") && !html.contains("href=\"\(folder.path)"))
        // Files of the user's in the report folder are left alone.
        #expect(FileManager.default.fileExists(atPath: folder.file("report/images/keep.txt")))
        // A passing run removes the images the failing one wrote, and only those (issue 21, item 10).
        #expect(try CommandRunner.run(["check", manifest, "--baseline", baseline, "--record-failed"]).status == 0)
        let passing = try CommandRunner.run([
            "check", manifest, "--baseline", baseline, "--report", folder.file("report"),
        ])
        #expect(passing.status == 0)
        // Only the passed frames' thumbnails are left beside the user's file.
        let left = TemporaryFolder.list(folder.file("report/images")).filter { !$0.hasPrefix("thumb-") }
        #expect(left == [".written", "keep.txt"])
    }

    @Test func missingBaselineFailsAndSaysHowToRecord() throws {
        let folder = try BatchCommandTests.project(Self.manifest)
        defer { folder.remove() }
        // An empty folder (a missing one is a single error: ReviewWorkflowTests).
        try FileManager.default.createDirectory(atPath: folder.file("none"), withIntermediateDirectories: true)
        let run = try CommandRunner.run(["check", folder.file("manifest.json"), "--baseline", folder.file("none")])
        #expect(run.status == 1)
        #expect(run.stderr.contains("no baseline") && run.stderr.contains("--record-missing"))
    }

    /// Baselines recorded, then scroll/offset-170.png removed and rest.png replaced by another offset's frame.
    static func recordedWithOneMissingAndOneChanged() throws -> (TemporaryFolder, manifest: String, baseline: String) {
        let folder = try BatchCommandTests.project(Self.manifest)
        let manifest = folder.file("manifest.json"), baseline = folder.file("baseline")
        #expect(try CommandRunner.run(["check", manifest, "--baseline", baseline, "--record"]).status == 0)
        try FileManager.default.removeItem(atPath: baseline + "/scroll/offset-170.png")
        let different = try CommandRunner.run([
            "--width", "200", "--height", "120", folder.file("photos"), "--offset", "40", "-o", baseline + "/rest.png",
        ])
        #expect(different.status == 0)
        return (folder, manifest, baseline)
    }

    @Test func recordMissingWritesOnlyWhatIsMissing() throws {
        let (folder, manifest, baseline) = try Self.recordedWithOneMissingAndOneChanged()
        defer { folder.remove() }
        let run = try CommandRunner.run(["check", manifest, "--baseline", baseline, "--record-missing"])
        // The missing one is recorded; the changed one still fails and is not overwritten.
        #expect(run.status == 1)
        #expect(run.stderr.contains("Recorded 1 missing baseline in") && run.stderr.contains("FAIL rest.png"))
        #expect(FileManager.default.fileExists(atPath: baseline + "/scroll/offset-170.png"))
        #expect(
            try CommandRunner.run(["check", manifest, "--baseline", baseline]).stderr.contains("3 passed, 1 failed"))
    }

    @Test func recordFailedRewritesOnlyTheFramesThatDifferOrAreMissing() throws {
        let (folder, manifest, baseline) = try Self.recordedWithOneMissingAndOneChanged()
        defer { folder.remove() }
        func inode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int)
        }
        let untouched = try inode(baseline + "/scroll/offset-0.png")
        let run = try CommandRunner.run(["check", manifest, "--baseline", baseline, "--record-failed"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("Recorded 2 missing or failing baselines"))
        #expect(try inode(baseline + "/scroll/offset-0.png") == untouched)  // a passing baseline is not rewritten
        #expect(
            try CommandRunner.run(["check", manifest, "--baseline", baseline]).stderr.contains("4 passed, 0 failed"))
    }

    /// A baseline that cannot be written (a folder where its file goes) stops no other: each written
    /// one is named and counted, the blocked one is an error naming it, and the run fails.
    @Test func aBaselineThatCannotBeWrittenStopsNoOther() throws {
        let folder = try BatchCommandTests.project(Self.manifest)
        defer { folder.remove() }
        let manifest = folder.file("manifest.json"), baseline = folder.file("baseline")
        try FileManager.default.createDirectory(atPath: baseline + "/rest.png/x", withIntermediateDirectories: true)
        let all = try CommandRunner.run(["check", manifest, "--baseline", baseline, "--record"])
        #expect(all.status == 1)
        #expect(all.stderr.contains("Error: rest.png: not recorded: cannot write \(baseline)/rest.png: Is a directory"))
        #expect(all.stderr.contains("recorded \(baseline)/scroll/offset-170.png and offset-170.layout.json"))
        #expect(all.stderr.contains("Recorded 3 baselines in"), "\(all.stderr)")
        // The folder is an unreadable baseline (exit 2), which recording the failed ones cannot replace.
        let failed = try CommandRunner.run(["check", manifest, "--baseline", baseline, "--record-failed"])
        #expect(failed.status == 2)
        #expect(failed.stderr.contains("FAIL rest.png: not recorded: cannot write"), "\(failed.stderr)")
        #expect(
            failed.stderr.contains("Recorded 0 missing or failing baselines")
                && failed.stderr.contains("3 passed, 1 failed"))
    }

    /// A failed scene's cause reaches the JUnit file and the report, not only stderr (issue 21, item 19).
    @Test func aFailedScenesCauseIsInTheReports() throws {
        let folder = try BatchCommandTests.project(
            #"{"scenes": [{"name": "broken", "photos": ["bad.jpg"], "offsets": "0,10"}]}"#)
        defer { folder.remove() }
        try folder.write(Array("not a photo".utf8), to: "bad.jpg")
        try FileManager.default.createDirectory(atPath: folder.file("b"), withIntermediateDirectories: true)
        let manifest = folder.file("manifest.json")
        let run = try CommandRunner.run([
            "check", manifest, "--baseline", folder.file("b"), "--strict", "--junit", folder.file("j.xml"),
            "--report", folder.file("r"),
        ])
        #expect(run.status == 1)
        let junit = try String(contentsOfFile: folder.file("j.xml"), encoding: .utf8)
        #expect(
            junit.contains("scene &apos;broken&apos; failed: ")
                && junit.contains("bad.jpg: not a PNG, JPEG, HEIF, AVIF or WebP image"))
        let html = try String(contentsOfFile: folder.file("r/index.html"), encoding: .utf8)
        #expect(html.contains("bad.jpg: not a PNG, JPEG, HEIF, AVIF or WebP image"))
    }

    @Test func recordModesAreExclusive() throws {
        let run = try CommandRunner.run(["check", "m.json", "--baseline", "b", "--record", "--record-failed"])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("Error: Use either --record or --record-failed, not both"), "\(run.stderr)")
        let three = try CommandRunner.run(
            ["check", "m.json", "--baseline", "b", "--record", "--record-failed", "--record-missing"])
        #expect(three.stderr.hasPrefix("Error: Use one of --record, --record-missing, --record-failed, not several"))
    }

    @Test func unreadableBaselineCannotBeCompared() throws {
        let folder = try BatchCommandTests.project(Self.manifest)
        defer { folder.remove() }
        #expect(
            try CommandRunner.run(["check", folder.file("manifest.json"), "--baseline", folder.file("b"), "--record"])
                .status == 0)
        try folder.write(Array("broken".utf8), to: "b/rest.png")
        #expect(
            try CommandRunner.run(["check", folder.file("manifest.json"), "--baseline", folder.file("b")]).status == 2)
    }
}
