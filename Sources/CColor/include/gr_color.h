/*
 * gr_color — the only place gallery-render touches Little CMS 2.
 *
 * A transform from a photo's colour description (an embedded ICC profile, or CICP code points from a
 * HEIF nclx box or a PNG cICP chunk) into the frame's colour space (sRGB or Display P3), relative
 * colorimetric intent, on RGBA8 pixels in place with alpha copied. A transform is built once per
 * distinct profile and is safe to apply from several threads at once (built without lcms's cache).
 * Every failure is a status with Little CMS's own message; nothing is printed.
 */
#ifndef GR_COLOR_H
#define GR_COLOR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    GR_COLOR_OK = 0,
    GR_COLOR_UNUSABLE = 1, /* the profile cannot be read or used; see message */
    GR_COLOR_NO_MEMORY = 2,
} gr_color_status;

/** The colour spaces a frame can be in. */
typedef enum {
    GR_COLOR_SPACE_SRGB = 0,
    GR_COLOR_SPACE_DISPLAY_P3 = 1,
} gr_color_space;

typedef struct gr_color_transform gr_color_transform;

/** What building a transform found. */
typedef struct {
    int identity;            /* converts every 8-bit value to itself within 1: no need to apply it */
    char description[128];   /* the profile's description tag, when it has one */
    char message[256];
} gr_color_result;

/** What the pixels a transform is applied to hold: RGBA8, or 4 bytes of CMYK ink (inverted: as
 * Adobe's JPEGs store them), converted to RGBA8 in place (alpha 255). */
typedef enum {
    GR_COLOR_PIXELS_RGBA = 0,
    GR_COLOR_PIXELS_CMYK = 1,
    GR_COLOR_PIXELS_CMYK_INVERTED = 2,
} gr_color_pixels;

/** A transform from the ICC profile `icc` (RGB or gray for RGBA pixels, CMYK for CMYK ones) into
 * `target`. */
gr_color_status gr_color_transform_from_icc(const uint8_t *icc, size_t size, gr_color_pixels pixels,
                                            gr_color_space target, gr_color_transform **out,
                                            gr_color_result *result);

/** A transform from CICP colour primaries and transfer characteristics (ITU-T H.273) into `target`.
 * Unspecified (2) primaries or transfer mean sRGB's; code points without an ICC equivalent here
 * (PQ, HLG, ...) are GR_COLOR_UNUSABLE. */
gr_color_status gr_color_transform_from_cicp(uint16_t primaries, uint16_t transfer, gr_color_space target,
                                             gr_color_transform **out, gr_color_result *result);

/** Converts `count` RGBA8 pixels in place; alpha is kept. */
void gr_color_apply(const gr_color_transform *transform, uint8_t *rgba, size_t count);

/** The loops behind gr_color_apply between two matrix-shaper RGB profiles: tests hold them to the
 * same bytes. */
typedef enum {
    GR_COLOR_LOOPS_PLANES = 0,  /* tables over red and green: where their bytes are proven the same */
    GR_COLOR_LOOPS_LOOKUPS = 1, /* six table lookups a pixel */
} gr_color_loops;

/** Converts like gr_color_apply, through `loops`: 1, or 0 (nothing converted) where the transform
 * has no such loops. */
int gr_color_apply_loops(const gr_color_transform *transform, gr_color_loops loops, uint8_t *rgba, size_t count);

void gr_color_transform_free(gr_color_transform *transform);

/** The ICC profile a frame in `space` carries (malloc'd; free with gr_color_free). */
gr_color_status gr_color_profile(gr_color_space space, uint8_t **bytes, size_t *size);

void gr_color_free(void *pointer);

/** The linked libraries' names and versions, a line each, into `out` (at most `size` bytes, with NUL). */
void gr_color_library_versions(char *out, size_t size);

#ifdef __cplusplus
}
#endif

#endif
