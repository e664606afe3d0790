/*
 * The fast PNG reader: one pass over the file, a row at a time, for the PNGs gallery-render meets most
 * (8-bit, not interlaced, gray / gray+alpha / RGB / RGBA, no tRNS). Anything else, and anything at all
 * unusual in a file it took (a bad CRC, an unknown critical chunk, a stream too short, a bad filter
 * type), makes it give up (a stream too long it takes as libpng does: `finish`); the caller then decodes the file with libpng, which gives the
 * canonical pixels or message. It never reports an error of its own.
 *
 * Why ISA-L's inflate: inflating is most of the time a PNG takes, and isal_inflate inflates a 4K photo
 * PNG's stream in 37 ms where libdeflate takes 46 and zlib 80. And it inflates in pieces, so the
 * filtered rows pass through a 256 KiB buffer that stays in cache, a file can be read in 256 KiB
 * pieces instead of whole, and a diff never holds either image whole (VisualDiff's StreamingDiff).
 *
 * One known difference from zlib, so from libpng, remains: isal_inflate accepts a dynamic block
 * whose literal/length, distance or code-length code is incomplete (zlib: "invalid literal/lengths
 * set", "invalid distances set", "invalid code lengths set") as long as the stream never uses a
 * codeword the code lacks, and cannot be told not to. The pixels are then the ones the stream spells
 * out; no encoder in common use writes such codes. Everything else zlib checks, this reader checks or
 * declines: over-subscribed codes, codewords and distances that do not exist, distances beyond the
 * window the header declares, the Adler-32, the stream's exact length.
 */
#include "gr_unfilter.h"

#include <errno.h>
#include <isa-l/igzip_lib.h>
#include <libdeflate.h> /* libdeflate_crc32 */
#include <string.h>
#include <unistd.h>

enum { piece_size = 256 << 10, max_chunk_length = 0x7fffffff };

static const uint8_t png_signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};

struct gr_png_rows {
    /* Unread bytes are bytes[start ..< end]: all of the file in memory, or a piece of it read with pread. */
    const uint8_t *bytes;
    size_t start, end;
    int fd;
    uint64_t file_size, file_read;
    uint8_t *input; /* the piece buffer, for a file */

    /* The chunk being read: data bytes left and the CRC so far. */
    uint32_t chunk_left, crc;
    int in_idat, has_palette;

    struct inflate_state inflater;
    uint8_t *filtered; /* inflated, still filtered rows: filtered[used ..< filled] */
    size_t capacity, used, filled;
    uint64_t expected; /* filtered bytes not yet inflated */

    uint8_t *previous; /* gray rows: the unfiltered row above */
    uint32_t width, height, row;
    size_t channels, stride; /* stride: one filtered row with its filter byte */
    int failed;
};

static uint32_t read_be32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static int is_letter(uint8_t c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/* Makes at least `count` (at most piece_size) unread bytes contiguous; 0 when the file ends first. */
static int have(gr_png_rows *r, size_t count) {
    if (r->end - r->start >= count) return 1;
    if (r->fd < 0) return 0;
    size_t left = r->end - r->start;
    memmove(r->input, r->input + r->start, left);
    r->start = 0;
    r->end = left;
    while (r->end < piece_size && r->file_read < r->file_size) {
        uint64_t want = r->file_size - r->file_read;
        if (want > piece_size - r->end) want = piece_size - r->end;
        ssize_t got = pread(r->fd, r->input + r->end, (size_t)want, (off_t)r->file_read);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return 0; /* a read error, or the file got shorter */
        r->end += (size_t)got;
        r->file_read += (uint64_t)got;
    }
    return r->end - r->start >= count;
}

/* Reads a chunk's length and type and starts its CRC; 0 for a malformed header. */
static int chunk_begin(gr_png_rows *r, uint8_t type[4]) {
    if (!have(r, 8)) return 0;
    const uint8_t *p = r->bytes + r->start;
    uint32_t length = read_be32(p);
    if (length > max_chunk_length) return 0;
    for (int i = 0; i < 4; i++) {
        if (!is_letter(p[4 + i])) return 0;
        type[i] = p[4 + i];
    }
    r->crc = libdeflate_crc32(0, p + 4, 4);
    r->chunk_left = length;
    r->start += 8;
    return 1;
}

/* Reads the rest of the chunk's data (into `copy`, when given, up to its first `keep` bytes). */
static int chunk_data(gr_png_rows *r, uint8_t *copy, size_t keep) {
    size_t copied = 0;
    while (r->chunk_left > 0) {
        if (!have(r, 1)) return 0;
        size_t take = r->end - r->start;
        if (take > r->chunk_left) take = r->chunk_left;
        const uint8_t *p = r->bytes + r->start;
        r->crc = libdeflate_crc32(r->crc, p, take);
        if (copy != NULL && copied < keep) {
            size_t part = keep - copied < take ? keep - copied : take;
            memcpy(copy + copied, p, part);
            copied += part;
        }
        r->start += take;
        r->chunk_left -= (uint32_t)take;
    }
    return copy == NULL || copied == keep;
}

/* Checks the chunk's CRC. */
static int chunk_end(gr_png_rows *r) {
    if (!have(r, 4) || read_be32(r->bytes + r->start) != r->crc) return 0;
    r->start += 4;
    return 1;
}

static int is_type(const uint8_t type[4], const char *name) { return memcmp(type, name, 4) == 0; }

/*
 * Whether a chunk other than IDAT (its header just read) may appear where the fast reader meets it: no
 * transparency key, no second header, no critical chunk it does not know, and a palette (ignored, as
 * by libpng) only in an RGB or RGBA file, before the image data, once, of 1 to 256 entries.
 */
static int allowed(gr_png_rows *r, const uint8_t type[4], int after_idat) {
    if (is_type(type, "PLTE")) {
        uint32_t length = r->chunk_left;
        if (r->channels < 3 || after_idat || r->has_palette || length < 3 || length > 768 || length % 3) return 0;
        r->has_palette = 1;
        return 1;
    }
    return !is_type(type, "tRNS") && !is_type(type, "IHDR") && (type[0] & 0x20);
}

/*
 * Hands isal_inflate the next bytes of IDAT data, moving to the next IDAT chunk when one ends. The
 * bytes count as read (CRC included) once handed over: isal_inflate may hold some back and return them
 * at the end of the stream, so its own count is not the file's.
 */
static int feed(gr_png_rows *r) {
    while (r->chunk_left == 0) {
        if (!r->in_idat || !chunk_end(r)) return 0;
        uint8_t type[4];
        if (!chunk_begin(r, type) || !is_type(type, "IDAT")) return 0; /* the stream ends early */
    }
    if (!have(r, 1)) return 0;
    size_t take = r->end - r->start;
    if (take > r->chunk_left) take = r->chunk_left;
    const uint8_t *piece = r->bytes + r->start;
    r->crc = libdeflate_crc32(r->crc, piece, take);
    r->start += take;
    r->chunk_left -= (uint32_t)take;
    r->inflater.next_in = (uint8_t *)(uintptr_t)piece;
    r->inflater.avail_in = (uint32_t)take;
    return 1;
}

/*
 * Inflates what isal_inflate holds and was given into up to `room` bytes at `out`. When nothing
 * came out, hands it more IDAT data: isal_inflate may keep the end of one
 * piece of input until the next arrives. Returns 1 with output, or with the stream ended and `room`
 * unused; 0 when the stream is broken or the data runs out first.
 */
static int inflate_some(gr_png_rows *r, uint8_t *out, size_t room, size_t *written) {
    for (;;) {
        const uint8_t *before = r->inflater.next_in;
        r->inflater.next_out = out;
        r->inflater.avail_out = (uint32_t)room;
        int status = isal_inflate(&r->inflater);
        int consumed = r->inflater.next_in != before;
        *written = room - r->inflater.avail_out;
        if (status != ISAL_DECOMP_OK) return 0;
        if (*written > 0 || r->inflater.block_state == ISAL_BLOCK_FINISH) return 1;
        if (r->inflater.avail_in > 0) {
            if (!consumed) return 0; /* input and room, yet no progress: never loop on it */
        } else if (!feed(r)) {
            return 0;
        }
    }
}

/* Inflates more filtered rows into the buffer; 0 when the stream fails or ends short. */
static int inflate_more(gr_png_rows *r) {
    if (r->used > 0) {
        memmove(r->filtered, r->filtered + r->used, r->filled - r->used);
        r->filled -= r->used;
        r->used = 0;
    }
    size_t room = r->capacity - r->filled;
    if ((uint64_t)room > r->expected) room = (size_t)r->expected; /* never more than the image holds */
    if (room > UINT32_MAX) room = UINT32_MAX;                        /* isal_inflate counts in 32 bits */
    if (room == 0 || r->inflater.block_state == ISAL_BLOCK_FINISH) return 0;
    size_t written;
    if (!inflate_some(r, r->filtered + r->filled, room, &written) || written == 0) return 0;
    r->filled += written;
    r->expected -= written;
    return 1;
}

/*
 * After the last row: the stream must end there, and the chunks after it must be sound. A stream that
 * goes on past the image (libpng's "Too much image data", a benign error after which it keeps the
 * image, so the same pixels) is not inflated further: a few MB of it can spell gigabytes, which
 * libpng inflates to its end (found by review: 23 s for a 100 x 100 image). Its chunks are still read
 * and their CRCs checked.
 */
static int finish(gr_png_rows *r) {
    uint8_t spare[1];
    size_t written = 0;
    if (r->inflater.block_state != ISAL_BLOCK_FINISH && !inflate_some(r, spare, sizeof spare, &written)) return 0;
    int extra = written != 0;
    /* Otherwise nothing after the Adler-32, in this chunk or in any later IDAT. */
    if (!extra && (r->inflater.avail_in != 0 || r->inflater.read_in_length != 0 || r->chunk_left != 0)) return 0;
    if (!chunk_data(r, NULL, 0) || !chunk_end(r)) return 0;
    for (int idat_ended = 0;;) {
        uint8_t type[4];
        if (!chunk_begin(r, type)) return 0;
        if (is_type(type, "IEND")) return chunk_data(r, NULL, 0) && chunk_end(r);
        if (is_type(type, "IDAT")) {
            /* More image data (but the rest of an overlong stream), or IDATs not consecutive. */
            if (idat_ended || (r->chunk_left != 0 && !extra)) return 0;
        } else {
            if (!allowed(r, type, 1)) return 0;
            idat_ended = 1;
        }
        if (!chunk_data(r, NULL, 0) || !chunk_end(r)) return 0;
    }
}

/* Reads the signature, IHDR and the chunks before the first IDAT; 0 when the file is not for this reader. */
static int begin(gr_png_rows *r, uint64_t max_pixels, uint32_t max_side) {
    if (!have(r, 8) || memcmp(r->bytes + r->start, png_signature, 8) != 0) return 0;
    r->start += 8;
    uint8_t type[4], header[13];
    if (!chunk_begin(r, type) || !is_type(type, "IHDR") || r->chunk_left != 13) return 0;
    if (!chunk_data(r, header, 13) || !chunk_end(r)) return 0;
    uint32_t width = read_be32(header), height = read_be32(header + 4);
    if (width == 0 || height == 0 || width > max_chunk_length || height > max_chunk_length) return 0;
    if (width > max_side || height > max_side || (uint64_t)width * height > max_pixels) return 0;
    if (header[8] != 8 || header[10] != 0 || header[11] != 0 || header[12] != 0) return 0;
    switch (header[9]) {
    case 0: r->channels = 1; break;
    case 2: r->channels = 3; break;
    case 4: r->channels = 2; break;
    case 6: r->channels = 4; break;
    default: return 0;
    }
    r->width = width;
    r->height = height;
    r->stride = (size_t)width * r->channels + 1;
    r->expected = (uint64_t)height * r->stride;

    for (;;) {
        if (!chunk_begin(r, type)) return 0;
        if (is_type(type, "IDAT")) break;
        if (is_type(type, "IEND") || !allowed(r, type, 0)) return 0;
        if (!chunk_data(r, NULL, 0) || !chunk_end(r)) return 0;
    }
    r->in_idat = 1;

    /* The zlib header, checked as zlib checks it: deflate, a window of at most 32 KiB, no preset
     * dictionary, check bits. A header split across IDAT chunks is left to libpng. */
    if (r->chunk_left < 2 || !have(r, 2)) return 0;
    const uint8_t *zlib = r->bytes + r->start;
    if ((zlib[0] & 0x0f) != 8 || (zlib[0] >> 4) > 7 || (zlib[1] & 0x20) || ((zlib[0] << 8) | zlib[1]) % 31 != 0) {
        return 0;
    }
    /* zlib, so libpng, holds a stream to about the window its header declares ("invalid distance too
     * far back"); isal_inflate allows 32 KiB whatever it says. A distance never exceeds what came
     * before it, so a smaller window can only matter when the image holds more bytes than it; then
     * the file is libpng's (which may still accept it: this is the cautious side). */
    if ((zlib[0] >> 4) < 7 && r->expected > ((uint64_t)1 << ((zlib[0] >> 4) + 8))) return 0;
    isal_inflate_init(&r->inflater);
    r->inflater.crc_flag = ISAL_ZLIB; /* parses the header and checks the Adler-32 */
    return 1;
}

gr_png_rows *gr_png_rows_open(const uint8_t *data, int fd, uint64_t size, uint64_t max_pixels, uint32_t max_side,
                              uint32_t *width, uint32_t *height) {
    if (data == NULL && fd < 0) return NULL;
    gr_png_rows *r = calloc(1, sizeof *r);
    if (r == NULL) return NULL;
    r->fd = data != NULL ? -1 : fd;
    if (data != NULL) {
        r->bytes = data;
        r->end = (size_t)size;
    } else {
        r->file_size = size;
        r->input = malloc(piece_size);
        r->bytes = r->input;
    }
    if ((r->fd >= 0 && r->input == NULL) || !begin(r, max_pixels, max_side)) {
        gr_png_rows_close(r);
        return NULL;
    }
    /* At least two rows of room, and slack after the last: RGB pixels are read four bytes at a time. */
    r->capacity = piece_size > 2 * r->stride ? piece_size : 2 * r->stride;
    r->filtered = malloc(r->capacity + GR_PNG_ROW_SLACK);
    r->previous = r->channels < 3 ? malloc(r->stride) : NULL;
    if (r->filtered == NULL || (r->channels < 3 && r->previous == NULL)) {
        gr_png_rows_close(r);
        return NULL;
    }
    *width = r->width;
    *height = r->height;
    return r;
}

int gr_png_rows_next(gr_png_rows *r, uint8_t *row, const uint8_t *above) {
    if (r == NULL || r->failed || r->row >= r->height) return 0;
    if (r->channels >= 3 && r->row > 0 && above == NULL) { /* the caller lost the row above */
        r->failed = 1;
        return 0;
    }
    while (r->filled - r->used < r->stride) {
        if (!inflate_more(r)) {
            r->failed = 1;
            return 0;
        }
    }
    uint8_t *filtered = r->filtered + r->used;
    int ok;
    switch (r->channels) {
    case 3: ok = gr_png_unfilter_rgb(filtered, r->width, row, r->row == 0 ? NULL : above); break;
    case 4: ok = gr_png_unfilter_rgba(filtered, r->width, row, r->row == 0 ? NULL : above); break;
    default: ok = gr_png_unfilter_gray(filtered, r->width, r->channels, r->previous, r->row == 0, row); break;
    }
    r->used += r->stride;
    r->row++;
    if (ok && r->row == r->height) ok = finish(r);
    if (!ok) r->failed = 1;
    return ok;
}

void gr_png_rows_close(gr_png_rows *r) {
    if (r == NULL) return;
    free(r->input);
    free(r->filtered);
    free(r->previous);
    free(r);
}

int gr_png_fast_decode(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t max_side,
                       uint8_t *pixels, size_t capacity, uint32_t *width_out, uint32_t *height_out) {
    if (data == NULL || pixels == NULL) return 0;
    uint32_t width, height;
    gr_png_rows *r = gr_png_rows_open(data, -1, size, max_pixels, max_side, &width, &height);
    if (r == NULL) return 0;
    size_t row_size = (size_t)width * 4;
    int ok = capacity >= row_size * height;
    for (uint32_t y = 0; ok && y < height; y++) {
        ok = gr_png_rows_next(r, pixels + y * row_size, y > 0 ? pixels + (y - 1) * row_size : NULL);
    }
    gr_png_rows_close(r);
    if (!ok) return 0;
    *width_out = width;
    *height_out = height;
    return 1;
}

long gr_png_inflate_raw(const uint8_t *data, size_t size, uint8_t *out, size_t capacity) {
    if (data == NULL || out == NULL || size > UINT32_MAX || capacity > UINT32_MAX) return -1;
    struct inflate_state *inflater = malloc(sizeof *inflater);
    if (inflater == NULL) return -1;
    isal_inflate_init(inflater);
    inflater->next_in = (uint8_t *)(uintptr_t)data;
    inflater->avail_in = (uint32_t)size;
    inflater->next_out = out;
    inflater->avail_out = (uint32_t)capacity;
    int status = isal_inflate_stateless(inflater);
    int exact = status == ISAL_DECOMP_OK && inflater->avail_in == 0 && inflater->read_in_length < 8;
    long written = exact ? (long)(capacity - inflater->avail_out) : -1;
    free(inflater);
    return written;
}
