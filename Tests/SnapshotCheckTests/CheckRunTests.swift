import Foundation
import GalleryCore
import ImageCodecs
import SnapshotCheck
import TestSupport
import VisualDiff
import Testing

/// The check workflow on temporary folders, without the binary: each verdict, recording through a
/// link, and what becomes of orphans.
@Suite struct CheckRunTests {
    /// A scene's failure, as the plan or the render would give one.
    struct Cause: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static let grey = RGBAImage(width: 8, height: 6, fill: (128, 128, 128, 255))
    static let red = RGBAImage(width: 8, height: 6, fill: (255, 0, 0, 255))

    /// A baseline folder and a rendering folder in one temporary folder.
    struct Folders {
        let root: TemporaryFolder
        var baseline: String { root.file("baseline") }
        var actual: String { root.file("actual") }

        init() throws {
            root = try TemporaryFolder()
            for folder in [root.file("baseline"), root.file("actual")] {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            }
        }

        func png(_ image: RGBAImage, _ path: String) throws {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(PNGEncoder.encode(image)).write(to: URL(fileURLWithPath: path))
        }

        func apng(_ frames: [RGBAImage], _ path: String) throws {
            var writer = APNGWriter(fps: 10, alpha: false, frameCount: frames.count)
            try writer.append(contentsOf: frames, jobs: 1)
            try Data(writer.take().flatMap { Array($0) }).write(to: URL(fileURLWithPath: path))
        }

        /// A baseline animation and a rendering whose second frame differs by 1 in red: within
        /// pixelmatch's default threshold, so they match though their bytes differ.
        func animationWithinTheThreshold(_ path: String) throws {
            let nearlyGrey = RGBAImage(width: 8, height: 6, fill: (129, 128, 128, 255))
            try apng([CheckRunTests.grey, CheckRunTests.grey], baseline + "/" + path)
            try apng([CheckRunTests.grey, nearlyGrey], actual + "/" + path)
        }

        func run(
            _ frames: [PlannedFrame], mode: RecordMode = .never, prune: Bool = false, rendered: [String]? = nil,
            failed: [CheckRun.FailedScene] = [], layout: @escaping @Sendable (String) -> String? = { _ in nil }
        ) throws -> CheckRun.Outcome {
            let check = BaselineCheck(
                baseline: baseline, actualFolder: actual, criteria: DiffCriteria(), jobs: 2, missingHint: "record it")
            let paths = Set(rendered ?? frames.map(\.path)).map { SystemPath.joined(actual, $0) }
            return try CheckRun(check, mode: mode, prune: prune).run(
                .init(
                    frames: frames, everyFramePath: Set(frames.map(\.path)), inputs: [], rendered: Set(paths),
                    failedScenes: failed, layout: layout))
        }
    }

    /// A frame the cache serves with its baseline's bytes is not written and passes as identical; one
    /// whose bytes differ, whose baseline leads out of the folder or lies outside the rendering's
    /// folder is written and compared as ever.
    @Test func aFrameServedWithItsBaselinesBytesIsComparedAsItsBaseline() throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        let (grey, red) = (try PNGEncoder.encode(Self.grey), try PNGEncoder.encode(Self.red))
        for name in ["a.png", "b.png"] { try folders.png(Self.grey, folders.baseline + "/" + name) }
        try FileManager.default.createSymbolicLink(
            atPath: folders.baseline + "/out.png", withDestinationPath: folders.root.file("outside.png"))
        try folders.png(Self.grey, folders.root.file("outside.png"))
        var check = BaselineCheck(
            baseline: folders.baseline, actualFolder: folders.actual, criteria: DiffCriteria(), jobs: 1,
            missingHint: "")
        #expect(!check.alreadyThere(folders.actual + "/a.png", grey), "without `served`, never")
        check.served = ServedBaselines()
        #expect(check.alreadyThere(folders.actual + "/a.png", grey))
        #expect(!check.alreadyThere(folders.actual + "/b.png", red))
        #expect(!check.alreadyThere(folders.actual + "/out.png", grey))
        #expect(!check.alreadyThere(folders.root.file("a.png"), grey))
        try folders.png(Self.red, folders.actual + "/b.png")
        let frames = ["a.png", "b.png"].map { PlannedFrame(path: $0, scene: "s") }
        let checks = check.compare(frames, rendered: Set(frames.map { folders.actual + "/" + $0.path }))
        #expect(checks.map(\.status) == [.passed, .different])
        #expect(checks.first?.message == "identical files")
        #expect(!FileManager.default.fileExists(atPath: folders.actual + "/a.png"))
        #expect(check.images(of: checks[0]).thumbnail == folders.baseline + "/a.png")
    }

    @Test func aMissingBaselineIsNamedWithTheHint() throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        try folders.png(Self.grey, folders.actual + "/a.png")
        let checks = try folders.run([PlannedFrame(path: "a.png", scene: "a")]).checks
        #expect(checks.map(\.status) == [.missingBaseline])
        #expect(checks.first?.message == "no baseline at \(folders.baseline)/a.png; record it")
    }

    @Test func aDifferentFrameGetsItsDiffImageAndWhatMoved() throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        try folders.png(Self.grey, folders.baseline + "/a.png")
        try folders.png(Self.red, folders.actual + "/a.png")
        let before = #"{"layout": "line", "offset": 0, "items": [{"index": 0, "center": {"x": 10, "y": 5}}]}"#
        let after = #"{"layout": "line", "offset": 0, "items": [{"index": 0, "center": {"x": 12, "y": 5}}]}"#
        try Data(before.utf8).write(to: URL(fileURLWithPath: folders.baseline + "/a.layout.json"))
        let checks = try folders.run([PlannedFrame(path: "a.png", scene: "a")], layout: { _ in after }).checks
        #expect(checks.map(\.status) == [.different])
        #expect(checks.first?.message.hasPrefix("48 of 48 pixels differ") == true, "\(checks)")
        #expect(checks.first?.layoutChanges?.isEmpty == false, "the layout says item 0 moved")
        #expect(FileManager.default.fileExists(atPath: folders.actual + "/.diff/a.png"))
    }

    @Test func aSizeMismatchIsADifference() throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        try folders.png(Self.grey, folders.baseline + "/a.png")
        try folders.png(RGBAImage(width: 9, height: 6, fill: (128, 128, 128, 255)), folders.actual + "/a.png")
        let checks = try folders.run([PlannedFrame(path: "a.png", scene: "a")]).checks
        #expect(checks.map(\.status) == [.different])
        guard case .sizeMismatch? = checks.first?.comparison else {
            Issue.record("expected a size mismatch, got \(String(describing: checks.first?.comparison))")
            return
        }
    }

    @Test func anAnimationNamesTheFramesThatDiffer() throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        try folders.apng([Self.grey, Self.grey, Self.grey], folders.baseline + "/a.png")
        try folders.apng([Self.grey, Self.red, Self.grey], folders.actual + "/a.png")
        let checks = try folders.run([PlannedFrame(path: "a.png", scene: "a")]).checks
        #expect(checks.map(\.status) == [.different])
        #expect(checks.first?.failingFrames == [1])
        // Its stills, written by a second comparison because it fails: every frame's baseline, the
        // differing frame's rendering and diff image.
        let stills = try FileManager.default.contentsOfDirectory(atPath: folders.actual + "/.diff/a.frames")
        #expect(
            stills.sorted() == [
                "0000-expected.png", "0001-actual.png", "0001-diff.png", "0001-expected.png", "0002-expected.png",
            ])
        guard case .animation(let comparison, let notes)? = checks.first?.finding, notes.isEmpty else {
            Issue.record("not an animation's finding: \(String(describing: checks.first?.finding))")
            return
        }
        #expect(comparison.failingFrames == [1])
    }

    /// An animation that grew a frame, its shared frames unchanged, still counts its first failing
    /// frame for results.json: the added frame, every pixel differing.
    @Test func anAnimationThatOnlyGrewCountsItsAddedFrame() throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        try folders.apng([Self.grey, Self.grey], folders.baseline + "/a.png")
        try folders.apng([Self.grey, Self.grey, Self.red], folders.actual + "/a.png")
        let checks = try folders.run([PlannedFrame(path: "a.png", scene: "a")]).checks
        #expect(checks.map(\.status) == [.different] && checks.first?.failingFrames == [2])
        guard case .compared(let counts)? = checks.first?.comparison else {
            Issue.record("no counts: \(String(describing: checks.first?.comparison))")
            return
        }
        #expect(counts.width == Self.red.width && counts.height == Self.red.height)
        #expect(counts.diffPixels == Self.red.width * Self.red.height && !counts.matches)
    }

    /// Frames that differ within the threshold pass, and no stills are written for them.
    @Test func anAnimationThatMatchesWithinTheThresholdLeavesNoStills() throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        try folders.animationWithinTheThreshold("a.png")
        let checks = try folders.run([PlannedFrame(path: "a.png", scene: "a")]).checks
        #expect(checks.map(\.status) == [.passed])
        #expect(!FileManager.default.fileExists(atPath: folders.actual + "/.diff/a.frames"))
    }

    /// A scene may be named like an animation's stills folder (`a.frames`): its diff images stay
    /// whatever becomes of the animation `a` (review finding: a passing animation removed them).
    @Test func aPassingAnimationLeavesTheFilesOfASceneNamedLikeItsStills() throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        try folders.animationWithinTheThreshold("a.png")
        try folders.png(Self.grey, folders.baseline + "/a.frames/offset-0.png")
        try folders.png(Self.red, folders.actual + "/a.frames/offset-0.png")
        let checks = try folders.run([
            PlannedFrame(path: "a.frames/offset-0.png", scene: "a.frames"), PlannedFrame(path: "a.png", scene: "a"),
        ]).checks
        #expect(checks.map(\.status) == [.different, .passed])
        #expect(FileManager.default.fileExists(atPath: folders.actual + "/.diff/a.frames/offset-0.png"))
    }

    @Test func aFrameOfAFailedSceneCarriesTheCauseAndAnUnplannedSceneIsOneCase() throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        let checks = try folders.run(
            [PlannedFrame(path: "a.png", scene: "a")], rendered: [],
            failed: [
                .init(name: "b", failures: [Cause("no photos")], planned: false),
                .init(name: "a", failures: [Cause("boom"), Cause("bang")], planned: true),
            ]
        ).checks
        #expect(checks.map(\.status) == [.sceneFailed, .sceneFailed])
        #expect(checks.map(\.message) == ["the frame was not rendered: scene 'a' failed: boom; bang", "no photos"])
    }

    @Test func recordingReplacesALinkInsteadOfWritingThroughIt() throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        let outside = folders.root.file("outside.png")
        try folders.png(Self.grey, outside)
        try FileManager.default.createSymbolicLink(atPath: folders.baseline + "/a.png", withDestinationPath: outside)
        try folders.png(Self.red, folders.actual + "/a.png")
        let checks = try folders.run(
            [PlannedFrame(path: "a.png", scene: "a")], mode: .failed, layout: { _ in "{}\n" }
        ).checks
        #expect(checks.map(\.status) == [.recorded])
        #expect(try Data(contentsOf: URL(fileURLWithPath: outside)) == Data(PNGEncoder.encode(Self.grey)))
        let attributes = try FileManager.default.attributesOfItem(atPath: folders.baseline + "/a.png")
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
        #expect(FileManager.default.contents(atPath: folders.baseline + "/a.layout.json") == Data("{}\n".utf8))
    }

    @Test func orphansAreListedPrunedOrKeptWhenASceneFailed() throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        for name in ["a.png", "old.png"] { try folders.png(Self.grey, folders.baseline + "/" + name) }
        try folders.png(Self.grey, folders.actual + "/a.png")
        let frames = [PlannedFrame(path: "a.png", scene: "a")]
        #expect(try folders.run(frames).orphans == .listed(["old.png"]))
        let failed = [CheckRun.FailedScene(name: "b", failures: [Cause("no photos")], planned: false)]
        #expect(try folders.run(frames, prune: true, failed: failed).orphans == .kept(["old.png"], failedScenes: ["b"]))
        #expect(FileManager.default.fileExists(atPath: folders.baseline + "/old.png"))
        #expect(try folders.run(frames, prune: true).orphans == .pruned(["old.png"]))
        #expect(!FileManager.default.fileExists(atPath: folders.baseline + "/old.png"))
        #expect(FileManager.default.fileExists(atPath: folders.baseline + "/a.png"))
    }

    /// Only what could be a baseline is an orphan (found by review: with `--baseline .`, `--prune`
    /// deleted docs' pictures, an app icon and a text file named `.png`): a frame's path or the older
    /// index layout's, holding a PNG.
    @Test func onlyBaselineShapedPNGsAreOrphans() throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        let kept = ["docs/images/shot.png", "My Icon@2x.png", "a/b/c.png", "s/frame.png", ".hidden.png"]
        for name in ["a.png", "old.png", "s/offset-85.png", "s/0003.png"] + kept {
            try folders.png(Self.grey, folders.baseline + "/" + name)
        }
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: folders.baseline + "/notes.png"))
        try Data("{}".utf8).write(to: URL(fileURLWithPath: folders.baseline + "/docs/shot.layout.json"))
        try folders.png(Self.grey, folders.actual + "/a.png")
        let frames = [PlannedFrame(path: "a.png", scene: "a")]
        #expect(
            try folders.run(frames, prune: true).orphans == .pruned(["old.png", "s/0003.png", "s/offset-85.png"]))
        for name in kept + ["notes.png", "docs/shot.layout.json"] {
            #expect(FileManager.default.fileExists(atPath: folders.baseline + "/" + name), "\(name)")
        }
    }

    /// A layout left without its PNG is an orphan of its own; one beside its PNG goes with the PNG,
    /// and one whose frame the manifest reads (its PNG missing, to be recorded) is no orphan.
    @Test func aLayoutWithoutItsBaselineIsAnOrphan() throws {
        let folders = try Folders()
        defer { folders.root.remove() }
        for name in ["a.png", "old.png"] { try folders.png(Self.grey, folders.baseline + "/" + name) }
        for name in ["a", "old", "stray", "b"] {
            try Data("{}\n".utf8).write(to: URL(fileURLWithPath: folders.baseline + "/\(name).layout.json"))
        }
        try folders.png(Self.grey, folders.actual + "/a.png")
        // A layout beside a PNG that is there but not a regular file (a link) is not left without it.
        try FileManager.default.createSymbolicLink(atPath: folders.baseline + "/link.png", withDestinationPath: "a.png")
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: folders.baseline + "/link.layout.json"))
        let frames = [PlannedFrame(path: "a.png", scene: "a"), PlannedFrame(path: "b.png", scene: "b")]
        #expect(try folders.run(frames).orphans == .listed(["old.png", "stray.layout.json"]))
        #expect(
            try folders.run(frames, prune: true).orphans
                == .pruned(["old.png", "stray.layout.json"], withLayouts: ["old.png"]))
        let left = try FileManager.default.contentsOfDirectory(atPath: folders.baseline).sorted()
        #expect(left == ["a.layout.json", "a.png", "b.layout.json", "link.layout.json", "link.png"])
    }
}
