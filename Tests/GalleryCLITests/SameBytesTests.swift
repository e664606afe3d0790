import Foundation
import GalleryCore
import ImageCodecs
import TestSupport
import Testing

/// Issue 35, part 1: every SIMD path gives the portable path's bytes. The same commands run with the
/// CPU's best level and capped by GALLERY_RENDER_SIMD (none, sse2, ssse3, avx), and every output is
/// compared byte for byte: any difference is a defect in a SIMD path, never a tolerance.
@Suite(.enabled(if: Corpus.isAvailable, Corpus.skipReason)) struct SameBytesTests {
    /// The levels below the best, each run against it (levels above the CPU's are capped to it).
    static let levels = ["none", "sse2", "ssse3", "avx"]

    /// A 4032 × 3024 photo-sized JPEG of smooth and sharp detail: decoded at a reduced scale, then
    /// resampled for @3x.
    static func largeJPEG() throws -> [UInt8] {
        var image = RGBAImage(width: 4032, height: 3024, fill: (0, 0, 0, 255))
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<3024 {
                for x in 0..<4032 {
                    let i = (y * 4032 + x) * 4
                    pixels[i] = UInt8(truncatingIfNeeded: x / 16)
                    pixels[i + 1] = UInt8(truncatingIfNeeded: (x ^ y) & 0xF8)
                    pixels[i + 2] = UInt8(truncatingIfNeeded: y / 12)
                }
            }
        }
        return try #require(JPEGEncoder.encode(image))
    }

    /// The commands, by output name: each writes `<folder>/<level>/<name>` (after `-o`, or after
    /// `--diff-image`, which ends a diff's arguments).
    static func commands(in folder: TemporaryFolder) throws -> [(name: String, arguments: [String])] {
        let photos = Corpus.path("photos"), fixtures = RenderCommandTests.fixtures
        let large = try folder.write(largeJPEG(), to: "large.jpg")
        let p3 = try folder.write(
            PNGEncoder.encode(
                try ImageDecoder.decodeFile(atPath: Corpus.path("photos/kodim07.png")).image, colorSpace: .displayP3),
            to: "p3.png")
        let heif = [Corpus.path("heif/example.heic"), Corpus.path("heif/example.avif")]
        let diffInputs = (folder.file("a.png"), folder.file("b.png"))
        return [
            ("line.png", ["--display-scale", "3", "--offset", "133.7", large, photos, p3, "--color-space", "srgb"]),
            (
                "grid-p3.png",
                [
                    "--layout", "grid", "--display-scale", "3", "--offset", "41.3", "--shape", "rounded",
                    "--corner-radius", "17.5", "--border-width", "3.3", "--color-space", "display-p3", p3, photos,
                    large,
                ] + heif
            ),
            ("round-heif.png", ["--layout", "grid", "--display-scale", "2", "--offset", "0.5"] + heif + [photos]),
            (
                "pngsuite.png",
                [
                    "--layout", "grid", "--columns", "12", "--item-size", "30", "--spacing", "1", "--height", "500",
                    "--background", "transparent", Corpus.path("pngsuite"),
                ]
            ),
            ("exif.png", ["--layout", "flow", "--display-scale", "2", Corpus.path("exif-orientation")]),
            ("fling.png", ["animate", fixtures, "--fling", "2000", "--display-scale", "2", "--fps", "30"]),
            ("toggle.webp", ["animate", fixtures, "--to-layout", "grid", "--duration", "0.5", "--fps", "20"]),
            ("pixelmatch.png", ["diff", diffInputs.0, diffInputs.1, "--diff-image"]),
            ("delta-e.png", ["diff", diffInputs.0, diffInputs.1, "--perceptual-precision", "0.99", "--diff-image"]),
        ]
    }

    /// Runs every command with GALLERY_RENDER_SIMD set to `level` ("" for the CPU's best) into
    /// `<folder>/<level or best>/`.
    static func runAll(_ commands: [(name: String, arguments: [String])], level: String, in folder: TemporaryFolder)
        throws -> String
    {
        let out = folder.file(level.isEmpty ? "best" : level)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        for (name, arguments) in commands {
            let target = arguments.last == "--diff-image" ? [out + "/" + name] : ["-o", out + "/" + name, "--quiet"]
            let run = try CommandRunner.run(arguments + target, environment: ["GALLERY_RENDER_SIMD": level])
            // diff exits 1 when the images differ, which they do.
            #expect(run.status == 0 || (arguments.first == "diff" && run.status == 1), "\(name): \(run.stderr)")
        }
        return out
    }

    @Test func everySIMDLevelGivesThePortableBytes() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, offset) in [("a.png", "0"), ("b.png", "9.5")] {
            let run = try CommandRunner.run([RenderCommandTests.fixtures, "--offset", offset, "-o", folder.file(name)])
            #expect(run.status == 0, "\(run.stderr)")
        }
        let commands = try Self.commands(in: folder)
        let best = try Self.runAll(commands, level: "", in: folder)
        for level in Self.levels {
            let capped = try Self.runAll(commands, level: level, in: folder)
            for (name, _) in commands {
                let expected = FileManager.default.contents(atPath: best + "/" + name)
                #expect(expected != nil, "\(name) was not written")
                #expect(FileManager.default.contents(atPath: capped + "/" + name) == expected, "\(name) at \(level)")
            }
        }
    }

    @Test func theVersionSaysWhichLevelIsInUse() throws {
        let none = try CommandRunner.run(["--version", "--verbose"], environment: ["GALLERY_RENDER_SIMD": "none"])
        #expect(none.status == 0)
        #expect(none.output.hasSuffix("\nsimd: none\n"), "\(none.output)")
        for library in ["libpng ", "libjpeg-turbo ", "libwebp ", "libheif ", "Little CMS "] {
            #expect(none.output.contains("\n" + library), "\(library) in \(none.output)")
        }
        let best = try CommandRunner.run(["--version", "--verbose"], environment: ["GALLERY_RENDER_SIMD": ""])
        let level = best.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(["simd: none", "simd: sse2", "simd: ssse3", "simd: avx", "simd: avx2"].contains(level))
        let wrong = try CommandRunner.run(["--version", "--verbose"], environment: ["GALLERY_RENDER_SIMD": "avx512"])
        #expect(wrong.status == 0)
        #expect(wrong.stderr.contains("warning: GALLERY_RENDER_SIMD=avx512 names no level"), "\(wrong.stderr)")
        #expect(wrong.output.hasSuffix("\n" + level + "\n"))
    }
}
