import Foundation
import GalleryCore
import SnapshotCheck

/// What `check` and `merge-reports` both write and say: the report folder (index.html, images,
/// results.json), the JUnit XML, FAIL lines, GitHub annotations and the job summary.
enum CheckReporting {
    /// GitHub shows at most 10 annotations of a kind per step: the 10th says how many more failed.
    static let annotationLimit = 10

    /// The HTML report and results.json in `folder`, and the JUnit XML at `junit`, as asked for, each
    /// whatever happens to the other: a full disk under the report still gets JUnit written. A report
    /// that could not be completed loses its index.html and results.json, so no earlier run's report
    /// stays looking current. The folder is locked while it is written, so two runs never mix their
    /// images in it. `images` gives each frame's files to show (HTMLReport.write), `open` opens one
    /// (from a folder a pull request controls, by a walk from its descriptor), `order` each frame's
    /// place in its manifest. Returns the failures, to be reported after the FAIL lines.
    static func write(
        _ checks: [FrameCheck], report folder: String?, junit: String?, title: String, suite: String, seconds: Double,
        baseline: String?, orphans: [String]? = nil, order: [String: Int] = [:],
        shard: String? = nil, manifest: String? = nil, dealing: String? = nil,
        shards: [ReportResults.ShardEntry]? = nil, incomplete: String? = nil, jobs: Int,
        open: @escaping @Sendable (String) throws(FileError) -> RegularFile, images: (FrameCheck) -> ReportImages
    ) -> [FileError] {
        var failures: [FileError] = []
        var attachments: [String: String] = [:]
        if let folder {
            do throws(FileError) {
                let lock = try FolderLock(folder)
                defer { lock.release() }
                do throws(FileError) {
                    // The command a reviewer completes by ticking frames (merge-reports knows no baseline);
                    // `--` before them, so a frame of a scene named `-x` is not read as an option.
                    let accept =
                        "gallery-render accept \(ShellWord.path(folder)) --baseline \(baseline.map(ShellWord.path) ?? "BASELINE_DIR") --"
                    let shown = try HTMLReport.write(
                        checks, to: folder, title: title, accept: accept, orphans: orphans ?? [],
                        incomplete: incomplete,
                        jobs: jobs,
                        open: open, images: images)
                    var results = ReportResults(checks, images: shown, title: title, seconds: seconds, order: order)
                    (results.orphans, results.suite, results.shards) = (orphans, suite, shards)
                    (results.shard, results.manifest, results.dealing) = (shard, manifest, dealing)
                    try ContainedPath.write(results.encoded(), to: ReportFolder.results, in: folder)
                    for (path, images) in shown {
                        if let image = images.diff ?? images.actual {
                            attachments[path] = SystemPath.joined(folder, image)
                        }
                    }
                } catch {
                    for name in [ReportFolder.page, ReportFolder.results] {
                        _ = SystemPath.withCString(SystemPath.joined(folder, name)) { unlink($0) }
                    }
                    throw error
                }
            } catch {
                failures.append(error)
            }
        }
        if let junit {
            let xml = JUnitReport.xml(
                checks, suite: suite, seconds: seconds, attachments: attachments, incomplete: incomplete)
            do throws(FileError) { try AtomicFile.write(Array(xml.utf8), to: junit) } catch { failures.append(error) }
        }
        return failures
    }

    /// A FAIL line per failing frame; under GitHub Actions up to 10 annotations and, with
    /// GITHUB_STEP_SUMMARY set, the Markdown summary appended to it; then the counts.
    /// An annotation names the baseline (`baseline/path`), or the frame's path when there is none.
    static func announce(
        _ checks: [FrameCheck], baseline: String?, title: String, seconds: Double? = nil, ending: String = "",
        incomplete: String? = nil, console: Console
    ) {
        let failing = checks.filter(\.failed)
        let environment = ProcessInfo.processInfo.environment
        if let incomplete { announce(incomplete: incomplete, environment, console: console) }
        for check in failing {
            // Each failed expectation is a FAIL line of its own, after the frame's own when it failed too.
            if !check.failsOnlyByExpectations { console.line("FAIL ", "\(check.path): \(check.ownMessage)") }
            for failure in check.expectationFailures { console.line("FAIL ", "\(check.path): \(failure)") }
        }
        if environment["GITHUB_ACTIONS"] == "true" {
            // GitHub shows 10 a step: the merge's own, when incomplete, is one of them.
            let limit = annotationLimit - (incomplete == nil ? 0 : 1)
            for (number, check) in failing.prefix(limit).enumerated() {
                let last = number == limit - 1 && failing.count > limit
                let more = last ? " (and \(failing.count - limit) more failing frames: see the report)" : ""
                console.out(
                    GitHubAnnotation(
                        file: Console.escaped(baseline.map { SystemPath.joined($0, check.path) } ?? check.path),
                        title: "gallery-render check: \(check.path)",
                        message: Console.escaped(check.message) + more
                    ).line)
            }
        }
        if let summary = environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
            appendSummary(
                GitHubSummary.markdown(checks, title: title, incomplete: incomplete), to: summary, console: console)
        }
        // The one summary line: counts, and the run's time where there was a run (not for merge-reports).
        let time = seconds.map { ", in \(Progress.seconds($0))" } ?? ""
        if !console.quiet {
            console.error("\(checks.count - failing.count) passed, \(failing.count) failed\(time)\(ending)\n")
        }
    }

    /// A merge missing a shard: an error line, and under GitHub Actions an annotation (the step
    /// summary says it after its counts), so the job's page says it as well as its log (found by review).
    private static func announce(incomplete: String, _ environment: [String: String], console: Console) {
        console.line("Error: ", incomplete)
        if environment["GITHUB_ACTIONS"] == "true" {
            console.out(
                GitHubAnnotation(file: nil, title: "gallery-render merge-reports", message: Console.escaped(incomplete))
                    .line)
        }
    }

    /// Appends to the step summary file (GitHub gives each step its own); a failure is a warning.
    private static func appendSummary(_ markdown: String, to path: String, console: Console) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            console.warning("cannot write GITHUB_STEP_SUMMARY \(path): \(String(cString: strerror(errno)))")
            return
        }
        defer { close(descriptor) }
        if let failure = DescriptorWrite.all(Array((markdown + "\n").utf8), to: descriptor) {
            console.warning("cannot write GITHUB_STEP_SUMMARY \(path): \(String(cString: strerror(failure)))")
        }
    }
}
