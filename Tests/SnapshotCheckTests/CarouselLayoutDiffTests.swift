import Foundation
import SnapshotCheck
import Testing

/// A carousel item's centre stays at the viewport's centre: what moved is its offset o and the turn
/// of its transform, and the message says so.
@Suite struct CarouselLayoutDiffTests {
    /// `layout`'s JSON for one item turned `degrees` about y at offset `o` (row vectors: m11 = cos,
    /// m13 = −sin, m31 = sin, m33 = cos, perspective in column 4).
    static func layout(degrees: Double, o: Double, scrollOffset: Double) -> String {
        let (c, s) = (cos(degrees * Double.pi / 180), sin(degrees * Double.pi / 180))
        let transform = [c, 0, -s, s * 0.002, 0, 1, 0, 0, s, 0, c, -c * 0.002, 70, 0, -50, 1.1]
        let numbers = transform.map { "\($0)" }.joined(separator: ", ")
        return """
            {"layout": "coverflow", "offset": \(Int(scrollOffset * 200)), "scrollOffset": \(scrollOffset), "items": [{"index": 1, "photo": null, "center": {"x": 187.5, "y": 150}, "size": 200, "scale": 1, "offset": \(o), "transform": [\(numbers)], "alpha": 1}]}
            """
    }

    @Test func aMovedItemSaysWhereAndAMirroredTurnItsSign() throws {
        let moved = try #require(
            LayoutDiff.changes(
                expected: Self.layout(degrees: 30, o: 0.5, scrollOffset: 0.5),
                actual: Self.layout(degrees: -30, o: 0.5, scrollOffset: 0.5).replacingOccurrences(
                    of: "70.0, 0.0, -50.0", with: "72.126, 0.0, -50.0")))
        #expect(
            LayoutDiff.summary(moved)
                == "layout: item 1: angle 30° about y → -30° about y, position (70, 0, -50) → (72.13, 0, -50)")
    }

    @Test func theTurnAndTheOffsetAreWhatMoved() throws {
        let changes = try #require(
            LayoutDiff.changes(
                expected: Self.layout(degrees: 30, o: 0.5, scrollOffset: 0.5),
                actual: Self.layout(degrees: 45, o: 0.25, scrollOffset: 0.75)))
        #expect(
            LayoutDiff.summary(changes)
                == "layout: frame: offset 100 → 150, scrollOffset 0.5 → 0.75; item 1: offset 0.5 → 0.25, angle 30° about y → 45° about y"
        )
    }

    @Test func aScaledPageCardIsNoTurnAndItsZoomIsNamed() throws {
        // page-zoom-in-out: a plain scale s (rows of length s, no turn), progress p.
        func page(_ s: Double, _ p: Double) -> String {
            """
            {"layout": "page-zoom-in-out", "offset": 100, "items": [{"index": 0, "photo": null, "center": {"x": 87.5, "y": 333.5}, "size": 375, "scale": 1, "progress": \(p), "bounds": {"width": 375, "height": 667}, "transform": [\(s), 0, 0, 0, 0, \(s), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], "alpha": 1}]}
            """
        }
        let changes = try #require(
            LayoutDiff.changes(expected: page(0.946667, -0.266667), actual: page(0.930667, -0.346667)))
        #expect(
            LayoutDiff.summary(changes) == "layout: item 0: progress -0.266667 → -0.346667, zoom 0.946667 → 0.930667")
    }

    @Test func anotherLayoutIsNamed() throws {
        let cover = Self.layout(degrees: 30, o: 0.5, scrollOffset: 0.5)
        let changes = try #require(
            LayoutDiff.changes(
                expected: cover, actual: cover.replacingOccurrences(of: #""coverflow""#, with: #""coverflow2""#)))
        #expect(LayoutDiff.summary(changes) == "layout: frame: layout coverflow → coverflow2")
    }
}
