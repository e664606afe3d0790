/*
 * gr_pixelmatch — pixelmatch 5.3.0's per-row work in C, for VisualDiff's PixelmatchKernel.
 *
 * Why C: when a frame scrolls, most pixels differ, and each costs a YIQ distance in doubles and,
 * past the threshold, two anti-aliasing tests over its neighbours. With AVX2, chosen at run time,
 * four distances are worked out at once, and the anti-aliasing test reads the neighbours' luma from
 * rows worked out once instead of nine times. Swift cannot pick an instruction set at run time.
 *
 * The arithmetic is pixelmatch's, in doubles, in the order its JavaScript evaluates it, never fused
 * into multiply-adds, so every level gives pixelmatch's counts and diff image bit for bit (the tests
 * hold both levels to a transliteration of the JavaScript).
 */
#ifndef GR_PIXELMATCH_H
#define GR_PIXELMATCH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** One comparison: two RGBA8 images (straight alpha) of the same size, and options. */
typedef struct {
    /** Row y of each input starts at byte ((y & row_mask) * width) * 4: the whole image when
     * row_mask has every bit below the top set, a ring of a power of two rows otherwise. */
    const uint8_t *img1, *img2;
    /** The whole diff image, width * height * 4 bytes, or NULL. */
    uint8_t *output;
    size_t width, height, row_mask;
    /** Largest squared YIQ distance that still matches: 35215 · threshold². */
    double max_delta;
    /** Opacity of img1 in the diff image's grey background. */
    double alpha;
    int include_aa, diff_mask;
    uint8_t aa_color[3], diff_color[3];
    /** Colour of counted differences where img2 is darker; diff_color when pixelmatch has none. */
    uint8_t diff_color_alt[3];
} gr_pixelmatch;

/** What a run of rows found. */
typedef struct {
    /** Differing pixels that count (pixelmatch's return value). */
    int64_t diff_pixels;
    /** Differing pixels taken for anti-aliasing, not counted. */
    int64_t anti_aliased_pixels;
} gr_pixelmatch_counts;

/** Bytes of scratch memory gr_pixelmatch_rows needs for images `width` pixels wide. */
size_t gr_pixelmatch_scratch_bytes(size_t width);

/**
 * Compares rows begin ..< end and adds what it finds to `counts`. Reads input rows begin − 2 ..< end + 2
 * (those inside the image) and writes only output rows begin ..< end. `scratch` holds
 * gr_pixelmatch_scratch_bytes(width) bytes, 8-byte aligned, used by this call alone.
 */
void gr_pixelmatch_rows(const gr_pixelmatch *pm, size_t begin, size_t end, void *scratch,
                        gr_pixelmatch_counts *counts);

/** Draws rows begin ..< end of the output as img1 in faded grey (pixelmatch's identical-images path). */
void gr_pixelmatch_gray_rows(const gr_pixelmatch *pm, size_t begin, size_t end);

/**
 * Caps the instruction set used on the calling thread: 0 portable C, 1 AVX2 (the default cap). Lets
 * the tests hold each level to the reference on one machine.
 */
void gr_pixelmatch_cap_level(int level);

#ifdef __cplusplus
}
#endif

#endif
