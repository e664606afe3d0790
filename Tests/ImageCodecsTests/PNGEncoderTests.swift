import Foundation
import ImageCodecs
import TestSupport
import Testing

@Suite struct PNGEncoderTests {
    static let gradient: RGBAImage = {
        var pixels: [UInt8] = []
        for i in 0..<33 * 17 { pixels += [UInt8(i % 256), UInt8(i * 7 % 256), UInt8(i * 13 % 256), 255] }
        return RGBAImage(width: 33, height: 17, pixels: pixels)
    }()

    /// The chunk types of a PNG, in order.
    static func chunks(_ png: [UInt8]) -> [String] {
        var types: [String] = []
        var at = 8
        while at + 8 <= png.count {
            let length = png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: png[at + 4..<at + 8], as: UTF8.self))
            at += 12 + length
        }
        return types
    }

    @Test func opaqueFramesAreRGBAndRoundTrip() throws {
        let png = try PNGEncoder.encode(Self.gradient)
        #expect(png[25] == 2)  // IHDR colour type: RGB
        #expect(try PNGDecoder.decode(png).image == Self.gradient)
    }

    @Test func transparentFramesAreRGBA() throws {
        var image = Self.gradient
        image.pixels[3] = 7
        let png = try PNGEncoder.encode(image)
        #expect(png[25] == 6)  // RGBA
        #expect(try PNGDecoder.decode(png).image == image)
    }

    @Test func framesReadBackIdenticallyThroughLibpng() throws {
        var transparent = Self.gradient
        transparent.pixels[3] = 7
        for image in [Self.gradient, transparent, RGBAImage(width: 1, height: 1, fill: (1, 2, 3, 255))] {
            #expect(try PNGDecoder.decode(PNGEncoder.encode(image), reader: .libpng).image == image)
        }
    }

    @Test func largeFramesSpanSeveralIDATChunks() throws {
        // Noise does not compress: 1024 × 600 RGBA is 2.4 MB of IDAT data, in chunks of at most 1 MiB.
        var random = SplitMix(seed: 7)
        let pixels = (0..<1024 * 600 * 4).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let image = RGBAImage(width: 1024, height: 600, pixels: pixels)
        let png = try PNGEncoder.encode(image)
        #expect(Self.chunks(png).filter { $0 == "IDAT" }.count == 3)
        #expect(try PNGDecoder.decode(png, reader: .libpng).image == image)
        #expect(try PNGDecoder.decode(png, reader: .libdeflate).image == image)
    }

    @Test func samePixelsGiveSameBytesWithNoVaryingChunk() throws {
        let a = try PNGEncoder.encode(Self.gradient), b = try PNGEncoder.encode(Self.gradient)
        #expect(a == b)
        #expect(Self.chunks(a) == ["IHDR", "IDAT", "IEND"])
    }
}

@Suite struct AtomicFileTests {
    @Test func writesAndReplacesWithoutLeavingTemporaries() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try AtomicFile.write([1, 2, 3], to: folder.file("a/b/out.png"))
        try AtomicFile.write([4, 5], to: folder.file("a/b/out.png"))
        #expect(try ImageDecoder.readBytes(atPath: folder.file("a/b/out.png")) == [4, 5])
        #expect(TemporaryFolder.list(folder.file("a/b")) == ["out.png"])
    }

    @Test func failureLeavesNothingAndNamesThePath() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write([0], to: "plain")
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write([1], to: folder.file("plain/out.png")) }
        // The target is a folder: rename fails after the temporary was written; it must be gone.
        try FileManager.default.createDirectory(atPath: folder.file("dir.png/x"), withIntermediateDirectories: true)
        #expect {
            try AtomicFile.write([1], to: folder.file("dir.png"))
        } throws: { error in
            (error as? AtomicFile.WriteError)?.path == folder.file("dir.png")
        }
        #expect(folder.contents() == ["dir.png", "plain"])
    }

    @Test func temporariesOfDeadProcessesAreSweptByTheNextWrite() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // PID 2^22 + 1 is above Linux's pid_max limit, so no such process can exist.
        try folder.write([9], to: ".out.png.4194305.tmp-abc123")
        try folder.write([9], to: ".other.png.4194305.tmp-abc123")
        try AtomicFile.write([1], to: folder.file("out.png"))
        #expect(folder.contents() == [".other.png.4194305.tmp-abc123", "out.png"])
    }
}

extension TemporaryFolder {
    static func list(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}
