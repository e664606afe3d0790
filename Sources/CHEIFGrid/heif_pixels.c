/* The pixel loops of gr_heif (heif_pixels.h): integer arithmetic but for the conversion tables. */
#include "gr_cpu.h"
#include "heif_pixels.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void gr_heif_copy_deep(const uint8_t *plane, int stride, uint32_t width, uint32_t height, int alpha, int bits,
                       uint8_t *pixels) {
    int channels = alpha ? 4 : 3;
    uint32_t max = bits > 8 ? (1u << bits) - 1 : 255;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = plane + (size_t)y * (size_t)stride;
        uint8_t *to = pixels + (size_t)y * width * 4;
        for (uint32_t x = 0; x < width; x++) {
            for (int c = 0; c < 4; c++) {
                uint32_t v;
                if (c == 3 && !alpha) {
                    v = 255;
                } else if (bits > 8) {
                    const uint8_t *sample = row + ((size_t)x * (size_t)channels + (size_t)c) * 2;
                    uint32_t raw = (uint32_t)sample[0] | ((uint32_t)sample[1] << 8);
                    if (raw > max) raw = max;
                    v = (raw * 255 + max / 2) / max;
                } else {
                    v = row[(size_t)x * (size_t)channels + (size_t)c];
                }
                to[(size_t)x * 4 + (size_t)c] = (uint8_t)v;
            }
        }
    }
}

/* Kr and Kb of a CICP matrix (ITU-T H.273); 0 for GBR (identity); -1 for one not handled here. */
static int luma_weights(int matrix, double *kr, double *kb) {
    switch (matrix) {
    case 0: *kr = *kb = 0; return 0;
    case 1: *kr = 0.2126, *kb = 0.0722; return 1;
    case 2: case 5: case 6: *kr = 0.299, *kb = 0.114; return 1;
    case 4: *kr = 0.30, *kb = 0.11; return 1;
    case 7: *kr = 0.212, *kb = 0.087; return 1;
    case 9: case 10: *kr = 0.2627, *kb = 0.0593; return 1;
    default: return -1;
    }
}

/* Y, Cb, Cr to RGB as tables in 16.16 fixed point, one term per value: R = y + rv[Cr], G = y + gu[Cb] +
 * gv[Cr], B = y + bu[Cb] (for GBR, R = rv[Cr], G = y[Y], B = bu[Cb]). */
typedef struct {
    int32_t y[256], rv[256], gu[256], gv[256], bu[256];
    int gbr;
} conversion;

/* The tables of matrix (kr, kb; gbr for the identity) at full or limited range. */
static void make_conversion(conversion *t, double kr, double kb, int gbr, int full_range) {
    double luma_scale = full_range ? 1.0 : 255.0 / 219.0, chroma_scale = full_range ? 1.0 : 255.0 / 224.0;
    double luma_offset = full_range ? 0 : 16, kg = 1 - kr - kb;
    t->gbr = gbr;
    for (int v = 0; v < 256; v++) {
        /* GBR (H.273 matrix 0) quantises all three components as luma: 219 around 16 when limited. */
        double y = (v - luma_offset) * luma_scale, c = (v - 128) * chroma_scale;
        t->y[v] = (int32_t)lround(y * 65536);
        t->rv[v] = (int32_t)lround((gbr ? y : 2 * (1 - kr) * c) * 65536);
        t->gu[v] = gbr ? 0 : (int32_t)lround(-(2 * kb * (1 - kb) / kg) * c * 65536);
        t->gv[v] = gbr ? 0 : (int32_t)lround(-(2 * kr * (1 - kr) / kg) * c * 65536);
        t->bu[v] = (int32_t)lround((gbr ? y : 2 * (1 - kb) * c) * 65536);
    }
}

/* A 16.16 value whose rounding half (32768) is already in it, clipped to a byte. */
static inline uint32_t rounded_byte(int32_t v) {
    int32_t r = v >> 16;
    return (uint32_t)(r < 0 ? 0 : r > 255 ? 255 : r);
}

/* A 16.16 value rounded and clipped to a byte. */
static inline uint32_t fixed_byte(int32_t v) { return rounded_byte(v + 32768); }

/*
 * The common case of the loop below, the same sums: YCbCr 4:2:0 without alpha, an even divisor. Each
 * chroma sample's three terms are looked up once for the (up to) 2 × 2 luma samples it covers, and
 * each output pixel is summed in one go over its block.
 */
static void convert_420(const gr_heif_plane planes[4], uint32_t width, uint32_t height, uint32_t divisor,
                        const conversion *table, const gr_heif_window *window, uint8_t *pixels) {
    uint32_t out_w = (width + divisor - 1) / divisor;
    for (uint32_t oy = window->y0; oy < window->y1; oy++) {
        uint32_t y_start = oy * divisor, y_end = y_start + divisor < height ? y_start + divisor : height;
        for (uint32_t ox = window->x0; ox < window->x1; ox++) {
            uint32_t x_start = ox * divisor, x_end = x_start + divisor < width ? x_start + divisor : width;
            uint32_t r = 0, g = 0, b = 0;
            for (uint32_t y = y_start; y < y_end; y += 2) {
                const uint8_t *luma = planes[0].data + (size_t)y * (size_t)planes[0].stride;
                const uint8_t *below = y + 1 < y_end ? luma + planes[0].stride : NULL;
                const uint8_t *cb = planes[1].data + (size_t)(y >> 1) * (size_t)planes[1].stride;
                const uint8_t *cr = planes[2].data + (size_t)(y >> 1) * (size_t)planes[2].stride;
                for (uint32_t x = x_start; x < x_end; x += 2) {
                    int32_t u = cb[x >> 1], v = cr[x >> 1];
                    int32_t red = table->rv[v] + 32768, green = table->gu[u] + table->gv[v] + 32768,
                            blue = table->bu[u] + 32768;
                    int pair = x + 1 < x_end;
                    int32_t l = table->y[luma[x]];
                    r += rounded_byte(l + red), g += rounded_byte(l + green), b += rounded_byte(l + blue);
                    if (pair) {
                        l = table->y[luma[x + 1]];
                        r += rounded_byte(l + red), g += rounded_byte(l + green), b += rounded_byte(l + blue);
                    }
                    if (below) {
                        l = table->y[below[x]];
                        r += rounded_byte(l + red), g += rounded_byte(l + green), b += rounded_byte(l + blue);
                        if (pair) {
                            l = table->y[below[x + 1]];
                            r += rounded_byte(l + red), g += rounded_byte(l + green), b += rounded_byte(l + blue);
                        }
                    }
                }
            }
            uint32_t count = (x_end - x_start) * (y_end - y_start);
            uint8_t *pixel = pixels + ((size_t)oy * out_w + ox) * 4;
            pixel[0] = (uint8_t)((r + count / 2) / count);
            pixel[1] = (uint8_t)((g + count / 2) / count);
            pixel[2] = (uint8_t)((b + count / 2) / count);
            pixel[3] = 255;
        }
    }
}

/* gr_heif_convert_reduced, with the 4:2:0 loop allowed or not (gr_heif_convert_for_test). */
static int convert_reduced(const gr_heif_plane planes[4], uint32_t width, uint32_t height, uint32_t divisor, int ycbcr,
                           int matrix, int full_range, const gr_heif_window *window, int allow_420, uint8_t *pixels) {
    double kr = 0, kb = 0;
    int weighted = ycbcr ? luma_weights(matrix, &kr, &kb) : 1;
    if (weighted < 0) return 0;
    conversion table;
    table.gbr = 0; /* read below only when ycbcr; set so that no compiler doubts it */
    if (ycbcr) make_conversion(&table, kr, kb, weighted == 0, full_range);
    uint32_t shift = divisor == 8 ? 3 : divisor == 4 ? 2 : divisor == 2 ? 1 : 0;
    int has_alpha = planes[3].data != NULL;
    uint32_t sx[4] = {0}, sy[4] = {0};
    for (int c = 0; c < 4; c++) {
        if (c == 3 && !has_alpha) continue;
        sx[c] = planes[c].half_width ? 1 : 0, sy[c] = planes[c].half_height ? 1 : 0;
        if ((sx[c] || sy[c]) && (!ycbcr || c == 0 || c == 3)) return 0; /* only chroma is subsampled */
        if (!planes[c].data || planes[c].width != (width + sx[c]) >> sx[c] ||
            planes[c].height != (height + sy[c]) >> sy[c])
            return 0;
    }
    uint32_t out_w = (width + divisor - 1) / divisor, out_h = (height + divisor - 1) / divisor;
    gr_heif_window part = window != NULL && window->x1 > 0 ? *window : (gr_heif_window){0, 0, out_w, out_h};
    if (part.x1 > out_w) part.x1 = out_w;
    if (part.y1 > out_h) part.y1 = out_h;
    if (part.x0 >= part.x1 || part.y0 >= part.y1) return 1;
    if (allow_420 && ycbcr && !table.gbr && !has_alpha && divisor % 2 == 0 && sx[1] && sy[1] && sx[2] && sy[2]) {
        convert_420(planes, width, height, divisor, &table, &part, pixels);
        return 1;
    }
    uint32_t *sums = calloc((size_t)out_w * 4, sizeof *sums);
    if (!sums) return 0;
    for (uint32_t oy = part.y0; oy < part.y1; oy++) {
        memset(sums, 0, (size_t)out_w * 4 * sizeof *sums);
        uint32_t y_end = oy * divisor + divisor < height ? oy * divisor + divisor : height;
        for (uint32_t y = oy * divisor; y < y_end; y++) {
            const uint8_t *rows[4];
            for (int c = 0; c < 4; c++)
                rows[c] = planes[c].data ? planes[c].data + (size_t)(y >> sy[c]) * (size_t)planes[c].stride : NULL;
            uint32_t su = sx[1], sv = sx[2];
            for (uint32_t ox = part.x0; ox < part.x1; ox++) {
                uint32_t x0 = ox << shift, x1 = x0 + divisor < width ? x0 + divisor : width;
                uint32_t r = 0, g = 0, b = 0, a = 0;
                const uint8_t *p0 = rows[0], *p1 = rows[1], *p2 = rows[2];
                if (!ycbcr) {
                    for (uint32_t x = x0; x < x1; x++) r += p0[x], g += p1[x], b += p2[x];
                } else if (table.gbr) {
                    for (uint32_t x = x0; x < x1; x++)
                        r += fixed_byte(table.rv[p2[x >> sv]]), g += fixed_byte(table.y[p0[x]]),
                            b += fixed_byte(table.bu[p1[x >> su]]);
                } else {
                    for (uint32_t x = x0; x < x1; x++) {
                        int32_t y = table.y[p0[x]], u = p1[x >> su], v = p2[x >> sv];
                        r += fixed_byte(y + table.rv[v]);
                        g += fixed_byte(y + table.gu[u] + table.gv[v]);
                        b += fixed_byte(y + table.bu[u]);
                    }
                }
                if (has_alpha) {
                    for (uint32_t x = x0; x < x1; x++) a += rows[3][x];
                } else {
                    a = 255 * (x1 - x0);
                }
                uint32_t *sum = sums + (size_t)ox * 4;
                sum[0] += r, sum[1] += g, sum[2] += b, sum[3] += a;
            }
        }
        for (uint32_t ox = part.x0; ox < part.x1; ox++) {
            uint32_t x_end = ox * divisor + divisor < width ? ox * divisor + divisor : width;
            uint32_t count = (x_end - ox * divisor) * (y_end - oy * divisor);
            for (int c = 0; c < 4; c++)
                pixels[((size_t)oy * out_w + ox) * 4 + (size_t)c] = (uint8_t)((sums[(size_t)ox * 4 + (size_t)c] + count / 2) / count);
        }
    }
    free(sums);
    return 1;
}

int gr_heif_convert_reduced(const gr_heif_plane planes[4], uint32_t width, uint32_t height, uint32_t divisor,
                            int ycbcr, int matrix, int full_range, const gr_heif_window *window, uint8_t *pixels) {
    return convert_reduced(planes, width, height, divisor, ycbcr, matrix, full_range, window, 1, pixels);
}

int gr_heif_convert_for_test(const uint8_t *luma, const uint8_t *cb, const uint8_t *cr, uint32_t width,
                             uint32_t height, int subsampling, uint32_t divisor, int matrix, int full_range,
                             const uint32_t window[4], int general_loop, uint8_t *pixels) {
    uint8_t half_w = subsampling > 0, half_h = subsampling > 1;
    uint32_t cw = (width + half_w) >> half_w, ch = (height + half_h) >> half_h;
    gr_heif_plane planes[4] = {{luma, (int)width, width, height, 0, 0},
                               {cb, (int)cw, cw, ch, half_w, half_h},
                               {cr, (int)cw, cw, ch, half_w, half_h},
                               {0}};
    gr_heif_window part = {window[0], window[1], window[2], window[3]};
    return convert_reduced(planes, width, height, divisor, 1, matrix, full_range, &part, !general_loop, pixels);
}

void gr_heif_reduce_rgba(uint8_t *rgba, uint32_t width, uint32_t height, uint32_t divisor) {
    uint32_t out_w = (width + divisor - 1) / divisor, out_h = (height + divisor - 1) / divisor;
    for (uint32_t oy = 0; oy < out_h; oy++) {
        for (uint32_t ox = 0; ox < out_w; ox++) {
            uint32_t sums[4] = {0}, count = 0;
            for (uint32_t y = oy * divisor; y < oy * divisor + divisor && y < height; y++)
                for (uint32_t x = ox * divisor; x < ox * divisor + divisor && x < width; x++, count++)
                    for (int c = 0; c < 4; c++) sums[c] += rgba[((size_t)y * width + x) * 4 + (size_t)c];
            /* Output pixel (ox, oy) is written after every input pixel it reads: (ox, oy) ≤ (x, y). */
            for (int c = 0; c < 4; c++) rgba[((size_t)oy * out_w + ox) * 4 + (size_t)c] = (uint8_t)((sums[c] + count / 2) / count);
        }
    }
}

void gr_heif_unpremultiply(uint8_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint8_t *p = pixels + i * 4;
        uint32_t a = p[3];
        if (a == 0 || a == 255) continue;
        for (int c = 0; c < 3; c++) {
            uint32_t v = ((uint32_t)p[c] * 255 + a / 2) / a;
            p[c] = (uint8_t)(v > 255 ? 255 : v);
        }
    }
}
