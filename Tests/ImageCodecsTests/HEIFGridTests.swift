import CHEIF
import Foundation
import TestSupport
import Testing

/// A grid primary image, as iPhones write HEICs, decoded tile by tile here (CHEIF heif_grid.c)
/// rather than by libheif: Fixtures/heic/grid-250x190.heic, 4 × 3 tiles of 64 × 64, the last column
/// and row overhanging the output (Fixtures/make-grid-heic.py).
@Suite struct HEIFGridTests {
    static let grid: [UInt8] = {
        let path = Corpus.repositoryRoot.appendingPathComponent("Fixtures/heic/grid-250x190.heic").path
        return FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
    }()

    /// Against libheif's own decode (libde265, its RGB, reduced after): the same bound as a single
    /// picture's fast path, ±1 where the two fixed-point conversions round apart.
    @Test(arguments: [UInt32(2), 4, 8]) func aGridDecodesAsLibheifDecodesIt(_ divisor: UInt32) throws {
        let ours = HEVCDecoderTests.decode(Self.grid, divisor: divisor, reference: false)
        let reference = HEVCDecoderTests.decode(Self.grid, divisor: divisor, reference: true)
        try #require(ours.status == GR_HEIF_OK && reference.status == GR_HEIF_OK, "\(ours.message)")
        let width = (250 + Int(divisor) - 1) / Int(divisor), height = (190 + Int(divisor) - 1) / Int(divisor)
        #expect(ours.pixels.count == width * height * 4)
        let largest = zip(ours.pixels, reference.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 1, "divisor \(divisor): largest difference \(largest)")
        #expect(ours.color == reference.color)
    }

    /// A tile with two hvcC boxes, the first empty (found by review): libheif takes the first and
    /// fails, and so must the grid decoder, not take the second and show the photo.
    @Test func aTileWithTwoConfigurationsIsReadAsLibheifReadsIt() throws {
        let path = Corpus.repositoryRoot.appendingPathComponent("Fixtures/heic/grid-two-hvcC.heic").path
        let bytes = try #require(FileManager.default.contents(atPath: path).map { [UInt8]($0) })
        let ours = HEVCDecoderTests.decode(bytes, divisor: 2, reference: false)
        let reference = HEVCDecoderTests.decode(bytes, divisor: 2, reference: true)
        #expect(reference.status != GR_HEIF_OK)
        #expect(ours.status == reference.status, "\(ours.message)")
    }

    /// Tiles are decoded on several threads, each writing its own part: the bytes do not change.
    @Test func theThreadsDoNotChangeTheBytes() throws {
        let one = HEVCDecoderTests.decode(Self.grid, divisor: 2, reference: false, threads: 1)
        try #require(one.status == GR_HEIF_OK)
        for threads: UInt32 in [2, 3, 8] {
            #expect(
                HEVCDecoderTests.decode(Self.grid, divisor: 2, reference: false, threads: threads).pixels == one.pixels)
        }
    }

    /// Damaged tiles (bytes flipped through the tiles' data): every decode gives the same bytes, on
    /// any number of threads, and a region is the whole decode there within 1 (the whole decode meets
    /// a damaged tile and is libheif's, whose conversion may round apart).
    @Test func aDamagedGridDecodesTheSameEveryTime() throws {
        for step in [97, 131, 389] {
            var bytes = Self.grid
            for at in stride(from: bytes.count / 2, to: bytes.count, by: step) { bytes[at] ^= 0x5A }
            let first = HEVCDecoderTests.decode(bytes, divisor: 2, reference: false, threads: 1)
            for threads: UInt32 in [1, 2, 4, 4, 4] {
                let again = HEVCDecoderTests.decode(bytes, divisor: 2, reference: false, threads: threads)
                #expect(again.status == first.status && again.pixels == first.pixels, "step \(step), \(threads)")
            }
            guard first.status == GR_HEIF_OK else { continue }
            let part = HEVCDecoderTests.decode(bytes, divisor: 2, reference: false, threads: 2, region: (0, 0, 30, 30))
            #expect(part.status == GR_HEIF_OK, "step \(step): \(part.message)")
            for y in 0..<30 {
                for x in 0..<30 {
                    let at = (y * 125 + x) * 4
                    let apart = (0..<4).contains { abs(Int(part.pixels[at + $0]) - Int(first.pixels[at + $0])) > 1 }
                    #expect(!apart, "step \(step): pixel \(x), \(y)")
                }
            }
        }
    }

    /// With a region, only the tiles that meet it are decoded: inside it the pixels are the whole
    /// decode's. The region [40, 70) × [33, 34) of the image reduced by 2 lies in tile column 1 and
    /// tile row 1 (32 reduced pixels a tile).
    @Test func aRegionDecodesTheTilesItMeets() throws {
        let whole = HEVCDecoderTests.decode(Self.grid, divisor: 2, reference: false)
        let part = HEVCDecoderTests.decode(Self.grid, divisor: 2, reference: false, region: (40, 33, 70, 34))
        try #require(whole.status == GR_HEIF_OK && part.status == GR_HEIF_OK)
        #expect(part.regionDecoded && !whole.regionDecoded)
        let width = 125
        for y in 33..<34 {
            for x in 40..<70 {
                let at = (y * width + x) * 4
                #expect(part.pixels[at..<at + 4] == whole.pixels[at..<at + 4], "pixel \(x), \(y)")
            }
        }
    }
}
