import CHEIF
import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// HEVC is decoded by libavcodec through the shim's own libheif plugin. HEVC decoding is exact, so it
/// must give libheif's own libde265 plugin's samples: the same pixels at full size, and within the
/// rounding of two YCbCr conversions when reduced (the shim converts the planes itself there, but for
/// grids). The reference decodes every stream, grid tiles and alpha planes too, with libde265.
@Suite(.timeLimit(.minutes(2))) struct HEVCDecoderTests {
    static let tools = HEIFDecoderTests.tools
    static let toolsReason = HEIFDecoderTests.toolsReason

    /// What the shim decodes of `bytes`, reduced by `divisor`, with libde265 when `reference`.
    struct Decoded {
        let status: gr_heif_status
        let pixels: [UInt8]
        let color: [Int]
        let message: String
        var regionDecoded = false
    }

    /// `region`: x0, y0, x1, y1 of the reduced image (nil: all of it).
    static func decode(
        _ bytes: [UInt8], divisor: UInt32, reference: Bool, threads: UInt32 = 1,
        region: (UInt32, UInt32, UInt32, UInt32)? = nil
    ) -> Decoded {
        let (x0, y0, x1, y1) = region ?? (0, 0, 0, 0)
        var options = gr_heif_options(
            max_pixels: 100_000_000, max_side: 32_768, use_thumbnail: 0, divisor: divisor,
            reference_decoder: reference ? 1 : 0, threads: threads, region_x0: x0, region_y0: y0, region_x1: x1,
            region_y1: y1)
        var header = gr_heif_header()
        _ = bytes.withUnsafeBufferPointer { gr_heif_read_header($0.baseAddress, $0.count, &options, &header) }
        let d = Int(divisor)
        let count = ((Int(header.width) + d - 1) / d) * ((Int(header.height) + d - 1) / d) * 4
        var pixels = [UInt8](repeating: 0, count: count)
        var image = gr_heif_image()
        let status = pixels.withUnsafeMutableBufferPointer { buffer in
            bytes.withUnsafeBufferPointer { data in
                gr_heif_decode(data.baseAddress, data.count, &options, buffer.baseAddress, buffer.count, &image)
            }
        }
        defer { gr_heif_free(image.icc) }
        let color = [
            Int(image.has_nclx), Int(image.primaries), Int(image.transfer), Int(image.matrix), Int(image.full_range),
            image.icc_size,
        ]
        let message = withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return Decoded(
            status: status, pixels: pixels, color: color, message: message, regionDecoded: image.region_decoded != 0)
    }

    /// A photo as heif-enc will be given it: 8-bit RGBA, 16-bit RGB, or 8-bit grey.
    enum Source { case rgba, alpha, sixteenBit, grey }

    /// heif-enc settings that reach each path of the plugin: 4:2:0, 4:2:2 and 4:4:4, an odd size (a
    /// grid of one tile), 10 bits, alpha (a second HEVC stream), and grey (4:0:0, a grid too).
    static let encodings: [(name: String, arguments: [String], width: Int, height: Int, source: Source)] = [
        ("4:2:0", ["-q", "50"], 96, 64, .rgba),
        ("4:2:0, odd size", ["-q", "60"], 45, 27, .rgba),
        ("4:2:2", ["-q", "60", "-p", "chroma=422"], 96, 64, .rgba),
        ("4:4:4 lossless", ["-L"], 96, 64, .rgba),
        ("10-bit 4:2:0", ["-q", "60", "-b", "10"], 96, 64, .sixteenBit),
        ("alpha", ["-q", "60"], 96, 64, .alpha),
        ("grey", ["-q", "60"], 64, 48, .grey),
    ]

    static func photo(_ encoding: Int, in folder: TemporaryFolder) throws -> [UInt8] {
        let e = encodings[encoding]
        var image = ColorScience.colourfulImage(width: e.width, height: e.height)
        let png: [UInt8]
        switch e.source {
        case .rgba: png = try PNGEncoder.encode(image)
        case .alpha:
            for i in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[i] = UInt8((i / 4) % 61 * 4) }
            png = try PNGEncoder.encode(image)
        case .sixteenBit: png = HEIFDecoderTests.sixteenBit(image)
        case .grey:
            var rows: [UInt8] = []
            for y in 0..<e.height { rows += [0] + (0..<e.width).map { UInt8(($0 * 4 + y * 3) % 256) } }
            png = PNGCrafter.png(
                width: UInt32(e.width), height: UInt32(e.height), bitDepth: 8, colorType: 0, rows: rows)
        }
        return try HEIFDecoderTests.encode(png, e.arguments, in: folder)
    }

    @Test(.enabled(if: tools, toolsReason), arguments: encodings.indices)
    func libavcodecDecodesAsLibde265Does(_ encoding: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bytes = try Self.photo(encoding, in: folder)
        try Self.expectAgreement(bytes, Self.encodings[encoding].name)
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason)) func libheifsSampleDecodesAsLibde265DecodesIt() throws {
        try Self.expectAgreement(try Corpus.bytes("heif/example.heic"), "example.heic")
    }

    static func expectAgreement(_ bytes: [UInt8], _ name: String) throws {
        let ours = decode(bytes, divisor: 1, reference: false)
        let reference = decode(bytes, divisor: 1, reference: true)
        try #require(ours.status == GR_HEIF_OK && reference.status == GR_HEIF_OK, "\(name): \(ours.message)")
        #expect(ours.pixels == reference.pixels, "\(name): pixels")
        #expect(ours.color == reference.color, "\(name): colour description")
        // Reduced by 2: the plugin's planes converted here (8-bit) against libheif's RGB reduced. The
        // tables are in 16.16 fixed point, libheif's in its own: a value may round the other way.
        let reduced = decode(bytes, divisor: 2, reference: false)
        let reducedReference = decode(bytes, divisor: 2, reference: true)
        try #require(reduced.status == GR_HEIF_OK && reducedReference.status == GR_HEIF_OK, "\(name)")
        let largest = zip(reduced.pixels, reducedReference.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(largest <= 1, "\(name): reduced, largest difference \(largest)")
    }

    @Test(.enabled(if: tools, toolsReason)) func whatLibde265DecodesStillDecodes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // libavcodec refuses a damaged stream that libde265 conceals; the shim then gives every stream
        // of the photo to libde265, its alpha plane and grid tiles too. Bit flips in the photo's last
        // third, where heif-enc puts the HEVC data (the alpha stream last).
        let alpha = try #require(Self.encodings.firstIndex { $0.source == .alpha })
        let bytes = try Self.photo(alpha, in: folder)
        var random = SplitMix(seed: 17)
        for _ in 0..<30 {
            var damaged = bytes
            let at = Int.random(in: bytes.count * 2 / 3..<bytes.count, using: &random)
            damaged[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
            for divisor: UInt32 in [1, 2]
            where Self.decode(damaged, divisor: divisor, reference: true).status == GR_HEIF_OK {
                let ours = Self.decode(damaged, divisor: divisor, reference: false)
                #expect(ours.status == GR_HEIF_OK, "flip at \(at), divisor \(divisor): \(ours.message)")
            }
        }
    }

    /// x265's colour descriptions in the stream (VUI), which libheif converts by when the file has no
    /// colr box of its own.
    static let streamColours: [[String]] = [
        ["-p", "x265:colormatrix=bt709", "-p", "x265:range=limited"],
        ["-p", "x265:colormatrix=smpte170m", "-p", "x265:range=limited"],
        ["-p", "x265:colormatrix=bt709", "-p", "x265:range=full"],
    ]

    @Test(
        .enabled(if: tools, toolsReason),
        arguments: streamColours.indices, [(96, 64), (45, 27)] as [(Int, Int)])
    func aReducedDecodeIsTheFullDecodeReduced(colour: Int, size: (Int, Int)) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // 45×27 is a grid of one tile (heif-enc), whose tiles libheif converts by their own streams'
        // descriptions: the shim leaves grids to libheif's RGB.
        let png = try PNGEncoder.encode(ColorScience.colourfulImage(width: size.0, height: size.1))
        let bytes = try HEIFDecoderTests.encode(png, ["-q", "80"] + Self.streamColours[colour], in: folder)
        let full = try ImageDecoder.decode(bytes).image
        // A box of a quarter of each side needs half of each: the photo at 1/2 (heif-enc adds no
        // thumbnail).
        let box = PixelSize(width: size.0 / 4, height: size.1 / 4)
        let reduced = try ImageDecoder.decode(bytes, options: DecodeOptions(targetSize: box))
        #expect(reduced.scaleEighths == 4)
        let expected = HEIFDecoderTests.reduced(full, by: 2)
        #expect(reduced.image.width == expected.width && reduced.image.height == expected.height)
        // The shim's 16.16 tables against libheif's fixed point: a value may round the other way.
        #expect(HEIFDecoderTests.largestDifference(reduced.image, expected) <= 1)
    }

    @Test(.enabled(if: tools, toolsReason)) func aStreamLargerThanItsHeaderSaysIsRefusedBeforeItIsDecoded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let png = try PNGEncoder.encode(ColorScience.colourfulImage(width: 64, height: 64))
        // The boxes say 16×16, within a 1,000-pixel budget; the HEVC stream is 64×64.
        let bytes = HEIFDecoderTests.declaring(
            try HEIFDecoderTests.encode(png, ["-q", "60"], in: folder), width: 16, height: 16)
        let budget = PixelBudget(maxPixels: 1000)
        var refusal: DecodeError?
        do throws(DecodeError) { _ = try ImageDecoder.decode(bytes, options: DecodeOptions(budget: budget)) } catch {
            refusal = error
        }
        #expect(refusal == .overBudget(width: 64, height: 64, budget: budget))
    }
}
