/*
 * The matrix/TRC shortcut gr_color applies when both profiles are matrix-shaper RGB: Little CMS's
 * curves and colorants as tables (filled by gr_color.c), applied here without Little CMS, so that
 * `make cross-check` runs the loops on other CPUs (Tools/cross-check).
 */
#ifndef GR_COLOR_SHAPER_H
#define GR_COLOR_SHAPER_H

#include "gr_cpu.h"

#include <stddef.h>
#include <stdint.h>

enum { GR_SHAPER_STEPS = 1 << 14 };

/** A source's tone curves, the matrix into the destination, and the destination's inverse curves. */
typedef struct {
    float to_linear[3][256];          /* the source's tone curves */
    float matrix[9];                  /* destination colorants⁻¹ · source colorants (both D50) */
    /* The destination's inverse curves, rounded to 8 bits, one 32-bit entry each so that AVX2 can
     * gather them. */
    uint32_t from_linear[3][GR_SHAPER_STEPS];
} gr_matrix_shaper;

/** Where a destination-linear value `v` reads the inverse curves: v · (steps − 1) rounded half up
 * (toward zero, as a C cast), clamped to the table. */
static inline int gr_shaper_index(float v) {
    int k = (int)(v * (GR_SHAPER_STEPS - 1) + 0.5f);
    return k < 0 ? 0 : k > GR_SHAPER_STEPS - 1 ? GR_SHAPER_STEPS - 1 : k;
}

/** Converts `count` RGBA8 pixels in place through `m`; alpha is kept. Every level gives the same
 * bytes: the same float operations in the same order, never fused. */
void gr_shaper_apply(const gr_matrix_shaper *m, uint8_t *rgba, size_t count);

#endif
