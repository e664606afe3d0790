/* The resampler's loops on eight lanes (gr_raster.h). Compiled for AVX function by function, so the
 * rest of the program runs on any x86-64; the caller checks gr_cpu_has_avx first. */
#include "gr_raster.h"

#include "gr_cpu.h"

#if defined(__x86_64__)
#include <immintrin.h>

#define GR_AVX __attribute__((target("avx")))

int gr_cpu_has_avx(void) { return gr_simd_level() >= GR_SIMD_AVX; }

GR_AVX static inline __m128 premultiplied(const uint8_t *p) {
    int32_t word;
    __builtin_memcpy(&word, p, 4);
    const __m128 rgba = _mm_cvtepi32_ps(_mm_cvtepu8_epi32(_mm_cvtsi32_si128(word)));
    if (p[3] == 255) return rgba;
    /* colour · (alpha / 255), alpha · 1, as the Swift expression it mirrors. */
    const float s = (float)p[3] / 255.0f;
    return _mm_mul_ps(rgba, _mm_set_ps(1.0f, s, s, s));
}

/* Pixel k (0…3) of the 16 bytes in v as four int32 lanes. */
#define GR_PIXEL(v, k) _mm_cvtepu8_epi32(_mm_srli_si128((v), 4 * (k)))

GR_AVX void gr_avx_expand_pair(const uint8_t *rowA, const uint8_t *rowB, ptrdiff_t lowest, ptrdiff_t span,
                               ptrdiff_t last, float *pair) {
    /* Positions lowest + i for i in [middle, end) need no clamping. */
    const ptrdiff_t middle = lowest < 0 ? (-lowest < span ? -lowest : span) : 0;
    const ptrdiff_t end = last - lowest + 1 < span ? (last - lowest + 1 > middle ? last - lowest + 1 : middle) : span;
    const __m128i opaque = _mm_set1_epi32((int)0xFF000000u);
    ptrdiff_t i = 0;
    for (; i < middle; i++) {
        _mm_storeu_ps(pair + 8 * i, premultiplied(rowA));
        _mm_storeu_ps(pair + 8 * i + 4, premultiplied(rowB));
    }
    /* Four positions at a time while all eight pixels are opaque (the usual case): no multiply. */
    for (; i + 4 <= end; i += 4) {
        const uint8_t *a = rowA + 4 * (lowest + i), *b = rowB + 4 * (lowest + i);
        const __m128i va = _mm_loadu_si128((const __m128i *)a), vb = _mm_loadu_si128((const __m128i *)b);
        const __m128i alphas = _mm_and_si128(_mm_and_si128(va, vb), opaque);
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(alphas, opaque)) != 0xFFFF) {
            for (int k = 0; k < 4; k++) {
                _mm_storeu_ps(pair + 8 * (i + k), premultiplied(a + 4 * k));
                _mm_storeu_ps(pair + 8 * (i + k) + 4, premultiplied(b + 4 * k));
            }
            continue;
        }
        _mm256_storeu_ps(pair + 8 * i, _mm256_cvtepi32_ps(_mm256_set_m128i(GR_PIXEL(vb, 0), GR_PIXEL(va, 0))));
        _mm256_storeu_ps(pair + 8 * i + 8, _mm256_cvtepi32_ps(_mm256_set_m128i(GR_PIXEL(vb, 1), GR_PIXEL(va, 1))));
        _mm256_storeu_ps(pair + 8 * i + 16, _mm256_cvtepi32_ps(_mm256_set_m128i(GR_PIXEL(vb, 2), GR_PIXEL(va, 2))));
        _mm256_storeu_ps(pair + 8 * i + 24, _mm256_cvtepi32_ps(_mm256_set_m128i(GR_PIXEL(vb, 3), GR_PIXEL(va, 3))));
    }
    for (; i < span; i++) {
        ptrdiff_t x = lowest + i;
        x = x < 0 ? 0 : (x > last ? last : x);
        _mm_storeu_ps(pair + 8 * i, premultiplied(rowA + 4 * x));
        _mm_storeu_ps(pair + 8 * i + 4, premultiplied(rowB + 4 * x));
    }
}

GR_AVX static inline void store_pair(__m256 sum, float *outA, float *outB, ptrdiff_t o) {
    _mm_storeu_ps(outA + 4 * o, _mm256_castps256_ps128(sum));
    if (outB) _mm_storeu_ps(outB + 4 * o, _mm256_extractf128_ps(sum, 1));
}

GR_AVX void gr_avx_filter_pair(const float *pair, const ptrdiff_t *firsts, const float *weights, ptrdiff_t taps,
                               ptrdiff_t width, float *outA, float *outB) {
    ptrdiff_t o = 0;
    for (; o + 4 <= width; o += 4) {
        const float *p0 = pair + 8 * firsts[o], *p1 = pair + 8 * firsts[o + 1];
        const float *p2 = pair + 8 * firsts[o + 2], *p3 = pair + 8 * firsts[o + 3];
        const float *w0 = weights + o * taps, *w1 = w0 + taps, *w2 = w1 + taps, *w3 = w2 + taps;
        __m256 s0 = _mm256_setzero_ps(), s1 = s0, s2 = s0, s3 = s0;
        for (ptrdiff_t t = 0; t < taps; t++) {
            s0 = _mm256_add_ps(s0, _mm256_mul_ps(_mm256_loadu_ps(p0 + 8 * t), _mm256_broadcast_ss(w0 + t)));
            s1 = _mm256_add_ps(s1, _mm256_mul_ps(_mm256_loadu_ps(p1 + 8 * t), _mm256_broadcast_ss(w1 + t)));
            s2 = _mm256_add_ps(s2, _mm256_mul_ps(_mm256_loadu_ps(p2 + 8 * t), _mm256_broadcast_ss(w2 + t)));
            s3 = _mm256_add_ps(s3, _mm256_mul_ps(_mm256_loadu_ps(p3 + 8 * t), _mm256_broadcast_ss(w3 + t)));
        }
        store_pair(s0, outA, outB, o);
        store_pair(s1, outA, outB, o + 1);
        store_pair(s2, outA, outB, o + 2);
        store_pair(s3, outA, outB, o + 3);
    }
    for (; o < width; o++) {
        const float *p = pair + 8 * firsts[o], *w = weights + o * taps;
        __m256 s = _mm256_setzero_ps();
        for (ptrdiff_t t = 0; t < taps; t++)
            s = _mm256_add_ps(s, _mm256_mul_ps(_mm256_loadu_ps(p + 8 * t), _mm256_broadcast_ss(w + t)));
        store_pair(s, outA, outB, o);
    }
}

GR_AVX void gr_avx_sum_rows(const float *ring, const ptrdiff_t *from, const float *weight, ptrdiff_t count,
                            ptrdiff_t width, float *out) {
    ptrdiff_t x = 0;
    /* Eight pixels at a time: four sums of two pixels each. */
    for (; x + 8 <= width; x += 8) {
        __m256 s0 = _mm256_setzero_ps(), s1 = s0, s2 = s0, s3 = s0;
        for (ptrdiff_t k = 0; k < count; k++) {
            const float *row = ring + 4 * (from[k] + x);
            const __m256 w = _mm256_broadcast_ss(weight + k);
            s0 = _mm256_add_ps(s0, _mm256_mul_ps(_mm256_loadu_ps(row), w));
            s1 = _mm256_add_ps(s1, _mm256_mul_ps(_mm256_loadu_ps(row + 8), w));
            s2 = _mm256_add_ps(s2, _mm256_mul_ps(_mm256_loadu_ps(row + 16), w));
            s3 = _mm256_add_ps(s3, _mm256_mul_ps(_mm256_loadu_ps(row + 24), w));
        }
        _mm256_storeu_ps(out + 4 * x, s0);
        _mm256_storeu_ps(out + 4 * x + 8, s1);
        _mm256_storeu_ps(out + 4 * x + 16, s2);
        _mm256_storeu_ps(out + 4 * x + 24, s3);
    }
    for (; x < width; x++) {
        __m128 s = _mm_setzero_ps();
        for (ptrdiff_t k = 0; k < count; k++)
            s = _mm_add_ps(s, _mm_mul_ps(_mm_loadu_ps(ring + 4 * (from[k] + x)), _mm_set1_ps(weight[k])));
        _mm_storeu_ps(out + 4 * x, s);
    }
}

#else

int gr_cpu_has_avx(void) { return 0; }

/* Never called where gr_cpu_has_avx() is 0. */
void gr_avx_expand_pair(const uint8_t *rowA, const uint8_t *rowB, ptrdiff_t lowest, ptrdiff_t span,
                        ptrdiff_t last, float *pair) {
    (void)rowA, (void)rowB, (void)lowest, (void)span, (void)last, (void)pair;
}
void gr_avx_filter_pair(const float *pair, const ptrdiff_t *firsts, const float *weights, ptrdiff_t taps,
                        ptrdiff_t width, float *outA, float *outB) {
    (void)pair, (void)firsts, (void)weights, (void)taps, (void)width, (void)outA, (void)outB;
}
void gr_avx_sum_rows(const float *ring, const ptrdiff_t *from, const float *weight, ptrdiff_t count,
                     ptrdiff_t width, float *out) {
    (void)ring, (void)from, (void)weight, (void)count, (void)width, (void)out;
}

#endif
