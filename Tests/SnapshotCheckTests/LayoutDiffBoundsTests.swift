import Foundation
import Testing

@testable import SnapshotCheck

/// A baseline's layout file comes from a pull request: its indexes are integers in range or it is no
/// layout, its items are capped, and the changes a frame keeps are capped with a count of the rest.
@Suite struct LayoutDiffBoundsTests {
    /// A still's layout with `items` (index, centre x) as `layout` prints them.
    static func layout(_ items: [(index: String, x: Double)]) -> String {
        let lines = items.map {
            #"    {"index": \#($0.index), "photo": null, "center": {"x": \#($0.x), "y": 100}, "size": 100, "scale": 1}"#
        }
        return """
            {
              "layout": "line",
              "viewport": {"width": 375, "height": 200},
              "offset": 0,
              "items": [
            \(lines.joined(separator: ",\n"))
              ]
            }
            """
    }

    @Test(arguments: ["1.5", "true", "false", "18446744073709551616", "-1", "\"1\"", "null", "1e3", "50000"])
    func anIndexThatIsNotANonNegativeIntegerInRangeIsNoLayout(index: String) {
        let good = Self.layout([("0", 10), ("1", 20)])
        let bad = Self.layout([("0", 10), (index, 20)])
        #expect(LayoutDiff.changes(expected: bad, actual: good) == nil)
        #expect(LayoutDiff.changes(expected: good, actual: bad) == nil)
        #expect(!LayoutDiff.isLayout(bad))
        #expect(LayoutDiff.changes(expected: good, actual: good) == [])
    }

    @Test func theLargestIndexInRangeIsRead() {
        let layout = Self.layout([("49999", 10)])
        #expect(LayoutDiff.isLayout(layout))
    }

    @Test func aLayoutOverTheItemLimitIsNoLayout() {
        let limit = LayoutDiff.itemLimit
        let over = Self.layout((0...limit).map { (String($0 % 1000), 1) })
        #expect(!LayoutDiff.isLayout(over))
        let at = Self.layout((0..<limit).map { (String($0 % 1000), 1) })
        #expect(LayoutDiff.isLayout(at))
        // Items hidden in JSON Lines count all the same.
        let line = Self.layout((0..<1000).map { (String($0), 1) }).replacingOccurrences(of: "\n", with: "")
        let frames = Array(repeating: line, count: limit / 1000 + 1).joined(separator: "\n")
        #expect(!LayoutDiff.isLayout(frames))
    }

    @Test func aFrameKeepsAFewHundredChangesAndCountsTheRest() throws {
        let expected = Self.layout((0..<1000).map { (String($0), Double($0)) })
        let actual = Self.layout((0..<1000).map { (String($0), Double($0) + 2) })
        let changes = try #require(LayoutDiff.changes(expected: expected, actual: actual))
        #expect(changes.count == 1000)
        let check = FrameCheck(path: "a.png", scene: "a", status: .different, message: "differs").explained(
            by: changes)
        #expect(check.layoutChanges.count == LayoutDiff.changesKept && check.layoutChangesOmitted == 800)
        #expect(check.message.hasSuffix("; and 995 more"), "\(check.message)")
        let results = ReportResults([check], images: [:], title: "t", seconds: 0)
        #expect(results.frames.first?.layoutChanges?.count == 200 && results.frames.first?.layoutChangesOmitted == 800)
        // Read back (merge-reports, accept), the count survives; a hostile count is clamped, not trusted.
        #expect(results.checks.first?.layoutChangesOmitted == 800)
        var hostile = results
        hostile.frames[0].layoutChangesOmitted = Int.max
        #expect(hostile.checks.first?.layoutChangesOmitted == Int(Int32.max))
    }
}
