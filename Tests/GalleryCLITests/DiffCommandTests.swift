import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// `diff` through the binary. Expected counts are derived by hand from pixelmatch's definitions
/// (see VisualDiffTests for the full arithmetic): a grey change of d gives a YIQ distance of
/// 0.5053·d², compared with 35215·t².
@Suite struct DiffCommandTests {
    static func grey(_ v: UInt8, width: Int = 9, height: Int = 9) -> RGBAImage {
        RGBAImage(width: width, height: height, fill: (v, v, v, 255))
    }

    static func write(_ images: [String: RGBAImage]) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for (name, image) in images { try folder.write(try PNGEncoder.encode(image), to: name) }
        return folder
    }

    static func json(_ run: CommandRunner.Outcome) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String: Any])
    }

    @Test func identicalImagesMatch() throws {
        let folder = try Self.write(["a.png": Self.grey(100), "b.png": Self.grey(100)])
        defer { folder.remove() }
        let run = try CommandRunner.run(["diff", folder.file("a.png"), folder.file("b.png"), "--json"])
        #expect(run.status == 0)
        let json = try Self.json(run)
        #expect(json["match"] as? Bool == true && json["diffPixels"] as? Int == 0 && json["totalPixels"] as? Int == 81)
        #expect(json["width"] as? Int == 9 && json["height"] as? Int == 9 && json["ratio"] as? Double == 0)
    }

    @Test(arguments: [(0.0, 1), (0.1, 1), (0.3, 0)] as [(Double, Int)])
    func singlePixelChangeAgainstThreshold(threshold: Double, expected: Int) throws {
        // Grey 100 → 150 (d = 50): 0.5053 · 2500 = 1263.25; limits 0, 352.15, 3169.35.
        var changed = Self.grey(100)
        changed.pixels.replaceSubrange(160..<163, with: [150, 150, 150])  // pixel (4, 4)
        let folder = try Self.write(["a.png": Self.grey(100), "b.png": changed])
        defer { folder.remove() }
        let run = try CommandRunner.run([
            "diff", folder.file("a.png"), folder.file("b.png"), "--threshold", "\(threshold)", "--json",
        ])
        #expect(try Self.json(run)["diffPixels"] as? Int == expected)
        #expect(run.status == (expected == 0 ? 0 : 1))
    }

    /// `ratio` is count/total to the last bit: one pixel of 2048 × 2048 is 2⁻²², not 0 at six
    /// decimals (found by review: `"match": false` beside `"ratio": 0`).
    @Test func theRatioIsExact() throws {
        var changed = Self.grey(100, width: 2048, height: 2048)
        changed.pixels.replaceSubrange(0..<3, with: [200, 200, 200])
        let folder = try Self.write(["a.png": Self.grey(100, width: 2048, height: 2048), "b.png": changed])
        defer { folder.remove() }
        let run = try CommandRunner.run(["diff", folder.file("a.png"), folder.file("b.png"), "--json"])
        #expect(try Self.json(run)["ratio"] as? Double == 0x1p-22)
    }

    @Test func limitsDecideTheMatch() throws {
        var changed = Self.grey(100)
        changed.pixels.replaceSubrange(160..<163, with: [200, 200, 200])
        let folder = try Self.write(["a.png": Self.grey(100), "b.png": changed])
        defer { folder.remove() }
        let args = ["diff", folder.file("a.png"), folder.file("b.png")]
        #expect(try CommandRunner.run(args).status == 1)
        #expect(try CommandRunner.run(args + ["--max-diff-pixels", "1"]).status == 0)
        #expect(try CommandRunner.run(args + ["--max-diff-ratio", "0.01"]).status == 1)  // 1/81 = 0.0123 > 0.01
        #expect(try CommandRunner.run(args + ["--max-diff-ratio", "0.013"]).status == 0)
        #expect(try CommandRunner.run(args + ["--max-diff-pixels", "5", "--max-diff-ratio", "0.001"]).status == 1)
    }

    @Test func antiAliasedStepCountsOnlyWithIncludeAA() throws {
        // A black | grey | white edge; on one row the grey pixel turns black (the edge moved a pixel).
        var image = RGBAImage(width: 5, height: 5, fill: (0, 0, 0, 255))
        for y in 0..<5 {
            image.pixels.replaceSubrange((y * 5 + 2) * 4..<(y * 5 + 2) * 4 + 3, with: [128, 128, 128])
            for x in 3..<5 {
                image.pixels.replaceSubrange((y * 5 + x) * 4..<(y * 5 + x) * 4 + 3, with: [255, 255, 255])
            }
        }
        var moved = image
        moved.pixels.replaceSubrange(48..<51, with: [0, 0, 0])  // (2, 2)
        let folder = try Self.write(["a.png": image, "b.png": moved])
        defer { folder.remove() }
        let plain = try CommandRunner.run([
            "diff", folder.file("a.png"), folder.file("b.png"), "--json", "--diff-image", folder.file("d.png"),
        ])
        #expect(plain.status == 0)
        #expect(try Self.json(plain)["diffPixels"] as? Int == 0)
        let diff = try ImageDecoder.decodeFile(atPath: folder.file("d.png")).image
        #expect(diff[2, 2] == (255, 255, 0, 255))  // yellow: anti-aliasing
        let counted = try CommandRunner.run([
            "diff", folder.file("a.png"), folder.file("b.png"), "--json", "--include-aa",
        ])
        #expect(counted.status == 1)
        #expect(try Self.json(counted)["diffPixels"] as? Int == 1)
    }

    @Test func transparencyIsBlendedOntoWhite() throws {
        // Transparent black vs opaque white: both white after blending onto white.
        let folder = try Self.write([
            "a.png": RGBAImage(width: 4, height: 4, fill: (0, 0, 0, 0)), "b.png": Self.grey(255, width: 4, height: 4),
        ])
        defer { folder.remove() }
        #expect(
            try CommandRunner.run(["diff", folder.file("a.png"), folder.file("b.png"), "--threshold", "0"]).status == 0)
    }

    @Test func differentSizesNeverMatch() throws {
        let folder = try Self.write(["a.png": Self.grey(9), "b.png": Self.grey(9, width: 10)])
        defer { folder.remove() }
        let run = try CommandRunner.run(["diff", folder.file("a.png"), folder.file("b.png")])
        #expect(run.status == 1)
        // A difference like any other, on standard output (found by review: stderr alone).
        #expect(
            run.output == "different: sizes differ: expected 9x9, actual 10x9\n" && run.stderr.isEmpty, "\(run.output)")
        let json = try CommandRunner.run(["diff", folder.file("a.png"), folder.file("b.png"), "--json"])
        #expect(json.status == 1)
        #expect(
            json.output
                == #"{"match": false, "diffPixels": 81, "totalPixels": 81, "ratio": 1, "width": 9, "height": 9, "actualWidth": 10, "actualHeight": 9}"#
                + "\n", "\(json.output)")
    }

    @Test func unreadableInputCannotBeCompared() throws {
        let folder = try Self.write(["a.png": Self.grey(9)])
        defer { folder.remove() }
        try folder.write(Array("nope".utf8), to: "b.png")
        let run = try CommandRunner.run(["diff", folder.file("a.png"), folder.file("b.png"), "--json"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("the actual image: cannot read") && run.stderr.contains("b.png"), "\(run.stderr)")
        let swapped = try CommandRunner.run(["diff", folder.file("b.png"), folder.file("a.png")])
        #expect(swapped.status == 2 && swapped.stderr.contains("the expected image: cannot read"), "\(swapped.stderr)")
        #expect(try CommandRunner.run(["diff", folder.file("a.png"), folder.file("missing.png")]).status == 2)
        #expect(try CommandRunner.run(["diff", folder.file("a.png")]).status == 64)
        #expect(
            try CommandRunner.run(["diff", folder.file("a.png"), folder.file("a.png"), "--threshold", "2"]).status == 64
        )
    }
}

/// `diff` of animations: every frame compared, as `check` compares them (found by review: the first
/// frames alone, so two flings differing in 19 frames "matched").
@Suite struct DiffAnimationTests {
    static func apng(_ greys: [UInt8]) throws -> [UInt8] {
        var writer = APNGWriter(fps: 10, alpha: false, frameCount: greys.count)
        for grey in greys { try writer.append(DiffCommandTests.grey(grey, width: 4, height: 4)) }
        return Array(writer.take().joined())
    }

    @Test func everyFrameIsComparedAndTheFailingOnesNamed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let a = try folder.write(Self.apng([10, 20, 30]), to: "a.png")
        let b = try folder.write(Self.apng([10, 200, 30]), to: "b.png")
        let copy = try folder.write(Self.apng([10, 20, 30]), to: "copy.png")
        let same = try CommandRunner.run(["diff", a, copy])
        #expect(same.status == 0 && same.output == "match: identical files\n", "\(same.output)")
        let sameJSON = try DiffCommandTests.json(try CommandRunner.run(["diff", a, copy, "--json"]))
        #expect(sameJSON["frames"] as? Int == 3 && sameJSON["totalPixels"] as? Int == 48, "\(sameJSON)")
        let equal = try CommandRunner.run([
            "diff", a, folder.write(Self.apng([10, 21, 30]), to: "near.png"), "--threshold", "0.5",
        ])
        #expect(equal.status == 0 && equal.output == "match: all 3 frames match\n", "\(equal.output)")
        let run = try CommandRunner.run(["diff", a, b, "--diff-image", folder.file("d.png")])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            run.output.hasPrefix("different: frame 1 of 3 differs; frame 1: 16 of 16 pixels differ"), "\(run.output)")
        #expect(try ImageDecoder.decodeFile(atPath: folder.file("d.png")).image.width == 4)
        let json = try DiffCommandTests.json(try CommandRunner.run(["diff", a, b, "--json"]))
        #expect(json["diffPixels"] as? Int == 16 && json["totalPixels"] as? Int == 48 && json["frames"] as? Int == 3)
        #expect(json["failingFrames"] as? [Int] == [1] && json["match"] as? Bool == false)
        let still = try folder.write(try PNGEncoder.encode(DiffCommandTests.grey(10, width: 4, height: 4)), to: "c.png")
        let counts = try CommandRunner.run(["diff", a, still])
        #expect(counts.status == 1)
        #expect(counts.output == "different: the actual has 1 frame (a still image), the expected 3 frames\n")
    }

    /// A damaged APNG cannot be compared, as a damaged still cannot (found by review: one cut before
    /// its IEND, or with a chunk's CRC flipped, "matched"; its frames are re-encoded to decode, so
    /// the file's own checks were never made).
    @Test func aDamagedAnimationCannotBeCompared() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bytes = try Self.apng([10, 20, 30])
        let a = try folder.write(bytes, to: "a.png")
        var flipped = bytes
        flipped[flipped.count - 14] ^= 1  // a byte of the last fdAT's CRC
        for (name, damaged, reason) in [
            ("cut.png", Array(bytes.dropLast(12)), "no IEND: the file is cut short"),
            ("crc.png", flipped, "the fdAT chunk at byte"),
        ] {
            let b = try folder.write(damaged, to: name)
            let run = try CommandRunner.run(["diff", a, b])
            #expect(run.status == 2, "\(name): \(run.output)")
            #expect(
                run.stderr.contains("the actual image: cannot read \(b): corrupt PNG: APNG: \(reason)"), "\(run.stderr)"
            )
            // A copy of itself too, and --json still prints its object (found by the verifier).
            let copy = try CommandRunner.run(["diff", b, folder.write(damaged, to: "copy-" + name), "--json"])
            #expect(
                copy.status == 2 && copy.output.hasPrefix(#"{"match": false, "diffPixels": null"#), "\(copy.output)")
        }
    }

    /// Animations of two canvas sizes: the ratio stays within 1 and both sizes are given, as for
    /// stills (found by review: 1.17, and no actual size).
    @Test func animationsOfTwoSizesCountEachCanvas() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var writer = APNGWriter(fps: 10, alpha: false, frameCount: 3)
        for grey: UInt8 in [10, 20, 30] { try writer.append(DiffCommandTests.grey(grey, width: 8, height: 4)) }
        let a = try folder.write(Self.apng([10, 20]), to: "a.png")
        let b = try folder.write(Array(writer.take().joined()), to: "b.png")
        let json = try DiffCommandTests.json(try CommandRunner.run(["diff", a, b, "--json"]))
        // Two frames of 4 × 4 compared (sizes differ: 16 each), a third only the actual has (32).
        #expect(json["diffPixels"] as? Int == 64 && json["totalPixels"] as? Int == 64 && json["ratio"] as? Double == 1)
        #expect(json["actualWidth"] as? Int == 8 && json["actualHeight"] as? Int == 4, "\(json)")
    }

    @Test func anAnimatedWebPCannotBeCompared() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // RIFF, WEBP, a VP8X chunk whose flags set the animation bit: diff reads no further.
        let header =
            Array("RIFF".utf8) + [22, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0x02]
            + [UInt8](repeating: 0, count: 9)
        let webp = try folder.write(header, to: "a.webp")
        let run = try CommandRunner.run(["diff", webp, webp])
        #expect(run.status == 2)
        #expect(run.stderr.contains("is an animated WebP: diff compares animations as APNG"), "\(run.stderr)")
    }
}
