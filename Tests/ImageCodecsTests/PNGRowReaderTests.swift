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
        let path = try folder.write(Array(Self.large.png.prefix(length)), to: "cut.png")
        guard let reader = PNGRowReader(file: try RegularFile(path: path)) else { return }  // declined up front
        #expect(Self.rows(reader) == nil)
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
