/*
 * gr_png — the only place gallery-render touches libpng, and libdeflate's coders (CPNGRead takes its CRC-32).
 *
 * Why a shim: libpng reports errors by longjmp, and a longjmp must never cross a Swift frame. The
 * libpng entry point calls setjmp itself, drives libpng from start to finish in one synchronous call,
 * frees everything it took on every path, and returns a status plus libpng's own message. It uses the
 * classic png_read_* API with explicit transforms (not png_image_*, whose 1.6.39 implementation has
 * known overflows).
 *
 * Beside it, the project's own code, in targets of their own: gr_png_decode tries CPNGRead's fast
 * reader (ISA-L's inflate, gr_png_read.h) first and hands every file it declines, and every file it
 * finds anything wrong with, to libpng, so libpng alone decides what is an error and what it says.
 * Frames are deflated by CDeflateRuns (gr_deflate_runs.h), made for them; other images by libdeflate.
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
    GR_PNG_DECLINED = 4,     /* gr_png_decode_fast only: a file the fast reader leaves to libpng */
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
 * anything less is an error. 8-bit non-interlaced gray, gray+alpha, RGB and RGBA without tRNS are read
 * by the fast reader (gr_png_rows); every other file, and any file it gives up on, by libpng. Every
 * colour type and bit depth is expanded; 16-bit samples are reduced with rounding (png_set_scale_16);
 * gamma, cHRM and iCCP are ignored. The header is checked against max_pixels and max_side first. Both
 * readers give the same pixels (tested on PngSuite and by the differential fuzzer).
 */
gr_png_status gr_png_decode(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t max_side,
                            uint8_t *pixels, size_t capacity, gr_png_image *out);

/** gr_png_decode with libpng only, never the fast reader: the reference the tests compare with. */
gr_png_status gr_png_decode_libpng(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t max_side,
                                   uint8_t *pixels, size_t capacity, gr_png_image *out);

/**
 * The fast reader alone (tests): GR_PNG_DECLINED for any file it does not take, which gr_png_decode
 * would hand to libpng.
 */
gr_png_status gr_png_decode_fast(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t max_side,
                                 uint8_t *pixels, size_t capacity, gr_png_image *out);

/**
 * Inflates the zlib stream `data` (an iCCP chunk's profile) into `out` with libdeflate: 0 and the
 * bytes written in *written, 1 when the stream is broken, 2 when it inflates to more than `capacity`.
 */
int gr_png_inflate_zlib(const uint8_t *data, size_t size, uint8_t *out, size_t capacity, size_t *written);

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

/*
 * The run encoder (gr_run_deflate.c) writes a frame in parts of whole rows, each filtered and compressed
 * on its own so that parts can run on several threads; part boundaries depend only on the frame's
 * width (gr_png_part_rows), so the bytes never depend on the number of threads.
 */

/** Rows per part: about 256 KiB of filtered data, at least one row. */
uint32_t gr_png_part_rows(uint32_t width, int has_alpha);

/** Bytes gr_png_encode_part may write for `rows` rows. */
size_t gr_png_part_bound(uint32_t width, uint32_t rows, int has_alpha);

/**
 * Paeth-filters rows first ..< first + rows (row first − 1 is their context) and compresses them; `last`
 * says whether they end the image. Returns the compressed size (0: out of memory) and stores the
 * filtered bytes' count and Adler-32 for gr_png_assemble.
 */
size_t gr_png_encode_part(const uint8_t *rgba, uint32_t width, uint32_t first, uint32_t rows, int has_alpha,
                          int last, uint8_t *out, size_t *filtered_size, uint32_t *adler);

/**
 * The PNG of `count` parts in order: signature, IHDR, the zlib stream in IDAT chunks, IEND. A part of
 * size 0 (one gr_png_encode_part could not allocate for) fails with GR_PNG_NO_MEMORY.
 */
gr_png_status gr_png_assemble(uint32_t width, uint32_t height, int has_alpha, const uint8_t *const *parts,
                              const size_t *sizes, const size_t *filtered_sizes, const uint32_t *adlers,
                              size_t count, gr_png_buffer *out);

/** The CRC-32 of a chunk's type and data, as PNG's chunks carry it (libdeflate's). */
uint32_t gr_png_crc32(const uint8_t *bytes, size_t size);

/** Frees memory returned by the functions above. */
void gr_png_free(void *pointer);

/** The linked libraries' names and versions, a line each, into `out` (at most `size` bytes, with NUL). */
void gr_png_library_versions(char *out, size_t size);

#ifdef __cplusplus
}
#endif

#endif
