import Foundation
import TestSupport
import Testing

/// Sharded checks merged into one report: the same counts, JUnit cases and results as one run;
/// inputs that are not reports are errors naming them; GitHub and GitLab get what they show.
@Suite struct MergeReportsTests {
    static let manifest = """
        {"defaults": {"width": 200, "height": 120, "photos": ["photos/"]},
         "scenes": [{"name": "rest", "offset": 0}, {"name": "scroll", "offsets": "0..340/85"},
                    {"name": "grid", "layout": "grid", "offset": 10}, {"name": "toggle", "toLayout": "flow", "fps": 10}]}
        """

    func json(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    func cases(_ xml: String) -> [String] {
        xml.components(separatedBy: "<testcase ").dropFirst().compactMap { $0.components(separatedBy: " time=").first }
            .sorted()
    }

    @Test func threeShardsMergeIntoWhatOneRunReports() throws {
        let folder = try BatchCommandTests.project(Self.manifest)
        defer { folder.remove() }
        let (manifest, baseline) = (folder.file("manifest.json"), folder.file("base"))
        #expect(try CommandRunner.run(["check", manifest, "--baseline", baseline, "--record"]).status == 0)
        // Two baselines changed: rendered at another offset.
        for path in ["rest.png", "scroll/offset-85.png"] {
            let changed = try CommandRunner.run(
                [
                    "--width", "200", "--height", "120", folder.file("photos"), "--offset", "40", "-o",
                    baseline + "/" + path,
                ])
            #expect(changed.status == 0)
        }
        for shard in 1...3 {
            let run = try CommandRunner.run([
                "check", manifest, "--baseline", baseline, "--shard", "\(shard)/3", "--report",
                folder.file("r\(shard)"),
            ])
            #expect(run.status <= 1, "\(run.stderr)")
        }
        let merged = try CommandRunner.run(
            [
                "merge-reports", folder.file("r1"), folder.file("r2"), folder.file("r3"), "--report",
                folder.file("merged"), "--junit", folder.file("merged.xml"),
            ], environment: ["GITHUB_STEP_SUMMARY": folder.file("summary.md")])
        #expect(merged.status == 1, "\(merged.stderr)")
        #expect(merged.stderr.contains("6 passed, 2 failed"), "\(merged.stderr)")
        let whole = try CommandRunner.run([
            "check", manifest, "--baseline", baseline, "--report", folder.file("whole"), "--junit",
            folder.file("whole.xml"),
        ])
        #expect(whole.status == 1)
        let (a, b) = (try json(folder.file("merged/results.json")), try json(folder.file("whole/results.json")))
        #expect(a["version"] as? Int == 1 && a["tool"] as? String == "gallery-render")
        #expect((a["totals"] as? [String: Int]) == (b["totals"] as? [String: Int]))
        let mergedXML = try String(contentsOfFile: folder.file("merged.xml"), encoding: .utf8)
        let wholeXML = try String(contentsOfFile: folder.file("whole.xml"), encoding: .utf8)
        #expect(cases(mergedXML) == cases(wholeXML) && cases(mergedXML).count == 8)
        // GitLab: a failing case carries its diff image; the merged report holds it.
        #expect(mergedXML.contains("<system-out>[[ATTACHMENT|\(folder.file("merged"))/images/0000-rest-diff.png]]"))
        #expect(FileManager.default.fileExists(atPath: folder.file("merged/images/0000-rest-diff.png")))
        // The merged results name the images in the merged folder.
        let frames = try #require(a["frames"] as? [[String: Any]])
        let rest = try #require(frames.first { $0["path"] as? String == "rest.png" })
        #expect((rest["images"] as? [String: String])?["expected"] == "images/0000-rest-expected.png")
        #expect(rest["status"] as? String == "different" && rest["diffPixels"] as? Int ?? 0 > 0)
        let summary = try String(contentsOfFile: folder.file("summary.md"), encoding: .utf8)
        #expect(summary.contains("**6 passed, 2 failed** of 8 frames") && summary.contains("| `rest.png` | rest |"))
        // The merged suite keeps the shards' name, the manifest (found by review: it was "merged").
        #expect(mergedXML.contains(#"<testsuite name="\#(manifest)""#), "\(mergedXML)")
        // A shard's report missing (its job died first) fails the merge, naming it (found by review:
        // two of three merged green). Reports say which shard they were.
        let second = try json(folder.file("r2/results.json"))
        #expect(a["shard"] == nil && second["shard"] as? String == "2/3")
        let partial = try CommandRunner.run([
            "merge-reports", folder.file("r1"), folder.file("r3"), "--report", folder.file("partial"), "--junit",
            folder.file("partial.xml"),
        ])
        #expect(
            partial.status == 1
                && partial.stderr.contains("no report of shard 2/3 of \(manifest): 2 of 3 shards merged"),
            "\(partial.stderr)")
        // Said to JUnit and the step summary too, and healed by merging the merge with the missing one.
        let partialXML = try String(contentsOfFile: folder.file("partial.xml"), encoding: .utf8)
        #expect(partialXML.contains(#"name="every shard""#) && partialXML.contains(#"type="incomplete""#))
        // And on the page a reviewer opens, as a banner under the title (found by review: only the
        // exit code and CI's views said it).
        let page = try String(contentsOfFile: folder.file("partial/index.html"), encoding: .utf8)
        #expect(page.contains(#"<p class="incomplete" role="alert"><b>Incomplete:</b> no report of shard 2/3 of "#))
        let healed = try CommandRunner.run([
            "merge-reports", folder.file("partial"), folder.file("r2"), "--report", folder.file("healed"),
        ])
        #expect(!healed.stderr.contains("no report of shard"), "\(healed.stderr)")
        let healedPage = try String(contentsOfFile: folder.file("healed/index.html"), encoding: .utf8)
        #expect(!healedPage.contains(#"class="incomplete""#))
        // One manifest however its path is typed: shards are told by its digest (found by review).
        _ = try CommandRunner.run(
            ["check", "./manifest.json", "--baseline", "base", "--shard", "2/3", "--report", "r2b"], in: folder.path)
        let typed = try CommandRunner.run([
            "merge-reports", folder.file("r1"), folder.file("r2b"), folder.file("r3"), "--report", folder.file("typed"),
        ])
        #expect(!typed.stderr.contains("no report of shard"), "\(typed.stderr)")
        // A report from before reports carried the digest still completes its manifest (by name).
        let old = folder.file("r2/results.json")
        let stripped = try String(contentsOfFile: old, encoding: .utf8).split(separator: "\n")
            .filter { !$0.contains(#""manifest" : "#) }.joined(separator: "\n")
        try folder.write(Array(stripped.utf8), to: "r2/results.json")
        let mixed = try CommandRunner.run([
            "merge-reports", folder.file("r1"), folder.file("r2"), folder.file("r3"), "--report", folder.file("mixed"),
        ])
        #expect(!mixed.stderr.contains("no report of shard"), "\(mixed.stderr)")
        // Edited between shards: each version misses the other's shard, and the message says why.
        try folder.write(
            Array(Self.manifest.replacingOccurrences(of: "\"offset\": 10", with: "\"offset\": 11").utf8),
            to: "manifest.json")
        _ = try CommandRunner.run(
            ["check", manifest, "--baseline", baseline, "--shard", "2/3", "--report", folder.file("r2e")])
        let edited = try CommandRunner.run([
            "merge-reports", folder.file("r1"), folder.file("r2e"), folder.file("r3"), "--report",
            folder.file("edited"),
        ])
        #expect(edited.stderr.contains("2 different manifests named \(manifest)"), "\(edited.stderr)")
        // A report without a digest, its name having two, is said as such, not given a digest.
        try FileManager.default.copyItem(atPath: folder.file("r1"), toPath: folder.file("r1old"))
        let first = try String(contentsOfFile: folder.file("r1old/results.json"), encoding: .utf8)
        try folder.write(
            Array(first.split(separator: "\n").filter { !$0.contains(#""manifest" : "#) }.joined(separator: "\n").utf8),
            to: "r1old/results.json")
        let unsure = try CommandRunner.run([
            "merge-reports", folder.file("r1old"), folder.file("r2e"), folder.file("r3"), "--report",
            folder.file("unsure"),
        ])
        #expect(unsure.stderr.contains("(a report that gives no SHA-256)"), "\(unsure.stderr)")
        // Shards of two manifests are counted by manifest: another's shard 1/3 alone is missing 2 and 3.
        let other = Self.manifest.replacingOccurrences(of: #""name": ""#, with: #""name": "b-"#)
        try folder.write(Array(other.utf8), to: "other.json")
        _ = try CommandRunner.run([
            "check", folder.file("other.json"), "--baseline", baseline, "--shard", "1/3", "--report", folder.file("o1"),
        ])
        let two = try CommandRunner.run(
            [
                "merge-reports", folder.file("r1"), folder.file("r2"), folder.file("r3"), folder.file("o1"), "--report",
                folder.file("two"),
            ])
        #expect(two.stderr.contains("no report of shards 2/3, 3/3 of \(folder.file("other.json"))"), "\(two.stderr)")
    }

    /// A scene that failed before it had frames is listed under its name: the report it is in is
    /// still one `merge-reports` and `accept` read (found by review: both refused it, exit 2).
    @Test func aReportWithAnUnplannedSceneIsStillAReport() throws {
        let scenes =
            #"{"defaults": {"width": 200, "height": 120, "photos": ["photos/"]}, "scenes": [{"name": "ok", "offset": OFFSET}, {"name": "bad", "photos": ["nope/"]}]}"#
        let folder = try BatchCommandTests.project(scenes.replacingOccurrences(of: "OFFSET", with: "0"))
        defer { folder.remove() }
        let (manifest, baseline) = (folder.file("manifest.json"), folder.file("base"))
        #expect(try CommandRunner.run(["check", manifest, "--baseline", baseline, "--record"]).status == 1)
        try folder.write(Array(scenes.replacingOccurrences(of: "OFFSET", with: "40").utf8), to: "manifest.json")
        let run = try CommandRunner.run(["check", manifest, "--baseline", baseline, "--report", folder.file("r")])
        #expect(run.status == 1, "\(run.stderr)")
        let merged = try CommandRunner.run(["merge-reports", folder.file("r"), "--report", folder.file("m")])
        #expect(merged.status == 1, "\(merged.stderr)")
        let frames = try #require(try json(folder.file("m/results.json"))["frames"] as? [[String: Any]])
        #expect(frames.contains { $0["path"] as? String == "bad" && $0["status"] as? String == "sceneFailed" })
        let accept = try CommandRunner.run(["accept", folder.file("r"), "--baseline", baseline, "ok.png"])
        #expect(accept.status == 0, "\(accept.stderr)")
        #expect(
            try CommandRunner.run(["check", manifest, "--baseline", baseline]).stderr.contains("1 passed, 1 failed"))
    }

    @Test func inputsThatAreNotReportsAreErrorsNamingThem() throws {
        let folder = try BatchCommandTests.project(Self.manifest)
        defer { folder.remove() }
        let (manifest, baseline) = (folder.file("manifest.json"), folder.file("base"))
        #expect(try CommandRunner.run(["check", manifest, "--baseline", baseline, "--record"]).status == 0)
        #expect(
            try CommandRunner.run(["check", manifest, "--baseline", baseline, "--report", folder.file("r")]).status
                == 0)
        try FileManager.default.createDirectory(atPath: folder.file("other"), withIntermediateDirectories: true)
        try folder.write(Array(#"{"tool": "playwright", "version": 1}"#.utf8), to: "other/results.json")
        try FileManager.default.createDirectory(atPath: folder.file("future"), withIntermediateDirectories: true)
        try folder.write(Array(#"{"tool": "gallery-render", "version": 7}"#.utf8), to: "future/results.json")
        for (inputs, message) in [
            ([folder.file("r"), folder.file("r")], "' is also in "),
            ([folder.file("photos")], "cannot read results.json"),
            ([folder.file("other")], "written by playwright"),
            ([folder.file("future")], "has version 7; this gallery-render reads version 1"),
        ] {
            let run = try CommandRunner.run(["merge-reports"] + inputs + ["--report", folder.file("out")])
            #expect(run.status == 2, "\(inputs): \(run.stderr)")
            #expect(run.stderr.contains(message) && run.stderr.contains(inputs[0]), "\(run.stderr)")
        }
        let usage = try CommandRunner.run(["merge-reports", folder.file("r"), "--report", folder.file("r")])
        #expect(usage.status == 64 && usage.stderr.contains("is also an input"), "\(usage.stderr)")
    }

    @Test func atMostTenAnnotationsTheLastCountingTheRest() throws {
        let folder = try BatchCommandTests.project(
            #"{"defaults": {"width": 200, "height": 120, "photos": ["photos/"]}, "scenes": [{"name": "s", "offsets": "0..170/17"}]}"#
        )
        defer { folder.remove() }
        let baseline = folder.file("base")
        #expect(
            try CommandRunner.run(["check", folder.file("manifest.json"), "--baseline", baseline, "--record"]).status
                == 0)
        // The same 11 frames one point wider: every one differs in size.
        try folder.write(
            Array(
                #"{"defaults": {"width": 201, "height": 120, "photos": ["photos/"]}, "scenes": [{"name": "s", "offsets": "0..170/17"}]}"#
                    .utf8), to: "wider.json")
        let run = try CommandRunner.run(
            ["check", folder.file("wider.json"), "--baseline", baseline], environment: ["GITHUB_ACTIONS": "true"])
        #expect(run.status == 1)
        let annotations = run.output.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(annotations.count == 10)
        #expect(annotations.last?.hasSuffix("(and 1 more failing frames: see the report)") == true, "\(run.output)")
    }
}
