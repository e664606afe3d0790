import CJPEG
import CJPEGCoefficients
import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// The Huffman decoder (gr_jpeg_huffman.c) gives libjpeg-turbo's own outcome: every decode here runs
/// twice through the shim, once with libjpeg's decoder throughout (`plain_entropy`), and must match
/// to the byte, with the same status, warnings and message. The tests also check whose decoder read
/// each scan, so one never installed, or one giving up on clean files, cannot pass unnoticed.
@Suite struct JPEGHuffmanTests {
    /// Decodes `bytes` both ways and expects the same outcome; whose decoder read the scan (ShimDecode.entropy).
    /// With `plainIDCT`, libjpeg's inverse DCTs both ways (what a CPU without AVX2 runs): the
    /// coefficients its scaled ones never read are dropped for them too.
    @discardableResult
    static func expectSame(
        _ bytes: [UInt8], eighths: Int, region: (Int, Int, Int, Int)? = nil, plainIDCT: Bool = false, _ name: String
    ) -> Int {
        let idct: Int32 = plainIDCT ? 1 : 0
        let plain = ShimDecode.run(bytes, eighths: eighths, region: region) {
            ($0.plain_entropy, $0.plain_idct) = (1, idct)
        }
        let fast = ShimDecode.run(bytes, eighths: eighths, region: region) { $0.plain_idct = idct }
        let what =
            "\(name) at \(eighths)/8\(region.map { " region \($0)" } ?? "")\(plainIDCT ? ", libjpeg's IDCTs" : "")"
        #expect(plain.entropy == 0, "\(what): plain_entropy was not libjpeg's")
        if let difference = fast.difference(from: plain) { Issue.record("\(what): \(difference) (libjpeg's second)") }
        return fast.entropy
    }

    /// Whole decodes and regions (a band in the middle, a few columns, the last row) at every scale;
    /// whose decoder read each whole decode and each region from the top. Those regions are the ones
    /// gr_jpeg_huffman.c reads (lower ones are resumed), and their columns are where it drops the
    /// blocks outside libjpeg's crop: a few in the middle, the last ones, the first one.
    static func decoders(_ bytes: [UInt8], _ name: String) -> Set<Int> {
        var header = gr_jpeg_header()
        guard gr_jpeg_read_header(bytes, bytes.count, &header) == GR_JPEG_OK else { return [] }
        var decoders = Set<Int>()
        for eighths in 1...8 {
            decoders.insert(expectSame(bytes, eighths: eighths, name))
            decoders.insert(expectSame(bytes, eighths: eighths, plainIDCT: true, name))
            let (w, h) = ((Int(header.width) * eighths + 7) / 8, (Int(header.height) * eighths + 7) / 8)
            for region in [(0, h / 3, w, max(1, h / 4)), (w / 3, h / 5, max(1, w / 4), h - h / 5), (0, h - 1, w, 1)] {
                expectSame(bytes, eighths: eighths, region: region, name)
            }
            let (quarter, fifth) = (max(1, w / 4), max(1, w / 5))
            for region in [(w / 3, 0, quarter, max(1, h / 2)), (w - fifth, 0, fifth, h), (0, 0, 1, h)] {
                decoders.insert(expectSame(bytes, eighths: eighths, region: region, name))
            }
        }
        return decoders
    }

    /// Every sampling libjpeg writes, gray and CMYK, standard and fitted tables, qualities from 50 to
    /// 100: decoded by gr_jpeg_huffman.c at every scale (at 1/8 it skips the ACs as libjpeg does).
    @Test func everySamplingAtEveryScale() throws {
        let image = JPEGInverseDCTTests.noise(width: 203, height: 157, seed: 21)
        // Fitted tables at quality 100 too (which JPEGResumeTests leaves out: they are never resumed).
        let kinds =
            JPEGResumeTests.everyKind + [
                ("quality 100, fitted tables", JPEGResumeTests.settings(quality: 100, optimize: true))
            ]
        for (name, settings) in kinds {
            let decoders = Self.decoders(try JPEGResumeTests.encode(image, settings), name)
            #expect(decoders == [1], "\(name): read by \(decoders.sorted()), not by gr_jpeg_huffman.c alone")
        }
    }

    /// Blocks written straight as coefficients: up to ±1023 in every position (the longest codes and
    /// the most extra bits of the standard tables), and sparse ones with long zero runs.
    @Test(arguments: [(1023, 1), (1023, 8), (31, 2), (3, 1)])
    func largeCoefficientsAndLongRuns(limit: Int, sparseness: Int) throws {
        var random = SplitMix(seed: UInt64(limit * 10 + sparseness))
        let (width, height) = (96, 64)
        for components in [1, 3] {
            let blocks = (width / 8) * (height / 8) + (components == 3 ? 2 * (width / 16) * (height / 16) : 0)
            let coefficients = (0..<blocks * 64).map { _ -> Int16 in
                random.next() % UInt64(sparseness) != 0 ? 0 : Int16(Int(random.next() % UInt64(2 * limit + 1)) - limit)
            }
            let table = (0..<64).map { _ in UInt16(1 + random.next() % 4) }
            var size = 0
            var message = [CChar](repeating: 0, count: 256)
            let written = gr_jpeg_from_coefficients(
                UInt32(width), UInt32(height), Int32(components), coefficients, table, table, &size, &message)
            let pointer = try #require(written, "\(FixedCString.string(message))")
            defer { free(pointer) }
            let bytes = [UInt8](UnsafeBufferPointer(start: pointer, count: size))
            let name = "±\(limit), 1 in \(sparseness) set, \(components) components"
            #expect(Self.decoders(bytes, name) == [1], "\(name): not read by gr_jpeg_huffman.c")
        }
    }

    /// Restart markers and progressive scans are left to libjpeg.
    @Test func restartMarkersAndProgressiveScansAreLeftToLibjpeg() throws {
        let image = JPEGInverseDCTTests.noise(width: 96, height: 80, seed: 22)
        for (name, settings) in [
            ("restart every row", JPEGResumeTests.settings(restartRows: 1)),
            ("progressive", JPEGResumeTests.settings(progressive: true)),
        ] {
            #expect(Self.decoders(try JPEGResumeTests.encode(image, settings), name) == [0], "\(name)")
        }
    }

    /// Cut, damaged and oddly ended files: the same outcome either way. Wherever libjpeg might warn or
    /// guess, gr_jpeg_huffman.c gives up and libjpeg decodes the file again (entropy 2); a file that
    /// ends with EOI straight after the scan, trailing data after it or not, stays with it (1).
    @Test func damagedFiles() throws {
        let bytes = try #require(
            JPEGEncoder.encode(JPEGInverseDCTTests.noise(width: 160, height: 120, seed: 23), quality: 92))
        let scan = try #require(JPEGResumeTests.scanStart(bytes))
        let body = bytes.count - 2 - scan
        var files: [(String, [UInt8], Int?)] = [
            ("cut at half", Array(bytes.prefix(scan + body / 2)), 2),
            ("cut at 99 %", Array(bytes.prefix(scan + body * 99 / 100)), 2),
            ("no EOI", Array(bytes.dropLast(2)), 2),
            ("half an EOI", Array(bytes.dropLast(1)), 2),
            ("bytes before EOI", bytes.dropLast(2) + [0x12, 0x34, 0xFF, 0xD9], 2),
            ("fill bytes before EOI", bytes.dropLast(2) + [0xFF, 0xFF, 0xD9], 2),
            ("a comment before EOI", bytes.dropLast(2) + [0xFF, 0xFE, 0x00, 0x04, 0x61, 0x62, 0xFF, 0xD9], 2),
            ("data after EOI", bytes + Array("trailing".utf8), 1),
        ]
        var random = SplitMix(seed: 24)
        for index in 0..<24 {
            let at = scan + Int(random.next() % UInt64(body))
            var flipped = bytes
            flipped[at] ^= UInt8(1 << (random.next() % 8))
            files.append(("a bit flipped \(index)", flipped, nil))
            var marked = bytes
            marked.insert(contentsOf: index % 2 == 0 ? [0xFF, 0xD3] : [0xFF, 0xFF, 0x00], at: at)
            files.append(("bytes inserted \(index)", marked, 2))
        }
        var gaveUp = 0
        for (name, file, expected) in files {
            for eighths in [1, 3, 8] {
                let entropy = Self.expectSame(file, eighths: eighths, name)
                if let expected { #expect(entropy == expected, "\(name) at \(eighths)/8: entropy \(entropy)") }
                if entropy == 2 { gaveUp += 1 }
                Self.expectSame(file, eighths: eighths, region: (10, 20, 5 * eighths, 7 * eighths), name)
            }
        }
        #expect(gaveUp > 0)
    }

    /// A decode that stops above where a cut file ends: libjpeg's reader reads up to 64 bits ahead of
    /// the last code it decodes, and its memory source warns when that read-ahead reaches the end of
    /// the file, needed or not. Cut at every byte of the scan's second half, the top half decoded.
    @Test func decodesStoppingAboveTheEndOfACutFile() throws {
        let bytes = try #require(
            JPEGEncoder.encode(JPEGInverseDCTTests.noise(width: 64, height: 192, seed: 25), quality: 92))
        let scan = try #require(JPEGResumeTests.scanStart(bytes))
        var ours = 0
        for cut in stride(from: (scan + bytes.count) / 2, to: bytes.count, by: 1) {
            let file = Array(bytes.prefix(cut))
            if Self.expectSame(file, eighths: 8, region: (0, 0, 64, 96), "cut at \(cut)") == 1 { ours += 1 }
            Self.expectSame(file, eighths: 3, region: (0, 0, 24, 36), "cut at \(cut)")
        }
        #expect(ours > 0)
    }

    /// The conformance JPEGs (libjpeg-turbo's test images, the EXIF set) and the Kodak photos saved as JPEGs.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
    func corpusPhotos() throws {
        var decoded = 0
        for (name, bytes) in try JPEGInverseDCTTests.corpusJPEGs() {
            for eighths in [1, 3, 8] where Self.expectSame(bytes, eighths: eighths, name) == 1 { decoded += 1 }
        }
        #expect(decoded > 0)
    }
}
