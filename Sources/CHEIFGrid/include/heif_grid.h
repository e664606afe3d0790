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

/* One 8-bit 4:2:0, 4:2:2 or 4:4:4 tile picture, as the decoder gives it, held until it frees it. */
typedef struct {
    const uint8_t *plane[3]; /* Y, Cb, Cr */
    int stride[3];
    int width, height;
    int shift_x, shift_y;    /* chroma subsampling, log2 */
    int matrix, full_range;  /* the stream's VUI: H.273 matrix (2: unspecified), full range */
    void *frame;
} gr_heif_picture;

/* The HEVC decoder the tiles go to (CHEIF's libavcodec: gr_hevc_decode_picture, gr_hevc_picture_free,
 * gr_hevc_libavcodec_others): this target opens no library. */
typedef struct {
    /* One picture from an hvcC body and length-prefixed NAL units, refused over the budget before it is
     * allocated: 1 with `out` filled, 0 when it fails. */
    int (*decode)(const uint8_t *config, size_t config_size, const uint8_t *data, size_t size, uint64_t max_pixels,
                  uint32_t max_side, gr_heif_picture *out);
    void (*free)(gr_heif_picture *picture);
    int (*others)(void); /* how many HEIF decodes other than the caller's run now */
} gr_heif_tile_decoder;

typedef struct {
    gr_heif_tile_decoder decoder;
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
