/* The coefficient decoder gr_jpeg_decode puts in place of libjpeg-turbo's Huffman decoder. */
#ifndef GR_JPEG_HUFFMAN_H
#define GR_JPEG_HUFFMAN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jpeglib.h>

/* Only with libjpeg-turbo, whose entropy decoder's interface (jpegint.h) is installed. */
#if defined(LIBJPEG_TURBO_VERSION) && __has_include(<jpegint.h>)
#define GR_JPEG_HUFFMAN_AVAILABLE 1
#else
#define GR_JPEG_HUFFMAN_AVAILABLE 0
#endif

/** The decoder's state for one decode; opaque. */
typedef struct gr_jpeg_huffman gr_jpeg_huffman;

/**
 * For `cinfo` just started (jpeg_start_decompress, nothing of the scan read) from a memory source
 * over `data`: puts the decoder in place of libjpeg's when the scan is one it handles (one baseline
 * Huffman scan, 8-bit, no restart markers) and returns its state (free it with gr_jpeg_huffman_free
 * after the decompressor is destroyed); NULL leaves libjpeg's. Where the decoder meets anything on
 * which libjpeg might warn or guess, it calls `give_up`, which must not return: the caller decodes
 * again without it.
 */
gr_jpeg_huffman *gr_jpeg_huffman_install(j_decompress_ptr cinfo, const uint8_t *data, size_t size,
                                         void (*give_up)(j_decompress_ptr cinfo));

/**
 * Whether the decoder, if any, read the whole scan and left the source at the marker after it, as
 * libjpeg's would: where it did not, finishing would read markers from elsewhere.
 */
int gr_jpeg_huffman_finished(const gr_jpeg_huffman *decoder);

/**
 * Whether a decode that stops where the decoder is now (a region above the scan's end) would have
 * ended without a warning from libjpeg's own decoder: finished, or a read-ahead from here meets a
 * marker or enough data before the file ends (gr_scan_has_room).
 */
int gr_jpeg_huffman_stops_cleanly(const gr_jpeg_huffman *decoder);

void gr_jpeg_huffman_free(gr_jpeg_huffman *decoder);

#endif
