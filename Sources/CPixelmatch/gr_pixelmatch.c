/*
 * pixelmatch 5.3.0's main loop over rows, its anti-aliasing test and its diff image drawing.
 *
 * A row's differing pixels are found first (gr_pixelmatch_yiq.c), then each is tested and drawn; the
 * order does not matter, since every verdict only reads the inputs. The grey background is drawn for
 * the whole row first and differing pixels drawn over it. The anti-aliasing test reads its
 * neighbours' luma, and which pixels have many siblings, from rows worked out once per call.
 */
#include "gr_pixelmatch_internal.h"

#include <math.h>
#include <string.h>


static inline const uint8_t *input_row(const gr_pixelmatch *pm, const uint8_t *img, size_t y) {
    return img + (y & pm->row_mask) * pm->width * 4;
}

static inline uint32_t pixel_at(const uint8_t *row, size_t x) {
    uint32_t value;
    memcpy(&value, row + 4 * x, 4);
    return value;
}

/*
 * Luma rows of one image, four slots picked by row & 3, so rows y − 1, y and y + 1 never collide.
 * A slot's luma is worked out 16 pixels at a time where a test first needs it: a frame that scrolled
 * has differing pixels everywhere, but few of them get as far as reading luma.
 */
enum { luma_block = 16 };

typedef struct {
    const uint8_t *img;
    double *slots;
    uint64_t *done; /* per slot, a bit per block of luma_block pixels */
    size_t words;   /* of `done` per slot */
    size_t tags[4];
} luma_cache;

/* Row y's luma, with pixels from ..< to (within the row) worked out. */
static const double *luma_row(const gr_pixelmatch *pm, luma_cache *cache, size_t y, size_t from, size_t to, int level) {
    size_t slot = y & 3;
    double *row = cache->slots + slot * pm->width;
    uint64_t *done = cache->done + slot * cache->words;
    if (cache->tags[slot] != y) {
        memset(done, 0, cache->words * sizeof(uint64_t));
        cache->tags[slot] = y;
    }
    for (size_t block = from / luma_block; block <= (to - 1) / luma_block; block++) {
        uint64_t bit = (uint64_t)1 << (block & 63);
        if (done[block >> 6] & bit) continue;
        size_t start = block * luma_block, end = start + luma_block < pm->width ? start + luma_block : pm->width;
        gr_pm_luma(input_row(pm, cache->img, y), start, end, row, level);
        done[block >> 6] |= bit;
    }
    return row;
}

/* How many of the 8 neighbours of interior pixel x (rows up, mid, down) have its exact RGBA bytes. */
static inline int equal_neighbours(const uint8_t *up, const uint8_t *mid, const uint8_t *down, size_t x) {
    uint32_t c = pixel_at(mid, x);
    return (pixel_at(up, x - 1) == c) + (pixel_at(up, x) == c) + (pixel_at(up, x + 1) == c) +
           (pixel_at(mid, x - 1) == c) + (pixel_at(mid, x + 1) == c) + (pixel_at(down, x - 1) == c) +
           (pixel_at(down, x) == c) + (pixel_at(down, x + 1) == c);
}

/*
 * pixelmatch's hasManySiblings: whether the pixel at (x1, y1) has 3+ neighbours with the same RGBA
 * bytes, an image border counting as one.
 */
static int many_siblings(const gr_pixelmatch *pm, const uint8_t *img, size_t x1, size_t y1) {
    size_t width = pm->width, height = pm->height;
    if (x1 > 0 && x1 + 1 < width && y1 > 0 && y1 + 1 < height) {
        return equal_neighbours(input_row(pm, img, y1 - 1), input_row(pm, img, y1), input_row(pm, img, y1 + 1), x1) > 2;
    }
    size_t x0 = x1 > 0 ? x1 - 1 : 0, x2 = x1 + 1 < width ? x1 + 1 : x1;
    size_t y0 = y1 > 0 ? y1 - 1 : 0, y2 = y1 + 1 < height ? y1 + 1 : y1;
    uint32_t c = pixel_at(input_row(pm, img, y1), x1);
    int same = 1; /* on a border */
    for (size_t y = y0; y <= y2; y++) {
        const uint8_t *row = input_row(pm, img, y);
        for (size_t x = x0; x <= x2; x++) same += (x != x1 || y != y1) && pixel_at(row, x) == c;
    }
    return same > 2;
}

/* Bits of one image's rows saying which pixels have many siblings; slots as for luma. */
typedef struct {
    const uint8_t *img;
    uint64_t *slots;
    size_t words; /* per row, one more than the pixels need: bits_at reads 8 bytes from any pixel's byte */
    size_t tags[4];
} siblings_cache;

/* Pixels from ..< to of row y. */
static void fill_siblings_portable(const gr_pixelmatch *pm, const uint8_t *img, size_t y, size_t from, size_t to,
                                   uint64_t *bits) {
    size_t width = pm->width;
    if (y == 0 || y + 1 == pm->height) {
        for (size_t x = from; x < to; x++) bits[x >> 6] |= (uint64_t)many_siblings(pm, img, x, y) << (x & 63);
        return;
    }
    const uint8_t *up = input_row(pm, img, y - 1), *mid = input_row(pm, img, y), *down = input_row(pm, img, y + 1);
    for (size_t x = from; x < to; x++) {
        if (x == 0 || x + 1 == width) {
            bits[x >> 6] |= (uint64_t)many_siblings(pm, img, x, y) << (x & 63);
            continue;
        }
        bits[x >> 6] |= (uint64_t)(equal_neighbours(up, mid, down, x) > 2) << (x & 63);
    }
}

#if defined(__x86_64__)
#include <immintrin.h>

/* Eight interior pixels at a time from x = 1 while all their neighbours are in the row; returns where
 * it stopped. */
__attribute__((target("avx2"))) static size_t fill_siblings_avx2(const uint8_t *up, const uint8_t *mid,
                                                                 const uint8_t *down, size_t width, uint64_t *bits) {
    size_t x = 1;
    for (; x + 8 < width; x += 8) {
        __m256i c = _mm256_loadu_si256((const __m256i *)(mid + 4 * x));
#define SAME(row, dx) _mm256_cmpeq_epi32(_mm256_loadu_si256((const __m256i *)((row) + 4 * (x + (dx)) - 4)), c)
        /* Each equal neighbour adds −1. */
        __m256i count = _mm256_add_epi32(_mm256_add_epi32(SAME(up, 0), SAME(up, 1)), _mm256_add_epi32(SAME(up, 2), SAME(mid, 0)));
        count = _mm256_add_epi32(count, _mm256_add_epi32(_mm256_add_epi32(SAME(mid, 2), SAME(down, 0)),
                                                         _mm256_add_epi32(SAME(down, 1), SAME(down, 2))));
#undef SAME
        uint64_t many = (uint64_t)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(_mm256_set1_epi32(-2), count)));
        bits[x >> 6] |= many << (x & 63);
        if ((x & 63) > 56) bits[(x >> 6) + 1] |= many >> (64 - (x & 63));
    }
    return x;
}
#endif

static const uint64_t *siblings_row(const gr_pixelmatch *pm, siblings_cache *cache, size_t y, int level) {
    size_t slot = y & 3;
    uint64_t *bits = cache->slots + slot * cache->words;
    if (cache->tags[slot] != y) {
        memset(bits, 0, cache->words * sizeof(uint64_t));
        size_t from = 0;
#if defined(__x86_64__)
        if (level >= gr_pm_level_avx2 && y > 0 && y + 1 < pm->height) {
            fill_siblings_portable(pm, cache->img, y, 0, 1, bits);
            from = fill_siblings_avx2(input_row(pm, cache->img, y - 1), input_row(pm, cache->img, y),
                                      input_row(pm, cache->img, y + 1), pm->width, bits);
        }
#endif
        (void)level;
        fill_siblings_portable(pm, cache->img, y, from, pm->width, bits);
        cache->tags[slot] = y;
    }
    return bits;
}

/* `count` (1…3) bits of a row's bitmap from pixel x. */
static inline unsigned bits_at(const uint64_t *bits, size_t x, size_t count) {
    uint64_t word;
    memcpy(&word, (const uint8_t *)bits + (x >> 3), 8);
    return (unsigned)(word >> (x & 7)) & ((1u << count) - 1);
}

/* What one gr_pixelmatch_rows call works out once per row and image. */
typedef struct {
    const gr_pixelmatch *pm;
    int level;
    luma_cache luma[2];
    siblings_cache siblings[2];
} context;

/* pixelmatch's hasManySiblings(img1, x, y) && hasManySiblings(img2, x, y). */
static inline int many_siblings_in_both(context *cx, size_t x, size_t y) {
    return bits_at(siblings_row(cx->pm, &cx->siblings[0], y, cx->level), x, 1) &&
           bits_at(siblings_row(cx->pm, &cx->siblings[1], y, cx->level), x, 1);
}

/*
 * Marks, in `near`, the pixels of row y with a pixel around them (themselves included) that has many
 * siblings in both images. Without one, a pixel is not anti-aliasing in either image: that verdict
 * needs its darkest or brightest neighbour to have them. In a photo few pixels do, so most differing
 * pixels are settled here.
 */
static void mark_near_siblings(context *cx, size_t y, uint64_t *near) {
    const gr_pixelmatch *pm = cx->pm;
    size_t words = cx->siblings[0].words;
    memset(near, 0, words * sizeof(uint64_t));
    for (size_t row = y > 0 ? y - 1 : 0; row <= y + 1 && row < pm->height; row++) {
        const uint64_t *first = siblings_row(pm, &cx->siblings[0], row, cx->level);
        const uint64_t *second = siblings_row(pm, &cx->siblings[1], row, cx->level);
        for (size_t i = 0; i < words; i++) near[i] |= first[i] & second[i];
    }
    uint64_t carry = 0; /* the previous word's top bit, moved to bit 0 */
    for (size_t i = 0; i < words; i++) {
        uint64_t word = near[i], next = i + 1 < words ? near[i + 1] : 0;
        near[i] = word | word << 1 | word >> 1 | carry | next << 63;
        carry = word >> 63;
    }
}

/*
 * pixelmatch's antialiased for image `image` (0 or 1): whether the pixel at (x1, y1) has at most two
 * neighbours of the same luma (a border counts as one), both a darker and a brighter one, and the
 * darkest or the brightest neighbour has 3+ equal siblings in both images. Neighbours go column by
 * column, top to bottom, as in the JavaScript: among equally dark (or bright) neighbours the first
 * one counts.
 */
static int antialiased(context *cx, int image, size_t x1, size_t y1) {
    const gr_pixelmatch *pm = cx->pm;
    luma_cache *cache = &cx->luma[image];
    size_t width = pm->width, height = pm->height;
    size_t x0 = x1 > 0 ? x1 - 1 : 0, x2 = x1 + 1 < width ? x1 + 1 : x1;
    size_t y0 = y1 > 0 ? y1 - 1 : 0, y2 = y1 + 1 < height ? y1 + 1 : y1;
    const double *rows[3] = {NULL, luma_row(pm, cache, y1, x0, x2 + 1, cx->level), NULL};
    if (y0 < y1) rows[0] = luma_row(pm, cache, y0, x0, x2 + 1, cx->level);
    if (y2 > y1) rows[2] = luma_row(pm, cache, y2, x0, x2 + 1, cx->level);
    const double centre = rows[1][x1];
    int zeroes = x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2;
    double darkest = 0, brightest = 0; /* centre minus neighbour: negative for a brighter neighbour */
    size_t low_x = 0, low_y = 0, high_x = 0, high_y = 0;
    for (size_t x = x0; x <= x2; x++) {
        for (size_t y = y0; y <= y2; y++) {
            if (x == x1 && y == y1) continue;
            double delta = centre - rows[y + 1 - y1][x];
            /* A delta below the minimum is negative, one above the maximum positive: the JavaScript's
             * "else if" chain, without branches the data decides. */
            zeroes += delta == 0;
            int lower = delta < darkest, higher = delta > brightest;
            darkest = lower ? delta : darkest;
            low_x = lower ? x : low_x;
            low_y = lower ? y : low_y;
            brightest = higher ? delta : brightest;
            high_x = higher ? x : high_x;
            high_y = higher ? y : high_y;
        }
    }
    /* More than two equal neighbours, or not both a brighter and a darker one: not anti-aliasing. */
    if (zeroes > 2 || darkest == 0 || brightest == 0) return 0;
    return many_siblings_in_both(cx, low_x, low_y) || many_siblings_in_both(cx, high_x, high_y);
}

/* A number stored the way a JavaScript Uint8Array stores it: truncated, modulo 256, NaN as 0. */
static inline uint8_t to_uint8(double value) {
    if (value >= 0 && value < 256) return (uint8_t)value;
    if (!isfinite(value)) return 0;
    double wrapped = fmod(trunc(value), 256);
    return (uint8_t)(wrapped < 0 ? wrapped + 256 : wrapped);
}

/* pixelmatch's drawGrayPixel over a row: img1's unblended luma faded onto white by alpha · a / 255. */
static void gray_row(const gr_pixelmatch *pm, const uint8_t *row, uint8_t *out) {
    for (size_t x = 0; x < pm->width; x++, row += 4, out += 4) {
        double luma = gr_pm_rgb2y(row[0], row[1], row[2]);
        uint8_t value = to_uint8(gr_pm_blend(luma, pm->alpha * row[3] / 255));
        out[0] = out[1] = out[2] = value;
        out[3] = 255;
    }
}

static inline void draw(uint8_t *out, const uint8_t color[3]) {
    out[0] = color[0], out[1] = color[1], out[2] = color[2], out[3] = 255;
}

/* Words per row of a siblings bitmap (see siblings_cache). */
static size_t bitmap_words(size_t width) { return (width + 63) / 64 + 1; }

/* Words per slot of a luma cache's `done` bits. */
static size_t done_words(size_t width) { return (width + 64 * luma_block - 1) / (64 * luma_block); }

size_t gr_pixelmatch_scratch_bytes(size_t width) {
    return 8 * width * sizeof(double) + (9 * bitmap_words(width) + 8 * done_words(width)) * sizeof(uint64_t) +
           width * (sizeof(uint32_t) + 1);
}

void gr_pixelmatch_rows(const gr_pixelmatch *pm, size_t begin, size_t end, void *scratch,
                        gr_pixelmatch_counts *counts) {
    const size_t width = pm->width;
    const int level = gr_pm_level();
    double *luma = scratch;
    const size_t words = bitmap_words(width), done = done_words(width);
    uint64_t *bitmaps = (uint64_t *)(luma + 8 * width), *near = bitmaps + 8 * words, *luma_done = near + words;
    uint32_t *xs = (uint32_t *)(luma_done + 8 * done);
    uint8_t *darker = (uint8_t *)(xs + width);
    context cx = {pm,
                  level,
                  {{pm->img1, luma, luma_done, done, {SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX}},
                   {pm->img2, luma + 4 * width, luma_done + 4 * done, done, {SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX}}},
                  {{pm->img1, bitmaps, words, {SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX}},
                   {pm->img2, bitmaps + 4 * words, words, {SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX}}}};
    int64_t diff = 0, anti_aliased = 0;
    for (size_t y = begin; y < end; y++) {
        const uint8_t *row1 = input_row(pm, pm->img1, y), *row2 = input_row(pm, pm->img2, y);
        uint8_t *out = pm->output ? pm->output + y * width * 4 : NULL;
        if (out && !pm->diff_mask) gray_row(pm, row1, out);
        if (memcmp(row1, row2, width * 4) == 0) continue;
        size_t n = gr_pm_candidates(row1, row2, width, pm->max_delta, xs, darker, level);
        if (n > 0 && !pm->include_aa) mark_near_siblings(&cx, y, near);
        for (size_t i = 0; i < n; i++) {
            size_t x = xs[i];
            if (!pm->include_aa && ((near[x >> 6] >> (x & 63)) & 1) &&
                (antialiased(&cx, 0, x, y) || antialiased(&cx, 1, x, y))) {
                anti_aliased++;
                if (out && !pm->diff_mask) draw(out + 4 * x, pm->aa_color);
            } else {
                diff++;
                if (out) draw(out + 4 * x, darker[i] ? pm->diff_color_alt : pm->diff_color);
            }
        }
    }
    counts->diff_pixels += diff;
    counts->anti_aliased_pixels += anti_aliased;
}

void gr_pixelmatch_gray_rows(const gr_pixelmatch *pm, size_t begin, size_t end) {
    if (pm->output == NULL) return;
    for (size_t y = begin; y < end; y++) {
        gray_row(pm, input_row(pm, pm->img1, y), pm->output + y * pm->width * 4);
    }
}
