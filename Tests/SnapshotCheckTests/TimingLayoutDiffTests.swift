import Foundation
import Testing

@testable import SnapshotCheck

/// Animations' layouts compared by time (CONTRACT.md, "Timing-aware layout diffs").
@Suite struct TimingLayoutDiffTests {
    /// JSON Lines of an item moving x = 100 + 300·t from 0 to `duration` at `fps`; `moved` shifts it
    /// by 5 pt at times ≥ 0.1 s.
    static func lines(fps: Int, duration: Double, moved: Bool = false, end: Double? = nil) -> String {
        let count = Int((duration * Double(fps)).rounded()) + 1
        return (0..<count).map { k in
            let t = k == count - 1 ? end ?? Double(k) / Double(fps) : Double(k) / Double(fps)
            let x = 100 + 300 * t + (moved && t >= 0.1 - 1e-9 ? 5 : 0)
            let time = (t * 1e6).rounded() / 1e6
            return
                #"{"layout": "line", "time": \#(time), "offset": 0, "items": [{"index": 0, "photo": null, "center": {"x": \#(x), "y": 50}, "size": 100, "scale": 1, "alpha": 1}]}"#
        }.joined(separator: "\n") + "\n"
    }

    @Test func aChangedFrameRateIsTimingAndTheFramesAtEqualTimesMatch() throws {
        // 0.3 s at 30 fps is 10 frames; at 20 fps 7. Equal times: 0, 0.1, 0.2, 0.3 s.
        let changes = try #require(
            LayoutDiff.changes(expected: Self.lines(fps: 30, duration: 0.3), actual: Self.lines(fps: 20, duration: 0.3))
        )
        #expect(changes.map(\.description) == ["timing changed: 10 → 7 frames (fps 30 → 20)"])
        #expect(LayoutDiff.summary(changes) == "layout: timing changed: 10 → 7 frames (fps 30 → 20)")
    }

    /// A scene that became a still (or a motion): the frame count changed, and frame 0 against the
    /// still says only what moved; a still's left-out alpha is its default, 1.
    @Test func aStillAgainstAMotionIsTimingNotAlphaNoise() throws {
        let still =
            #"{"layout": "line", "offset": 0, "items": [{"index": 0, "photo": null, "center": {"x": 100, "y": 50}, "size": 100, "scale": 1}]}"#
        let motion = Self.lines(fps: 30, duration: 0.3)
        let toStill = try #require(LayoutDiff.changes(expected: motion, actual: still))
        #expect(toStill.map(\.description) == ["timing changed: 10 frames → a still"])
        let moved = still.replacingOccurrences(of: #""x": 100"#, with: #""x": 104"#)
        let toMotion = try #require(LayoutDiff.changes(expected: moved, actual: motion))
        #expect(
            toMotion.map(\.description) == [
                "timing changed: a still → 10 frames", "item 0: centre x 104 → 100 (frame 0)",
            ])
        // A motion of one frame (a transition of no duration) is still a motion.
        let single = try #require(LayoutDiff.changes(expected: still, actual: Self.lines(fps: 30, duration: 0)))
        #expect(single.map(\.description) == ["timing changed: a still → 1 frame"])
    }

    @Test func aLongerMotionAtTheSameRateNamesItsDuration() throws {
        let changes = try #require(
            LayoutDiff.changes(expected: Self.lines(fps: 30, duration: 0.3), actual: Self.lines(fps: 30, duration: 0.6))
        )
        #expect(changes.map(\.description) == ["timing changed: 10 → 19 frames (duration 0.3 → 0.6 s)"])
    }

    @Test func asManyFramesEndingLaterSayTheCountOnce() throws {
        // A fling a little longer: 10 frames at 30 fps either way, the last (its end) at 0.3 → 0.31 s.
        let changes = try #require(
            LayoutDiff.changes(
                expected: Self.lines(fps: 30, duration: 0.3), actual: Self.lines(fps: 30, duration: 0.3, end: 0.31)))
        #expect(changes.first?.description == "timing changed: 10 frames (duration 0.3 → 0.31 s)")
    }

    @Test func aMotionOfOneFrameHasADurationNotARate() throws {
        // A fling that has nowhere to go is one frame: no rate to compare, its length changed.
        let changes = try #require(
            LayoutDiff.changes(expected: Self.lines(fps: 30, duration: 0.3), actual: Self.lines(fps: 30, duration: 0)))
        #expect(changes.first?.description == "timing changed: 10 → 1 frame (duration 0.3 → 0 s)")
        // Two frames 1 ms apart (a paged motion settling at once): the end, not a rate of 1000 fps.
        let settled = try #require(
            LayoutDiff.changes(
                expected: Self.lines(fps: 30, duration: 0.3),
                actual: Self.lines(fps: 30, duration: 1.0 / 30, end: 0.001)))
        #expect(settled.first?.description == "timing changed: 10 → 2 frames (duration 0.3 → 0.001 s)")
    }

    @Test func whatMovedIsNamedByTheRenderingsFrames() throws {
        // Moved from 0.1 s: at 20 fps the frames at 0.1, 0.2 and 0.3 s shared with 30 fps are 2, 4, 6.
        let changes = try #require(
            LayoutDiff.changes(
                expected: Self.lines(fps: 30, duration: 0.3), actual: Self.lines(fps: 20, duration: 0.3, moved: true)))
        #expect(changes.count == 2)
        #expect(changes.last?.description == "item 0: centre x 130 → 135 (frames 2, 4, 6)")
    }

    /// Fields changed in different frames each name theirs; fields changed in the same frames share one
    /// range, as the contract writes it (found by review: the offset's last frame read as frames 1–6).
    @Test func eachFieldNamesItsFramesWhenTheyDiffer() {
        let frame = LayoutChange(
            index: nil, photo: nil,
            fields: [
                .init(name: "offset", expected: "852", actual: "393", frames: [6]),
                .init(name: "viewport.width", expected: "393", actual: "852", frames: [1, 2, 3, 4, 5, 6]),
            ])
        #expect(frame.description == "frame: offset 852 → 393 (frame 6), viewport.width 393 → 852 (frames 1–6)")
        let item = LayoutChange(
            index: 3, photo: "photos/4.jpg",
            fields: [
                .init(name: "center.x", expected: "357.5", actual: "359.5", frames: Array(4...12)),
                .init(name: "size", expected: "100", actual: "104", frames: Array(4...12)),
            ])
        #expect(item.description == "item 3 (photos/4.jpg): centre x 357.5 → 359.5, size 100 → 104 (frames 4–12)")
    }

    @Test func theSameTimingComparesFrameByFrame() throws {
        let changes = try #require(
            LayoutDiff.changes(
                expected: Self.lines(fps: 30, duration: 0.3), actual: Self.lines(fps: 30, duration: 0.3, moved: true)))
        // Frames 3…9 (t ≥ 0.1 s) moved by 5 pt; no timing change.
        #expect(changes.map(\.description) == ["item 0: centre x 130 → 135 (frames 3–9)"])
    }
}

/// A frame's own message, without the expectations said on their own lines.
@Suite struct OwnMessageTests {
    @Test func anotherRunsMessageLosesItsExpectationsAtTheEnd() {
        let given = FrameCheck(
            path: "a.png", scene: "a", status: .different,
            finding: .given("12 of 100 pixels differ; expect[0]: x; expect[1]: y")
        ).expecting(["expect[0]: x", "expect[1]: y"])
        #expect(given.ownMessage == "12 of 100 pixels differ")
        #expect(given.message == "12 of 100 pixels differ; expect[0]: x; expect[1]: y")
        // Text that only contains them elsewhere is kept whole.
        let other = FrameCheck(path: "a.png", scene: "a", status: .different, finding: .given("expect[0]: x; moved"))
            .expecting(["expect[0]: x"])
        #expect(other.ownMessage == "expect[0]: x; moved")
    }
}
