import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// WebP through libwebp, held to libwebp's own decoder (dwebp) on files made by its encoder (cwebp).
@Suite(.timeLimit(.minutes(1))) struct WebPDecoderTests {
    static let tools = ExternalTool.available("cwebp", "dwebp")
    static let toolsReason: Comment = "needs cwebp and dwebp (Debian's webp)"

    /// A photo with a soft alpha ramp across it.
    static let translucent: RGBAImage = {
        var image = ColorScience.colourfulImage()
        for i in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[i] = UInt8((i / 4) % 96 * 255 / 95) }
        return image
    }()

    /// cwebp's WebP of `png` with `arguments`, and dwebp's PNG of it decoded as stored.
    static func encode(_ png: [UInt8], _ arguments: [String]) throws -> (webp: [UInt8], reference: RGBAImage) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = try folder.write(png, to: "source.png")
        try ExternalTool.run("cwebp", ["-quiet"] + arguments + [source, "-o", folder.file("photo.webp")])
        try ExternalTool.run("dwebp", ["-quiet", folder.file("photo.webp"), "-o", folder.file("reference.png")])
        let webp = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file("photo.webp"))))
        return (webp, try ImageDecoder.decodeFile(atPath: folder.file("reference.png")).image)
    }

    @Test(
        .enabled(if: tools, toolsReason),
        arguments: [["-q", "80"], ["-lossless", "-exact"], ["-q", "60", "-alpha_q", "50"]])
    func decodesAsDwebpDoes(_ arguments: [String]) throws {
        let (webp, reference) = try Self.encode(try PNGEncoder.encode(Self.translucent), arguments)
        let decoded = try ImageDecoder.decode(webp)
        #expect(decoded.format == .webp)
        // The same library, the same upsampling: the same pixels (dwebp's PNG keeps alpha).
        #expect(decoded.image == reference)
        if arguments.contains("-exact") { #expect(decoded.image == Self.translucent) }
    }

    @Test(.enabled(if: tools, toolsReason)) func anICCPChunkIsApplied() throws {
        let p3 = ColorScience.displayP3(fromSRGB: ColorScience.colourfulImage())
        let png = try PNGEncoder.encode(p3, colorSpace: .displayP3)
        let (webp, _) = try Self.encode(png, ["-lossless", "-metadata", "icc"])
        let converted = try ImageDecoder.decode(webp, options: DecodeOptions(colorSpace: .srgb))
        #expect(converted.color == .icc(ColorSpace.displayP3.iccProfile))
        let error = ColorScience.meanDeltaE2000(converted.image, ColorScience.colourfulImage())
        #expect(error <= 1, "mean ΔE00 \(error)")
    }

    @Test func anAnimationGivesItsFirstFrame() throws {
        let size = PixelSize(width: 96, height: 64)
        let writer = try WebPAnimationWriter(size: size, fps: 10, loops: 0)
        var second = ColorScience.colourfulImage()
        for i in stride(from: 0, to: second.pixels.count, by: 4) { second.pixels[i] = 0 }
        try writer.append(ColorScience.colourfulImage())
        try writer.append(second)
        let decoded = try ImageDecoder.decode(try writer.bytes())
        #expect(decoded.image == ColorScience.colourfulImage())
    }

    @Test(.enabled(if: tools, toolsReason)) func exifOrientationIsHonouredInWebPAndPNG() throws {
        // 6 (turn 90° clockwise): the stored 96×64 image is shown 64×96, its left column on top.
        let exif = Array(JPEGEncoder.exifSegment(orientation: .right, bigEndian: true).dropFirst(6))
        let image = ColorScience.colourfulImage()
        let png = try PNGEncoder.encode(image)
        let tagged = Array(png[0..<33]) + PNGCrafter.chunk("eXIf", exif) + png[33...]
        let upright = try #require(EXIFOrientation.right.apply(to: image))
        #expect(try ImageDecoder.decode(tagged).image == upright)
        let (webp, _) = try Self.encode(png, ["-lossless", "-exact"])
        // A VP8X file with an EXIF chunk, assembled by hand: VP8X (EXIF flag), the image, EXIF.
        let image8 = Array(webp[12...])
        let vp8x: [UInt8] = Array("VP8X".utf8) + [10, 0, 0, 0, 0x08, 0, 0, 0] + [95, 0, 0, 63, 0, 0]
        let chunk =
            Array("EXIF".utf8) + [UInt8(exif.count & 0xFF), UInt8(exif.count >> 8), 0, 0] + exif
            + (exif.count % 2 == 1 ? [0] : [])
        let body = Array("WEBP".utf8) + vp8x + image8 + chunk
        let riff = Array("RIFF".utf8) + (0..<4).map { UInt8((body.count >> (8 * $0)) & 0xFF) } + body
        #expect(try ImageDecoder.decode(riff).image == upright)
    }

    /// A lossless WebP header declaring `width` × `height`, with no image data after it.
    static func declaring(width: UInt32, height: UInt32) -> [UInt8] {
        let bits = (width - 1) | (height - 1) << 14
        let payload: [UInt8] = [0x2F] + (0..<4).map { UInt8((bits >> (8 * $0)) & 0xFF) } + [0, 0, 0]
        let chunk = Array("VP8L".utf8) + [UInt8(payload.count), 0, 0, 0] + payload
        let size = UInt32(4 + chunk.count)
        return Array("RIFF".utf8) + (0..<4).map { UInt8((size >> (8 * $0)) & 0xFF) } + Array("WEBP".utf8) + chunk
    }

    @Test func hostileWebPsAreRefused() throws {
        var refusal: DecodeError?
        do throws(DecodeError) { _ = try ImageDecoder.decode(Self.declaring(width: 16383, height: 16383)) } catch {
            refusal = error
        }
        #expect(refusal == .overBudget(width: 16383, height: 16383, budget: .standard))
        // Within the budget but with no data: libwebp's reason.
        let empty = Self.declaring(width: 4000, height: 3000)
        #expect((try? ImageDecoder.decode(empty)) == nil)
        let writer = try WebPAnimationWriter(size: PixelSize(width: 96, height: 64), fps: 10, loops: 0)
        try writer.append(ColorScience.colourfulImage())
        let sample = try writer.bytes()
        for length in [12, 20, 30, sample.count / 2, sample.count - 1] {
            #expect((try? ImageDecoder.decode(Array(sample.prefix(length)))) == nil, "cut at \(length)")
        }
        var random = SplitMix(seed: 7)
        for _ in 0..<200 {
            var flipped = sample
            flipped[Int.random(in: 0..<flipped.count, using: &random)] ^= UInt8(
                1 << Int.random(in: 0..<8, using: &random))
            _ = try? ImageDecoder.decode(flipped)
        }
    }
}
