import GalleryCore
import Foundation
import Testing
import VisualDiff

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

    @Test func aLayoutOverTheItemLimitsIsNoLayout() {
        let perFrame = LayoutDiff.frameItemLimit
        #expect(LayoutDiff.isLayout(Self.layout((0..<perFrame).map { (String($0), 1) })))
        #expect(!LayoutDiff.isLayout(Self.layout((0...perFrame).map { (String($0 % 1000), 1) })))
        // In all, over JSON Lines: frames of 10,000 items up to the total, and one item more.
        let line = Self.layout((0..<perFrame).map { (String($0), 1) }).replacingOccurrences(of: "\n", with: "")
        let frames = LayoutDiff.itemLimit / perFrame
        let full = Array(repeating: line, count: frames).joined(separator: "\n")
        #expect(LayoutDiff.isLayout(full))
        #expect(!LayoutDiff.isLayout(full + "\n" + Self.layout([("0", 1)]).replacingOccurrences(of: "\n", with: "")))
    }

    /// Arrays and keys need no braces: a frame's structural characters are counted before it is
    /// parsed, so 8 million numbers in one item (580 MB once parsed) are refused unparsed.
    @Test func aFrameOfMillionsOfValuesIsNoLayout() {
        let numbers = Array(repeating: "1", count: 1_000_000).joined(separator: ",")
        let text = #"{"items": [{"index": 0, "extra": [\#(numbers)]}]}"#
        #expect(!LayoutDiff.isLayout(text))
        let keys = (0..<500_000).map { #""k\#($0)": 1"# }.joined(separator: ",")
        #expect(!LayoutDiff.isLayout(#"{"items": [{"index": 0, \#(keys)}]}"#))
    }

    /// A text kept from a layout (a photo's name) is cut to `textLimit` characters, so a 16 MiB name
    /// does not travel into every report.
    @Test func longTextsAreCut() throws {
        let long = String(repeating: "p", count: 5_000)
        let expected = #"{"items": [{"index": 0, "photo": "\#(long)", "size": 1}]}"#
        let actual = #"{"items": [{"index": 0, "photo": "x", "size": 1}]}"#
        let changes = try #require(LayoutDiff.changes(expected: expected, actual: actual))
        let field = try #require(changes.first?.fields.first { $0.name == "photo" })
        #expect(field.expected == String(repeating: "p", count: LayoutDiff.textLimit) + "…")
        #expect(changes.first?.photo == "x")
    }

    @Test func aFrameKeepsAFewHundredChangesAndCountsTheRest() throws {
        let expected = Self.layout((0..<1000).map { (String($0), Double($0)) })
        let actual = Self.layout((0..<1000).map { (String($0), Double($0) + 2) })
        let changes = try #require(LayoutDiff.changes(expected: expected, actual: actual))
        #expect(changes.count == 1000)
        let sizes = Comparison.sizeMismatch(
            expected: PixelSize(width: 1, height: 1), actual: PixelSize(width: 2, height: 1))
        let check = FrameCheck(path: "a.png", scene: "a", status: .different, finding: .compared(sizes)).explained(
            by: changes)
        #expect(check.layoutChanges?.count == LayoutDiff.changesKept && check.layoutChangesOmitted == 800)
        #expect(check.message.hasSuffix("; and 995 more"), "\(check.message)")
        let results = ReportResults([check], images: [:], title: "t", seconds: 0)
        #expect(results.frames.first?.layoutChanges?.count == 200 && results.frames.first?.layoutChangesOmitted == 800)
        // Read back (merge-reports, accept), the count survives; a hostile count is clamped, not trusted.
        #expect(results.checks.first?.layoutChangesOmitted == 800)
        var hostile = results
        hostile.frames[0].layoutChangesOmitted = Int.max
        #expect(hostile.checks.first?.layoutChangesOmitted == Int(Int32.max))
    }

    /// Points are compared to 0.01 pt; a scale has no unit and keeps the layout's 10⁻⁶ (review
    /// finding: 0.968 → 0.996 read as 0.97 → 1, and a change under 0.005 went unsaid).
    @Test func aScaleIsNotRoundedLikePoints() throws {
        func layout(_ x: Double, _ scale: Double) -> String {
            #"{"layout": "line", "offset": 0, "items": [{"index": 0, "photo": null, "center": {"x": \#(x), "y": 100}, "size": 100, "scale": \#(scale)}]}"#
        }
        let changes = try #require(LayoutDiff.changes(expected: layout(10.001, 0.968), actual: layout(10.004, 0.971)))
        #expect(LayoutDiff.summary(changes).contains("scale 0.968 → 0.971"), "\(LayoutDiff.summary(changes))")
        #expect(!LayoutDiff.summary(changes).contains("centre"), "0.003 pt is below 0.01 pt")
    }
}
