import CJPEG
import CJPEGCoefficients
import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// Rows far down a baseline JPEG come through a resumption (gr_jpeg_resume.c): a new JPEG made of the
/// header, a stand-in row and the original's bytes from that row on, so libjpeg never decodes the rows
/// above. Every decode here runs both ways — so, and with libjpeg decoding the rows above
/// (`plain_skip`) — and must match to the byte, with the same status, warnings and message. Where the
/// resumption must serve (clean baseline files, every sampling) the tests check that it did, and where
/// it must not (restart markers, progressive scans, damage above the rows, tables without the codes
/// the stand-in row needs, a file that does not end with EOI straight after the rows) that it did not.
@Suite struct JPEGResumeTests {
    /// Decodes `bytes` both ways and expects the same outcome; where the resumed one began, if it was.
    @discardableResult
    static func expectSame(_ bytes: [UInt8], eighths: Int, region: (Int, Int, Int, Int), _ name: String) -> Int? {
        let plain = ShimDecode.run(bytes, eighths: eighths, region: region) { $0.plain_skip = 1 }
        let resumed = ShimDecode.run(bytes, eighths: eighths, region: region)
        #expect(!plain.resumed)
        if let difference = resumed.difference(from: plain) {
            Issue.record("\(name) at \(eighths)/8, region \(region): \(difference) (libjpeg's second)")
        }
        return resumed.resumedAtBit
    }

    /// Regions of a w × h image whose rows start below the top: slivers at the bottom, the last row, a
    /// band in the middle, and the same with a few columns only.
    static func regions(width w: Int, height h: Int) -> [(Int, Int, Int, Int)] {
        let rows = [
            (h - max(1, h / 16), max(1, h / 16)), (h - 1, 1), (h / 2, max(1, h / 8)), (h * 2 / 3, h - h * 2 / 3),
        ]
        return rows.flatMap { y, height in [(0, y, w, height), (w / 3, y, max(1, w / 4), height)] }
    }

    /// Decodes every region at every scale both ways; how many were resumed (none for a JPEG whose
    /// header the shim refuses, such as a 12-bit one).
    static func resumedCount(_ bytes: [UInt8], _ name: String) -> Int {
        var header = gr_jpeg_header()
        guard gr_jpeg_read_header(bytes, bytes.count, &header) == GR_JPEG_OK else { return 0 }
        var resumed = 0
        for eighths in 1...8 {
            let (w, h) = ((Int(header.width) * eighths + 7) / 8, (Int(header.height) * eighths + 7) / 8)
            for region in regions(width: w, height: h) where region.1 > 0 {
                if expectSame(bytes, eighths: eighths, region: region, name) != nil { resumed += 1 }
            }
        }
        return resumed
    }

    static func encode(_ image: RGBAImage, _ settings: gr_jpeg_test_settings) throws -> [UInt8] {
        var settings = settings
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let written = image.pixels.withUnsafeBufferPointer {
            gr_jpeg_test_encode($0.baseAddress, UInt32(image.width), UInt32(image.height), &settings, &size, &message)
        }
        let pointer = try #require(written, "\(FixedCString.string(message))")
        defer { free(pointer) }
        return [UInt8](UnsafeBufferPointer(start: pointer, count: size))
    }

    static func settings(
        components: Int32 = 3, sampling: [(Int32, Int32)] = [], quality: Int32 = 92, optimize: Bool = false,
        restartRows: Int32 = 0, restartBlocks: Int32 = 0, progressive: Bool = false
    ) -> gr_jpeg_test_settings {
        var settings = gr_jpeg_test_settings()
        settings.components = components
        settings.quality = quality
        settings.optimize = optimize ? 1 : 0
        settings.restart_rows = restartRows
        settings.restart_blocks = restartBlocks
        settings.progressive = progressive ? 1 : 0
        withUnsafeMutableBytes(of: &settings.h_samp) { h in
            withUnsafeMutableBytes(of: &settings.v_samp) { v in
                for (index, (across, down)) in sampling.enumerated() {
                    h.storeBytes(of: across, toByteOffset: index * 4, as: Int32.self)
                    v.storeBytes(of: down, toByteOffset: index * 4, as: Int32.self)
                }
            }
        }
        return settings
    }

    /// Every sampling libjpeg writes (some photos in the wild use the odd ones), gray and CMYK, with
    /// its standard and with fitted Huffman tables, at every scale: resumed, and the same bytes.
    @Test func everySamplingAtEveryScale() throws {
        let image = JPEGInverseDCTTests.noise(width: 203, height: 419, seed: 3)
        let cases: [(String, gr_jpeg_test_settings)] = [
            ("4:2:0", Self.settings()),
            ("4:2:0, fitted tables", Self.settings(optimize: true)),
            ("4:4:4", Self.settings(sampling: [(1, 1), (1, 1), (1, 1)])),
            ("4:2:2", Self.settings(sampling: [(2, 1), (1, 1), (1, 1)])),
            ("4:4:0", Self.settings(sampling: [(1, 2), (1, 1), (1, 1)])),
            ("4:1:1", Self.settings(sampling: [(4, 1), (1, 1), (1, 1)])),
            ("2×2, 1×2, 1×1", Self.settings(sampling: [(2, 2), (1, 2), (1, 1)])),
            ("1×1, 2×2, 1×1", Self.settings(sampling: [(1, 1), (2, 2), (1, 1)])),
            ("quality 50", Self.settings(quality: 50)),
            ("quality 100", Self.settings(quality: 100)),
            ("gray", Self.settings(components: 1)),
            ("gray, fitted tables", Self.settings(components: 1, optimize: true)),
            ("CMYK", Self.settings(components: 4)),
        ]
        for (name, settings) in cases {
            let resumed = Self.resumedCount(try Self.encode(image, settings), name)
            #expect(resumed > 0, "\(name): never resumed")
        }
    }

    /// Rows beginning at every bit of a byte: the stand-in row's last coefficient takes 0…7 of the
    /// original's bits, and each width must give the same bytes.
    @Test func rowsBeginningAtEveryBit() throws {
        let bytes = try #require(
            JPEGEncoder.encode(JPEGInverseDCTTests.noise(width: 48, height: 1600, seed: 8), quality: 95))
        var bits = Set<Int>()
        for eighths in [3, 8] {
            let rowHeight = 2 * eighths
            for y in stride(from: 40 * rowHeight, to: 100 * rowHeight, by: rowHeight) {
                let bit = Self.expectSame(bytes, eighths: eighths, region: (0, y, 6 * eighths, 3), "every bit")
                #expect(bit != nil, "row \(y) at \(eighths)/8 was not resumed")
                if let bit { bits.insert(bit) }
            }
        }
        #expect(bits == Set(0..<8), "rows began only at bits \(bits.sorted())")
    }

    /// Scans the resumption cannot enter are left to libjpeg: restart markers (where libjpeg resets
    /// its predictions and may resynchronise), progressive and multi-scan files.
    @Test func restartMarkersAndProgressiveScansAreLeftToLibjpeg() throws {
        let image = JPEGInverseDCTTests.noise(width: 160, height: 320, seed: 4)
        for (name, settings) in [
            ("restart every row", Self.settings(restartRows: 1)),
            ("restart every 3 MCUs", Self.settings(restartBlocks: 3)),
            ("progressive", Self.settings(progressive: true)),
        ] {
            #expect(Self.resumedCount(try Self.encode(image, settings), name) == 0, "\(name): resumed")
        }
    }

    /// Cut, damaged and oddly ended files: the same outcome either way. Damage above the rows wanted,
    /// or a file that does not end with EOI straight after the last row, keeps the resumption out.
    @Test func damagedFiles() throws {
        let bytes = try #require(
            JPEGEncoder.encode(JPEGInverseDCTTests.noise(width: 160, height: 640, seed: 6), quality: 92))
        let scan = try #require(Self.scanStart(bytes))
        let body = bytes.count - 2 - scan
        var files: [(String, [UInt8], Bool?)] = [
            ("cut at half", Array(bytes.prefix(scan + body / 2)), false),
            ("cut at 99 %", Array(bytes.prefix(scan + body * 99 / 100)), false),
            ("no EOI", Array(bytes.dropLast(2)), false),
            ("half an EOI", Array(bytes.dropLast(1)), false),
            ("bytes before EOI", bytes.dropLast(2) + [0x12, 0x34, 0xFF, 0xD9], false),
            ("fill bytes before EOI", bytes.dropLast(2) + [0xFF, 0xFF, 0xD9], false),
            ("a comment before EOI", bytes.dropLast(2) + [0xFF, 0xFE, 0x00, 0x04, 0x61, 0x62, 0xFF, 0xD9], false),
            ("data after EOI", bytes + Array("trailing".utf8), true),
        ]
        var random = SplitMix(seed: 12)
        for index in 0..<8 {
            let early = index < 4
            let at = scan + (early ? body / 10 : body * 95 / 100) + Int(random.next() % UInt64(body / 40))
            var flipped = bytes
            flipped[at] ^= UInt8(1 << (random.next() % 8))
            files.append(("a bit flipped \(early ? "early" : "late") \(index)", flipped, nil))
            var marked = bytes
            marked.insert(contentsOf: index % 2 == 0 ? [0xFF, 0xD3] : [0xFF, 0xFF, 0x00], at: at)
            files.append(("bytes inserted \(early ? "early" : "late") \(index)", marked, nil))
        }
        for (name, file, resumes) in files {
            for eighths in [3, 8] {
                let (w, h) = (20 * eighths, 80 * eighths)
                let bit = Self.expectSame(file, eighths: eighths, region: (0, h - 3, w, 3), name)
                if let resumes { #expect((bit != nil) == resumes, "\(name) at \(eighths)/8") }
                Self.expectSame(file, eighths: eighths, region: (w / 4, h / 2, w / 2, 5), name)
            }
        }
    }

    /// The stand-in row is written with the file's own tables. Fitted tables without a code for a DC
    /// difference of 0 or for the end of a block (every block's last coefficient set) cannot write it:
    /// left to libjpeg. With both codes present the same file kind is resumed.
    @Test(arguments: [(false, false), (true, false), (false, true)])
    func tablesWithoutTheStandInRowsCodes(missingZeroDifference: Bool, missingEndOfBlock: Bool) throws {
        let (width, height) = (64, 256)
        let blocks = (width / 8) * (height / 8), chroma = (width / 16) * (height / 16)
        var coefficients: [Int16] = []
        for (count, columns) in [(blocks, width / 8), (chroma, width / 16), (chroma, width / 16)] {
            for index in 0..<count {
                var block = [Int16](repeating: 0, count: 64)
                // Raster parity: in MCU order too, each block's DC differs from the one before.
                block[0] = missingZeroDifference ? (index % 2 == 0 ? 5 : -5) : Int16(index / columns % 7)
                block[1] = Int16(index % 5) - 2
                if missingEndOfBlock || index % 3 == 0 { block[63] = 1 }
                coefficients += block
            }
        }
        let table = [UInt16](repeating: 1, count: 64)
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let written = gr_jpeg_from_coefficients(
            UInt32(width), UInt32(height), 3, coefficients, table, table, &size, &message)
        let pointer = try #require(written, "\(FixedCString.string(message))")
        defer { free(pointer) }
        let bytes = [UInt8](UnsafeBufferPointer(start: pointer, count: size))
        let bit = Self.expectSame(bytes, eighths: 8, region: (0, height - 8, width, 8), "coefficients")
        #expect((bit != nil) == !(missingZeroDifference || missingEndOfBlock))
    }

    /// Files cut anywhere in their scan, rows wanted anywhere: libjpeg reads up to 8 bytes past the
    /// bits it uses, and its memory source warns when such a read reaches the end of the file, used or
    /// not; where the two ways could read ahead differently near the end, the resumption stays out.
    @Test func filesCutJustAfterTheRowsRead() throws {
        let bytes = try #require(
            JPEGEncoder.encode(JPEGInverseDCTTests.noise(width: 16, height: 401, seed: 2), quality: 90))
        let scan = try #require(Self.scanStart(bytes))
        var resumed = 0
        for length in scan..<bytes.count {
            let cut = Array(bytes.prefix(length))
            for y in stride(from: 47, to: 401, by: 32) {
                if Self.expectSame(cut, eighths: 8, region: (0, y, 16, 1), "cut at \(length)") != nil { resumed += 1 }
            }
        }
        #expect(resumed > 0)
    }

    /// A column crop of the rows wanted is resumed too (the new JPEG is checked before it is cropped).
    @Test func columnCropsAreResumed() throws {
        let bytes = try #require(
            JPEGEncoder.encode(JPEGInverseDCTTests.noise(width: 320, height: 960, seed: 5), quality: 90))
        for eighths in [3, 8] {
            let (w, h) = (40 * eighths, 120 * eighths)
            let bit = Self.expectSame(bytes, eighths: eighths, region: (w / 3, h - 5, w / 4, 5), "cropped")
            #expect(bit != nil, "a column crop at \(eighths)/8 was not resumed")
        }
    }

    /// DC predictions wrap in libjpeg without a warning; one that reaches Int32.min (a file can make
    /// it: 65,538 differences of −32,767, then −2) cannot be carried by a DC difference: left to
    /// libjpeg, and promptly (the stand-in row's category was once sought past 31 bits, for ever).
    @Test(.timeLimit(.minutes(1))) func aDCPredictionAtInt32Min() throws {
        // 256 blocks a row: the prediction is Int32.min from row 257 on; rows 290 ..< 298 are wanted.
        let differences = [Int32](repeating: -32_767, count: 65_538) + [-2]
        let bytes = Self.wrappingGrayJPEG(width: 2048, height: 8 * 300, differences: differences)
        let plain = ShimDecode.run(bytes, eighths: 1, region: (0, 290, 16, 8)) { $0.plain_skip = 1 }
        let resumed = ShimDecode.run(bytes, eighths: 1, region: (0, 290, 16, 8))
        #expect(!resumed.resumed)
        #expect(resumed.difference(from: plain) == nil)
        #expect(plain.status == GR_JPEG_OK)
    }

    /// With `max_scans` 0 libjpeg's own path fails in the progress monitor; so does the decode here.
    @Test func noScansAllowed() throws {
        let bytes = try #require(
            JPEGEncoder.encode(JPEGInverseDCTTests.noise(width: 48, height: 640, seed: 1), quality: 90))
        let plain = ShimDecode.run(bytes, eighths: 8, region: (0, 630, 48, 10)) {
            $0.plain_skip = 1
            $0.max_scans = 0
        }
        let resumed = ShimDecode.run(bytes, eighths: 8, region: (0, 630, 48, 10)) { $0.max_scans = 0 }
        #expect(plain.status == GR_JPEG_TOO_MANY_SCANS)
        #expect(resumed.difference(from: plain) == nil)
    }

    /// A baseline gray JPEG written bit by bit: unit quantisation, a DC table with categories 0…15, an
    /// AC table with only an end of block; block i has DC difference differences[i] (0 past them).
    static func wrappingGrayJPEG(width: Int, height: Int, differences: [Int32]) -> [UInt8] {
        func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        // DC: categories 0…14 as 4-bit codes 0000…1110, 15 as 11110; AC: end of block as "0".
        var dcBits = [UInt8](repeating: 0, count: 16)
        (dcBits[3], dcBits[4]) = (15, 1)
        var header: [UInt8] = [0xFF, 0xD8]
        header += segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
        header += segment(
            0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 1, 1, 0x11, 0])
        header += segment(0xC4, [0x00] + dcBits + (0...15).map { UInt8($0) })
        header += segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0x00])
        header += segment(0xDA, [1, 1, 0x00, 0, 63, 0])
        var bits = JPEGScanBits()
        for block in 0..<(width / 8) * (height / 8) {
            let difference = block < differences.count ? differences[block] : 0
            let magnitude = difference.magnitude
            let category = magnitude == 0 ? 0 : 32 - magnitude.leadingZeroBitCount
            if category == 15 { bits.put(0b11110, 5) } else { bits.put(UInt32(category), 4) }
            bits.put(UInt32(bitPattern: difference < 0 ? difference - 1 : difference), category)
            bits.put(0, 1)
        }
        return header + bits.finish() + [0xFF, 0xD9]
    }

    /// The conformance JPEGs and the Kodak photos saved as JPEGs, every region at every scale.
    @Test(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
    func corpusPhotos() throws {
        var resumed = 0
        for folder in ["jpeg", "exif-orientation"] {
            for name in Corpus.files(in: folder) where name.lowercased().hasSuffix(".jpg") {
                resumed += Self.resumedCount(try Corpus.bytes("\(folder)/\(name)"), "\(folder)/\(name)")
            }
        }
        for name in Corpus.files(in: "photos") where name.hasPrefix("kodim") {
            let photo = try PNGDecoder.decode(try Corpus.bytes("photos/\(name)")).image
            resumed += Self.resumedCount(try #require(JPEGEncoder.encode(photo, quality: 92)), name)
        }
        #expect(resumed > 0)
    }

    /// The offset of the first byte after the (last) SOS segment.
    static func scanStart(_ bytes: [UInt8]) -> Int? {
        guard
            let sos = bytes.indices.last(where: { $0 + 3 < bytes.count && bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        else { return nil }
        return sos + 2 + Int(bytes[sos + 2]) << 8 + Int(bytes[sos + 3])
    }
}
