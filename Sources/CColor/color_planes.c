/* The shortcut's tables over red and green (color_planes.h), and why they give its bytes.
 *
 * The shortcut computes each output channel c as code_c(v), v = (m0·R + m1·G) + m2·B in floats, R, G
 * and B the input's linear values, code_c = from_linear[c][gr_shaper_index(v)]. Blue's output depends
 * on all three, so only its first sum is tabled: blue_partial[r, g] = m6·R + m7·G, and a pixel adds
 * m8·B (blue_term[b]) to it as the shortcut does, then indexes as it does.
 *
 * Red and green: with s = m0·R + m1·G fixed by (r, g), v = s + t_b where t_b = m2·B takes 256 values,
 * monotone in b (B's curve rises: checked). Rounded addition is monotone, gr_shaper_index is monotone
 * on the values that can occur (|v| < 1024: checked) and so is the inverse curve (checked), so
 * code_c(s + t_b) is monotone in b. Between profiles with the same blue primary m2 is tiny (1e-5 after
 * ICC's 16-bit fixed point), so across b the code takes one value or two next to each other: two
 * only just below a step (Display P3 → sRGB: red for 197 of the 65,536 (r, g), green for 399). The
 * table keeps the lower code and the first b (counted the way t rises) that reaches the higher:
 * red = low + (b > threshold − 1). A third value for any (r, g), or any check failing, and there are
 * no tables; the shortcut's own loops serve. */
#include "gr_cpu.h"
#include "color_planes.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct gr_shaper_planes {
    /* Red's low code, red's threshold − 1 (255: never reached), green's low code and threshold − 1. */
    uint32_t red_green[65536];
    float blue_partial[65536]; /* m6·R + m7·G */
    float blue_term[256];      /* m8·B */
    uint8_t blue_code[GR_SHAPER_STEPS + 3]; /* from_linear[2] in bytes; 3 more for 4-byte gathers */
    uint8_t flip[2]; /* red's and green's b reversed (255) where m2 < 0, so that t rises with it */
};

enum { VALUE_BOUND = 1024 }; /* |v| below it: v · (steps − 1) stays far inside an int */

static unsigned code_at(const uint32_t *from_linear, float v) { return from_linear[gr_shaper_index(v)]; }

/* The smallest float giving at least `code`: −∞ when every value does, +∞ when none below the bound
 * does. code_at is monotone, and non-negative floats order as their bits do. */
static float first_reaching(const uint32_t *from_linear, unsigned code) {
    if (code_at(from_linear, 0.0f) >= code) return -INFINITY; /* every v ≤ 0 reads index 0 */
    float bound = (float)VALUE_BOUND;
    if (code_at(from_linear, bound) < code) return INFINITY;
    uint32_t low = 0, high;
    memcpy(&high, &bound, sizeof high);
    while (low < high) {
        uint32_t middle = low + (high - low) / 2;
        float v;
        memcpy(&v, &middle, sizeof v);
        if (code_at(from_linear, v) >= code) {
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    float v;
    memcpy(&v, &low, sizeof v);
    return v;
}

/* Whether the monotonicity and bound the tables rest on hold for `m`. */
static int provable(const gr_matrix_shaper *m) {
    for (int c = 0; c < 3; c++) {
        for (int k = 1; k < GR_SHAPER_STEPS; k++)
            if (m->from_linear[c][k] < m->from_linear[c][k - 1]) return 0;
        if (m->from_linear[c][GR_SHAPER_STEPS - 1] > 255) return 0; /* codes are bytes; the steps end at 255 */
        for (int v = 0; v < 256; v++)
            if (!(m->to_linear[c][v] >= -4.0f && m->to_linear[c][v] <= 4.0f)) return 0;
    }
    for (int v = 1; v < 256; v++)
        if (m->to_linear[2][v] < m->to_linear[2][v - 1]) return 0;
    for (int i = 0; i < 9; i++)
        if (!(fabsf(m->matrix[i]) <= 64.0f)) return 0; /* |v| ≤ 3 · 64 · 4 < VALUE_BOUND; no NaN */
    return 1;
}

/* Red's (c 0) or green's (c 1) half of every red_green entry; 0 where some (r, g) takes three codes. */
static int fill_channel(const gr_matrix_shaper *m, int c, gr_shaper_planes *p) {
    const uint32_t *from_linear = m->from_linear[c];
    float reaching[258]; /* 256 and 257: codes past 255, never reached */
    for (unsigned code = 1; code < 256; code++) reaching[code] = first_reaching(from_linear, code);
    reaching[256] = reaching[257] = INFINITY;
    const float m0 = m->matrix[c * 3], m1 = m->matrix[c * 3 + 1], m2 = m->matrix[c * 3 + 2];
    const unsigned flip = m2 < 0 ? 255 : 0;
    float t[256]; /* t[b'] = m2 · B for b = b' ^ flip: rising in b' */
    for (unsigned b = 0; b < 256; b++) t[b] = m2 * m->to_linear[2][b ^ flip];
    p->flip[c] = (uint8_t)flip;
    for (unsigned rg = 0; rg < 65536; rg++) {
        const float s = m0 * m->to_linear[0][rg >> 8] + m1 * m->to_linear[1][rg & 255];
        const unsigned low = code_at(from_linear, s + t[0]);
        const float highest = s + t[255];
        unsigned below = 255; /* threshold − 1: "never" */
        if (highest >= reaching[low + 1]) {
            if (highest >= reaching[low + 2]) return 0;
            /* The last b' below the step: t[0] is, t[255] is not. */
            below = 0;
            for (unsigned width = 128; width > 0; width >>= 1)
                below += s + t[below + width] < reaching[low + 1] ? width : 0;
        }
        p->red_green[rg] |= (low | below << 8) << (16 * c);
    }
    return 1;
}

gr_shaper_planes *gr_shaper_planes_make(const gr_matrix_shaper *m) {
    if (!m || !provable(m)) return NULL;
    gr_shaper_planes *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    if (!fill_channel(m, 0, p) || !fill_channel(m, 1, p)) {
        free(p);
        return NULL;
    }
    for (unsigned rg = 0; rg < 65536; rg++)
        p->blue_partial[rg] = m->matrix[6] * m->to_linear[0][rg >> 8] + m->matrix[7] * m->to_linear[1][rg & 255];
    for (int b = 0; b < 256; b++) p->blue_term[b] = m->matrix[8] * m->to_linear[2][b];
    for (int k = 0; k < GR_SHAPER_STEPS; k++) p->blue_code[k] = (uint8_t)m->from_linear[2][k];
    return p;
}

static void apply_scalar(const gr_shaper_planes *p, uint8_t *rgba, size_t count) {
    const uint32_t flip_red = p->flip[0], flip_green = p->flip[1];
    for (size_t i = 0; i < count; i++) {
        uint32_t pixel;
        memcpy(&pixel, rgba + i * 4, 4);
        const uint32_t rg = (pixel & 0xFF) << 8 | (pixel >> 8 & 0xFF), b = pixel >> 16 & 0xFF;
        const uint32_t entry = p->red_green[rg];
        const uint32_t red = (entry & 0xFF) + ((b ^ flip_red) > (entry >> 8 & 0xFF));
        const uint32_t green = (entry >> 16 & 0xFF) + ((b ^ flip_green) > entry >> 24);
        const uint32_t blue = p->blue_code[gr_shaper_index(p->blue_partial[rg] + p->blue_term[b])];
        pixel = (pixel & 0xFF000000u) | red | green << 8 | blue << 16;
        memcpy(rgba + i * 4, &pixel, 4);
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

/* Eight pixels at a time, the scalar loop's operations in gathers and lanes. */
__attribute__((target("avx2"))) static void apply_avx2(const gr_shaper_planes *p, uint8_t *rgba, size_t count) {
    const __m256i byte = _mm256_set1_epi32(0xFF), top = _mm256_set1_epi32(GR_SHAPER_STEPS - 1);
    const __m256i zero = _mm256_setzero_si256();
    const __m256 steps = _mm256_set1_ps((float)(GR_SHAPER_STEPS - 1)), half = _mm256_set1_ps(0.5f);
    const __m256i flip_red = _mm256_set1_epi32(p->flip[0]), flip_green = _mm256_set1_epi32(p->flip[1]);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        const __m256i pixel = _mm256_loadu_si256((const __m256i *)(rgba + i * 4));
        const __m256i rg = _mm256_or_si256(_mm256_slli_epi32(_mm256_and_si256(pixel, byte), 8),
                                           _mm256_and_si256(_mm256_srli_epi32(pixel, 8), byte));
        const __m256i b = _mm256_and_si256(_mm256_srli_epi32(pixel, 16), byte);
        const __m256i entry = _mm256_i32gather_epi32((const int *)p->red_green, rg, 4);
        const __m256 v =
            _mm256_add_ps(_mm256_i32gather_ps(p->blue_partial, rg, 4), _mm256_i32gather_ps(p->blue_term, b, 4));
        __m256i index = _mm256_cvttps_epi32(_mm256_add_ps(_mm256_mul_ps(v, steps), half));
        index = _mm256_min_epi32(_mm256_max_epi32(index, zero), top);
        const __m256i blue = _mm256_and_si256(_mm256_i32gather_epi32((const int *)p->blue_code, index, 1), byte);
        /* A comparison is −1 where true: subtracting it adds the step. */
        const __m256i red = _mm256_sub_epi32(_mm256_and_si256(entry, byte),
                                             _mm256_cmpgt_epi32(_mm256_xor_si256(b, flip_red),
                                                                _mm256_and_si256(_mm256_srli_epi32(entry, 8), byte)));
        const __m256i green =
            _mm256_sub_epi32(_mm256_and_si256(_mm256_srli_epi32(entry, 16), byte),
                             _mm256_cmpgt_epi32(_mm256_xor_si256(b, flip_green), _mm256_srli_epi32(entry, 24)));
        const __m256i colour =
            _mm256_or_si256(_mm256_or_si256(red, _mm256_slli_epi32(green, 8)), _mm256_slli_epi32(blue, 16));
        const __m256i alpha = _mm256_andnot_si256(_mm256_set1_epi32(0x00FFFFFF), pixel);
        _mm256_storeu_si256((__m256i *)(rgba + i * 4), _mm256_or_si256(alpha, colour));
    }
    apply_scalar(p, rgba + i * 4, count - i);
}
#endif

void gr_shaper_planes_apply(const gr_shaper_planes *planes, uint8_t *rgba, size_t count) {
#if defined(__x86_64__)
    if (gr_simd_level() >= GR_SIMD_AVX2) {
        apply_avx2(planes, rgba, count);
        return;
    }
#endif
    apply_scalar(planes, rgba, count);
}

void gr_shaper_planes_free(gr_shaper_planes *planes) { free(planes); }
