#include "gr_freetype_oracle.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { factor = 16 };

/* The glyph's outline at 16× the size, its origin moved to where the output grid's origin maps. */
static int render(FT_Library library, FT_Face face, uint32_t glyph, double pixels_per_em, double origin_x,
                  double origin_y, int width, int height, unsigned char *cells) {
    if (FT_Set_Char_Size(face, 0, (FT_F26Dot6)lround(pixels_per_em * factor * 64), 72, 72)) return -1;
    if (FT_Load_Glyph(face, glyph, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) return -1;
    if (face->glyph->format != FT_GLYPH_FORMAT_OUTLINE) return -1;
    FT_Outline *outline = &face->glyph->outline;
    /* The bitmap's bottom row is y = 0 of the outline (y up); the output's row 0 is its top. */
    FT_Outline_Translate(outline, (FT_Pos)lround(origin_x * factor * 64),
                         (FT_Pos)lround((height - origin_y) * factor * 64));
    FT_Bitmap bitmap;
    memset(&bitmap, 0, sizeof bitmap);
    bitmap.rows = (unsigned)(height * factor);
    bitmap.width = (unsigned)(width * factor);
    bitmap.pitch = width * factor;
    bitmap.buffer = cells;
    bitmap.num_grays = 256;
    bitmap.pixel_mode = FT_PIXEL_MODE_GRAY;
    return FT_Outline_Get_Bitmap(library, outline, &bitmap) ? -1 : 0;
}

int gr_oracle_coverage(
    const uint8_t *bytes, size_t length, uint32_t glyph, double pixels_per_em, double origin_x, double origin_y,
    int width, int height, float *out) {
    if (width <= 0 || height <= 0 || width > 4096 || height > 4096) return -1;
    unsigned char *cells = calloc((size_t)width * factor * (size_t)height * factor, 1);
    FT_Library library = NULL;
    FT_Face face = NULL;
    int status = cells && !FT_Init_FreeType(&library) &&
                         !FT_New_Memory_Face(library, bytes, (FT_Long)length, 0, &face)
                     ? render(library, face, glyph, pixels_per_em, origin_x, origin_y, width, height, cells)
                     : -1;
    for (int y = 0; status == 0 && y < height; y++) {
        for (int x = 0; x < width; x++) {
            unsigned sum = 0;
            for (int j = 0; j < factor; j++) {
                const unsigned char *row = cells + ((size_t)(y * factor + j) * width + (size_t)x) * factor;
                for (int i = 0; i < factor; i++) sum += row[i];
            }
            out[(size_t)y * width + x] = (float)sum / (255.0f * factor * factor);
        }
    }
    if (face) FT_Done_Face(face);
    if (library) FT_Done_FreeType(library);
    free(cells);
    return status;
}
