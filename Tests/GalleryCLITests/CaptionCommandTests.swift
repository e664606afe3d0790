import Foundation
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
        #expect(run.stderr.contains("caption") && run.stderr.contains("at most 1024"))
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
}
