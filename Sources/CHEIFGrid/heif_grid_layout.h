/*
 * A grid primary image as its boxes describe it (ISO/IEC 23008-12 6.6.2.3), read here because
 * libheif 1.15 gives no access to a grid's tiles: how iPhones write HEICs, a grid of 512×512 HEVC
 * tiles. Only the plain case is read: every tile an 'hvc1' item of one size, with the same decoder
 * configuration and colour, its data in one extent of the file; the primary item with no property
 * that changes its pixels (rotation, mirror, crop). A primary 'hvc1' item is read as a grid of one
 * tile. Anything else is "not a plain grid", and libheif decodes it as before.
 */
#ifndef GR_HEIF_GRID_LAYOUT_H
#define GR_HEIF_GRID_LAYOUT_H

#include <stddef.h>
#include <stdint.h>

/* More tiles than this is no photo (a 16384 × 16384 grid of 256-pixel tiles is 4096). */
#define GR_HEIF_MAX_GRID_TILES 4096

typedef struct {
    uint32_t rows, columns;               /* tiles, row by row in tile order */
    uint32_t width, height;               /* the grid's output size */
    uint32_t tile_width, tile_height;     /* every tile's (ispe) */
    const uint8_t *config;                /* the tiles' hvcC body */
    size_t config_size;
    int has_nclx;                         /* the tiles' colr 'nclx', when they have one */
    uint16_t matrix;
    uint8_t full_range;
    const uint8_t **tile_data;            /* tile i's bytes: tile_data[i], tile_size[i] (malloc'd arrays) */
    size_t *tile_size;
} gr_heif_grid_layout;

/* 1 with `out` filled (free it with gr_heif_grid_layout_free) when the primary image is a plain grid
 * or one plain HEVC picture, else 0. Every offset and count is checked against the file's bytes. */
int gr_heif_read_grid_layout(const uint8_t *data, size_t size, gr_heif_grid_layout *out);

void gr_heif_grid_layout_free(gr_heif_grid_layout *layout);

#endif
