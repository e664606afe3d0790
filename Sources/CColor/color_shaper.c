/* The matrix/TRC shortcut's loops (color_shaper.h): portable C, and AVX2 where the CPU has it. */
#include "gr_cpu.h"
#include "color_shaper.h"

static void apply_scalar(const gr_matrix_shaper *m, uint8_t *rgba, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint8_t *p = rgba + i * 4;
        float r = m->to_linear[0][p[0]], g = m->to_linear[1][p[1]], b = m->to_linear[2][p[2]];
        for (int c = 0; c < 3; c++) {
            float v = m->matrix[c * 3] * r + m->matrix[c * 3 + 1] * g + m->matrix[c * 3 + 2] * b;
            p[c] = (uint8_t)m->from_linear[c][gr_shaper_index(v)];
        }
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

/* Eight pixels at a time: the same float operations in the same order as the scalar loop (no fused
 * multiply-adds: AVX2 only), so the same bytes. */
__attribute__((target("avx2"))) static void apply_avx2(const gr_matrix_shaper *m, uint8_t *rgba, size_t count) {
    const __m256i byte = _mm256_set1_epi32(0xFF);
    const __m256 steps = _mm256_set1_ps((float)(GR_SHAPER_STEPS - 1)), half = _mm256_set1_ps(0.5f);
    const __m256i top = _mm256_set1_epi32(GR_SHAPER_STEPS - 1), zero = _mm256_setzero_si256();
    __m256 k[9];
    for (int i = 0; i < 9; i++) k[i] = _mm256_set1_ps(m->matrix[i]);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i px = _mm256_loadu_si256((const __m256i *)(rgba + i * 4));
        __m256 r = _mm256_i32gather_ps(m->to_linear[0], _mm256_and_si256(px, byte), 4);
        __m256 g = _mm256_i32gather_ps(m->to_linear[1], _mm256_and_si256(_mm256_srli_epi32(px, 8), byte), 4);
        __m256 b = _mm256_i32gather_ps(m->to_linear[2], _mm256_and_si256(_mm256_srli_epi32(px, 16), byte), 4);
        __m256i out = _mm256_andnot_si256(_mm256_set1_epi32(0x00FFFFFF), px); /* alpha kept */
        for (int c = 0; c < 3; c++) {
            __m256 v = _mm256_add_ps(_mm256_add_ps(_mm256_mul_ps(k[c * 3], r), _mm256_mul_ps(k[c * 3 + 1], g)),
                                     _mm256_mul_ps(k[c * 3 + 2], b));
            __m256i index = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(v, steps), half));
            /* (int)(x + 0.5f) truncates toward zero, as the scalar cast does; then clamped. */
            index = _mm256_min_epi32(_mm256_max_epi32(index, zero), top);
            __m256i code = _mm256_i32gather_epi32((const int *)m->from_linear[c], index, 4);
            out = _mm256_or_si256(out, _mm256_slli_epi32(code, 8 * c));
        }
        _mm256_storeu_si256((__m256i *)(rgba + i * 4), out);
    }
    apply_scalar(m, rgba + i * 4, count - i);
}
#endif

void gr_shaper_apply(const gr_matrix_shaper *m, uint8_t *rgba, size_t count) {
#if defined(__x86_64__)
    if (gr_simd_level() >= GR_SIMD_AVX2) {
        apply_avx2(m, rgba, count);
        return;
    }
#endif
    apply_scalar(m, rgba, count);
}
