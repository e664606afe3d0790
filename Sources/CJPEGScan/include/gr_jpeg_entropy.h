/*
 * Baseline Huffman scans read without libjpeg: where an MCU row starts, found faster than
 * jpeg_skip_scanlines finds it (gr_jpeg_resume.c says what for).
 */
#ifndef GR_JPEG_ENTROPY_H
#define GR_JPEG_ENTROPY_H

#include <stddef.h>
#include <stdint.h>

/* Codes up to this many bits are looked up in one step; longer ones walk the canonical code. */
#define GR_HUFFMAN_FAST_BITS 10
/* AC symbols are skipped this many bits at a time: every whole code in the window at once. */
#define GR_HUFFMAN_RUN_BITS 12

/** One Huffman table: decoding (a lookup plus libjpeg's canonical walk) and encoding. */
typedef struct {
    /* DC: code length | category << 5; AC: code + extra bits | coefficients advanced << 5 (64 at the
     * end of a block); GR_HUFFMAN_FAST_VALID set. 0: a longer code, or none. */
    uint16_t fast[1 << GR_HUFFMAN_FAST_BITS];
    /* AC only: the codes that start in a window, up to an end of block: their bits with their extra
     * bits | coefficients advanced << 5 (127 at most) | GR_HUFFMAN_RUN_ENDS if the last ends the
     * block | GR_HUFFMAN_FAST_VALID. 0: the first code is longer than the window. */
    uint16_t run[1 << GR_HUFFMAN_RUN_BITS];
    /* AC only, for decoding coefficients: symbol << 8 | GR_HUFFMAN_VALUE_VALID | code length, or,
     * with GR_HUFFMAN_VALUE_READY, | code and extra bits' length | the coefficient << 16 (an int16).
     * 0: a longer code, or none. */
    uint32_t value[1 << GR_HUFFMAN_FAST_BITS];
    int32_t maxcode[17];      /* the largest code of each length, -1 where there is none */
    int32_t valoffset[17];
    uint8_t huffval[256];
    uint8_t length_of[256];   /* each symbol's code length, 0 when it has no code */
    uint16_t code_of[256];
} gr_huffman;

#define GR_HUFFMAN_FAST_VALID 0x8000u
#define GR_HUFFMAN_RUN_ENDS 0x4000u
#define GR_HUFFMAN_VALUE_VALID 0x80u
#define GR_HUFFMAN_VALUE_READY 0x40u

/**
 * Builds `table` from a DHT's counts (bits[1…16]) and symbols, as libjpeg's
 * jpeg_make_d_derived_tbl does; 0 when they do not form a code libjpeg would accept.
 */
int gr_huffman_build(gr_huffman *table, const uint8_t bits[17], const uint8_t huffval[256], int is_dc);

/** What a scan's MCUs hold: blocks in order, each with its component and tables. */
typedef struct {
    int blocks;                     /* blocks in an MCU, at most 10 */
    int components;                 /* in the scan, at most 4 */
    int component_of[10];
    const gr_huffman *dc[10];
    const gr_huffman *ac[10];
    uint32_t mcus_per_row;
} gr_scan_layout;

/** A place in a scan: the byte holding the next bit, bits of it already read, DC predictions. */
typedef struct {
    size_t byte;      /* offset in the scan's bytes; at a stuffed 0xFF, the 0xFF */
    int bit;          /* 0…7 */
    int32_t dc[4];
} gr_scan_position;

/**
 * Reads `rows` MCU rows of the scan `data` (its entropy-coded bytes, from the first after SOS to the
 * end of the file) from `from` (NULL: the scan's start) and gives where the next row starts. Returns
 * 1 only where libjpeg would read the same rows without a warning: every code valid, no marker or
 * end of data among the bits used, no stuffing but FF 00. Anything else returns 0, and the caller
 * leaves the scan to libjpeg.
 */
int gr_scan_skip_rows(const gr_scan_layout *layout, const uint8_t *data, size_t size,
                      const gr_scan_position *from, uint32_t rows, gr_scan_position *out);

/** The byte after the one holding the bit before `end` (after its stuffing): where a marker would be. */
size_t gr_scan_next_byte(const uint8_t *data, const gr_scan_position *end);

/** Whether after the bits up to `end` the scan ends at once with EOI: FF D9 in the next byte. */
int gr_scan_ends_cleanly(const uint8_t *data, size_t size, const gr_scan_position *end);

/**
 * Whether a read-ahead from `end` stops before the end of the data: a marker comes first, or 24 data
 * bytes do, counted as libjpeg reads them (FF, more FFs, 00: one byte). libjpeg fills its bit buffer
 * to at most 64 bits past the bits it has used, 8 data bytes after the one partly used, and its
 * memory source warns when a fill reaches the end, whether the bits are used or not.
 */
int gr_scan_has_room(const uint8_t *data, size_t size, const gr_scan_position *end);

#endif
