/*
 * gr_png — the only place gallery-render touches libpng and libdeflate.
 *
 * Why a shim: libpng reports errors by longjmp, and a longjmp must never cross a Swift frame. The
 * libpng entry point calls setjmp itself, drives libpng from start to finish in one synchronous call,
 * frees everything it took on every path, and returns a status plus libpng's own message. It uses the
 * classic png_read_* API with explicit transforms (not png_image_*, whose 1.6.39 implementation has
 * known overflows).
 *
 * Why libdeflate too: inflating and deflating is most of the time PNG takes, and libdeflate does both
 * markedly faster than zlib (gr_png_fast.c and gr_png_write.c give the figures). It reads only the
 * plainest PNGs itself and hands every other file, and every file it finds anything wrong with, to
 * libpng, so libpng alone decides what is an error and what it says.
 */
#ifndef GR_PNG_H
#define GR_PNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Outcome of a shim call. */
typedef enum {
    GR_PNG_OK = 0,
    GR_PNG_ERROR = 1,        /* libpng refused the data; see message */
    GR_PNG_TOO_LARGE = 2,    /* header over the pixel budget; nothing allocated */
    GR_PNG_NO_MEMORY = 3,
} gr_png_status;

/** The outcome of a decode into a caller's buffer. */
typedef struct {
    uint32_t width;
    uint32_t height;
    char message[256]; /* libpng's message when status != GR_PNG_OK */
} gr_png_image;

/**
 * Decodes a whole PNG from memory into `pixels`: 8-bit RGBA, straight (not premultiplied) alpha, rows
 * packed. The buffer holds `capacity` bytes, sized by the caller from IHDR: at least width × height × 4,
 * anything less is an error; with width × height × 4 + height (gr_png_decode_capacity), 8-bit
 * non-interlaced gray, gray+alpha, RGB and RGBA without tRNS are inflated by libdeflate straight into
 * it. Every colour type and bit depth is expanded; 16-bit samples are reduced with rounding
 * (png_set_scale_16); gamma, cHRM and iCCP are ignored. The header is checked against max_pixels and
 * max_side first. Both readers give the same pixels (tested on PngSuite and by the differential fuzzer).
 */
gr_png_status gr_png_decode(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t max_side,
                            uint8_t *pixels, size_t capacity, gr_png_image *out);

/** gr_png_decode with libpng only, never the libdeflate reader: the reference the tests compare with. */
gr_png_status gr_png_decode_libpng(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t max_side,
                                   uint8_t *pixels, size_t capacity, gr_png_image *out);

/**
 * The libdeflate reader alone (tests): GR_PNG_ERROR with the message "left to libpng" for any file it
 * does not take, which gr_png_decode would hand to libpng.
 */
gr_png_status gr_png_decode_fast(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t max_side,
                                 uint8_t *pixels, size_t capacity, gr_png_image *out);

/** The buffer size gr_png_decode's fast reader needs: width × height × 4 + height (one filter byte a row). */
static inline size_t gr_png_decode_capacity(uint32_t width, uint32_t height) {
    return (size_t)width * height * 4 + height;
}

/** Encoded PNG bytes. */
typedef struct {
    uint8_t *bytes;    /* malloc'd; release with gr_png_free */
    size_t size;
    char message[256];
} gr_png_buffer;

/**
 * Encodes 8-bit RGBA pixels (straight alpha, stride width*4) as a PNG: RGB when has_alpha is 0,
 * RGBA otherwise; every row Paeth-filtered, deflated by libdeflate at compression_level (1–12). No time
 * stamp or other varying chunk: identical pixels give identical bytes.
 */
gr_png_status gr_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int has_alpha,
                            int compression_level, gr_png_buffer *out);

/** Frees memory returned by the functions above. */
void gr_png_free(void *pointer);

#ifdef __cplusplus
}
#endif

#endif
