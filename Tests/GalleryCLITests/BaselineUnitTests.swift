import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A baseline PNG and its layout are one unit (issue 51, item 3): two recordings at once, or a
/// recording ended by a signal, leave every pair as one solo recording wrote it, or absent; never a
/// PNG from one run beside a layout from another.
@Suite(.serialized) struct BaselineUnitTests {
    static let scenes = 24

    /// A manifest of `scenes` stills, each at `start` + 10·i: two starts give two sets of baselines.
    static func manifest(start: Int, in folder: TemporaryFolder, name: String) throws -> String {
        let scenes = (0..<Self.scenes).map { #"{"name": "s\#($0)", "offset": \#(start + 10 * $0)}"# }
        let text =
            #"{"defaults": {"photos": ["\#(RenderCommandTests.fixtures)"], "width": 320, "height": 160}, "scenes": [\#(scenes.joined(separator: ", "))]}"#
        return try folder.write(Array(text.utf8), to: name)
    }

    /// Each scene's (PNG, layout) bytes in `baseline`; nil for a file that is not there.
    static func pairs(in baseline: String) -> [(png: Data?, layout: Data?)] {
        (0..<scenes).map { index in
            (
                FileManager.default.contents(atPath: "\(baseline)/s\(index).png"),
                FileManager.default.contents(atPath: "\(baseline)/s\(index).layout.json")
            )
        }
    }

    /// The two solo recordings, and the manifests that made them.
    static func solo(in folder: TemporaryFolder) throws -> (a: String, b: String, pairs: [[(Data?, Data?)]]) {
        let a = try manifest(start: 0, in: folder, name: "a.json")
        let b = try manifest(start: 35, in: folder, name: "b.json")
        var pairs: [[(Data?, Data?)]] = []
        for (manifest, baseline) in [(a, "soloA"), (b, "soloB")] {
            let run = try CommandRunner.run(["check", manifest, "--baseline", folder.file(baseline), "--record"])
            #expect(run.status == 0, "\(run.stderr)")
            pairs.append(Self.pairs(in: folder.file(baseline)).map { ($0.png, $0.layout) })
        }
        return (a, b, pairs)
    }

    /// Whether each scene's pair in `baseline` is one of the solo recordings' (or, with `absentToo`,
    /// wholly absent); the scenes that are not, by name.
    static func mixed(in baseline: String, solo: [[(Data?, Data?)]], absentToo: Bool = false) -> [String] {
        pairs(in: baseline).enumerated().compactMap { index, pair in
            if absentToo, pair.png == nil, pair.layout == nil { return nil }
            let whole = solo.contains { $0[index].0 == pair.png && $0[index].1 == pair.layout && pair.png != nil }
            return whole ? nil : "s\(index)"
        }
    }

    @Test(.timeLimit(.minutes(3))) func twoRecordingsAtOnceLeaveWholePairs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (a, b, solo) = try Self.solo(in: folder)
        for trial in 0..<6 {
            let baseline = folder.file("both\(trial)")
            let runs = try [a, b].map {
                try MeasuredProcess(["check", $0, "--baseline", baseline, "--record"], folder: folder)
            }
            let outcomes = runs.map { $0.wait() }
            #expect(outcomes.allSatisfy { $0.status == 0 }, "\(outcomes.map(\.stderr))")
            #expect(Self.mixed(in: baseline, solo: solo).isEmpty, "trial \(trial)")
        }
    }

    @Test(.timeLimit(.minutes(3))) func aSignalWhileRecordingLeavesWholePairs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let (_, b, solo) = try Self.solo(in: folder)
        var generator = SplitMix(seed: 51)
        for (trial, signal) in [SIGTERM, SIGINT, SIGTERM, SIGHUP, SIGTERM, SIGINT, SIGTERM, SIGTERM].enumerated() {
            let baseline = folder.file("killed\(trial)")
            try FileManager.default.copyItem(atPath: folder.file("soloA"), toPath: baseline)
            let run = try MeasuredProcess(["check", b, "--baseline", baseline, "--record"], folder: folder)
            // Once the first baseline is replaced, the recording is under way: a signal a few
            // milliseconds later lands among the pairs' renames.
            let first = solo[0][0].0
            #expect(SignalTests.waitFor { FileManager.default.contents(atPath: "\(baseline)/s0.png") != first })
            usleep(UInt32(generator.next() % 4000))
            run.kill(signal)
            let outcome = run.wait()
            #expect(outcome.status == 0 || outcome.signal == signal, "\(outcome.stderr)")
            #expect(Self.mixed(in: baseline, solo: solo).isEmpty, "trial \(trial), signal \(signal)")
            let hidden = TemporaryFolder.list(baseline).filter { $0.hasPrefix(".") }
            #expect(hidden.isEmpty, "trial \(trial): \(hidden)")
        }
    }

    @Test func aSecondWriterWaitsAndSaysSo() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let a = try Self.manifest(start: 0, in: folder, name: "a.json")
        let baseline = folder.file("held")
        try FileManager.default.createDirectory(atPath: baseline, withIntermediateDirectories: true)
        let descriptor = open(baseline, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        let run = try MeasuredProcess(["check", a, "--baseline", baseline, "--record"], folder: folder)
        usleep(1_500_000)
        #expect(TemporaryFolder.list(baseline).isEmpty, "nothing is written while another holds the folder")
        close(descriptor)
        let outcome = run.wait()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("waiting for another gallery-render using \(baseline) to finish"))
        #expect(TemporaryFolder.list(baseline).count == 2 * Self.scenes)
    }

    /// A run's report and JUnit file of the day before are gone before it renders, so that one killed
    /// before it saves its own leaves none to be merged as its verdict (found by review: a killed
    /// shard merged green with its earlier report). Held on the baseline folder's lock, the run is
    /// past that point and not yet writing; released, it writes its own.
    @Test(.timeLimit(.minutes(1))) func aRunRemovesItsEarlierVerdictsFirst() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let a = try Self.manifest(start: 0, in: folder, name: "a.json")
        let (baseline, report, junit) = (folder.file("held"), folder.file("r"), folder.file("j.xml"))
        let recorded = try CommandRunner.run(["check", a, "--baseline", baseline, "--record"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let first = try CommandRunner.run(["check", a, "--baseline", baseline, "--report", report])
        #expect(first.status == 0 && FileManager.default.fileExists(atPath: report + "/results.json"))
        // A backup by hard links keeps its bytes: a file with other names is unlinked, not emptied
        // (found by review: emptying it emptied every name, a manifest linked there included).
        try FileManager.default.createDirectory(atPath: folder.file("r.prev"), withIntermediateDirectories: true)
        #expect(link(report + "/results.json", folder.file("r.prev/results.json")) == 0)
        let backup = try Data(contentsOf: URL(fileURLWithPath: folder.file("r.prev/results.json")))
        try folder.write(Array("<testsuites/>".utf8), to: "j.xml")
        #expect(chmod(junit, 0o600) == 0)
        let descriptor = open(baseline, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
        let run = try MeasuredProcess(
            ["check", a, "--baseline", baseline, "--report", report, "--junit", junit], folder: folder)
        // Emptied in place: each keeps its permission bits for the run's own (found by review).
        func size(_ path: String) -> Int? { (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int }
        #expect(SignalTests.waitFor { size(junit) == 0 })
        #expect(size(report + "/results.json") == 0 && size(report + "/index.html") == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file("r.prev/results.json"))) == backup)
        close(descriptor)
        let outcome = run.wait()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(size(report + "/results.json") ?? 0 > 0)
        #expect(try String(contentsOfFile: junit, encoding: .utf8).contains("<testsuite "))
        let mode = (try FileManager.default.attributesOfItem(atPath: junit))[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // A report emptied is no report to merge, and a missing baseline folder (an unmounted volume)
        // empties it too (found by review: both left yesterday's green report in place).
        let merged = try CommandRunner.run(["merge-reports", report, "--report", folder.file("m")])
        #expect(merged.status == 0, "\(merged.stderr)")
        let gone = try CommandRunner.run(["check", a, "--baseline", folder.file("nowhere"), "--report", report])
        #expect(gone.status == 1 && size(report + "/results.json") == 0, "\(gone.stderr)")
        let empty = try CommandRunner.run(["merge-reports", report, "--report", folder.file("m2")])
        #expect(empty.status == 2 && empty.stderr.contains("results.json"), "\(empty.stderr)")
        // The CI loop goes on: an empty weights file is no weights, said once (found by review: every
        // run after a killed one stopped at exit 64).
        let loop = try CommandRunner.run([
            "check", a, "--baseline", baseline, "--report", report, "--shard-weights", report, "--shard", "1/2",
        ])
        #expect(loop.status == 0 && loop.stderr.contains("is empty (its run ended before"), "\(loop.stderr)")
        #expect(size(report + "/results.json") ?? 0 > 0)
    }
}
