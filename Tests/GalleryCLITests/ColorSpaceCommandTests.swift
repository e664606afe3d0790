import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// Photos from phones through the binary: HEIC, AVIF and WebP listed and drawn, Display P3 photos
/// converted, `--color-space display-p3` frames tagged, and diff's warning about profiles.
@Suite struct ColorSpaceCommandTests {
    /// A folder holding the colourful test photo as an sRGB PNG and as a Display P3 PNG.
    static func photos() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("srgb"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("p3"), withIntermediateDirectories: true)
        let image = ColorScience.colourfulImage(width: 300, height: 200)
        try folder.write(try PNGEncoder.encode(image), to: "srgb/photo.png")
        let p3 = try PNGEncoder.encode(ColorScience.displayP3(fromSRGB: image), colorSpace: .displayP3)
        try folder.write(p3, to: "p3/photo.png")
        return folder
    }

    /// `png` with an iCCP chunk (stored, uncompressed) holding `profile` right after IHDR.
    static func tagged(_ png: [UInt8], name: String, profile: [UInt8]) -> [UInt8] {
        var data = Array(name.utf8) + [0, 0]
        data += [0x78, 0x01, 1, UInt8(profile.count & 0xFF), UInt8(profile.count >> 8)]
        data += [UInt8(~profile.count & 0xFF), UInt8((~profile.count >> 8) & 0xFF)] + profile
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in profile {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        data += PNGCrafter.be32(b << 16 | a)
        return Array(png[0..<33]) + PNGCrafter.chunk("iCCP", data) + png[33...]
    }

    static func render(_ arguments: [String], in folder: TemporaryFolder) throws -> CommandRunner.Outcome {
        try CommandRunner.run(["--width", "375", "--display-scale", "2"] + arguments, in: folder.path)
    }

    @Test func aDisplayP3PhotoIsDrawnInItsSRGBColours() throws {
        let folder = try Self.photos()
        defer { folder.remove() }
        #expect(try Self.render(["srgb", "-o", "srgb.png"], in: folder).status == 0)
        let run = try Self.render(["p3", "-o", "p3.png"], in: folder)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let srgb = try ImageDecoder.decodeFile(atPath: folder.file("srgb.png")).image
        let p3 = try ImageDecoder.decodeFile(atPath: folder.file("p3.png")).image
        let error = ColorScience.meanDeltaE2000(srgb, p3)
        #expect(error <= 1, "mean ΔE00 \(error)")
    }

    @Test func aDisplayP3FrameCarriesItsProfileAndReadsBackToTheSRGBFrame() throws {
        let folder = try Self.photos()
        defer { folder.remove() }
        #expect(try Self.render(["srgb", "-o", "srgb.png"], in: folder).status == 0)
        #expect(try Self.render(["p3", "--color-space", "display-p3", "-o", "p3.png"], in: folder).status == 0)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("p3.png"))))
        // iCCP right after IHDR, named as iPhone screenshots name it.
        #expect(String(decoding: bytes[37..<51], as: UTF8.self) == "iCCPDisplay P3")
        #expect(ImageDecoder.embeddedColor(of: bytes) == .icc(ColorSpace.displayP3.iccProfile))
        let readBack = try ImageDecoder.decode(bytes, options: DecodeOptions(colorSpace: .srgb)).image
        let srgb = try ImageDecoder.decodeFile(atPath: folder.file("srgb.png")).image
        let error = ColorScience.meanDeltaE2000(srgb, readBack)
        #expect(error <= 1, "mean ΔE00 \(error)")
        // The sRGB frame stays untagged, byte for byte what it was.
        let plain = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("srgb.png"))))
        #expect(ImageDecoder.embeddedColor(of: plain) == .untagged)
    }

    /// An option's colour is sRGB, as a UIColor from hex is, and is converted into a P3 frame as a
    /// photo of it is (found by review: --background red was written as P3's (255, 0, 0), a redder
    /// red than the red photo beside it). Checked against the test's own sRGB → P3 matrices too.
    @Test func optionColoursAreConvertedIntoADisplayP3Frame() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("p"), withIntermediateDirectories: true)
        try folder.write(
            try PNGEncoder.encode(RGBAImage(width: 64, height: 64, fill: (255, 0, 0, 255))), to: "p/red.png")
        let run = try CommandRunner.run(
            [
                "p", "--width", "300", "--height", "200", "--scale-factor", "0", "--background", "red",
                "--page-control", "--page-indicator-current", "#00ff00", "--color-space", "display-p3", "-o", "f.png",
            ], in: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        /// A frame's values as stored, unconverted.
        func stored(_ name: String) throws -> RGBAImage {
            try ImageDecoder.decode(
                [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file(name)))),
                options: DecodeOptions(colorSpace: nil)
            ).image
        }
        let frame = try stored("f.png")
        // The item's centre (the photo) and a corner (the background) are one red.
        let (photo, background) = (frame[150, 100], frame[2, 2])
        #expect(photo == background, "photo \(photo), background \(background)")
        let expected = ColorScience.displayP3(fromSRGB: RGBAImage(width: 1, height: 1, fill: (255, 0, 0, 255)))[0, 0]
        #expect(abs(Int(background.r) - Int(expected.r)) <= 1 && abs(Int(background.g) - Int(expected.g)) <= 1)
        #expect(background.r < 250 && background.g > 20, "\(background)")
        // The current page's dot, 20 pt above the bottom edge at the centre: green as P3 holds it.
        let dot = frame[150, 180]
        let green = ColorScience.displayP3(fromSRGB: RGBAImage(width: 1, height: 1, fill: (0, 255, 0, 255)))[0, 0]
        #expect(abs(Int(dot.r) - Int(green.r)) <= 1 && abs(Int(dot.g) - Int(green.g)) <= 1, "\(dot) against \(green)")
        // In a motion's frames too, whose plans carry the page control's colour (found by review: they
        // kept the sRGB value), and the same bytes as the still.
        let moved = try CommandRunner.run(
            [
                "animate", "p", "--width", "300", "--height", "200", "--scale-factor", "0", "--background", "red",
                "--page-control", "--page-indicator-current", "#00ff00", "--color-space", "display-p3", "--fling",
                "50", "--fps", "10", "--frames", "m-{index}.png",
            ], in: folder.path)
        #expect(moved.status == 0, "\(moved.stderr)")
        let first = try stored("m-0000.png")
        #expect(first[150, 180] == dot && first[2, 2] == background, "\(first[150, 180]), \(first[2, 2])")
    }

    @Test func aBadColourSpaceIsAUsageError() throws {
        let run = try CommandRunner.run(["--color-space", "adobe-rgb", "--count", "3"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--color-space"))
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason)) func heicAVIFAndWebPPhotosAreListedAndDrawn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Names that say nothing: formats are sniffed, never taken from the extension.
        try FileManager.default.createDirectory(atPath: folder.file("photos"), withIntermediateDirectories: true)
        try folder.write(try Corpus.bytes("heif/example.heic"), to: "photos/a.jpg")
        try folder.write(try Corpus.bytes("heif/example.avif"), to: "photos/b")
        let writer = try WebPAnimationWriter(size: PixelSize(width: 96, height: 64), fps: 10, loops: 0)
        try writer.append(ColorScience.colourfulImage())
        try folder.write(try writer.bytes(), to: "photos/c.png")
        let run = try CommandRunner.run(["--width", "375", "photos", "-o", "out.png", "--strict"], in: folder.path)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let json = try CommandRunner.run(["layout", "--layout", "grid", "--width", "375", "photos"], in: folder.path)
        #expect(json.output.components(separatedBy: "\"photo\": \"").count == 4, "\(json.output)")
    }

    @Test func anUnusableProfileIsAWarningAndUnderStrictAnError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var profile = ColorSpace.displayP3.iccProfile
        profile.replaceSubrange(0..<4, with: [0x06, 0x40, 0x00, 0x00])
        let png = try PNGEncoder.encode(ColorScience.colourfulImage())
        try folder.write(Self.tagged(png, name: "bad", profile: profile), to: "photo.png")
        let run = try CommandRunner.run(["--width", "375", "photo.png", "-o", "out.png"], in: folder.path)
        #expect(run.status == 0)
        #expect(
            run.stderr.contains(
                "photo.png: colour profile ignored, taken as sRGB: the profile declares 104857600 bytes"))
        let strict = try CommandRunner.run(
            ["--width", "375", "photo.png", "-o", "strict.png", "--strict"], in: folder.path)
        #expect(strict.status != 0)
        #expect(!FileManager.default.fileExists(atPath: folder.file("strict.png")))
    }

    @Test func diffWarnsWhenTheImagesCarryDifferentProfiles() throws {
        let folder = try Self.photos()
        defer { folder.remove() }
        let run = try CommandRunner.run(["diff", "srgb/photo.png", "p3/photo.png"], in: folder.path)
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "warning: srgb/photo.png carries no colour profile (sRGB) and p3/photo.png ICC profile \"Display P3\""))
        let same = try CommandRunner.run(["diff", "srgb/photo.png", "srgb/photo.png"], in: folder.path)
        #expect(same.stderr.isEmpty)
        // An sRGB profile is sRGB, whoever wrote it: no warning against an untagged sRGB file.
        let png = try PNGEncoder.encode(try ImageDecoder.decodeFile(atPath: folder.file("srgb/photo.png")).image)
        try folder.write(Self.tagged(png, name: "sRGB", profile: ColorSpace.srgb.iccProfile), to: "tagged.png")
        let tagged = try CommandRunner.run(["diff", "srgb/photo.png", "tagged.png"], in: folder.path)
        #expect(tagged.status == 0 && tagged.stderr.isEmpty, "\(tagged.stderr)")
        // Narrow range (cICP 1, 13, 0, 0) stores other values for the same colours: a mismatch.
        for (name, range) in [("full.png", UInt8(1)), ("narrow.png", 0)] {
            try folder.write(Array(png[0..<33]) + PNGCrafter.chunk("cICP", [1, 13, 0, range]) + png[33...], to: name)
        }
        #expect(try CommandRunner.run(["diff", "srgb/photo.png", "full.png"], in: folder.path).stderr.isEmpty)
        let narrow = try CommandRunner.run(["diff", "full.png", "narrow.png"], in: folder.path)
        #expect(narrow.stderr.contains("CICP primaries 1, transfer 13, narrow range"), "\(narrow.stderr)")
    }

    @Test func checkSaysWhenABaselineCarriesAnotherProfile() throws {
        // Baselines of the colourful photo recorded in sRGB; one re-rendered in Display P3: its failure
        // names both profiles.
        let folder = try Self.photos()
        defer { folder.remove() }
        let manifest = try folder.write(
            Array(
                #"{"defaults": {"width": 200, "height": 120, "photos": ["srgb/"]}, "scenes": [{"name": "rest", "offset": 0}, {"name": "other", "offset": 40}]}"#
                    .utf8), to: "manifest.json")
        let baseline = folder.file("baseline")
        #expect(try CommandRunner.run(["check", manifest, "--baseline", baseline, "--record"]).status == 0)
        let p3 = try CommandRunner.run([
            "--width", "200", "--height", "120", folder.file("srgb"), "--offset", "0", "--color-space", "display-p3",
            "-o", baseline + "/rest.png",
        ])
        #expect(p3.status == 0)
        let run = try CommandRunner.run(["check", manifest, "--baseline", baseline])
        #expect(run.status == 1)
        #expect(run.stderr.contains("FAIL rest.png"))
        #expect(
            run.stderr.contains(
                "the baseline carries ICC profile \"Display P3\" and the rendered frame no colour profile (sRGB)"),
            "\(run.stderr)")
        #expect(run.stderr.contains("1 passed, 1 failed") && !run.stderr.contains("gallery-render-check-"))
        // A baseline of another size says the same.
        let wider = try CommandRunner.run([
            "--width", "201", "--height", "120", folder.file("srgb"), "--offset", "40", "--color-space", "display-p3",
            "-o", baseline + "/other.png",
        ])
        #expect(wider.status == 0)
        let sized = try CommandRunner.run(["check", manifest, "--baseline", baseline])
        let line = sized.stderr.split(separator: "\n").first { $0.contains("FAIL other.png") } ?? ""
        #expect(line.contains("sizes differ") && line.contains("the baseline carries ICC profile"), "\(sized.stderr)")
        // An animated scene says the same of its first differing frame's files.
        let animated = try folder.write(
            Array(
                #"{"defaults": {"width": 200, "height": 120, "photos": ["srgb/"]}, "scenes": [{"name": "move", "offset": 0, "fling": 900, "fps": 10}]}"#
                    .utf8), to: "animated.json")
        #expect(try CommandRunner.run(["check", animated, "--baseline", baseline, "--record"]).status == 0)
        let moved = try CommandRunner.run([
            "animate", "--width", "200", "--height", "120", folder.file("srgb"), "--offset", "0", "--fling", "900",
            "--fps", "10", "--color-space", "display-p3", "-o", baseline + "/move.png",
        ])
        #expect(moved.status == 0, "\(moved.stderr)")
        let again = try CommandRunner.run(["check", animated, "--baseline", baseline])
        #expect(again.status == 1 && again.stderr.contains("the baseline carries ICC profile"), "\(again.stderr)")
    }
}
