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

    @Test func checkWorksWithATemporaryFolderThatIsNotUTF8AndItsHintCanBePasted() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let manifest =
            #"{"defaults": {"photos": "\#(RenderCommandTests.fixtures)", "width": 100, "height": 60}, "scenes": [{"name": "a"}]}"#
        _ = try folder.write(Array(manifest.utf8), to: "m.json")
        // TMPDIR and the baseline folder both named in Latin-1.
        let run = try Self.bash(
            "mkdir \"$(printf 't\\351mp')\" && TMPDIR=\"$PWD/$(printf 't\\351mp')\" \"$0\" check m.json --baseline \"$(printf 'b\\351')\"; echo \"status $?\"; ls -A \"$(printf 't\\351mp')\" | wc -l",
            in: folder)
        #expect(run.output.hasSuffix("status 1\n0\n"), "\(run.output) \(run.stderr)")
        // The missing baseline's hint quotes the folder as $'b\xE9', which bash turns back into it.
        #expect((run.output + run.stderr).contains("--baseline $'b\\xE9' --record"), "\(run.output)")
        let pasted = try Self.bash("printf %s $'b\\xE9' | od -An -tx1", in: folder)
        #expect(pasted.output.trimmingCharacters(in: .whitespacesAndNewlines) == "62 e9")
    }

    @Test func abandonedTemporariesAreSweptInAFolderThatIsNotUTF8() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let run = try Self.bash(
            """
            d="$(printf 'd\\351')"; mkdir "$d" && touch -d '5 minutes ago' "$d/.gallery-render-00000000000000ab.tmp" \
              && "$0" --count 2 -o "$d/o.png" && ls -A "$d"
            """, in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.output == "o.png\n")
    }
}
