/*
 * gr_text — the only place gallery-render touches HarfBuzz and FreeType.
 *
 * A font opened from its bytes: HarfBuzz shapes a line of UTF-8 (kerning and ligatures as the font's
 * GSUB and GPOS give them), FreeType reads a glyph's outline, unscaled and unhinted, in font units.
 * Nothing here rasterises: the tool's own coverage rasteriser draws the outlines (Raster/Text), so
 * the pixels do not depend on the installed FreeType's rasteriser. Every failure is a status with a
 * message; nothing is printed. A font is not safe to use from two threads at once (its caller locks).
 */
#ifndef GR_TEXT_H
#define GR_TEXT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gr_font gr_font;

/** A font's metrics in font units (y up) and names. */
typedef struct {
    int32_t units_per_em;
    int32_t ascender;  /* the horizontal ascender (OS/2 typo or hhea, as HarfBuzz picks it) */
    int32_t descender; /* negative below the baseline */
    uint32_t glyph_count;
    char family[128];
    char style[64];
} gr_font_info;

/** One shaped glyph: its id, the byte of the text its cluster starts at, and its advance and offset
 *  in font units. */
typedef struct {
    uint32_t glyph;
    uint32_t cluster;
    int32_t x_advance;
    int32_t x_offset;
    int32_t y_offset;
} gr_shaped_glyph;

/** A glyph outline's commands: each op is one of these, taking 1, 1, 2 or 3 points. */
enum { GR_OUTLINE_MOVE = 0, GR_OUTLINE_LINE = 1, GR_OUTLINE_QUAD = 2, GR_OUTLINE_CUBIC = 3 };

/** Opens the font in `bytes` (copied: the caller may free them). NULL with `message` set when it is
 *  not a font FreeType and HarfBuzz both read, or has no glyphs. */
gr_font *gr_font_open(const uint8_t *bytes, size_t length, gr_font_info *info, char *message, size_t message_size);
void gr_font_close(gr_font *font);

/** Shapes bytes `start` to `start + run` of `length` bytes of UTF-8, left to right or (`rtl`)
 *  right to left, in `script` (a HarfBuzz tag; 0: HarfBuzz guesses it), the rest of the text its
 *  context (invalid bytes become U+FFFD). Glyphs come in visual order, left to right; clusters are
 *  offsets into the whole text.
 *  Writes at most `capacity` glyphs to `out` and returns how many there are (more than `capacity`:
 *  call again with room for them), or -1 when memory ran out or the run is not within the text. */
long gr_font_shape(
    gr_font *font, const char *utf8, int length, int start, int run, int rtl, uint32_t script,
    gr_shaped_glyph *out, size_t capacity);

/** The script of `codepoint` as HarfBuzz's tag (ISO 15924, e.g. 'Hebr'), or 0 for the common and
 *  inherited ones and unassigned code points, which take their neighbours' script. */
uint32_t gr_text_script(uint32_t codepoint);

/** The outline of `glyph`, unscaled and unhinted: writes at most `op_capacity` ops and
 *  `point_capacity` points (x, y pairs, font units, y up) and sets `*op_count`, `*point_count` to how
 *  many there are. 0 on success (call again when a count exceeds its capacity), -1 when FreeType
 *  cannot load the glyph. */
int gr_font_outline(
    gr_font *font, uint32_t glyph, uint8_t *ops, size_t op_capacity, int32_t *points, size_t point_capacity,
    size_t *op_count, size_t *point_count);

/** The versions of HarfBuzz and FreeType linked, "harfbuzz X.Y.Z, freetype X.Y.Z". */
void gr_text_versions(char *out, size_t size);

#ifdef __cplusplus
}
#endif

#endif
