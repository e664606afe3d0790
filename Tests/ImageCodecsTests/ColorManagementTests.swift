import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// Photos are converted from their embedded colour into the frame's space with Little CMS. The
/// expectations come from `ColorScience`: the matrices and curves written out, not Little CMS.
@Suite struct ColorManagementTests {
    static let original = ColorScience.colourfulImage()
    /// The same colours as Display P3 values.
    static let p3Values = ColorScience.displayP3(fromSRGB: original)

    static func decode(_ bytes: [UInt8], _ space: ColorSpace? = .srgb) throws -> DecodedImage {
        try ImageDecoder.decode(bytes, options: DecodeOptions(colorSpace: space))
    }

    /// A JPEG with `profile` in APP2 ICC_PROFILE segments of at most `segment` bytes each, in `order`.
    static func jpeg(_ image: RGBAImage, profile: [UInt8], segment: Int = 65_519, order: [Int]? = nil) throws
        -> [UInt8]
    {
        let plain = try #require(JPEGEncoder.encode(image, quality: 100))
        let pieces = stride(from: 0, to: profile.count, by: segment).map {
            Array(profile[$0..<min($0 + segment, profile.count)])
        }
        var segments: [UInt8] = []
        for index in order ?? Array(pieces.indices) {
            let payload = Array("ICC_PROFILE".utf8) + [0, UInt8(index + 1), UInt8(pieces.count)] + pieces[index]
            segments += [0xFF, 0xE2, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        return Array(plain[0..<2]) + segments + plain[2...]
    }

    @Test func aDisplayP3PNGIsConvertedToItsSRGBColours() throws {
        let tagged = try PNGEncoder.encode(Self.p3Values, colorSpace: .displayP3)
        let converted = try Self.decode(tagged)
        let error = ColorScience.meanDeltaE2000(converted.image, Self.original)
        #expect(error <= 1, "mean ΔE00 \(error)")
        // Without its profile the same values are visibly off: the test can fail.
        let untagged = try Self.decode(try PNGEncoder.encode(Self.p3Values))
        let off = ColorScience.meanDeltaE2000(untagged.image, Self.original)
        #expect(off > 2, "mean ΔE00 \(off) untagged")
        #expect(converted.color == .icc(ColorSpace.displayP3.iccProfile))
    }

    @Test func aDisplayP3JPEGIsConvertedWhateverOrderItsSegmentsComeIn() throws {
        let profile = ColorSpace.displayP3.iccProfile
        let inOrder = try Self.decode(try Self.jpeg(Self.p3Values, profile: profile, segment: 100))
        let shuffled = try Self.decode(
            try Self.jpeg(
                Self.p3Values, profile: profile, segment: 100, order: Array((0..<(profile.count + 99) / 100).reversed())
            ))
        #expect(shuffled.image == inOrder.image)
        let error = ColorScience.meanDeltaE2000(inOrder.image, Self.original)
        #expect(error <= 1, "mean ΔE00 \(error)")
    }

    @Test func aDisplayP3FrameKeepsP3Values() throws {
        let tagged = try PNGEncoder.encode(Self.p3Values, colorSpace: .displayP3)
        let kept = try Self.decode(tagged, .displayP3)
        #expect(kept.image == Self.p3Values)
        let fromSRGB = try Self.decode(try PNGEncoder.encode(Self.original), .displayP3)
        var maxDifference = 0
        for (a, b) in zip(fromSRGB.image.pixels, Self.p3Values.pixels) {
            maxDifference = max(maxDifference, abs(Int(a) - Int(b)))
        }
        #expect(maxDifference <= 1, "sRGB → P3 against the matrices: \(maxDifference)")
    }

    @Test func alphaIsKeptAndEveryPixelCountIsConverted() throws {
        // Odd pixel counts run the vector loop's scalar tail; alpha must come through untouched.
        for width in [1, 7, 8, 9, 33] {
            var p3 = ColorScience.displayP3(fromSRGB: ColorScience.colourfulImage(width: width, height: 3))
            for i in stride(from: 3, to: p3.pixels.count, by: 4) { p3.pixels[i] = UInt8(i * 7 % 256) }
            let tagged = try PNGEncoder.encode(p3, colorSpace: .displayP3)
            let converted = try Self.decode(tagged).image
            #expect(stride(from: 3, to: p3.pixels.count, by: 4).allSatisfy { converted.pixels[$0] == p3.pixels[$0] })
            let original = ColorScience.colourfulImage(width: width, height: 3)
            var worst = 0
            for i in p3.pixels.indices where i % 4 != 3 {
                worst = max(worst, abs(Int(converted.pixels[i]) - Int(original.pixels[i])))
            }
            #expect(worst <= 3, "width \(width): \(worst)")
        }
    }

    static let cmykProfile = "/usr/share/color/icc/ghostscript/default_cmyk.icc"
    static let pillowCMS =
        FileManager.default.fileExists(atPath: cmykProfile)
        && Python.imports("PIL.ImageCms")

    @Test(.enabled(if: pillowCMS, "needs Pillow's ImageCms and Ghostscript's CMYK profile (libgs-common)"))
    func aCMYKJPEGIsConvertedThroughItsProfile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // Pillow separates the photo into CMYK with the profile, writes an Adobe (inverted) CMYK JPEG
        // carrying it, and converts that JPEG back to sRGB with its own libjpeg and Little CMS: the
        // reference.
        try folder.write(try PNGEncoder.encode(Self.original), to: "source.png")
        let script = """
            from PIL import Image, ImageCms
            profile = ImageCms.getOpenProfile('\(Self.cmykProfile)')
            srgb = ImageCms.createProfile('sRGB')
            cmyk = ImageCms.applyTransform(Image.open('source.png').convert('RGB'),
                ImageCms.buildTransform(srgb, profile, 'RGB', 'CMYK', renderingIntent=1))
            cmyk.save('cmyk.jpg', quality=95, icc_profile=open('\(Self.cmykProfile)', 'rb').read())
            back = ImageCms.applyTransform(Image.open('cmyk.jpg'),
                ImageCms.buildTransform(profile, srgb, 'CMYK', 'RGB', renderingIntent=1))
            back.convert('RGBA').save('reference.png')
            """
        let run = try Python.run(["-c", script], in: folder.path)
        try #require(run.status == 0, "\(run.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("cmyk.jpg"))))
        let converted = try Self.decode(bytes)
        #expect(converted.warnings.isEmpty, "\(converted.warnings)")
        let reference = try ImageDecoder.decodeFile(atPath: folder.file("reference.png")).image
        var worst = 0
        for (a, b) in zip(converted.image.pixels, reference.pixels) { worst = max(worst, abs(Int(a) - Int(b))) }
        // Little CMS both, but Pillow's precalculated 8-bit CMYK pipeline against ours: within 3.
        #expect(worst <= 3, "largest difference \(worst)")
        // Without the profile (the ink multiplied out) the colours are visibly off.
        let naive = try Self.decode(bytes, nil).image
        let off = ColorScience.meanDeltaE2000(naive, reference)
        #expect(off > 3, "mean ΔE00 \(off) without the profile")
    }

    @Test func aGrayProfileOnAColourPhotoIsIgnoredWithAWarning() throws {
        // A gray profile (Little CMS's, through Pillow's sGray if present, else made here) on RGB
        // pixels would turn the photo gray: it is refused, and the colours kept.
        var gray = ColorSpace.srgb.iccProfile
        gray.replaceSubrange(16..<20, with: Array("GRAY".utf8))
        let decoded = try Self.decode(try Self.jpeg(Self.original, profile: gray))
        #expect(decoded.warnings.contains { $0.contains("a gray profile on colour pixels") }, "\(decoded.warnings)")
        #expect(decoded.image == (try Self.decode(try Self.jpeg(Self.original, profile: gray), nil)).image)
    }

    @Test(.enabled(if: pillowCMS, "needs Pillow to write a CMYK JPEG"))
    func anRGBProfileOnACMYKJPEGIsIgnoredWithAWarning() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(try PNGEncoder.encode(Self.original), to: "source.png")
        try folder.write(ColorSpace.displayP3.iccProfile, to: "p3.icc")
        let script = """
            from PIL import Image
            Image.open('source.png').convert('CMYK').save('cmyk.jpg', quality=95, icc_profile=open('p3.icc', 'rb').read())
            """
        let run = try Python.run(["-c", script], in: folder.path)
        try #require(run.status == 0, "\(run.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("cmyk.jpg"))))
        let decoded = try Self.decode(bytes)
        #expect(decoded.warnings.contains { $0.contains("on a CMYK JPEG") }, "\(decoded.warnings)")
        // The ink multiplied out, as without any profile.
        #expect(decoded.image == (try Self.decode(bytes, nil)).image)
    }

    @Test func anSRGBProfileChangesNothing() throws {
        let bytes = try Self.jpeg(Self.original, profile: ColorSpace.srgb.iccProfile)
        let converted = try Self.decode(bytes)
        let stored = try Self.decode(bytes, nil)
        #expect(converted.image == stored.image)
        #expect(converted.warnings.isEmpty)
    }

    @Test func decodesWithoutAColourSpaceKeepTheStoredValues() throws {
        let tagged = try PNGEncoder.encode(Self.p3Values, colorSpace: .displayP3)
        #expect(try Self.decode(tagged, nil).image == Self.p3Values)
    }

    @Test func anUnusableProfileIsAWarningAndThePhotoIsTakenAsSRGB() throws {
        var broken = ColorSpace.displayP3.iccProfile
        // The tag table's first entry points far outside the profile.
        broken.replaceSubrange(136..<140, with: [0x7F, 0xFF, 0xFF, 0x00])
        var claim = ColorSpace.displayP3.iccProfile
        claim.replaceSubrange(0..<4, with: [0x06, 0x40, 0x00, 0x00])  // declares 100 MiB
        for profile in [
            broken, claim, Array(repeating: 0x41, count: 300), Array(ColorSpace.displayP3.iccProfile.prefix(140)),
        ] {
            let decoded = try Self.decode(try Self.jpeg(Self.p3Values, profile: profile))
            #expect(
                decoded.warnings.contains { $0.hasPrefix("colour profile ignored, taken as sRGB: ") },
                "\(decoded.warnings)")
            #expect(decoded.image == (try Self.decode(try Self.jpeg(Self.p3Values, profile: profile), nil)).image)
        }
    }

    @Test func missingOrRepeatedSegmentsAreAWarning() throws {
        let profile = ColorSpace.displayP3.iccProfile
        let missing = try Self.jpeg(Self.p3Values, profile: profile, segment: 100, order: [0, 1, 3])
        let repeated = try Self.jpeg(Self.p3Values, profile: profile, segment: 100, order: [0, 0, 1])
        for bytes in [missing, repeated] {
            #expect(try Self.decode(bytes).warnings.contains { $0.contains("ICC_PROFILE segments") })
        }
    }

    @Test func aPNGsCICPChunkComesBeforeItsProfile() throws {
        // cICP (12, 13): Display P3, in a PNG with no profile.
        let png = try PNGEncoder.encode(Self.p3Values)
        let cicp = PNGCrafter.chunk("cICP", [12, 13, 0, 1])
        let bytes = Array(png[0..<33]) + cicp + png[33...]
        let converted = try Self.decode(bytes)
        #expect(ColorScience.meanDeltaE2000(converted.image, Self.original) <= 1)
    }

    @Test func aNarrowRangeCICPIsWidenedBeforeConverting() throws {
        // cICP (1, 13, 0, 0): sRGB stored as 16…235 (ITU-T H.273 narrow range); each value v becomes
        // round((v − 16)·255/219), clamped: 16 → 0, 235 → 255, 126 → 128.08 → 128, 100 → 97.8 → 98,
        // 0 → 0 and 255 → 255. Alpha is not a colour value and stays.
        let stored = RGBAImage(
            width: 4, height: 1, pixels: [16, 16, 16, 255, 235, 235, 235, 255, 126, 16, 235, 128, 0, 255, 100, 255])
        let png = try PNGEncoder.encode(stored)
        let narrow = try Self.decode(Array(png[0..<33]) + PNGCrafter.chunk("cICP", [1, 13, 0, 0]) + png[33...])
        #expect(narrow.image.pixels == [0, 0, 0, 255, 255, 255, 255, 255, 128, 0, 255, 128, 0, 255, 98, 255])
        #expect(narrow.warnings.isEmpty)
        // Full range is sRGB as stored; a matrix other than 0 cannot describe RGB pixels: a warning.
        let full = try Self.decode(Array(png[0..<33]) + PNGCrafter.chunk("cICP", [1, 13, 0, 1]) + png[33...])
        #expect(full.image == stored)
        let matrix = try Self.decode(Array(png[0..<33]) + PNGCrafter.chunk("cICP", [1, 13, 1, 1]) + png[33...])
        #expect(matrix.image == stored)
        #expect(matrix.warnings.contains { $0.contains("matrix coefficients 1, where RGB needs 0") })
        // A cICP chunk of another length is not read as one: a warning, not sRGB taken silently.
        let short = try Self.decode(Array(png[0..<33]) + PNGCrafter.chunk("cICP", [12, 13, 0]) + png[33...])
        #expect(short.image == stored && short.warnings.contains { $0.contains("its cICP chunk has 3 bytes, not 4") })
        let flag = try Self.decode(Array(png[0..<33]) + PNGCrafter.chunk("cICP", [1, 13, 0, 2]) + png[33...])
        #expect(flag.warnings.contains { $0.contains("full-range flag is 2, where 0 or 1") })
    }

    @Test func gAMAAndCHRMAloneAreNotApplied() throws {
        let png = try PNGEncoder.encode(Self.original)
        let gama = PNGCrafter.chunk("gAMA", PNGCrafter.be32(100_000))
        let decoded = try Self.decode(Array(png[0..<33]) + gama + png[33...])
        #expect(decoded.image == Self.original)
        #expect(decoded.color == .untagged)
    }

    @Test func aSixteenBitPNGWithAProfileIsConverted() throws {
        var rows: [UInt8] = []
        for y in 0..<Self.p3Values.height {
            rows.append(0)
            for x in 0..<Self.p3Values.width {
                for c in 0..<3 {
                    let v = Self.p3Values.pixels[(y * Self.p3Values.width + x) * 4 + c]
                    rows += [v, v]  // v·257: the 16-bit value that reduces to v
                }
            }
        }
        let png = PNGCrafter.png(
            width: UInt32(Self.p3Values.width), height: UInt32(Self.p3Values.height), bitDepth: 16, colorType: 2,
            rows: rows)
        let converted = try Self.decode(Array(png[0..<33]) + PNGColorTag.chunk(for: .displayP3) + png[33...])
        #expect(ColorScience.meanDeltaE2000(converted.image, Self.original) <= 1)
    }
}
