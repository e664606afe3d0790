import Testing

@testable import SnapshotCheck

/// Escaping in the reports: XML and HTML text, and GitHub workflow commands.
@Suite struct ReportTextTests {
    @Test func markupIsEscapedAndControlCharactersReplaced() {
        #expect(
            XMLText.escape(#"<img src=x onerror="a('b')">&"#)
                == "&lt;img src=x onerror=&quot;a(&apos;b&apos;)&quot;&gt;&amp;")
        #expect(XMLText.escape("a\u{1B}[31mb\tc\nd") == "a?[31mb\tc\nd")
    }

    @Test func annotationsCannotEndTheirCommandEarly() {
        let annotation = GitHubAnnotation(file: "a,b:c.png", title: "t", message: "50%\nnext::error title=X::y")
        #expect(annotation.line == "::error file=a%2Cb%3Ac.png,title=t::50%25%0Anext::error title=X::y\n")
    }
}
