import Foundation
import GalleryCore
import ImageCodecs
@testable import Raster
import TestSupport
import Testing

@Suite struct ResamplerTests {
    /// Resamples `image` to exactly `width`×`height` and quantises (straight alpha) like the canvas does.
    static func resize(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        let placement = PixelRect(x: 0, y: 0, width: Double(width), height: Double(height))
        // 1 MiB at most here: memory that cannot be had fails the test.
        let pixels =
            (try? Resampler().resample(image, placement: placement, columns: 0..<width, rows: 0..<height)) ?? []
        var canvas = WholeCanvas(width: width, height: height, background: .transparent)
        canvas.pixels = pixels
        return canvas.image()
    }

    @Test(arguments: [(1.0, 0.0), (0.13, 0.37), (0.5, 0.25), (2.7, 0.5), (0.031, 0.9)])
    func constantImagesStayExactlyConstant(scale: Double, shift: Double) throws {
        for color in [(37, 150, 220, 255), (255, 255, 255, 255), (200, 10, 90, 128)] as [(UInt8, UInt8, UInt8, UInt8)] {
            let image = RGBAImage(width: 97, height: 61, fill: (color.0, color.1, color.2, color.3))
            let placement = PixelRect(x: shift, y: shift, width: 97 * scale, height: 61 * scale)
            let w = max(1, Int(97 * scale) - 1), h = max(1, Int(61 * scale) - 1)
            let pixels = try Resampler().resample(image, placement: placement, columns: 0..<w, rows: 0..<h)
            var canvas = WholeCanvas(width: w, height: h, background: .transparent)
            canvas.pixels = pixels
            let out = canvas.image()
            for y in 0..<h {
                for x in 0..<w {
                    let p = out[x, y]
                    #expect(p == (color.0, color.1, color.2, color.3), "pixel (\(x), \(y))")
                    if p != (color.0, color.1, color.2, color.3) { return }
                }
            }
        }
    }

    @Test func transparentPixelsDoNotBleedTheirColour() {
        // Left half opaque red, right half transparent *green*: premultiplied maths must not tint the edge green.
        var image = RGBAImage(width: 64, height: 8, fill: (0, 255, 0, 0))
        for y in 0..<8 {
            for x in 0..<32 {
                image.pixels.replaceSubrange(((y * 64 + x) * 4)..<((y * 64 + x) * 4 + 4), with: [255, 0, 0, 255])
            }
        }
        let small = Self.resize(image, width: 16, height: 2)
        for x in 0..<16 where small[x, 0].a > 8 {
            #expect(small[x, 0].g <= 3, "column \(x): \(small[x, 0])")
        }
    }

    /// A zone plate: cos(k·r²), the classic aliasing torture test.
    static func zonePlate(size: Int) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: size * size * 4)
        let k = Double.pi / Double(size)
        for y in 0..<size {
            for x in 0..<size {
                let dx = Double(x - size / 2), dy = Double(y - size / 2)
                let v = UInt8((127.5 + 127.5 * cos(k * (dx * dx + dy * dy))).rounded())
                pixels[(y * size + x) * 4] = v
                pixels[(y * size + x) * 4 + 1] = v
                pixels[(y * size + x) * 4 + 2] = v
            }
        }
        return RGBAImage(width: size, height: size, pixels: pixels)
    }

    @Test func zonePlateThumbnailMatchesFullResolutionLanczos() throws {
        // The pipeline's path: JPEG decoded at a reduced DCT scale, then our filter — against an
        // independent Double-precision Lanczos-3 of the full-resolution decode.
        let plate = Self.zonePlate(size: 1024)
        let jpeg = try #require(JPEGEncoder.encode(plate, quality: 95))
        let full = try JPEGDecoder.decode(jpeg).image
        let reference = ReferenceResize.lanczos3(full, width: 120, height: 120)
        let reduced = try JPEGDecoder.decode(
            jpeg, options: DecodeOptions(targetSize: PixelSize(width: 120, height: 120)))
        #expect(reduced.scaleEighths == 2)  // 256 px: the smallest scale leaving ≥ 2×
        let thumbnail = Self.resize(reduced.image, width: 120, height: 120)
        let psnr = PixelMath.psnr(thumbnail, reference)
        #expect(psnr >= 30, "PSNR \(psnr) dB")
        // The test can fail: point sampling the same decode aliases badly.
        let pointSampled = RGBAImage(
            width: 120, height: 120,
            pixels: (0..<120 * 120).flatMap { i -> [UInt8] in
                let x = (i % 120) * reduced.image.width / 120, y = (i / 120) * reduced.image.height / 120
                let p = reduced.image[x, y]
                return [p.r, p.g, p.b, p.a]
            })
        #expect(PixelMath.psnr(pointSampled, reference) < 25)
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
    func photoThumbnailMatchesFullResolutionLanczos() throws {
        let photo = try ImageDecoder.decodeFile(atPath: Corpus.path("photos/kodim23.png")).image
        let jpeg = try #require(JPEGEncoder.encode(photo, quality: 92))
        let reference = ReferenceResize.lanczos3(try JPEGDecoder.decode(jpeg).image, width: 150, height: 100)
        let reduced = try JPEGDecoder.decode(
            jpeg, options: DecodeOptions(targetSize: PixelSize(width: 150, height: 100)))
        #expect(reduced.scaleEighths == 4)  // 384×256
        let psnr = PixelMath.psnr(Self.resize(reduced.image, width: 150, height: 100), reference)
        #expect(psnr >= 30, "PSNR \(psnr) dB")
    }
}
