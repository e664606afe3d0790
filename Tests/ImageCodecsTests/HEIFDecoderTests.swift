import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// HEIF and AVIF through libheif, held to libheif's own command-line decoder (heif-convert) and to
/// photos encoded for the test with heif-enc.
@Suite(.timeLimit(.minutes(2))) struct HEIFDecoderTests {
    static let tools = ExternalTool.available("heif-enc", "heif-convert")
    static let toolsReason: Comment = "needs heif-enc and heif-convert (Debian's libheif-examples)"

    static func largestDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    /// heif-convert's PNG of `path`'s primary image, decoded as stored. With several top-level
    /// images it writes NAME-1.png, NAME-2.png, ..., the primary first.
    static func reference(_ path: String, in folder: TemporaryFolder) throws -> RGBAImage {
        try ExternalTool.run("heif-convert", [path, folder.file("reference.png")])
        let single = folder.file("reference.png")
        let out = FileManager.default.fileExists(atPath: single) ? single : folder.file("reference-1.png")
        return try ImageDecoder.decodeFile(atPath: out).image
    }

    /// `image`'s colours as a 16-bit RGB PNG: each value v as v·257 (no filtering).
    static func sixteenBit(_ image: RGBAImage) -> [UInt8] {
        var rows: [UInt8] = []
        for y in 0..<image.height {
            rows.append(0)
            for x in 0..<image.width {
                for c in 0..<3 {
                    let v = image.pixels[(y * image.width + x) * 4 + c]
                    rows += [v, v]
                }
            }
        }
        return PNGCrafter.png(
            width: UInt32(image.width), height: UInt32(image.height), bitDepth: 16, colorType: 2, rows: rows)
    }

    /// A HEIF encoded by heif-enc from `png` with `arguments`.
    static func encode(_ png: [UInt8], _ arguments: [String], in folder: TemporaryFolder, name: String = "photo.heic")
        throws -> [UInt8]
    {
        let source = try folder.write(png, to: "source.png")
        try ExternalTool.run("heif-enc", arguments + [source, "-o", folder.file(name)])
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file(name))))
    }

    @Test(
        .enabled(if: Corpus.isAvailable, Corpus.skipReason), .enabled(if: tools, toolsReason),
        arguments: ["heif/example.heic", "heif/example.avif"])
    func libheifsSamplesDecodeAsHeifConvertDecodesThem(_ name: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let decoded = try ImageDecoder.decode(try Corpus.bytes(name))
        #expect(decoded.format == (name.hasSuffix("avif") ? .avif : .heif))
        let reference = try Self.reference(Corpus.path(name), in: folder)
        #expect(decoded.image.width == reference.width && decoded.image.height == reference.height)
        // The same library and the same YCbCr→RGB conversion: the same pixels.
        #expect(Self.largestDifference(decoded.image, reference) == 0)
    }

    @Test(.enabled(if: tools, toolsReason)) func theThumbnailIsUsedWhenItLeavesTwiceTheBox() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let bytes = try Self.encode(
            try PNGEncoder.encode(ColorScience.colourfulImage()), ["-q", "90", "-t", "48"], in: folder)
        let header = try HEIFDecoder.header(bytes, budget: .standard, format: .heif)
        #expect(header.size == PixelSize(width: 96, height: 64))
        #expect(header.thumbnail == PixelSize(width: 48, height: 32))
        // A 16 px box needs 32 px: the 48×32 thumbnail covers it.
        let small = try ImageDecoder.decode(bytes, options: DecodeOptions(targetSize: PixelSize(width: 16, height: 16)))
        #expect(small.scaleEighths == 0 && small.image.width == 48 && small.image.height == 32)
        #expect(small.fullSize == PixelSize(width: 96, height: 64))
        // A 17 px box needs 34 px rows: only the primary image has them (halved it would have 32).
        let large = try ImageDecoder.decode(bytes, options: DecodeOptions(targetSize: PixelSize(width: 17, height: 17)))
        #expect(large.scaleEighths == 8 && large.image.width == 96)
        // Aspect-fit needs one side only.
        let fit = try ImageDecoder.decode(
            bytes, options: DecodeOptions(targetSize: PixelSize(width: 24, height: 24), fit: .fit))
        #expect(fit.scaleEighths == 0)
        let image = ImageHeader(bytes)
        #expect(image.decodeScale(options: DecodeOptions(targetSize: PixelSize(width: 16, height: 16))) == 0)
        #expect(image.decodeScale(options: DecodeOptions(targetSize: PixelSize(width: 17, height: 17))) == 8)
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
    func aDamagedThumbnailFallsBackToThePrimaryImage() throws {
        let original = try Corpus.bytes("heif/example.heic")
        // example.heic's thumbnail of its primary image is item 20005, bytes 334769..<359191
        // (`heif-info -d`): scrambled, the primary still decodes as it did.
        var damaged = original
        for i in 334_769..<359_191 { damaged[i] = 0xFF }
        let whole = try ImageDecoder.decode(original).image
        #expect(try ImageDecoder.decode(damaged).image == whole)
        // A 50-px box needs 100 px: the 320×212 thumbnail would do; damaged, the primary at 1/8.
        let small = DecodeOptions(targetSize: PixelSize(width: 50, height: 50))
        #expect(try ImageDecoder.decode(original, options: small).scaleEighths == 0)
        let fallback = try ImageDecoder.decode(damaged, options: small)
        #expect(fallback.scaleEighths == 1 && fallback.warnings.isEmpty)
        let reference = Self.reduced(whole, by: 8)
        #expect(fallback.image.width == reference.width && Self.largestDifference(fallback.image, reference) <= 3)
    }

    /// `image` reduced by `divisor`: each pixel the rounded mean of its block, partial blocks at the
    /// right and bottom edges averaged over what they hold.
    static func reduced(_ image: RGBAImage, by divisor: Int) -> RGBAImage {
        let (w, h) = ((image.width + divisor - 1) / divisor, (image.height + divisor - 1) / divisor)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for oy in 0..<h {
            for ox in 0..<w {
                var sums = [0, 0, 0, 0], count = 0
                for y in oy * divisor..<min(oy * divisor + divisor, image.height) {
                    for x in ox * divisor..<min(ox * divisor + divisor, image.width) {
                        for c in 0..<4 { sums[c] += Int(image.pixels[(y * image.width + x) * 4 + c]) }
                        count += 1
                    }
                }
                for c in 0..<4 { pixels[(oy * w + ox) * 4 + c] = UInt8((sums[c] + count / 2) / count) }
            }
        }
        return RGBAImage(width: w, height: h, pixels: pixels)
    }

    @Test(
        .enabled(if: Corpus.isAvailable, Corpus.skipReason), .enabled(if: tools, toolsReason),
        arguments: [(100, 4), (200, 2), (50, 8)] as [(Int, Int)])
    func aReducedDecodeIsTheReducedFullDecode(box: Int, divisor: Int) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // 1280×854 without its thumbnail: a box needs twice its side, so 100 → 200 px (1280/4 × 854/4
        // = 320×214 is the smallest reduction with both), 200 → 400 (640×427), 50 → 100 (160×107).
        let options = DecodeOptions(targetSize: PixelSize(width: box, height: box))
        let withoutThumbnail = try Self.encodeWithoutThumbnail(Corpus.path("heif/example.heic"), in: folder)
        let decoded = try ImageDecoder.decode(withoutThumbnail, options: options)
        #expect(decoded.scaleEighths == 8 / divisor)
        let reference = Self.reduced(try ImageDecoder.decode(withoutThumbnail).image, by: divisor)
        #expect(decoded.image.width == reference.width && decoded.image.height == reference.height)
        // Each pixel converted from Y, Cb and Cr here, then block means, against block means of
        // libheif's RGB: the same but for the rounding of the two conversions (libheif's is in fixed
        // point). Measured: one value of 273,920 off by 1 at divisor 4, none at 2 and 8.
        var total = 0
        for (a, b) in zip(decoded.image.pixels, reference.pixels) { total += abs(Int(a) - Int(b)) }
        let mean = Double(total) / Double(reference.pixels.count)
        #expect(mean < 0.001, "mean difference \(mean)")
        #expect(Self.largestDifference(decoded.image, reference) <= 1)
    }

    /// The primary image of the HEIF at `path` again, as heif-enc writes it without a thumbnail
    /// (through heif-convert's PNG, losslessly).
    static func encodeWithoutThumbnail(_ path: String, in folder: TemporaryFolder) throws -> [UInt8] {
        try ExternalTool.run("heif-convert", [path, folder.file("primary.png")])
        let png = FileManager.default.fileExists(atPath: folder.file("primary.png")) ? "primary.png" : "primary-1.png"
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.file(png))))
        return try encode(bytes, ["-q", "90"], in: folder, name: "reencoded.heic")
    }

    @Test(.enabled(if: tools, toolsReason)) func tenBitImagesAreRoundedToEightBits() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let source = ColorScience.colourfulImage()
        let png = Self.sixteenBit(source)
        // heif-enc's lossless settings: 4:4:4, identity matrix.
        let bytes = try Self.encode(png, ["-L", "-b", "10", "-p", "chroma=444", "--matrix_coefficients=0"], in: folder)
        let decoded = try ImageDecoder.decode(bytes)
        // heif-enc stores v·257 as its top ten bits, t = (v·257) >> 6, losslessly; rounded back to
        // 8 bits that is round(t·255/1023). A truncating shift (t >> 2) differs in 1 value of 4.
        var expected = source
        for i in expected.pixels.indices where i % 4 != 3 {
            let t = (Int(source.pixels[i]) * 257) >> 6
            expected.pixels[i] = UInt8((t * 255 + 511) / 1023)
        }
        #expect(decoded.image == expected)
        #expect(Self.largestDifference(decoded.image, source) <= 1)
        #expect(PixelMath.psnr(decoded.image, source) > 50)
    }

    @Test(.enabled(if: tools, toolsReason)) func aTenBitAVIFDecodesWithinOneOfHeifConvert() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let png = Self.sixteenBit(ColorScience.colourfulImage())
        // 4:2:2, because Debian 12's libaom asserts on 10-bit 4:4:4 and 4:2:0 from heif-enc.
        let bytes = try Self.encode(
            png, ["-A", "-q", "90", "-b", "10", "-p", "chroma=422"], in: folder, name: "deep.avif")
        // av1C: marker and version, profile and level, then tier, high_bitdepth (0x40), twelve_bit, …
        let box = try #require(bytes.indices.dropLast(6).first { Array(bytes[$0..<$0 + 4]) == Array("av1C".utf8) })
        #expect(bytes[box + 6] & 0x40 != 0, "not a 10-bit AV1 stream")
        let decoded = try ImageDecoder.decode(bytes)
        #expect(decoded.format == .avif)
        let reference = try Self.reference(folder.file("deep.avif"), in: folder)
        // libheif converts both from the same planes; only the step from 10 bits to 8 may differ.
        #expect(decoded.image.width == reference.width && Self.largestDifference(decoded.image, reference) <= 1)
    }

    @Test(.enabled(if: tools, toolsReason)) func alphaIsDecoded() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var image = ColorScience.colourfulImage()
        for i in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[i] = UInt8((i / 4) % 96 * 255 / 95) }
        let decoded = try ImageDecoder.decode(try Self.encode(try PNGEncoder.encode(image), ["-L"], in: folder))
        let alpha = stride(from: 3, to: image.pixels.count, by: 4)
        #expect(alpha.allSatisfy { abs(Int(decoded.image.pixels[$0]) - Int(image.pixels[$0])) <= 1 })
    }

    @Test(.enabled(if: tools, toolsReason)) func aDisplayP3HEICIsConverted() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let p3 = ColorScience.displayP3(fromSRGB: ColorScience.colourfulImage())
        let png = try PNGEncoder.encode(p3, colorSpace: .displayP3)
        let bytes = try Self.encode(png, ["-L"], in: folder)
        let stored = try ImageDecoder.decode(bytes)
        guard case .icc = stored.color else {
            Issue.record("heif-enc did not carry the PNG's profile into colr: \(stored.color)")
            return
        }
        let converted = try ImageDecoder.decode(bytes, options: DecodeOptions(colorSpace: .srgb))
        let error = ColorScience.meanDeltaE2000(converted.image, ColorScience.colourfulImage())
        #expect(error <= 1, "mean ΔE00 \(error)")
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason)) func hostileHEIFsAreRefusedInBoundedTime() throws {
        let sample = try Corpus.bytes("heif/example.heic")
        // Cut anywhere: an error naming what is wrong, never a crash.
        for length in [0, 12, 40, 200, 1000, sample.count / 2] {
            let cut = Array(sample.prefix(length))
            #expect((try? ImageDecoder.decode(cut)) == nil, "cut at \(length)")
        }
        // Bit flips anywhere: decoded or refused.
        var random = SplitMix(seed: 20)
        for _ in 0..<60 {
            var flipped = sample
            let at = Int.random(in: 0..<min(flipped.count, 4096), using: &random)
            flipped[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
            _ = try? ImageDecoder.decode(flipped)
        }
    }

    @Test func anAlphaPlaneDeclaringAHugeSizeIsRefused() throws {
        // Found by fuzz-heif: a 40×30 image whose alpha item's ispe says 65535×65535. With libheif's
        // item limit raised past the budget, libheif 1.15 wrote past a 15-byte buffer decoding it
        // (AddressSanitizer); at the budget's side it refuses the file as it reads the boxes.
        let path = Corpus.repositoryRoot.appendingPathComponent("Fuzz/regressions/fuzz-heif/alpha-65535-ispe.heic")
        let bytes = [UInt8](try Data(contentsOf: path))
        var refusal: DecodeError?
        do throws(DecodeError) { _ = try ImageDecoder.decode(bytes) } catch { refusal = error }
        #expect(refusal == .overBudget(width: 65535, height: 65535, budget: .standard))
    }

    @Test(arguments: ["leak-nclx-on-error", "leak-nclx-image-and-handle"])
    func anNclxBoxLibheifRefusesIsNotKept(_ name: String) throws {
        // Found by fuzz-heif: libheif 1.15 hands back an nclx profile with the error for code points it
        // refuses. The shim frees it on every path (whole and reduced decodes; `make sanitize-address`
        // checks for leaks), and the image still decodes, whole and reduced, without that profile.
        let path = Corpus.repositoryRoot.appendingPathComponent("Fuzz/regressions/fuzz-heif/\(name)")
        let bytes = [UInt8](try Data(contentsOf: path))
        let whole = try ImageDecoder.decode(
            bytes, options: DecodeOptions(targetSize: PixelSize(width: 4096, height: 4096)))
        let reduced = try ImageDecoder.decode(bytes, options: DecodeOptions(targetSize: PixelSize(width: 1, height: 1)))
        #expect(whole.image.width > 0 && reduced.image.width > 0)
        #expect(reduced.image.width < whole.image.width, "the reduced path (the second leak's) was taken")
    }

    @Test func aLoopOfItemReferencesIsRefused() throws {
        // Found by fuzz-heif: a grid whose alpha grid has the grid itself as its tile (dimg 4 → 2, auxl
        // 4 → 2). libheif 1.15 recursed through it until the stack overflowed (SIGSEGV, libde265 or
        // libavcodec alike); the shim now reads iref itself and refuses the file first.
        let path = Corpus.repositoryRoot.appendingPathComponent("Fuzz/regressions/fuzz-heif/alpha-grid-loop.heic")
        let bytes = [UInt8](try Data(contentsOf: path))
        var refusal: DecodeError?
        do throws(DecodeError) { _ = try ImageDecoder.decode(bytes) } catch { refusal = error }
        #expect(refusal == .corrupt(format: .heif, message: "item references form a loop or nest deeper than 16"))
    }

    /// `sample` with every ispe box declaring `width` × `height`.
    static func declaring(_ sample: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
        var bytes = sample
        let tag = Array("ispe".utf8)
        var at = 0
        while at + 16 <= bytes.count {
            if bytes[at..<at + 4].elementsEqual(tag) {
                // Box type, then version and flags (4 bytes), then width and height.
                bytes.replaceSubrange((at + 8)..<(at + 16), with: PNGCrafter.be32(width) + PNGCrafter.be32(height))
            }
            at += 1
        }
        return bytes
    }

    /// Refused from the header, before any allocation: the time limit catches a decode that tries.
    @Test(.enabled(if: tools, toolsReason), .timeLimit(.minutes(1)))
    func aGridDeclaring65535SquaredWithTinyDataIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // heif-enc stores an odd-sized photo as a grid of one 64×64 tile whose output is cropped to
        // 45×27. Its ispe boxes and the grid's own output size (in idat: version, flags, rows − 1,
        // columns − 1, then 16-bit width and height) made to say 65535×65535, over ~1 KB of data.
        let png = try PNGEncoder.encode(ColorScience.colourfulImage(width: 45, height: 27))
        var bytes = Self.declaring(try Self.encode(png, ["-q", "60"], in: folder), width: 65535, height: 65535)
        let grid: [UInt8] = [0, 0, 0, 0, 0, 45, 0, 27]
        let at = try #require(
            bytes.indices.dropLast(8).first { Array(bytes[$0..<$0 + 8]) == grid }, "no grid descriptor")
        bytes.replaceSubrange((at + 4)..<(at + 8), with: [0xFF, 0xFF, 0xFF, 0xFF])
        var refusal: DecodeError?
        do throws(DecodeError) { _ = try ImageDecoder.decode(bytes) } catch { refusal = error }
        #expect(refusal == .overBudget(width: 65535, height: 65535, budget: .standard))
    }

    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason)) func aHugeDeclaredSizeIsRefusedBeforeDecoding() throws {
        let sample = try Corpus.bytes("heif/example.heic")
        let huge = Self.declaring(sample, width: 65535, height: 65535)
        var refusal: DecodeError?
        do throws(DecodeError) { _ = try ImageDecoder.decode(huge) } catch { refusal = error }
        #expect(refusal == .overBudget(width: 65535, height: 65535, budget: .standard))
        // An ispe that lies about a size within the budget: refused, or decoded at the size it has.
        let lying = Self.declaring(sample, width: 640, height: 427)
        do {
            let decoded = try ImageDecoder.decode(lying)
            #expect(decoded.image.pixels.count == decoded.image.width * decoded.image.height * 4)
        } catch {
            #expect(!error.description.isEmpty)
        }
    }
}
