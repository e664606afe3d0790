/*
 * gr_jpeg — the only place gallery-render touches libjpeg(-turbo).
 *
 * Why a shim: libjpeg reports fatal errors by longjmp, which must never cross a Swift frame, and
 * libjpeg-turbo 2.1.5 must run one decode start to finish on one thread. gr_jpeg_decode therefore
 * calls setjmp itself and performs the whole decode in one synchronous call, freeing everything on
 * every path, and returns a status plus libjpeg's own message.
 */
#ifndef GR_JPEG_H
#define GR_JPEG_H

#include <stddef.h>
#include <stdint.h>

#include "gr_jpeg_scan.h" /* gr_jpeg_idct_counts; the guard on the paths CJPEGScan owns */

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    GR_JPEG_OK = 0,
    GR_JPEG_ERROR = 1,           /* libjpeg refused the data; see message */
    GR_JPEG_TOO_LARGE = 2,       /* header over the pixel budget; nothing allocated */
    GR_JPEG_TOO_MANY_SCANS = 3,  /* progressive JPEG with more scans than max_scans */
    GR_JPEG_12_BIT = 4,          /* 12-bit sample precision */
    GR_JPEG_NO_MEMORY = 5,
    GR_JPEG_TOO_MUCH_WORK = 6,   /* progressive scans decoding more blocks in all than max_scan_blocks */
} gr_jpeg_status;


typedef struct {
    uint64_t max_pixels;    /* budget on the full-size header dimensions */
    uint32_t max_side;
    uint32_t max_scans;     /* progressive scan limit (libjpeg-turbo's TJFLAG_LIMITSCANS uses 500) */
    uint32_t scale_eighths; /* decode at M/8 (1…8), from gr_jpeg_pick_scale */
    /* The part of the scaled (stored-orientation) image to decode; region_width 0 means all of it. */
    uint32_t region_x, region_y, region_width, region_height;
    /* A CMYK or YCCK JPEG's ink values as stored (4 bytes a pixel, inverted when out->inverted)
     * instead of RGBA, for a colour-managed conversion; 0: converted here without a profile. */
    int keep_cmyk;
    /* 1: libjpeg's own inverse DCTs throughout, for tests that compare the AVX2 ones with them. */
    int plain_idct;
    /* 1: libjpeg decodes the rows above a region to skip them, never a resumption (tests compare). */
    int plain_skip;
    /* 1: libjpeg's Huffman decoder throughout, never gr_jpeg_huffman.c's (tests compare). */
    int plain_entropy;
    /* 1: libjpeg-turbo's plain-C inverse DCTs for every component, never its SIMD ones. Set by the
     * shim itself when a decode warned (damaged data: see gr_jpeg_decode); 0 from callers. */
    int portable_idct;
    /* Blocks all scans may decode, summed over each scan's components (PixelBudget.maxScanBlocks),
     * and never more than GR_JPEG_SCAN_PASSES times the image's own blocks. A progressive JPEG's
     * scans each go over their components' every block: this bounds the time a small file can cost,
     * as max_scans alone does not, whatever budget a caller raises for large photos. */
    uint64_t max_scan_blocks;
} gr_jpeg_options;

/** Passes over all of an image's blocks its scans may make in all: libjpeg's standard progression
 * makes 4.7 (4:4:4) to 5.3 (4:2:0), so 16 leaves room for any encoder's script, and a repeated scan of
 * a 10000 × 10000 image is refused in about 3 s whatever the pixel budget (found by review: raising
 * --max-megapixels raised the work a hostile 650 KB file could cost to 33 s). */
#define GR_JPEG_SCAN_PASSES 16

/** What the header says. */
typedef struct {
    uint32_t width;
    uint32_t height;
    char message[256];      /* libjpeg's message when the header cannot be read */
} gr_jpeg_header;

/** The outcome of a decode into a caller's buffer. */
typedef struct {
    uint32_t width;         /* output size after DCT scaling */
    uint32_t height;
    uint32_t warnings;      /* number of libjpeg warnings (corrupt or truncated data) */
    int cmyk;               /* the pixels are CMYK ink values (keep_cmyk on a CMYK or YCCK JPEG) */
    int cmyk_source;        /* the JPEG is CMYK or YCCK, whatever the pixels were converted to */
    int inverted;           /* ... stored inverted, as Adobe's JPEGs store them (APP14) */
    gr_jpeg_idct_counts idct; /* what the AVX2 inverse DCTs did (all 0 when not in use) */
    /* 0, or the rows above the region were skipped without libjpeg (gr_jpeg_resume.c): 1 + the bit of
     * its byte at which the first row read began, 0…7 */
    int resumed;
    /* Whose Huffman decoder read the scan: 0 libjpeg's; 1 gr_jpeg_huffman.c's; 2 it gave up (on data
     * libjpeg might warn or guess about) and libjpeg's decoded the file again */
    int entropy;
    /* The bound on scan blocks the decode held to, when it refused a file for it (GR_JPEG_TOO_MUCH_WORK). */
    uint64_t scan_block_limit;
    char message[256];      /* error, or the first warning */
} gr_jpeg_image;

/** Reads the headers up to the first scan (no pixel allocation): the stored size, or an error. */
gr_jpeg_status gr_jpeg_read_header(const uint8_t *data, size_t size, gr_jpeg_header *out);

/**
 * Decodes a JPEG (baseline, progressive, arithmetic, gray, RGB, YCbCr, CMYK/YCCK) at
 * options->scale_eighths into `pixels`: 8-bit RGBA (alpha 255), rows packed, which must hold
 * ceil(w·M/8) × ceil(h·M/8) × 4 bytes (`capacity`), or region_width × region_height × 4 with a
 * region; anything else is an error. The caller owns the buffer, so decoded pixels are never copied.
 *
 * With a region only its rows are read (jpeg_skip_scanlines before, the decode stops after) and only
 * the iMCU columns around it are transformed (jpeg_crop_scanline): the same pixels as the whole
 * decode there (tested), and warnings only for data the region needs. out->width and out->height
 * are the whole scaled image's size.
 */
gr_jpeg_status gr_jpeg_decode(const uint8_t *data, size_t size, const gr_jpeg_options *options,
                              uint8_t *pixels, size_t capacity, gr_jpeg_image *out);

/** The scale M (1…8, meaning M/8) the decoder would pick for a full size and a minimum output. */
uint32_t gr_jpeg_pick_scale(uint32_t width, uint32_t height, uint32_t min_width, uint32_t min_height,
                            int either_side);

/** The linked libraries' names and versions, a line each, into `out` (at most `size` bytes, with NUL). */
void gr_jpeg_library_versions(char *out, size_t size);

#ifdef __cplusplus
}
#endif

#endif
