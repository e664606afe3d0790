import ImageCodecs
import TestSupport
import Testing

@Suite struct PNGDecoderTests {
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

    @Test func missingImageDataIsAnError() {
        let png = PNGCrafter.signature + PNGCrafter.ihdr(width: 4, height: 4) + PNGCrafter.chunk("IEND", [])
        #expect(throws: DecodeError.self) { try PNGDecoder.decode(png) }
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
        #expect(throws: DecodeError.self) { try PNGDecoder.decode(Array(png.prefix(length))) }
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
}
