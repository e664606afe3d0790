import Foundation
import TestSupport
import Testing

/// `--paging`, `--drag`, `--release` and `--drag-duration` through the command line: still frames rest
/// on a page, `layout` prints the finger while the drag lasts, and the options are checked.
@Suite struct PagingCommandTests {
    static func frames(_ arguments: [String]) throws -> [[String: Any]] {
        let run = try CommandRunner.run(["layout", "--count", "20"] + arguments)
        #expect(run.status == 0, "\(run.stderr)")
        return try run.output.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func aStillRestsOnAPage() throws {
        // The line 375 wide: offset 500 is 1.33 pages → page 1, 375.
        let run = try CommandRunner.run(["layout", "--count", "20", "--paging", "--offset", "500"])
        let frame = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
        #expect(frame["offset"] as? Double == 375)
        // Clamped, then paged: ten items end at (375 − 100) + 10·100 + 9·70 − 375 = 1530, and an offset
        // at or past it rests where 1530 does, round(1530/375) = 4 pages, 1500 (found by review: 1530
        // showed 1500, and 1700 showed 1530).
        for offset in ["1530", "1700"] {
            let end = try CommandRunner.run(["layout", "--count", "10", "--paging", "--offset", offset])
            let rest = try #require(try JSONSerialization.jsonObject(with: Data(end.stdout)) as? [String: Any])
            #expect(rest["offset"] as? Double == 1500, "\(offset): \(end.stdout)")
        }
        let past = try CommandRunner.run(["layout", "--count", "10", "--paging", "--offset", "1700"])
        #expect(past.stderr.contains("drawn at 1500, clamped, then paged"), "\(past.stderr)")
    }

    @Test func aPagedFlingEndsOnTheNextPage() throws {
        let frames = try Self.frames(["--paging", "--offset", "100", "--fling", "300", "--fps", "30"])
        #expect(frames.first?["offset"] as? Double == 100)
        #expect(frames.last?["offset"] as? Double == 375)
        #expect(frames.allSatisfy { $0["finger"] == nil })
    }

    @Test func aDragPrintsTheFingerUntilItLifts() throws {
        // 0.3 s at 10 fps: frames at 0, 0.1, 0.2, 0.3 have the finger; from 0.4 on it has lifted.
        let frames = try Self.frames(["--offset", "100", "--drag", "-300", "--fps", "10"])
        let fingers = frames.map { $0["finger"] as? Double }
        for (finger, expected) in zip(fingers.prefix(4), [100.0, 0, -100, -200]) {
            #expect(abs((finger ?? .nan) - expected) < 1e-9, "\(String(describing: finger))")
        }
        #expect(fingers.dropFirst(4).allSatisfy { $0 == nil })
        // Past the start the content lags: at t = 0.2, the finger 100 pt out shows (1 − 1/(100·0.55/375 + 1))·375.
        let stretch = (1 - 1 / (100 * 0.55 / 375 + 1)) * 375
        let shown = try #require(frames[2]["offset"] as? Double)
        #expect(abs(shown + stretch) <= 0.5, "on the pixel grid: \(shown)")
        #expect(frames.last?["offset"] as? Double == 0)
    }

    @Test func aDragDeceleratesByTheRateGiven() throws {
        // A free fling after the lift decelerates by --deceleration: fast ends sooner than normal.
        let normal = try Self.frames(["--offset", "100", "--drag", "300", "--fps", "10"])
        let fast = try Self.frames(["--offset", "100", "--drag", "300", "--fps", "10", "--deceleration", "fast"])
        #expect(fast.count < normal.count)
    }

    @Test func optionsThatDoNotGoTogetherAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["--release", "100"], "--release needs --drag"),
            (["--drag-duration", "1", "--fling", "100"], "--drag-duration needs --drag"),
            (["--paging", "--snap"], "--snap"),
            (["--paging", "--layout", "coverflow"], "--paging applies to the line, grid, flow and page layouts"),
            (["--drag", "100", "--layout", "coverflow"], "do not animate a drag"),
            (["--drag", "100", "--drag-duration", "0"], "--drag-duration"),
            (["--drag", "100", "--overscroll"], "the drag bounces at the edges by itself"),
            (["--paging", "--overscroll"], "a paged scroll rests on a page"),
            (["--drag", "100", "--drag-duration", "1e-9"], "give --release or a longer --drag-duration"),
            (["--layout", "flow", "--to-layout", "rotary"], "the carousel types do not animate a change from flow"),
            // A pace --deceleration would not change: the paging spring's, a compositional section's.
            (["--paging", "--fling", "300", "--deceleration", "fast"], "the paging spring paces the fling"),
            (
                ["--layout", "page-cube", "--drag", "100", "--deceleration", "fast"],
                "the paging spring paces the drag"
            ),
            (
                [
                    "--layout", "compositional", "--scrolling", "group-paging", "--fling", "300", "--deceleration",
                    "fast",
                ],
                "the compositional section's group-paging scrolling (UIKit's own rate) paces the fling"
            ),
            (["--layout", "compositional", "--fling", "300", "--deceleration", "fast"], "continuous scrolling"),
        ]
        try expectUsageErrors(cases)
    }
}
