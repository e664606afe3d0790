/*
 * gr_webp — the only place gallery-render touches libwebp.
 *
 * An animated WebP is built with libwebp's animation encoder (libwebpmux), lossless and exact, so
 * every frame decodes to exactly its pixels. Photos are decoded with libwebp's decoder (lossy,
 * lossless, alpha; an animation's first frame through libwebpdemux), which also gives the ICCP chunk. Each call is synchronous and maps libwebp's failures to
 * one status; gr_webp_anim_free frees everything the encoder took, on every path.
 */
#ifndef GR_WEBP_H
#define GR_WEBP_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    GR_WEBP_OK = 0,
    GR_WEBP_ERROR = 1,     /* libwebp refused the frame or the parameters */
    GR_WEBP_NO_MEMORY = 2,
} gr_webp_status;

typedef struct gr_webp_anim gr_webp_anim;

/** An animation encoder for width × height frames, playing `loops` times (0: forever). Lossless
 * (exact) when `lossy_quality` < 0, `effort` 0…100 and `method` 0…6 being libwebp's lossless quality
 * and method (higher: smaller and slower); lossy at `lossy_quality` 0…100 otherwise, each frame
 * lossy or lossless as libwebp finds smaller. NULL when out of memory or refused. */
gr_webp_anim *gr_webp_anim_new(uint32_t width, uint32_t height, uint32_t loops, uint32_t effort, uint32_t method,
                               int lossy_quality);

/** Adds the next frame: width × height RGBA8 pixels, shown from `timestamp_ms`. */
gr_webp_status gr_webp_anim_add(gr_webp_anim *anim, const uint8_t *rgba, uint32_t timestamp_ms);

/** Ends the animation at `end_ms` and assembles the file into *out (free with gr_webp_free), with
 * `icc` (when not NULL) in an ICCP chunk. */
gr_webp_status gr_webp_anim_assemble(gr_webp_anim *anim, uint32_t end_ms, const uint8_t *icc, size_t icc_size,
                                     uint8_t **out, size_t *size);

/** libwebp's message for the last failure of `anim`, never NULL. */
const char *gr_webp_anim_error(const gr_webp_anim *anim);

void gr_webp_anim_free(gr_webp_anim *anim);

/** What a WebP's headers (VP8, VP8L or VP8X) declare; nothing decoded. */
typedef struct {
    uint32_t width, height; /* the canvas */
    int has_alpha;
    int has_animation;
    char message[256];
} gr_webp_header;

gr_webp_status gr_webp_read_header(const uint8_t *data, size_t size, gr_webp_header *out);

/** A decoded photo's extras. */
typedef struct {
    uint8_t *icc;           /* the ICCP chunk, malloc'd (gr_webp_free); NULL without */
    size_t icc_size;
    char message[256];
} gr_webp_image;

/**
 * Decodes a WebP (an animation: its first frame on the canvas) into `pixels`: RGBA8, straight alpha,
 * rows packed, exactly width × height × 4 bytes (`capacity`) of the size gr_webp_read_header gave.
 */
gr_webp_status gr_webp_decode(const uint8_t *data, size_t size, uint8_t *pixels, size_t capacity,
                              gr_webp_image *out);
void gr_webp_free(void *bytes);

/** The linked libraries' names and versions, a line each, into `out` (at most `size` bytes, with NUL). */
void gr_webp_library_versions(char *out, size_t size);

#ifdef __cplusplus
}
#endif

#endif
