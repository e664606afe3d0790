/*
 * gr_raster — the few pixel loops of gallery-render written in C with SSE2 intrinsics.
 *
 * Why C: Swift's Float-to-integer conversions are checked one value at a time, and its generic SIMD
 * conversions are not specialised; SSE2 (part of every x86-64 CPU) converts four at once. Each
 * function is the same arithmetic, in the same order, as the rule its comment states, so the bits do
 * not depend on which implementation ran (tests hold them to a plain Swift statement of the rule).
 * Other CPUs get the same rule in portable C.
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

#ifdef __cplusplus
}
#endif

#endif
