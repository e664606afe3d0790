/*
 * libjpeg-turbo's 6×6 and 3×3 inverse DCTs in AVX2, giving its bytes exactly.
 *
 * At a DCT scale of 3/8 (a 4032-px photo in an @3x item) libjpeg-turbo transforms 4:2:0 luma with
 * its 3×3 IDCT and chroma with its 6×6 one (6/8: luma 6×6), both plain C from jidctint.c: about a
 * fifth of such a decode. These kernels do the same integer arithmetic in 32-bit lanes: the same
 * dequantisation (16-bit coefficient × 16-bit table entry), the same constants (13-bit fixed point),
 * the same two passes with the same roundings and shifts, and the same range limiting (libjpeg's
 * table for an 8-bit IDCT output x gives clamp(x wrapped to 10 signed bits + 128, 0, 255)).
 *
 * libjpeg computes in 64 bits (JLONG), so a lane could overflow where it does not. Each kernel
 * therefore checks the dequantised coefficients before its first pass and the intermediate values
 * before its second against bounds under which no sum can leave 32 bits (worked out at the bounds
 * below); a block outside them — never a photo's, only damaged or hostile data — is handed to
 * libjpeg's own function. Same bytes everywhere (gr_cpu.h): the portable path is libjpeg's.
 * cinfo->idct is libjpeg-turbo's private struct: read and written only with the version the headers
 * describe loaded (gr_jpeg_guard.c); anywhere else libjpeg's transforms run, as with plain_idct.
 */
#include <gr_cpu.h>

/* jpeglib.h then brings jmorecfg.h's MULTIPLIER and jpegint.h's decompressor internals. */
#if __has_include(<jpegint.h>)
#define JPEG_INTERNALS
#endif
#include "gr_jpeg_idct.h"

#include <string.h>

#if GR_JPEG_IDCT_EXTENTS_KNOWN
/* jidctint.c's, exported by libjpeg-turbo (jdct.h is not installed). Each reads rows and columns
 * 0 … N-1 of the coefficients only (its two loops run N times, over inptr[DCTSIZE * 0 … N-1]). */
extern void jpeg_idct_3x3(j_decompress_ptr, jpeg_component_info *, JCOEFPTR, JSAMPARRAY, JDIMENSION);
extern void jpeg_idct_5x5(j_decompress_ptr, jpeg_component_info *, JCOEFPTR, JSAMPARRAY, JDIMENSION);
extern void jpeg_idct_6x6(j_decompress_ptr, jpeg_component_info *, JCOEFPTR, JSAMPARRAY, JDIMENSION);
extern void jpeg_idct_7x7(j_decompress_ptr, jpeg_component_info *, JCOEFPTR, JSAMPARRAY, JDIMENSION);
/* jidctint.c's 8×8 and jidctred.c's reduced ones: libjpeg-turbo's portable code for its SIMD ones. */
extern void jpeg_idct_islow(j_decompress_ptr, jpeg_component_info *, JCOEFPTR, JSAMPARRAY, JDIMENSION);
extern void jpeg_idct_4x4(j_decompress_ptr, jpeg_component_info *, JCOEFPTR, JSAMPARRAY, JDIMENSION);
extern void jpeg_idct_2x2(j_decompress_ptr, jpeg_component_info *, JCOEFPTR, JSAMPARRAY, JDIMENSION);
extern void jpeg_idct_1x1(j_decompress_ptr, jpeg_component_info *, JCOEFPTR, JSAMPARRAY, JDIMENSION);
#endif

#if GR_JPEG_IDCT_AVAILABLE
#include <immintrin.h>

_Static_assert(sizeof(MULTIPLIER) == sizeof(int16_t), "the kernels read 16-bit quantisation tables");

/* jidctint.c's constants: FIX(x) = round(x · 2^13). */
enum {
    CONST_BITS = 13,
    PASS1_BITS = 2,
    FIX_0_707106781 = 5793,  /* c4 of the 6-point kernel, c2 of the 3-point one */
    FIX_1_224744871 = 10033, /* c2, c1 */
    FIX_0_366025404 = 2998,  /* c5 */
};

/*
 * 6×6: with every |dequantised coefficient| and every |first-pass output| at most 2^15, the largest
 * sum either pass forms is (8192 + 5793 + 10033 + 2·2998 + 2·8192) · 2^15 + 2^17 < 1.53 · 10^9 < 2^31.
 * 3×3: its sums are at most (8192 + 5793 + 10033) · 2^16 + 2^17 < 1.58 · 10^9 with 2^16.
 */
static const int bound_6x6 = 1 << 15, bound_3x3 = 1 << 16;

static inline gr_jpeg_idct_counts *counts_of(j_decompress_ptr cinfo) {
    return (gr_jpeg_idct_counts *)cinfo->client_data;
}

/* Whether any of the first `lanes` lanes of `magnitudes` (each below 2^31 here) exceeds `bound`. */
__attribute__((target("avx2"))) static inline int over(__m256i magnitudes, int bound, int lanes) {
    __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    __m256i used = _mm256_cmpgt_epi32(_mm256_set1_epi32(lanes), lane);
    __m256i big = _mm256_cmpgt_epi32(magnitudes, _mm256_set1_epi32(bound));
    return !_mm256_testz_si256(big, used);
}

/* The 8-bit sample libjpeg's range-limit table gives for a second-pass sum: x >> 18, wrapped to 10
 * signed bits, + 128; the packing that stores it clamps to 0…255. */
__attribute__((target("avx2"))) static inline __m256i limited(__m256i x) {
    __m256i wrapped = _mm256_srai_epi32(_mm256_slli_epi32(_mm256_srai_epi32(x, CONST_BITS + PASS1_BITS + 3), 22), 22);
    return _mm256_add_epi32(wrapped, _mm256_set1_epi32(128));
}

__attribute__((target("avx2"))) static inline __m128i limited128(__m128i x) {
    __m128i wrapped = _mm_srai_epi32(_mm_slli_epi32(_mm_srai_epi32(x, CONST_BITS + PASS1_BITS + 3), 22), 22);
    return _mm_add_epi32(wrapped, _mm_set1_epi32(128));
}

/* Rows r[0…5] of an 8×8 matrix of 32-bit lanes (rows 6 and 7 zero) as its columns c[0…5]. */
__attribute__((target("avx2"))) static inline void transpose6(const __m256i r[6], __m256i c[6]) {
    __m256i zero = _mm256_setzero_si256();
    __m256i t0 = _mm256_unpacklo_epi32(r[0], r[1]), t1 = _mm256_unpackhi_epi32(r[0], r[1]);
    __m256i t2 = _mm256_unpacklo_epi32(r[2], r[3]), t3 = _mm256_unpackhi_epi32(r[2], r[3]);
    __m256i t4 = _mm256_unpacklo_epi32(r[4], r[5]), t5 = _mm256_unpackhi_epi32(r[4], r[5]);
    __m256i u0 = _mm256_unpacklo_epi64(t0, t2), u1 = _mm256_unpackhi_epi64(t0, t2);
    __m256i u2 = _mm256_unpacklo_epi64(t1, t3), u3 = _mm256_unpackhi_epi64(t1, t3);
    __m256i u4 = _mm256_unpacklo_epi64(t4, zero), u5 = _mm256_unpackhi_epi64(t4, zero);
    __m256i u6 = _mm256_unpacklo_epi64(t5, zero), u7 = _mm256_unpackhi_epi64(t5, zero);
    c[0] = _mm256_permute2x128_si256(u0, u4, 0x20);
    c[1] = _mm256_permute2x128_si256(u1, u5, 0x20);
    c[2] = _mm256_permute2x128_si256(u2, u6, 0x20);
    c[3] = _mm256_permute2x128_si256(u3, u7, 0x20);
    c[4] = _mm256_permute2x128_si256(u0, u4, 0x31);
    c[5] = _mm256_permute2x128_si256(u1, u5, 0x31);
}

/* The parts of the 6-point kernel both passes share, on inputs x[0…5] of each lane's line, with x[0]
 * given already scaled and rounded as `dc`: the three even sums (tmp10, tmp11, tmp12 in jidctint.c)
 * and the two odd ones that take the c5 product (tmp0, tmp2); the third odd term differs by pass. */
typedef struct {
    __m256i top, middle, bottom, odd_top, odd_bottom;
} six_point;

__attribute__((target("avx2"))) static inline six_point six(__m256i dc, const __m256i x[6]) {
    six_point p;
    __m256i c4 = _mm256_mullo_epi32(x[4], _mm256_set1_epi32(FIX_0_707106781));
    __m256i sum = _mm256_add_epi32(dc, c4);
    p.middle = _mm256_sub_epi32(_mm256_sub_epi32(dc, c4), c4);
    __m256i c2 = _mm256_mullo_epi32(x[2], _mm256_set1_epi32(FIX_1_224744871));
    p.top = _mm256_add_epi32(sum, c2);
    p.bottom = _mm256_sub_epi32(sum, c2);
    __m256i c5 = _mm256_mullo_epi32(_mm256_add_epi32(x[1], x[5]), _mm256_set1_epi32(FIX_0_366025404));
    p.odd_top = _mm256_add_epi32(c5, _mm256_slli_epi32(_mm256_add_epi32(x[1], x[3]), CONST_BITS));
    p.odd_bottom = _mm256_add_epi32(c5, _mm256_slli_epi32(_mm256_sub_epi32(x[5], x[3]), CONST_BITS));
    return p;
}

__attribute__((target("avx2"))) static inline __m256i odd_middle(const __m256i x[6]) {
    return _mm256_sub_epi32(_mm256_sub_epi32(x[1], x[3]), x[5]);
}

__attribute__((target("avx2"))) static void idct_6x6(j_decompress_ptr cinfo, jpeg_component_info *compptr,
                                                    JCOEFPTR coef_block, JSAMPARRAY output_buf,
                                                    JDIMENSION output_col) {
    const int16_t *table = (const int16_t *)compptr->dct_table;
    __m256i x[6], magnitude = _mm256_setzero_si256();
    for (int k = 0; k < 6; k++) {
        __m256i coefficient = _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)(coef_block + 8 * k)));
        __m256i quantiser = _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)(table + 8 * k)));
        x[k] = _mm256_mullo_epi32(coefficient, quantiser);
        magnitude = _mm256_max_epu32(magnitude, _mm256_abs_epi32(x[k]));
    }
    if (over(magnitude, bound_6x6, 6)) goto fallback;

    /* Pass 1, a lane a column, into rows of the workspace with PASS1_BITS fractional bits; the middle
     * pair is shifted before its odd term (itself shifted up by PASS1_BITS) is added. */
    const int down = CONST_BITS - PASS1_BITS;
    __m256i dc = _mm256_add_epi32(_mm256_slli_epi32(x[0], CONST_BITS), _mm256_set1_epi32(1 << (down - 1)));
    six_point p = six(dc, x);
    __m256i middle = _mm256_srai_epi32(p.middle, down), odd = _mm256_slli_epi32(odd_middle(x), PASS1_BITS);
    __m256i rows[6] = {
        _mm256_srai_epi32(_mm256_add_epi32(p.top, p.odd_top), down),
        _mm256_add_epi32(middle, odd),
        _mm256_srai_epi32(_mm256_add_epi32(p.bottom, p.odd_bottom), down),
        _mm256_srai_epi32(_mm256_sub_epi32(p.bottom, p.odd_bottom), down),
        _mm256_sub_epi32(middle, odd),
        _mm256_srai_epi32(_mm256_sub_epi32(p.top, p.odd_top), down),
    };
    magnitude = _mm256_setzero_si256();
    for (int k = 0; k < 6; k++) magnitude = _mm256_max_epu32(magnitude, _mm256_abs_epi32(rows[k]));
    if (over(magnitude, bound_6x6, 6)) goto fallback;

    /* Pass 2, a lane a row; every sum range-limited. */
    __m256i w[6];
    transpose6(rows, w);
    dc = _mm256_slli_epi32(_mm256_add_epi32(w[0], _mm256_set1_epi32(1 << (PASS1_BITS + 2))), CONST_BITS);
    p = six(dc, w);
    odd = _mm256_slli_epi32(odd_middle(w), CONST_BITS);
    __m256i columns[6] = {
        limited(_mm256_add_epi32(p.top, p.odd_top)),       limited(_mm256_add_epi32(p.middle, odd)),
        limited(_mm256_add_epi32(p.bottom, p.odd_bottom)), limited(_mm256_sub_epi32(p.bottom, p.odd_bottom)),
        limited(_mm256_sub_epi32(p.middle, odd)),          limited(_mm256_sub_epi32(p.top, p.odd_top)),
    };

    /* columns[j] lane r is sample (r, j): transposed, packed to bytes with saturation. packs and
     * packus work per 128-bit half, so bytes0123 holds columns 0–3 of rows 0–3 in its low half (4
     * bytes a row) and columns 4–7 of them in its high half; bytes45 the same for rows 4 and 5. */
    __m256i samples[6];
    transpose6(columns, samples);
    __m256i bytes0123 = _mm256_packus_epi16(_mm256_packs_epi32(samples[0], samples[1]),
                                            _mm256_packs_epi32(samples[2], samples[3]));
    __m256i bytes45 = _mm256_packus_epi16(_mm256_packs_epi32(samples[4], samples[5]), _mm256_setzero_si256());
    uint8_t packed[2][32];
    _mm256_storeu_si256((__m256i *)packed[0], bytes0123);
    _mm256_storeu_si256((__m256i *)packed[1], bytes45);
    for (int r = 0; r < 6; r++) {
        const uint8_t *source = packed[r / 4] + 4 * (r % 4);
        uint8_t *destination = output_buf[r] + output_col;
        memcpy(destination, source, 4);
        memcpy(destination + 4, source + 16, 2);
    }
    counts_of(cinfo)->simd_blocks++;
    return;
fallback:
    counts_of(cinfo)->fallback_blocks++;
    jpeg_idct_6x6(cinfo, compptr, coef_block, output_buf, output_col);
}

/* The 3-point kernel on lanes x[0…2], x[0] given as `dc`: the sums for outputs 0, 1 and 2. */
__attribute__((target("avx2"))) static inline void three(__m128i dc, __m128i x1, __m128i x2, __m128i y[3]) {
    __m128i c2 = _mm_mullo_epi32(x2, _mm_set1_epi32(FIX_0_707106781));
    __m128i sum = _mm_add_epi32(dc, c2);
    __m128i c1 = _mm_mullo_epi32(x1, _mm_set1_epi32(FIX_1_224744871));
    y[0] = _mm_add_epi32(sum, c1);
    y[1] = _mm_sub_epi32(_mm_sub_epi32(dc, c2), c2);
    y[2] = _mm_sub_epi32(sum, c1);
}

__attribute__((target("avx2"))) static void idct_3x3(j_decompress_ptr cinfo, jpeg_component_info *compptr,
                                                    JCOEFPTR coef_block, JSAMPARRAY output_buf,
                                                    JDIMENSION output_col) {
    const int16_t *table = (const int16_t *)compptr->dct_table;
    __m128i x[3], magnitude = _mm_setzero_si128();
    for (int k = 0; k < 3; k++) {
        __m128i coefficient = _mm_cvtepi16_epi32(_mm_loadl_epi64((const __m128i *)(coef_block + 8 * k)));
        __m128i quantiser = _mm_cvtepi16_epi32(_mm_loadl_epi64((const __m128i *)(table + 8 * k)));
        x[k] = _mm_mullo_epi32(coefficient, quantiser);
        magnitude = _mm_max_epu32(magnitude, _mm_abs_epi32(x[k]));
    }
    if (over(_mm256_zextsi128_si256(magnitude), bound_3x3, 3)) goto fallback;

    /* Pass 1, a lane a column. */
    const int down = CONST_BITS - PASS1_BITS;
    __m128i rows[3];
    three(_mm_add_epi32(_mm_slli_epi32(x[0], CONST_BITS), _mm_set1_epi32(1 << (down - 1))), x[1], x[2], rows);
    magnitude = _mm_setzero_si128();
    for (int k = 0; k < 3; k++) {
        rows[k] = _mm_srai_epi32(rows[k], down);
        magnitude = _mm_max_epu32(magnitude, _mm_abs_epi32(rows[k]));
    }
    if (over(_mm256_zextsi128_si256(magnitude), bound_3x3, 3)) goto fallback;

    /* Pass 2, a lane a row (rows transposed as a 4×4 with a zero fourth row). */
    __m128i zero = _mm_setzero_si128();
    __m128i t0 = _mm_unpacklo_epi32(rows[0], rows[1]), t1 = _mm_unpackhi_epi32(rows[0], rows[1]);
    __m128i t2 = _mm_unpacklo_epi32(rows[2], zero), t3 = _mm_unpackhi_epi32(rows[2], zero);
    __m128i w0 = _mm_unpacklo_epi64(t0, t2), w1 = _mm_unpackhi_epi64(t0, t2), w2 = _mm_unpacklo_epi64(t1, t3);
    __m128i columns[3];
    three(_mm_slli_epi32(_mm_add_epi32(w0, _mm_set1_epi32(1 << (PASS1_BITS + 2))), CONST_BITS), w1, w2, columns);

    /* columns[j] lane r is sample (r, j); packed with saturation to bytes 4j + r. */
    __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(limited128(columns[0]), limited128(columns[1])),
                                     _mm_packs_epi32(limited128(columns[2]), zero));
    uint8_t packed[16];
    _mm_storeu_si128((__m128i *)packed, bytes);
    for (int r = 0; r < 3; r++) {
        uint8_t *destination = output_buf[r] + output_col;
        for (int j = 0; j < 3; j++) destination[j] = packed[4 * j + r];
    }
    counts_of(cinfo)->simd_blocks++;
    return;
fallback:
    counts_of(cinfo)->fallback_blocks++;
    jpeg_idct_3x3(cinfo, compptr, coef_block, output_buf, output_col);
}

void gr_jpeg_idct_install(j_decompress_ptr cinfo, gr_jpeg_idct_counts *counts) {
    if (!gr_jpeg_private_paths_enabled() || gr_simd_level() < GR_SIMD_AVX2 || cinfo->idct == NULL) return;
    cinfo->client_data = counts;
    for (int ci = 0; ci < cinfo->num_components && ci < MAX_COMPONENTS; ci++) {
        if (cinfo->idct->inverse_DCT[ci] == jpeg_idct_6x6) cinfo->idct->inverse_DCT[ci] = idct_6x6;
        else if (cinfo->idct->inverse_DCT[ci] == jpeg_idct_3x3) cinfo->idct->inverse_DCT[ci] = idct_3x3;
    }
}

#else

void gr_jpeg_idct_install(j_decompress_ptr cinfo, gr_jpeg_idct_counts *counts) {
    (void)cinfo;
    (void)counts;
}

#endif

void gr_jpeg_idct_install_portable(j_decompress_ptr cinfo) {
#if GR_JPEG_IDCT_EXTENTS_KNOWN
    if (!gr_jpeg_private_paths_enabled() || cinfo->idct == NULL) return;
    static inverse_DCT_method_ptr const portable[DCTSIZE + 1] = {
        NULL,          jpeg_idct_1x1, jpeg_idct_2x2, jpeg_idct_3x3,  jpeg_idct_4x4,
        jpeg_idct_5x5, jpeg_idct_6x6, jpeg_idct_7x7, jpeg_idct_islow,
    };
    for (int ci = 0; ci < cinfo->num_components && ci < MAX_COMPONENTS; ci++) {
#if JPEG_LIB_VERSION >= 70
        int size = cinfo->comp_info[ci].DCT_h_scaled_size;
#else
        int size = cinfo->comp_info[ci].DCT_scaled_size;
#endif
        /* Every size here reads the ISLOW multiplier table start_pass made (dct_method is ISLOW). */
        if (size >= 1 && size <= DCTSIZE) cinfo->idct->inverse_DCT[ci] = portable[size];
    }
#else
    (void)cinfo;
#endif
}

int gr_jpeg_idct_extent(j_decompress_ptr cinfo, int ci) {
#if GR_JPEG_IDCT_EXTENTS_KNOWN
    if (!gr_jpeg_private_paths_enabled() || cinfo->idct == NULL || ci < 0 || ci >= MAX_COMPONENTS) return DCTSIZE;
    inverse_DCT_method_ptr method = cinfo->idct->inverse_DCT[ci];
#if GR_JPEG_IDCT_AVAILABLE
    /* Theirs read the same coefficients: the 3×3 loads four a row and the 6×6 eight, but the lanes
     * beyond N are dropped at the transposes and never bounds-checked (over's `lanes`). */
    if (method == idct_3x3) return 3;
    if (method == idct_6x6) return 6;
#endif
    if (method == jpeg_idct_3x3) return 3;
    if (method == jpeg_idct_5x5) return 5;
    if (method == jpeg_idct_6x6) return 6;
    if (method == jpeg_idct_7x7) return 7;
#else
    (void)cinfo, (void)ci;
#endif
    return DCTSIZE;
}
