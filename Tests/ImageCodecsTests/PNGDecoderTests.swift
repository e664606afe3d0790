import GalleryCore
import CPNG
import CPNGRead
import ImageCodecs
import TestSupport
import Testing

@Suite struct PNGDecoderTests {
    /// Three rows of two pixels, one per filter type (None, Sub, Up, Average, Paeth) over 3 rows, for
    /// `channels` samples a pixel.
    static func filteredRows(channels: Int, filters: [UInt8]) -> [UInt8] {
        var rows: [UInt8] = []
        for (row, filter) in filters.enumerated() {
            rows.append(filter)
            for sample in 0..<2 * channels { rows.append(UInt8(truncatingIfNeeded: 37 * row + 11 * sample + 200)) }
        }
        return rows
    }

    static func png(
        colorType: UInt8, rows: [UInt8], height: UInt32, width: UInt32 = 2, split: Int = 1, extra: [UInt8] = []
    ) -> [UInt8] {
        let stream = PNGCrafter.zlibStored(rows)
        let size = (stream.count + split - 1) / split
        let idats = stride(from: 0, to: stream.count, by: size).flatMap {
            PNGCrafter.chunk("IDAT", Array(stream[$0..<min($0 + size, stream.count)]))
        }
        return PNGCrafter.signature
            + PNGCrafter.chunk("IHDR", PNGCrafter.be32(width) + PNGCrafter.be32(height) + [8, colorType, 0, 0, 0])
            + PNGCrafter.chunk("tEXt", Array("Comment\u{0}before".utf8)) + extra + idats
            + PNGCrafter.chunk("tEXt", Array("Comment\u{0}after".utf8)) + PNGCrafter.chunk("IEND", [])
    }

    @Test(arguments: [(UInt8(0), 1), (4, 2), (2, 3), (6, 4)])
    func fastReaderMatchesLibpngForEveryFilterAndColourType(colorType: UInt8, channels: Int) throws {
        for filters: [UInt8] in [[0, 1, 2], [3, 4, 4], [4, 3, 1], [2, 2, 0], [1, 4, 3]] {
            let png = Self.png(
                colorType: colorType, rows: Self.filteredRows(channels: channels, filters: filters), height: 3, split: 3
            )
            let reference = try PNGDecoder.decode(png, reader: .libpng).image
            #expect(try PNGDecoder.decode(png, reader: .fast).image == reference)
            #expect(try PNGDecoder.decode(png).image == reference)
        }
    }

    /// Every filter after every filter (50 rows, after a first row of each filter in turn) of random
    /// samples, at widths around the 4- and 8-pixel steps (SSSE3, AVX2) and their tails, for every
    /// colour type the fast reader reads, at every level of unfiltering code this CPU runs.
    @Test(arguments: [(UInt8(0), 1), (4, 2), (2, 3), (6, 4)])
    func fastReaderMatchesLibpngAtEveryWidth(colorType: UInt8, channels: Int) throws {
        var random = SplitMix(seed: UInt64(colorType) + 5)
        let pairs = (0..<25).flatMap { [UInt8($0 / 5), UInt8($0 % 5)] }
        defer { gr_png_unfilter_cap_level(3) }
        for level: Int32 in [0, 1, 2, 3] {
            gr_png_unfilter_cap_level(level)
            for first: UInt8 in 0..<5 {
                let filters = [first] + pairs
                for width in [1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 15, 16, 17, 24, 31, 33, 100] {
                    var rows: [UInt8] = []
                    for filter in filters {
                        rows.append(filter)
                        for _ in 0..<width * channels { rows.append(UInt8.random(in: 0...255, using: &random)) }
                    }
                    let png = Self.png(
                        colorType: colorType, rows: rows, height: UInt32(filters.count), width: UInt32(width), split: 4)
                    let reference = try PNGDecoder.decode(png, reader: .libpng).image
                    let decoded = try PNGDecoder.decode(png, reader: .fast).image
                    #expect(decoded == reference, "level \(level), first filter \(first), width \(width)")
                }
            }
        }
    }

    /// A stream that reaches further back than the window its zlib header declares: zlib, so libpng,
    /// refuses it ("invalid distance too far back"), and so must the fast reader. With a 32 KiB
    /// window the same stream is fine for both.
    @Test func aDistanceBeyondTheDeclaredWindowIsLeftToLibpng() throws {
        var random = SplitMix(seed: 8)
        let stride = 1 + 100 * 4  // RGBA, 100 wide
        var tokens: [DeflateToken] = [.literal(0)]
        for _ in 1..<stride { tokens.append(.literal(UInt8.random(in: 0...255, using: &random))) }
        tokens += [
            .literal(0), .match(length: 258, distance: stride), .match(length: stride - 1 - 258, distance: stride),
        ]
        func png(windowBits: Int) -> [UInt8] {
            PNGCrafter.signature
                + PNGCrafter.chunk("IHDR", PNGCrafter.be32(100) + PNGCrafter.be32(2) + [8, 6, 0, 0, 0])
                + PNGCrafter.chunk("IDAT", PNGCrafter.zlibFixedHuffman(tokens, windowBits: windowBits))
                + PNGCrafter.chunk("IEND", [])
        }
        let wide = png(windowBits: 15)
        #expect(try PNGDecoder.decode(wide, reader: .fast).image == PNGDecoder.decode(wide, reader: .libpng).image)
        let narrow = png(windowBits: 8)
        #expect(throws: DecodeError.declined) {
            try PNGDecoder.decode(narrow, reader: .fast)
        }
        #expect(throws: DecodeError.corrupt(format: .png, message: "IDAT: invalid distance too far back")) {
            try PNGDecoder.decode(narrow)
        }
    }

    /// libpng refuses a second palette, or an empty one, even in an RGB file that does not use it;
    /// the fast reader leaves such files to it, and any palette whose length is not 1 to 256 entries
    /// (libpng ignores a ragged one). One palette of 1 to 256 entries it reads itself.
    @Test func aDuplicateOrEmptyPaletteIsLeftToLibpng() throws {
        let rows = Self.filteredRows(channels: 3, filters: [0, 1, 2])
        let palette = PNGCrafter.chunk("PLTE", [1, 2, 3, 4, 5, 6])
        let declined = DecodeError.declined
        for (extra, message) in [
            (palette + palette, "PLTE: duplicate"), (PNGCrafter.chunk("PLTE", []), "Invalid palette"),
        ] {
            let png = Self.png(colorType: 2, rows: rows, height: 3, extra: extra)
            #expect(throws: declined) { try PNGDecoder.decode(png, reader: .fast) }
            #expect(throws: DecodeError.corrupt(format: .png, message: message)) { try PNGDecoder.decode(png) }
        }
        let ragged = Self.png(colorType: 2, rows: rows, height: 3, extra: PNGCrafter.chunk("PLTE", [1, 2]))
        #expect(throws: declined) { try PNGDecoder.decode(ragged, reader: .fast) }
        #expect(try PNGDecoder.decode(ragged).image == PNGDecoder.decode(ragged, reader: .libpng).image)
        let suggested = Self.png(colorType: 2, rows: rows, height: 3, extra: palette)
        #expect(
            try PNGDecoder.decode(suggested, reader: .fast).image == PNGDecoder.decode(suggested, reader: .libpng).image
        )
    }

    @Test func paethAndAverageArePNGsPredictors() throws {
        // One gray row of 2 above one Paeth row and one Average row, worked by hand:
        // row 0 (None): 10, 200.  Row 1 (Paeth): pixel 0 predicts b = 10 → 10 + 5 = 15; pixel 1 has
        // a = 15, b = 200, c = 10: p = 205, |p−a| = 190, |p−b| = 5, |p−c| = 195 → b → 200 + 7 = 207.
        // Row 2 (Average): pixel 0: ⌊(0 + 15)/2⌋ = 7 → 7 + 1 = 8; pixel 1: ⌊(8 + 207)/2⌋ = 107 → 107 + 2 = 109.
        let rows: [UInt8] = [0, 10, 200, 4, 5, 7, 3, 1, 2]
        for reader in [PNGReader.fast, .libpng] {
            let image = try PNGDecoder.decode(Self.png(colorType: 0, rows: rows, height: 3), reader: reader).image
            #expect([image[0, 1].r, image[1, 1].r, image[0, 2].r, image[1, 2].r] == [15, 207, 8, 109])
        }
    }

    @Test func anythingUnusualIsLeftToLibpng() throws {
        let rows = Self.filteredRows(channels: 3, filters: [0, 1, 2])
        let declined = DecodeError.declined
        // A transparency key: libpng's job, and it decodes.
        let keyed = Self.png(colorType: 2, rows: rows, height: 3, extra: PNGCrafter.chunk("tRNS", [0, 1, 0, 2, 0, 3]))
        #expect(throws: declined) { try PNGDecoder.decode(keyed, reader: .fast) }
        #expect(try PNGDecoder.decode(keyed).image == PNGDecoder.decode(keyed, reader: .libpng).image)
        // A damaged ancillary chunk: libpng ignores it, so the file still decodes.
        var ancillary = Self.png(colorType: 2, rows: rows, height: 3)
        ancillary[33 + 8 + 3] ^= 1  // inside the first tEXt's data: its CRC no longer matches
        #expect(throws: declined) { try PNGDecoder.decode(ancillary, reader: .fast) }
        #expect(
            try PNGDecoder.decode(ancillary).image
                == PNGDecoder.decode(Self.png(colorType: 2, rows: rows, height: 3)).image)
        // A bad filter type, too few rows, and IDATs interrupted by another chunk: libpng's errors.
        var badFilter = rows
        badFilter[0] = 5
        let short = Array(rows.dropLast(7))
        let interrupted =
            PNGCrafter.signature + PNGCrafter.chunk("IHDR", PNGCrafter.be32(2) + PNGCrafter.be32(3) + [8, 2, 0, 0, 0])
            + PNGCrafter.chunk("IDAT", Array(PNGCrafter.zlibStored(rows).prefix(10)))
            + PNGCrafter.chunk("tEXt", Array("a\u{0}b".utf8))
            + PNGCrafter.chunk("IDAT", Array(PNGCrafter.zlibStored(rows).dropFirst(10))) + PNGCrafter.chunk("IEND", [])
        for png in [
            Self.png(colorType: 2, rows: badFilter, height: 3), Self.png(colorType: 2, rows: short, height: 3),
            interrupted,
        ] {
            #expect(throws: declined) { try PNGDecoder.decode(png, reader: .fast) }
            #expect {
                try PNGDecoder.decode(png)
            } throws: { error in
                guard case .corrupt(.png, let message) = error as? DecodeError else { return false }
                return !message.isEmpty  // libpng's own message, not .declined
            }
        }
    }

    /// A stream that goes on past the image is libpng's benign "Too much image data": it keeps the
    /// image, having inflated the rest. The fast reader keeps the same pixels without inflating it
    /// (found by review: 14.6 MB of IDAT spelling 15 GB took 23 s for a 100 x 100 image): here the
    /// rest is 256 MiB of zeros and then a damaged block, which inflating would reach and decline.
    /// A bad CRC after it is still declined, and left to libpng.
    @Test func aStreamPastTheImageIsNotInflated() throws {
        let rows: [UInt8] = (0..<100).flatMap { row -> [UInt8] in
            [0] + (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7 + row) }
        }
        // The image's one stored block, no longer final, and no Adler-32 after it.
        var stream = Array(PNGCrafter.zlibStored(rows).dropLast(4))
        stream[2] &= 0xFE
        var zeros = Array(PNGCrafter.zlibZeros(count: 1 << 28).dropFirst(2).dropLast(4))
        zeros[0] &= 0xFE  // not final either: a reserved block type follows
        stream += zeros + [0x07, 0, 0, 0, 0]
        let png =
            PNGCrafter.signature
            + PNGCrafter.chunk("IHDR", PNGCrafter.be32(100) + PNGCrafter.be32(100) + [8, 2, 0, 0, 0])
            + PNGCrafter.chunk("IDAT", stream) + PNGCrafter.chunk("IEND", [])
        let plain = PNGCrafter.png(width: 100, height: 100, bitDepth: 8, colorType: 2, rows: rows)
        let expected = try PNGDecoder.decode(plain, reader: .libpng).image
        #expect(try PNGDecoder.decode(png, reader: .fast).image == expected)
        #expect(try PNGDecoder.decode(png, reader: .libpng).image == expected)
        var damaged = png
        damaged[damaged.count - 1] ^= 1  // IEND's CRC
        #expect(throws: DecodeError.declined) { try PNGDecoder.decode(damaged, reader: .fast) }
    }

    @Test func sixteenBitSamplesAreRoundedNotTruncated() throws {
        // 16-bit gray 0x01FF = 511: 511·255/65535 = 1.99 rounds to 2, where v >> 8 would give 1.
        let png = PNGCrafter.png(width: 2, height: 1, bitDepth: 16, colorType: 0, rows: [0, 0x01, 0xFF, 0xFF, 0xFF])
        let image = try PNGDecoder.decode(png).image
        #expect(image[0, 0] == (2, 2, 2, 255))
        #expect(image[1, 0] == (255, 255, 255, 255))
    }

    @Test func grayWithTransparencyKeyGetsAlpha() throws {
        let rows: [UInt8] = [0, 7, 9]
        let png =
            PNGCrafter.signature + PNGCrafter.chunk("IHDR", PNGCrafter.be32(2) + PNGCrafter.be32(1) + [8, 0, 0, 0, 0])
            + PNGCrafter.chunk("tRNS", [0, 7]) + PNGCrafter.chunk("IDAT", PNGCrafter.zlibStored(rows))
            + PNGCrafter.chunk("IEND", [])
        let image = try PNGDecoder.decode(png).image
        #expect(image[0, 0] == (7, 7, 7, 0))
        #expect(image[1, 0] == (9, 9, 9, 255))
        #expect(!image.isOpaque)
    }

    /// What a PNG cut short is refused with, wherever the cut falls.
    static let truncated = DecodeError.corrupt(
        format: .png, message: "truncated data: the file ends before the image is complete")

    @Test func missingImageDataIsAnError() {
        let png = PNGCrafter.signature + PNGCrafter.ihdr(width: 4, height: 4) + PNGCrafter.chunk("IEND", [])
        #expect(throws: DecodeError.corrupt(format: .png, message: "IEND: out of place")) { try PNGDecoder.decode(png) }
    }

    @Test func badCRCIsAnError() {
        var png = PNGCrafter.png(width: 1, height: 1, bitDepth: 8, colorType: 2, rows: [0, 1, 2, 3])
        png[29] ^= 0xFF  // last byte of the IHDR CRC
        #expect {
            try PNGDecoder.decode(png)
        } throws: { error in
            guard case .corrupt(.png, let message) = error as? DecodeError else { return false }
            return message.contains("CRC")
        }
    }

    @Test(arguments: [8, 16, 30, 40, 50])
    func truncatedFileIsAnError(at length: Int) {
        let png = PNGCrafter.png(width: 4, height: 4, bitDepth: 8, colorType: 2, rows: [UInt8](repeating: 0, count: 52))
        #expect(throws: Self.truncated) { try PNGDecoder.decode(Array(png.prefix(length))) }
    }

    @Test func sideOverTheBudgetIsRefusedBeforeAllocation() {
        // 100000 × 100000 would be 40 GB of RGBA.
        let png =
            PNGCrafter.signature + PNGCrafter.ihdr(width: 100_000, height: 100_000)
            + PNGCrafter.chunk("IDAT", PNGCrafter.zlibStored([0])) + PNGCrafter.chunk("IEND", [])
        #expect(throws: DecodeError.overBudget(width: 100_000, height: 100_000, budget: .standard)) {
            try PNGDecoder.decode(png)
        }
    }

    @Test func areaOverTheBudgetIsRefusedBeforeAllocation() {
        let png =
            PNGCrafter.signature + PNGCrafter.ihdr(width: 20_000, height: 20_000)
            + PNGCrafter.chunk("IDAT", PNGCrafter.zlibStored([0])) + PNGCrafter.chunk("IEND", [])
        #expect(throws: DecodeError.overBudget(width: 20_000, height: 20_000, budget: .standard)) {
            try PNGDecoder.decode(png)
        }
        let small = PixelBudget(megapixels: 0.000_01)  // 10 pixels
        let four = PNGCrafter.png(
            width: 4, height: 4, bitDepth: 8, colorType: 2, rows: [UInt8](repeating: 0, count: 52))
        #expect(throws: DecodeError.overBudget(width: 4, height: 4, budget: small)) {
            try PNGDecoder.decode(four, options: DecodeOptions(budget: small))
        }
    }

    @Test func aLargePNGIsReducedRightAfterDecodingWhenTheBoxIsSmall() throws {
        // 1000×600 for a 100-px box: 2× needs 200, so 1000/2 × 600/2 = 500×300 would do, and /4
        // gives 250×150 (150 < 200): the divisor is 2.
        var random = SplitMix(seed: 3)
        var pixels = [UInt8](repeating: 255, count: 1000 * 600 * 4)
        for i in pixels.indices where i % 4 != 3 { pixels[i] = UInt8.random(in: 0...255, using: &random) }
        let image = RGBAImage(width: 1000, height: 600, pixels: pixels)
        let png = try PNGEncoder.encode(image)
        let decoded = try ImageDecoder.decode(
            png, options: DecodeOptions(targetSize: PixelSize(width: 100, height: 100)))
        #expect(decoded.scaleEighths == 4 && decoded.decodedSize == PixelSize(width: 500, height: 300))
        #expect(decoded.fullSize == PixelSize(width: 1000, height: 600))
        #expect(
            ImageHeader(png).decodeScale(options: DecodeOptions(targetSize: PixelSize(width: 100, height: 100))) == 4)
        // Each pixel the rounded mean of its 2×2 block.
        for (x, y) in [(0, 0), (123, 45), (499, 299)] {
            for c in 0..<4 {
                var sum = 0
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    sum += Int(pixels[((2 * y + dy) * 1000 + 2 * x + dx) * 4 + c])
                }
                #expect(Int(decoded.image.pixels[(y * 500 + x) * 4 + c]) == (sum + 2) / 4)
            }
        }
        // Without a box, or a box that needs it all, the whole image.
        #expect(try ImageDecoder.decode(png).image == image)
    }
}
