/* The frame's one rounding step (gr_raster.h states the rule). */
#include "gr_raster.h"

#include "gr_cpu.h"

#if defined(__SSE2__)
#include <emmintrin.h>

/* One pixel as four int32 lanes, the rule applied. */
static inline __m128i quantise_pixel(const float *p) {
    const __m128 pixel = _mm_loadu_ps(p);
    const float alpha = p[3];
    if (!(alpha >= 0.5f)) return _mm_setzero_si128();
    __m128 straight = pixel;
    if (alpha != 255.0f) straight = _mm_mul_ps(pixel, _mm_set1_ps(255.0f / alpha));
    /* Alpha comes from the premultiplied pixel, not from the division. */
    const __m128 keepAlpha = _mm_castsi128_ps(_mm_set_epi32(-1, 0, 0, 0));
    straight = _mm_or_ps(_mm_andnot_ps(keepAlpha, straight), _mm_and_ps(keepAlpha, pixel));
    const __m128 clamped = _mm_min_ps(_mm_max_ps(straight, _mm_setzero_ps()), _mm_set1_ps(255.0f));
    return _mm_cvttps_epi32(_mm_add_ps(clamped, _mm_set1_ps(0.5f)));
}

/* An opaque pixel: already straight, so only clamped, rounded and converted (the rule's same steps). */
static inline __m128i quantise_opaque(const float *p) {
    const __m128 clamped = _mm_min_ps(_mm_max_ps(_mm_loadu_ps(p), _mm_setzero_ps()), _mm_set1_ps(255.0f));
    return _mm_cvttps_epi32(_mm_add_ps(clamped, _mm_set1_ps(0.5f)));
}

void gr_quantise(const float *premultiplied, uint8_t *rgba, size_t count) {
    size_t i = 0;
    for (; i + 4 <= count; i += 4) {
        const float *p = premultiplied + 4 * i;
        if (p[3] == 255.0f && p[7] == 255.0f && p[11] == 255.0f && p[15] == 255.0f) {
            const __m128i low = _mm_packs_epi32(quantise_opaque(p), quantise_opaque(p + 4));
            const __m128i high = _mm_packs_epi32(quantise_opaque(p + 8), quantise_opaque(p + 12));
            _mm_storeu_si128((__m128i *)(rgba + 4 * i), _mm_packus_epi16(low, high));
            continue;
        }
        const __m128i low = _mm_packs_epi32(quantise_pixel(p), quantise_pixel(p + 4));
        const __m128i high = _mm_packs_epi32(quantise_pixel(p + 8), quantise_pixel(p + 12));
        _mm_storeu_si128((__m128i *)(rgba + 4 * i), _mm_packus_epi16(low, high));
    }
    for (; i < count; i++) {
        const __m128i one = _mm_packs_epi32(quantise_pixel(premultiplied + 4 * i), _mm_setzero_si128());
        const int packed = _mm_cvtsi128_si32(_mm_packus_epi16(one, one));
        for (int c = 0; c < 4; c++) rgba[4 * i + c] = (uint8_t)(packed >> (8 * c));
    }
}

#else

static inline uint8_t quantise_channel(float value) {
    const float clamped = value > 0.0f ? (value < 255.0f ? value : 255.0f) : 0.0f;
    return (uint8_t)(int32_t)(clamped + 0.5f);
}

void gr_quantise(const float *premultiplied, uint8_t *rgba, size_t count) {
    for (size_t i = 0; i < count; i++) {
        const float *p = premultiplied + 4 * i;
        uint8_t *out = rgba + 4 * i;
        if (!(p[3] >= 0.5f)) {
            out[0] = out[1] = out[2] = out[3] = 0;
            continue;
        }
        const float scale = p[3] == 255.0f ? 1.0f : 255.0f / p[3];
        for (int c = 0; c < 3; c++) out[c] = quantise_channel(p[3] == 255.0f ? p[c] : p[c] * scale);
        out[3] = quantise_channel(p[3]);
    }
}

#endif
