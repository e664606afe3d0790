/* The unfiltering the fast reader calls (gr_fast_unfilter.c); internal to CPNGRead. */
#ifndef GR_UNFILTER_H
#define GR_UNFILTER_H

#include "gr_png_read.h"
#include "gr_cpu.h"

/** Bytes readable after a filtered row handed to gr_png_unfilter_rgb, which reads RGB pixels as words. */
enum { GR_PNG_ROW_SLACK = 16 };

/**
 * Unfilters one filtered row (its filter byte first) of an 8-bit RGB or RGBA image to RGBA at `out`;
 * `above` is the RGBA row above, NULL for the first row. 0 for an unknown filter type.
 */
int gr_png_unfilter_rgb(const uint8_t *filtered, uint32_t width, uint8_t *out, const uint8_t *above);
int gr_png_unfilter_rgba(const uint8_t *filtered, uint32_t width, uint8_t *out, const uint8_t *above);

/**
 * The same for gray (channels 1) and gray+alpha (2): unfilters in place against `previous` (the
 * unfiltered row above, which it then updates; zeroed when `first`), and expands to RGBA.
 */
int gr_png_unfilter_gray(uint8_t *filtered, uint32_t width, size_t channels, uint8_t *previous, int first,
                         uint8_t *out);

#endif
