import GalleryCore
import ImageCodecs
import TestSupport
import Testing

@Suite struct JPEGDecoderTests {
    /// A smooth 4032×3024 test photo (a phone's size), generated once.
    static let phone: [UInt8]? = {
        let w = 4032, h = 3024
        var pixels = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 4
                pixels[i] = UInt8(x * 255 / w)
                pixels[i + 1] = UInt8(y * 255 / h)
                pixels[i + 2] = 128
            }
        }
        return JPEGEncoder.encode(RGBAImage(width: w, height: h, pixels: pixels), quality: 80)
    }()

    @Test func phonePhotoAskedForThreeHundredDecodesAtOneQuarter() throws {
        let bytes = try #require(Self.phone)
        let decoded = try JPEGDecoder.decode(
            bytes, options: DecodeOptions(targetSize: PixelSize(width: 300, height: 300)))
        // 1/8 gives 504×378, under 2×300 on both sides; 1/4 gives 1008×756, at least 600 on both.
        #expect(decoded.scaleEighths == 2)
        #expect(decoded.image.width == 1008 && decoded.image.height == 756)
        #expect(decoded.fullSize == PixelSize(width: 4032, height: 3024))
    }

    @Test func scaleIsTheSmallestLeavingTwiceTheTarget() {
        let full = PixelSize(width: 4032, height: 3024)
        func scale(_ w: Int, _ h: Int) -> Int {
            JPEGDecoder.scaleEighths(for: full, options: DecodeOptions(targetSize: PixelSize(width: w, height: h)))
        }
        #expect(scale(252, 189) == 1)  // 504×378 is exactly 2×
        #expect(scale(253, 189) == 2)
        #expect(scale(1008, 756) == 4)
        #expect(scale(2016, 1512) == 8)
        #expect(scale(4000, 3000) == 8)  // never upscales past full size
        #expect(JPEGDecoder.scaleEighths(for: full, options: DecodeOptions()) == 8)
    }

    @Test func aspectFitNeedsOnlyOneSideAtTwiceTheBox() {
        // Fitting into a 300 box, one side at ≥ 600 is enough: 1/8 gives 504×378 (no), 2/8 gives 1008×756.
        let full = PixelSize(width: 4032, height: 3024)
        let box = PixelSize(width: 300, height: 300)
        #expect(JPEGDecoder.scaleEighths(for: full, options: DecodeOptions(targetSize: box, fit: .fit)) == 2)
        // A 300×1000 box: fit needs 600 wide or 2000 high (2/8: 1008 wide); cover needs both (6/8: 2268 high).
        let tall = PixelSize(width: 300, height: 1000)
        #expect(JPEGDecoder.scaleEighths(for: full, options: DecodeOptions(targetSize: tall, fit: .fit)) == 2)
        #expect(JPEGDecoder.scaleEighths(for: full, options: DecodeOptions(targetSize: tall, fit: .cover)) == 6)
    }

    @Test func scalingComposesWithOrientation() throws {
        // Stored 64×32, orientation 6: upright 32×64. A target of 8×16 (upright) needs ≥ 16×32 upright,
        // i.e. ≥ 32×16 stored: 4/8.
        let image = RGBAImage(width: 64, height: 32, fill: (200, 10, 10, 255))
        let bytes = try #require(JPEGEncoder.encode(image, exifOrientation: .right))
        let decoded = try JPEGDecoder.decode(bytes, options: DecodeOptions(targetSize: PixelSize(width: 8, height: 16)))
        #expect(decoded.orientation == .right)
        #expect(decoded.scaleEighths == 4)
        #expect(decoded.image.width == 16 && decoded.image.height == 32)
    }

    @Test func progressiveDecodes() throws {
        let image = RGBAImage(width: 40, height: 30, fill: (20, 140, 220, 255))
        let bytes = try #require(JPEGEncoder.encode(image, quality: 95, progressive: true))
        let decoded = try JPEGDecoder.decode(bytes)
        let p = decoded.image[20, 15]
        #expect(abs(Int(p.r) - 20) <= 2 && abs(Int(p.g) - 140) <= 2 && abs(Int(p.b) - 220) <= 2)
    }

    /// A JPEG whose data ends before its image does is corrupt, as the contract has a truncated
    /// photo (found by review: libjpeg's warning drew the rest grey, and `diff` compared it).
    @Test func truncatedDataIsAnError() throws {
        var generator = SplitMix(seed: 7)
        let noise = RGBAImage(
            width: 128, height: 128,
            pixels: (0..<128 * 128 * 4).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let bytes = try #require(JPEGEncoder.encode(noise))
        #expect(throws: DecodeError.corrupt(format: .jpeg, message: "the file ends before the image does (truncated)"))
        {
            try JPEGDecoder.decode(Array(bytes.prefix(bytes.count * 6 / 10)))
        }
        // Whole, it decodes without a warning.
        #expect(try JPEGDecoder.decode(bytes).warnings.isEmpty)
    }

    @Test(arguments: [2, 3, 10, 40, 100])
    func truncatedHeaderIsAnError(length: Int) throws {
        let bytes = try #require(JPEGEncoder.encode(RGBAImage(width: 8, height: 8, fill: (0, 0, 0, 255))))
        #expect(throws: DecodeError.corrupt(format: .jpeg, message: "JPEG datastream contains no image")) {
            try JPEGDecoder.decode(Array(bytes.prefix(length)))
        }
    }

    @Test func hugeDeclaredSizeIsRefusedBeforeAllocation() throws {
        var bytes = try #require(JPEGEncoder.encode(RGBAImage(width: 8, height: 8, fill: (0, 0, 0, 255))))
        let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[sof + 5] = 0xFF; bytes[sof + 6] = 0xDC  // height 65500
        bytes[sof + 7] = 0xFF; bytes[sof + 8] = 0xDC  // width 65500
        #expect(throws: DecodeError.overBudget(width: 65500, height: 65500, budget: .standard)) {
            try JPEGDecoder.decode(bytes)
        }
    }

    /// A photo over the budget is over the budget, whole or read only as far as its header (as
    /// `PhotoReadLimit` reads it): never "truncated" (found by review).
    @Test func aPhotoOverTheBudgetSaysSoWholeOrCut() throws {
        let bytes = try #require(JPEGEncoder.encode(RGBAImage(width: 64, height: 64, fill: (0, 0, 0, 255))))
        var options = DecodeOptions()
        options.budget = PixelBudget(maxPixels: 4095)
        for data in [bytes, Array(bytes.dropLast(10))] {
            #expect(throws: DecodeError.overBudget(width: 64, height: 64, budget: options.budget)) {
                try JPEGDecoder.decode(data, options: options)
            }
        }
    }

    @Test func brokenEXIFIsIgnored() throws {
        // IFD0 offset far outside the segment, and an orientation entry with a count of 0xFFFFFFFF.
        let image = RGBAImage(width: 16, height: 8, fill: (0, 0, 0, 255))
        var bytes = try #require(JPEGEncoder.encode(image, exifOrientation: .right))
        let exif = try #require((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("Exif".utf8) })
        var damaged = bytes
        damaged[exif + 10...exif + 13] = [0x7F, 0xFF, 0xFF, 0xF0]  // IFD0 offset
        #expect(EXIFReader.orientation(ofJPEG: damaged) == .up)
        #expect(try JPEGDecoder.decode(damaged).image.width == 16)
        bytes[exif + 20...exif + 23] = [0xFF, 0xFF, 0xFF, 0xFF]  // value count
        #expect(EXIFReader.orientation(ofJPEG: bytes) == .right)  // a SHORT's value still sits inline
    }

    @Test(arguments: [true, false], EXIFOrientation.allCases)
    func orientationIsReadInBothByteOrders(bigEndian: Bool, orientation: EXIFOrientation) throws {
        let image = RGBAImage(width: 16, height: 8, fill: (0, 0, 0, 255))
        let bytes = try #require(JPEGEncoder.encode(image, exifOrientation: orientation, bigEndianEXIF: bigEndian))
        #expect(EXIFReader.orientation(ofJPEG: bytes) == orientation)
        let decoded = try JPEGDecoder.decode(bytes)
        #expect(decoded.image.width == (orientation.swapsAxes ? 8 : 16))
    }
}
