/*
 * The few facts gr_heif reads from a HEIF's boxes itself, before libheif sees them: what libheif 1.15
 * would follow into unbounded recursion, and which item types the meta box declares.
 */
#ifndef GR_HEIF_BOXES_H
#define GR_HEIF_BOXES_H

#include <stddef.h>
#include <stdint.h>

/* Deepest chain of item references a decode may follow (a grid's alpha grid and its tiles is 3). */
#define GR_HEIF_MAX_REFERENCE_DEPTH 16

/* NULL when decoding follows no loop of item references and no chain deeper than
 * GR_HEIF_MAX_REFERENCE_DEPTH; else why not. libheif 1.15 recurses through them without a bound (a
 * grid whose alpha grid has the grid as its tile overflows the stack). The references followed:
 * dimg (a derived image's inputs) and auxl (an image's alpha or depth, decoded with it). */
const char *gr_heif_reference_problem(const uint8_t *data, size_t size);

/* The body of the first box of `type` among the boxes filling [data, data + size); 0 if none. */
int gr_heif_find_box(const uint8_t *data, size_t size, const char type[4], const uint8_t **body, size_t *body_size);

/* Whether the meta box holds the four bytes `type` (an infe's item_type, say): a false alarm is
 * possible, a miss is not. */
int gr_heif_meta_mentions(const uint8_t *data, size_t size, const char type[4]);

#endif
