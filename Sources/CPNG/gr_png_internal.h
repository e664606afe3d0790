/* Declarations shared by the CPNG sources; not part of the module's public header. */
#ifndef GR_PNG_INTERNAL_H
#define GR_PNG_INTERNAL_H

#include "gr_png.h"
#include "gr_cpu.h"

#include <stdlib.h>

/** PNG's Paeth predictor of a sample from its left (a), upper (b) and upper-left (c) neighbours. */
static inline uint8_t gr_png_paeth(uint8_t a, uint8_t b, uint8_t c) {
    int pa = abs((int)b - c), pb = abs((int)a - c), pc = abs((int)a + b - 2 * (int)c);
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

/** Copies at most 255 bytes of `text` (or a generic message when NULL) into a 256-byte buffer. */
void gr_png_copy_message(char *destination, const char *text);

/**
 * The fast reader for the common case (8-bit, not interlaced, gray / gray+alpha / RGB / RGBA, no tRNS):
 * gr_png_rows over the whole file. Returns 1 with the image decoded, or 0 when it does not apply or when
 * anything at all is unusual (a bad CRC, an unknown critical chunk, a short or long stream): the caller
 * then decodes with libpng, which produces the canonical result or message. Never reports an error of
 * its own.
 */
int gr_png_fast_decode(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t max_side,
                       uint8_t *pixels, size_t capacity, uint32_t *width, uint32_t *height);

/** Bytes readable after a filtered row handed to gr_png_unfilter_rgb, which reads RGB pixels as words. */
enum { GR_PNG_ROW_SLACK = 16 };

/**
 * Unfilters one filtered row (its filter byte first) of an 8-bit RGB or RGBA image to RGBA at `out`;
 * `above` is the RGBA row above, NULL for the first row. 0 for an unknown filter type.
 */
int gr_png_unfilter_rgb(const uint8_t *filtered, uint32_t width, uint8_t *out, const uint8_t *above);
int gr_png_unfilter_rgba(const uint8_t *filtered, uint32_t width, uint8_t *out, const uint8_t *above);

/**
 * The same for gray (channels 1) and gray+alpha (2): unfilters in place against `previous` (the
 * unfiltered row above, which it then updates; zeroed when `first`), and expands to RGBA.
 */
int gr_png_unfilter_gray(uint8_t *filtered, uint32_t width, size_t channels, uint8_t *previous, int first,
                         uint8_t *out);

/** Most bytes gr_deflate writes for `size` input bytes (every block stored, plus framing). */
size_t gr_deflate_bound(size_t size);

/**
 * Compresses `size` bytes as deflate blocks (gr_run_deflate.c). With `final`, the last block ends the
 * stream; without, the output ends with an empty stored block, so the next part's blocks can follow
 * on the byte boundary. Returns the bytes written (0: out of memory).
 */
size_t gr_deflate(const uint8_t *data, size_t size, int final, uint8_t *out);

#endif
