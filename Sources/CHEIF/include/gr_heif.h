/*
 * gr_heif — the only place gallery-render touches libheif (HEIF/HEIC with HEVC, AVIF), with its HEVC
 * decoder plugin (hevc_libavcodec.c: libavcodec, libde265 taking over a stream libavcodec refuses).
 *
 * Each call is synchronous: it reads the file from memory, decodes on the calling thread (libheif's
 * own tile threads set to 0, libavcodec's to 1; a grid's tiles decoded here on up to
 * options->threads), copies the result into the caller's buffer and frees everything it took on
 * every path. libheif reports errors as values;
 * the shim maps them to one status plus libheif's own message.
 */
#ifndef GR_HEIF_H
#define GR_HEIF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    GR_HEIF_OK = 0,
    GR_HEIF_ERROR = 1,      /* libheif refused the data; see message */
    GR_HEIF_TOO_LARGE = 2,  /* the header (ispe) is over the pixel budget; nothing decoded */
    GR_HEIF_NO_MEMORY = 3,
    GR_HEIF_SIZE_MISMATCH = 4, /* the decoded image is not the size its header declared */
    GR_HEIF_NO_LIBRARY = 5, /* libheif cannot be opened (not installed, or lacks a function); see message */
} gr_heif_status;

typedef struct {
    uint64_t max_pixels;   /* budget on the declared (ispe) size of the primary image */
    uint32_t max_side;
    int use_thumbnail;     /* decode the thumbnail gr_heif_read_header names instead of the primary */
    /* Reduce the primary image by 1, 2, 4 or 8 while converting it to RGB: each output pixel is the
     * mean of a divisor × divisor block (the last row and column of blocks may be partial), so the
     * output is ceil(width / divisor) × ceil(height / divisor). */
    uint32_t divisor;
    /* Decode HEVC with libheif's own libde265 plugin rather than libavcodec (which gives the same
     * samples, faster): for tests that hold the two to each other. */
    int reference_decoder;
    /* Threads the decode may use (0 or 1: the calling thread only): a grid decoded here (see the
     * region fields) decodes its tiles on them, each tile on one thread, sharing them with the other
     * decodes running. The samples are the same whatever the count. */
    uint32_t threads;
    /* The part of the reduced image the caller reads (x1 == 0: all). A grid whose tiles are decoded
     * here (how iPhones write HEICs) decodes only the tiles that meet it; see region_decoded. */
    uint32_t region_x0, region_y0, region_x1, region_y1;
} gr_heif_options;

/** What the file declares, before any pixel is decoded. */
typedef struct {
    uint32_t width, height;            /* the primary image, transformations applied */
    uint32_t thumbnail_width, thumbnail_height; /* the largest thumbnail of the same shape; 0 none */
    uint32_t bit_depth;
    int has_alpha;
    char message[256];
} gr_heif_header;

/** The outcome of a decode into the caller's buffer, and the image's colour description. */
typedef struct {
    uint32_t width, height;
    int used_thumbnail;
    int region_decoded;    /* only the pixels of options' region are decoded; the rest are not written */
    uint8_t *icc;          /* the colr 'prof'/'rICC' profile, malloc'd (gr_heif_free); NULL without */
    size_t icc_size;
    int has_nclx;          /* a colr 'nclx' box: CICP code points (ITU-T H.273) */
    uint16_t primaries, transfer, matrix;
    uint8_t full_range;
    char message[256];
} gr_heif_image;

/** Reads the boxes (no decode): the primary image's size and its usable thumbnail. */
gr_heif_status gr_heif_read_header(const uint8_t *data, size_t size, const gr_heif_options *options,
                                   gr_heif_header *out);

/**
 * Decodes the primary image (or, with use_thumbnail, the thumbnail the header names) with its
 * irot/imir/clap applied into `pixels`: 8-bit RGBA, straight alpha, rows packed, exactly
 * width × height × 4 bytes (`capacity`) of the size gr_heif_read_header gave, reduced by
 * options->divisor. 10- and 12-bit images are decoded at their depth and rounded to 8 bits here:
 * v8 = (v·255 + max/2) / max. An 8-bit HEVC image reduced by 2 or more is converted here from its
 * planes, each pixel through the matrix its nclx names (BT.601 without one), then block means, so
 * libheif's YCbCr→RGB conversion is skipped; anything else is libheif's RGB, reduced after.
 */
gr_heif_status gr_heif_decode(const uint8_t *data, size_t size, const gr_heif_options *options, uint8_t *pixels,
                              size_t capacity, gr_heif_image *out);

void gr_heif_free(void *pointer);

/** The HEVC decoder in use: "libavcodec", or "libde265" when libavcodec is not installed. */
const char *gr_heif_hevc_decoder(void);

/** The linked libraries' names and versions, a line each, into `out` (at most `size` bytes, with NUL). */
void gr_heif_library_versions(char *out, size_t size);

/**
 * For tests: YCbCr planes (`subsampling` 0 4:4:4, 1 4:2:2, 2 4:2:0; rows packed) converted and
 * reduced as a decode converts them, only the output pixels in `window` (x0, y0, x1, y1) written;
 * `general_loop` 1 takes the general loop where the 4:2:0 one would serve. Returns what the
 * conversion returns.
 */
int gr_heif_convert_for_test(const uint8_t *luma, const uint8_t *cb, const uint8_t *cr, uint32_t width,
                             uint32_t height, int subsampling, uint32_t divisor, int matrix, int full_range,
                             const uint32_t window[4], int general_loop, uint8_t *pixels);

#ifdef __cplusplus
}
#endif

#endif
