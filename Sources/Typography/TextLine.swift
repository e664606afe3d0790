/// One line of text set in a font at a size: each glyph's outline and origin in points (x to the
/// right from the line's left end, y down from the baseline), its advance width and the font's
/// ascent and descent in points.
public struct TextLine: Sendable {
    public struct Glyph: Sendable {
        public var outline: GlyphOutline
        /// The glyph's origin, in points from the line's origin.
        public var x, y: Double
    }

    /// What was set: the text, or its truncation ending in "…".
    public var text: String
    public var glyphs: [Glyph]
    /// The size it was set at, in points (the em).
    public var size: Double
    /// Points per font unit.
    public var scale: Double
    public var width: Double
    /// Above and below the baseline, in points (both ≥ 0 for an ordinary font).
    public var ascent, descent: Double

    /// A glyph point (font units, y up) in points from the line's origin (y down).
    @inline(__always)
    public func point(_ p: SIMD2<Double>, of glyph: Glyph) -> SIMD2<Double> {
        SIMD2(glyph.x + p.x * scale, glyph.y - p.y * scale)
    }
}

/// Sets captions in a font at a size, as a one-line UILabel with tail truncation does: a text wider
/// than the room is cut at a character boundary and ends in "…", its trailing spaces dropped.
public struct LineSetter: Sendable {
    public let font: Font
    /// The text size in points (the em).
    public let size: Double

    public init(font: Font, size: Double) { (self.font, self.size) = (font, size) }

    /// `text` set in at most `room` points: whole when it fits, else its longest prefix (in
    /// characters) that fits with "…" after it; empty when not even "…" fits.
    public func line(_ text: String, room: Double) -> TextLine {
        let whole = font.shape(text)
        guard width(whole) > room else { return placed(text, whole) }
        let characters = Array(text)
        // Widths grow with the prefix (a kerning pair can make one a hair narrower): binary search,
        // from a guess the whole text's advances give, each step shaping a prefix for its width alone
        // (found by review: a long caption was set, outlines and all, a dozen times an item).
        var (fits, tooWide) = (-1, characters.count)
        // The longest prefix that fits so far, shaped: placed once, at the end.
        var best: (text: String, shaped: [Font.ShapedGlyph])?
        func probe(_ count: Int) {
            guard count > fits, count < tooWide else { return }
            let text = truncated(characters, count), shaped = font.shape(text)
            if width(shaped) <= room { (fits, best) = (count, (text, shaped)) } else { tooWide = count }
        }
        let guess = self.guess(characters, whole, room: room)
        probe(guess)
        probe(fits == guess ? guess + 1 : guess - 1)
        while tooWide - fits > 1 { probe((fits + tooWide) / 2) }
        return best.map { placed($0.text, $0.shaped) } ?? set("")
    }

    /// The most characters of `characters` whose glyphs in the whole text's shaping (`whole`), with
    /// "…" after them, are `room` wide or less: where the search starts.
    private func guess(_ characters: [Character], _ whole: [Font.ShapedGlyph], room: Double) -> Int {
        // Each glyph's advance counted to the character its cluster (a UTF-8 offset) starts in.
        var characterAt: [Int] = []
        for (index, character) in characters.enumerated() {
            characterAt += repeatElement(index, count: character.utf8.count)
        }
        var advances = [Int](repeating: 0, count: characters.count + 1)
        for glyph in whole where characterAt.indices.contains(glyph.cluster) {
            advances[characterAt[glyph.cluster] + 1] += glyph.advance
        }
        let ellipsis = width(font.shape("…"))
        var total = 0, count = 0
        while count < characters.count, Double(total + advances[count + 1]) * scale + ellipsis <= room {
            total += advances[count + 1]
            count += 1
        }
        return count
    }

    /// The first `count` characters, trailing white space dropped, then "…".
    private func truncated(_ characters: [Character], _ count: Int) -> String {
        var prefix = characters.prefix(count)
        while let last = prefix.last, last.isWhitespace { prefix.removeLast() }
        return String(prefix) + "…"
    }

    /// Points per font unit.
    private var scale: Double { size / Double(max(font.unitsPerEm, 1)) }

    /// The advance of `glyphs`, in points.
    private func width(_ glyphs: [Font.ShapedGlyph]) -> Double {
        Double(glyphs.reduce(0) { $0 + $1.advance }) * scale
    }

    /// `text` shaped, every glyph placed from the line's origin.
    public func set(_ text: String) -> TextLine { placed(text, font.shape(text)) }

    /// `text`, shaped as `shaped`, every glyph placed from the line's origin.
    private func placed(_ text: String, _ shaped: [Font.ShapedGlyph]) -> TextLine {
        let scale = self.scale
        var x = 0
        let glyphs = shaped.map { shaped -> TextLine.Glyph in
            defer { x += shaped.advance }
            return TextLine.Glyph(
                outline: font.outline(shaped.glyph), x: Double(x + shaped.offsetX) * scale,
                y: -Double(shaped.offsetY) * scale)
        }
        return TextLine(
            text: text, glyphs: glyphs, size: size, scale: scale, width: Double(x) * scale,
            ascent: Double(font.ascender) * scale,
            descent: -Double(font.descender) * scale)
    }
}
