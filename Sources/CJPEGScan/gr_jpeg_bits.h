/*
 * The bits of a baseline Huffman scan, MSB first, as libjpeg reads them: shared by the row finder
 * (gr_jpeg_entropy.c) and the coefficient decoder (gr_jpeg_huffman.c). Everything here is static:
 * the hot loops keep the reader's fields in registers.
 */
#ifndef GR_JPEG_BITS_H
#define GR_JPEG_BITS_H

#include "gr_jpeg_entropy.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum { GR_FAST = GR_HUFFMAN_FAST_BITS };

/* MSB-first bits of a scan: the valid ones at the top of `buffer`, zeros (or the same data) below. */
typedef struct {
    const uint8_t *start, *p, *end;
    uint64_t buffer;
    int bits;     /* valid bits in buffer, phantom ones included */
    int phantom;  /* zero bits supplied after the data ended: read one, and the rows were not clean */
    int ended;    /* a marker, odd stuffing or the end of the data is next at p */
} bit_reader;

static inline int has_ff(uint64_t word) {
    uint64_t inverted = ~word;
    return ((inverted - 0x0101010101010101ull) & word & 0x8080808080808080ull) != 0;
}

/* Byte by byte, up to 57 or more bits; zeros (counted) once the data ends. */
__attribute__((noinline)) static bit_reader refilled_slowly(bit_reader r) {
    while (r.bits <= 56) {
        if (!r.ended) {
            if (r.p == r.end) {
                r.ended = 1;
                continue;
            }
            uint8_t c = *r.p;
            if (c == 0xFF) {
                if (r.end - r.p < 2 || r.p[1] != 0x00) {
                    r.ended = 1;
                    continue;
                }
                r.p += 2;
            } else {
                r.p += 1;
            }
            r.buffer |= (uint64_t)c << (56 - r.bits);
            r.bits += 8;
        } else {
            /* Below the valid bits the buffer holds zeros once no more data came. */
            r.phantom += 8;
            r.bits += 8;
        }
    }
    return r;
}

/* The reader's hot fields as a value: skip_block keeps them in registers (a reader whose address
 * went to the out-of-line refill could not be). */
typedef struct {
    uint64_t buffer;
    int bits;
    const uint8_t *p;
} bits_held;

/* At least 32 valid bits: the longest code and its extra bits are 31. */
static inline bits_held refilled(bits_held h, bit_reader *r) {
    if (h.bits >= 32) return h;
    if (r->end - h.p >= 8) {
        uint64_t word;
        memcpy(&word, h.p, 8);
        if (!has_ff(word)) {
            /* Every byte of the word is data, so the part beyond the whole bytes taken is too. */
            h.buffer |= __builtin_bswap64(word) >> h.bits;
            int taken = (63 - h.bits) >> 3;
            h.p += taken;
            h.bits += taken << 3;
            return h;
        }
    }
    r->buffer = h.buffer, r->bits = h.bits, r->p = h.p;
    *r = refilled_slowly(*r);
    return (bits_held){r->buffer, r->bits, r->p};
}

static inline void drop(bits_held *h, int n) {
    h->buffer <<= n;
    h->bits -= n;
}

/* A code longer than the lookup, found as libjpeg's jpeg_huff_decode finds it; -1 if none. */
static inline int long_symbol(const gr_huffman *table, uint64_t buffer, int *length) {
    for (int l = GR_FAST + 1; l <= 16; l++) {
        int32_t code = (int32_t)(buffer >> (64 - l));
        if (code <= table->maxcode[l]) {
            *length = l;
            return table->huffval[(code + table->valoffset[l]) & 0xFF];
        }
    }
    return -1;
}

/* libjpeg's HUFF_EXTEND: the signed value of `extra` bits x. */
static inline int32_t extend(uint32_t x, int extra) {
    return extra == 0 ? 0 : x < (1u << (extra - 1)) ? (int32_t)x - (int32_t)(1u << extra) + 1 : (int32_t)x;
}

/* The block's DC difference; 0 on an invalid code. */
static inline int decode_dc(bits_held *h, bit_reader *r, const gr_huffman *table, int32_t *difference) {
    *h = refilled(*h, r);
    uint16_t entry = table->fast[h->buffer >> (64 - GR_FAST)];
    int length, category;
    if (entry) {
        length = entry & 31;
        category = (entry >> 5) & 15;
    } else {
        category = long_symbol(table, h->buffer, &length);
        if (category < 0 || category > 15) return 0;
    }
    drop(h, length);
    *difference = 0;
    if (category) {
        *difference = extend((uint32_t)(h->buffer >> (64 - category)), category);
        drop(h, category);
    }
    return 1;
}

/* libjpeg's loop over a block's ACs from zigzag position k on, dropping them: every whole code of a
 * 12-bit window at once; 0 on an invalid code. */
__attribute__((always_inline)) static inline int skip_ac_from(bits_held *h, bit_reader *r, const gr_huffman *table,
                                                              int k) {
    while (k < 64) {
        *h = refilled(*h, r);
        uint16_t entry = table->run[h->buffer >> (64 - GR_HUFFMAN_RUN_BITS)];
        int advance = (entry >> 5) & 127;
        if (entry && k + advance < 64) {
            drop(h, entry & 31);
            k += advance;
            if (entry & GR_HUFFMAN_RUN_ENDS) break;
            continue;
        }
        entry = table->fast[h->buffer >> (64 - GR_FAST)];
        if (entry) {
            drop(h, entry & 31);
            k += (entry >> 5) & 127;
            continue;
        }
        int length;
        int symbol = long_symbol(table, h->buffer, &length);
        if (symbol < 0) return 0;
        int run = symbol >> 4, extra = symbol & 15;
        drop(h, length + extra);
        if (extra) k += run + 1;
        else if (run == 15) k += 16;
        else break;
    }
    return 1;
}

/* All of a block's ACs, dropped. */
static inline int skip_ac(bits_held *h, bit_reader *r, const gr_huffman *table) { return skip_ac_from(h, r, table, 1); }

/* Where the next unread bit is: walks back over the bytes whose bits are still in the buffer. */
static inline void position_of(const bit_reader *r, gr_scan_position *out) {
    int unread = r->bits - r->phantom;
    const uint8_t *p = r->p;
    for (int i = 0; i < (unread + 7) / 8; i++) {
        p -= 1;
        if (*p == 0x00 && p > r->start && p[-1] == 0xFF) p -= 1;
    }
    out->byte = (size_t)(p - r->start);
    out->bit = (8 - unread % 8) % 8;
}

#endif
