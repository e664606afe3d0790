/* The AVX2 inverse DCTs gr_jpeg_decode puts in place of libjpeg-turbo's plain-C 6×6 and 3×3 ones. */
#ifndef GR_JPEG_IDCT_H
#define GR_JPEG_IDCT_H

#include <stdint.h>
#include <stdio.h>

#include <jpeglib.h>

#include "gr_jpeg_scan.h"

/* Only libjpeg-turbo built with its SIMD (whose quantisation tables for these functions are 16-bit:
 * MULTIPLIER is short), where its internal header is installed (Debian's libjpeg62-turbo-dev), on
 * x86-64 Linux, whose libjpeg exports the functions replaced; elsewhere libjpeg's own run. */
#if defined(__x86_64__) && defined(__linux__) && defined(LIBJPEG_TURBO_VERSION) && defined(WITH_SIMD) && \
    __has_include(<jpegint.h>)
#define GR_JPEG_IDCT_AVAILABLE 1
#else
#define GR_JPEG_IDCT_AVAILABLE 0
#endif

/* libjpeg-turbo's scaled transforms can be named where its internal header is installed on Linux,
 * whose libjpeg exports them. */
#if defined(__linux__) && defined(LIBJPEG_TURBO_VERSION) && __has_include(<jpegint.h>)
#define GR_JPEG_IDCT_EXTENTS_KNOWN 1
#else
#define GR_JPEG_IDCT_EXTENTS_KNOWN 0
#endif

/**
 * Puts the AVX2 kernels in place of libjpeg's jpeg_idct_6x6 and jpeg_idct_3x3 for the components
 * that use them, when the SIMD level allows AVX2; call after jpeg_start_decompress. `counts`, which
 * must outlive the decode, receives how many blocks went each way (cinfo->client_data points at it).
 */
void gr_jpeg_idct_install(j_decompress_ptr cinfo, gr_jpeg_idct_counts *counts);

/**
 * Puts libjpeg-turbo's plain-C inverse DCT for each component's scaled block size (jpeg_idct_islow
 * at 8, jpeg_idct_NxN below) in place of whatever start_pass chose; call after
 * jpeg_start_decompress. Its SIMD transforms give the C ones' bytes for a photo's coefficients, but
 * not for the out-of-range ones damaged data decodes to (16-bit lanes wrap or saturate where C's
 * 32 bits do not): with the C ones a damaged JPEG decodes to the same bytes on every CPU. Nothing
 * where the transforms cannot be named (GR_JPEG_IDCT_EXTENTS_KNOWN) or libjpeg's version is not the
 * headers' (gr_jpeg_guard.c).
 */
void gr_jpeg_idct_install_portable(j_decompress_ptr cinfo);

/**
 * N when the inverse DCT in place for component `ci` (after jpeg_start_decompress) reads only the
 * top-left N×N of a block's coefficients: N for the N×N transforms of jidctint.c (3, 5, 6, 7) and the
 * kernels here; 8 (all of them) for any other or where the transforms cannot be named.
 */
int gr_jpeg_idct_extent(j_decompress_ptr cinfo, int ci);

#endif
