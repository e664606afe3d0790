import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// Decoding a region gives exactly the pixels the whole decode has there, whatever the orientation,
/// DCT scale, subsampling or coding (the renderer relies on it: a frame must not depend on how much
/// of a photo other frames needed).
@Suite struct JPEGRegionTests {
    /// The part `region` of `image`.
    static func crop(_ image: RGBAImage, _ region: ImageRegion) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in region.y {
            let start = (y * image.width + region.x.lowerBound) * 4
            pixels += image.pixels[start..<start + region.x.count * 4]
        }
        return RGBAImage(width: region.x.count, height: region.y.count, pixels: pixels)
    }

    /// Regions of an upright `size` image: corners, slivers on each edge, odd offsets, the middle.
    static func regions(of size: PixelSize) -> [ImageRegion] {
        let (w, h) = (size.width, size.height)
        return [
            ImageRegion(x: 0..<1, y: 0..<1), ImageRegion(x: w - 3..<w, y: 0..<h), ImageRegion(x: 0..<w, y: h - 2..<h),
            ImageRegion(x: 0..<max(1, w / 9), y: 0..<h),
            ImageRegion(x: w / 3..<w / 3 + max(1, w / 4), y: h / 5..<h - h / 7),
            ImageRegion(x: 5 % w..<w, y: 7 % h..<h), ImageRegion(x: 0..<w, y: 0..<h),
        ]
    }

    static func expectRegionsMatch(_ bytes: [UInt8], target: PixelSize?) throws {
        let options = DecodeOptions(targetSize: target)
        let whole = try JPEGDecoder.decode(bytes, options: options)
        for region in regions(of: whole.decodedSize) {
            var partial = options
            partial.region = region
            let decoded = try JPEGDecoder.decode(bytes, options: partial)
            #expect(decoded.region == region)
            #expect(decoded.decodedSize == whole.decodedSize)
            let same = decoded.image == crop(whole.image, region)
            #expect(same, "region \(region) of \(whole.decodedSize) at scale \(whole.scaleEighths)/8")
        }
    }

    static let noise: RGBAImage = {
        var random = SplitMix(seed: 11)
        var pixels: [UInt8] = []
        for _ in 0..<77 * 61 {
            pixels += [UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next()), 90, 255]
        }
        return RGBAImage(width: 77, height: 61, pixels: pixels)
    }()

    @Test(arguments: EXIFOrientation.allCases)
    func everyOrientationAtFullAndReducedScale(_ orientation: EXIFOrientation) throws {
        let bytes = try #require(JPEGEncoder.encode(Self.noise, exifOrientation: orientation))
        for target in [nil, PixelSize(width: 12, height: 12), PixelSize(width: 25, height: 25)] {
            try Self.expectRegionsMatch(bytes, target: target)
        }
    }

    /// A progressive JPEG cut short is refused, whole or any region of it, whatever the region
    /// reaches: the same verdict wherever a frame looks (libjpeg's regions of one, decoded from whole
    /// rows, still equal its whole decode: JPEGHuffmanTests and JPEGResumeTests, through the shim).
    @Test(arguments: [0.3, 0.45, 0.6])
    func aProgressiveJPEGCutShort(keeping fraction: Double) throws {
        var random = SplitMix(seed: 31)
        var pixels: [UInt8] = []
        for y in 0..<150 {
            for x in 0..<200 {
                let smooth = UInt8((x + y) % 256)
                pixels += [smooth, UInt8(truncatingIfNeeded: random.next() >> 60) &+ smooth, UInt8(y), 255]
            }
        }
        let bytes = try #require(
            JPEGEncoder.encode(RGBAImage(width: 200, height: 150, pixels: pixels), progressive: true))
        let cut = Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
        let refusal = DecodeError.corrupt(format: .jpeg, message: "the file ends before the image does (truncated)")
        for region in [nil, ImageRegion(x: 0..<20, y: 0..<10)] {
            #expect(throws: refusal) { try JPEGDecoder.decode(cut, options: DecodeOptions(region: region)) }
        }
        #expect(try JPEGDecoder.decode(bytes).image.width == 200)
    }

    @Test func progressiveAndGrayscale() throws {
        let progressive = try #require(JPEGEncoder.encode(Self.noise, progressive: true))
        try Self.expectRegionsMatch(progressive, target: PixelSize(width: 20, height: 20))
        var gray = Self.noise
        for i in stride(from: 0, to: gray.pixels.count, by: 4) {
            gray.pixels[i + 1] = gray.pixels[i]
            gray.pixels[i + 2] = gray.pixels[i]
        }
        try Self.expectRegionsMatch(try #require(JPEGEncoder.encode(gray)), target: nil)
    }

    @Test(
        .enabled(if: Corpus.isAvailable, Corpus.skipReason),
        arguments: [
            "jpeg/testorig.jpg", "jpeg/testimgint.jpg", "jpeg/testimgari.jpg", "exif-orientation/Landscape_6.jpg",
            "exif-orientation/Portrait_8.jpg",
        ])
    func corpusFilesAtEveryScale(_ file: String) throws {
        let bytes = try Corpus.bytes(file)
        let full = try JPEGDecoder.decode(bytes).decodedSize
        for eighths in [1, 2, 3, 5, 8] {
            // A target whose doubled size needs exactly M/8 of the stored size.
            let side = max(1, min(full.width, full.height) * eighths / 16)
            try Self.expectRegionsMatch(bytes, target: PixelSize(width: side, height: side))
        }
    }
}
