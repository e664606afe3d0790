/*
 * What gr_pixelmatch.c (rows, anti-aliasing) and gr_pixelmatch_yiq.c (distances, luma) share.
 */
#ifndef GR_PIXELMATCH_INTERNAL_H
#define GR_PIXELMATCH_INTERNAL_H

#include "gr_pixelmatch.h"

/* pixelmatch rounds after every multiply and add: no fused multiply-adds, here or in any includer. */
#include "gr_cpu.h"

/* The levels: portable C, or AVX2 where the CPU has it (x86-64 only). */
enum { gr_pm_level_portable = 0, gr_pm_level_avx2 = 1 };

/* The level this thread uses: the CPU's, capped by gr_pixelmatch_cap_level. */
int gr_pm_level(void);

/*
 * Finds the pixels of one row whose squared YIQ distance (after blending onto white) exceeds
 * max_delta. Writes their x to xs in increasing order and, for each, whether img2's pixel is the
 * darker one (pixelmatch's negative delta) to darker; returns how many.
 */
size_t gr_pm_candidates(const uint8_t *row1, const uint8_t *row2, size_t width, double max_delta, uint32_t *xs,
                        uint8_t *darker, int level);

/* The luma of pixels from ..< to of a row, blended onto white: pixelmatch's rgb2y after blend. */
void gr_pm_luma(const uint8_t *row, size_t from, size_t to, double *luma, int level);

/* pixelmatch's rgb2y and blend, for the portable paths. */
static inline double gr_pm_rgb2y(double r, double g, double b) { return r * 0.29889531 + g * 0.58662247 + b * 0.11448223; }
static inline double gr_pm_blend(double c, double a) { return 255 + (c - 255) * a; }

#endif
