/*
 * pixelmatch's colour measures over a row: which pixels differ beyond the threshold, and every
 * pixel's luma for the anti-aliasing test. Portable C, and AVX2 four pixels at a time where the CPU
 * has it. Both evaluate pixelmatch's expressions in the JavaScript's order, in doubles:
 *   blend(c, a)  = 255 + (c − 255) · a, with a = alpha / 255, when alpha < 255
 *   y = r·0.29889531 + g·0.58662247 + b·0.11448223
 *   i = r·0.59597799 − g·0.27417610 − b·0.32180189
 *   q = r·0.21147017 − g·0.52261711 + b·0.31114694
 *   delta = 0.5053·Δy·Δy + 0.299·Δi·Δi + 0.1957·Δq·Δq
 * AVX2 blends every lane when any pixel has alpha < 255: for alpha 255, a is exactly 1 and the blend
 * gives c back exactly, so opaque lanes keep pixelmatch's values. Equal pixels come out at exactly 0,
 * where pixelmatch returns 0 without computing.
 */
#include "gr_pixelmatch_internal.h"

#include <string.h>


#if defined(__x86_64__)
#include <immintrin.h>
#define GR_X86 1
#else
#define GR_X86 0
#endif

/* ---- Portable ---------------------------------------------------------------------------------- */

/* A pixel's channels as doubles, blended onto white when translucent. */
static inline void blended(const uint8_t *p, double *r, double *g, double *b) {
    *r = p[0], *g = p[1], *b = p[2];
    if (p[3] < 255) {
        double a = p[3] / 255.0;
        *r = gr_pm_blend(*r, a), *g = gr_pm_blend(*g, a), *b = gr_pm_blend(*b, a);
    }
}

static size_t candidates_portable(const uint8_t *row1, const uint8_t *row2, size_t begin, size_t width,
                                  double max_delta, uint32_t *xs, uint8_t *darker, size_t n) {
    for (size_t x = begin; x < width; x++) {
        const uint8_t *p = row1 + 4 * x, *q = row2 + 4 * x;
        if (memcmp(p, q, 4) == 0) continue;
        double r1, g1, b1, r2, g2, b2;
        blended(p, &r1, &g1, &b1);
        blended(q, &r2, &g2, &b2);
        double y1 = gr_pm_rgb2y(r1, g1, b1), y2 = gr_pm_rgb2y(r2, g2, b2), y = y1 - y2;
        double i = (r1 * 0.59597799 - g1 * 0.27417610 - b1 * 0.32180189) - (r2 * 0.59597799 - g2 * 0.27417610 - b2 * 0.32180189);
        double q_ = (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694) - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694);
        double delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q_ * q_;
        if (delta > max_delta) {
            xs[n] = (uint32_t)x;
            darker[n] = y1 > y2;
            n++;
        }
    }
    return n;
}

static void luma_portable(const uint8_t *row, size_t from, size_t to, double *luma) {
    for (size_t x = from; x < to; x++) {
        double r, g, b;
        blended(row + 4 * x, &r, &g, &b);
        luma[x] = gr_pm_rgb2y(r, g, b);
    }
}

/* ---- AVX2 -------------------------------------------------------------------------------------- */

#if GR_X86

/* Channel c (0 red … 3 alpha) of four RGBA pixels as doubles. */
__attribute__((target("avx2"))) static inline __m256d channel(__m128i pixels, int c) {
    const __m128i spread = _mm_setr_epi8(0, -1, -1, -1, 4, -1, -1, -1, 8, -1, -1, -1, 12, -1, -1, -1);
    return _mm256_cvtepi32_pd(_mm_shuffle_epi8(pixels, _mm_add_epi8(spread, _mm_set1_epi32(c))));
}

/* Whether every one of four pixels has alpha 255. */
__attribute__((target("avx2"))) static inline int opaque4(__m128i pixels) {
    const __m128i alpha = _mm_set1_epi32((int)0xff000000u);
    return _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(pixels, alpha), alpha)) == 0xffff;
}

__attribute__((target("avx2"))) static inline __m256d blend4(__m256d c, __m256d a) {
    const __m256d white = _mm256_set1_pd(255);
    return _mm256_add_pd(white, _mm256_mul_pd(_mm256_sub_pd(c, white), a));
}

/* Red, green and blue of four pixels as doubles, blended onto white when any is translucent. */
__attribute__((target("avx2"))) static inline void rgb4(__m128i pixels, __m256d *r, __m256d *g, __m256d *b) {
    *r = channel(pixels, 0), *g = channel(pixels, 1), *b = channel(pixels, 2);
    if (!opaque4(pixels)) {
        __m256d a = _mm256_div_pd(channel(pixels, 3), _mm256_set1_pd(255));
        *r = blend4(*r, a), *g = blend4(*g, a), *b = blend4(*b, a);
    }
}

/* x·k0 + y·k1 + z·k2, or with the signs given, left to right as in the JavaScript. */
__attribute__((target("avx2"))) static inline __m256d weigh(__m256d x, __m256d y, __m256d z, double k0, double k1,
                                                            double k2) {
    __m256d sum = _mm256_add_pd(_mm256_mul_pd(x, _mm256_set1_pd(k0)), _mm256_mul_pd(y, _mm256_set1_pd(k1)));
    return _mm256_add_pd(sum, _mm256_mul_pd(z, _mm256_set1_pd(k2)));
}

__attribute__((target("avx2"))) static inline __m256d weigh_sub_sub(__m256d x, __m256d y, __m256d z, double k0,
                                                                    double k1, double k2) {
    __m256d sum = _mm256_sub_pd(_mm256_mul_pd(x, _mm256_set1_pd(k0)), _mm256_mul_pd(y, _mm256_set1_pd(k1)));
    return _mm256_sub_pd(sum, _mm256_mul_pd(z, _mm256_set1_pd(k2)));
}

__attribute__((target("avx2"))) static inline __m256d weigh_sub_add(__m256d x, __m256d y, __m256d z, double k0,
                                                                    double k1, double k2) {
    __m256d sum = _mm256_sub_pd(_mm256_mul_pd(x, _mm256_set1_pd(k0)), _mm256_mul_pd(y, _mm256_set1_pd(k1)));
    return _mm256_add_pd(sum, _mm256_mul_pd(z, _mm256_set1_pd(k2)));
}

/* k·d·d, as (k·d)·d. */
__attribute__((target("avx2"))) static inline __m256d weighted_square(__m256d d, double k) {
    return _mm256_mul_pd(_mm256_mul_pd(_mm256_set1_pd(k), d), d);
}

/* Four pixels from x: appends those beyond the threshold. */
__attribute__((target("avx2"))) static inline size_t four(__m128i p, __m128i q, size_t x, __m256d threshold,
                                                          uint32_t *xs, uint8_t *darker, size_t n) {
    __m256d r1, g1, b1, r2, g2, b2;
    rgb4(p, &r1, &g1, &b1);
    rgb4(q, &r2, &g2, &b2);
    __m256d y1 = weigh(r1, g1, b1, 0.29889531, 0.58662247, 0.11448223);
    __m256d y2 = weigh(r2, g2, b2, 0.29889531, 0.58662247, 0.11448223);
    __m256d i = _mm256_sub_pd(weigh_sub_sub(r1, g1, b1, 0.59597799, 0.27417610, 0.32180189),
                              weigh_sub_sub(r2, g2, b2, 0.59597799, 0.27417610, 0.32180189));
    __m256d q_ = _mm256_sub_pd(weigh_sub_add(r1, g1, b1, 0.21147017, 0.52261711, 0.31114694),
                               weigh_sub_add(r2, g2, b2, 0.21147017, 0.52261711, 0.31114694));
    __m256d delta = _mm256_add_pd(_mm256_add_pd(weighted_square(_mm256_sub_pd(y1, y2), 0.5053), weighted_square(i, 0.299)),
                                  weighted_square(q_, 0.1957));
    unsigned over = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(delta, threshold, _CMP_GT_OQ));
    unsigned dark = (unsigned)_mm256_movemask_pd(_mm256_cmp_pd(y1, y2, _CMP_GT_OQ));
    /* Every pixel is written and only those over the threshold kept: whether a pixel differs that
     * much is data no branch predicts. */
    for (unsigned k = 0; k < 4; k++) {
        xs[n] = (uint32_t)(x + k);
        darker[n] = (uint8_t)((dark >> k) & 1);
        n += (over >> k) & 1;
    }
    return n;
}

/*
 * Which of eight opaque pixel pairs are surely within the threshold: delta worked out in floats from
 * the channel differences (y1 − y2 is y of the differences, in real numbers), below `limit`, which
 * is max_delta − 1. Each product and sum rounds by at most 2^−24 of its size; with channels in
 * 0…255, |Δy| ≤ 255, |Δi| ≤ 304 and |Δq| ≤ 266 are each off by under 1e-4, and delta by under 0.07,
 * so a pixel below max_delta − 1 here is below max_delta in doubles too. Returns a bit per pixel.
 */
__attribute__((target("avx2"))) static inline unsigned surely_within(__m256i p, __m256i q, __m256 limit) {
    const __m256i byte = _mm256_set1_epi32(0xff);
#define DIFFERENCE(shift)                                                                                            \
    _mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_and_si256(_mm256_srli_epi32(p, shift), byte),                         \
                                        _mm256_and_si256(_mm256_srli_epi32(q, shift), byte)))
    __m256 r = DIFFERENCE(0), g = DIFFERENCE(8), b = DIFFERENCE(16);
#undef DIFFERENCE
#define WEIGH(k0, op1, k1, op2, k2)                                                                                  \
    op2(op1(_mm256_mul_ps(r, _mm256_set1_ps(k0)), _mm256_mul_ps(g, _mm256_set1_ps(k1))),                             \
        _mm256_mul_ps(b, _mm256_set1_ps(k2)))
    __m256 y = WEIGH(0.29889531f, _mm256_add_ps, 0.58662247f, _mm256_add_ps, 0.11448223f);
    __m256 i = WEIGH(0.59597799f, _mm256_sub_ps, 0.27417610f, _mm256_sub_ps, 0.32180189f);
    __m256 q_ = WEIGH(0.21147017f, _mm256_sub_ps, 0.52261711f, _mm256_add_ps, 0.31114694f);
#undef WEIGH
    __m256 delta = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(_mm256_mul_ps(_mm256_set1_ps(0.5053f), y), y),
                                               _mm256_mul_ps(_mm256_mul_ps(_mm256_set1_ps(0.299f), i), i)),
                                 _mm256_mul_ps(_mm256_mul_ps(_mm256_set1_ps(0.1957f), q_), q_));
    return (unsigned)_mm256_movemask_ps(_mm256_cmp_ps(delta, limit, _CMP_LT_OQ));
}

/*
 * Eight pixels per step; equal runs of eight are skipped with one compare, and opaque runs surely
 * within the threshold with the float estimate. The rest get pixelmatch's arithmetic.
 */
__attribute__((target("avx2"))) static size_t candidates_avx2(const uint8_t *row1, const uint8_t *row2, size_t width,
                                                              double max_delta, uint32_t *xs, uint8_t *darker) {
    const __m256d threshold = _mm256_set1_pd(max_delta);
    const __m256 limit = _mm256_set1_ps((float)(max_delta - 1));
    const __m256i alpha = _mm256_set1_epi32((int)0xff000000u);
    size_t n = 0, x = 0;
    for (; x + 8 <= width; x += 8) {
        __m256i p = _mm256_loadu_si256((const __m256i *)(row1 + 4 * x));
        __m256i q = _mm256_loadu_si256((const __m256i *)(row2 + 4 * x));
        unsigned same = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(p, q));
        if (same == 0xffffffffu) continue;
        unsigned within = 0; /* a bit per pixel */
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(_mm256_and_si256(p, q), alpha), alpha)) == -1) {
            within = surely_within(p, q, limit);
            if (within == 0xffu) continue;
        }
        if ((same & 0xffffu) != 0xffffu && (within & 0xfu) != 0xfu) {
            n = four(_mm256_castsi256_si128(p), _mm256_castsi256_si128(q), x, threshold, xs, darker, n);
        }
        if ((same >> 16) != 0xffffu && (within >> 4) != 0xfu) {
            n = four(_mm256_extracti128_si256(p, 1), _mm256_extracti128_si256(q, 1), x + 4, threshold, xs, darker, n);
        }
    }
    return candidates_portable(row1, row2, x, width, max_delta, xs, darker, n);
}

__attribute__((target("avx2"))) static void luma_avx2(const uint8_t *row, size_t from, size_t to, double *luma) {
    size_t x = from;
    for (; x + 4 <= to; x += 4) {
        __m256d r, g, b;
        rgb4(_mm_loadu_si128((const __m128i *)(row + 4 * x)), &r, &g, &b);
        _mm256_storeu_pd(luma + x, weigh(r, g, b, 0.29889531, 0.58662247, 0.11448223));
    }
    luma_portable(row, x, to, luma);
}

#endif

/* ---- Dispatch ---------------------------------------------------------------------------------- */

size_t gr_pm_candidates(const uint8_t *row1, const uint8_t *row2, size_t width, double max_delta, uint32_t *xs,
                        uint8_t *darker, int level) {
#if GR_X86
    if (level >= gr_pm_level_avx2) return candidates_avx2(row1, row2, width, max_delta, xs, darker);
#endif
    (void)level;
    return candidates_portable(row1, row2, 0, width, max_delta, xs, darker, 0);
}

void gr_pm_luma(const uint8_t *row, size_t from, size_t to, double *luma, int level) {
#if GR_X86
    if (level >= gr_pm_level_avx2) {
        luma_avx2(row, from, to, luma);
        return;
    }
#endif
    (void)level;
    luma_portable(row, from, to, luma);
}

static int cpu_level(void) {
    return GR_X86 && gr_simd_level() >= GR_SIMD_AVX2 ? gr_pm_level_avx2 : gr_pm_level_portable;
}

/* Per thread, so that a test capping it does not change what another test running at once uses. */
static _Thread_local int level_cap = gr_pm_level_avx2;

void gr_pixelmatch_cap_level(int level) { level_cap = level; }

int gr_pm_level(void) {
    int level = cpu_level();
    return level < level_cap ? level : level_cap;
}
