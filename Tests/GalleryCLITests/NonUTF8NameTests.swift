import Foundation
import ImageCodecs
import TestSupport
import Testing

/// Issue 21, item 15: a photo whose name is not UTF-8 (Latin-1 `café.jpg` from an old camera or a
/// Windows share) is listed, read when named, and printed with its bytes escaped.
@Suite struct NonUTF8NameTests {
    /// Runs `script` in bash in `folder`, the binary as `$0`: the only way to hand it raw bytes
    /// (Foundation's Process passes arguments as UTF-8).
    static func bash(_ script: String, in folder: TemporaryFolder) throws -> CommandRunner.Outcome {
        try CommandRunner.run(["-c", script, CommandRunner.binary], in: folder.path, executable: "/bin/bash")
    }

    @Test func aLatin1NameIsListedRenderedAndPrintedEscaped() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let fixture = RenderCommandTests.fixtures + "/1.jpg"
        let made = try Self.bash(
            "mkdir photos same && cp '\(fixture)' \"photos/$(printf 'caf\\351.jpg')\" && cp '\(fixture)' same/cafe.jpg",
            in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        // Listed: the layout's one item shows it (before: "no PNG or JPEG photos").
        let layout = try Self.bash("\"$0\" layout --count 1 photos", in: folder)
        #expect(layout.status == 0, "\(layout.stderr)")
        #expect(layout.output.unicodeScalars.contains { $0.value == 0x10_FFE9 })
        // Rendered from the folder and when named: the same pixels as the UTF-8-named copy.
        let rendered = try Self.bash(
            "\"$0\" --width 375 photos -o a.png && \"$0\" --width 375 \"photos/$(printf 'caf\\351.jpg')\" -o b.png && \"$0\" --width 375 same -o c.png",
            in: folder)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stderr.isEmpty)
        let c = try ImageDecoder.readBytes(atPath: folder.file("c.png"))
        #expect(try ImageDecoder.readBytes(atPath: folder.file("a.png")) == c)
        #expect(try ImageDecoder.readBytes(atPath: folder.file("b.png")) == c)
        // A missing one is named with the byte escaped, on one line.
        let missing = try Self.bash("\"$0\" --width 375 \"photos/$(printf 'caf\\351X.jpg')\" -o d.png", in: folder)
        #expect(missing.status == 1)
        #expect(missing.stderr == "Error: photos/caf\\xE9X.jpg: no such file or folder\n")
    }
}
