/*
 * A deflate encoder made for filtered PNG rows (RFC 1951): a byte repeated three times or more
 * becomes a distance-1 match (what a flat area's Paeth residuals are), every other byte a literal,
 * coded with one dynamic Huffman block per 65,535 input bytes (stored where that is smaller).
 *
 * Why not libdeflate's or zlib's matcher: on filtered photos, matches further back than one byte
 * barely exist, and searching for them costs most of the time. On gallery-render's frames this is
 * smaller than libdeflate level 1 and zlib level 4, in about half libdeflate's time (README, "PNG
 * output").
 * Being ours, its output is also the same on every machine, whatever library version is installed.
 */
#include "gr_deflate_runs.h"

#include <stdlib.h>

#include <string.h>

enum {
    block_input = 65535, /* input bytes per block: the most a stored block holds */
    lit_codes = 286,     /* literal/length alphabet: 0-255, end of block (256), lengths (257-285) */
    dist_codes = 30,
    cl_codes = 19, /* the code-length alphabet of the block header */
    max_match = 258,
};

/* LSB-first bit output into a buffer the caller sized with gr_deflate_bound. */
typedef struct {
    uint64_t bits;
    unsigned count;
    uint8_t *out;
} bit_writer;

/* Callers keep the writer in a local (its address never escapes), so it lives in registers. Every
 * call stores all eight bytes of the buffer and moves on by the whole bytes in it (no branch); the
 * buffer keeps under eight bits, so a call may add up to 56. gr_deflate_bound leaves 8 bytes spare. */
static inline void put_bits(bit_writer *w, uint32_t value, unsigned count) {
    w->bits |= (uint64_t)value << w->count;
    w->count += count;
    const uint8_t word[8] = {(uint8_t)w->bits,         (uint8_t)(w->bits >> 8),  (uint8_t)(w->bits >> 16),
                             (uint8_t)(w->bits >> 24), (uint8_t)(w->bits >> 32), (uint8_t)(w->bits >> 40),
                             (uint8_t)(w->bits >> 48), (uint8_t)(w->bits >> 56)};
    memcpy(w->out, word, 8);
    w->out += w->count >> 3;
    w->bits >>= w->count & ~7u;
    w->count &= 7;
}

/* Pads to a byte boundary with zero bits and writes out everything pending. */
static void align_bits(bit_writer *w) {
    while (w->count > 0) {
        *w->out++ = (uint8_t)w->bits;
        w->bits >>= 8;
        w->count = w->count > 8 ? w->count - 8 : 0;
    }
    w->bits = 0;
}

/* Length code (257 + index) of each match length 3…258, with its extra bits. */
static const uint16_t length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};

static inline unsigned length_index(unsigned length) {
    unsigned i = 0;
    while (i + 1 < 29 && length_base[i + 1] <= length) i++;
    return i;
}

/*
 * Code lengths (at most max_bits) for `count` symbols with frequencies `freq`: Huffman's lengths,
 * then, if any is too long, the code-length counts rebalanced as in JPEG (ITU T.81 K.3), lengths
 * going to symbols by decreasing frequency. Symbols with frequency 0 get length 0; the caller makes
 * sure at least two symbols are used, so the code is always complete.
 */
static void huffman_lengths(const uint32_t *freq, unsigned count, unsigned max_bits, uint8_t *lengths) {
    uint16_t order[lit_codes];
    unsigned used = 0;
    memset(lengths, 0, count);
    for (unsigned s = 0; s < count; s++)
        if (freq[s]) order[used++] = (uint16_t)s;
    /* Insertion sort by frequency (ascending), then symbol: at most 286 entries. */
    for (unsigned i = 1; i < used; i++) {
        uint16_t s = order[i];
        unsigned j = i;
        while (j > 0 && (freq[order[j - 1]] > freq[s] || (freq[order[j - 1]] == freq[s] && order[j - 1] > s))) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = s;
    }
    /* Two-queue Huffman: leaves in order, internal nodes as made (their weights never decrease). */
    uint64_t weight[2 * lit_codes];
    uint16_t parent[2 * lit_codes];
    for (unsigned i = 0; i < used; i++) weight[i] = freq[order[i]];
    unsigned leaf = 0, node = used, made = used;
    for (unsigned k = 0; k + 1 < used; k++) {
        unsigned pick[2];
        for (int p = 0; p < 2; p++) {
            if (leaf < used && (node >= made || weight[leaf] <= weight[node])) pick[p] = leaf++;
            else pick[p] = node++;
        }
        weight[made] = weight[pick[0]] + weight[pick[1]];
        parent[pick[0]] = parent[pick[1]] = (uint16_t)made;
        made++;
    }
    /* Depths: the root (last made) is 0; parents are always made after their children. */
    uint8_t depth[2 * lit_codes];
    depth[made - 1] = 0;
    for (unsigned i = made - 1; i-- > 0;) depth[i] = (uint8_t)(depth[parent[i]] + 1 > 63 ? 63 : depth[parent[i]] + 1);
    unsigned bl_count[64] = {0};
    unsigned longest = 0;
    for (unsigned i = 0; i < used; i++) {
        bl_count[depth[i]]++;
        if (depth[i] > longest) longest = depth[i];
    }
    for (unsigned i = longest; i > max_bits; i--) {
        while (bl_count[i] > 0) {
            unsigned j = i - 2;
            while (bl_count[j] == 0) j--;
            bl_count[i] -= 2;
            bl_count[i - 1] += 1;
            bl_count[j + 1] += 2;
            bl_count[j] -= 1;
        }
    }
    /* The most frequent symbols (end of `order`) get the shortest codes. */
    unsigned next = used;
    for (unsigned length = 1; length <= max_bits; length++) {
        for (unsigned n = 0; n < bl_count[length]; n++) lengths[order[--next]] = (uint8_t)length;
    }
}

/* Canonical codes for `lengths` (RFC 1951 3.2.2), bit-reversed for LSB-first output. */
static void canonical_codes(const uint8_t *lengths, unsigned count, uint16_t *codes) {
    unsigned bl_count[16] = {0}, next_code[16] = {0};
    for (unsigned s = 0; s < count; s++) bl_count[lengths[s]]++;
    bl_count[0] = 0;
    unsigned code = 0;
    for (unsigned bits = 1; bits < 16; bits++) {
        code = (code + bl_count[bits - 1]) << 1;
        next_code[bits] = code;
    }
    for (unsigned s = 0; s < count; s++) {
        unsigned length = lengths[s];
        if (length == 0) continue;
        unsigned c = next_code[length]++, reversed = 0;
        for (unsigned b = 0; b < length; b++) reversed |= ((c >> b) & 1u) << (length - 1 - b);
        codes[s] = (uint16_t)reversed;
    }
}

/* A block's symbols: a literal byte, or 0x8000 | match length (distance 1). */
typedef struct {
    uint16_t symbols[block_input + 1];
    unsigned count;
    uint32_t lit_freq[lit_codes];
} block_symbols;

/* How many bytes from data[0] (at most limit) equal `byte`: eight at a time, then one at a time. */
static inline size_t run_length(const uint8_t *data, uint8_t byte, size_t limit) {
    const uint64_t pattern = byte * 0x0101010101010101ull;
    size_t run = 0;
    for (; run + 8 <= limit; run += 8) {
        uint64_t word;
        memcpy(&word, data + run, 8);
        uint64_t differ = word ^ pattern;
        if (differ) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
            return run + (size_t)__builtin_clzll(differ) / 8;
#else
            return run + (size_t)__builtin_ctzll(differ) / 8;
#endif
        }
    }
    while (run < limit && data[run] == byte) run++;
    return run;
}

/* Splits data[start, end) into literals and runs; data[start - 1] is the byte before (if start > 0). */
static void find_runs(const uint8_t *data, size_t start, size_t end, block_symbols *block) {
    /* Literals alternate between two counts, so a byte repeated at odd distances does not wait on
     * its own previous increment. */
    uint32_t freq[2][256];
    memset(freq, 0, sizeof(freq));
    memset(block->lit_freq, 0, sizeof(block->lit_freq));
    unsigned count = 0;
    size_t i = start;
    while (i < end) {
        /* Eight positions at once where none starts a run (bytes p-1 … p+2 all equal): eight literals. */
        while (i > 0 && i + 10 <= end) {
            uint64_t before, at, next, after;
            memcpy(&before, data + i - 1, 8), memcpy(&at, data + i, 8), memcpy(&next, data + i + 1, 8),
                memcpy(&after, data + i + 2, 8);
            const uint64_t differ = (at ^ before) | (next ^ before) | (after ^ before);
            const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
            if ((differ - ones) & ~differ & highs) break; /* a zero byte: a run may start here */
            for (int k = 0; k < 8; k++) {
                block->symbols[count + k] = data[i + k];
                freq[k & 1][data[i + k]]++;
            }
            count += 8, i += 8;
        }
        if (i >= end) break;
        if (i > 0 && data[i] == data[i - 1]) {
            size_t limit = end - i < max_match ? end - i : max_match, run = run_length(data + i, data[i], limit);
            if (run >= 3) {
                block->symbols[count++] = (uint16_t)(0x8000u | run);
                block->lit_freq[257 + length_index((unsigned)run)]++;
                i += run;
                continue;
            }
        }
        block->symbols[count] = data[i];
        freq[0][data[i]]++;
        count++;
        i++;
    }
    for (unsigned b = 0; b < 256; b++) block->lit_freq[b] = freq[0][b] + freq[1][b];
    block->count = count;
    block->lit_freq[256]++;
}

/* The header's run-length coding of the literal/length and distance code lengths. */
typedef struct {
    uint8_t symbol[lit_codes + dist_codes];
    uint8_t extra[lit_codes + dist_codes];
    unsigned count;
} length_runs;

static void code_length_runs(const uint8_t *lengths, unsigned count, length_runs *runs, uint32_t *freq) {
    runs->count = 0;
    for (unsigned i = 0; i < count;) {
        uint8_t value = lengths[i];
        unsigned run = 1;
        while (i + run < count && lengths[i + run] == value) run++;
        unsigned left = run;
        if (value == 0) {
            while (left >= 11) {
                unsigned n = left > 138 ? 138 : left;
                runs->symbol[runs->count] = 18, runs->extra[runs->count++] = (uint8_t)(n - 11), freq[18]++;
                left -= n;
            }
            if (left >= 3) {
                runs->symbol[runs->count] = 17, runs->extra[runs->count++] = (uint8_t)(left - 3), freq[17]++;
                left = 0;
            }
        } else {
            runs->symbol[runs->count] = value, runs->extra[runs->count++] = 0, freq[value]++;
            left--;
            while (left >= 3) {
                unsigned n = left > 6 ? 6 : left;
                runs->symbol[runs->count] = 16, runs->extra[runs->count++] = (uint8_t)(n - 3), freq[16]++;
                left -= n;
            }
        }
        while (left > 0) {
            runs->symbol[runs->count] = value, runs->extra[runs->count++] = 0, freq[value]++;
            left--;
        }
        i += run;
    }
}

static const uint8_t cl_order[cl_codes] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/* Writes data[start, end) as one block: dynamic Huffman, or stored when that is no larger. */
static void write_block(bit_writer *writer, const uint8_t *data, size_t start, size_t end, int final,
                        block_symbols *block) {
    bit_writer local = *writer, *w = &local;
    find_runs(data, start, end, block);
    uint32_t *lit_freq = block->lit_freq;
    /* Two symbols at least in every alphabet, so every code is complete. */
    if (lit_freq[0] == 0) lit_freq[0] = 1;
    uint32_t dist_freq[dist_codes] = {1, 1};
    uint8_t lit_len[lit_codes], dist_len[dist_codes];
    huffman_lengths(lit_freq, lit_codes, 15, lit_len);
    huffman_lengths(dist_freq, dist_codes, 15, dist_len);

    unsigned hlit = lit_codes;
    while (hlit > 257 && lit_len[hlit - 1] == 0) hlit--;
    const unsigned hdist = 2;
    uint8_t all[lit_codes + dist_codes];
    memcpy(all, lit_len, hlit);
    memcpy(all + hlit, dist_len, hdist);
    uint32_t cl_freq[cl_codes] = {0};
    length_runs runs;
    code_length_runs(all, hlit + hdist, &runs, cl_freq);
    unsigned distinct = 0;
    for (unsigned s = 0; s < cl_codes; s++) distinct += cl_freq[s] != 0;
    if (distinct < 2) cl_freq[cl_freq[0] ? 1 : 0] = 1;
    uint8_t cl_len[cl_codes];
    huffman_lengths(cl_freq, cl_codes, 7, cl_len);
    unsigned hclen = cl_codes;
    while (hclen > 4 && cl_len[cl_order[hclen - 1]] == 0) hclen--;

    /* Its size as a dynamic block, in bits, against a stored block's. */
    uint64_t dynamic_bits = 3 + 14 + 3 * (uint64_t)hclen;
    for (unsigned s = 0; s < cl_codes; s++) dynamic_bits += (uint64_t)cl_freq[s] * cl_len[s];
    dynamic_bits += 2 * (uint64_t)cl_freq[16] + 3 * (uint64_t)cl_freq[17] + 7 * (uint64_t)cl_freq[18];
    for (unsigned s = 0; s < lit_codes; s++) dynamic_bits += (uint64_t)lit_freq[s] * lit_len[s];
    for (unsigned i = 0; i < 29; i++) dynamic_bits += (uint64_t)lit_freq[257 + i] * (length_extra[i] + dist_len[0]);
    uint64_t stored_bits = 3 + 7 + 32 + 8 * (uint64_t)(end - start);
    if (stored_bits <= dynamic_bits) {
        put_bits(w, final ? 1 : 0, 3);
        align_bits(w);
        uint16_t length = (uint16_t)(end - start);
        uint8_t header[4] = {(uint8_t)length, (uint8_t)(length >> 8), (uint8_t)~length, (uint8_t)(~length >> 8)};
        memcpy(w->out, header, 4);
        memcpy(w->out + 4, data + start, end - start);
        w->out += 4 + (end - start);
        *writer = local;
        return;
    }

    uint16_t lit_code[lit_codes] = {0}, dist_code[dist_codes] = {0}, cl_code[cl_codes] = {0};
    canonical_codes(lit_len, lit_codes, lit_code);
    canonical_codes(dist_len, dist_codes, dist_code);
    canonical_codes(cl_len, cl_codes, cl_code);
    put_bits(w, (final ? 1u : 0u) | (2u << 1), 3);
    put_bits(w, hlit - 257, 5);
    put_bits(w, hdist - 1, 5);
    put_bits(w, hclen - 4, 4);
    for (unsigned i = 0; i < hclen; i++) put_bits(w, cl_len[cl_order[i]], 3);
    static const uint8_t run_extra_bits[3] = {2, 3, 7};
    for (unsigned i = 0; i < runs.count; i++) {
        uint8_t s = runs.symbol[i];
        put_bits(w, cl_code[s], cl_len[s]);
        if (s >= 16) put_bits(w, runs.extra[i], run_extra_bits[s - 16]);
    }
    const uint32_t distance_one = dist_code[0];
    const unsigned distance_bits = dist_len[0];
    uint32_t literal[256]; /* code | length << 16, one load a literal */
    for (unsigned s = 0; s < 256; s++) literal[s] = lit_code[s] | (uint32_t)lit_len[s] << 16;
    for (unsigned i = 0; i < block->count; i++) {
        uint16_t symbol = block->symbols[i];
        if (symbol < 0x8000) {
            /* Two literals in a row go out together (at most 30 bits). */
            const uint32_t first = literal[symbol];
            if (i + 1 < block->count && block->symbols[i + 1] < 0x8000) {
                const uint32_t second = literal[block->symbols[++i]];
                put_bits(w, (first & 0xffffu) | (second & 0xffffu) << (first >> 16), (first >> 16) + (second >> 16));
            } else {
                put_bits(w, first & 0xffffu, first >> 16);
            }
        } else {
            unsigned length = symbol & 0x7fffu, index = length_index(length);
            put_bits(w, lit_code[257 + index], lit_len[257 + index]);
            if (length_extra[index]) put_bits(w, length - length_base[index], length_extra[index]);
            put_bits(w, distance_one, distance_bits);
        }
    }
    put_bits(w, lit_code[256], lit_len[256]);
    *writer = local;
}

/* Every block at most its stored size (a dynamic block is chosen only when no larger, but its bits
 * need not end on a byte: 3 + 7 + 32 bits of framing, under 6 bytes a block), the closing empty
 * block, and put_bits' 8 spare bytes. */
size_t gr_deflate_bound(size_t size) { return size + 6 * (size / block_input + 3) + 16; }

size_t gr_deflate(const uint8_t *data, size_t size, int final, uint8_t *out) {
    block_symbols *block = malloc(sizeof(block_symbols));
    if (block == NULL) return 0;
    bit_writer w = {0, 0, out};
    for (size_t start = 0; start < size; start += block_input) {
        size_t end = size - start > block_input ? start + block_input : size;
        write_block(&w, data, start, end, final && end == size, block);
    }
    if (size == 0 && final) {
        put_bits(&w, 1u | (1u << 1), 3); /* an empty final block with the fixed code: its end code */
        put_bits(&w, 0, 7);
    } else if (!final) {
        put_bits(&w, 0, 3); /* an empty stored block: the next part starts on a byte boundary */
        align_bits(&w);
        static const uint8_t empty[4] = {0, 0, 0xff, 0xff};
        memcpy(w.out, empty, 4);
        w.out += 4;
    }
    align_bits(&w);
    free(block);
    return (size_t)(w.out - out);
}
