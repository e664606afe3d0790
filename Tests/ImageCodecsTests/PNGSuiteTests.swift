import Foundation
import ImageCodecs
import TestSupport
import Testing

/// PngSuite conformance: every valid file decodes to the pixels of an independent decoder (pypng,
/// expanded to RGBA8 as libpng does; see Tools/pngsuite-golden.py), and every x*.png is refused.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipReason))
struct PNGSuiteTests {
    struct Golden: CustomTestStringConvertible, Sendable {
        let name: String
        let width: Int
        let height: Int
        let hash: UInt64
        var testDescription: String { name }
    }

    static let golden: [Golden] = {
        let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "Golden/pngsuite.tsv")
        let text = (try? String(contentsOf: table, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t")
            guard !line.hasPrefix("#"), fields.count == 4, let w = Int(fields[1]), let h = Int(fields[2]),
                let hash = UInt64(fields[3], radix: 16)
            else { return nil }
            return Golden(name: String(fields[0]), width: w, height: h, hash: hash)
        }
    }()

    @Test func goldenTableCoversEveryValidFile() {
        let valid = Corpus.files(in: "pngsuite").filter { $0.hasSuffix(".png") && !$0.hasPrefix("x") }
        #expect(Self.golden.map(\.name).sorted() == valid)
        #expect(valid.count == 161)
    }

    @Test(arguments: golden)
    func decodesLikeLibpng(_ expected: Golden) throws {
        let decoded = try ImageDecoder.decodeFile(atPath: Corpus.path("pngsuite/\(expected.name)"))
        #expect(decoded.image.width == expected.width)
        #expect(decoded.image.height == expected.height)
        #expect(PixelMath.fnv1a64(decoded.image.pixels) == expected.hash)
    }

    /// 8-bit, not interlaced, gray / gray+alpha / RGB / RGBA, without tRNS: the files the fast
    /// reader takes (every other one is libpng's).
    static func isPlain(_ png: [UInt8]) -> Bool {
        guard png.count > 28, png[24] == 8, [0, 2, 4, 6].contains(png[25]), png[28] == 0 else { return false }
        return !png.indices.dropLast(4).contains { png[$0..<$0 + 4].elementsEqual("tRNS".utf8) }
    }

    @Test(arguments: golden)
    func bothReadersGiveTheGoldenPixels(_ expected: Golden) throws {
        let bytes = try ImageDecoder.readBytes(atPath: Corpus.path("pngsuite/\(expected.name)"))
        #expect(PixelMath.fnv1a64(try PNGDecoder.decode(bytes, reader: .libpng).image.pixels) == expected.hash)
        if Self.isPlain(bytes) {
            #expect(PixelMath.fnv1a64(try PNGDecoder.decode(bytes, reader: .fast).image.pixels) == expected.hash)
        } else {
            #expect(throws: DecodeError.declined) {
                try PNGDecoder.decode(bytes, reader: .fast)
            }
        }
    }

    @Test func theFastReaderIsExercisedByEveryFilterAndColourType() throws {
        let plain = try Self.golden.map(\.name).filter {
            Self.isPlain(try ImageDecoder.readBytes(atPath: Corpus.path("pngsuite/\($0)")))
        }
        for name in [
            "basn0g08", "basn2c08", "basn4a08", "basn6a08", "f00n2c08", "f01n2c08", "f02n2c08", "f03n2c08",
            "f04n2c08", "f04n0g08", "z00n2c08", "z09n2c08",
        ] {
            #expect(plain.contains("\(name).png"))
        }
    }

    static let corrupt = Corpus.files(in: "pngsuite").filter { $0.hasPrefix("x") }

    @Test(arguments: corrupt)
    func theFastReaderLeavesCorruptFilesToLibpng(_ name: String) throws {
        let bytes = try ImageDecoder.readBytes(atPath: Corpus.path("pngsuite/\(name)"))
        #expect(throws: DecodeError.declined) {
            try PNGDecoder.decode(bytes, reader: .fast)
        }
    }

    @Test func thereAreFourteenCorruptFiles() { #expect(Self.corrupt.count == 14) }

    @Test(arguments: corrupt)
    func corruptFileIsRefused(_ name: String) {
        #expect {
            _ = try ImageDecoder.decodeFile(atPath: Corpus.path("pngsuite/\(name)"))
        } throws: { error in
            switch error as? DecodeError {
            case .corrupt(format: .png, _): true
            // Damaged signatures (xs*: bit flips; xcr, xlf: CR/LF translation) are not PNG at all.
            case .unrecognizedFormat: name.hasPrefix("xs") || name.hasPrefix("xcr") || name.hasPrefix("xlf")
            default: false
            }
        }
    }
}
