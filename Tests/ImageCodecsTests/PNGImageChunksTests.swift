import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// A PNG longer than its pixels need (an APNG's later frames, big text chunks) is read as far as its
/// image goes, and decodes exactly as the whole file does (review of issue 21's read limit).
@Suite struct PNGImageChunksTests {
    @Test func bigChunksBeforeAndAfterTheImageDataAreNotRead() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var random = SplitMix(seed: 21)
        let image = RGBAImage(
            width: 100, height: 100, pixels: (0..<40_000).map { _ in UInt8.random(in: 0...255, using: &random) })
        let png = try PNGEncoder.encode(image)
        // 17 MiB of text before IDAT and 17 MiB of "frames" after it: the bound for 100² is 16.2 MiB.
        let text = PNGCrafter.chunk("tEXt", Array("big\0".utf8) + [UInt8](repeating: 0x78, count: 17 << 20))
        let later = PNGCrafter.chunk("fdAT", [UInt8](repeating: 7, count: 17 << 20))
        let ihdrEnd = 8 + 25
        let iend = png.count - 12
        let long = Array(png[0..<ihdrEnd]) + text + Array(png[ihdrEnd..<iend]) + later + Array(png[iend...])
        let path = try folder.write(long, to: "long.png")
        let read = try ImageDecoder.readPhoto(atPath: path)
        // Signature, IHDR, the image data and IEND: what the plain PNG holds.
        #expect(read == png)
        #expect(try ImageDecoder.decodeFile(atPath: path).image == image)
        #expect(try ImageDecoder.decode(ImageDecoder.readBytes(atPath: path)).image == image)
    }
}
