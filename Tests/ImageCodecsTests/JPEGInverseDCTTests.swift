import CCPU
import CJPEG
import CJPEGCoefficients
import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// The AVX2 6×6 and 3×3 inverse DCTs (gr_jpeg_idct.c) give libjpeg-turbo's own bytes: every decode
/// below runs twice through the shim, once with libjpeg's functions throughout (`plain_idct`), and
/// must match to the byte, with the same status and warnings. Where the CPU has AVX2 the tests also
/// check that the kernels ran (and, at their limits, that libjpeg's functions took the blocks out of
/// their bounds), so a kernel that was never installed cannot pass unnoticed.
@Suite struct JPEGInverseDCTTests {
    /// Whether this machine runs the kernels: x86-64 Linux with AVX2 (not capped by GALLERY_RENDER_SIMD).
    static var kernelsRun: Bool {
        #if arch(x86_64) && os(Linux)
            gr_simd_level() == GR_SIMD_AVX2
        #else
            false
        #endif
    }

    /// Decodes `bytes` both ways at `eighths`/8 and expects the same outcome; the kernels' counts.
    @discardableResult
    static func expectSame(
        _ bytes: [UInt8], eighths: Int, region: (Int, Int, Int, Int)? = nil, _ name: String
    ) -> gr_jpeg_idct_counts {
        let plain = ShimDecode.run(bytes, eighths: eighths, region: region) { $0.plain_idct = 1 }
        let fast = ShimDecode.run(bytes, eighths: eighths, region: region)
        let what = "\(name) at \(eighths)/8\(region.map { " region \($0)" } ?? "")"
        #expect(plain.idct.simd_blocks == 0 && plain.idct.fallback_blocks == 0)
        if let difference = fast.difference(from: plain) { Issue.record("\(what): \(difference) (libjpeg's second)") }
        return fast.idct
    }

    /// The corpus's JPEGs (libjpeg-turbo's test images, the EXIF set) and its Kodak photos saved as
    /// JPEGs at quality 92, each with its name.
    static func corpusJPEGs() throws -> [(String, [UInt8])] {
        var files: [(String, [UInt8])] = []
        for folder in ["jpeg", "exif-orientation"] {
            for name in Corpus.files(in: folder) where name.lowercased().hasSuffix(".jpg") {
                files.append(("\(folder)/\(name)", try Corpus.bytes("\(folder)/\(name)")))
            }
        }
        for name in Corpus.files(in: "photos") where name.hasPrefix("kodim") {
            let photo = try PNGDecoder.decode(try Corpus.bytes("photos/\(name)")).image
            files.append(("photos/\(name) as a JPEG", try #require(JPEGEncoder.encode(photo, quality: 92))))
        }
        return files
    }

    static func noise(width: Int, height: Int, seed: UInt64) -> RGBAImage {
        var random = SplitMix(seed: seed)
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let grain = UInt8(truncatingIfNeeded: random.next() & 63)
                pixels += [
                    UInt8(truncatingIfNeeded: x * 3) &+ grain, UInt8(truncatingIfNeeded: y * 5), grain &* 4, 255,
                ]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func photosAtEveryScaleWholeAndInRegions() throws {
        var counts = gr_jpeg_idct_counts()
        for (width, height, progressive) in [(77, 61, false), (64, 48, true), (203, 157, false), (16, 9, false)] {
            let image = Self.noise(width: width, height: height, seed: UInt64(width))
            let bytes = try #require(JPEGEncoder.encode(image, quality: 92, progressive: progressive))
            for eighths in 1...8 {
                let result = Self.expectSame(bytes, eighths: eighths, "\(width)×\(height)")
                if eighths == 3 || eighths == 6 { counts.simd_blocks += result.simd_blocks }
                let (w, h) = ((width * eighths + 7) / 8, (height * eighths + 7) / 8)
                for region in [(w / 3, h / 4, max(1, w / 2), max(1, h / 2)), (0, h - 1, w, 1), (w - 1, 0, 1, h)] {
                    Self.expectSame(bytes, eighths: eighths, region: region, "\(width)×\(height)")
                }
            }
        }
        if Self.kernelsRun { #expect(counts.simd_blocks > 0, "the AVX2 kernels never ran") }
    }

    /// Cut and damaged files: libjpeg's warnings and its filling of missing data are kept.
    @Test func damagedPhotos() throws {
        let image = Self.noise(width: 120, height: 90, seed: 5)
        let bytes = try #require(JPEGEncoder.encode(image, quality: 95))
        var damaged: [[UInt8]] = [Array(bytes.prefix(bytes.count / 2)), Array(bytes.prefix(bytes.count - 3))]
        var random = SplitMix(seed: 9)
        for _ in 0..<6 {
            var copy = bytes
            for _ in 0..<4 {
                let at = 700 + Int(random.next() % UInt64(bytes.count - 710))
                copy[at] = UInt8(truncatingIfNeeded: random.next())
            }
            damaged.append(copy)
        }
        for (index, file) in damaged.enumerated() {
            for eighths in [3, 6] { Self.expectSame(file, eighths: eighths, "damaged file \(index)") }
        }
    }

    /// Blocks at and past the kernels' bounds, written straight as coefficients: large and sparse
    /// coefficients over fine tables (outputs far outside 0…255, which libjpeg's table wraps), coarse
    /// 16-bit tables (entries over 32767 read as negative, as libjpeg reads them), gray and 4:2:0.
    @Test(arguments: 0..<5)
    func blocksAtTheKernelsLimits(_ kind: Int) throws {
        var random = SplitMix(seed: UInt64(40 + kind))
        let (width, height) = (64, 48)
        var counts = gr_jpeg_idct_counts()
        for components in [1, 3] {
            let blocks = (width / 8) * (height / 8) + (components == 3 ? 2 * (width / 16) * (height / 16) : 0)
            let limit = kind == 0 ? 30 : 1023
            let coefficients = (0..<blocks * 64).map { _ -> Int16 in
                let value = Int16(Int(random.next() % UInt64(2 * limit + 1)) - limit)
                return kind > 0 && random.next() % 8 != 0 ? 0 : value
            }
            let largest: UInt64 = [16, 8, 32, 255, 65535][kind]
            let luma = (0..<64).map { _ in UInt16(1 + random.next() % largest) }
            let chroma = (0..<64).map { _ in UInt16(1 + random.next() % largest) }
            var size = 0
            var message = [CChar](repeating: 0, count: 256)
            let written = gr_jpeg_from_coefficients(
                UInt32(width), UInt32(height), Int32(components), coefficients, luma, chroma, &size, &message)
            let pointer = try #require(
                written, "\(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
            defer { free(pointer) }
            let bytes = [UInt8](UnsafeBufferPointer(start: pointer, count: size))
            for eighths in 1...8 {
                let result = Self.expectSame(bytes, eighths: eighths, "kind \(kind), \(components) components")
                counts.simd_blocks += result.simd_blocks
                counts.fallback_blocks += result.fallback_blocks
            }
        }
        if Self.kernelsRun {
            #expect(counts.simd_blocks > 0, "no block within the kernels' bounds")
            if kind > 0 { #expect(counts.fallback_blocks > 0, "no block past the kernels' bounds") }
        }
    }

    /// The conformance JPEGs (libjpeg-turbo's test images, the EXIF set) and the Kodak photos saved as
    /// JPEGs, at the two scales the kernels serve.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
    func corpusPhotos() throws {
        var counts = gr_jpeg_idct_counts()
        for (name, bytes) in try Self.corpusJPEGs() {
            for eighths in [3, 6] { counts.simd_blocks += Self.expectSame(bytes, eighths: eighths, name).simd_blocks }
        }
        if Self.kernelsRun { #expect(counts.simd_blocks > 0) }
    }
}
