import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// A JPEG whose data is damaged decodes to the same bytes on every CPU (found by review: with
/// coefficients no photo has, libjpeg-turbo's SIMD inverse DCTs gave 14 pixels of a block other
/// values than its C ones, which GALLERY_RENDER_SIMD=none runs).
@Suite struct DamagedJPEGTests {
    /// A 64 × 64 photo of noise (a fixed generator), at quality 20: large quantisation steps, so a
    /// damaged coefficient dequantises far out of a photo's range.
    static func noise() throws -> [UInt8] {
        var image = RGBAImage(width: 64, height: 64, fill: (0, 0, 0, 255))
        var state: UInt32 = 12345
        for index in 0..<64 * 64 {
            for channel in 0..<3 {
                state = state &* 1_103_515_245 &+ 12345
                image.pixels[index * 4 + channel] = UInt8(truncatingIfNeeded: state >> 16)
            }
        }
        return try #require(JPEGEncoder.encode(image, quality: 20))
    }

    /// Bit 0 of byte 624 flipped: libjpeg warns ("44 extraneous bytes before marker 0xd9") and,
    /// before the shim decoded a warned file again with libjpeg's C transforms, the two levels
    /// gave different frames.
    @Test func aWarnedDamagedJPEGIsTheSameBytesAtEverySIMDLevel() throws {
        var bytes = try Self.noise()
        try #require(bytes.count > 624)
        bytes[624] ^= 1
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let photo = try folder.write(bytes, to: "damaged.jpg")
        var frames: [[UInt8]] = []
        for level in ["", "none"] {
            let out = folder.file("out-\(level).png")
            let run = try CommandRunner.run(
                [
                    photo, "--layout", "grid", "--columns", "1", "--width", "64", "--height", "64", "--item-size", "64",
                    "-o", out,
                ], environment: ["GALLERY_RENDER_SIMD": level])
            #expect(run.status == 0 && run.stderr.contains("Corrupt JPEG data"), "\(level): \(run.stderr)")
            frames.append(try ImageDecoder.readBytes(atPath: out))
        }
        #expect(frames[0] == frames[1])
    }
}
