import CHEIF
import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// HEVC is decoded by libavcodec through the shim's own libheif plugin. HEVC decoding is exact, so it
/// must give libheif's own libde265 plugin's samples: the same pixels at full size, and within the
/// rounding of two YCbCr conversions when reduced (the shim converts the planes itself there). libheif
/// 1.15 decodes grid tiles and alpha planes with the plugin of highest priority whatever decoder it is
/// asked for, so for heif-enc's odd-size photo (a grid of one tile) the reference is libavcodec too,
/// and what is compared is the shim's planes against libheif's conversion.
@Suite(.timeLimit(.minutes(2))) struct HEVCDecoderTests {
    static let tools = HEIFDecoderTests.tools
    static let toolsReason = HEIFDecoderTests.toolsReason

    /// What the shim decodes of `bytes`, reduced by `divisor`, with libde265 when `reference`.
    struct Decoded {
        let status: gr_heif_status
        let pixels: [UInt8]
        let color: [Int]
        let message: String
    }

    static func decode(_ bytes: [UInt8], divisor: UInt32, reference: Bool) -> Decoded {
        var options = gr_heif_options(
            max_pixels: 100_000_000, max_side: 32_768, use_thumbnail: 0, divisor: divisor,
            reference_decoder: reference ? 1 : 0)
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
        return Decoded(status: status, pixels: pixels, color: color, message: message)
    }

    /// heif-enc settings that reach each path of the plugin: 4:2:0, 4:2:2 and 4:4:4, an odd size, 10
    /// bits, and alpha (a second HEVC stream).
    static let encodings: [(name: String, arguments: [String], width: Int, height: Int, alpha: Bool, deep: Bool)] = [
        ("4:2:0", ["-q", "50"], 96, 64, false, false),
        ("4:2:0, odd size", ["-q", "60"], 45, 27, false, false),
        ("4:2:2", ["-q", "60", "-p", "chroma=422"], 96, 64, false, false),
        ("4:4:4 lossless", ["-L"], 96, 64, false, false),
        ("10-bit 4:2:0", ["-q", "60", "-b", "10"], 96, 64, false, true),
        ("alpha", ["-q", "60"], 96, 64, true, false),
    ]

    static func photo(_ encoding: Int, in folder: TemporaryFolder) throws -> [UInt8] {
        let e = encodings[encoding]
        var image = ColorScience.colourfulImage(width: e.width, height: e.height)
        if e.alpha {
            for i in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[i] = UInt8((i / 4) % 61 * 4) }
        }
        let png = e.deep ? HEIFDecoderTests.sixteenBit(image) : try PNGEncoder.encode(image)
        return try HEIFDecoderTests.encode(png, e.arguments, in: folder)
    }

    @Test func libavcodecIsTheHEVCDecoder() {
        // Installed with libavcodec-dev (Tools/install-deps.sh); without it the tests below would hold
        // libde265 to itself.
        #expect(String(cString: gr_heif_hevc_decoder()) == "libavcodec")
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
