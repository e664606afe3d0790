import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing
import VisualDiff

/// Scenes' `ignore` regions (CONTRACT.md, "Ignore regions"): left out of the comparison, following an
/// item through a motion, counted apart, hatched in the diff image.
@Suite struct IgnoreRegionTests {
    @Test func aRectangleCoversEveryPixelItOverlaps() {
        // x 1.5…3.5 overlaps columns 1, 2, 3; y 0…1 row 0.
        let mask = IgnoreMask(width: 8, height: 4, shapes: [.rect(x0: 1.5, y0: 0, x1: 3.5, y1: 1)])
        #expect(mask.count == 3)
        #expect(mask.contains(x: 1, y: 0) && mask.contains(x: 3, y: 0) && !mask.contains(x: 4, y: 0))
        // Clipped to the frame; empty and inverted rectangles cover nothing.
        #expect(IgnoreMask(width: 4, height: 4, shapes: [.rect(x0: -9, y0: -9, x1: 99, y1: 99)]).count == 16)
        #expect(IgnoreMask(width: 4, height: 4, shapes: [.rect(x0: 2, y0: 2, x1: 2, y1: 3)]).count == 0)
    }

    @Test func aQuadCoversThePixelsItOverlapsGrownByItsMargin() {
        let square: [SIMD2<Double>] = [[2, 2], [6, 2], [6, 6], [2, 6]]
        // Columns and rows 2…5: a pixel with only an edge on the square does not overlap it.
        #expect(IgnoreMask(width: 10, height: 10, shapes: [.quad(square, margin: 0)]).count == 16)
        // Grown by 1 px: 1…6 each way.
        #expect(IgnoreMask(width: 10, height: 10, shapes: [.quad(square, margin: 1)]).count == 36)
        // An item drawn on columns 70…229 of a 160-px-high frame, grown by 1 px: columns 69…230.
        let item: [SIMD2<Double>] = [[70, 0], [230, 0], [230, 160], [70, 160]]
        let grown = IgnoreMask(width: 300, height: 160, shapes: [.quad(item, margin: 1)])
        #expect(grown.count == 162 * 160)
        #expect(grown.contains(x: 69, y: 0) && grown.contains(x: 230, y: 159) && !grown.contains(x: 68, y: 5))
        // A diamond (either winding): its centre pixel in, a far corner out.
        let diamond: [SIMD2<Double>] = [[5, 0], [0, 5], [5, 10], [10, 5]]
        for corners in [diamond, diamond.reversed()] {
            let mask = IgnoreMask(width: 10, height: 10, shapes: [.quad(corners, margin: 0)])
            #expect(mask.contains(x: 5, y: 5) && !mask.contains(x: 0, y: 0) && !mask.contains(x: 9, y: 9))
        }
    }

    @Test func blankingAndHatchingTouchOnlyTheMask() {
        let mask = IgnoreMask(width: 4, height: 1, shapes: [.rect(x0: 1, y0: 0, x1: 2, y1: 1)])
        let expected = RGBAImage(width: 4, height: 1, pixels: [UInt8](repeating: 10, count: 16))
        var actual = RGBAImage(width: 4, height: 1, pixels: [UInt8](repeating: 200, count: 16))
        mask.blank(&actual, from: expected)
        #expect(actual.pixels == [200, 200, 200, 200, 10, 10, 10, 10, 200, 200, 200, 200, 200, 200, 200, 200])
        var diff = RGBAImage(width: 4, height: 1, pixels: [UInt8](repeating: 0, count: 16))
        mask.hatch(&diff)
        #expect(Array(diff.pixels[4..<8]) == [64, 112, 220, 255])  // (1 + 0) % 6 < 2: a stripe
        #expect(diff.pixels[0..<4].allSatisfy { $0 == 0 } && diff.pixels[8...].allSatisfy { $0 == 0 })
    }

    static let manifest = """
        {"defaults": {"width": 300, "height": 160, "photos": ["photos/"], "displayScale": 2},
         "scenes": [{"name": "still", "offset": 60, "ignore": [{"item": 1}]},
                    {"name": "fling", "fling": 600, "snap": true, "fps": 15, "ignore": [{"item": 1}]},
                    {"name": "corner", "offset": 60, "ignore": [{"rect": [0, 0, 20, 20]}]},
                    {"name": "plain", "offset": 60}]}
        """

    @Test func anIgnoredItemIsFollowedThroughAMotionAndCountedApart() throws {
        let folder = try FrameCacheTests.project(Self.manifest)
        defer { folder.remove() }
        let base = ["check", folder.file("manifest.json"), "--baseline", folder.file("base")]
        #expect(try CommandRunner.run(base + ["--record"]).status == 0)
        // Item 1 shows 2.jpg: another photo in its place changes only its pixels.
        try FileManager.default.removeItem(atPath: folder.file("photos/2.jpg"))
        try FileManager.default.copyItem(atPath: folder.file("photos/5.jpg"), toPath: folder.file("photos/2.jpg"))
        let run = try CommandRunner.run(base + ["--report", folder.file("report")])
        #expect(run.status == 1)
        let failing = run.stderr.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }
        #expect(failing.count == 2 && failing.allSatisfy { $0.contains("corner.png") || $0.contains("plain.png") })
        let results = try ReportResultsFile.frames(folder.file("report/results.json"))
        #expect(results["still.png"]?.status == "passed" && (results["still.png"]?.ignored ?? 0) > 1000)
        #expect(results["fling.png"]?.status == "passed" && (results["fling.png"]?.ignored ?? 0) > 10_000)
        // The corner's 20 × 20 pt at @2x: 1,600 pixels, the same in the failing frame.
        #expect(results["corner.png"]?.ignored == 1600)
        #expect(results["plain.png"]?.ignored == nil)
        // The diff image is hatched in the corner.
        let diff = try ImageDecoder.decode(
            [UInt8](Data(contentsOf: URL(fileURLWithPath: results["corner.png"]?.diff ?? ""))))
        #expect(Array(diff.image.pixels[0..<4]) == [64, 112, 220, 255])
    }

    @Test func anIgnoredItemIsFollowedThroughARotation() throws {
        // Portrait to landscape and back: the interface is turned ±90° … 0° onto each frame.
        let folder = try FrameCacheTests.project(
            #"{"defaults": {"photos": ["photos/"], "layout": "grid", "fps": 15, "rotate": true}, "scenes": [{"name": "up", "width": 200, "height": 300, "ignore": [{"item": 0}]}, {"name": "side", "width": 300, "height": 200, "ignore": [{"item": 0}]}, {"name": "plain", "width": 300, "height": 200}]}"#
        )
        defer { folder.remove() }
        let base = ["check", folder.file("manifest.json"), "--baseline", folder.file("base")]
        #expect(try CommandRunner.run(base + ["--record"]).status == 0)
        try FileManager.default.removeItem(atPath: folder.file("photos/1.jpg"))
        try FileManager.default.copyItem(atPath: folder.file("photos/5.jpg"), toPath: folder.file("photos/1.jpg"))
        let run = try CommandRunner.run(base)
        #expect(
            run.stderr.split(separator: "\n").filter { $0.hasPrefix("FAIL ") }.map { $0.prefix(16) } == [
                "FAIL plain.png: "
            ])
    }

    @Test(
        arguments: [
            (#"{"item": -1}"#, "entry 0: \"item\" must be an item index"),
            (#"{"item": 1.5}"#, "entry 0: \"item\" must be an item index"),
            (#"{"rect": [0, 0, 10]}"#, "entry 0: \"rect\" must be [x, y, width, height]"),
            (#"{"rect": [0, 0, -1, 5]}"#, "width and height ≥ 0"),
            (#"{"item": 1, "rect": [0, 0, 1, 1]}"#, "expected {\"item\": I} or"),
            (#""everything""#, "expected a list"),
        ] as [(String, String)])
    func aBadRegionIsAUsageErrorNamingTheKey(entry: String, message: String) throws {
        let list = entry.hasPrefix("{") ? "[\(entry)]" : entry
        let folder = try FrameCacheTests.project(
            #"{"defaults": {"photos": ["photos/"]}, "scenes": [{"name": "a", "ignore": \#(list)}]}"#)
        defer { folder.remove() }
        let run = try CommandRunner.run([
            "check", folder.file("manifest.json"), "--baseline", folder.file("base"), "--record",
        ])
        #expect(run.status == 64)
        #expect(run.stderr.contains("scene 'a': key 'ignore': entry") || message == "expected a list")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("base")))
    }
}

/// A report's results.json, read plainly for tests: each frame's status, ignored pixels and diff image.
enum ReportResultsFile {
    static func frames(_ path: String) throws -> [String: (status: String, ignored: Int?, diff: String?)] {
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let folder = (path as NSString).deletingLastPathComponent
        var frames: [String: (status: String, ignored: Int?, diff: String?)] = [:]
        for frame in json?["frames"] as? [[String: Any]] ?? [] {
            guard let path = frame["path"] as? String, let status = frame["status"] as? String else { continue }
            let diff = ((frame["images"] as? [String: Any])?["diff"] as? String).map { folder + "/" + $0 }
            frames[path] = (status, frame["ignoredPixels"] as? Int, diff)
        }
        return frames
    }
}
