#include "gr_text.h"

#include <hb-ot.h>
#include <hb.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gr_font {
    uint8_t *bytes; /* owned: both libraries read the font from here */
    FT_Library library;
    FT_Face face;
    hb_blob_t *blob;
    hb_face_t *hb_face;
    hb_font_t *hb_font;
    hb_buffer_t *buffer;
};

static void set_text(char *out, size_t capacity, const char *text) {
    if (!out || capacity == 0) return;
    snprintf(out, capacity, "%s", text ? text : "");
}

void gr_font_close(gr_font *font) {
    if (!font) return;
    if (font->buffer) hb_buffer_destroy(font->buffer);
    if (font->hb_font) hb_font_destroy(font->hb_font);
    if (font->hb_face) hb_face_destroy(font->hb_face);
    if (font->blob) hb_blob_destroy(font->blob);
    if (font->face) FT_Done_Face(font->face);
    if (font->library) FT_Done_FreeType(font->library);
    free(font->bytes);
    free(font);
}

/* The metrics and names the caller shows. */
static void describe(gr_font *font, gr_font_info *info) {
    hb_position_t ascender = 0, descender = 0;
    hb_ot_metrics_get_position_with_fallback(font->hb_font, HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER, &ascender);
    hb_ot_metrics_get_position_with_fallback(font->hb_font, HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER, &descender);
    info->units_per_em = (int32_t)font->face->units_per_EM;
    info->ascender = ascender;
    info->descender = descender;
    info->glyph_count = (uint32_t)font->face->num_glyphs;
    set_text(info->family, sizeof info->family, font->face->family_name);
    set_text(info->style, sizeof info->style, font->face->style_name);
}

gr_font *gr_font_open(const uint8_t *bytes, size_t length, gr_font_info *info, char *message, size_t message_size) {
    set_text(message, message_size, "");
    if (!bytes || length == 0 || length > (size_t)INT32_MAX || !info) {
        set_text(message, message_size, length == 0 ? "the file is empty" : "too large");
        return NULL;
    }
    gr_font *font = calloc(1, sizeof *font);
    if (!font || !(font->bytes = malloc(length))) {
        free(font);
        set_text(message, message_size, "out of memory");
        return NULL;
    }
    memcpy(font->bytes, bytes, length);
    FT_Error error = FT_Init_FreeType(&font->library);
    if (!error) error = FT_New_Memory_Face(font->library, font->bytes, (FT_Long)length, 0, &font->face);
    if (error || !(font->face->face_flags & FT_FACE_FLAG_SCALABLE) || font->face->num_glyphs <= 0 ||
        font->face->units_per_EM == 0) {
        const char *reason = error ? FT_Error_String(error) : NULL;
        set_text(message, message_size, reason ? reason : "not a scalable font with glyphs");
        gr_font_close(font);
        return NULL;
    }
    font->blob = hb_blob_create((const char *)font->bytes, (unsigned)length, HB_MEMORY_MODE_READONLY, NULL, NULL);
    font->hb_face = hb_face_create(font->blob, 0);
    font->hb_font = hb_font_create(font->hb_face);
    font->buffer = hb_buffer_create();
    if (!hb_buffer_allocation_successful(font->buffer) || hb_face_get_glyph_count(font->hb_face) == 0) {
        set_text(message, message_size, "HarfBuzz cannot read the font");
        gr_font_close(font);
        return NULL;
    }
    /* Positions in font units: the caller scales them. */
    hb_font_set_scale(font->hb_font, (int)font->face->units_per_EM, (int)font->face->units_per_EM);
    describe(font, info);
    return font;
}

long gr_font_shape(
    gr_font *font, const char *utf8, int length, int start, int run, int rtl, uint32_t script,
    gr_shaped_glyph *out, size_t capacity) {
    if (!font || (!utf8 && length > 0) || length < 0 || start < 0 || run < 0 || start > length - run) return -1;
    hb_buffer_clear_contents(font->buffer);
    hb_buffer_set_cluster_level(font->buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS);
    hb_buffer_add_utf8(font->buffer, utf8 ? utf8 : "", length, (unsigned)start, run);
    hb_buffer_set_direction(font->buffer, rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
    if (script) hb_buffer_set_script(font->buffer, (hb_script_t)script);
    hb_buffer_guess_segment_properties(font->buffer);
    hb_shape(font->hb_font, font->buffer, NULL, 0);
    if (!hb_buffer_allocation_successful(font->buffer)) return -1;
    unsigned count = 0;
    const hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(font->buffer, &count);
    const hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(font->buffer, NULL);
    for (unsigned i = 0; i < count && i < capacity && out; i++) {
        out[i] = (gr_shaped_glyph){infos[i].codepoint, infos[i].cluster, positions[i].x_advance,
                                   positions[i].x_offset, positions[i].y_offset};
    }
    return (long)count;
}

uint32_t gr_text_script(uint32_t codepoint) {
    hb_script_t script = hb_unicode_script(hb_unicode_funcs_get_default(), codepoint);
    return script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
               ? 0
               : (uint32_t)script;
}

/* Where FT_Outline_Decompose's callbacks write: counts always, entries while there is room. */
typedef struct {
    uint8_t *ops;
    size_t op_capacity, op_count;
    int32_t *points;
    size_t point_capacity, point_count;
} outline_sink;

static void put(outline_sink *sink, uint8_t op, const FT_Vector *const *points, int count) {
    if (sink->op_count < sink->op_capacity) sink->ops[sink->op_count] = op;
    sink->op_count++;
    for (int i = 0; i < count; i++) {
        if (sink->point_count < sink->point_capacity) {
            sink->points[2 * sink->point_count] = (int32_t)points[i]->x;
            sink->points[2 * sink->point_count + 1] = (int32_t)points[i]->y;
        }
        sink->point_count++;
    }
}

static int move_to(const FT_Vector *to, void *user) {
    put(user, GR_OUTLINE_MOVE, (const FT_Vector *const[]){to}, 1);
    return 0;
}

static int line_to(const FT_Vector *to, void *user) {
    put(user, GR_OUTLINE_LINE, (const FT_Vector *const[]){to}, 1);
    return 0;
}

static int conic_to(const FT_Vector *control, const FT_Vector *to, void *user) {
    put(user, GR_OUTLINE_QUAD, (const FT_Vector *const[]){control, to}, 2);
    return 0;
}

static int cubic_to(const FT_Vector *control1, const FT_Vector *control2, const FT_Vector *to, void *user) {
    put(user, GR_OUTLINE_CUBIC, (const FT_Vector *const[]){control1, control2, to}, 3);
    return 0;
}

int gr_font_outline(
    gr_font *font, uint32_t glyph, uint8_t *ops, size_t op_capacity, int32_t *points, size_t point_capacity,
    size_t *op_count, size_t *point_count) {
    if (!font || !op_count || !point_count) return -1;
    if (glyph >= (uint32_t)font->face->num_glyphs) return -1;
    if (FT_Load_Glyph(font->face, glyph, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) return -1;
    if (font->face->glyph->format != FT_GLYPH_FORMAT_OUTLINE) return -1;
    outline_sink sink = {ops, ops ? op_capacity : 0, 0, points, points ? point_capacity : 0, 0};
    const FT_Outline_Funcs funcs = {move_to, line_to, conic_to, cubic_to, 0, 0};
    if (FT_Outline_Decompose(&font->face->glyph->outline, &funcs, &sink)) return -1;
    *op_count = sink.op_count;
    *point_count = sink.point_count;
    return 0;
}

void gr_text_versions(char *out, size_t size) {
    FT_Library library;
    FT_Int major = 0, minor = 0, patch = 0;
    if (!FT_Init_FreeType(&library)) {
        FT_Library_Version(library, &major, &minor, &patch);
        FT_Done_FreeType(library);
    }
    snprintf(out, size, "harfbuzz %s, freetype %d.%d.%d", hb_version_string(), major, minor, patch);
}
