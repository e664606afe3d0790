import Testing

@testable import Typography

/// Right-to-left runs in a left-to-right line (UAX #9's rules as `BidiRun` takes them): the visual
/// order of each line below is written out by hand from the algorithm.
@Suite struct BidiRunTests {
    /// The line as drawn, left to right: each run's characters, a right-to-left run's reversed and
    /// its brackets mirrored, as HarfBuzz shapes it.
    static func drawn(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let mirror: [Character: Character] = ["(": ")", ")": "(", "[": "]", "]": "[", "「": "」", "」": "「"]
        return BidiRun.visual(text).map { run in
            let piece = String(decoding: bytes[run.bytes], as: UTF8.self)
            return run.isRightToLeft ? String(piece.reversed().map { mirror[$0] ?? $0 }) : piece
        }.joined()
    }

    @Test func leftToRightTextIsOneRun() {
        #expect(BidiRun.visual("Lake 2024").map(\.bytes) == [0..<9])
        #expect(BidiRun.visual("Lake 2024").map(\.level) == [0])
        #expect(BidiRun.visual("") == [])
    }

    @Test func hebrewAndArabicAreDrawnRightToLeft() {
        #expect(BidiRun.visual("שלום").map(\.bytes) == [0..<8])
        #expect(BidiRun.visual("שלום").map(\.level) == [1])
        #expect(Self.drawn("שלום") == "םולש")
        #expect(Self.drawn("abc مرحبا") == "abc ابحرم")
    }

    @Test func numbersAndNeutralsFollowTheRules() {
        // A number in right-to-left text keeps its digits' order (level 2), and the run it ends is
        // drawn to the left of the word; the space between takes the right-to-left side (N1).
        #expect(Self.drawn("abc שלום 123") == "abc 123 םולש")
        // After left-to-right text a number is left to right (W7); a decimal point between digits
        // joins them (W4), a percent sign beside them too (W5).
        #expect(Self.drawn("שלום 1.5% abc") == "1.5% םולש abc")
        // Between two directions a neutral takes the paragraph's (N2), as trailing spaces do.
        #expect(Self.drawn("abc, שלום! ") == "abc, םולש! ")
        // Hebrew points are marks: they go with their letter, in the word's one run.
        #expect(BidiRun.visual("שָׁלוֹם").map(\.level) == [1])
        // The directional marks are strong (found by review): LRM makes the number left to right,
        // RLM right to left, with the space after it.
        #expect(Self.drawn("שלום\u{200E} 123") == "םולש\u{200E} 123")
        #expect(Self.drawn("abc\u{200F} 123") == "abc123 \u{200F}")
    }

    /// Paired brackets take the direction of what they hold, or of the text before them (N0; found
    /// by review: "צילום (1)", the usual suffix of a copied file, drew as "1) םוליצ)").
    @Test func pairedBracketsStayTogether() {
        // Only right-to-left inside (a number counts), right-to-left before: the pair is right to
        // left, drawn mirrored round the number, to the left of the word.
        #expect(Self.drawn("צילום (1)") == "(1) םוליצ")
        // Right-to-left inside, left-to-right before: the pair is left to right.
        #expect(Self.drawn("IMG [שלום] 2") == "IMG [םולש] 2")
        // An RLM before the pair sets the context.
        #expect(Self.drawn("a \u{200F}(1) b") == "a (1)\u{200F} b")
        // Left-to-right inside: left to right, whatever is before.
        #expect(Self.drawn("שלום (abc) שלום") == "םולש (abc) םולש")
        // Nothing strong inside: neutral, as before (the rules N1 and N2).
        #expect(Self.drawn("שלום (!) שלום") == "םולש (!) םולש")
        // Unmatched, or closed by the wrong kind: no pair.
        #expect(
            BidiRun.bracketPairs(
                Array("a(b]c)d[".unicodeScalars), Array("a(b]c)d[".unicodeScalars).map(BidiRun.Kind.init)
            ).map { [$0.open, $0.close] } == [[1, 5]])
        // A closing bracket closes the nearest of its kind, dropping those opened inside it; CJK
        // corner brackets and the canonical pair U+2329, U+3009 pair too.
        let text = Array("([)]「x」\u{2329}y\u{3009}".unicodeScalars)
        #expect(
            BidiRun.bracketPairs(text, text.map(BidiRun.Kind.init)).map { [$0.open, $0.close] } == [
                [0, 2], [4, 6], [7, 9],
            ])
    }

    /// Classes beyond ASCII, from UCD's DerivedBidiClass (found by review): a superscript digit is a
    /// number, the minus sign and the narrow no-break space separate numbers, a soft hyphen is left
    /// out, and a script's own digits are left to right.
    @Test func numbersBeyondASCII() {
        #expect(Self.drawn("שטח 20 מ²") == "²מ 20 חטש")
        #expect(Self.drawn("שלום 10\u{2212}3=7") == "7=10\u{2212}3 םולש")
        #expect(Self.drawn("מחיר 12\u{202F}345") == "12\u{202F}345 ריחמ")
        #expect(Self.drawn("ר1\u{AD}2") == "1\u{AD}2ר")
        #expect(Self.drawn("ר२") == "ר२")
    }

    /// HarfBuzz shapes one script at a time: a Hebrew word and an Arabic one in one right-to-left
    /// stretch are two runs, drawn Arabic first; a mark and a common character go with their run,
    /// a Hebrew point before Latin letters in Latin's (found by review: the Arabic stayed unjoined,
    /// and an accent on a digit came loose).
    @Test func eachRunIsOneScript() {
        let mixed = BidiRun.visual("שלום مرحبا")
        #expect(mixed.map(\.bytes) == [9..<19, 0..<9] && mixed.map(\.level) == [1, 1])
        #expect(Self.drawn("שלום مرحبا") == "ابحرم םולש")
        let latin = BidiRun.visual("1\u{301} \u{5B8}x")
        #expect(latin.count == 1 && latin.first?.script == BidiRun.visual("x").first?.script)
        #expect(BidiRun.visual("123 ...").first?.script == 0)
    }

    /// HarfBuzz is asked for each run in its direction: the glyphs of "abc שלום" come left to right
    /// as drawn, the Hebrew letters' clusters (UTF-8 offsets 4, 6, 8, 10) last to first. Inter has
    /// no Hebrew: each letter is its missing-glyph box, still in its place.
    @Test func shapedGlyphsComeInDrawnOrder() throws {
        let font = try LineSetterTests.font()
        #expect(font.shape("abc שלום").map(\.cluster) == [0, 1, 2, 3, 10, 8, 6, 4])
        #expect(font.shape("abc").map(\.cluster) == [0, 1, 2])
        #expect(font.missingCharacters(in: "a ש") == ["ש"])
        // Inter has no U+20E3: a keycap's mark, inside the character "1\u{FE0F}\u{20E3}", names it.
        #expect(font.missingCharacters(in: "Step 1\u{FE0F}\u{20E3} go") == ["1\u{FE0F}\u{20E3}"])
    }
}
