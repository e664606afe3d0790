/*
 * CHEIFGrid — the project's own reading of HEIF files, in place of parts of libheif 1.15 (Debian
 * 12's): a plain grid primary image, or one plain HEVC picture, read from its boxes
 * (heif_grid_layout.c) and decoded tile by tile, only the tiles the frame reads, on several threads
 * (heif_grid.c); YCbCr to reduced RGBA in one pass, chroma as stored (heif_pixels.c); and the facts
 * read from the boxes before libheif sees them, such as reference loops libheif 1.15 would follow
 * without a bound (heif_boxes.c). CHEIF's gr_heif_decode uses it and hands it the HEVC decoder
 * (gr_heif_tile_decoder): this target opens no library. Anything else goes to libheif as before.
 *
 * What it gains, measured (docs/notes/2026-12-04-heic-grids-and-jpeg-frame.md;
 * `make bench BENCH_ARGS='--only G,H --runs 7 --baseline BINARY'` against a build without it):
 * scenario G, twelve iPhone-style grid HEICs, 1604 → 855 ms (0.533×; 0.345× of Pillow + pillow-heif
 * now, target 0.45×); scenario H's peak memory 206 → 160 MB (no full-size planes copied).
 *
 * What it must equal: libheif's own decode of the same file, within 1 per channel (HEIFGridTests,
 * HEVCDecoderTests, HEIFPixelsTests; where tiles are limited range it follows H.273's 255/219 where
 * libheif 1.15 uses 256/219, up to 2 after resampling); fuzz-heif decodes each input both ways.
 *
 * When to delete it: when Debian's libheif decodes a region of a grid's tiles on several threads and
 * ships an FFmpeg decoder plugin (1.19 and later), and bounds its own reference recursion.
 */
#ifndef GR_HEIF_GRID_MODULE_H
#define GR_HEIF_GRID_MODULE_H

#include "heif_boxes.h"
#include "heif_grid.h"
#include "heif_pixels.h"

#endif
