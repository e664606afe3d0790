/*
 * Decoding one image handle with the HEVC decoder gr_heif chooses: libavcodec's plugin
 * (hevc_libavcodec.h), or libheif's libde265 when asked or when libavcodec refuses the stream.
 */
#ifndef GR_HEIF_DECODE_H
#define GR_HEIF_DECODE_H

#include "heif_library.h"

/** heif_decode_image with libavcodec for HEVC, or libde265 when `reference`; a stream libavcodec
 * refuses is given to libde265, which may still decode it (it conceals what it can where libavcodec
 * stops). With `planes`, 8-bit colour HEVC pictures come as Y, Cb, Cr planes
 * (gr_hevc_libavcodec_planes), and *ycbcr says whether the image holds them (> 0), or that a picture
 * was too deep to be given so (-1). */
struct heif_error gr_heif_decode_handle(const struct heif_image_handle *handle, struct heif_image **image,
                                        enum heif_colorspace space, enum heif_chroma chroma,
                                        const struct heif_decoding_options *decoding, int reference, int planes,
                                        int *ycbcr);

#endif
