/*
 * Decoding rows far down a baseline JPEG without libjpeg decoding the rows above them.
 *
 * A JPEG without restart markers can only be entered at its first bit: to reach a sliver at the
 * bottom of a photo, jpeg_skip_scanlines has libjpeg Huffman-decode every block above it, about 40 ms
 * for a 12-megapixel photo, alone on the critical path of a frame. gr_jpeg_entropy.c finds where a
 * row starts in under half that time. libjpeg cannot be told where to start, so this builds a JPEG
 * that starts there:
 *
 *   the original's header, its row count lowered | a stand-in MCU row | the original from that bit on
 *
 * The stand-in row is written with the file's own Huffman tables: its blocks' DC differences add up
 * to the DC predictions libjpeg would have had at that row, so every later block decodes to the same
 * coefficients; and since the original's row need not start on a byte boundary, the stand-in's last
 * block ends with a coefficient whose extra bits are the bits of the original's byte before the row:
 * the original's bytes follow unchanged. libjpeg then decodes the stand-in row (dropped) and the
 * original's rows from there, to the same pixels: the iMCU row before the first one wanted comes
 * along, so upsampling sees the same neighbours, and one after where the rows wanted stop short of
 * the end.
 *
 * Only where it cannot differ: one baseline Huffman scan, no restart markers, no warning from libjpeg
 * up to there, and every row the new JPEG makes libjpeg read checked clean (gr_scan_skip_rows) — so
 * no warning, guess or marker can fall differently; after them a marker or more bytes than libjpeg
 * reads ahead before the file ends (its memory source warns when a read-ahead reaches the end, used
 * or not); and, to the end of the image, FF D9 straight after the last row, so finishing would have
 * found nothing either.
 *
 * Those rules are libjpeg-turbo's reader's (how far it reads ahead, when its source warns), read in
 * the version the headers describe: with any other loaded (gr_jpeg_guard.c) no resumption is made,
 * and libjpeg skips the rows itself, as with plain_skip.
 */
#include "gr_jpeg_resume.h"

#include "gr_jpeg_scan.h"

#include "gr_jpeg_entropy.h"

#include <stdlib.h>
#include <string.h>

#include <jerror.h>

enum { MAX_TABLES = 4 };

int gr_scan_layout_of(j_decompress_ptr cinfo, gr_huffman tables[8], gr_scan_layout *layout) {
    if (cinfo->progressive_mode || cinfo->arith_code || cinfo->restart_interval != 0 ||
        cinfo->data_precision != 8 || jpeg_has_multiple_scans(cinfo) || cinfo->buffered_image ||
        cinfo->comps_in_scan != cinfo->num_components || cinfo->comps_in_scan < 1 ||
        cinfo->comps_in_scan > MAX_TABLES || cinfo->blocks_in_MCU < 1 || cinfo->blocks_in_MCU > 10 ||
        cinfo->Ss != 0 || cinfo->Se != 63 || cinfo->Ah != 0 || cinfo->Al != 0) {
        return 0;
    }
    if (cinfo->comps_in_scan == 1 &&
        (cinfo->cur_comp_info[0]->h_samp_factor != 1 || cinfo->cur_comp_info[0]->v_samp_factor != 1)) {
        return 0;
    }
    int built[2 * MAX_TABLES] = {0};
    memset(layout, 0, sizeof(*layout));
    layout->blocks = cinfo->blocks_in_MCU;
    layout->components = cinfo->comps_in_scan;
    layout->mcus_per_row = cinfo->MCUs_per_row;
    for (int b = 0; b < cinfo->blocks_in_MCU; b++) {
        int ci = cinfo->MCU_membership[b];
        if (ci < 0 || ci >= cinfo->comps_in_scan) return 0;
        jpeg_component_info *component = cinfo->cur_comp_info[ci];
        int dc = component->dc_tbl_no, ac = component->ac_tbl_no;
        if (dc < 0 || dc >= MAX_TABLES || ac < 0 || ac >= MAX_TABLES) return 0;
        JHUFF_TBL *dc_table = cinfo->dc_huff_tbl_ptrs[dc], *ac_table = cinfo->ac_huff_tbl_ptrs[ac];
        if (dc_table == NULL || ac_table == NULL) return 0;
        if (!built[dc] && !gr_huffman_build(&tables[dc], dc_table->bits, dc_table->huffval, 1)) return 0;
        if (!built[MAX_TABLES + ac] &&
            !gr_huffman_build(&tables[MAX_TABLES + ac], ac_table->bits, ac_table->huffval, 0)) {
            return 0;
        }
        built[dc] = built[MAX_TABLES + ac] = 1;
        layout->component_of[b] = ci;
        layout->dc[b] = &tables[dc];
        layout->ac[b] = &tables[MAX_TABLES + ac];
    }
    return 1;
}

/*
 * Where in the header [0, scan) the frame's 16-bit row count is: the one SOF0 or SOF1 segment, in a
 * header that is SOI then whole segments ending with the SOS that ends at `scan`. 0 otherwise.
 */
static size_t height_field(const uint8_t *data, size_t scan) {
    if (scan < 4 || data[0] != 0xFF || data[1] != 0xD8) return 0;
    size_t position = 2, field = 0;
    int frames = 0;
    while (position < scan) {
        if (data[position] != 0xFF) return 0;
        while (position < scan && data[position] == 0xFF) position++;
        if (position >= scan) return 0;
        uint8_t marker = data[position++];
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD8)) return 0;
        if (scan - position < 2) return 0;
        size_t length = (size_t)data[position] << 8 | data[position + 1];
        if (length < 2 || length > scan - position) return 0;
        if (marker == 0xC0 || marker == 0xC1) {
            if (length < 8) return 0;
            field = position + 3;
            frames++;
        } else if (marker >= 0xC2 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC) {
            return 0;
        }
        position += length;
        if (marker == 0xDA) return frames == 1 && position == scan ? field : 0;
    }
    return 0;
}

/* MSB-first bits into bytes, 0xFF stuffed as FF 00. */
typedef struct {
    uint8_t *bytes;
    size_t size, capacity;
    uint64_t pending;
    int count;
    uint64_t written; /* bits */
    int overflowed;   /* a byte found no room (the capacity is worked out beforehand: never) */
} bit_writer;

static void put_bits(bit_writer *w, uint32_t value, int length) {
    if (length == 0) return;
    w->pending = (w->pending << length) | (value & ((1u << length) - 1u));
    w->count += length;
    w->written += (uint64_t)length;
    while (w->count >= 8) {
        uint8_t byte = (uint8_t)(w->pending >> (w->count - 8));
        w->count -= 8;
        if (w->size + 2 > w->capacity) {
            w->overflowed = 1;
            continue;
        }
        w->bytes[w->size++] = byte;
        if (byte == 0xFF) w->bytes[w->size++] = 0x00;
    }
}

static void put_symbol(bit_writer *w, const gr_huffman *table, int symbol) {
    put_bits(w, table->code_of[symbol], table->length_of[symbol]);
}

/* A DC difference: its category's code, then its extra bits; 0 if the table has no such code. */
static int put_difference(bit_writer *w, const gr_huffman *table, int32_t difference) {
    uint32_t magnitude = difference < 0 ? (uint32_t)0 - (uint32_t)difference : (uint32_t)difference;
    if (magnitude > 0x7FFF) return 0; /* past category 15 (libjpeg lets predictions wrap; a file can) */
    int category = 0;
    while (magnitude >> category) category++;
    if (table->length_of[category] == 0) return 0;
    put_symbol(w, table, category);
    uint32_t extra = difference < 0 ? (uint32_t)difference - 1u : (uint32_t)difference;
    put_bits(w, extra, category);
    return 1;
}

/*
 * AC symbols for the stand-in row's last block, written with zero extra bits, starting `residue`
 * bits past a byte boundary, such that the block ends on one: with a coefficient at position 63
 * whose `swallow` (1…7) extra bits are the original's, or (swallow 0) anyhow. 0 if the table cannot.
 */
static int put_last_block(bit_writer *w, const gr_huffman *table, int residue, int swallow) {
    /* Breadth-first over (next coefficient k 1…63, bits mod 8): how each was reached. */
    int16_t from[64][8];
    uint8_t by[64][8];
    memset(from, 0xFF, sizeof(from));
    int queue[64 * 8], head = 0, tail = 0;
    from[1][residue] = 0;
    queue[tail++] = 1 * 8 + residue;
    int last_state = -1, last_symbol = -1;
    while (head < tail && last_state < 0) {
        int state = queue[head++], k = state / 8, bits = state % 8;
        for (int symbol = 0; symbol < 256 && last_state < 0; symbol++) {
            int length = table->length_of[symbol];
            if (length == 0) continue;
            int run = symbol >> 4, extra = symbol & 15;
            if (extra == 0 && run != 15) { /* ends the block */
                if (swallow == 0 && (bits + length) % 8 == 0) last_state = state, last_symbol = symbol;
                continue;
            }
            int next = extra ? k + run + 1 : k + 16;
            if (extra && k + run == 63) { /* the block's last coefficient */
                int ends = swallow ? extra == swallow && (bits + length) % 8 == 0
                                   : (bits + length + extra) % 8 == 0;
                if (ends) last_state = state, last_symbol = symbol;
                continue;
            }
            if (next > 63) continue;
            int reached = next * 8 + (bits + length + extra) % 8;
            if (from[next][reached % 8] != -1) continue;
            from[next][reached % 8] = (int16_t)state;
            by[next][reached % 8] = (uint8_t)symbol;
            queue[tail++] = reached;
        }
    }
    if (last_state < 0) return 0;
    uint8_t path[64];
    int steps = 0;
    for (int state = last_state; state != 1 * 8 + residue;) {
        path[steps++] = by[state / 8][state % 8];
        state = from[state / 8][state % 8];
    }
    while (steps > 0) {
        int symbol = path[--steps];
        put_symbol(w, table, symbol);
        put_bits(w, 0, symbol & 15);
    }
    put_symbol(w, table, last_symbol);
    if (swallow == 0) put_bits(w, 0, last_symbol & 15);
    return 1;
}

/* The stand-in MCU row: DC predictions carried by each component's first block, end of block after
 * each block but the last, which ends where the original's row begins. */
static int put_stand_in_row(bit_writer *w, const gr_scan_layout *layout, const gr_scan_position *at) {
    const gr_huffman *eob_tables[10];
    for (int b = 0; b < layout->blocks; b++) {
        eob_tables[b] = layout->ac[b];
        if (layout->ac[b]->length_of[0x00] == 0) return 0;
    }
    int carried[4] = {0, 0, 0, 0};
    for (uint32_t mcu = 0; mcu < layout->mcus_per_row; mcu++) {
        for (int b = 0; b < layout->blocks; b++) {
            int c = layout->component_of[b];
            int32_t difference = carried[c] ? 0 : at->dc[c];
            carried[c] = 1;
            if (!put_difference(w, layout->dc[b], difference)) return 0;
            int last = mcu + 1 == layout->mcus_per_row && b + 1 == layout->blocks;
            if (last) return put_last_block(w, layout->ac[b], (int)(w->written % 8), at->bit);
            put_symbol(w, eob_tables[b], 0x00);
        }
    }
    return 0;
}

int gr_jpeg_resumption_make(j_decompress_ptr cinfo, const uint8_t *data, size_t size, uint32_t first_row,
                            uint32_t last_row, gr_jpeg_resumption *out) {
    memset(out, 0, sizeof(*out));
    if (!gr_jpeg_private_paths_enabled()) return 0; /* another libjpeg-turbo loaded, or forced */
    uint32_t rows = cinfo->MCU_rows_in_scan;
    if (cinfo->src == NULL || first_row < 1 || first_row >= last_row || last_row > rows) return 0;
    const uint8_t *next = cinfo->src->next_input_byte;
    if (next < data || next > data + size) return 0;
    size_t scan = (size_t)(next - data);
    size_t field = height_field(data, scan);
    if (field == 0) return 0;

    gr_huffman *tables = malloc(sizeof(gr_huffman) * 2 * MAX_TABLES);
    if (tables == NULL) return 0;
    gr_scan_layout layout = {0};
    gr_scan_position start, end;
    /* Past the last row read, libjpeg reads ahead up to 8 data bytes, and a read that reaches the end
     * of the file warns whether or not its bits are used: both ways must stop short of it alike. */
    int ok = gr_scan_layout_of(cinfo, tables, &layout) &&
             gr_scan_skip_rows(&layout, data + scan, size - scan, NULL, first_row, &start) &&
             gr_scan_skip_rows(&layout, data + scan, size - scan, &start, last_row - first_row, &end) &&
             (last_row < rows ? gr_scan_has_room(data + scan, size - scan, &end)
                              : gr_scan_ends_cleanly(data + scan, size - scan, &end));

    /* The new row count: the stand-in row, then the original's rows first_row ..< last_row. */
    uint32_t row_height = (uint32_t)cinfo->max_v_samp_factor * DCTSIZE;
    uint64_t height = (uint64_t)row_height +
                      (last_row < rows ? (uint64_t)(last_row - first_row) * row_height
                                       : (uint64_t)cinfo->image_height - (uint64_t)first_row * row_height);
    ok = ok && height <= 0xFFFF;

    /* The stand-in row: at most 31 bits a DC difference and 16 an end of block, 63 codes for the last
     * block; doubled for stuffing. */
    bit_writer writer = {0};
    if (ok) {
        size_t stand_in = ((size_t)layout.mcus_per_row * (size_t)layout.blocks * 47 + 64 * 31) / 8 * 2 + 16;
        writer.capacity = scan + stand_in;
        writer.bytes = malloc(writer.capacity);
        ok = writer.bytes != NULL;
    }
    if (ok) {
        memcpy(writer.bytes, data, scan);
        writer.bytes[field] = (uint8_t)(height >> 8);
        writer.bytes[field + 1] = (uint8_t)height;
        writer.size = scan;
        ok = put_stand_in_row(&writer, &layout, &start) && writer.count == 0 && !writer.overflowed;
    }
    free(tables);
    if (!ok) {
        free(writer.bytes);
        return 0;
    }
    out->prefix = writer.bytes;
    out->prefix_size = writer.size;
    out->resume_at = scan + start.byte;
    out->first_row = first_row;
    out->bit = start.bit;
    return 1;
}

void gr_jpeg_resumption_free(gr_jpeg_resumption *resumption) {
    free(resumption->prefix);
    resumption->prefix = NULL;
}

/* The prefix, then the original from resume_at; past the end, jpeg_mem_src's warning and fake EOI. */
typedef struct {
    struct jpeg_source_mgr base;
    const uint8_t *parts[2];
    size_t sizes[2];
    int next;
} two_part_source;

static void init_source(j_decompress_ptr cinfo) { (void)cinfo; }

static boolean fill_input_buffer(j_decompress_ptr cinfo) {
    static const JOCTET end_of_image[2] = {0xFF, JPEG_EOI};
    two_part_source *source = (two_part_source *)cinfo->src;
    while (source->next < 2) {
        int part = source->next++;
        if (source->sizes[part] == 0) continue;
        source->base.next_input_byte = source->parts[part];
        source->base.bytes_in_buffer = source->sizes[part];
        return TRUE;
    }
    WARNMS(cinfo, JWRN_JPEG_EOF);
    source->base.next_input_byte = end_of_image;
    source->base.bytes_in_buffer = 2;
    return TRUE;
}

static void skip_input_data(j_decompress_ptr cinfo, long count) {
    struct jpeg_source_mgr *source = cinfo->src;
    if (count <= 0) return;
    while ((size_t)count > source->bytes_in_buffer) {
        count -= (long)source->bytes_in_buffer;
        (void)fill_input_buffer(cinfo);
    }
    source->next_input_byte += count;
    source->bytes_in_buffer -= (size_t)count;
}

static void term_source(j_decompress_ptr cinfo) { (void)cinfo; }

void gr_jpeg_resumption_source(j_decompress_ptr cinfo, const gr_jpeg_resumption *resumption,
                               const uint8_t *data, size_t size) {
    two_part_source *source = (two_part_source *)(*cinfo->mem->alloc_small)((j_common_ptr)cinfo, JPOOL_PERMANENT,
                                                                           sizeof(two_part_source));
    source->base.init_source = init_source;
    source->base.fill_input_buffer = fill_input_buffer;
    source->base.skip_input_data = skip_input_data;
    source->base.resync_to_restart = jpeg_resync_to_restart;
    source->base.term_source = term_source;
    source->base.next_input_byte = NULL;
    source->base.bytes_in_buffer = 0;
    source->parts[0] = resumption->prefix;
    source->sizes[0] = resumption->prefix_size;
    source->parts[1] = data + resumption->resume_at;
    source->sizes[1] = size - resumption->resume_at;
    source->next = 0;
    cinfo->src = &source->base;
}
