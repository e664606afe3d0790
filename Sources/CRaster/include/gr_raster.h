/*
 * gr_raster — the few pixel loops of gallery-render written in C with SIMD intrinsics.
 *
 * Why C: Swift's Float-to-integer conversions are checked one value at a time, its generic SIMD
 * conversions are not specialised, and it cannot pick an instruction set at run time. SSE2 (part of
 * every x86-64 CPU) quantises four pixels at once; AVX, where the CPU has it, resamples two at once.
 * Each function is the same arithmetic, in the same order, as the rule its comment states, so the
 * bits do not depend on which implementation ran (tests hold them to the Swift code). Other CPUs get
 * the quantiser in portable C and the resampler in Swift.
 */
#ifndef GR_RASTER_H
#define GR_RASTER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Quantises `count` premultiplied pixels (4 floats each, 0…255) to 8-bit straight RGBA (4 bytes
 * each). Per pixel: alpha below 0.5 gives 0,0,0,0; otherwise colour is divided by alpha/255 unless
 * alpha is exactly 255 (as p · (255 / a)), and each channel (alpha from the premultiplied pixel) is
 * clamped to 0…255, has 0.5 added and is truncated.
 */
void gr_quantise(const float *premultiplied, uint8_t *rgba, size_t count);

/*
 * The resampler's loops on eight lanes (AVX), for CPUs that have it. Each output is summed in tap
 * order from zero, one multiply and one add per tap, as in the portable Swift loops: the same bits.
 * Pixels are premultiplied RGBA floats; a "pair" buffer holds two source rows interleaved, eight
 * floats per position (row A's pixel, then row B's).
 */

/** Whether this CPU runs the gr_avx_* functions. */
int gr_cpu_has_avx(void);

/**
 * Fills `pair` with positions lowest ..< lowest + span of two 8-bit straight RGBA rows, each position
 * clamped to 0 … last, premultiplied (colour times alpha / 255; alpha as is).
 */
void gr_avx_expand_pair(const uint8_t *rowA, const uint8_t *rowB, ptrdiff_t lowest, ptrdiff_t span,
                        ptrdiff_t last, float *pair);

/**
 * Filters both rows of `pair` horizontally: output o sums pair[firsts[o] + t] · weights[o · taps + t]
 * for t in 0 ..< taps, into outA[o] and (unless NULL) outB[o].
 */
void gr_avx_filter_pair(const float *pair, const ptrdiff_t *firsts, const float *weights, ptrdiff_t taps,
                        ptrdiff_t width, float *outA, float *outB);

/**
 * One output row of the vertical pass: out[x] sums ring[from[k] + x] · weight[k] for k in 0 ..< count
 * (offsets in pixels), for x in 0 ..< width.
 */
void gr_avx_sum_rows(const float *ring, const ptrdiff_t *from, const float *weight, ptrdiff_t count,
                     ptrdiff_t width, float *out);

/*
 * The caption rasteriser's loops (Raster/Text/CoverageRasteriser.swift says what they gain and must
 * equal) and the shadow's Gaussian, in C so that `make cross-check` holds them to the same bytes on
 * arm64: plain C, doubles for the coverage and floats for the blur, in a fixed order.
 */

/**
 * Adds the edge from (ax, ay) to (bx, by), in pixels from the grid's corner, to `cells`: `height`
 * rows of `width` + 1 doubles. Each row it crosses gets, per column, the signed area right of the
 * edge within that column and the rest of its height in the next cell; columns left of the grid
 * gather into the first cell, right of it count for nothing. Points must be finite (within ±1e9).
 */
void gr_coverage_line(double *cells, int width, int height, double ax, double ay, double bx, double by);

/** Each pixel's coverage from `cells` (as gr_coverage_line leaves them): the running sum along its
 *  row, its magnitude clamped to 1 (the non-zero rule), into `coverage`, `width` × `height` floats. */
void gr_coverage_resolve(const double *cells, int width, int height, float *coverage);

/**
 * Each of `lines` lines of `count` floats (`stride` apart, lines `line_stride` apart) convolved with
 * `kernel` (`taps` weights, odd, centred), zero beyond the ends: each output summed in tap order from
 * zero, one multiply and one add a tap.
 */
void gr_gaussian_lines(
    const float *input, float *output, size_t count, size_t stride, size_t lines, size_t line_stride,
    const float *kernel, size_t taps);

#ifdef __cplusplus
}
#endif

#endif
