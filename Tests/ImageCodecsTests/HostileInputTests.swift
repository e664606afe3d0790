import Foundation
import ImageCodecs
import TestSupport
import Testing

/// Hostile inputs straight into the decoders: each refused (or recovered) with a typed error, before
/// any large allocation. A hang fails the suite's time limit; speed is `make bench`'s business.
@Suite(.timeLimit(.minutes(1))) struct HostileInputTests {
    /// Decodes and returns the outcome.
    static func outcome(_ bytes: [UInt8], _ options: DecodeOptions = DecodeOptions()) -> Result<
        DecodedImage, DecodeError
    > {
        Result { () throws(DecodeError) in try ImageDecoder.decode(bytes, options: options) }
    }

    @Test func decompressionBombsAreRefusedFromTheHeader() {
        for (bytes, width, height) in [
            (HostileFiles.pngHeaderBomb, 100_000, 100_000), (HostileFiles.pngInflateBomb, 20_000, 20_000),
            (HostileFiles.jpegDeclaring(width: 65500, height: 65500), 65500, 65500),
            (HostileFiles.jpegDeclaring(width: 20000, height: 20000), 20000, 20000),
        ] {
            let result = Self.outcome(bytes)
            #expect(throws: DecodeError.overBudget(width: width, height: height, budget: .standard)) {
                try result.get()
            }
        }
        #expect(HostileFiles.pngInflateBomb.count < 400_000)  // ~300 KB that would inflate to 50 MB of rows
    }

    @Test func aSmallFileWithinTheBudgetDecodes() throws {
        let result = Self.outcome(HostileFiles.pngTinyButLarge)
        let image = try result.get().image
        #expect(image.width == 3000 && image[1500, 1500] == (0, 0, 0, 255))
        // The same file under a 1-megapixel budget is refused before decoding.
        let small = PixelBudget(megapixels: 1)
        #expect(throws: DecodeError.overBudget(width: 3000, height: 3000, budget: small)) {
            try ImageDecoder.decode(HostileFiles.pngTinyButLarge, options: DecodeOptions(budget: small))
        }
    }

    @Test func progressiveJPEGWithTooManyScansIsRefused() throws {
        // 10 + 12 scans, under the blocks' bound (below), over a limit of 15 scans.
        let bytes = HostileFiles.jpegWithManyScans(copies: 12)
        #expect(throws: DecodeError.tooManyScans(limit: 15)) {
            try ImageDecoder.decode(bytes, options: DecodeOptions(budget: PixelBudget(maxScans: 15)))
        }
        // A few repeated scans are within the limits: libjpeg warns and decodes.
        #expect(try ImageDecoder.decode(HostileFiles.jpegWithManyScans(copies: 5)).image.width == 64)
    }

    /// Every scan goes over its components' every block, so a few hundred scans of a large image cost
    /// minutes while under the scan limit (found by review: 480 scans of a 10000 × 10000 image in
    /// 1.2 MB took 38 s): the blocks all scans decode are bounded too. The 64 × 48 4:2:0 photo has
    /// 48 luma and 12 + 12 chroma blocks; libjpeg's standard progression (jpeg_simple_progression)
    /// is 10 scans: DC (all three, 72), Y 1–5 (48), Cr (12), Cb (12), Y 6–63 (48), Y refine (48), DC
    /// refine (72), Cb (12), Cr (12), Y refine (48): 384 blocks, and each appended copy of the last
    /// scan 48 more.
    @Test func progressiveScansAreBoundedByTheBlocksTheyDecode() throws {
        let bytes = HostileFiles.jpegWithManyScans(copies: 5)
        let blocks = 384 + 5 * 48
        let enough = PixelBudget(maxScanBlocks: blocks)
        #expect(try ImageDecoder.decode(bytes, options: DecodeOptions(budget: enough)).image.width == 64)
        let short = PixelBudget(maxScanBlocks: blocks - 1)
        #expect(throws: DecodeError.tooManyScanBlocks(limit: blocks - 1)) {
            try ImageDecoder.decode(bytes, options: DecodeOptions(budget: short))
        }
        // As many as the budget has pixels: a larger budget takes larger progressive JPEGs (found by
        // review: a fixed 100 million refused a 21600² 4:4:4 one under --max-megapixels 500).
        #expect(PixelBudget.standard.maxScanBlocks == 100_000_000)
        #expect(PixelBudget(megapixels: 500).maxScanBlocks == 500_000_000)
        // Whatever the budget, never more than 16 passes over the image's own 72 blocks: 1152 (found
        // by review: a larger budget let a small hostile file cost 33 s). 600 copies of the last scan
        // are refused there, long before the 500-scan limit.
        let large = DecodeOptions(budget: PixelBudget(maxScanBlocks: 1 << 40))
        #expect(try ImageDecoder.decode(HostileFiles.jpegWithManyScans(copies: 16), options: large).image.width == 64)
        #expect(throws: DecodeError.tooManyScanBlocks(limit: 16 * 72)) {
            try ImageDecoder.decode(HostileFiles.jpegWithManyScans(copies: 17), options: large)
        }
        #expect(throws: DecodeError.tooManyScanBlocks(limit: 16 * 72)) {
            try ImageDecoder.decode(HostileFiles.jpegWithManyScans(copies: 600))
        }
    }

    @Test func exifLoopsAndOverrunsAreHarmless() throws {
        // Only IFD0 is read, so a chain back to itself is never followed: its orientation still applies.
        let looped = try ImageDecoder.decode(HostileFiles.jpegWithEXIFLoop)
        #expect(looped.orientation == .right)
        #expect(looped.image.width == 48 && looped.image.height == 64)
        // Entries past the end of the segment are never read: no orientation, pixels as stored.
        let overrun = try ImageDecoder.decode(HostileFiles.jpegWithEXIFOverrun)
        #expect(overrun.orientation == .up)
        #expect(overrun.image.width == 64)
    }

    @Test(arguments: [("jpeg", true), ("png", false)])
    func truncationAtEveryFortiethIsHandled(format: String, isJPEG: Bool) throws {
        let whole =
            isJPEG ? try #require(JPEGEncoder.encode(HostileFiles.photo)) : try PNGEncoder.encode(HostileFiles.photo)
        for step in 0..<40 {
            let result = Self.outcome(Array(whole.prefix(whole.count * step / 40)))
            if case .success(let decoded) = result {
                #expect(
                    isJPEG && !decoded.warnings.isEmpty, "a truncated \(format) decoded without a warning at \(step)/40"
                )
            }
        }
    }

    @Test(arguments: [("jpeg", true), ("png", false)])
    func bitFlipsAtManyOffsetsNeverCrash(format: String, isJPEG: Bool) throws {
        let whole =
            isJPEG ? try #require(JPEGEncoder.encode(HostileFiles.photo)) : try PNGEncoder.encode(HostileFiles.photo)
        for offset in stride(from: 0, to: whole.count, by: max(1, whole.count / 200)) {
            for bit in [0, 3, 7] {
                var damaged = whole
                damaged[offset] ^= 1 << bit
                _ = Self.outcome(damaged)
            }
        }
    }
}
