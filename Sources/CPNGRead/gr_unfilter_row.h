/* The row a truecolor unfilter works on, and the helpers every level's loop shares: internal to
 * gr_fast_unfilter.c and gr_unfilter_paeth_avx2.c. */
#ifndef GR_UNFILTER_ROW_H
#define GR_UNFILTER_ROW_H

#include "gr_unfilter.h"

#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#define GR_X86 1
#else
#define GR_X86 0
#endif

enum { level_scalar = 0, level_sse2 = 1, level_ssse3 = 2, level_avx2 = 3 };

/* Bytewise (mod 256) sum and floor average of four samples at once. */
static inline uint32_t add_bytes(uint32_t x, uint32_t y) {
    return ((x & 0x7f7f7f7fu) + (y & 0x7f7f7f7fu)) ^ ((x ^ y) & 0x80808080u);
}

static inline uint32_t average_bytes(uint32_t x, uint32_t y) { return (x & y) + (((x ^ y) & 0xfefefefeu) >> 1); }

static inline uint32_t word_of(const uint8_t bytes[4]) {
    uint32_t value;
    memcpy(&value, bytes, 4);
    return value;
}

static inline uint32_t load_word(const uint8_t *p) {
    uint32_t value;
    memcpy(&value, p, 4);
    return value;
}

/*
 * One pixel's samples as a word, the fourth lane 0 for RGB. RGB reads one byte past the pixel: the
 * caller's rows are followed by at least GR_PNG_ROW_SLACK bytes.
 */
static inline uint32_t load_pixel(const uint8_t *p, size_t channels, uint32_t lanes) {
    return channels == 4 ? load_word(p) : load_word(p) & lanes;
}

static inline void store_word(uint8_t *p, uint32_t value) { memcpy(p, &value, 4); }

/* What every loop shares: the row, its neighbours, and how a pixel is read and finished. */
typedef struct {
    const uint8_t *source; /* filtered samples */
    uint8_t *out;          /* RGBA */
    const uint8_t *above;  /* the RGBA row above; NULL for the first row */
    uint32_t width;
    size_t channels;
    uint32_t lanes;  /* mask of the sample lanes of a pixel word */
    uint32_t opaque; /* OR'd into every RGB pixel: alpha 255 */
} row_job;

#define PIXEL(job, x) load_pixel((job).source + (size_t)(x) * (job).channels, (job).channels, (job).lanes)
#define STORE(job, x, value) store_word((job).out + 4 * (size_t)(x), (value) | (job).opaque)
/* The row above as samples: an RGB row's alpha lane (255) is masked so that it stays 0 in the sums. */
#define ABOVE(job, x) (load_word((job).above + 4 * (size_t)(x)) & ((job).channels == 3 ? (job).lanes : ~0u))

#if GR_X86

static inline __m128i pixel_sse2(row_job job, uint32_t x) { return _mm_cvtsi32_si128((int)PIXEL(job, x)); }

static inline void store_sse2(row_job job, uint32_t x, __m128i value) {
    STORE(job, x, (uint32_t)_mm_cvtsi128_si32(value));
}

/* Paeth with AVX2 (gr_unfilter_paeth_avx2.c): the whole row. */
void gr_unfilter_paeth_avx2(row_job job);
#endif

#endif
