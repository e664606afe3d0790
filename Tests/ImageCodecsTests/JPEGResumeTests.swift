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
    /// its standard and with fitted Huffman tables, qualities 50 and 100.
    static let everyKind: [(String, gr_jpeg_test_settings)] = [
        ("4:2:0", settings()),
        ("4:2:0, fitted tables", settings(optimize: true)),
        ("4:4:4", settings(sampling: [(1, 1), (1, 1), (1, 1)])),
        ("4:2:2", settings(sampling: [(2, 1), (1, 1), (1, 1)])),
        ("4:4:0", settings(sampling: [(1, 2), (1, 1), (1, 1)])),
        ("4:1:1", settings(sampling: [(4, 1), (1, 1), (1, 1)])),
        ("2×2, 1×2, 1×1", settings(sampling: [(2, 2), (1, 2), (1, 1)])),
        ("1×1, 2×2, 1×1", settings(sampling: [(1, 1), (2, 2), (1, 1)])),
        ("quality 50", settings(quality: 50)),
        ("quality 100", settings(quality: 100)),
        ("gray", settings(components: 1)),
        ("gray, fitted tables", settings(components: 1, optimize: true)),
        ("CMYK", settings(components: 4)),
    ]

    /// Every sampling libjpeg writes (some photos in the wild use the odd ones), gray and CMYK, with
    /// its standard and with fitted Huffman tables, at every scale: resumed, and the same bytes.
    @Test func everySamplingAtEveryScale() throws {
        let image = JPEGInverseDCTTests.noise(width: 203, height: 419, seed: 3)
        for (name, settings) in Self.everyKind {
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

    /// Fill bytes after the data: libjpeg reads FF FF … FF 00 as one data byte, so a run of them before
    /// the end of a cut file leaves its read-ahead as little room as that one byte. Gray JPEGs of
    /// rows a few bits long (written here with the standard tables), cut where a row starts, runs of
    /// FFs and a 00 after; the bands of rows near the cut decoded both ways (those a few rows above it
    /// are not resumed: the fill run is one data byte, too little room).
    @Test func fillBytesBeforeTheEndOfACutFile() throws {
        // Found by a review: 8 × 2000, gray, rows of a few bits, cut after row 124, 41 FFs and a 00.
        let path = Corpus.repositoryRoot.appendingPathComponent("Fixtures/jpeg/fill-run-cut.jpg").path
        let found = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        for y in stride(from: 960, to: 1016, by: 4) {
            for rows in [1, 8] {
                // Against libjpeg alone: neither a resumption nor gr_jpeg_huffman.c's decoder.
                let region = (0, y, 8, rows)
                let plain = ShimDecode.run(found, eighths: 8, region: region) {
                    ($0.plain_skip, $0.plain_entropy) = (1, 1)
                }
                let fast = ShimDecode.run(found, eighths: 8, region: region)
                if let difference = fast.difference(from: plain) {
                    Issue.record("fill-run-cut.jpg, region \(region): \(difference) (libjpeg's second)")
                }
                Self.expectSame(found, eighths: 8, region: region, "fill-run-cut.jpg")
            }
        }
        var resumed = 0
        for seed in 0..<20 {
            var random = SplitMix(seed: UInt64(seed))
            let (file, height, cut) = Self.shortRowsCutWithFill(&random)
            for y in stride(from: max(2, cut - 30) * 8, to: min(height, (cut + 2) * 8), by: 8) {
                for rows in [1, 8] where y + rows <= height {
                    let bit = Self.expectSame(file, eighths: 8, region: (0, y, 8, rows), "seed \(seed)")
                    if bit != nil { resumed += 1 }
                }
            }
        }
        #expect(resumed > 0)
    }

    /// An 8-pixel-wide gray baseline JPEG whose blocks hold a DC difference and at most a few small
    /// ACs, cut at the start of one of its rows (the byte's other bits random), runs of FFs ending in
    /// 00 after; no EOI. The file, its height and the row cut at.
    static func shortRowsCutWithFill(_ random: inout SplitMix) -> ([UInt8], Int, Int) {
        func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((payload.count + 2) >> 8), UInt8((payload.count + 2) & 0xFF)] + payload
        }
        // The standard luminance tables (ITU-T T.81 K.3): counts of each length, then the symbols.
        let dcBits: [UInt8] = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
        let dcCodes: [(UInt32, Int)] = [(0b00, 2), (0b010, 3), (0b011, 3), (0b100, 3)]  // categories 0…3
        let acBits: [UInt8] = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D]
        let acSymbols: [UInt8] = [
            0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07,
        ]
        let acCodes: [UInt8: (UInt32, Int)] = [0x01: (0b00, 2), 0x02: (0b01, 2), 0x00: (0b1010, 4), 0x11: (0b1100, 4)]
        let rows = 40 + Int(random.next() % 200), height = rows * 8
        var header: [UInt8] = [0xFF, 0xD8] + segment(0xDB, [0] + [UInt8](repeating: 2, count: 64))
        header += segment(0xC0, [8, UInt8(height >> 8), UInt8(height & 0xFF), 0, 8, 1, 1, 0x11, 0])
        header += segment(0xC4, [0x00] + dcBits + (0..<12).map { UInt8($0) })
        // Only the AC symbols above are used; the rest of the standard table's 162 follow in its order.
        let standardAC = Self.standardLuminanceACSymbols
        precondition(Array(standardAC.prefix(acSymbols.count)) == acSymbols)
        header += segment(0xC4, [0x10] + acBits + standardAC)
        header += segment(0xDA, [1, 1, 0x00, 0, 63, 0])
        var bits: [UInt8] = [], rowStarts: [Int] = []
        func put(_ value: UInt32, _ length: Int) {
            for i in stride(from: length - 1, through: 0, by: -1) { bits.append(UInt8((value >> UInt32(i)) & 1)) }
        }
        for _ in 0..<rows {
            rowStarts.append(bits.count)
            let category = [0, 0, 0, 1, 2, 3][Int(random.next() % 6)]
            put(dcCodes[category].0, dcCodes[category].1)
            if category > 0 { put(UInt32(random.next() % (1 << UInt64(category))), category) }
            for _ in 0..<Int(random.next() % 3) {
                let symbol: UInt8 = [0x01, 0x02, 0x11][Int(random.next() % 3)]
                let code = acCodes[symbol] ?? (0, 0)
                put(code.0, code.1)
                put(UInt32(random.next() % (1 << UInt64(symbol & 15))), Int(symbol & 15))
            }
            put(acCodes[0x00]?.0 ?? 0, 4)
        }
        let cut = rows / 2 + Int(random.next() % UInt64(rows / 2))
        var kept = Array(bits.prefix(rowStarts[cut]))
        while kept.count % 8 != 0 { kept.append(UInt8(random.next() & 1)) }
        var data: [UInt8] = []
        for at in stride(from: 0, to: kept.count, by: 8) {
            let byte = kept[at..<at + 8].reduce(UInt8(0)) { $0 << 1 | $1 }
            data += byte == 0xFF ? [0xFF, 0x00] : [byte]
        }
        for _ in 0..<1 + Int(random.next() % 3) {
            data += [UInt8](repeating: 0xFF, count: 1 + Int(random.next() % 60)) + [0x00]
        }
        return (header + data, height, cut)
    }

    /// The standard luminance AC table's 162 symbols (ITU-T T.81 K.3), in code order.
    static let standardLuminanceACSymbols: [UInt8] = {
        var symbols: [UInt8] = [0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51]
        symbols += [0x61, 0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42, 0xB1, 0xC1, 0x15, 0x52]
        symbols += [0xD1, 0xF0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0A, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x25, 0x26]
        symbols += [0x27, 0x28, 0x29, 0x2A, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A, 0x43, 0x44, 0x45, 0x46, 0x47]
        symbols += [0x48, 0x49, 0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5A, 0x63, 0x64, 0x65, 0x66, 0x67]
        symbols += [0x68, 0x69, 0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7A, 0x83, 0x84, 0x85, 0x86, 0x87]
        symbols += [0x88, 0x89, 0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5]
        symbols += [0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3]
        symbols += [0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA]
        symbols += [0xE1, 0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEA, 0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6]
        symbols += [0xF7, 0xF8, 0xF9, 0xFA]
        return symbols
    }()

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
