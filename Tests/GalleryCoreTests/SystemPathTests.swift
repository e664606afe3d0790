import Foundation
import GalleryCore
import TestSupport
import Testing

/// File names that are not UTF-8 survive the trip through String (issue 21, item 15).
@Suite struct SystemPathTests {
    @Test func everyByteSequenceComesBackExactly() {
        var random = SplitMix(seed: 15)
        for _ in 0..<2000 {
            let count = Int.random(in: 0...24, using: &random)
            // Bytes weighted towards UTF-8's interesting ones: ASCII, continuations, lead bytes, F4 8F.
            let pool: [UInt8] = [
                0x61, 0x2F, 0x80, 0xBF, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0xF4, 0x8F, 0xBC, 0xFF, 0xC0,
            ]
            let bytes = (0..<count).map { _ in pool.randomElement(using: &random) ?? 0x61 }
            #expect(SystemPath.bytes(SystemPath.string(bytes)) == bytes, "\(bytes)")
        }
    }

    @Test func validUTF8IsUnchangedAndOtherBytesAreEscaped() {
        #expect(SystemPath.string(Array("café/ü €.jpg".utf8)) == "café/ü €.jpg")
        // Latin-1 é (0xE9) alone is not UTF-8: one escaped scalar, U+10FF00 + 0xE9.
        let latin1 = SystemPath.string([0x63, 0x61, 0x66, 0xE9])
        #expect(latin1.unicodeScalars.map(\.value) == [0x63, 0x61, 0x66, 0x10_FFE9])
        // A real U+10FF41 (F4 8F BD 81) is escaped byte by byte, so it cannot be taken for byte 0x41.
        let real = SystemPath.string([0xF4, 0x8F, 0xBD, 0x81])
        #expect(real.unicodeScalars.map(\.value) == [0x10_FFF4, 0x10_FF8F, 0x10_FFBD, 0x10_FF81])
        #expect(SystemPath.bytes(real) == [0xF4, 0x8F, 0xBD, 0x81])
    }

    /// Inside a folder through links and `..`, whether or not either exists yet.
    @Test func insideAFolderWhetherOrNotEitherExists() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("r1/sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.file("link"), withDestinationPath: "r1")
        let cases: [(String, String, Bool)] = [
            ("r1", "r1", true), ("r1/sub", "r1", true), ("link/sub", "r1", true), ("r1/new/deeper", "r1", true),
            ("r1/../elsewhere", "r1", false), ("r1/sub/../..", "r1", false), ("missing/x", "missing", true),
            ("missing/x/../y", "missing", true), ("missing/../missing/y", "missing", true),
            ("missing/../other", "missing", false), ("r1", "r1/sub", false),
        ]
        for (path, parent, inside) in cases {
            #expect(
                SystemPath.isInside(folder.file(path), folder: folder.file(parent)) == inside, "\(path) in \(parent)")
        }
    }
}
