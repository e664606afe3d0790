/*
 * Undoing PNG's row filters for the fast reader (gr_fast_reader.c), straight to RGBA.
 *
 * Truecolor rows are unfiltered one pixel at a time as a 32-bit word against the finished RGBA row
 * above; a pixel's channels are independent lanes, so byte order does not matter. Sub, Average and
 * Paeth chain each pixel to the one on its left, so what bounds them is the latency of that chain:
 * with SSE2 it is one paddb for Sub (the portable byte-lane sum takes about five operations), a
 * pavgb and a correction for Average, and 16-bit lanes for Paeth as in libpng's SSE2 code. None, Sub
 * and Up also run four pixels at a time with SSSE3 and eight with AVX2, Sub as a prefix sum. The
 * rows of a 4K photo PNG from Pillow (half Sub, half Up) unfilter into a whole image in 3.4 ms with
 * AVX2, 3.6 with SSSE3, 7.1 with SSE2 and 12.8 in portable C (best of 5, this machine). With AVX2,
 * Paeth's choice becomes a threshold test on the left pixel (below): a 4K RGB image of Paeth rows,
 * as the tool's own frames are, takes 16.5 ms against 33 with SSE2 and 193 in portable C.
 *
 * Every level is compiled on x86-64 and chosen at run time (gr_png_unfilter_cap_level lets the tests
 * run each one); elsewhere only the portable loops are. The row_job layout and the helpers every
 * level shares are in gr_unfilter_row.h; the AVX2 Paeth, the longest loop, in
 * gr_unfilter_paeth_avx2.c (called once a row, so nothing is lost to the call).
 */
#include "gr_unfilter_row.h"

/* ---- portable ---------------------------------------------------------------------------------- */

static inline __attribute__((always_inline)) void none_scalar(row_job job, uint32_t from) {
    for (uint32_t x = from; x < job.width; x++) STORE(job, x, PIXEL(job, x));
}

static inline __attribute__((always_inline)) void sub_scalar(row_job job, uint32_t from, uint32_t left) {
    for (uint32_t x = from; x < job.width; x++) {
        left = add_bytes(PIXEL(job, x), left);
        STORE(job, x, left);
    }
}

static inline __attribute__((always_inline)) void up_scalar(row_job job, uint32_t from) {
    for (uint32_t x = from; x < job.width; x++) STORE(job, x, add_bytes(PIXEL(job, x), ABOVE(job, x)));
}

static inline __attribute__((always_inline)) void average_scalar(row_job job) {
    uint32_t left = 0;
    for (uint32_t x = 0; x < job.width; x++) {
        uint32_t up = job.above ? ABOVE(job, x) : 0;
        left = add_bytes(PIXEL(job, x), average_bytes(left, up));
        STORE(job, x, left);
    }
}

static inline uint32_t paeth_bytes(uint32_t a, uint32_t b, uint32_t c) {
    uint8_t left[4], up[4], corner[4], result[4];
    memcpy(left, &a, 4), memcpy(up, &b, 4), memcpy(corner, &c, 4);
    for (int i = 0; i < 4; i++) result[i] = gr_png_paeth(left[i], up[i], corner[i]);
    return word_of(result);
}

static inline __attribute__((always_inline)) void paeth_scalar(row_job job) {
    uint32_t left = 0, corner = 0;
    for (uint32_t x = 0; x < job.width; x++) {
        uint32_t up = ABOVE(job, x);
        left = add_bytes(PIXEL(job, x), paeth_bytes(left, up, corner));
        corner = up;
        STORE(job, x, left);
    }
}

/* ---- SSE2: one pixel at a time, with a shorter chain ------------------------------------------- */
#if GR_X86


static inline __attribute__((always_inline)) void sub_sse2(row_job job) {
    __m128i left = _mm_setzero_si128();
    for (uint32_t x = 0; x < job.width; x++) {
        left = _mm_add_epi8(left, pixel_sse2(job, x));
        store_sse2(job, x, left);
    }
}

/* Average: the sample plus floor((left + up) / 2); pavgb rounds up, so its carry bit is taken back. */
static inline __attribute__((always_inline)) void average_sse2(row_job job) {
    __m128i left = _mm_setzero_si128(), ones = _mm_set1_epi8(1);
    for (uint32_t x = 0; x < job.width; x++) {
        __m128i up = _mm_cvtsi32_si128(job.above ? (int)ABOVE(job, x) : 0);
        __m128i mean = _mm_sub_epi8(_mm_avg_epu8(left, up), _mm_and_si128(_mm_xor_si128(left, up), ones));
        left = _mm_add_epi8(pixel_sse2(job, x), mean);
        store_sse2(job, x, left);
    }
}

static inline __m128i absolute16(__m128i x) { return _mm_max_epi16(x, _mm_sub_epi16(_mm_setzero_si128(), x)); }

static inline __m128i select16(__m128i mask, __m128i yes, __m128i no) {
    return _mm_or_si128(_mm_and_si128(mask, yes), _mm_andnot_si128(mask, no));
}

/*
 * Paeth in 16-bit lanes: pa = |b − c|, pb = |a − c|, pc = |a + b − 2c|; a when pa is the smallest,
 * else b when pb is no larger than pc, else c (PNG's tie order).
 */
static inline __attribute__((always_inline)) void paeth_sse2(row_job job) {
    const __m128i zero = _mm_setzero_si128(), low_bytes = _mm_set1_epi16(0xff);
    __m128i a = zero, c = zero;
    for (uint32_t x = 0; x < job.width; x++) {
        __m128i b = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)ABOVE(job, x)), zero);
        __m128i sample = _mm_unpacklo_epi8(pixel_sse2(job, x), zero);
        __m128i to_b = _mm_sub_epi16(b, c), to_a = _mm_sub_epi16(a, c);
        __m128i pa = absolute16(to_b), pb = absolute16(to_a), pc = absolute16(_mm_add_epi16(to_a, to_b));
        __m128i smallest = _mm_min_epi16(pc, _mm_min_epi16(pa, pb));
        __m128i predicted = select16(_mm_cmpeq_epi16(smallest, pa), a, select16(_mm_cmpeq_epi16(smallest, pb), b, c));
        a = _mm_and_si128(_mm_add_epi16(sample, predicted), low_bytes);
        c = b;
        store_sse2(job, x, _mm_packus_epi16(a, a));
    }
}


/* ---- SSSE3 and AVX2: None, Sub and Up, several pixels at a time -------------------------------- */

/*
 * Four pixels at a time (pshufb spreads four RGB pixels over four words). Sub is a prefix sum: within
 * the four by two shifted adds, then the left pixel added to all four, so its chain is two operations
 * per four pixels. Reads up to four bytes past the row. Returns how many pixels it did and, for Sub,
 * the last pixel; the portable loops do the rest.
 */
__attribute__((target("ssse3"))) static uint32_t four_ssse3(uint8_t filter, row_job job, uint32_t *left) {
    const __m128i spread = job.channels == 3 ? _mm_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1)
                                             : _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m128i alpha = _mm_set1_epi32((int)job.opaque);
    __m128i carry = _mm_setzero_si128(); /* Sub: the pixel on the left in every lane */
    uint32_t x = 0;
    for (; x + 4 <= job.width; x += 4) {
        __m128i v = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(job.source + x * job.channels)), spread);
        if (filter == 1) {
            v = _mm_add_epi8(v, _mm_slli_si128(v, 4));
            v = _mm_add_epi8(v, _mm_slli_si128(v, 8));
            v = _mm_add_epi8(v, carry);
            carry = _mm_shuffle_epi32(v, 0xff);
        } else if (filter == 2) {
            v = _mm_add_epi8(v, _mm_loadu_si128((const __m128i *)(job.above + 4 * (size_t)x)));
        }
        _mm_storeu_si128((__m128i *)(job.out + 4 * (size_t)x), _mm_or_si128(v, alpha));
    }
    *left = (uint32_t)_mm_cvtsi128_si32(carry);
    return x;
}

/* The same eight pixels at a time: the prefix sum runs in each 128-bit half, then the low half's last
 * pixel is added to the high half. */
__attribute__((target("avx2"))) static uint32_t eight_avx2(uint8_t filter, row_job job, uint32_t *left) {
    const __m128i spread_half = job.channels == 3
                                    ? _mm_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1)
                                    : _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m256i spread = _mm256_broadcastsi128_si256(spread_half), alpha = _mm256_set1_epi32((int)job.opaque);
    const __m256i low_last = _mm256_setr_epi32(0, 0, 0, 0, 3, 3, 3, 3), last = _mm256_set1_epi32(7);
    __m256i carry = _mm256_setzero_si256();
    uint32_t x = 0;
    for (; x + 8 <= job.width; x += 8) {
        const uint8_t *p = job.source + x * job.channels;
        __m128i low = _mm_loadu_si128((const __m128i *)p);
        __m128i high = _mm_loadu_si128((const __m128i *)(p + 4 * job.channels));
        __m256i v = _mm256_shuffle_epi8(_mm256_inserti128_si256(_mm256_castsi128_si256(low), high, 1), spread);
        if (filter == 1) {
            v = _mm256_add_epi8(v, _mm256_slli_si256(v, 4));
            v = _mm256_add_epi8(v, _mm256_slli_si256(v, 8));
            __m256i low_to_high = _mm256_permutevar8x32_epi32(v, low_last);
            v = _mm256_add_epi8(v, _mm256_blend_epi32(_mm256_setzero_si256(), low_to_high, 0xf0));
            v = _mm256_add_epi8(v, carry);
            carry = _mm256_permutevar8x32_epi32(v, last);
        } else if (filter == 2) {
            v = _mm256_add_epi8(v, _mm256_loadu_si256((const __m256i *)(job.above + 4 * (size_t)x)));
        }
        _mm256_storeu_si256((__m256i *)(job.out + 4 * (size_t)x), _mm256_or_si256(v, alpha));
    }
    *left = (uint32_t)_mm256_cvtsi256_si32(carry);
    return x;
}

/* The level CCPU allows (AVX adds nothing here to SSSE3). */
static int cpu_level(void) {
    switch (gr_simd_level()) {
    case GR_SIMD_AVX2: return level_avx2;
    case GR_SIMD_AVX:
    case GR_SIMD_SSSE3: return level_ssse3;
    case GR_SIMD_SSE2: return level_sse2;
    case GR_SIMD_NONE: return level_scalar;
    }
    return level_scalar;
}

#else

static int cpu_level(void) { return level_scalar; }

#endif

/* Per thread, so that a test capping it does not change what another test running at once uses. */
static _Thread_local int level_cap = level_avx2;

void gr_png_unfilter_cap_level(int level) { level_cap = level; }

static int unfilter_level(void) {
    int level = cpu_level();
    return level < level_cap ? level : level_cap;
}

static inline __attribute__((always_inline)) int unfilter_truecolor(const uint8_t *filtered, uint32_t width,
                                                                    size_t channels, uint8_t *out,
                                                                    const uint8_t *above) {
    static const uint8_t rgb_lanes[4] = {255, 255, 255, 0}, alpha_lane[4] = {0, 0, 0, 255};
    row_job job = {filtered + 1, out, above, width, channels, word_of(rgb_lanes),
                   channels == 3 ? word_of(alpha_lane) : 0};
    uint8_t filter = filtered[0];
    if (above == NULL) { /* the first row's "above" is zeros: Up is None, Paeth is Sub */
        if (filter == 2) filter = 0;
        if (filter == 4) filter = 1;
    }
    if (filter > 4) return 0;
    int level = unfilter_level();
    uint32_t done = 0, left = 0;
    (void)level;
#if GR_X86
    if (filter <= 2 && level >= level_ssse3) {
        done = level == level_avx2 ? eight_avx2(filter, job, &left) : four_ssse3(filter, job, &left);
    }
    if (filter == 4 && level >= level_avx2) {
        gr_unfilter_paeth_avx2(job);
        return 1;
    }
    if (level >= level_sse2 && done == 0) {
        switch (filter) {
        case 1: sub_sse2(job); return 1;
        case 3: average_sse2(job); return 1;
        case 4: paeth_sse2(job); return 1;
        default: break;
        }
    }
#endif
    switch (filter) {
    case 0: none_scalar(job, done); return 1;
    case 1: sub_scalar(job, done, left); return 1;
    case 2: up_scalar(job, done); return 1;
    case 3: average_scalar(job); return 1;
    default: paeth_scalar(job); return 1;
    }
}

int gr_png_unfilter_rgb(const uint8_t *filtered, uint32_t width, uint8_t *out, const uint8_t *above) {
    return unfilter_truecolor(filtered, width, 3, out, above);
}

int gr_png_unfilter_rgba(const uint8_t *filtered, uint32_t width, uint8_t *out, const uint8_t *above) {
    return unfilter_truecolor(filtered, width, 4, out, above);
}

int gr_png_unfilter_gray(uint8_t *filtered, uint32_t width, size_t channels, uint8_t *previous, int first,
                         uint8_t *out) {
    size_t length = (size_t)width * channels, bpp = channels;
    uint8_t filter = filtered[0], *row = filtered + 1;
    if (first) memset(previous, 0, length);
    switch (filter) {
    case 0:
        break;
    case 1:
        for (size_t i = bpp; i < length; i++) row[i] = (uint8_t)(row[i] + row[i - bpp]);
        break;
    case 2:
        for (size_t i = 0; i < length; i++) row[i] = (uint8_t)(row[i] + previous[i]);
        break;
    case 3:
        for (size_t i = 0; i < bpp; i++) row[i] = (uint8_t)(row[i] + (previous[i] >> 1));
        for (size_t i = bpp; i < length; i++) row[i] = (uint8_t)(row[i] + ((row[i - bpp] + previous[i]) >> 1));
        break;
    case 4:
        for (size_t i = 0; i < bpp; i++) row[i] = (uint8_t)(row[i] + previous[i]);
        for (size_t i = bpp; i < length; i++) {
            row[i] = (uint8_t)(row[i] + gr_png_paeth(row[i - bpp], previous[i], previous[i - bpp]));
        }
        break;
    default:
        return 0;
    }
    memcpy(previous, row, length);
    if (channels == 1) {
        for (uint32_t x = 0; x < width; x++, out += 4) out[0] = out[1] = out[2] = row[x], out[3] = 255;
    } else {
        for (uint32_t x = 0; x < width; x++, out += 4, row += 2) out[0] = out[1] = out[2] = row[0], out[3] = row[1];
    }
    return 1;
}
