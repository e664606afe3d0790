import CText
import GalleryCore

/// A font file opened for captions: HarfBuzz shapes with it, FreeType reads its outlines (CText).
/// Outlines are read once per glyph and kept. Safe to share between threads: every call into the
/// libraries holds the font's lock.
public final class Font: Sendable {
    /// Where it was read from, and the SHA-256 of its bytes.
    public let path: String
    public let sha256: String
    public let family: String
    public let style: String
    public let unitsPerEm: Int
    /// The horizontal ascender and descender in font units, y up (the descender is negative).
    public let ascender: Int
    public let descender: Int
    private let handle: Locked<OpaquePointer>
    private let outlines = Locked([UInt32: GlyphOutline]())

    /// Bytes a font file may have.
    public static let fileLimit = 32 << 20
    /// Commands one glyph's outline may have: more is drawn as nothing.
    static let outlineLimit = 1 << 16

    /// Fonts already opened, by path: a batch reads each font file once.
    private static let shelf = Locked([String: Font]())

    /// The font in the file at `path`, opened once per process.
    public static func opened(path: String) throws(FontError) -> Font {
        if let font = shelf.withLock({ $0[path] }) { return font }
        let font = try Font(path: path)
        return shelf.withLock { shelf in
            if let earlier = shelf[path] { return earlier }
            shelf[path] = font
            return font
        }
    }

    /// The font in the file at `path`.
    public convenience init(path: String) throws(FontError) {
        let bytes: [UInt8]
        do { bytes = try RegularFile.contents(atPath: path, limit: Self.fileLimit) } catch {
            throw FontError(path: path, cause: .file(error))
        }
        try self.init(bytes: bytes, path: path)
    }

    /// The font in `bytes`, read from `path`.
    public init(bytes: [UInt8], path: String) throws(FontError) {
        var info = gr_font_info()
        var message = [CChar](repeating: 0, count: 256)
        guard let font = gr_font_open(bytes, bytes.count, &info, &message, message.count) else {
            throw FontError(
                path: path,
                cause: .notAFont(
                    String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)))
        }
        self.path = path
        sha256 = SHA256.hex(bytes)
        family = Self.string(info.family)
        style = Self.string(info.style)
        (unitsPerEm, ascender, descender) = (Int(info.units_per_em), Int(info.ascender), Int(info.descender))
        handle = Locked(font)
    }

    deinit { handle.withLock { gr_font_close($0) } }

    /// One glyph of a shaped line: its id, where its cluster starts in the text's UTF-8, its advance
    /// and offset in font units.
    public struct ShapedGlyph: Sendable, Hashable {
        public var glyph: UInt32
        public var cluster: Int
        public var advance: Int
        public var offsetX: Int
        public var offsetY: Int
    }

    /// `text` shaped with the font's kerning and ligatures, its glyphs left to right as drawn: each
    /// run of one direction and one script (`BidiRun`) in its own, the rest of the text its context.
    public func shape(_ text: String) -> [ShapedGlyph] {
        var utf8 = Array(text.utf8)
        guard !utf8.isEmpty, utf8.count < Int(Int32.max) else { return [] }
        return BidiRun.visual(text).flatMap { shape(&utf8, $0) }
    }

    /// One run of `utf8` shaped in its direction.
    private func shape(_ utf8: inout [UInt8], _ run: BidiRun) -> [ShapedGlyph] {
        var glyphs = [gr_shaped_glyph](repeating: gr_shaped_glyph(), count: run.bytes.count + 8)
        var count = shape(&utf8, run, into: &glyphs)
        if count > glyphs.count {
            glyphs = [gr_shaped_glyph](repeating: gr_shaped_glyph(), count: count)
            count = shape(&utf8, run, into: &glyphs)
        }
        return glyphs.prefix(max(min(count, glyphs.count), 0)).map {
            ShapedGlyph(
                glyph: $0.glyph, cluster: Int($0.cluster), advance: Int($0.x_advance), offsetX: Int($0.x_offset),
                offsetY: Int($0.y_offset))
        }
    }

    /// The characters of `text` the font has no glyph for (shaped to glyph 0, .notdef, a box when
    /// drawn), each once, in order.
    public func missingCharacters(in text: String) -> [Character] {
        let missing = Set(shape(text).filter { $0.glyph == 0 }.map(\.cluster))
        guard !missing.isEmpty else { return [] }
        var found: [Character] = []
        var offset = 0
        for character in text {
            // A missing mark within a character (a keycap's U+20E3) names the whole character.
            let bytes = offset..<offset + character.utf8.count
            if missing.contains(where: bytes.contains), !found.contains(character) { found.append(character) }
            offset = bytes.upperBound
        }
        return found
    }

    private func shape(_ utf8: inout [UInt8], _ run: BidiRun, into glyphs: inout [gr_shaped_glyph]) -> Int {
        handle.withLock { font in
            utf8.withUnsafeBufferPointer { text in
                text.withMemoryRebound(to: CChar.self) { text in
                    Int(
                        gr_font_shape(
                            font, text.baseAddress, Int32(text.count), Int32(run.bytes.lowerBound),
                            Int32(run.bytes.count), run.isRightToLeft ? 1 : 0, run.script, &glyphs, glyphs.count))
                }
            }
        }
    }

    /// `glyph`'s outline in font units; empty when the font has none for it (a space) or it is
    /// unreadable or too complex.
    public func outline(_ glyph: UInt32) -> GlyphOutline {
        if let known = outlines.withLock({ $0[glyph] }) { return known }
        let outline = handle.withLock { font in Self.read(glyph, of: font) } ?? GlyphOutline()
        outlines.withLock { $0[glyph] = outline }
        return outline
    }

    /// Reads `glyph`'s outline through the shim: counts first, then the commands.
    private static func read(_ glyph: UInt32, of font: OpaquePointer) -> GlyphOutline? {
        var (opCount, pointCount) = (0, 0)
        guard gr_font_outline(font, glyph, nil, 0, nil, 0, &opCount, &pointCount) == 0,
            opCount <= outlineLimit, pointCount <= 3 * outlineLimit
        else { return nil }
        var ops = [UInt8](repeating: 0, count: opCount)
        var points = [Int32](repeating: 0, count: 2 * pointCount)
        guard gr_font_outline(font, glyph, &ops, opCount, &points, pointCount, &opCount, &pointCount) == 0,
            opCount == ops.count, 2 * pointCount == points.count
        else { return nil }
        return GlyphOutline(ops: ops, points: points)
    }

    /// A NUL-terminated C array as a string.
    private static func string<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The linked libraries' versions: "harfbuzz X.Y.Z, freetype X.Y.Z".
    public static var libraryVersions: String {
        var text = [CChar](repeating: 0, count: 128)
        gr_text_versions(&text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
