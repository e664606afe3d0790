/*
 * Elementary functions that give the same bits on every CPU and system: only IEEE 754 additions,
 * multiplications, divisions (each correctly rounded, never fused: gr_cpu.h) and the exact frexp and
 * ldexp. libm's are not: glibc's cbrt gives other bits on arm64 than on x86-64 (`make cross-check`
 * found it), its pow and exp pick FMA versions at run time, and Apple's libm is another code base.
 * Where a rendered or compared pixel depends on an elementary function (Lanczos weights, fling
 * curves, CIELAB, the carousels' rotations), it is one of these. exp, log, sin, cos and cbrt are
 * within 3 units in the last place of the true value, acos within 5, tan (their quotient) within about 7; pow, being
 * e^(y · ln x), within about |y · ln x| units (10 for the x^2.4 of sRGB).
 * Not correctly rounded, which no one needs: the same everywhere is the point.
 */
#ifndef GR_MATH_H
#define GR_MATH_H

/** e^x. */
double gr_exp(double x);

/** The natural logarithm: NaN below 0, −∞ at 0. */
double gr_log(double x);

/** x^y for x > 0 (as e^(y · ln x)); 1 when y is 0 or x is 1 (NaN or not, as IEEE 754 says); 0 at
 * x = 0 for y > 0; NaN below 0. */
double gr_pow(double x, double y);

/** The sine of x (radians), for |x| below 10^9; NaN beyond (the reduction by π/2 no longer holds). */
double gr_sin(double x);

/** The cosine of x (radians), for |x| below 10^9; NaN beyond, as gr_sin. */
double gr_cos(double x);

/** The tangent of x (radians), gr_sin's reduction with the quotient of its kernels, for |x| below
 * 10^9; NaN beyond, as gr_sin. */
double gr_tan(double x);

/** The arc cosine of x in [0, π], for −1 ≤ x ≤ 1; NaN beyond (the carousels' transitions slerp
 * quaternions with it). */
double gr_acos(double x);

/** The real cube root. */
double gr_cbrt(double x);

#endif
