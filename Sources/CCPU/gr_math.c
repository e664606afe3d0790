#include "gr_cpu.h"
#include "gr_math.h"

#include <math.h>

/* ln 2 and π/2 in two parts, the first with trailing zero bits, so that n · first part is exact for
 * the n used here (fdlibm's constants). */
static const double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
static const double pio2_1 = 1.57079632673412561417e+00, pio2_2 = 6.07710050630396597660e-11,
                    pio2_3 = 2.02226624879595063154e-21;

/* x rounded to the nearest integer, halves away from zero (no rounding-mode dependence). */
static double nearest(double x) { return (double)(long long)(x + (x < 0 ? -0.5 : 0.5)); }

double gr_exp(double x) {
    if (x != x) return x;
    if (x > 709.782712893384) return INFINITY;
    if (x < -745.1332191019412) return 0;
    double k = nearest(x * 1.44269504088896338700);
    double r = (x - k * ln2_hi) - k * ln2_lo; /* |r| ≤ ln 2 / 2 */
    /* Taylor to r^14 / 14!: its remainder is below 2^-60 on this interval. */
    static const double c[] = {1.0 / 87178291200, 1.0 / 6227020800, 1.0 / 479001600, 1.0 / 39916800,
                               1.0 / 3628800,     1.0 / 362880,     1.0 / 40320,     1.0 / 5040,
                               1.0 / 720,         1.0 / 120,        1.0 / 24,        1.0 / 6,
                               1.0 / 2};
    double p = c[0];
    for (int i = 1; i < 13; i++) p = p * r + c[i];
    double e = 1 + (r + r * r * p);
    return ldexp(e, (int)k);
}

double gr_log(double x) {
    if (x != x || x < 0) return NAN;
    if (x == 0) return -INFINITY;
    if (x == INFINITY) return x;
    int exponent;
    double m = frexp(x, &exponent); /* [0.5, 1) */
    if (m < 0.70710678118654752440) m *= 2, exponent--;
    /* ln m = 2 atanh s, s = (m − 1) / (m + 1), |s| ≤ 0.1716: the series to s^25. */
    double f = m - 1, s = f / (2 + f), z = s * s;
    double t = 1.0 / 25;
    for (int n = 23; n >= 3; n -= 2) t = t * z + 1.0 / n;
    double k = exponent;
    return k * ln2_hi + (2 * s + (2 * s * (z * t) + k * ln2_lo));
}

double gr_pow(double x, double y) {
    if (y == 0 || x == 1) return 1;
    if (x != x || y != y || x < 0) return NAN;
    if (x == 0) return y > 0 ? 0 : INFINITY;
    return gr_exp(y * gr_log(x));
}

/* sin and cos of |r| ≤ π/4, Taylor to r^17 and r^18. */
static double sin_kernel(double r) {
    double z = r * r, p = 1.0 / 355687428096000;
    static const double c[] = {-1.0 / 1307674368000, 1.0 / 6227020800, -1.0 / 39916800, 1.0 / 362880,
                               -1.0 / 5040,          1.0 / 120,         -1.0 / 6};
    for (int i = 0; i < 7; i++) p = p * z + c[i];
    return r + r * (z * p);
}

static double cos_kernel(double r) {
    double z = r * r, p = -1.0 / 6402373705728000;
    static const double c[] = {1.0 / 20922789888000, -1.0 / 87178291200, 1.0 / 479001600, -1.0 / 3628800,
                               1.0 / 40320,          -1.0 / 720,         1.0 / 24};
    for (int i = 0; i < 7; i++) p = p * z + c[i];
    return 1 - (0.5 * z - z * (z * p));
}

/* x reduced by π/2 (for |x| below 10^9): x = n·π/2 + r with |r| ≤ π/4; returns n mod 4. */
static long long reduce(double x, double *r) {
    double n = nearest(x * 6.36619772367581382433e-01); /* x / (π/2) */
    *r = ((x - n * pio2_1) - n * pio2_2) - n * pio2_3;
    return (long long)n & 3;
}

double gr_sin(double x) {
    if (!(x > -1e9 && x < 1e9)) return NAN; /* NaN, ±∞, and beyond where the reduction holds */
    double r;
    switch (reduce(x, &r)) {
    case 0: return sin_kernel(r);
    case 1: return cos_kernel(r);
    case 2: return -sin_kernel(r);
    default: return -cos_kernel(r);
    }
}

double gr_cos(double x) {
    if (!(x > -1e9 && x < 1e9)) return NAN;
    double r;
    switch (reduce(x, &r)) {
    case 0: return cos_kernel(r);
    case 1: return -sin_kernel(r);
    case 2: return -cos_kernel(r);
    default: return sin_kernel(r);
    }
}

double gr_tan(double x) {
    if (!(x > -1e9 && x < 1e9)) return NAN;
    double r;
    /* tan(r + π/2) = −cos r / sin r; tan has period π. */
    return reduce(x, &r) & 1 ? -cos_kernel(r) / sin_kernel(r) : sin_kernel(r) / cos_kernel(r);
}

double gr_cbrt(double x) {
    if (x == 0 || x != x || x == INFINITY || x == -INFINITY) return x;
    double magnitude = x < 0 ? -x : x;
    int exponent;
    double m = frexp(magnitude, &exponent); /* [0.5, 1) */
    int rest = ((exponent % 3) + 3) % 3;
    m = ldexp(m, rest), exponent -= rest; /* m in [0.5, 4), exponent a multiple of 3 */
    /* From a line through the ends (within 25 %), Newton's steps for y³ = m: each squares the error. */
    double y = 0.7 + 0.23 * m;
    for (int i = 0; i < 7; i++) y = y - (y * y * y - m) / (3 * y * y);
    y = ldexp(y, exponent / 3);
    return x < 0 ? -y : y;
}

/* atan for 0 ≤ x ≤ 1: halved twice by atan x = 2·atan(x / (1 + √(1 + x²))) (√ is exact-rounded
 * everywhere), to |x| ≤ tan(π/16) < 0.2, then its Taylor series to x^27 (the next term < 2·10^-20). */
static double atan_unit(double x) {
    for (int i = 0; i < 2; i++) x = x / (1 + sqrt(1 + x * x));
    double x2 = x * x, sum = 0;
    for (int n = 27; n >= 3; n -= 2) sum = (n % 4 == 1 ? 1.0 : -1.0) / n + x2 * sum;
    return 4 * (x + x * x2 * sum);
}

double gr_acos(double x) {
    if (!(x >= -1 && x <= 1)) return NAN;
    if (x == -1) return 3.141592653589793;
    /* acos x = 2·atan √((1 − x)/(1 + x)), accurate near 1 where √(1 − x²) is not. */
    double t = sqrt((1 - x) / (1 + x));
    return 2 * (t <= 1 ? atan_unit(t) : 1.5707963267948966 - atan_unit(1 / t));
}
