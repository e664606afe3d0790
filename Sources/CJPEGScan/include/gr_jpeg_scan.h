/*
 * CJPEGScan — code the project owns in place of parts of libjpeg-turbo's decoder, kept apart from the
 * libjpeg shim (CJPEG). CJPEG's gr_jpeg_decode installs these; nothing else calls them.
 *
 * What it is: a baseline scan's Huffman codes to coefficients in place of libjpeg-turbo's
 * decode_mcu (gr_jpeg_huffman.c, the bit reader gr_jpeg_bits.h); the row finder and the resumption
 * that enter a scan at a row without decoding the rows above (gr_jpeg_entropy.c, gr_jpeg_resume.c);
 * libjpeg-turbo's plain-C 6×6 and 3×3 inverse DCTs in AVX2 (gr_jpeg_idct.c); the run-time guard
 * that lets any of it run only with the libjpeg-turbo its headers describe (gr_jpeg_guard.c).
 *
 * What it gains, measured (docs/notes/2026-12-05-jpeg-huffman-decoder-heic-region.md,
 * 2026-12-05-jpeg-sliver-rows-resumed.md, 2026-12-04-jpeg-idct-avx2.md; `make bench BENCH_ARGS='--only A,P --runs 11'`
 * against a build with the paths off, or `GALLERY_RENDER_SIMD=none` for the IDCTs): one 4032×3024
 * bench photo at 3/8 through the shim 47.8 → 37.5 ms (the Huffman decoder); the sliver of bench
 * scenario A's third item 37 → 19.6 ms (the resumption); the 6×6 and 3×3 transforms 3.4× and 2.4×
 * faster in perf record. Scenario A: 0.148× of Pillow, whose target is 0.18×, which it misses
 * without them.
 *
 * What it must equal: libjpeg-turbo's own decode of the same file, byte for byte — pixels, status,
 * warnings and message (JPEGHuffmanTests, JPEGResumeTests, JPEGInverseDCTTests and
 * LibjpegVersionGuardTests decode both ways; fuzz-jpeg compares them on every input). Wherever it
 * could differ it gives up and libjpeg's own path runs.
 *
 * When to delete it: when libjpeg-turbo's own decoder is as fast at these scales — SIMD 3×3 and
 * 6×6 IDCTs and a faster decode_mcu (2.1.5, which Debian ships, has neither) — or when a libjpeg API can enter a scan at
 * a row (jpeg_skip_scanlines still decodes what it skips); each part can go alone, as
 * gr_jpeg_options' plain_entropy, plain_skip and plain_idct show.
 */
#ifndef GR_JPEG_SCAN_H
#define GR_JPEG_SCAN_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Blocks the AVX2 inverse DCTs transformed, and those they left to libjpeg's (out of their bounds). */
typedef struct {
    uint64_t simd_blocks;
    uint64_t fallback_blocks;
} gr_jpeg_idct_counts;

/**
 * Whether this thread's decodes may take the paths that depend on libjpeg-turbo's internals
 * (gr_jpeg_huffman.c, gr_jpeg_idct.c, gr_jpeg_resume.c): only where the libjpeg-turbo this process
 * loaded is exactly the version the build's headers describe (checked once, gr_jpeg_guard.c), and
 * not forced off. Otherwise libjpeg's own path throughout, as with plain_entropy, plain_idct and
 * plain_skip all set: the same bytes.
 */
int gr_jpeg_private_paths_enabled(void);

/** Tests: 1 makes this thread's decodes take libjpeg's own path, as another version would; 0 undoes it. */
void gr_jpeg_force_stock(int on);

/** The loaded libjpeg-turbo's version as it states it ("2.1.5"); "" where it could not be read. */
const char *gr_jpeg_loaded_version(void);

#ifdef __cplusplus
}
#endif

#endif
