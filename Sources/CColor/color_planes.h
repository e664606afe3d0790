/*
 * The matrix/TRC shortcut (color_shaper.h) as tables over red and green, for the profiles whose
 * output red and green barely depend on the input's blue: those with the same blue primary, such as
 * sRGB, Display P3 and Adobe RGB. A pixel then costs four table reads instead of six and one float
 * path instead of three, with the shortcut's bytes exactly: built only where that is proven.
 */
#ifndef GR_COLOR_PLANES_H
#define GR_COLOR_PLANES_H

#include "color_shaper.h"

#include <stddef.h>
#include <stdint.h>

typedef struct gr_shaper_planes gr_shaper_planes;

/** The tables for `m`, or NULL where they cannot give its bytes for every input (or memory is short):
 * then `m`'s own loops serve. Takes about half a millisecond. */
gr_shaper_planes *gr_shaper_planes_make(const gr_matrix_shaper *m);

/** Converts `count` RGBA8 pixels in place, exactly as gr_shaper_apply with the shaper they were made
 * from; alpha is kept. */
void gr_shaper_planes_apply(const gr_shaper_planes *planes, uint8_t *rgba, size_t count);

void gr_shaper_planes_free(gr_shaper_planes *planes);

#endif
