/*
 * CPNGRead — the project's own PNG reader, in place of libpng for the PNGs gallery-render meets most
 * (8-bit, not interlaced, gray / gray+alpha / RGB / RGBA, no tRNS): one pass over the file, a row at a
 * time, inflated by ISA-L (gr_fast_reader.c), rows unfiltered straight to RGBA (gr_fast_unfilter.c,
 * gr_unfilter_paeth_avx2.c). CPNG's gr_png_decode tries it first; libpng reads everything it declines.
 *
 * What it gains, measured when it came in (4bdf402, a C harness over one 4K photo PNG from Pillow):
 * the stream inflated in 37 ms with ISA-L against 80 with zlib (libpng's inflater) and 46 with
 * libdeflate; the whole image in 44 ms; unfiltering 3.4 ms with AVX2 against 12.8 in portable C. And
 * what libpng cannot give: a row at a time from a file read in 256 KiB pieces, so `diff` and `check`
 * never hold either 4K image whole (VisualDiff's StreamingDiff; scenario D of `make bench`).
 *
 * What it must equal: libpng's decode of the same file, pixel for pixel, or decline it. It never
 * reports an error of its own: whatever is unusual (a CRC, an unknown critical chunk, a stream too
 * short or too long, a bad filter) hands the file to libpng, which decides. PNGDecoderTests and
 * PngSuite hold it to libpng at every unfiltering level (gr_png_unfilter_cap_level); fuzz-png
 * decodes every input both ways. The one known difference is ISA-L's (gr_fast_reader.c).
 *
 * When to delete it: when libpng reads rows through a faster inflater (zlib-ng, or libdeflate in
 * pieces) within 1.2× of this, and can stream from a descriptor; the row API would then wrap libpng.
 */
#ifndef GR_PNG_READ_H
#define GR_PNG_READ_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * A PNG read a row at a time by the fast reader: one pass over the file, whose bytes are in memory or
 * read in 256 KiB pieces, holding a few hundred KiB whatever the image's size.
 */
typedef struct gr_png_rows gr_png_rows;

/**
 * Opens the fast reader on the PNG in memory at `data` (`size` bytes) or, when `data` is NULL, in the
 * regular file `fd` (`size` bytes long, read with pread from its start; the caller keeps it open).
 * Reads up to the image data and sets the size. NULL when the file is not one the fast reader takes
 * (see gr_png_decode), is over the budget, or memory ran out: decode it with gr_png_decode instead.
 */
gr_png_rows *gr_png_rows_open(const uint8_t *data, int fd, uint64_t size, uint64_t max_pixels, uint32_t max_side,
                              uint32_t *width, uint32_t *height);

/**
 * Decodes the next row as 8-bit RGBA (straight alpha) into `row` (width × 4 bytes). `above` is the
 * row the previous call wrote, unchanged since (ignored for the first row, and for gray images; for
 * a later RGB or RGBA row, NULL makes the reader give up). With the last row it also
 * checks the rest of the file: the stream's end and Adler-32, the chunks up to IEND. 0: the reader
 * gave up (or has no rows left) and every later call fails too; the rows read so far must be thrown
 * away and the file decoded with gr_png_decode, which decides what it holds.
 */
int gr_png_rows_next(gr_png_rows *reader, uint8_t *row, const uint8_t *above);

/** Frees the reader (NULL is ignored). */
void gr_png_rows_close(gr_png_rows *reader);

/**
 * The whole image through gr_png_rows into `pixels` (`capacity` bytes, at least width × height × 4).
 * Returns 1 with the image decoded, or 0 when it does not apply or when anything at all is unusual:
 * the caller then decodes with libpng, which produces the canonical result or message.
 */
int gr_png_fast_decode(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t max_side,
                       uint8_t *pixels, size_t capacity, uint32_t *width, uint32_t *height);

/**
 * For tests: the most the fast reader's unfiltering may use of this CPU on the calling thread (0
 * portable C, 1 SSE2, 2 SSSE3, 3 AVX2, the default), so that every level can be held to libpng on
 * one machine.
 */
void gr_png_unfilter_cap_level(int level);

/**
 * For the fuzzer: inflates the raw deflate stream `data` with the fast reader's inflater (ISA-L) into
 * `out`; the bytes written, or -1 when the stream is broken, does not fit, or does not end exactly
 * at the end of `data`.
 */
long gr_png_inflate_raw(const uint8_t *data, size_t size, uint8_t *out, size_t capacity);

/** PNG's Paeth predictor of a sample from its left (a), upper (b) and upper-left (c) neighbours. */
static inline uint8_t gr_png_paeth(uint8_t a, uint8_t b, uint8_t c) {
    int pa = abs((int)b - c), pb = abs((int)a - c), pc = abs((int)a + b - 2 * (int)c);
    return (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c);
}

#ifdef __cplusplus
}
#endif

#endif
