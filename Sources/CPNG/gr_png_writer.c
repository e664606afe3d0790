/*
 * The PNG writer: Paeth-filtered rows, deflated, framed as IHDR, IDAT chunks and IEND. Two ways to
 * deflate: the run encoder (gr_run_deflate.c) in parts that can run on several threads, for rendered
 * frames; or libdeflate in one call, whose matches at any distance suit other images (the faded
 * photo behind a visual diff is 25 % smaller with it).
 *
 * Paeth on every row compresses within 0.5 % of choosing a filter per row by libpng's heuristic, at a
 * fraction of the cost. No time stamp or other varying chunk: the same pixels always give the same bytes.
 */
#include "gr_png_internal.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>

enum { idat_chunk_limit = 1 << 20 };

static uint8_t *write_be32(uint8_t *p, uint32_t value) {
    p[0] = (uint8_t)(value >> 24), p[1] = (uint8_t)(value >> 16), p[2] = (uint8_t)(value >> 8), p[3] = (uint8_t)value;
    return p + 4;
}

/* Appends a chunk (length, type, data, CRC) at `p` and returns the position after it. */
static uint8_t *write_chunk(uint8_t *p, const char *type, const uint8_t *data, uint32_t length) {
    p = write_be32(p, length);
    uint8_t *typed = p;
    memcpy(p, type, 4);
    if (length > 0) memcpy(p + 4, data, length);
    p += 4 + length;
    return write_be32(p, libdeflate_crc32(0, typed, 4 + (size_t)length));
}

/* The Paeth residuals of one packed row; no dependency between samples, so the loop vectorises. */
static inline __attribute__((always_inline)) void paeth_row(const uint8_t *restrict current,
                                                            const uint8_t *restrict previous, uint8_t *restrict out,
                                                            size_t row_bytes, size_t channels) {
    for (size_t i = 0; i < channels; i++) out[i] = (uint8_t)(current[i] - previous[i]);
    for (size_t i = channels; i < row_bytes; i++) {
        out[i] = (uint8_t)(current[i] - gr_png_paeth(current[i - channels], previous[i], previous[i - channels]));
    }
}

/* Rows first ..< first + rows, each as filter type 4 (Paeth) and its samples, into `filtered`. */
static inline __attribute__((always_inline)) int filter_rows_body(const uint8_t *rgba, uint32_t width, uint32_t first,
                                                                  uint32_t rows, size_t channels, uint8_t *filtered) {
    size_t row_bytes = (size_t)width * channels;
    /* Two rows, each with a byte to spare: an RGB row is packed four bytes a pixel, overlapping. */
    uint8_t *buffers = calloc(2, row_bytes + 1);
    if (buffers == NULL) return 0;
    uint8_t *previous = buffers, *current = buffers + row_bytes + 1;
    for (uint32_t y = first > 0 ? first - 1 : first; y < first + rows; y++) {
        const uint8_t *source = rgba + (size_t)y * width * 4;
        if (channels == 4) {
            memcpy(current, source, row_bytes);
        } else {
            for (size_t x = 0; x < width; x++) memcpy(current + x * 3, source + x * 4, 4);
        }
        if (y >= first) {
            uint8_t *out = filtered + (size_t)(y - first) * (row_bytes + 1);
            out[0] = 4;
            paeth_row(current, previous, out + 1, row_bytes, channels);
        }
        uint8_t *swap = previous;
        previous = current;
        current = swap;
    }
    free(buffers);
    return 1;
}

/*
 * The same, compiled twice: for AVX2 (the Paeth loop on sixteen 16-bit lanes) where the CPU has it,
 * and for any CPU. Integer arithmetic, so both give the same bytes. Chosen by CCPU's level rather than
 * the loader (target_clones), whose resolver runs before ThreadSanitizer's runtime and crashes it.
 */
#if defined(__x86_64__)
__attribute__((target("avx2"))) static int filter_rows_avx2(const uint8_t *rgba, uint32_t width, uint32_t first,
                                                            uint32_t rows, size_t channels, uint8_t *filtered) {
    return filter_rows_body(rgba, width, first, rows, channels, filtered);
}
#endif

static int filter_rows(const uint8_t *rgba, uint32_t width, uint32_t first, uint32_t rows, size_t channels,
                       uint8_t *filtered) {
#if defined(__x86_64__)
    if (gr_simd_level() >= GR_SIMD_AVX2) return filter_rows_avx2(rgba, width, first, rows, channels, filtered);
#endif
    return filter_rows_body(rgba, width, first, rows, channels, filtered);
}

/* The IHDR, IDAT and IEND chunks around a zlib stream made of `count` pieces. */
static gr_png_status frame_chunks(uint32_t width, uint32_t height, int has_alpha, const uint8_t *const *pieces,
                                  const size_t *sizes, size_t count, gr_png_buffer *out) {
    size_t stream_size = 0;
    for (size_t i = 0; i < count; i++) stream_size += sizes[i];
    size_t idat_chunks = (stream_size + idat_chunk_limit - 1) / idat_chunk_limit;
    size_t total = 8 + (12 + 13) + idat_chunks * 12 + stream_size + 12;
    uint8_t *bytes = malloc(total);
    if (bytes == NULL) {
        gr_png_copy_message(out->message, "out of memory");
        return GR_PNG_NO_MEMORY;
    }
    static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};
    uint8_t header[13];
    write_be32(header, width);
    write_be32(header + 4, height);
    header[8] = 8;                            /* bit depth */
    header[9] = has_alpha ? 6 : 2;            /* RGBA or RGB */
    header[10] = header[11] = header[12] = 0; /* deflate, adaptive filtering, not interlaced */

    uint8_t *p = bytes;
    memcpy(p, signature, 8);
    p = write_chunk(p + 8, "IHDR", header, 13);
    /* IDAT chunks of idat_chunk_limit bytes over the pieces, one CRC per chunk. */
    size_t piece = 0, offset = 0;
    for (size_t left = stream_size; left > 0;) {
        uint32_t length = (uint32_t)(left < idat_chunk_limit ? left : idat_chunk_limit);
        p = write_be32(p, length);
        uint8_t *typed = p;
        memcpy(p, "IDAT", 4);
        p += 4;
        for (uint32_t filled = 0; filled < length;) {
            while (offset == sizes[piece]) piece++, offset = 0;
            size_t n = sizes[piece] - offset < length - filled ? sizes[piece] - offset : length - filled;
            memcpy(p, pieces[piece] + offset, n);
            p += n, offset += n, filled += (uint32_t)n;
        }
        p = write_be32(p, libdeflate_crc32(0, typed, 4 + (size_t)length));
        left -= length;
    }
    write_chunk(p, "IEND", NULL, 0);
    out->bytes = bytes;
    out->size = total;
    return GR_PNG_OK;
}

static int size_in_range(uint32_t width, uint32_t height, size_t channels) {
    return width > 0 && height > 0 && width <= 0x7fffffff && height <= 0x7fffffff &&
           (uint64_t)height * ((uint64_t)width * channels + 1) <= (uint64_t)SIZE_MAX / 4;
}

gr_png_status gr_png_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int has_alpha,
                            int compression_level, gr_png_buffer *out) {
    memset(out, 0, sizeof(*out));
    size_t channels = has_alpha ? 4 : 3;
    if (rgba == NULL || !size_in_range(width, height, channels)) {
        gr_png_copy_message(out->message, "image size out of range");
        return GR_PNG_ERROR;
    }
    size_t filtered_size = (size_t)height * ((size_t)width * channels + 1);
    uint8_t *filtered = malloc(filtered_size);
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(compression_level);
    size_t bound = compressor ? libdeflate_zlib_compress_bound(compressor, filtered_size) : 0;
    uint8_t *stream = bound ? malloc(bound) : NULL;
    size_t stream_size = 0;
    if (filtered != NULL && stream != NULL && filter_rows(rgba, width, 0, height, channels, filtered)) {
        stream_size = libdeflate_zlib_compress(compressor, filtered, filtered_size, stream, bound);
    }
    free(filtered);
    if (compressor) libdeflate_free_compressor(compressor);
    if (stream_size == 0) {
        free(stream);
        gr_png_copy_message(out->message, "out of memory");
        return GR_PNG_NO_MEMORY;
    }
    const uint8_t *pieces[1] = {stream};
    gr_png_status status = frame_chunks(width, height, has_alpha, pieces, &stream_size, 1, out);
    free(stream);
    return status;
}

uint32_t gr_png_part_rows(uint32_t width, int has_alpha) {
    size_t row = (size_t)width * (has_alpha ? 4 : 3) + 1;
    size_t rows = ((size_t)256 << 10) / row;
    return rows == 0 ? 1 : (rows > 0x7fffffff ? 0x7fffffff : (uint32_t)rows);
}

size_t gr_png_part_bound(uint32_t width, uint32_t rows, int has_alpha) {
    return gr_deflate_bound((size_t)rows * ((size_t)width * (has_alpha ? 4 : 3) + 1));
}

size_t gr_png_encode_part(const uint8_t *rgba, uint32_t width, uint32_t first, uint32_t rows, int has_alpha,
                          int last, uint8_t *out, size_t *filtered_size, uint32_t *adler) {
    size_t channels = has_alpha ? 4 : 3, size = (size_t)rows * ((size_t)width * channels + 1);
    uint8_t *filtered = malloc(size ? size : 1);
    if (filtered == NULL || !filter_rows(rgba, width, first, rows, channels, filtered)) {
        free(filtered);
        return 0;
    }
    *filtered_size = size;
    *adler = libdeflate_adler32(1, filtered, size);
    size_t written = gr_deflate(filtered, size, last, out);
    free(filtered);
    return written;
}

/* The Adler-32 of A then B from theirs and B's length: A's sums carry into B's (RFC 1950 8.2). */
static uint32_t adler_combine(uint32_t a, uint32_t b, size_t b_length) {
    const uint64_t base = 65521;
    uint64_t a1 = a & 0xffff, a2 = a >> 16, b1 = b & 0xffff, b2 = b >> 16, n = b_length % base;
    uint64_t s1 = (a1 + b1 + base - 1) % base;
    uint64_t s2 = (a2 + b2 + n * ((a1 + base - 1) % base)) % base;
    return (uint32_t)(s2 << 16 | s1);
}

gr_png_status gr_png_assemble(uint32_t width, uint32_t height, int has_alpha, const uint8_t *const *parts,
                              const size_t *sizes, const size_t *filtered_sizes, const uint32_t *adlers,
                              size_t count, gr_png_buffer *out) {
    memset(out, 0, sizeof(*out));
    if (!size_in_range(width, height, has_alpha ? 4 : 3) || count == 0 || count > SIZE_MAX / 8 - 2) {
        gr_png_copy_message(out->message, "image size out of range");
        return GR_PNG_ERROR;
    }
    for (size_t i = 0; i < count; i++) {
        if (sizes[i] == 0) { /* gr_png_encode_part could not allocate */
            gr_png_copy_message(out->message, "out of memory");
            return GR_PNG_NO_MEMORY;
        }
    }
    uint32_t adler = 1;
    for (size_t i = 0; i < count; i++) adler = adler_combine(adler, adlers[i], filtered_sizes[i]);
    /* zlib header: deflate with a 32 KiB window, "fastest" level, check bits; Adler-32 at the end. */
    static const uint8_t zlib_header[2] = {0x78, 0x01};
    uint8_t trailer[4];
    write_be32(trailer, adler);
    const uint8_t **pieces = malloc((count + 2) * sizeof(*pieces));
    size_t *piece_sizes = malloc((count + 2) * sizeof(*piece_sizes));
    if (pieces == NULL || piece_sizes == NULL) {
        free(pieces);
        free(piece_sizes);
        gr_png_copy_message(out->message, "out of memory");
        return GR_PNG_NO_MEMORY;
    }
    pieces[0] = zlib_header, piece_sizes[0] = 2;
    for (size_t i = 0; i < count; i++) pieces[i + 1] = parts[i], piece_sizes[i + 1] = sizes[i];
    pieces[count + 1] = trailer, piece_sizes[count + 1] = 4;
    gr_png_status status = frame_chunks(width, height, has_alpha, pieces, piece_sizes, count + 2, out);
    free(pieces);
    free(piece_sizes);
    return status;
}

uint32_t gr_png_crc32(const uint8_t *bytes, size_t size) { return libdeflate_crc32(0, bytes, size); }

void gr_png_free(void *pointer) { free(pointer); }
