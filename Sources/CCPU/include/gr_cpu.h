/*
 * CCPU: the one place the C kernels learn which SIMD paths they may take, and the floating-point
 * rule they all follow. Every C file with a SIMD path or floating-point arithmetic includes it first.
 *
 * Same bytes everywhere (CONTRACT.md): every SIMD path gives the portable path's bytes, and
 * GALLERY_RENDER_SIMD=none (or sse2, ssse3, avx, avx2) caps the level, for testing that promise.
 */
#ifndef GR_CPU_H
#define GR_CPU_H

/* No a·b + c fused into one rounding (clang does it wherever the CPU has FMA, as every arm64 CPU
 * has): the same source must give the same bytes on every CPU. Never fast-math either. */
#pragma STDC FP_CONTRACT OFF

/** The SIMD levels the kernels have paths for, each including the ones before it. */
typedef enum {
    GR_SIMD_NONE = 0, /* portable C only */
    GR_SIMD_SSE2 = 1,
    GR_SIMD_SSSE3 = 2,
    GR_SIMD_AVX = 3,
    GR_SIMD_AVX2 = 4,
} gr_simd;

/** The level in use: the best this CPU has, capped by GALLERY_RENDER_SIMD. Worked out once. */
gr_simd gr_simd_level(void);

/** The level's name as GALLERY_RENDER_SIMD spells it: "none", "sse2", "ssse3", "avx", "avx2". */
const char *gr_simd_name(gr_simd level);

/** 1 when GALLERY_RENDER_SIMD is unset, empty or names a level; 0 when it names none (ignored). */
int gr_simd_request_is_valid(void);

#endif
