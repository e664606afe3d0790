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

    static let corrupt = Corpus.files(in: "pngsuite").filter { $0.hasPrefix("x") }

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
