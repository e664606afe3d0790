#include "gr_delta_e.h"

#include <math.h>
#include <string.h>

/* sRGB component (0…255, already blended onto white) to linear light. */
static double linear(double c) {
    double v = c / 255.0;
    return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

static double lab_f(double t) {
    const double delta = 6.0 / 29.0;
    return t > delta * delta * delta ? cbrt(t) : t / (3 * delta * delta) + 4.0 / 29.0;
}

/* CIELAB (D65, 2°) of an RGBA pixel blended onto white. */
static void lab(const uint8_t p[4], double out[3]) {
    double a = p[3] / 255.0;
    double r = linear(255 + (p[0] - 255) * a), g = linear(255 + (p[1] - 255) * a), b = linear(255 + (p[2] - 255) * a);
    double x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b;
    double y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b;
    double z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b;
    double fx = lab_f(x / 0.95047), fy = lab_f(y), fz = lab_f(z / 1.08883);
    out[0] = 116 * fy - 16;
    out[1] = 500 * (fx - fy);
    out[2] = 200 * (fy - fz);
}

double gr_delta_e94(const uint8_t expected[4], const uint8_t actual[4]) {
    double e[3], q[3];
    lab(expected, e);
    lab(actual, q);
    double dl = e[0] - q[0];
    double c1 = sqrt(e[1] * e[1] + e[2] * e[2]), c2 = sqrt(q[1] * q[1] + q[2] * q[2]);
    double dc = c1 - c2;
    double da = e[1] - q[1], db = e[2] - q[2];
    double dh2 = da * da + db * db - dc * dc;
    if (dh2 < 0) dh2 = 0;
    double sc = 1 + 0.045 * c1, sh = 1 + 0.015 * c1;
    return sqrt(dl * dl + (dc / sc) * (dc / sc) + dh2 / (sh * sh));
}

uint64_t gr_delta_e94_rows(const uint8_t *expected, const uint8_t *actual, size_t width, size_t begin, size_t end,
                           double max_delta_e, uint8_t *diff) {
    uint64_t count = 0;
    for (size_t y = begin; y < end; y++) {
        for (size_t x = 0; x < width; x++) {
            size_t i = (y * width + x) * 4;
            const uint8_t *e = expected + i, *a = actual + i;
            int differs = memcmp(e, a, 4) != 0 && gr_delta_e94(e, a) > max_delta_e;
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
    return count;
}
