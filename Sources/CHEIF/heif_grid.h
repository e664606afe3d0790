/*
 * A plain grid primary image, or one plain HEVC picture (heif_grid_layout.h), decoded here rather than
 * by libheif 1.15, which decodes every tile on one thread and converts each to full-size RGB: each
 * tile that meets the region is decoded by libavcodec and converted from its YCbCr (chroma as
 * stored) straight into the reduced RGBA, on up to `threads` threads.
 */
#ifndef GR_HEIF_GRID_H
#define GR_HEIF_GRID_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t width, height;   /* the primary image, as libheif read it: the grid's output size */
    uint32_t divisor;         /* 2, 4 or 8, dividing the tile size where tiles meet */
    /* The part of the reduced image the caller reads: tiles outside it are not decoded (their pixels
     * are left as they are). x1 == 0 for all of it. */
    uint32_t x0, y0, x1, y1;
    uint32_t threads;         /* at most this many, and never more than the cores */
    uint64_t max_pixels;
    uint32_t max_side;
} gr_heif_grid_request;

/* 1 with `pixels` (ceil(width / divisor) × ceil(height / divisor) RGBA) filled where the region
 * reads, 0 when the file is not a plain grid of 8-bit tiles with one colour description, or a tile
 * fails: the caller then decodes it with libheif, which reports what is wrong. */
int gr_heif_decode_grid(const uint8_t *data, size_t size, const gr_heif_grid_request *request, uint8_t *pixels);

#endif
