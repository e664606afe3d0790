/*
 * Tests only: FreeType's own rasterisation of a glyph, the independent oracle for the tool's coverage
 * rasteriser (RasterTests, GlyphCoverageTests). The glyph is rendered unhinted by FreeType's smooth
 * rasteriser at 16× the size on a 16× finer grid, and each output pixel is the mean of its 16 × 16
 * cells: 16× supersampling of FreeType's exact-area coverage.
 */
#ifndef GR_FREETYPE_ORACLE_H
#define GR_FREETYPE_ORACLE_H

#include <stddef.h>
#include <stdint.h>

/** Coverage (0…1) of `glyph` of the font in `bytes` at `pixels_per_em`, its origin at (`origin_x`,
 *  `origin_y`) on a `width` × `height` grid (y down), into `out` row by row. 0 on success. */
int gr_oracle_coverage(
    const uint8_t *bytes, size_t length, uint32_t glyph, double pixels_per_em, double origin_x, double origin_y,
    int width, int height, float *out);

#endif
