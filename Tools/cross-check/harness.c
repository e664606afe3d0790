/*
 * The cross-check harness (`make cross-check`, Tools/cross-check/cross-check.sh): runs gallery-render's
 * C kernels, compiled from Sources/ as they are, over fixed and pseudo-random inputs and prints one
 * line per case, "kernel<TAB>case<TAB>digest", the digest a 64-bit FNV-1a of every output byte. Built
 * for x86-64 (run at each GALLERY_RENDER_SIMD level) and for aarch64 (run under qemu-user); the
 * script compares the lines byte for byte. Inputs come from a fixed-seed generator, so every build
 * sees the same ones. Of libm, the kernels use only what IEEE 754 defines exactly (sqrt, trunc, fmod,
 * lround, frexp, ldexp, floor, ceil, fabs); gr_math.h stands in for the rest, and is checked here too.
 */
#include "gr_cpu.h"

#include "color_planes.h"
#include "color_shaper.h"
#include "gr_delta_e.h"
#include "gr_math.h"
#include "gr_pixelmatch.h"
#include "gr_unfilter.h"
#include "gr_deflate_runs.h"
#include "gr_raster.h"
#include "heif_pixels.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* xorshift64*: the same sequence everywhere. */
static uint64_t state;

static void seed(uint64_t value) { state = value * 0x9E3779B97F4A7C15ull + 1; }

static uint64_t next(void) {
    state ^= state >> 12, state ^= state << 25, state ^= state >> 27;
    return state * 0x2545F4914F6CDD1Dull;
}

static uint32_t below(uint32_t bound) { return (uint32_t)(next() % bound); }

static float unit(void) { return (float)(next() >> 40) / (float)(1u << 24); }

static void *checked(size_t bytes) {
    void *pointer = calloc(1, bytes ? bytes : 1);
    if (!pointer) {
        fprintf(stderr, "cross-check harness: out of memory\n");
        exit(2);
    }
    return pointer;
}

/* Random bytes with runs (what photos' rows and filtered residuals look like). */
static void fill(uint8_t *bytes, size_t count) {
    for (size_t i = 0; i < count;) {
        uint8_t value = (uint8_t)next();
        size_t run = below(4) == 0 ? 1 + below(40) : 1;
        for (; run > 0 && i < count; run--) bytes[i++] = value;
    }
}

static unsigned cases;

static void report(const char *kernel, const char *name, unsigned index, const void *bytes, size_t count) {
    uint64_t hash = 0xCBF29CE484222325ull;
    for (size_t i = 0; i < count; i++) hash = (hash ^ ((const uint8_t *)bytes)[i]) * 0x100000001B3ull;
    printf("%s\t%s-%u\t%016llx\n", kernel, name, index, (unsigned long long)hash);
    cases++;
}

static void check_quantise(void) {
    static const float edges[][4] = {
        {0, 0, 0, 0}, {10, 20, 30, 0.49f}, {10, 20, 30, 0.5f}, {0.2f, 0.3f, 0.4f, 0.5f}, {255, 255, 255, 255},
        {300, -5, 128, 255}, {127.5f, 127.49f, 0.5f, 254.99f}, {1, 2, 3, 1}, {254.5f, 254.5f, 254.5f, 254.5f},
    };
    uint8_t out[sizeof edges / sizeof edges[0][0]];
    gr_quantise(&edges[0][0], out, sizeof edges / sizeof edges[0]);
    report("quantise", "edges", 0, out, sizeof out);
    for (unsigned k = 0; k < 150; k++) {
        seed(100 + k);
        size_t count = 1 + below(300);
        float *in = checked(count * 4 * sizeof *in);
        uint8_t *rgba = checked(count * 4);
        for (size_t i = 0; i < count; i++) {
            float alpha = below(8) == 0 ? 255 : unit() * 256 - 0.5f;
            for (int c = 0; c < 3; c++) in[i * 4 + c] = unit() * (alpha + 2) - 1; /* a little out of range */
            in[i * 4 + 3] = alpha;
        }
        gr_quantise(in, rgba, count);
        report("quantise", "random", k, rgba, count * 4);
        free(in), free(rgba);
    }
}

/* One PNG row of each filter type, RGB or RGBA, against an above row or none. */
static void check_unfilter(void) {
    for (unsigned k = 0; k < 240; k++) {
        seed(1000 + k);
        uint32_t width = 1 + below(80);
        int rgba = k % 2, filter = (int)(k / 2 % 6); /* 5: not a filter type */
        size_t channels = rgba ? 4 : 3, row = (size_t)width * channels;
        uint8_t *filtered = checked(1 + row + GR_PNG_ROW_SLACK), *above = checked((size_t)width * 4);
        uint8_t *out = checked((size_t)width * 4 + 1);
        filtered[0] = (uint8_t)filter;
        fill(filtered + 1, row);
        fill(above, (size_t)width * 4);
        int first = k % 12 >= 10;
        out[(size_t)width * 4] = (uint8_t)(rgba ? gr_png_unfilter_rgba(filtered, width, out, first ? NULL : above)
                                                : gr_png_unfilter_rgb(filtered, width, out, first ? NULL : above));
        report(rgba ? "unfilter-rgba" : "unfilter-rgb", "random", k, out, (size_t)width * 4 + 1);
        free(filtered), free(above), free(out);
    }
    for (unsigned k = 0; k < 120; k++) {
        seed(2000 + k);
        uint32_t width = 1 + below(80);
        size_t channels = 1 + k % 2, row = (size_t)width * channels;
        uint8_t *filtered = checked(1 + row), *previous = checked(row), *out = checked((size_t)width * 4 + row + 1);
        filtered[0] = (uint8_t)(k / 2 % 6);
        fill(filtered + 1, row);
        fill(previous, row);
        out[(size_t)width * 4] = (uint8_t)gr_png_unfilter_gray(filtered, width, channels, previous, k % 7 == 0, out);
        memcpy(out + (size_t)width * 4 + 1, previous, row); /* the row it keeps for the next */
        report("unfilter-gray", "random", k, out, (size_t)width * 4 + row + 1);
        free(filtered), free(previous), free(out);
    }
}

static void check_deflate(void) {
    for (unsigned k = 0; k < 120; k++) {
        seed(3000 + k);
        size_t size = k == 0 ? 0 : k < 100 ? below(6000) : 65535 + below(70000);
        uint8_t *data = checked(size), *out = checked(gr_deflate_bound(size));
        if (k % 3 == 0) {
            for (size_t i = 0; i < size; i++) data[i] = (uint8_t)below(256); /* nothing to match: stored */
        } else {
            fill(data, size);
        }
        size_t written = gr_deflate(data, size, k % 2, out);
        report("run-deflate", "random", k, out, written);
        free(data), free(out);
    }
}

/* Two images that differ as frames do: noise, a shifted region, translucent pixels. */
static void image_pair(uint8_t *a, uint8_t *b, size_t width, size_t height) {
    size_t bytes = width * height * 4;
    fill(a, bytes);
    memcpy(b, a, bytes);
    for (size_t i = 0; i < bytes; i++) {
        uint32_t roll = below(16);
        if (roll == 0) b[i] = (uint8_t)next();
        else if (roll == 1) b[i] = (uint8_t)(b[i] + 1);
    }
    size_t shift = 1 + below(3);
    for (size_t y = 0; y < height; y++)
        for (size_t x = width / 2; x + shift < width; x++)
            memcpy(b + (y * width + x) * 4, a + (y * width + x + shift) * 4, 4);
}

/* A new pair of `width` × `height` images (image_pair), for the caller to free. */
static void new_pair(size_t width, size_t height, uint8_t **a, uint8_t **b) {
    *a = checked(width * height * 4), *b = checked(width * height * 4);
    image_pair(*a, *b, width, height);
}

static void check_pixelmatch(void) {
    for (unsigned k = 0; k < 160; k++) {
        seed(4000 + k);
        size_t width = 1 + below(60), height = 1 + below(40);
        uint8_t *a, *b, *out = checked(width * height * 4 + 16);
        new_pair(width, height, &a, &b);
        static const double thresholds[] = {0, 0.05, 0.1, 0.3, 1};
        double t = thresholds[k % 5];
        gr_pixelmatch pm = {
            .img1 = a, .img2 = b, .output = k % 4 == 3 ? NULL : out, .width = width, .height = height,
            .row_mask = SIZE_MAX >> 1, .max_delta = 35215 * t * t, .alpha = (k % 3) * 0.25,
            .include_aa = k % 8 < 4, .diff_mask = k % 16 >= 12,
            .aa_color = {255, 255, 0}, .diff_color = {255, 0, 0}, .diff_color_alt = {0, 255, 0},
        };
        void *scratch = checked(gr_pixelmatch_scratch_bytes(width));
        gr_pixelmatch_counts counts = {0, 0};
        size_t split = below((uint32_t)height + 1); /* as bands: rows before and after */
        gr_pixelmatch_rows(&pm, 0, split, scratch, &counts);
        gr_pixelmatch_rows(&pm, split, height, scratch, &counts);
        memcpy(out + width * height * 4, &counts, sizeof counts);
        report("pixelmatch", "random", k, out, width * height * 4 + sizeof counts);
        memset(out, 0, width * height * 4);
        pm.output = out;
        gr_pixelmatch_gray_rows(&pm, 0, height);
        report("pixelmatch-gray", "random", k, out, width * height * 4);
        free(a), free(b), free(out), free(scratch);
    }
}

static void check_delta_e(void) {
    for (unsigned k = 0; k < 160; k++) {
        seed(5000 + k);
        size_t width = 1 + below(60), height = 1 + below(30);
        uint8_t *a, *b, *diff = checked(width * height * 4 + 8);
        new_pair(width, height, &a, &b);
        static const double limits[] = {0, 0.5, 1, 2.3, 10};
        uint64_t count = gr_delta_e94_rows(a, b, width, 0, height, SIZE_MAX, limits[k % 5], k % 3 ? diff : NULL);
        memcpy(diff + width * height * 4, &count, sizeof count);
        report("delta-e94", "random", k, diff, width * height * 4 + sizeof count);
        double single[8];
        for (int i = 0; i < 8; i++) {
            uint8_t e[4], q[4];
            for (int c = 0; c < 4; c++) e[c] = (uint8_t)next(), q[c] = (uint8_t)next();
            single[i] = gr_delta_e94(e, q);
        }
        report("delta-e94-pixel", "random", k, single, sizeof single);
        free(a), free(b), free(diff);
    }
}

/* Tables of the shape Little CMS gives (increasing tone curves, a Display P3 → sRGB matrix), made here
 * without libm, and random ones with colours out of gamut. */
static void check_shaper(void) {
    static const float p3_to_srgb[9] = {1.2249f, -0.2247f, 0.0f, -0.0420f, 1.0419f, 0.0f, -0.0197f, -0.0786f, 1.0979f};
    gr_matrix_shaper *m = checked(sizeof *m);
    for (unsigned k = 0; k < 90; k++) {
        seed(6000 + k);
        for (int c = 0; c < 3; c++) {
            for (int v = 0; v < 256; v++) {
                float x = v / 255.0f;
                m->to_linear[c][v] = x * x * (0.6f + 0.4f * x);
            }
            uint32_t code = 0;
            for (int s = 0; s < GR_SHAPER_STEPS; s++) {
                if (code < 255 && below(64) == 0) code++;
                m->from_linear[c][s] = code;
            }
        }
        for (int i = 0; i < 9; i++) m->matrix[i] = k < 30 || k >= 60 ? p3_to_srgb[i] : unit() * 2.4f - 0.7f;
        if (k >= 60) {
            /* Red's and green's blue terms as small as ICC profiles' fixed point leaves them: the
             * tables' thresholds at work. */
            m->matrix[2] = (unit() - 0.5f) * 4e-5f;
            m->matrix[5] = (unit() - 0.5f) * 4e-5f;
        }
        /* The fixed-point cases: every (red, green) with 8 blues, so that many cross a threshold. */
        size_t count = k >= 60 ? 65536 * 8 : 1 + below(500);
        uint8_t *rgba = checked(count * 4), *tabled = checked(count * 4);
        fill(rgba, count * 4);
        for (size_t i = 0; k >= 60 && i < count; i++) {
            rgba[i * 4] = (uint8_t)(i >> 8), rgba[i * 4 + 1] = (uint8_t)i;
            rgba[i * 4 + 2] = (uint8_t)((i >> 16) * 32 + below(32));
        }
        memcpy(tabled, rgba, count * 4);
        gr_shaper_apply(m, rgba, count);
        const char *name = k < 30 ? "p3-to-srgb" : k < 60 ? "random" : "p3-to-srgb-fixed-point";
        report("colour-shaper", name, k, rgba, count * 4);
        /* The tables must give the lookups' bytes: a line saying otherwise fails the cross-check on
         * the reference build (the fused build differs on purpose). */
        gr_shaper_planes *planes = gr_shaper_planes_make(m);
        if (planes) {
            gr_shaper_planes_apply(planes, tabled, count);
            if (memcmp(tabled, rgba, count * 4) != 0) printf("colour-planes-differ\t%s-%u\n", name, k);
            report("colour-planes", name, k, tabled, count * 4);
            gr_shaper_planes_free(planes);
        } else if (k < 30 || k >= 60) {
            printf("colour-planes-missing\t%s-%u\n", name, k);
        }
        free(rgba);
        free(tabled);
    }
    free(m);
}

static void check_heif_pixels(void) {
    static const int matrices[] = {0, 1, 4, 5, 6, 7, 9, 10, 3};
    for (unsigned k = 0; k < 180; k++) {
        seed(7000 + k);
        uint32_t width = 1 + below(40), height = 1 + below(40), divisor = 1u << (k % 4);
        int alpha = k % 5 == 0, ycbcr = k % 7 != 0;
        uint8_t *storage[4] = {NULL, NULL, NULL, NULL};
        gr_heif_plane planes[4] = {{0}};
        /* Chroma as stored: 4:4:4, 4:2:2 (halved across) or 4:2:0 (halved both ways). */
        uint8_t half_w = ycbcr && k % 3 > 0, half_h = ycbcr && k % 3 == 2;
        for (int c = 0; c < (alpha ? 4 : 3); c++) {
            uint8_t hw = (c == 1 || c == 2) && half_w, hh = (c == 1 || c == 2) && half_h;
            uint32_t w = (width + hw) >> hw, h = (height + hh) >> hh;
            int stride = (int)w + (int)below(9);
            storage[c] = checked((size_t)stride * h);
            fill(storage[c], (size_t)stride * h);
            planes[c] = (gr_heif_plane){storage[c], stride, w, h, hw, hh};
        }
        uint32_t out_w = (width + divisor - 1) / divisor, out_h = (height + divisor - 1) / divisor;
        uint8_t *pixels = checked((size_t)out_w * out_h * 4 + 1);
        pixels[(size_t)out_w * out_h * 4] = (uint8_t)gr_heif_convert_reduced(
            planes, width, height, divisor, ycbcr, matrices[k % 9], (int)(k / 9 % 2), NULL, pixels);
        report("ycbcr-reduce", "random", k, pixels, (size_t)out_w * out_h * 4 + 1);
        /* A window of it, over the whole result: only the window's pixels change. */
        gr_heif_window window = {below(out_w), below(out_h), 0, 0};
        window.x1 = window.x0 + 1 + below(out_w - window.x0), window.y1 = window.y0 + 1 + below(out_h - window.y0);
        gr_heif_convert_reduced(planes, width, height, divisor, ycbcr, matrices[k % 9], (int)(k / 9 % 2), &window,
                                pixels);
        report("ycbcr-reduce-window", "random", k, pixels, (size_t)out_w * out_h * 4 + 1);
        for (int c = 0; c < 4; c++) free(storage[c]);
        free(pixels);
    }
    for (unsigned k = 0; k < 90; k++) {
        seed(8000 + k);
        uint32_t width = 1 + below(50), height = 1 + below(50), divisor = 1u << (k % 4);
        size_t count = (size_t)width * height;
        uint8_t *rgba = checked(count * 4);
        fill(rgba, count * 4);
        gr_heif_unpremultiply(rgba, count);
        report("unpremultiply", "random", k, rgba, count * 4);
        gr_heif_reduce_rgba(rgba, width, height, divisor);
        report("reduce-rgba", "random", k, rgba, ((size_t)(width + divisor - 1) / divisor) * ((height + divisor - 1) / divisor) * 4);
        int bits = k % 3 == 0 ? 10 : k % 3 == 1 ? 12 : 16, has_alpha = k % 2;
        int stride = (int)(width * (has_alpha ? 8 : 6)) + 2 * (int)below(5);
        uint8_t *plane = checked((size_t)stride * height);
        fill(plane, (size_t)stride * height);
        gr_heif_copy_deep(plane, stride, width, height, has_alpha, bits, rgba);
        report("deep-to-8-bit", "random", k, rgba, count * 4);
        free(rgba), free(plane);
    }
}

/* gr_math.h over the ranges the kernels and the Swift code (fling curves, Lanczos weights, carousel
 * transforms) use, and beyond. */
static void check_math(void) {
    for (unsigned k = 0; k < 40; k++) {
        seed(9000 + k);
        double values[5 * 64];
        for (int i = 0; i < 64; i++) {
            double u = unit(), wide = (unit() - 0.5) * 1400;
            values[i * 5] = gr_exp(k < 20 ? (u - 0.5) * 40 : wide);
            values[i * 5 + 1] = gr_log(k < 20 ? u * 4 : u * 1e300);
            values[i * 5 + 2] = gr_sin(k < 20 ? u * 3 * 3.141592653589793 : wide * 1000);
            values[i * 5 + 3] = gr_cbrt(k < 20 ? u : wide * 1e9);
            values[i * 5 + 4] = gr_pow(u, k < 20 ? 2.4 : wide / 100);
        }
        report("elementary-functions", k < 20 ? "in-use" : "wide", k, values, sizeof values);
        /* The carousels' turns: gr_cos and gr_tan (one argument reduction with gr_sin), and gr_acos. */
        double turns[3 * 64];
        for (int i = 0; i < 64; i++) {
            double u = unit(), wide = (unit() - 0.5) * 1400;
            turns[i * 3] = gr_cos(k < 20 ? (u - 0.5) * 4 * 3.141592653589793 : wide * 1000);
            turns[i * 3 + 1] = gr_tan(k < 20 ? (u - 0.5) * 3 : wide);
            /* The transitions' slerp: gr_acos, over [−1, 1] and close to 1. */
            turns[i * 3 + 2] = gr_acos(k < 20 ? u * 2 - 1 : 1 - u * u * 1e-6);
        }
        report("cos-tan", k < 20 ? "in-use" : "wide", k, turns, sizeof turns);
    }
}

/* The caption rasteriser: random closed polygons (points up to 10 px outside the grid, so the
 * clipping paths run too), a 64-gon circle at a fractional centre, each resolved to coverage. */
static void check_coverage(void) {
    for (unsigned k = 0; k < 40; k++) {
        seed(11000 + k);
        int width = 1 + (int)below(64), height = 1 + (int)below(64);
        double *cells = checked(sizeof(double) * (size_t)(width + 1) * (size_t)height);
        memset(cells, 0, sizeof(double) * (size_t)(width + 1) * (size_t)height);
        float *coverage = checked(sizeof(float) * (size_t)width * (size_t)height);
        int points = 3 + (int)below(40);
        double x[64], y[64];
        for (int i = 0; i < points; i++) {
            if (k % 4 == 0) {
                double angle = 2 * 3.141592653589793 * i / points;
                x[i] = width / 2.0 + 0.37 + width * 0.4 * gr_cos(angle);
                y[i] = height / 2.0 - 0.21 + height * 0.4 * gr_sin(angle);
            } else {
                x[i] = unit() * (width + 20) - 10;
                y[i] = unit() * (height + 20) - 10;
            }
        }
        for (int i = 0; i < points; i++) {
            int j = (i + 1) % points;
            gr_coverage_line(cells, width, height, x[i], y[i], x[j], y[j]);
        }
        gr_coverage_resolve(cells, width, height, coverage);
        report("coverage", k % 4 == 0 ? "circle" : "polygon", k, coverage, sizeof(float) * (size_t)width * height);
        free(cells), free(coverage);
    }
}

/* The shadow's Gaussian: random coverage grids blurred along rows and then columns by kernels made
 * as ShadowGrid makes them (gr_exp, normalised in double, rounded to float). */
static void check_gaussian(void) {
    for (unsigned k = 0; k < 20; k++) {
        seed(12000 + k);
        size_t columns = 1 + below(80), rows = 1 + below(80);
        double sigma = 0.3 + unit() * 6;
        long radius = (long)ceil(3 * sigma);
        size_t taps = (size_t)(2 * radius + 1);
        double weights[64], total = 0;
        float kernel[64];
        for (long i = -radius; i <= radius; i++) total += weights[i + radius] = gr_exp(-(double)(i * i) / (2 * sigma * sigma));
        for (size_t i = 0; i < taps; i++) kernel[i] = (float)(weights[i] / total);
        float *grid = checked(sizeof(float) * columns * rows), *across = checked(sizeof(float) * columns * rows);
        float *out = checked(sizeof(float) * columns * rows);
        for (size_t i = 0; i < columns * rows; i++) grid[i] = unit();
        gr_gaussian_lines(grid, across, columns, 1, rows, columns, kernel, taps);
        gr_gaussian_lines(across, out, rows, columns, columns, 1, kernel, taps);
        report("gaussian", "random", k, out, sizeof(float) * columns * rows);
        free(grid), free(across), free(out);
    }
}

int main(void) {
    check_math();
    check_quantise();
    check_unfilter();
    check_deflate();
    check_pixelmatch();
    check_delta_e();
    check_shaper();
    check_heif_pixels();
    check_coverage();
    check_gaussian();
    fprintf(stderr, "cross-check harness: %u cases at SIMD level %s\n", cases, gr_simd_name(gr_simd_level()));
    return 0;
}
