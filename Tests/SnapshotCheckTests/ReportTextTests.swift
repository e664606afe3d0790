import Testing

@testable import SnapshotCheck

/// Escaping in the reports: XML and HTML text, and GitHub workflow commands.
@Suite struct ReportTextTests {
    @Test func markupIsEscapedAndControlCharactersShownAsOnStderr() {
        #expect(
            XMLText.escape(#"<img src=x onerror="a('b')">&"#)
                == "&lt;img src=x onerror=&quot;a(&apos;b&apos;)&quot;&gt;&amp;")
        // Control characters as on stderr (found by review: ESC was "?", and a newline in a
        // baseline's layout began a line of the JUnit file with `::error::`).
        #expect(XMLText.escape("a\u{1B}[31mb\tc\nd\r\u{7F}\u{85}") == #"a\x1B[31mb\tc\nd\r\x7F\x85"#)
        #expect(GitHubSummary.code("a\u{1B}\nb") == #"a\x1B\nb"#)
        // XML 1.0 has no U+FFFE or U+FFFF (found by review: a photo's name made the JUnit file
        // ill-formed): U+FFFD stands in; a name's undecodable bytes (held as U+10FFxx) are `\xNN`.
        var text = String.UnicodeScalarView()
        for value: UInt32 in [0x61, 0xFFFE, 0x62, 0xFFFF, 0x63, 0x10FFFF, 0xFDD0, 0xE9] {
            if let scalar = Unicode.Scalar(value) { text.append(scalar) }
        }
        #expect(XMLText.escape(String(text)) == "a\u{FFFD}b\u{FFFD}c\\xFF\u{FFFD}é")
    }

    /// Bidirectional controls and line separators are shown as the terminal shows them, so a name
    /// cannot turn the rest of a report's message, JUnit attribute or annotation backwards (found by
    /// review: `c\u{202E}gpj.exe.jpg` in a layout change).
    @Test func bidirectionalControlsAreShownEscaped() {
        let name = "c\u{202E}gpj.exe.jpg \u{2066}x\u{2069}\u{2028}"
        let shown = #"c\u{202E}gpj.exe.jpg \u{2066}x\u{2069}\u{2028}"#
        #expect(XMLText.escape(name) == shown)
        #expect(GitHubAnnotation.data(name) == shown)
        #expect(GitHubSummary.code(name) == shown)
        #expect(GitHubSummary.literal("\u{202E}") == #"\\u\{202E\}"#)
    }

    @Test func annotationsCannotEndTheirCommandEarly() {
        let annotation = GitHubAnnotation(file: "a,b:c.png", title: "t", message: "50%\nnext::error title=X::y")
        #expect(annotation.line == "::error file=a%2Cb%3Ac.png,title=t::50%25%0Anext::error title=X::y\n")
    }
}
