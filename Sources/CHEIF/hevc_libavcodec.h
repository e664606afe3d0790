/*
 * A libheif decoder plugin that decodes HEVC with FFmpeg's libavcodec, ~1.4× faster than the
 * libde265 plugin libheif 1.15 ships with, to the same samples (HEVC decoding is exact).
 */
#ifndef GR_HEVC_LIBAVCODEC_H
#define GR_HEVC_LIBAVCODEC_H

#include <stddef.h>
#include <stdint.h>

#include "heif_grid.h" /* gr_heif_picture */

/* The id_name libheif knows the plugin by. */
#define GR_HEVC_LIBAVCODEC_ID "gallery-render-libavcodec"

/* Opens libavcodec (dlopen, the soname of the headers built against) and registers the plugin with
 * libheif, once per process, at a priority above libde265's; it also silences libavcodec's log,
 * whose lines would reach stderr. 0 when libavcodec is not installed: libde265 decodes HEVC. */
int gr_hevc_libavcodec_register(void);

/* The pixel budget of the decodes this thread runs next: libavcodec refuses a picture whose stream
 * declares more before allocating it, as the header's ispe may understate it. */
void gr_hevc_libavcodec_set_budget(uint64_t max_pixels, uint32_t max_side);

/* Around one gr_heif decode: counts the decodes running. */
void gr_hevc_libavcodec_begin(void);
void gr_hevc_libavcodec_end(void);

/* How many HEIF decodes other than one of the caller's run now. */
int gr_hevc_libavcodec_others(void);

/* With `decline`, the plugin says it cannot decode HEVC for the decodes this thread runs next, so
 * libheif's libde265 plugin decodes every stream: grid tiles and alpha planes too, which libheif 1.15
 * gives the plugin of highest priority whatever decoder_id says. */
void gr_hevc_libavcodec_decline(int decline);

/* Whether a decode on this thread failed in libavcodec since the last call (other than over the
 * budget), so the caller may give the stream to libde265 instead; clears the flag. */
int gr_hevc_libavcodec_take_failure(void);

/* With `on`, the decodes this thread runs next give each 8-bit colour picture as a 4:4:4 RGB image
 * whose R, G and B planes hold its Y, Cb and Cr, chroma repeated to full size: libheif 1.15 converts
 * any YCbCr picture to RGB, but crops, turns and tiles an RGB one as it is, and takes alpha from its R.
 * A grey picture (an alpha plane, say) is given as it is, and a deeper one refused. Returns how many pictures were so given since the last call, -1 if one was
 * refused. */
int gr_hevc_libavcodec_planes(int on);

/* One picture decoded by libavcodec, held until gr_hevc_picture_free: heif_grid.h's tile picture. */
typedef gr_heif_picture gr_hevc_picture;

/* Decodes one picture given as an hvcC body (its parameter sets) and length-prefixed NAL units, on
 * the calling thread, refusing one over the budget before it is allocated: 1 with `out` filled, 0
 * when libavcodec is missing, the stream fails or its picture is of another kind. */
int gr_hevc_decode_picture(const uint8_t *config, size_t config_size, const uint8_t *data, size_t size,
                           uint64_t max_pixels, uint32_t max_side, gr_hevc_picture *out);

void gr_hevc_picture_free(gr_hevc_picture *picture);

/** "libavcodec M.m.p (opened on first use)": the version of the headers the shim was built with. */
void gr_hevc_libavcodec_version(char *out, size_t size);

#endif
