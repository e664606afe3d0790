import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// The golden-image helper itself: it fails on a difference beyond its tolerance, names the first
/// differing pixel and keeps the actual and diff images; it passes within the tolerance.
@Suite struct GoldenImageHelperTests {
    @Test func aDifferenceNamesItsFirstPixelAndKeepsTheImages() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let golden = RGBAImage(width: 4, height: 3, fill: (10, 20, 30, 255))
        let path = folder.file("helper-case.png")
        try AtomicFile.write(try PNGEncoder.encode(golden), to: path)
        var changed = golden
        changed.pixels[(1 * 4 + 2) * 4] = 50  // pixel (2, 1), red 10 → 50
        let strict = GoldenImage.Tolerance(channel: 2, pixels: 0)
        try withKnownIssue {
            try GoldenImage.assertMatches(changed, golden: path, tolerance: strict)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("1 pixels differ") && $0.rawValue.contains("(2, 1)") }
        }
        #expect(FileManager.default.fileExists(atPath: GoldenImage.artifacts + "/helper-case-actual.png"))
        #expect(FileManager.default.fileExists(atPath: GoldenImage.artifacts + "/helper-case-diff.png"))
        // One pixel off by 40 passes a tolerance of 40 per channel and a pixel in ten.
        try GoldenImage.assertMatches(changed, golden: path, tolerance: GoldenImage.Tolerance(channel: 40, pixels: 0.1))
    }
}
