import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

@Suite struct ImageDecoderTests {
    @Test func emptyFileIsEmpty() {
        #expect(throws: DecodeError.empty) { try ImageDecoder.decode([]) }
    }

    @Test func textNamedJPEGIsNotAnImage() {
        #expect(throws: DecodeError.unrecognizedFormat) { try ImageDecoder.decode(Array("hello, world\n".utf8)) }
    }

    @Test func formatComesFromMagicBytes() throws {
        let png = PNGCrafter.png(width: 1, height: 1, bitDepth: 8, colorType: 2, rows: [0, 1, 2, 3])
        #expect(ImageFormat(sniffing: png) == .png)
        #expect(ImageFormat(sniffing: [0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
        #expect(ImageFormat(sniffing: [0xFF, 0xD8]) == nil)
        #expect(try ImageDecoder.decode(png).format == .png)
    }

    @Test func missingFileIsUnreadable() {
        let missing = FileError(path: "/nonexistent/photo.jpg", operation: .read, cause: .system(errno: ENOENT))
        #expect(throws: DecodeError.unreadable(missing)) {
            try ImageDecoder.decodeFile(atPath: "/nonexistent/photo.jpg")
        }
        #expect(DecodeError.unreadable(missing).description == "cannot read file: No such file or directory")
    }

    @Test(arguments: 0..<64)
    func bitFlippedFilesNeverCrash(seed: Int) throws {
        // Random single-byte damage anywhere: a typed error, a warning, or pixels — never a crash.
        var generator = SplitMix(seed: UInt64(seed))
        let image = RGBAImage(
            width: 48, height: 32, pixels: (0..<48 * 32 * 4).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let sources = [try #require(JPEGEncoder.encode(image, exifOrientation: .right)), try PNGEncoder.encode(image)]
        for var bytes in sources {
            for _ in 0..<3 {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] ^= UInt8.random(
                    in: 1...255, using: &generator)
            }
            _ = try? ImageDecoder.decode(bytes)
            _ = try? ImageDecoder.decode(Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator))))
        }
    }
}
