/*
 * Undoing PNG's row filters for the fast reader (gr_png_rows.c), straight to RGBA.
 *
 * Truecolor rows are unfiltered one pixel at a time as a 32-bit word against the finished RGBA row
 * above; a pixel's channels are independent lanes, so byte order does not matter. Sub, Average and
 * Paeth chain each pixel to the one on its left, so what bounds them is the latency of that chain:
 * with SSE2 it is one paddb for Sub (the portable byte-lane sum takes about five operations), a
 * pavgb and a correction for Average, and 16-bit lanes for Paeth as in libpng's SSE2 code. A 4K photo
 * PNG from Pillow (half Sub rows) unfilters in ~4 ms instead of ~12.
 */
#include "gr_png_internal.h"

#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/*
 * One pixel's samples as a word, the fourth lane 0 for RGB. RGB reads one byte past the pixel: the
 * caller's rows are followed by at least GR_PNG_ROW_SLACK bytes.
 */
static inline uint32_t load_pixel(const uint8_t *p, size_t channels, uint32_t lanes) {
    uint32_t value;
    memcpy(&value, p, 4);
    return channels == 4 ? value : value & lanes;
}

static inline uint32_t load_word(const uint8_t *p) {
    uint32_t value;
    memcpy(&value, p, 4);
    return value;
}

static inline void store_word(uint8_t *p, uint32_t value) { memcpy(p, &value, 4); }

static inline __attribute__((always_inline)) void unfilter_none(const uint8_t *source, uint8_t *out, uint32_t width,
                                                                size_t channels, uint32_t lanes, uint32_t opaque) {
    for (uint32_t x = 0; x < width; x++) store_word(out + 4 * (size_t)x, load_pixel(source + x * channels, channels, lanes) | opaque);
}

static inline __attribute__((always_inline)) void unfilter_up(const uint8_t *source, uint8_t *out, const uint8_t *above,
                                                              uint32_t width, size_t channels, uint32_t lanes,
                                                              uint32_t opaque) {
    for (uint32_t x = 0; x < width; x++) {
        uint32_t value = add_bytes(load_pixel(source + x * channels, channels, lanes), load_word(above + 4 * (size_t)x));
        store_word(out + 4 * (size_t)x, value | opaque);
    }
}

#if defined(__SSE2__)

static inline __m128i load_pixel_sse(const uint8_t *p, size_t channels, uint32_t lanes) {
    return _mm_cvtsi32_si128((int)load_pixel(p, channels, lanes));
}

static inline void store_pixel_sse(uint8_t *p, __m128i value) { store_word(p, (uint32_t)_mm_cvtsi128_si32(value)); }

static inline __attribute__((always_inline)) void unfilter_sub(const uint8_t *source, uint8_t *out, uint32_t width,
                                                               size_t channels, uint32_t lanes, uint32_t opaque) {
    __m128i left = _mm_setzero_si128(), alpha = _mm_cvtsi32_si128((int)opaque);
    for (uint32_t x = 0; x < width; x++) {
        left = _mm_add_epi8(left, load_pixel_sse(source + x * channels, channels, lanes));
        store_pixel_sse(out + 4 * (size_t)x, _mm_or_si128(left, alpha));
    }
}

/* Average: the sample plus floor((left + up) / 2); pavgb rounds up, so its carry bit is taken back. */
static inline __attribute__((always_inline)) void unfilter_average(const uint8_t *source, uint8_t *out,
                                                                   const uint8_t *above, uint32_t width,
                                                                   size_t channels, uint32_t lanes, uint32_t opaque) {
    __m128i left = _mm_setzero_si128(), alpha = _mm_cvtsi32_si128((int)opaque), ones = _mm_set1_epi8(1);
    for (uint32_t x = 0; x < width; x++) {
        __m128i up = _mm_cvtsi32_si128((int)load_word(above + 4 * (size_t)x));
        if (channels == 3) up = _mm_and_si128(up, _mm_cvtsi32_si128((int)lanes)); /* alpha lane stays 0 */
        __m128i mean = _mm_sub_epi8(_mm_avg_epu8(left, up), _mm_and_si128(_mm_xor_si128(left, up), ones));
        left = _mm_add_epi8(load_pixel_sse(source + x * channels, channels, lanes), mean);
        store_pixel_sse(out + 4 * (size_t)x, _mm_or_si128(left, alpha));
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
static inline __attribute__((always_inline)) void unfilter_paeth(const uint8_t *source, uint8_t *out,
                                                                 const uint8_t *above, uint32_t width,
                                                                 size_t channels, uint32_t lanes, uint32_t opaque) {
    const __m128i zero = _mm_setzero_si128(), alpha = _mm_cvtsi32_si128((int)opaque);
    const uint32_t mask = channels == 3 ? lanes : ~0u; /* RGB keeps its fourth lane 0 all along */
    __m128i a = zero, c = zero;
    for (uint32_t x = 0; x < width; x++) {
        __m128i b = _mm_unpacklo_epi8(_mm_cvtsi32_si128((int)(load_word(above + 4 * (size_t)x) & mask)), zero);
        __m128i sample = _mm_unpacklo_epi8(load_pixel_sse(source + x * channels, channels, lanes), zero);
        __m128i to_b = _mm_sub_epi16(b, c), to_a = _mm_sub_epi16(a, c);
        __m128i pa = absolute16(to_b), pb = absolute16(to_a), pc = absolute16(_mm_add_epi16(to_a, to_b));
        __m128i smallest = _mm_min_epi16(pc, _mm_min_epi16(pa, pb));
        __m128i predicted = select16(_mm_cmpeq_epi16(smallest, pa), a,
                                     select16(_mm_cmpeq_epi16(smallest, pb), b, c));
        a = _mm_and_si128(_mm_add_epi16(sample, predicted), _mm_set1_epi16(0xff));
        c = b;
        store_pixel_sse(out + 4 * (size_t)x, _mm_or_si128(_mm_packus_epi16(a, a), alpha));
    }
}

#else

static inline __attribute__((always_inline)) void unfilter_sub(const uint8_t *source, uint8_t *out, uint32_t width,
                                                               size_t channels, uint32_t lanes, uint32_t opaque) {
    uint32_t left = 0;
    for (uint32_t x = 0; x < width; x++) {
        left = add_bytes(load_pixel(source + x * channels, channels, lanes), left);
        store_word(out + 4 * (size_t)x, left | opaque);
    }
}

static inline __attribute__((always_inline)) void unfilter_average(const uint8_t *source, uint8_t *out,
                                                                   const uint8_t *above, uint32_t width,
                                                                   size_t channels, uint32_t lanes, uint32_t opaque) {
    uint32_t left = 0;
    for (uint32_t x = 0; x < width; x++) {
        uint32_t up = load_word(above + 4 * (size_t)x) & (channels == 3 ? lanes : ~0u);
        left = add_bytes(load_pixel(source + x * channels, channels, lanes), average_bytes(left, up));
        store_word(out + 4 * (size_t)x, left | opaque);
    }
}

static inline uint32_t paeth_bytes(uint32_t a, uint32_t b, uint32_t c) {
    uint8_t left[4], up[4], corner[4], result[4];
    memcpy(left, &a, 4), memcpy(up, &b, 4), memcpy(corner, &c, 4);
    for (int i = 0; i < 4; i++) result[i] = gr_png_paeth(left[i], up[i], corner[i]);
    return word_of(result);
}

static inline __attribute__((always_inline)) void unfilter_paeth(const uint8_t *source, uint8_t *out,
                                                                 const uint8_t *above, uint32_t width,
                                                                 size_t channels, uint32_t lanes, uint32_t opaque) {
    uint32_t left = 0, corner = 0;
    uint32_t mask = channels == 3 ? lanes : ~0u;
    for (uint32_t x = 0; x < width; x++) {
        uint32_t up = load_word(above + 4 * (size_t)x) & mask;
        left = add_bytes(load_pixel(source + x * channels, channels, lanes), paeth_bytes(left, up, corner));
        corner = up;
        store_word(out + 4 * (size_t)x, left | opaque);
    }
}

#endif

#if defined(__x86_64__)
#include <immintrin.h>

/*
 * None, Sub and Up four pixels at a time with SSSE3 (pshufb spreads four RGB pixels over four words).
 * Sub is a prefix sum: within the four by two shifted adds, then the left pixel added to all four, so
 * its chain is two operations per four pixels instead of one per pixel. It reads up to four bytes past
 * the row (GR_PNG_ROW_SLACK). Returns how many pixels it did; the portable loops do the rest.
 */
__attribute__((target("ssse3"))) static uint32_t unfilter_four_ssse3(uint8_t filter, const uint8_t *source,
                                                                     uint8_t *out, const uint8_t *above,
                                                                     uint32_t width, size_t channels,
                                                                     uint32_t *left) {
    const __m128i spread = channels == 3 ? _mm_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1)
                                         : _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m128i alpha = channels == 3 ? _mm_setr_epi8(0, 0, 0, -1, 0, 0, 0, -1, 0, 0, 0, -1, 0, 0, 0, -1)
                                        : _mm_setzero_si128();
    __m128i carry = _mm_setzero_si128(); /* Sub: the pixel on the left in every lane */
    uint32_t x = 0;
    for (; x + 4 <= width; x += 4) {
        __m128i v = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(source + x * channels)), spread);
        if (filter == 1) {
            v = _mm_add_epi8(v, _mm_slli_si128(v, 4));
            v = _mm_add_epi8(v, _mm_slli_si128(v, 8));
            v = _mm_add_epi8(v, carry);
            carry = _mm_shuffle_epi32(v, 0xff);
        } else if (filter == 2) {
            v = _mm_add_epi8(v, _mm_loadu_si128((const __m128i *)(above + 4 * (size_t)x)));
        }
        _mm_storeu_si128((__m128i *)(out + 4 * (size_t)x), _mm_or_si128(v, alpha));
    }
    *left = (uint32_t)_mm_cvtsi128_si32(carry);
    return x;
}

/* The same eight pixels at a time with AVX2: the prefix sum runs in each 128-bit half, then the low
 * half's last pixel is added to the high half. */
__attribute__((target("avx2"))) static uint32_t unfilter_eight_avx2(uint8_t filter, const uint8_t *source,
                                                                    uint8_t *out, const uint8_t *above,
                                                                    uint32_t width, size_t channels,
                                                                    uint32_t *left) {
    const __m128i spread_half = channels == 3
                                    ? _mm_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1)
                                    : _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m256i spread = _mm256_broadcastsi128_si256(spread_half);
    const __m256i alpha = channels == 3 ? _mm256_set1_epi32((int)word_of((const uint8_t[4]){0, 0, 0, 255}))
                                        : _mm256_setzero_si256();
    const __m256i low_last = _mm256_setr_epi32(0, 0, 0, 0, 3, 3, 3, 3), last = _mm256_set1_epi32(7);
    __m256i carry = _mm256_setzero_si256();
    uint32_t x = 0;
    for (; x + 8 <= width; x += 8) {
        const uint8_t *p = source + x * channels;
        __m128i low = _mm_loadu_si128((const __m128i *)p), high = _mm_loadu_si128((const __m128i *)(p + 4 * channels));
        __m256i v = _mm256_shuffle_epi8(_mm256_inserti128_si256(_mm256_castsi128_si256(low), high, 1), spread);
        if (filter == 1) {
            v = _mm256_add_epi8(v, _mm256_slli_si256(v, 4));
            v = _mm256_add_epi8(v, _mm256_slli_si256(v, 8));
            v = _mm256_add_epi8(v, _mm256_blend_epi32(_mm256_setzero_si256(), _mm256_permutevar8x32_epi32(v, low_last), 0xf0));
            v = _mm256_add_epi8(v, carry);
            carry = _mm256_permutevar8x32_epi32(v, last);
        } else if (filter == 2) {
            v = _mm256_add_epi8(v, _mm256_loadu_si256((const __m256i *)(above + 4 * (size_t)x)));
        }
        _mm256_storeu_si256((__m256i *)(out + 4 * (size_t)x), _mm256_or_si256(v, alpha));
    }
    *left = (uint32_t)_mm256_cvtsi256_si32(carry);
    return x;
}

static int have_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

static int have_ssse3(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("ssse3");
}
#endif

/* The first row's Average: its "above" is zeros, so the prediction is floor(left / 2). */
static inline __attribute__((always_inline)) void unfilter_average_first(const uint8_t *source, uint8_t *out,
                                                                         uint32_t width, size_t channels,
                                                                         uint32_t lanes, uint32_t opaque) {
    uint32_t left = 0;
    for (uint32_t x = 0; x < width; x++) {
        left = add_bytes(load_pixel(source + x * channels, channels, lanes), (left >> 1) & 0x7f7f7f7fu);
        store_word(out + 4 * (size_t)x, left | opaque);
    }
}

static inline __attribute__((always_inline)) int unfilter_truecolor(const uint8_t *filtered, uint32_t width,
                                                                    size_t channels, uint8_t *out,
                                                                    const uint8_t *above) {
    static const uint8_t rgb_lanes[4] = {255, 255, 255, 0}, alpha_lane[4] = {0, 0, 0, 255};
    uint32_t lanes = word_of(rgb_lanes), opaque = channels == 3 ? word_of(alpha_lane) : 0;
    const uint8_t *source = filtered + 1;
    uint8_t filter = filtered[0];
    if (above == NULL) { /* the first row's "above" is zeros: Up is None, Paeth is Sub */
        if (filter == 2) filter = 0;
        if (filter == 4) filter = 1;
    }
#if defined(__x86_64__)
    if (filter <= 2 && have_ssse3()) { /* the portable loops finish the last pixels */
        uint32_t left = 0, done = have_avx2() ? unfilter_eight_avx2(filter, source, out, above, width, channels, &left)
                                              : unfilter_four_ssse3(filter, source, out, above, width, channels, &left);
        source += done * channels, out += 4 * (size_t)done, width -= done;
        if (above != NULL) above += 4 * (size_t)done;
        if (filter == 1) {
            for (uint32_t x = 0; x < width; x++) {
                left = add_bytes(load_pixel(source + x * channels, channels, lanes), left);
                store_word(out + 4 * (size_t)x, left | opaque);
            }
            return 1;
        }
    }
#endif
    switch (filter) {
    case 0: unfilter_none(source, out, width, channels, lanes, opaque); return 1;
    case 1: unfilter_sub(source, out, width, channels, lanes, opaque); return 1;
    case 2: unfilter_up(source, out, above, width, channels, lanes, opaque); return 1;
    case 3:
        if (above == NULL) {
            unfilter_average_first(source, out, width, channels, lanes, opaque);
        } else {
            unfilter_average(source, out, above, width, channels, lanes, opaque);
        }
        return 1;
    case 4: unfilter_paeth(source, out, above, width, channels, lanes, opaque); return 1;
    default: return 0;
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
