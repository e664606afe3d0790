/*
 * The pixel loops gr_heif runs on what libheif decoded: deep samples to 8 bits, YCbCr to RGB reduced
 * in one pass, block means, unpremultiplied alpha. Plain C over plain buffers (no libheif), so that
 * `make cross-check` runs them on other CPUs (Tools/cross-check).
 */
#ifndef GR_HEIF_PIXELS_H
#define GR_HEIF_PIXELS_H

#include <stddef.h>
#include <stdint.h>

/** One 8-bit plane: `height` rows of `width` samples, row y at data + y · stride; a chroma plane
 * subsampled by 2 across (`half_width`) or also down (`half_height`) holds the sample of pixel (x, y)
 * at (x / 2, y) or (x / 2, y / 2): width and height are then the image's halved, rounded up. */
typedef struct {
    const uint8_t *data;
    int stride;
    uint32_t width, height;
    uint8_t half_width, half_height;
} gr_heif_plane;

/** Copies a 10- to 16-bit interleaved plane (little-endian samples, RGB or RGBA) into packed RGBA8,
 * rounding each sample to 8 bits. */
void gr_heif_copy_deep(const uint8_t *plane, int stride, uint32_t width, uint32_t height, int alpha, int bits,
                       uint8_t *pixels);

/** The part of a reduced image to compute: columns x0 ..< x1, rows y0 ..< y1; x1 == 0 for all of it. */
typedef struct {
    uint32_t x0, y0, x1, y1;
} gr_heif_window;

/**
 * Four 8-bit planes (R, G, B and alpha, or no alpha when planes[3].data is NULL), width × height,
 * reduced by `divisor` (1, 2, 4 or 8) into RGBA8: each output pixel the rounded mean of its block
 * (partial at the right and bottom edges). When `ycbcr`, the R, G and B planes hold Y, Cb and Cr (Cb and
 * Cr possibly subsampled, each sample then standing for the pixels it covers, as if repeated), each
 * pixel converted through CICP `matrix` at full or limited range before it is summed, so the result is
 * the full-size conversion reduced. Only the output pixels in `window` (NULL: all) are computed and
 * written; the others are left as they are, each pixel depending on its own block alone. 0 when a
 * plane's size differs, the matrix is not one handled here or memory runs out; 1 with the image
 * converted.
 */
int gr_heif_convert_reduced(const gr_heif_plane planes[4], uint32_t width, uint32_t height, uint32_t divisor,
                            int ycbcr, int matrix, int full_range, const gr_heif_window *window, uint8_t *pixels);

/** `rgba` (width × height) reduced in place by `divisor` to ceil(width / d) × ceil(height / d), each
 * pixel the rounded mean of its block. */
void gr_heif_reduce_rgba(uint8_t *rgba, uint32_t width, uint32_t height, uint32_t divisor);

/** Premultiplied RGBA8 to straight, rounded; alpha 0 and 255 unchanged. */
void gr_heif_unpremultiply(uint8_t *pixels, size_t count);

#endif
