import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import ImageCodecs
import TestSupport
import Testing

/// `--caption` and its options on the command line: what they refuse (exit 64, naming the option),
/// the font `layout` and `--version --verbose` name, and the dark appearance's label colour.
@Suite struct CaptionCommandTests {
    static let base = ["render", "--count", "1", "--width", "200", "--height", "200", "-o", "/dev/null"]

    @Test(arguments: [
        (["--caption-size", "12"], "--caption-size"),
        (["--font", "/tmp/x.otf"], "--font"),
        (["--caption", "a\nb"], "--caption"),
        (["--caption", "x", "--caption-size", "0"], "--caption-size"),
        (["--caption", "x", "--caption-position", "above"], "--caption-position"),
        (["--caption", "x", "--caption-weight", "bold"], "--caption-weight"),
        (["--caption", "x", "--font", "/nonexistent/font.otf"], "/nonexistent/font.otf"),
        (["--caption", "x", "--font", "/etc/hostname"], "not a font"),
        (["--caption", "x", "--font", "/etc/hostname", "--caption-weight", "semibold"], "--caption-weight"),
    ])
    func badCaptionOptionsExit64NamingTheOption(arguments: [String], named: String) throws {
        let run = try CommandRunner.run(Self.base + arguments)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains(named), "\(run.stderr.prefix(300))")
        #expect(run.stderr.count < 4000)
    }

    /// A megabyte caption from a manifest (hostile input from a pull request) is refused naming the
    /// key and the limit, before anything is drawn.
    @Test func aMegabyteCaptionInAManifestIsRefused() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let caption = String(repeating: "x", count: 1 << 20)
        let manifest = #"{"defaults": {"count": 1}, "scenes": [{"name": "a", "caption": "\#(caption)"}]}"#
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder.file("m.json")))
        let run = try CommandRunner.run(["batch", folder.file("m.json"), "--out", folder.file("out")])
        #expect(run.status == 64)
        // Refused as it is read, before a megabyte string is made (the JSON reader's 64 KiB budget).
        #expect(run.stderr.contains("scenes[0].caption") && run.stderr.contains("longer than 64 KiB"), "\(run.stderr)")
        #expect(run.stderr.count < 4000)
        #expect(!FileManager.default.fileExists(atPath: folder.file("out/a.png")))
    }

    /// A manifest's `font` is a path from the manifest's folder, as its photos are.
    @Test func aManifestsFontResolvesAgainstItsFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.file("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf", toPath: folder.file("fonts/card.otf"))
        let manifest =
            #"{"defaults": {"count": 2, "caption": "{number}"}, "scenes": [{"name": "a", "font": "fonts/card.otf"}, {"name": "b", "font": "fonts/none.otf"}]}"#
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder.file("m.json")))
        let run = try CommandRunner.run(["batch", folder.file("m.json"), "--out", folder.file("out")])
        #expect(run.status == 64)
        #expect(run.stderr.contains(folder.file("fonts/none.otf")), "\(run.stderr)")
        let good =
            #"{"defaults": {"count": 2, "caption": "{number}"}, "scenes": [{"name": "a", "font": "fonts/card.otf"}]}"#
        try Data(good.utf8).write(to: URL(fileURLWithPath: folder.file("m.json")))
        let rendered = try CommandRunner.run(["batch", folder.file("m.json"), "--out", folder.file("out")])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.file("out/a.png")))
    }

    /// A photo whose file name is not UTF-8 (a byte 0xFF) and one with a newline in its name are
    /// captioned ({name}), not refused; and the frame is the same bytes with only the portable code
    /// (GALLERY_RENDER_SIMD=none) and on one thread or four.
    @Test func oddFileNamesAreCaptionedTheSameBytesEverywhere() throws {
        let (folder, outFolder) = (try TemporaryFolder(), try TemporaryFolder())
        defer {
            folder.remove()
            outFolder.remove()
        }
        let source = Corpus.repositoryRoot.appendingPathComponent("Fixtures/photos/3.jpg").path
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        for name in [[0x62, 0xFF, 0x2E, 0x6A, 0x70, 0x67], Array("two\nlines.jpg".utf8)] as [[UInt8]] {
            let path = Array(folder.path.utf8) + [0x2F] + name + [0]
            let descriptor = path.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
            }
            try #require(descriptor >= 0)
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        let arguments = [
            "render", "--layout", "coverflow", "--item-size", "120x80", "--width", "300", "--height", "180",
            "--caption", "{number}: {name}", "--caption-position", "over", "--shadow-opacity", "0.4", folder.path,
        ]
        var outputs: [[UInt8]] = []
        for (jobs, simd) in [("1", "avx2"), ("4", "avx2"), ("2", "none")] {
            let out = outFolder.file("f-\(jobs)-\(simd).png")
            let run = try CommandRunner.run(
                arguments + ["--jobs", jobs, "-o", out], environment: ["GALLERY_RENDER_SIMD": simd])
            #expect(run.status == 0, "\(run.stderr)")
            outputs.append(try ImageDecoder.readBytes(atPath: out))
        }
        #expect(outputs[0] == outputs[1] && outputs[0] == outputs[2])
    }

    /// Characters the font cannot draw come out as boxes, as the contract has it, and are named
    /// once, each once, with the way out; a caption the font covers says nothing, nor does --quiet.
    @Test func charactersTheFontLacksAreNamedOnce() throws {
        let boxed = try CommandRunner.run(Self.base + ["--count", "3", "--caption", "写真 {number} 写 🗼"])
        #expect(boxed.status == 0, "\(boxed.stderr)")
        let warning =
            #"warning: --caption: Inter Regular has no glyph for "写", "真", "🗼": each is drawn as a box (--font names a font that has them)"#
        #expect(boxed.stderr.components(separatedBy: "\n").filter { $0 == warning }.count == 1, "\(boxed.stderr)")
        let covered = try CommandRunner.run(Self.base + ["--caption", "Ça déçoit · Καλημέρα · Съешь {number}"])
        #expect(covered.status == 0 && !covered.stderr.contains("no glyph"), "\(covered.stderr)")
        let quiet = try CommandRunner.run(Self.base + ["--caption", "写真", "--quiet"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    /// A value given with "=" that starts with a combining mark is a value (found by review: "=" and
    /// the mark made one Character, and the option was unknown).
    @Test func aValueAfterEqualsMayStartWithAMark() throws {
        let run = try CommandRunner.run(Self.base + ["--caption=\u{5B8}שלום", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func layoutAndVersionNameTheFont() throws {
        let layout = try CommandRunner.run(["layout", "--count", "1", "--caption", "{number}"])
        #expect(layout.status == 0)
        #expect(
            layout.output.contains(
                #""font": {"family": "Inter", "style": "Regular", "sha256": "a7e791e8f5a0fb02b65663f7fca73e1d1ca9543f772ad480cbd76f4e3fe3f8cc"}"#
            ))
        let plain = try CommandRunner.run(["layout", "--count", "1"])
        #expect(!plain.output.contains("\"font\""))
        let version = try CommandRunner.run(["--version", "--verbose"])
        #expect(version.output.contains("harfbuzz ") && version.output.contains(", freetype "))
        #expect(version.output.contains("Inter-SemiBold.otf (Inter Semi Bold, sha256 8c1990b6"))
    }

    /// The text takes the appearance's label colour: white in dark mode, black in light.
    @Test func captionsFollowTheAppearance() throws {
        for (appearance, label) in [("light", UInt8(0)), ("dark", UInt8(255))] {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let run = try CommandRunner.run([
                "render", "--count", "1", "--width", "200", "--height", "300", "--display-scale", "2",
                "--caption", "HHHH", "--caption-size", "20", "--appearance", appearance, "-o", folder.file("f.png"),
            ])
            #expect(run.status == 0, "\(run.stderr)")
            let image = try ImageDecoder.decodeFile(atPath: folder.file("f.png")).image
            // Below the centred item (100 pt at scale 1.6, its bottom at 230 pt) only the caption
            // draws: its stems are wholly covered pixels of the label colour.
            let below = (2 * 232 * image.width..<image.width * image.height).map { image.pixels[4 * $0] }
            let background = appearance == "light" ? UInt8(255) : 0
            #expect(below.contains(label), "\(appearance)")
            #expect(below.filter { $0 != background }.count > 500, "\(appearance)")
        }
    }

    /// The page control's dots sit on the frame: 0 to the frame's height above its bottom edge.
    @Test func aPageControlOffTheFrameIsAUsageError() throws {
        let refused = "puts the dots off the 300-pt-high frame: give 0 to 300"
        try expectUsageErrors(
            [
                (["--height", "300", "--page-control", "--page-control-offset", "301"], refused),
                (["--height", "300", "--page-control", "--page-control-offset", "-1"], refused),
            ], after: ["layout", "--count", "5", "--width", "375"])
        // A rotation's frames have the turned size (found by review: the dots were dropped).
        try expectUsageErrors(
            [
                (
                    ["--rotate", "--page-control", "--page-control-offset", "500"],
                    "puts the dots off the 375-pt-high turned frame: give 0 to 375"
                )
            ], after: ["animate", "--count", "5", "--layout", "grid", "--width", "375", "--height", "667"])
        for offset in ["0", "300"] {
            let run = try CommandRunner.run([
                "layout", "--count", "5", "--height", "300", "--page-control", "--page-control-offset", offset,
            ])
            #expect(run.status == 0, "\(offset): \(run.stderr)")
        }
    }
}
