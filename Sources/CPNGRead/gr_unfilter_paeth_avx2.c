/*
 * PNG's Paeth filter undone with AVX2, for gr_fast_unfilter.c: the threshold form of the predictor,
 * described below. Compiled on x86-64 only; gr_fast_unfilter.c calls it where the CPU has AVX2.
 */
#include "gr_unfilter_row.h"

#if GR_X86

/*
 * Paeth with a shorter chain (AVX2 machines). With b (up) and c (upper left) known before a (left)
 * is, Paeth's choice is a threshold test on a, with thresholds from the row above alone (an
 * exhaustive check over all 2^24 a, b, c agrees with PNG's rule, and so does PaethUnfilterTests):
 *   a   unless lo < a < hi, where lo, hi = min, max of b and 3c − 2b;
 *   b   else if b > c ? a ≥ ⌈m/2⌉ : a ≤ ⌊m/2⌋, with m = 3c − b;
 *   c   otherwise.
 * On the chain: inside = a > lo and hi > a; near_b = (a ^ flip) > limit. When b > c, flip is 0 and
 * limit ⌈m/2⌉ − 1; otherwise flip is all ones and limit ~t with t = ⌊m/2⌋ + 1, since ~a > ~t exactly
 * when a < t. Lanes are 16 bits wide holding 0…255, so the sample is added with paddb: it wraps the
 * low byte and leaves the high byte 0.
 *
 * Two pixels share a register: the first pixel's step runs in the low half and the second's in the
 * high half, after the first result is copied up. The thresholds of four pixels are worked out at
 * once, unless the row above is flat there (up = upper left for all four): then Paeth predicts the
 * left pixel, and the four are a prefix sum as for Sub. Rendered frames and screenshots are mostly
 * such backgrounds: two of the tool's 4K line frames diff in 33 ms instead of 38. (Working them out further ahead and reading them back from memory was slower: the narrower
 * loads wait for the wider stores.)
 */
typedef struct {
    __m128i lo, hi, limit, flip, up, corner;
} paeth_pair;

typedef struct {
    __m256i lo, hi, limit, flip, up, corner;
} paeth_quad;

/* The thresholds of four pixels from their up and upper-left samples (16-bit lanes). */
__attribute__((target("avx2"))) static inline paeth_quad paeth_thresholds(__m256i b, __m256i c) {
    const __m256i one = _mm256_set1_epi16(1), ones = _mm256_set1_epi16(-1);
    __m256i c3 = _mm256_add_epi16(_mm256_add_epi16(c, c), c);
    __m256i other = _mm256_sub_epi16(_mm256_sub_epi16(c3, b), b); /* 3c − 2b */
    __m256i m = _mm256_sub_epi16(c3, b);
    __m256i rising = _mm256_cmpgt_epi16(b, c);
    __m256i at_least = _mm256_sub_epi16(_mm256_srai_epi16(_mm256_add_epi16(m, one), 1), one); /* ⌈m/2⌉ − 1 */
    __m256i at_most = _mm256_xor_si256(_mm256_add_epi16(_mm256_srai_epi16(m, 1), one), ones); /* ~(⌊m/2⌋ + 1) */
    return (paeth_quad){_mm256_min_epi16(b, other), _mm256_max_epi16(b, other),
                        _mm256_blendv_epi8(at_most, at_least, rising), _mm256_xor_si256(rising, ones), b, c};
}

/* Pixels 0 and 1, or 2 and 3, of four. */
__attribute__((target("avx2"))) static inline paeth_pair paeth_low(paeth_quad q) {
    return (paeth_pair){_mm256_castsi256_si128(q.lo),    _mm256_castsi256_si128(q.hi),
                        _mm256_castsi256_si128(q.limit), _mm256_castsi256_si128(q.flip),
                        _mm256_castsi256_si128(q.up),    _mm256_castsi256_si128(q.corner)};
}

__attribute__((target("avx2"))) static inline paeth_pair paeth_high(paeth_quad q) {
    return (paeth_pair){_mm256_extracti128_si256(q.lo, 1),    _mm256_extracti128_si256(q.hi, 1),
                        _mm256_extracti128_si256(q.limit, 1), _mm256_extracti128_si256(q.flip, 1),
                        _mm256_extracti128_si256(q.up, 1),    _mm256_extracti128_si256(q.corner, 1)};
}

/* The sample plus up or upper left are added before a is known, so that the chain is four operations. */
__attribute__((target("avx2"))) static inline __m128i paeth_step(__m128i a, __m128i sample, paeth_pair t) {
    __m128i inside = _mm_and_si128(_mm_cmpgt_epi16(a, t.lo), _mm_cmpgt_epi16(t.hi, a));
    __m128i near_b = _mm_cmpgt_epi16(_mm_xor_si128(a, t.flip), t.limit);
    __m128i plus_b = _mm_add_epi8(sample, t.up), plus_c = _mm_add_epi8(sample, t.corner);
    return _mm_blendv_epi8(_mm_add_epi8(sample, a), _mm_blendv_epi8(plus_c, plus_b, near_b), inside);
}

/* Four bytes at p, widened to 16-bit lanes in the low half. */
__attribute__((target("avx2"))) static inline __m128i widen_word(const uint8_t *p) {
    return _mm_cvtepu8_epi16(_mm_cvtsi32_si128((int)load_word(p)));
}

/* Two pixels from `a` (the left pixel, in both halves); returns both, and leaves the second in `a`. */
__attribute__((target("avx2"))) static inline __m128i paeth_two(__m128i *a, const uint8_t *source, size_t channels,
                                                               paeth_pair t) {
    __m128i sample = _mm_unpacklo_epi64(widen_word(source), widen_word(source + channels));
    __m128i first = paeth_step(*a, sample, t);
    __m128i second = paeth_step(_mm_unpacklo_epi64(first, first), sample, t);
    *a = _mm_unpackhi_epi64(second, second);
    return _mm_blend_epi32(first, second, 0xc);
}

__attribute__((target("avx2"))) void gr_unfilter_paeth_avx2(row_job job) {
    const __m128i opaque = _mm_set1_epi32((int)job.opaque);
    __m128i a = _mm_setzero_si128();
    uint32_t x = 0;
    for (; x + 4 <= job.width; x += 4) {
        const uint8_t *above = job.above + 4 * (size_t)x, *source = job.source + (size_t)x * job.channels;
        __m128i up = _mm_loadu_si128((const __m128i *)above);
        __m128i corner = x == 0 ? _mm_slli_si128(up, 4) : _mm_loadu_si128((const __m128i *)(above - 4));
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(up, corner)) == 0xffff) {
            /* Where the row above is flat (up = upper left), Paeth predicts the left pixel, as Sub
             * does: the four pixels are a prefix sum of their samples, plus the pixel on their left. */
            __m128i v = _mm_loadu_si128((const __m128i *)source);
            if (job.channels == 3) v = _mm_shuffle_epi8(v, _mm_setr_epi8(0, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8, -1, 9, 10, 11, -1));
            v = _mm_add_epi8(v, _mm_slli_si128(v, 4));
            v = _mm_add_epi8(v, _mm_slli_si128(v, 8));
            v = _mm_add_epi8(v, _mm_shuffle_epi32(_mm_packus_epi16(a, a), 0));
            _mm_storeu_si128((__m128i *)(job.out + 4 * (size_t)x), _mm_or_si128(v, opaque));
            a = _mm_cvtepu8_epi16(_mm_shuffle_epi32(v, 0xff));
            continue;
        }
        paeth_quad t = paeth_thresholds(_mm256_cvtepu8_epi16(up), _mm256_cvtepu8_epi16(corner));
        __m128i low = paeth_two(&a, source, job.channels, paeth_low(t));
        __m128i high = paeth_two(&a, source + 2 * job.channels, job.channels, paeth_high(t));
        _mm_storeu_si128((__m128i *)(job.out + 4 * (size_t)x), _mm_or_si128(_mm_packus_epi16(low, high), opaque));
    }
    for (; x < job.width; x++) { /* the last one to three pixels */
        __m128i up = widen_word(job.above + 4 * (size_t)x);
        __m128i corner = x == 0 ? _mm_setzero_si128() : widen_word(job.above + 4 * (size_t)x - 4);
        paeth_pair t = paeth_low(paeth_thresholds(_mm256_castsi128_si256(up), _mm256_castsi128_si256(corner)));
        a = paeth_step(a, widen_word(job.source + (size_t)x * job.channels), t);
        store_sse2(job, x, _mm_packus_epi16(a, a));
        a = _mm_unpacklo_epi64(a, a);
    }
}

#endif
