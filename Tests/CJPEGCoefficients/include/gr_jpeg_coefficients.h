/*
 * Tests only: JPEGs the product's encoder does not write. One written straight from DCT coefficients
 * and quantisation tables (libjpeg's jpeg_write_coefficients), for blocks no encoder would make from
 * pixels — the ones that put an inverse DCT at its limits, or leave codes out of the Huffman tables;
 * and ones encoded from pixels with any sampling, restart markers or fitted tables.
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

/** How gr_jpeg_test_encode writes a JPEG; zeros are libjpeg's defaults for 4:2:0 YCbCr. */
typedef struct {
    int quality;              /* 1…100; 0: 90 */
    int components;           /* 1 gray, 3 YCbCr (0 too), 4 CMYK (ink from the RGBA: 255 − R, G, B, and their mean) */
    int h_samp[4], v_samp[4]; /* sampling factors of each component; h_samp[0] 0: the defaults */
    int restart_rows;         /* a restart marker every this many MCU rows; 0: none */
    int restart_blocks;       /* … or every this many MCUs (restart_rows 0) */
    int optimize;             /* Huffman tables fitted to the image */
    int progressive;
} gr_jpeg_test_settings;

/** Encodes RGBA pixels as `settings` say; malloc'd bytes or NULL with libjpeg's message, as above. */
uint8_t *gr_jpeg_test_encode(const uint8_t *rgba, uint32_t width, uint32_t height,
                             const gr_jpeg_test_settings *settings, size_t *size, char *message);

/**
 * gr_jpeg_test_encode with an APP1 segment's payload (e.g. "Exif\0\0" + TIFF; at most 65533 bytes,
 * else none) written after the headers: the test photos with EXIF orientations (TestSupport's
 * JPEGEncoder), hostile ones too.
 */
uint8_t *gr_jpeg_test_encode_app1(const uint8_t *rgba, uint32_t width, uint32_t height,
                                  const gr_jpeg_test_settings *settings, const uint8_t *app1, size_t app1_size,
                                  size_t *size, char *message);

#endif
