/*
 * Baseline Huffman scans decoded to coefficients without libjpeg's Huffman decoder.
 *
 * At 3/8, the scale of a 12-megapixel photo in an @3x item, libjpeg-turbo spends most of a decode in
 * decode_mcu: one code per 8-bit lookup, then its extra bits, a marker check per byte. Here one
 * 10-bit lookup gives a code together with its extra bits and the coefficient they make, wherever
 * they fit (most of a photo's codes: they average under 5 bits), and the reader checks stuffing a
 * word at a time (gr_jpeg_bits.h). gr_jpeg_decode installs it in place of libjpeg's decode_mcu
 * (cinfo->entropy) for the whole scan; libjpeg's coefficient controller, inverse DCTs, upsampling and
 * colour conversion run as before.
 *
 * The same coefficients, by construction: the same canonical codes (gr_huffman_build validates a
 * table as jpeg_make_d_derived_tbl does, and libjpeg has already accepted it); libjpeg's loop over a
 * block, with its natural order; its DC arithmetic (32-bit, wrapping, as decode_mcu_fast's); a DC
 * kept only where libjpeg keeps it (component needed), ACs only where it needs them (not at 1/8).
 * Beyond that, coefficients no inverse DCT reads are dropped as the row finder drops them, which
 * leaves the pixels as they are: those past the last zigzag position of the top-left N×N that a
 * scaled transform reads (3×3 at 3/8 keeps 13 of a block's 64 positions), and every block of the MCU
 * columns outside libjpeg's crop (jpeg_crop_scanline; decompress_onepass transforms none of them).
 * The same warnings and state: it gives up — and the caller decodes again with libjpeg's decoder —
 * wherever libjpeg could warn or guess: an invalid code; a run past the end of a block; a marker,
 * stuffing other than FF 00 or the end of the data among the bits read; a scan not followed by FF D9
 * straight after its last bits; a decode that stops short of the scan's end (a region's last row)
 * where libjpeg's read-ahead could have reached the end of the file (its memory source warns then).
 * Where the scan is followed by FF D9, libjpeg's reader would have read up to the marker without
 * discarding a byte; the source is left there, and libjpeg reads the EOI itself.
 * Only with the libjpeg-turbo whose structs the headers describe loaded (gr_jpeg_guard.c): anywhere
 * else it is never installed, and libjpeg's decoder reads the scan, as with plain_entropy.
 */
/* jpeglib.h then brings jpegint.h's decompressor internals. */
#if __has_include(<jpegint.h>)
#define JPEG_INTERNALS
#endif
#include "gr_jpeg_huffman.h"

#include "gr_jpeg_scan.h"
#include "gr_jpeg_bits.h"
#include "gr_jpeg_idct.h"
#include "gr_jpeg_resume.h"

#include <stdlib.h>

#if GR_JPEG_HUFFMAN_AVAILABLE

struct gr_jpeg_huffman {
    struct jpeg_entropy_decoder pub; /* first: cinfo->entropy points here while installed */
    void (*give_up)(j_decompress_ptr cinfo);
    gr_scan_layout layout;
    uint8_t dc_needed[10], ac_needed[10];
    uint8_t last_read[10]; /* the last zigzag position whose coefficient the block's inverse DCT reads */
    JDIMENSION column;     /* the next MCU's column */
    bit_reader reader;
    int32_t prediction[4];
    uint64_t mcus_left;
    int finished;
    gr_huffman tables[8];
};

/* Zigzag to natural order: jpeg_natural_order's first 64 (the tests' decodes reach every one). */
static const uint8_t natural_order[64] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,  12, 19, 26, 33, 40, 48, 41, 34, 27, 20,
    13, 6,  7,  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45,
    38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
};

/* libjpeg's loop over a block's ACs, storing each in natural order up to zigzag position `last` and
 * dropping the rest (no transform reads them); 0 on an invalid code or a run past the block's end
 * before `last` (corrupt data, which libjpeg stores at position 63 without a warning). */
static inline int decode_ac(bits_held *h, bit_reader *r, const gr_huffman *table, JCOEF *block, int last) {
    for (int k = 1; k < 64; k++) {
        *h = refilled(*h, r);
        uint32_t entry = table->value[h->buffer >> (64 - GR_FAST)];
        int symbol;
        int32_t coefficient;
        /* The length in the low 6 bits: the shift needs no mask of its own (x86 masks by 63). */
        if (entry & GR_HUFFMAN_VALUE_READY) {
            drop(h, (int)(entry & 63));
            symbol = (int)((entry >> 8) & 0xFF);
            coefficient = (int16_t)(entry >> 16);
        } else {
            int length;
            if (entry) {
                length = (int)(entry & 63);
                symbol = (int)((entry >> 8) & 0xFF);
            } else {
                symbol = long_symbol(table, h->buffer, &length);
                if (symbol < 0) return 0;
            }
            drop(h, length);
            int extra = symbol & 15;
            coefficient = 0;
            if (extra) {
                coefficient = extend((uint32_t)(h->buffer >> (64 - extra)), extra);
                drop(h, extra);
            }
        }
        int run = symbol >> 4;
        if (symbol & 15) {
            k += run;
            if (k > 63) return 0;
            block[natural_order[k]] = (JCOEF)coefficient;
        } else {
            if (run != 15) break;
            k += 15;
        }
        if (k >= last) return skip_ac_from(h, r, table, k + 1);
    }
    return 1;
}

/* After the scan's last MCU: FF D9 must follow its bits at once; the source is left at it. */
static void finish(j_decompress_ptr cinfo, gr_jpeg_huffman *decoder) {
    gr_scan_position end;
    position_of(&decoder->reader, &end);
    const uint8_t *start = decoder->reader.start;
    size_t size = (size_t)(decoder->reader.end - start);
    if (!gr_scan_ends_cleanly(start, size, &end)) decoder->give_up(cinfo);
    size_t marker = gr_scan_next_byte(start, &end);
    cinfo->src->next_input_byte = start + marker;
    cinfo->src->bytes_in_buffer = size - marker;
    decoder->finished = 1;
}

static boolean decode_mcu(j_decompress_ptr cinfo, JBLOCKROW *blocks) {
    gr_jpeg_huffman *decoder = (gr_jpeg_huffman *)cinfo->entropy;
    if (decoder->mcus_left == 0) decoder->give_up(cinfo); /* more MCUs than the scan has: never */
    /* libjpeg's one-pass coefficient controller transforms only the MCU columns of its crop. */
    JDIMENSION column = decoder->column;
    decoder->column = column + 1 < decoder->layout.mcus_per_row ? column + 1 : 0;
    if (column < cinfo->master->first_iMCU_col || column > cinfo->master->last_iMCU_col) blocks = NULL;
    bit_reader *r = &decoder->reader;
    bits_held h = {r->buffer, r->bits, r->p};
    for (int b = 0; b < decoder->layout.blocks; b++) {
        JCOEF *block = blocks != NULL ? blocks[b][0] : NULL;
        int32_t difference = 0;
        if (!decode_dc(&h, r, decoder->layout.dc[b], &difference)) decoder->give_up(cinfo);
        if (decoder->dc_needed[b]) {
            int32_t *prediction = &decoder->prediction[decoder->layout.component_of[b]];
            *prediction = (int32_t)((uint32_t)*prediction + (uint32_t)difference);
            if (block != NULL) block[0] = (JCOEF)*prediction;
        }
        const gr_huffman *ac = decoder->layout.ac[b];
        int ok = block != NULL && decoder->ac_needed[b] ? decode_ac(&h, r, ac, block, decoder->last_read[b])
                                                         : skip_ac(&h, r, ac);
        if (!ok) decoder->give_up(cinfo);
    }
    r->buffer = h.buffer, r->bits = h.bits, r->p = h.p;
    if (r->bits < r->phantom) decoder->give_up(cinfo); /* bits past the data were read */
    if (--decoder->mcus_left == 0) finish(cinfo, decoder);
    return TRUE;
}

/* libjpeg starts the pass before the decoder is installed; a second pass is not one it handles. */
static void start_pass(j_decompress_ptr cinfo) { ((gr_jpeg_huffman *)cinfo->entropy)->give_up(cinfo); }

gr_jpeg_huffman *gr_jpeg_huffman_install(j_decompress_ptr cinfo, const uint8_t *data, size_t size,
                                         void (*give_up)(j_decompress_ptr cinfo)) {
    if (!gr_jpeg_private_paths_enabled()) return NULL; /* another libjpeg-turbo loaded, or forced */
    if (cinfo->entropy == NULL || cinfo->src == NULL || cinfo->unread_marker != 0 || cinfo->output_scanline != 0 ||
        cinfo->input_iMCU_row != 0 || cinfo->entropy->insufficient_data) {
        return NULL;
    }
    const uint8_t *next = cinfo->src->next_input_byte;
    if (next < data || next > data + size || cinfo->src->bytes_in_buffer != (size_t)(data + size - next)) return NULL;
    gr_jpeg_huffman *decoder = calloc(1, sizeof(*decoder));
    if (decoder == NULL) return NULL;
    if (!gr_scan_layout_of(cinfo, decoder->tables, &decoder->layout)) {
        free(decoder);
        return NULL;
    }
    for (int b = 0; b < decoder->layout.blocks; b++) {
        jpeg_component_info *component = cinfo->cur_comp_info[decoder->layout.component_of[b]];
        decoder->dc_needed[b] = component->component_needed != 0;
#if JPEG_LIB_VERSION >= 70
        int scaled_size = component->DCT_h_scaled_size;
#else
        int scaled_size = component->DCT_scaled_size;
#endif
        decoder->ac_needed[b] = component->component_needed && scaled_size > 1; /* none at 1/8 */
        int extent = gr_jpeg_idct_extent(cinfo, component->component_index);
        for (int k = 0; k < 64; k++) {
            int row = natural_order[k] / DCTSIZE, column = natural_order[k] % DCTSIZE;
            if (row < extent && column < extent) decoder->last_read[b] = (uint8_t)k;
        }
    }
    decoder->mcus_left = (uint64_t)cinfo->MCUs_per_row * cinfo->MCU_rows_in_scan;
    decoder->reader = (bit_reader){.start = next, .p = next, .end = data + size};
    decoder->give_up = give_up;
    decoder->pub.start_pass = start_pass;
    decoder->pub.decode_mcu = decode_mcu;
    decoder->pub.insufficient_data = FALSE;
    cinfo->entropy = &decoder->pub;
    return decoder;
}

int gr_jpeg_huffman_finished(const gr_jpeg_huffman *decoder) { return decoder == NULL || decoder->finished; }

int gr_jpeg_huffman_stops_cleanly(const gr_jpeg_huffman *decoder) {
    if (decoder == NULL || decoder->finished) return 1;
    gr_scan_position at;
    position_of(&decoder->reader, &at);
    return gr_scan_has_room(decoder->reader.start, (size_t)(decoder->reader.end - decoder->reader.start), &at);
}

#else

gr_jpeg_huffman *gr_jpeg_huffman_install(j_decompress_ptr cinfo, const uint8_t *data, size_t size,
                                         void (*give_up)(j_decompress_ptr cinfo)) {
    (void)cinfo, (void)data, (void)size, (void)give_up;
    return NULL;
}

int gr_jpeg_huffman_finished(const gr_jpeg_huffman *decoder) { return decoder == NULL; }

int gr_jpeg_huffman_stops_cleanly(const gr_jpeg_huffman *decoder) { return decoder == NULL; }

#endif

void gr_jpeg_huffman_free(gr_jpeg_huffman *decoder) { free(decoder); }
