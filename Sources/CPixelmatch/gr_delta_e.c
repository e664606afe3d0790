/*
 * swift-snapshot-testing's ΔE94 over rows. A changed pair of opaque pixels whose |ΔL*| surely exceeds
 * the limit differs at once (two table reads); the others go through the whole formula, four at a
 * time with AVX2 where the CPU has it. Both paths do the same operations in the same order (no fused
 * multiply-adds), so the counts and diff images do not depend on the CPU.
 */
#include "gr_delta_e.h"
#include "gr_pixelmatch_internal.h"
#include "gr_math.h"

#include <math.h>
#include <pthread.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#define GR_X86 1
#else
#define GR_X86 0
#endif

/* sRGB component (0…255, already blended onto white) to linear light. */
static double linear(double c) {
    double v = c / 255.0;
    return v <= 0.04045 ? v / 12.92 : gr_pow((v + 0.055) / 1.055, 2.4);
}

/* ∛t at t = k / 2048 for k = 0…2049 (gr_math.h: the same bits on every CPU). */
enum { ROOT_STEPS = 2048 };
static double root_table[ROOT_STEPS + 2];

/* The cube root of t (0.008856 < t ≤ 1 + 1e-4, the range CIELAB's f takes it on for 8-bit sRGB):
 * the table read between its entries (within 9e-5 relative at the low end), then a Halley step,
 * which cubes the error: within 4e-13 of the cube root over the range, at one division. */
static double cube_root(double t) {
    double s = t * ROOT_STEPS;
    size_t k = (size_t)s;
    if (k > ROOT_STEPS) k = ROOT_STEPS;
    double y = root_table[k] + (s - (double)k) * (root_table[k + 1] - root_table[k]);
    double y3 = y * y * y;
    return y * (y3 + 2 * t) / (2 * y3 + t);
}

static double lab_f(double t) {
    const double delta = 6.0 / 29.0;
    return t > delta * delta * delta ? cube_root(t) : t / (3 * delta * delta) + 4.0 / 29.0;
}

/* linear() of each 8-bit value: opaque pixels (nearly all of a frame) need no pow(). */
static double linear_table[256];

/* CIE L* at y = k / 4096 for k = 0…4097 (sRGB's Y reaches 1 + 1e-7). L* rises with Y, so an opaque
 * pixel's L* lies between the entries around its Y: bounds on |ΔL*| from two table reads. */
enum { LIGHTNESS_STEPS = 4096 };
static double lightness_table[LIGHTNESS_STEPS + 2];

static double luminance(const uint8_t p[4]) {
    return 0.2126729 * linear_table[p[0]] + 0.7151522 * linear_table[p[1]] + 0.0721750 * linear_table[p[2]];
}

/* The tables, in order: the lightness table takes cube roots. Filled on the first comparison, not at
 * start-up: every run of the program would otherwise pay for them (about half a millisecond). */
static pthread_once_t tables_filled = PTHREAD_ONCE_INIT;

static void fill_tables(void) {
    for (int k = 0; k < ROOT_STEPS + 2; k++) root_table[k] = gr_cbrt((double)k / ROOT_STEPS);
    for (int c = 0; c < 256; c++) linear_table[c] = linear(c);
    for (int k = 0; k < LIGHTNESS_STEPS + 2; k++) lightness_table[k] = 116 * lab_f((double)k / LIGHTNESS_STEPS) - 16;
}

/* Whether two opaque pixels' |ΔL*| surely exceeds `limit`. ΔE94 ≥ |ΔL*| (its lightness weight is 1
 * and the other terms are squares), so such a pair differs without the three cube roots of CIELAB.
 * The margin covers the cube root's last-bit wobble; a pair near the limit is left to the formula. */
static int lightness_surely_exceeds(const uint8_t e[4], const uint8_t a[4], double limit) {
    double ye = luminance(e), ya = luminance(a);
    size_t ke = (size_t)(ye * LIGHTNESS_STEPS), ka = (size_t)(ya * LIGHTNESS_STEPS);
    if (ke > LIGHTNESS_STEPS) ke = LIGHTNESS_STEPS;
    if (ka > LIGHTNESS_STEPS) ka = LIGHTNESS_STEPS;
    double gap = ye < ya ? lightness_table[ka] - lightness_table[ke + 1] : lightness_table[ke] - lightness_table[ka + 1];
    return gap > limit + 1e-6;
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

/* ΔE94² between two CIELAB colours, the chroma weights from `e`'s. */
static double delta_e94_squared(const double e[3], const double q[3]) {
    double dl = e[0] - q[0];
    double c1 = sqrt(e[1] * e[1] + e[2] * e[2]), c2 = sqrt(q[1] * q[1] + q[2] * q[2]);
    double dc = c1 - c2;
    double da = e[1] - q[1], db = e[2] - q[2];
    double dh2 = da * da + db * db - dc * dc;
    if (dh2 < 0) dh2 = 0;
    double sc = 1 + 0.045 * c1, sh = 1 + 0.015 * c1;
    double inverse = 1 / (sc * sh), dcw = dc * sh * inverse; /* dc / sc */
    return dl * dl + dcw * dcw + dh2 * (sc * inverse) * (sc * inverse);
}

double gr_delta_e94(const uint8_t expected[4], const uint8_t actual[4]) {
    pthread_once(&tables_filled, fill_tables);
    double e[3], q[3];
    lab(expected, e);
    lab(actual, q);
    return sqrt(delta_e94_squared(e, q));
}

/* ---- AVX2: the whole formula for four opaque pairs ------------------------------------------- */

#if GR_X86

/* The doubles table[k] for four indices. */
__attribute__((target("avx2"))) static inline __m256d gather(const double *table, __m128i k) {
    return _mm256_i32gather_pd(table, k, 8);
}

/* lab_f of four values, as lab_f and cube_root compute it. */
__attribute__((target("avx2"))) static inline __m256d lab_f4(__m256d t) {
    const double delta = 6.0 / 29.0;
    __m256d s = _mm256_mul_pd(t, _mm256_set1_pd(ROOT_STEPS));
    __m128i k = _mm_min_epi32(_mm256_cvttpd_epi32(s), _mm_set1_epi32(ROOT_STEPS));
    __m256d r0 = gather(root_table, k), r1 = gather(root_table, _mm_add_epi32(k, _mm_set1_epi32(1)));
    __m256d y = _mm256_add_pd(r0, _mm256_mul_pd(_mm256_sub_pd(s, _mm256_cvtepi32_pd(k)), _mm256_sub_pd(r1, r0)));
    __m256d y3 = _mm256_mul_pd(_mm256_mul_pd(y, y), y);
    __m256d two = _mm256_set1_pd(2);
    __m256d root = _mm256_div_pd(_mm256_mul_pd(y, _mm256_add_pd(y3, _mm256_mul_pd(two, t))),
                                 _mm256_add_pd(_mm256_mul_pd(two, y3), t));
    __m256d line = _mm256_add_pd(_mm256_div_pd(t, _mm256_set1_pd(3 * delta * delta)), _mm256_set1_pd(4.0 / 29.0));
    __m256d above = _mm256_cmp_pd(t, _mm256_set1_pd(delta * delta * delta), _CMP_GT_OQ);
    return _mm256_blendv_pd(line, root, above);
}

/* a·x + b·y + c·z, left to right. */
__attribute__((target("avx2"))) static inline __m256d weigh(double a, __m256d x, double b, __m256d y, double c,
                                                            __m256d z) {
    __m256d sum = _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(a), x), _mm256_mul_pd(_mm256_set1_pd(b), y));
    return _mm256_add_pd(sum, _mm256_mul_pd(_mm256_set1_pd(c), z));
}

/* CIELAB of four opaque pixels, as lab() computes it. */
__attribute__((target("avx2"))) static inline void lab4(__m128i pixels, __m256d out[3]) {
    const __m128i red = _mm_set1_epi32(0xff);
    __m256d r = gather(linear_table, _mm_and_si128(pixels, red));
    __m256d g = gather(linear_table, _mm_and_si128(_mm_srli_epi32(pixels, 8), red));
    __m256d b = gather(linear_table, _mm_and_si128(_mm_srli_epi32(pixels, 16), red));
    __m256d x = weigh(0.4124564, r, 0.3575761, g, 0.1804375, b);
    __m256d y = weigh(0.2126729, r, 0.7151522, g, 0.0721750, b);
    __m256d z = weigh(0.0193339, r, 0.1191920, g, 0.9503041, b);
    __m256d fx = lab_f4(_mm256_div_pd(x, _mm256_set1_pd(0.95047))), fy = lab_f4(y);
    __m256d fz = lab_f4(_mm256_div_pd(z, _mm256_set1_pd(1.08883)));
    out[0] = _mm256_sub_pd(_mm256_mul_pd(_mm256_set1_pd(116), fy), _mm256_set1_pd(16));
    out[1] = _mm256_mul_pd(_mm256_set1_pd(500), _mm256_sub_pd(fx, fy));
    out[2] = _mm256_mul_pd(_mm256_set1_pd(200), _mm256_sub_pd(fy, fz));
}

/* delta_e94_squared of four pairs. */
__attribute__((target("avx2"))) static inline __m256d delta_e94_squared4(const __m256d e[3], const __m256d q[3]) {
    __m256d dl = _mm256_sub_pd(e[0], q[0]);
    __m256d c1 = _mm256_sqrt_pd(_mm256_add_pd(_mm256_mul_pd(e[1], e[1]), _mm256_mul_pd(e[2], e[2])));
    __m256d c2 = _mm256_sqrt_pd(_mm256_add_pd(_mm256_mul_pd(q[1], q[1]), _mm256_mul_pd(q[2], q[2])));
    __m256d dc = _mm256_sub_pd(c1, c2), da = _mm256_sub_pd(e[1], q[1]), db = _mm256_sub_pd(e[2], q[2]);
    __m256d dh2 = _mm256_sub_pd(_mm256_add_pd(_mm256_mul_pd(da, da), _mm256_mul_pd(db, db)), _mm256_mul_pd(dc, dc));
    dh2 = _mm256_max_pd(dh2, _mm256_setzero_pd());
    __m256d one = _mm256_set1_pd(1);
    __m256d sc = _mm256_add_pd(one, _mm256_mul_pd(_mm256_set1_pd(0.045), c1));
    __m256d sh = _mm256_add_pd(one, _mm256_mul_pd(_mm256_set1_pd(0.015), c1));
    __m256d inverse = _mm256_div_pd(one, _mm256_mul_pd(sc, sh));
    __m256d dcw = _mm256_mul_pd(_mm256_mul_pd(dc, sh), inverse), hw = _mm256_mul_pd(sc, inverse);
    __m256d sum = _mm256_add_pd(_mm256_mul_pd(dl, dl), _mm256_mul_pd(dcw, dcw));
    return _mm256_add_pd(sum, _mm256_mul_pd(_mm256_mul_pd(dh2, hw), hw));
}

/* Verdicts for the opaque pairs at xs[0..<n] of two rows (the last repeated to fill four). */
__attribute__((target("avx2"))) static void judge_avx2(const uint8_t *e, const uint8_t *a, const uint32_t *xs, size_t n,
                                                       double limit_squared, uint8_t *verdict) {
    __m256d limit = _mm256_set1_pd(limit_squared);
    for (size_t i = 0; i < n; i += 4) {
        uint32_t x[4], pe[4], pa[4];
        for (int lane = 0; lane < 4; lane++) {
            x[lane] = xs[i + lane < n ? i + lane : n - 1];
            memcpy(&pe[lane], e + 4 * (size_t)x[lane], 4);
            memcpy(&pa[lane], a + 4 * (size_t)x[lane], 4);
        }
        __m256d le[3], la[3];
        lab4(_mm_loadu_si128((const __m128i *)pe), le);
        lab4(_mm_loadu_si128((const __m128i *)pa), la);
        int over = _mm256_movemask_pd(_mm256_cmp_pd(delta_e94_squared4(le, la), limit, _CMP_GT_OQ));
        for (int lane = 0; lane < 4 && i + (size_t)lane < n; lane++) verdict[x[lane]] = (uint8_t)(over >> lane & 1);
    }
}

#endif

/* ---- Rows -------------------------------------------------------------------------------------- */

static void judge_portable(const uint8_t *e, const uint8_t *a, const uint32_t *xs, size_t n, double limit_squared,
                           uint8_t *verdict) {
    for (size_t i = 0; i < n; i++) {
        double le[3], la[3];
        lab(e + 4 * (size_t)xs[i], le);
        lab(a + 4 * (size_t)xs[i], la);
        verdict[xs[i]] = delta_e94_squared(le, la) > limit_squared;
    }
}

/* Pixels a row is judged in at once: the verdicts and the pairs left to the formula fit the stack. */
enum { SPAN = 256 };

/* Verdicts (1: over the limit) for pixels [0, n) of two rows. */
static void judge_span(const uint8_t *e, const uint8_t *a, size_t n, double max_delta_e, int level,
                       uint8_t verdict[SPAN]) {
    double limit_squared = max_delta_e * max_delta_e;
    uint32_t pending[SPAN];
    size_t waiting = 0;
    for (size_t x = 0; x < n; x++) {
        const uint8_t *p = e + 4 * x, *q = a + 4 * x;
        verdict[x] = 0;
        if (memcmp(p, q, 4) == 0) continue;
        if (p[3] == 255 && q[3] == 255) {
            uint8_t exceeds = (uint8_t)lightness_surely_exceeds(p, q, max_delta_e);
            verdict[x] = exceeds;
            pending[waiting] = (uint32_t)x; /* kept only when the bound did not settle it */
            waiting += !exceeds;
        } else {
            double lp[3], lq[3];
            lab(p, lp);
            lab(q, lq);
            verdict[x] = delta_e94_squared(lp, lq) > limit_squared;
        }
    }
#if GR_X86
    if (level >= gr_pm_level_avx2) {
        judge_avx2(e, a, pending, waiting, limit_squared, verdict);
        return;
    }
#endif
    (void)level;
    judge_portable(e, a, pending, waiting, limit_squared, verdict);
}

uint64_t gr_delta_e94_rows(const uint8_t *expected, const uint8_t *actual, size_t width, size_t begin, size_t end,
                           size_t row_mask, double max_delta_e, uint8_t *diff) {
    pthread_once(&tables_filled, fill_tables);
    uint64_t count = 0;
    int level = gr_pm_level();
    uint8_t verdict[SPAN];
    for (size_t y = begin; y < end; y++) {
        const uint8_t *e_row = expected + (y & row_mask) * width * 4, *a_row = actual + (y & row_mask) * width * 4;
        for (size_t from = 0; from < width; from += SPAN) {
            size_t n = width - from < SPAN ? width - from : SPAN;
            const uint8_t *e = e_row + 4 * from;
            judge_span(e, a_row + 4 * from, n, max_delta_e, level, verdict);
            for (size_t x = 0; x < n; x++) count += verdict[x];
            if (!diff) continue;
            uint8_t *out = diff + (y * width + from) * 4;
            for (size_t x = 0; x < n; x++) {
                const uint8_t *p = e + 4 * x;
                uint8_t *d = out + 4 * x;
                if (verdict[x]) {
                    d[0] = 255, d[1] = 0, d[2] = 0, d[3] = 255;
                } else {
                    double alpha = p[3] / 255.0;
                    double luma = 0.29889531 * (255 + (p[0] - 255) * alpha) + 0.58662247 * (255 + (p[1] - 255) * alpha) +
                                  0.11448223 * (255 + (p[2] - 255) * alpha);
                    uint8_t grey = (uint8_t)(255 + (luma - 255) * 0.1);
                    d[0] = d[1] = d[2] = grey, d[3] = 255;
                }
            }
        }
    }
    return count;
}
