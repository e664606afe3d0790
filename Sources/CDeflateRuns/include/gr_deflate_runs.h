/*
 * CDeflateRuns — the project's own deflate encoder (RFC 1951) for filtered PNG rows, in place of
 * libdeflate's or zlib's for rendered frames (gr_run_deflate.c says how it works). CPNG's writer
 * calls it; nothing else does.
 *
 * What it gains, measured when it came in (4d0f170, the bench frames through the writer): the @3x
 * bench frame 401 KB in 4.3 ms against libdeflate level 1's 421 KB in 7.5 ms; a grid @3x 2074 KB in
 * 19 ms against 2147 KB in 30 ms; a 61-frame scroll's frame 192 KB in 2.0 ms against 198 KB in 3.4.
 * Scenario M of `make bench` (APNG bytes ≤ 1.0× Pillow's, 0.982× now) depends on it. Its output is
 * ours, so the same on every machine whatever libdeflate or zlib is installed.
 *
 * What it must equal: the input, exactly, read back by any inflater (PNGEncoderTests read frames that
 * reach every path — runs, pairs, stored blocks, part boundaries — back through libpng's zlib and
 * the fast reader's ISA-L), and the same bytes for the same input on every CPU and whatever the
 * thread count (make cross-check; PNGEncoderTests with jobs 1 and 3).
 *
 * When to delete it: if a packaged encoder (libdeflate, zlib-ng) writes frames as small within its
 * time — then the bytes of every recorded baseline change once, on purpose.
 */
#ifndef GR_DEFLATE_RUNS_H
#define GR_DEFLATE_RUNS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Most bytes gr_deflate writes for `size` input bytes (every block stored, plus framing). */
size_t gr_deflate_bound(size_t size);

/**
 * Compresses `size` bytes as deflate blocks (gr_run_deflate.c). With `final`, the last block ends the
 * stream; without, the output ends with an empty stored block, so the next part's blocks can follow
 * on the byte boundary. Returns the bytes written (0: out of memory).
 */
size_t gr_deflate(const uint8_t *data, size_t size, int final, uint8_t *out);

#ifdef __cplusplus
}
#endif

#endif
