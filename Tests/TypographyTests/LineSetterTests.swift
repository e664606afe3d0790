import GalleryCore
import Testing

@testable import Typography

/// Shaping and setting captions in Debian's Inter (fonts-inter, installed by Tools/install-deps.sh).
@Suite struct LineSetterTests {
    static let regular = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"

    static func font() throws -> Font { try Font.opened(path: regular) }

    @Test func interIsTheFileTheToolWasBuiltFor() throws {
        let font = try Self.font()
        #expect(InterFont.isExpected(font, weight: .regular))
        #expect((font.family, font.style, font.unitsPerEm) == ("Inter", "Regular", 2816))
        #expect(font.ascender > 0 && font.descender < 0)
    }

    @Test func kerningComesFromTheFont() throws {
        let font = try Self.font()
        let advance = { (text: String) in font.shape(text).reduce(0) { $0 + $1.advance } }
        // Inter kerns "AV" and "To": the pair is narrower than its glyphs apart.
        #expect(advance("AV") < advance("A") + advance("V"))
        #expect(advance("To") < advance("T") + advance("o"))
        #expect(advance("HH") == 2 * advance("H"))
    }

    @Test func aLineThatFitsIsSetWhole() throws {
        let setter = LineSetter(font: try Self.font(), size: 13)
        let line = setter.line("Lake", room: 100)
        #expect(line.text == "Lake")
        #expect(line.glyphs.count == 4)
        // Width: the advances in font units times 13/2816, written out.
        let units = try Self.font().shape("Lake").reduce(0) { $0 + $1.advance }
        #expect(line.width == Double(units) * (13.0 / 2816))
        #expect(line.size == 13 && line.scale == 13.0 / 2816)
    }

    @Test(arguments: [40.0, 61.5, 80, 120])
    func aLongLineIsCutAtTheLastCharacterThatFitsWithAnEllipsis(room: Double) throws {
        let setter = LineSetter(font: try Self.font(), size: 13)
        let text = "Sunset over the harbour at Nyhavn"
        let line = setter.line(text, room: room)
        #expect(line.text.hasSuffix("…"))
        #expect(line.width <= room)
        let kept = line.text.dropLast().count
        #expect(text.hasPrefix(line.text.dropLast()))
        // One more character (its trailing spaces dropped, as UILabel drops them) would not fit.
        var longer = String(text.prefix(kept + 1))
        while longer.last == " " { longer = String(text.prefix(longer.count + 1)) }
        #expect(setter.set(longer.trimmingTrailingSpaces + "…").width > room)
    }

    /// The search starts from a guess (the whole text's advances): it ends where trying every
    /// prefix in turn does, for Latin with kerning, marks, Hebrew, emoji and runs of spaces.
    @Test func theCutIsWhereTryingEveryPrefixPutsIt() throws {
        let setter = LineSetter(font: try Self.font(), size: 13)
        let texts = [
            "AVAVAV To To Wa Wa", "e\u{301}e\u{301}e\u{301} cafe\u{301} na\u{308}ive", "שלום עולם (1) abc",
            "🙂🙂 a 🙂 b", "a     b     c     d", "Sunset over the harbour at Nyhavn",
        ]
        for text in texts {
            let characters = Array(text)
            for room in stride(from: 0.0, through: setter.set(text).width + 4, by: 3.7) {
                // Every prefix, its trailing spaces dropped, then "…": the longest that fits.
                var expected = ""
                for count in 0...characters.count {
                    var prefix = String(characters.prefix(count))
                    while prefix.last?.isWhitespace == true { prefix.removeLast() }
                    if setter.set(prefix + "…").width <= room { expected = prefix + "…" }
                }
                if setter.set(text).width <= room { expected = text }
                #expect(setter.line(text, room: room).text == expected, "\(text) in \(room)")
            }
        }
    }

    @Test func noRoomForTheEllipsisSetsNothing() throws {
        let setter = LineSetter(font: try Self.font(), size: 13)
        let line = setter.line("Harbour", room: 2)
        #expect(line.text.isEmpty && line.glyphs.isEmpty && line.width == 0)
    }

    @Test func hostileTextIsBounded() throws {
        let setter = LineSetter(font: try Self.font(), size: 13)
        // A megabyte caption (past the pattern's limit, through a name) is cut before shaping.
        let pattern = try CaptionPattern("{name}")
        let caption = pattern.caption(index: 0, path: "/photos/" + String(repeating: "x", count: 1 << 20) + ".jpg")
        #expect(caption.unicodeScalars.count == CaptionPattern.limit)
        let line = setter.line(caption, room: 300)
        #expect(line.width <= 300 && line.text.hasSuffix("…"))
    }

    @Test func patternsExpandOnce() throws {
        let pattern = try CaptionPattern("{number}. {name} ({index}) {other}")
        #expect(pattern.caption(index: 4, path: "/p/Lake {index}.final.jpg") == "5. Lake {index}.final (4) {other}")
        #expect(pattern.caption(index: 0, path: nil) == "1.  (0) {other}")
        #expect(CaptionPattern.name(of: "a/.hidden") == ".hidden")
        // A name's control characters (a newline in a file name) become U+FFFD.
        #expect(CaptionPattern.name(of: "/p/two\nlines\u{7}.png") == "two\u{FFFD}lines\u{FFFD}")
        // A name that starts with a combining mark is still only the name (found by review).
        #expect(CaptionPattern.name(of: "d/\u{301}mark.jpg") == "\u{301}mark")
        // A mark after "}" or "{" does not hide a placeholder (a keycap label; found by review).
        let keycap = try CaptionPattern("{number}\u{FE0F}\u{20E3} {name}\u{301} {\u{301}index}")
        #expect(keycap.caption(index: 0, path: "a.jpg") == "1\u{FE0F}\u{20E3} a\u{301} {\u{301}index}")
        #expect(CaptionPattern.name(of: "/p/a\u{2028}b.png") == "a\u{FFFD}b")
    }

    @Test func badPatternsAreRefusedWithTheReason() {
        #expect(throws: CaptionPattern.Problem.controlCharacter("\n")) { try CaptionPattern("a\nb") }
        #expect(throws: CaptionPattern.Problem.tooLong(characters: 1 << 20)) {
            try CaptionPattern(String(repeating: "x", count: 1 << 20))
        }
        #expect("\(CaptionPattern.Problem.controlCharacter("\t"))".contains("U+0009"))
        // Line and paragraph separators break a line as a newline does.
        #expect(throws: CaptionPattern.Problem.controlCharacter("\u{2028}")) { try CaptionPattern("a\u{2028}b") }
        #expect("\(CaptionPattern.Problem.controlCharacter("\u{2029}"))".contains("paragraph separator U+2029"))
    }

    @Test func notAFontIsRefusedNamingTheFile() {
        #expect(throws: FontError.self) { try Font(bytes: Array("not a font".utf8), path: "x.ttf") }
        #expect(throws: FontError.self) { try Font(bytes: [], path: "empty.ttf") }
        do {
            _ = try Font(path: "/nonexistent/font.otf")
            Issue.record("opened a missing font")
        } catch { #expect("\(error)".contains("/nonexistent/font.otf")) }
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
