/*
 * Tests only: a JPEG written straight from DCT coefficients and quantisation tables (libjpeg's
 * jpeg_write_coefficients), for blocks no encoder would make from pixels — the ones that put an
 * inverse DCT at its limits.
 */
#ifndef GR_JPEG_COEFFICIENTS_H
#define GR_JPEG_COEFFICIENTS_H

#include <stddef.h>
#include <stdint.h>

/**
 * Writes a width × height JPEG (both multiples of 16) with `components` 1 (gray) or 3 (YCbCr 4:2:0).
 * `coefficients` holds every block of component 0, then of 1 and 2, row by row, 64 values a block in
 * natural (not zigzag) order: (width/8)·(height/8) blocks for gray and luma, a quarter as many for
 * each chroma component. AC values must lie in ±1023, DC values in ±1023. `luma_table` and
 * `chroma_table` (natural order, 1…65535; above 255 the file says 16-bit tables) quantise them.
 * Returns malloc'd bytes (free them) and their size in *size, or NULL with libjpeg's message in
 * `message` (256 bytes).
 */
uint8_t *gr_jpeg_from_coefficients(uint32_t width, uint32_t height, int components, const int16_t *coefficients,
                                   const uint16_t *luma_table, const uint16_t *chroma_table, size_t *size,
                                   char *message);

#endif
