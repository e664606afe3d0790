import Foundation
import SnapshotCheck
import TestSupport
import Testing

/// Swift Testing has an `Expectation` of its own.
typealias Expect = SnapshotCheck.Expectation

/// Scenes' `expect` (CONTRACT.md, "Trajectories"): assertions on the layout, each a failure of its own.
@Suite struct TrajectoryTests {
    /// Item 0 moving right 10 pt a frame at 10 fps, item 1 still, item 2 shrinking then gone.
    static let frames: [TrajectoryFrame] = (0..<5).map { k in
        var items: [Int: [Expect.Property: Double]] = [
            0: [.centerX: 10 * Double(k), .centerY: 50, .size: 100, .scale: 1, .alpha: 1],
            1: [.centerX: 200, .centerY: 50, .size: 80, .scale: 0.8, .alpha: 1],
        ]
        if k < 4 { items[2] = [.centerX: 300, .centerY: 50, .size: 60 - 10 * Double(k), .scale: 0.6, .alpha: 1] }
        return TrajectoryFrame(time: Double(k) / 10, items: items)
    }

    static func failures(_ expectations: [Expect]) -> [String] {
        Expect.failures(of: expectations, in: frames)
    }

    @Test func boundsAreInclusiveAndNameTheFrame() {
        // centerX runs 0, 10, 20, 30, 40.
        #expect(Self.failures([.item(0, .centerX, .init(min: 0, max: 40))]).isEmpty)
        #expect(
            Self.failures([.item(0, .centerX, .init(max: 25))])
                == ["expect[0]: item 0 centerX is 30 at frame 3 (t = 0.3 s), above the max 25"])
        #expect(
            Self.failures([.item(0, .centerX, .init(min: 5))])
                == ["expect[0]: item 0 centerX is 0 at frame 0 (t = 0 s), below the min 5"])
    }

    @Test func monotonicIsNotStrict() {
        #expect(Self.failures([.item(0, .centerX, .init(monotonic: .increasing))]).isEmpty)
        #expect(Self.failures([.item(1, .centerX, .init(monotonic: .increasing))]).isEmpty)  // constant
        #expect(Self.failures([.item(1, .centerX, .init(monotonic: .decreasing))]).isEmpty)
        #expect(
            Self.failures([.item(0, .centerX, .init(monotonic: .decreasing))])
                == ["expect[0]: item 0 centerX is not decreasing: 0 at frame 0 then 10 at frame 1 (t = 0.1 s)"])
        // Only the frames the item is in: item 2 shrinks 60, 50, 40, 30, then is gone.
        #expect(Self.failures([.item(2, .size, .init(monotonic: .decreasing))]).isEmpty)
    }

    @Test func valuesAtATimeTakeTheNearestFrame() {
        // t = 0.14 is nearest frame 1 (0.1): centerX 10.
        #expect(Self.failures([.item(0, .centerX, .init(at: [(0.14, 10, 0.01)]))]).isEmpty)
        #expect(
            Self.failures([.item(0, .centerX, .init(at: [(0.16, 10, 0.5)]))])
                == ["expect[0]: item 0 centerX is 20 at t = 0.2 s (frame 2), not 10 ± 0.5"])
        #expect(
            Self.failures([.item(2, .size, .init(at: [(0.4, 20, 1)]))])
                == ["expect[0]: item 2 size: the item is not laid out at t = 0.4 s (frame 4)"])
        #expect(
            Self.failures([.item(9, .alpha, .init(min: 0))])
                == ["expect[0]: item 9 alpha: the item is not laid out in any frame"])
    }

    @Test func aTieGoesToTheEarlierFrameWhateverTheRounding() {
        // 0.55 s lies between frames 5 (0.5) and 6 (0.6): in binary 0.6 is the nearer by 1e-16.
        let frames = (0..<8).map { k in
            TrajectoryFrame(time: Double(k) / 10, items: [0: [.centerX: Double(k)]])
        }
        #expect(
            Expect.failures(of: [.item(0, .centerX, .init(at: [(0.55, -1, 0)]))], in: frames)
                == ["expect[0]: item 0 centerX is 5 at t = 0.5 s (frame 5), not -1 ± 0"])
    }

    /// A time past the last frame is the last frame's, one before the first the first's (found by
    /// review: at 1e308 s every distance rounded alike, and frame 0 was checked).
    @Test func aTimePastTheEndIsTheLastFrame() {
        // Item 2 is gone from frame 4 (t = 0.4 s), the last.
        for time in [1e308, 1e15, 0.5] {
            let failures = Self.failures([.item(2, .size, .init(at: [(time, 20, 0)]))])
            #expect(failures.count == 1 && failures[0].hasSuffix("s (frame 4)"), "\(time): \(failures)")
        }
        #expect(
            Self.failures([.item(0, .centerX, .init(at: [(-1e300, 0, 0)]))]).isEmpty, "before the first: frame 0")
    }

    @Test func aBoundBrokenByLessThanTheRoundingIsPrintedInFull() {
        #expect(
            Self.failures([.item(1, .centerX, .init(min: 200.001))])
                == ["expect[0]: item 1 centerX is 200 at frame 0 (t = 0 s), below the min 200.001"])
    }

    @Test func othersStillSparesTheNamedItems() {
        // Item 0 moves: named, it is spared; item 2's size changes: not named, it fails.
        #expect(
            Self.failures([.item(0, .centerX, .init()), .othersStill])
                == [
                    "expect[1]: item 2 size moved from 60 (t = 0 s) to 50 at frame 1 (t = 0.1 s); others should stay still"
                ])
        #expect(Self.failures([.item(0, .centerX, .init()), .item(2, .size, .init()), .othersStill]).isEmpty)
    }

    static let manifest = """
        {"defaults": {"width": 300, "height": 160, "photos": ["photos/"]},
         "scenes": [{"name": "drop", "delete": 1, "fps": 30, "duration": 0.2,
                     "expect": [{"item": 1, "alpha": {"monotonic": "decreasing", "at": {"time": 0.1, "equals": 0, "within": 0.05}}},
                                {"item": 2, "centerX": {"monotonic": "decreasing", "max": 400}},
                                {"othersStill": true}]},
                    {"name": "still", "offset": 0, "expect": [{"item": 0, "size": {"min": 160, "max": 160}}]}]}
        """

    @Test func eachFailedExpectationIsAFailureOfItsOwnInEveryReport() throws {
        let folder = try FrameCacheTests.project(Self.manifest)
        defer { folder.remove() }
        let base = ["check", folder.file("manifest.json"), "--baseline", folder.file("base")]
        // Recorded, and failing already: recording does not excuse a layout from its expectations.
        #expect(try CommandRunner.run(base + ["--record"]).status == 1)
        #expect(FileManager.default.fileExists(atPath: folder.file("base/drop.png")))
        let run = try CommandRunner.run(base + ["--report", folder.file("report"), "--junit", folder.file("j.xml")])
        #expect(run.status == 1)
        // The deleted item's alpha at 0.1 s is 0.5 (the fade is half done); item 2 starts at 490.
        let fails = run.stderr.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }
        #expect(
            fails == [
                "FAIL drop.png: expect[0]: item 1 alpha is 0.5 at t = 0.1 s (frame 3), not 0 ± 0.05",
                "FAIL drop.png: expect[1]: item 2 centerX is 490 at frame 0 (t = 0 s), above the max 400",
            ])
        let junit = try String(contentsOfFile: folder.file("j.xml"), encoding: .utf8)
        #expect(junit.contains(#"tests="4" failures="2""#), "\(junit)")
        #expect(junit.contains(#"name="drop.png expect[1]""#))
        let results = try String(contentsOfFile: folder.file("report/results.json"), encoding: .utf8)
        #expect(results.contains(#""expectations" : ["#))
        // Merged, the frame still passes as a frame and each expectation fails on its own.
        let merged = try CommandRunner.run([
            "merge-reports", folder.file("report"), "--report", folder.file("merged"), "--junit", folder.file("m.xml"),
        ])
        #expect(merged.status == 1)
        let mergedJUnit = try String(contentsOfFile: folder.file("m.xml"), encoding: .utf8)
        #expect(mergedJUnit.contains(#"tests="4" failures="2""#), "\(mergedJUnit)")
        #expect(merged.stderr.split(separator: "\n").filter { $0.hasPrefix("FAIL ") } == fails)
        let record = try CommandRunner.run(base + ["--record"])
        #expect(record.status == 1)
        #expect(record.stderr.split(separator: "\n").filter { $0.hasPrefix("FAIL ") } == fails)
        // Its pixels match: the page counts it apart from changed frames, offers no accept, and
        // accept leaves it, or named refuses it (found by review: it rewrote the same PNG, exit 0).
        let page = try String(contentsOfFile: folder.file("report/index.html"), encoding: .utf8)
        #expect(page.contains("<b>0</b> changed") && page.contains("<b>1</b> expectations"))
        #expect(!page.contains("class=\"accept\" value="))
        let accept = try CommandRunner.run(["accept", folder.file("report"), "--baseline", folder.file("base")])
        #expect(accept.status == 0 && accept.stderr.contains("Accepted 0 baselines"), "\(accept.stderr)")
        #expect(accept.stderr.contains("skipped drop.png: it matches its baseline"), "\(accept.stderr)")
        let named = try CommandRunner.run([
            "accept", folder.file("report"), "--baseline", folder.file("base"), "drop.png",
        ])
        #expect(named.status == 2 && named.stderr.contains("fails only its expect rules"), "\(named.stderr)")
    }

    /// A frame the frame cache serves with its baseline's bytes, failing by its `expect` alone, shows
    /// in the report with its rendering (the baseline's bytes) as an uncached run shows it (review).
    @Test func aCachedFrameFailingByItsExpectShowsItsRendering() throws {
        let folder = try FrameCacheTests.project(
            #"{"defaults": {"photos": ["photos/"]}, "scenes": [{"name": "a", "expect": [{"item": 0, "centerX": {"max": 1}}]}]}"#
        )
        defer { folder.remove() }
        let base = ["check", folder.file("manifest.json"), "--baseline", folder.file("b")]
        _ = try CommandRunner.run(base + ["--record"])
        for report in ["cold", "warm"] {
            let run = try CommandRunner.run(base + ["--cache", folder.file("cache"), "--report", folder.file(report)])
            #expect(run.status == 1 && run.stderr.contains("FAIL a.png: expect[0]"), "\(run.stderr)")
            let images = TemporaryFolder.list(folder.file(report + "/images"))
            #expect(images.contains { $0.hasSuffix("a-actual.png") }, "\(report): \(images)")
            let html = try String(contentsOfFile: folder.file(report + "/index.html"), encoding: .utf8)
            #expect(!html.contains("cannot read file"), "\(report)")
        }
    }

    /// A carousel item's centre is where its transform draws it: iCarousel's linear type translates
    /// item o items from the current one by o × the item width (no spacing, no viewpoint offset), so
    /// at offset 0 in a 300-pt viewport of 100-pt items item 1 is centred at 150 + 100 = 250, and a
    /// scroll to it moves every item.
    @Test func aCarouselItemIsCentredWhereItIsDrawn() throws {
        let folder = try FrameCacheTests.project(
            """
            {"defaults": {"width": 300, "height": 160, "photos": ["photos/"], "layout": "linear", "itemSize": "100"},
             "scenes": [{"name": "lin", "offset": 0,
                         "expect": [{"item": 1, "centerX": {"at": {"time": 0, "equals": 250, "within": 0.001}}},
                                    {"item": 0, "centerY": {"min": 80, "max": 80}},
                                    {"item": 1, "centerX": {"max": 240}}]},
                        {"name": "to1", "offset": 0, "scrollTo": 1, "fps": 10,
                         "expect": [{"item": 0, "centerX": {"monotonic": "decreasing"}}, {"othersStill": true}]}]}
            """)
        defer { folder.remove() }
        let run = try CommandRunner.run([
            "check", folder.file("manifest.json"), "--baseline", folder.file("base"), "--record",
        ])
        let fails = run.stderr.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }
        #expect(fails.count == 2, "\(run.stderr)")
        #expect(fails.first == "FAIL lin.png: expect[2]: item 1 centerX is 250 at frame 0 (t = 0 s), above the max 240")
        #expect(fails.last?.hasPrefix("FAIL to1.png: expect[1]: item 1 centerX moved from 250 (t = 0 s) to ") == true)
    }

    @Test(
        arguments: [
            (#"[{"item": 1}]"#, "give one of centerX"),
            (#"[{"item": 1, "centerX": {"min": 5, "max": 1}}]"#, "min is above max"),
            (
                #"[{"item": 1, "alpha": {"monotonic": "up"}}]"#,
                "\"alpha.monotonic\" must be \"increasing\" or \"decreasing\""
            ),
            (#"[{"item": 0, "size": {"min": "3"}}]"#, "\"size.min\" must be a finite number"),
            (#"[{"item": 0, "size": {"max": true}}]"#, "\"size.max\" must be a finite number"),
            (#"[{"item": 0, "size": {"at": 3}}]"#, "\"size.at\" must be an object or a list of them"),
            (#"[{"item": 0, "size": {"at": {"time": "0", "equals": 1}}}]"#, "\"size.at.time\" must be a finite number"),
            (#"[{"item": 1, "size": {"at": {"time": -1, "equals": 2}}}]"#, "needs a time ≥ 0"),
            (#"[{"othersStill": false}]"#, "\"item\" must be an item index"),
            (#"{"item": 1}"#, "expected a list"),
            (#"[{"item": 1, "alpha": {}}]"#, "\"alpha\" asserts nothing"),
            (#"[{"item": 1, "centerx": {"min": 1}}]"#, "did you mean centerX?"),
            (#"[{"item": 1, "alpha": {"mni": 1}}]"#, "did you mean min?"),
            (#"[{"item": 1, "size": {"at": {"tme": 0, "equals": 2}}}]"#, "within: did you mean time?"),
            (#"[{"otherStill": true}]"#, "{\"othersStill\": true}): did you mean othersStill?"),
        ] as [(String, String)])
    func aBadExpectationIsAUsageError(list: String, message: String) throws {
        let folder = try FrameCacheTests.project(
            #"{"defaults": {"photos": ["photos/"]}, "scenes": [{"name": "a", "expect": \#(list)}]}"#)
        defer { folder.remove() }
        let run = try CommandRunner.run([
            "check", folder.file("manifest.json"), "--baseline", folder.file("b"), "--record",
        ])
        #expect(
            run.status == 64 && run.stderr.contains("key 'expect'") && run.stderr.contains(message), "\(run.stderr)")
    }
}
