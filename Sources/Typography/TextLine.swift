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
        let whole = set(text)
        guard whole.width > room else { return whole }
        let characters = Array(text)
        // Widths grow with the prefix (a kerning pair can make one a hair narrower): binary search.
        var (fits, tooWide) = (-1, characters.count)
        while tooWide - fits > 1 {
            let middle = (fits + tooWide) / 2
            if truncated(characters, middle).width <= room { fits = middle } else { tooWide = middle }
        }
        return fits >= 0 ? truncated(characters, fits) : set("")
    }

    /// The first `count` characters, trailing white space dropped, then "…".
    private func truncated(_ characters: [Character], _ count: Int) -> TextLine {
        var prefix = characters.prefix(count)
        while let last = prefix.last, last.isWhitespace { prefix.removeLast() }
        return set(String(prefix) + "…")
    }

    /// `text` shaped, every glyph placed from the line's origin.
    public func set(_ text: String) -> TextLine {
        let scale = size / Double(max(font.unitsPerEm, 1))
        var x = 0
        let glyphs = font.shape(text).map { shaped -> TextLine.Glyph in
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
