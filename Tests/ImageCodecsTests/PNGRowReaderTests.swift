import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// The fast reader on files, row by row: 256 KiB pieces, chunks that straddle them, and files that
/// end early or shrink while being read.
@Suite struct PNGRowReaderTests {
    /// 700 × 400 RGB noise (stored deflate blocks, so ~840 KB) with a 300 KB text chunk before the
    /// image data and IDAT chunks of 9,973 bytes: chunk headers, CRCs and the zlib stream all cross
    /// the reader's 256 KiB pieces.
    static let large: (png: [UInt8], width: Int, height: Int) = {
        var random = SplitMix(seed: 21)
        let (width, height) = (700, 400)
        var rows: [UInt8] = []
        for y in 0..<height {
            rows.append(UInt8(y % 5))  // every filter type
            for _ in 0..<width * 3 { rows.append(UInt8.random(in: 0...255, using: &random)) }
        }
        let stream = PNGCrafter.zlibStored(rows)
        let idats = stride(from: 0, to: stream.count, by: 9973).flatMap {
            PNGCrafter.chunk("IDAT", Array(stream[$0..<min($0 + 9973, stream.count)]))
        }
        let text = PNGCrafter.chunk("tEXt", Array("Comment\u{0}".utf8) + [UInt8](repeating: 65, count: 300_000))
        let png =
            PNGCrafter.signature + PNGCrafter.ihdr(width: UInt32(width), height: UInt32(height)) + text + idats
            + PNGCrafter.chunk("IEND", [])
        return (png, width, height)
    }()

    /// Every row the reader gives, or nil from the first row it gives up on.
    static func rows(_ reader: PNGRowReader) -> [UInt8]? {
        var pixels = [UInt8](repeating: 0, count: reader.width * reader.height * 4)
        let rowBytes = reader.width * 4
        let ok = pixels.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            for y in 0..<reader.height {
                let above = y > 0 ? UnsafePointer(base + (y - 1) * rowBytes) : nil
                guard reader.next(into: base + y * rowBytes, above: above) else { return false }
            }
            return true
        }
        return ok ? pixels : nil
    }

    @Test func readsAFileInPiecesLikeLibpng() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write(Self.large.png, to: "large.png")
        let reader = try #require(PNGRowReader(file: RegularFile(path: path)))
        #expect(reader.width == Self.large.width && reader.height == Self.large.height)
        let reference = try PNGDecoder.decode(Self.large.png, reader: .libpng).image.pixels
        #expect(Self.rows(reader) == reference)
        // No rows are left, and asking again fails rather than reading on.
        var spare = [UInt8](repeating: 0, count: Self.large.width * 4)
        #expect(!reader.next(into: &spare, above: nil))
    }

    @Test(arguments: [8, 33, 200_000, 300_100, 600_000, 1_100_000])
    func aFileCutShortIsGivenUpOn(length: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cut = Array(Self.large.png.prefix(length))
        let path = try folder.write(cut, to: "cut.png")
        if let reader = PNGRowReader(file: try RegularFile(path: path)) {
            #expect(Self.rows(reader) == nil)
        }
        // Declined up front or given up on, the file is libpng's, which refuses it.
        #expect(throws: PNGDecoderTests.truncated) { try PNGDecoder.decode(cut) }
    }

    /// A Huffman-coded stream (libdeflate's) in IDAT chunks of 2 to 7 bytes, read from a file of
    /// several 256 KiB pieces: block headers, codes and the Adler-32 are split every which way.
    @Test func readsAHuffmanStreamInTinyChunksLikeLibpng() throws {
        var random = SplitMix(seed: 4)
        var image = RGBAImage(width: 600, height: 400, fill: (0, 0, 0, 255))
        for y in 0..<400 {
            for x in 0..<600 {
                let v = UInt8(truncatingIfNeeded: x ^ y) &+ UInt8.random(in: 0...40, using: &random)
                image[x, y] = (v, UInt8.random(in: 0...255, using: &random), 255 &- v, 255)
            }
        }
        let encoded = try PNGEncoder.encode(image, compression: .matches)
        // The zlib stream: the IDAT data of the encoder's file, in order.
        var stream: [UInt8] = []
        var at = 8
        while at + 8 <= encoded.count {
            let length = encoded[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            if encoded[at + 4..<at + 8].elementsEqual("IDAT".utf8) { stream += encoded[at + 8..<at + 8 + length] }
            at += 12 + length
        }
        var idats: [UInt8] = []
        var start = 0
        while start < stream.count {
            let end = min(stream.count, start + Int.random(in: 2...7, using: &random))
            idats += PNGCrafter.chunk("IDAT", Array(stream[start..<end]))
            start = end
        }
        let png = PNGCrafter.signature + PNGCrafter.ihdr(width: 600, height: 400) + idats + PNGCrafter.chunk("IEND", [])
        #expect(png.count > 3 * 256 * 1024)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let reader = try #require(PNGRowReader(file: RegularFile(path: folder.write(png, to: "tiny.png"))))
        #expect(Self.rows(reader) == image.pixels)
    }

    @Test func aFileThatShrinksWhileReadIsGivenUpOn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write(Self.large.png, to: "shrinking.png")
        let reader = try #require(PNGRowReader(file: RegularFile(path: path)))
        try folder.write(Array(Self.large.png.prefix(500_000)), to: "shrinking.png")  // truncates in place
        #expect(Self.rows(reader) == nil)
    }
}
