#include "gr_delta_e.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* sRGB component (0…255, already blended onto white) to linear light. */
static double linear(double c) {
    double v = c / 255.0;
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

/* The cube root of t (0.008856 < t < 2, the range CIELAB's f takes it on): a guess from the exponent
 * bits (within 6 %), then two Halley steps, each cubing the error: 2e-4, then below 1e-11 relative,
 * so the Lab values agree with libm's cbrt to 1e-9 at least, at a third of its time. */
static double cube_root(double t) {
    uint64_t bits;
    memcpy(&bits, &t, sizeof bits);
    bits = bits / 3 + 0x2A9F7893782DA1CEull;
    double y;
    memcpy(&y, &bits, sizeof y);
    for (int step = 0; step < 2; step++) {
        double y3 = y * y * y;
        y *= (y3 + 2 * t) / (2 * y3 + t);
    }
    return y;
}

static double lab_f(double t) {
    const double delta = 6.0 / 29.0;
    return t > delta * delta * delta ? cube_root(t) : t / (3 * delta * delta) + 4.0 / 29.0;
}

/* linear() of each 8-bit value: opaque pixels (nearly all of a frame) need no pow(). */
static double linear_table[256];

__attribute__((constructor)) static void fill_linear_table(void) {
    for (int c = 0; c < 256; c++) linear_table[c] = linear(c);
}

/* CIELAB (D65, 2°) of an RGBA pixel blended onto white. */
static void lab(const uint8_t p[4], double out[3]) {
    double r, g, b;
    if (p[3] == 255) {
        r = linear_table[p[0]], g = linear_table[p[1]], b = linear_table[p[2]];
    } else {
        double a = p[3] / 255.0;
        r = linear(255 + (p[0] - 255) * a), g = linear(255 + (p[1] - 255) * a), b = linear(255 + (p[2] - 255) * a);
    }
    double x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b;
    double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
    double z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b;
    double fx = lab_f(x / 0.95047), fy = lab_f(y), fz = lab_f(z / 1.08883);
    out[0] = 116 * fy - 16;
    out[1] = 500 * (fx - fy);
    out[2] = 200 * (fy - fz);
}

/* ΔE94 between two CIELAB colours, the chroma weights from `e`'s. */
static double delta_e94_lab(const double e[3], const double q[3]) {
    double dl = e[0] - q[0];
    double c1 = sqrt(e[1] * e[1] + e[2] * e[2]), c2 = sqrt(q[1] * q[1] + q[2] * q[2]);
    double dc = c1 - c2;
    double da = e[1] - q[1], db = e[2] - q[2];
    double dh2 = da * da + db * db - dc * dc;
    if (dh2 < 0) dh2 = 0;
    double sc = 1 + 0.045 * c1, sh = 1 + 0.015 * c1;
    return sqrt(dl * dl + (dc / sc) * (dc / sc) + dh2 / (sh * sh));
}

double gr_delta_e94(const uint8_t expected[4], const uint8_t actual[4]) {
    double e[3], q[3];
    lab(expected, e);
    lab(actual, q);
    return delta_e94_lab(e, q);
}

/* A direct-mapped cache of opaque colours' CIELAB: neighbouring pixels of photos repeat colours, and
 * cbrt is most of a conversion. Keys are 0xRRGGBB + 1 (0: empty). */
enum { CACHE_SLOTS = 4096 };
typedef struct {
    uint32_t key[CACHE_SLOTS];
    double lab[CACHE_SLOTS][3];
} lab_cache;

static const double *cached_lab(lab_cache *cache, const uint8_t p[4], double scratch[3]) {
    if (!cache || p[3] != 255) {
        lab(p, scratch);
        return scratch;
    }
    uint32_t rgb = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
    uint32_t slot = (rgb * 2654435761u) >> 20;
    if (cache->key[slot] != rgb + 1) {
        lab(p, cache->lab[slot]);
        cache->key[slot] = rgb + 1;
    }
    return cache->lab[slot];
}

uint64_t gr_delta_e94_rows(const uint8_t *expected, const uint8_t *actual, size_t width, size_t begin, size_t end,
                           size_t row_mask, double max_delta_e, uint8_t *diff) {
    uint64_t count = 0;
    lab_cache *cache = calloc(1, sizeof *cache); /* without it, every colour is converted */
    for (size_t y = begin; y < end; y++) {
        for (size_t x = 0; x < width; x++) {
            size_t i = (y * width + x) * 4, in = ((y & row_mask) * width + x) * 4;
            const uint8_t *e = expected + in, *a = actual + in;
            int differs = 0;
            if (memcmp(e, a, 4) != 0) {
                double se[3], sq[3];
                const double *le = cached_lab(cache, e, se);
                double copy[3] = {le[0], le[1], le[2]}; /* the next lookup may reuse its slot */
                differs = delta_e94_lab(copy, cached_lab(cache, a, sq)) > max_delta_e;
            }
            count += differs;
            if (!diff) continue;
            if (differs) {
                diff[i] = 255, diff[i + 1] = 0, diff[i + 2] = 0, diff[i + 3] = 255;
            } else {
                double alpha = e[3] / 255.0;
                double luma = 0.29889531 * (255 + (e[0] - 255) * alpha) + 0.58662247 * (255 + (e[1] - 255) * alpha) +
                              0.11448223 * (255 + (e[2] - 255) * alpha);
                uint8_t grey = (uint8_t)(255 + (luma - 255) * 0.1);
                diff[i] = diff[i + 1] = diff[i + 2] = grey, diff[i + 3] = 255;
            }
        }
    }
    free(cache);
    return count;
}
