/*
 * gr_delta_e: swift-snapshot-testing's perceptual comparison, CIE ΔE 1994 (graphic arts: kL = 1,
 * K1 = 0.045, K2 = 0.015, the chroma weights from the expected pixel) between CIELAB (D65) colours
 * converted from sRGB, each pixel first blended onto white by its alpha. No anti-aliasing detection.
 */
#ifndef GR_DELTA_E_H
#define GR_DELTA_E_H

#include <stddef.h>
#include <stdint.h>

/**
 * Compares rows [begin, end) of two width-wide RGBA images: returns how many pixels have
 * ΔE94 > max_delta_e. Input row y is at row (y & row_mask) of `expected` and `actual`: the whole
 * image with row_mask SIZE_MAX, a ring of rows (a power of two) with one less, as gr_pixelmatch reads
 * them. With `diff` (a whole RGBA image of the same size), writes those rows of the diff image:
 * differing pixels red, the others the expected pixel's luma faded towards white (as pixelmatch
 * draws unchanged pixels).
 */
uint64_t gr_delta_e94_rows(const uint8_t *expected, const uint8_t *actual, size_t width, size_t begin, size_t end,
                           size_t row_mask, double max_delta_e, uint8_t *diff);

/** ΔE94 between two RGBA pixels, as gr_delta_e94_rows measures it (for tests). */
double gr_delta_e94(const uint8_t expected[4], const uint8_t actual[4]);

#endif
