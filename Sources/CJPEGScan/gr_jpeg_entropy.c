/*
 * Reading a baseline Huffman scan's MCU rows only to learn where the next one starts.
 *
 * jpeg_skip_scanlines has libjpeg decode every coefficient of the rows it skips (it drops them
 * afterwards). Skipping needs only lengths: a 12-bit lookup gives, for the next 12 bits, every AC
 * code wholly inside them with its extra bits (photos average under 5 bits a code, so two or three
 * a lookup) and the coefficients they advance; where a block might end at coefficient 63 within the
 * window, or a code is longer, a 10-bit lookup or libjpeg's canonical walk takes one code at a time.
 * DC differences are decoded, to keep the predictions. Stuffing is checked a word at a time (a
 * window without 0xFF is taken whole). It gives up — and libjpeg reads the scan as before — wherever
 * libjpeg would have warned or guessed: an invalid code, a marker or the end of the data among the
 * bits needed, stuffing other than FF 00.
 */
#include "gr_jpeg_entropy.h"

#include "gr_jpeg_bits.h"

#include <string.h>

enum { FAST = GR_HUFFMAN_FAST_BITS, RUN = GR_HUFFMAN_RUN_BITS, AC_END_OF_BLOCK = 64 };

/* The symbol whose code starts the `available` bits of `window` (MSB first); -1 if it is longer. */
static int symbol_at(const gr_huffman *table, uint32_t window, int available, int *length) {
    for (int l = 1; l <= 16 && l <= available; l++) {
        int32_t code = (int32_t)(window >> (available - l));
        if (code <= table->maxcode[l]) {
            *length = l;
            return table->huffval[(code + table->valoffset[l]) & 0xFF];
        }
    }
    return -1;
}

/* A `value` entry: the code of `length` bits followed by the `rest` bits of `following`. */
static uint32_t value_entry(uint8_t symbol, int length, uint32_t following, int rest) {
    int extra = symbol & 15;
    uint32_t entry = (uint32_t)symbol << 8 | GR_HUFFMAN_VALUE_VALID;
    if (extra > rest) return entry | (uint32_t)length;
    int32_t coefficient = extend((following >> (rest - extra)) & ((1u << extra) - 1), extra);
    return entry | GR_HUFFMAN_VALUE_READY | (uint32_t)(length + extra) | (uint32_t)(uint16_t)coefficient << 16;
}

/* Fills table->run: for each window, the AC codes wholly inside it, as far as an end of block. */
static void build_runs(gr_huffman *table) {
    for (uint32_t window = 0; window < (1u << RUN); window++) {
        int used = 0, advance = 0, ends = 0, length, count = 0;
        while (used < RUN) {
            int symbol = symbol_at(table, window & ((1u << (RUN - used)) - 1), RUN - used, &length);
            if (symbol < 0) break;
            int run = symbol >> 4, extra = symbol & 15;
            used += length + extra;
            count++;
            if (extra == 0 && run != 15) {
                ends = 1;
                break;
            }
            advance += extra ? run + 1 : 16;
        }
        if (count == 0) continue;
        if (advance > 127) advance = 127;
        table->run[window] = (uint16_t)(used | (advance << 5) | (ends ? GR_HUFFMAN_RUN_ENDS : 0) |
                                        GR_HUFFMAN_FAST_VALID);
    }
}

int gr_huffman_build(gr_huffman *table, const uint8_t bits[17], const uint8_t huffval[256], int is_dc) {
    memset(table, 0, sizeof(*table));
    uint8_t size[257];
    int count = 0;
    for (int l = 1; l <= 16; l++) {
        if (count + bits[l] > 256) return 0;
        for (int i = 0; i < bits[l]; i++) size[count++] = (uint8_t)l;
    }
    size[count] = 0;
    memcpy(table->huffval, huffval, 256);

    /* Canonical codes, validated as jpeg_make_d_derived_tbl validates them (no code all ones). */
    uint32_t codes[256];
    uint32_t code = 0;
    int si = count > 0 ? size[0] : 0;
    for (int p = 0; p < count;) {
        while (p < count && size[p] == si) codes[p++] = code++;
        if (code >= (1u << si)) return 0;
        code <<= 1;
        si++;
    }
    for (int p = 0, l = 1; l <= 16; l++) {
        if (bits[l]) {
            table->valoffset[l] = p - (int32_t)codes[p];
            p += bits[l];
            table->maxcode[l] = (int32_t)codes[p - 1];
        } else {
            table->maxcode[l] = -1;
        }
    }
    for (int p = 0; p < count; p++) {
        uint8_t symbol = huffval[p];
        if (is_dc && symbol > 15) return 0;
        if (table->length_of[symbol] == 0) {
            table->length_of[symbol] = size[p];
            table->code_of[symbol] = (uint16_t)codes[p];
        }
        if (size[p] > FAST) continue;
        uint16_t entry;
        if (is_dc) {
            entry = (uint16_t)(size[p] | (symbol << 5));
        } else {
            int run = symbol >> 4, extra = symbol & 15;
            /* libjpeg's loop: a coefficient advances past its run; ZRL (F0) 16; other s = 0 ends. */
            int advance = extra ? run + 1 : run == 15 ? 16 : AC_END_OF_BLOCK;
            entry = (uint16_t)((size[p] + extra) | (advance << 5));
        }
        uint32_t first = codes[p] << (FAST - size[p]);
        for (uint32_t i = 0; i < (1u << (FAST - size[p])); i++) {
            table->fast[first + i] = entry | GR_HUFFMAN_FAST_VALID;
            if (!is_dc) table->value[first + i] = value_entry(symbol, size[p], i, FAST - size[p]);
        }
    }
    if (!is_dc) build_runs(table);
    return 1;
}

/* One block: adds its DC difference to *dc; 0 on an invalid code. */
static inline int skip_block(bit_reader *r, const gr_huffman *dc_table, const gr_huffman *ac_table, int32_t *dc) {
    bits_held h = {r->buffer, r->bits, r->p};
    int32_t difference = 0;
    if (!decode_dc(&h, r, dc_table, &difference) || !skip_ac(&h, r, ac_table)) return 0;
    *dc = (int32_t)((uint32_t)*dc + (uint32_t)difference);
    r->buffer = h.buffer, r->bits = h.bits, r->p = h.p;
    return 1;
}

int gr_scan_skip_rows(const gr_scan_layout *layout, const uint8_t *data, size_t size,
                      const gr_scan_position *from, uint32_t rows, gr_scan_position *out) {
    memset(out, 0, sizeof(*out));
    if (layout->blocks < 1 || layout->blocks > 10 || layout->components < 1 || layout->components > 4) return 0;
    bit_reader r = {.start = data, .p = data, .end = data + size};
    int32_t prediction[4] = {0, 0, 0, 0};
    if (from != NULL) {
        if (from->byte >= size || from->bit < 0 || from->bit > 7) return 0;
        r.p = data + from->byte;
        memcpy(prediction, from->dc, sizeof(prediction));
        if (from->bit > 0) {
            r = refilled_slowly(r);
            if (r.ended && r.bits - r.phantom < from->bit) return 0;
            r.buffer <<= from->bit;
            r.bits -= from->bit;
        }
    }
    for (uint32_t row = 0; row < rows; row++) {
        for (uint32_t mcu = 0; mcu < layout->mcus_per_row; mcu++) {
            for (int b = 0; b < layout->blocks; b++) {
                int c = layout->component_of[b];
                if (!skip_block(&r, layout->dc[b], layout->ac[b], &prediction[c])) return 0;
            }
        }
        if (r.bits < r.phantom) return 0;
    }
    position_of(&r, out);
    memcpy(out->dc, prediction, sizeof(prediction));
    return 1;
}

size_t gr_scan_next_byte(const uint8_t *data, const gr_scan_position *end) {
    return end->byte + (end->bit > 0 ? (data[end->byte] == 0xFF ? 2 : 1) : 0);
}

int gr_scan_ends_cleanly(const uint8_t *data, size_t size, const gr_scan_position *end) {
    size_t next = gr_scan_next_byte(data, end);
    return next + 2 <= size && data[next] == 0xFF && data[next + 1] == 0xD9;
}

int gr_scan_has_room(const uint8_t *data, size_t size, const gr_scan_position *end) {
    size_t at = end->byte;
    for (int read = 0; read < 24; read++) {
        if (at >= size) return 0;
        if (data[at++] != 0xFF) continue;
        /* As libjpeg reads: FF, any more FFs, then 00 is one data byte; anything else a marker. */
        while (at < size && data[at] == 0xFF) at++;
        if (at >= size) return 0;
        if (data[at++] != 0x00) return 1;
    }
    return 1;
}
