/*
 * Rows far down a baseline JPEG without libjpeg decoding the rows above them (gr_jpeg_resume.c).
 */
#ifndef GR_JPEG_RESUME_H
#define GR_JPEG_RESUME_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jpeglib.h>

#include "gr_jpeg_entropy.h"

/**
 * The scan's MCU layout, its Huffman tables built into `tables` (DC 0…3, AC 4…7), where the scan is
 * one baseline Huffman scan of all components, 8-bit, without restart markers; 0 otherwise.
 */
int gr_scan_layout_of(j_decompress_ptr cinfo, gr_huffman tables[8], gr_scan_layout *layout);

/** A JPEG that decodes, from its second iMCU row on, to the same rows as part of the original. */
typedef struct {
    uint8_t *prefix;          /* malloc'd: the original's header, then a stand-in first row */
    size_t prefix_size;
    size_t resume_at;         /* where in the original file the rest of the new JPEG is read from */
    uint32_t first_row;       /* the original's iMCU row that the new JPEG's second one is */
    int bit;                  /* where that row begins in the byte at resume_at: bits before it, 0…7 */
} gr_jpeg_resumption;

/**
 * Makes the JPEG whose rows after a stand-in one are the original's iMCU rows first_row ..< last_row
 * (last_row: the original's count means to its end), for `cinfo` just started
 * (jpeg_start_decompress, nothing of the scan read) on `data`. Returns 0, with nothing allocated,
 * where the scan is not one baseline Huffman scan without restart markers, where libjpeg would have
 * warned about any of the rows up to last_row (or, to the end, about what follows them), or where
 * the stand-in row cannot be written with the file's own tables; the caller then decodes as before.
 */
int gr_jpeg_resumption_make(j_decompress_ptr cinfo, const uint8_t *data, size_t size, uint32_t first_row,
                            uint32_t last_row, gr_jpeg_resumption *out);

/** Frees what gr_jpeg_resumption_make allocated. */
void gr_jpeg_resumption_free(gr_jpeg_resumption *resumption);

/** Reads the new JPEG: the prefix, then the original from resume_at (libjpeg's memory source rules). */
void gr_jpeg_resumption_source(j_decompress_ptr cinfo, const gr_jpeg_resumption *resumption,
                               const uint8_t *data, size_t size);

#endif
