#!/usr/bin/env bash
# make cross-check: gallery-render's C kernels give the same bytes on arm64 as on x86-64, and at every
# x86-64 SIMD level (CONTRACT.md, "Same bytes everywhere").
#
# Builds Tools/cross-check/harness.c with the kernels' sources as they are, three ways for arm64 and
# once for x86-64, runs each (arm64 under qemu-user), and compares their output byte for byte:
#   x86-64   the Swift toolchain's clang (what SwiftPM builds the product with), run at every
#            GALLERY_RENDER_SIMD level: none, sse2, ssse3, avx, avx2 (a level above this CPU's runs its best)
#   aarch64  clang --target=aarch64-linux-gnu (the compiler SwiftPM uses on arm64), and Debian's
#            gcc-aarch64-linux-gnu with -ffp-contract=off (GCC ignores gr_cpu.h's FP_CONTRACT pragma)
# And once more on purpose wrong: gcc for aarch64 with fused multiply-adds allowed must differ, or the
# harness could not see what it is there to catch. Ends with one line saying what was compared.
set -euo pipefail
cd "$(dirname "$0")/../.."

out=.build/cross-check
mkdir -p "$out"
S=Sources
sources=(
    $S/CCPU/gr_cpu.c $S/CCPU/gr_math.c $S/CRaster/gr_quantise.c $S/CRaster/gr_coverage.c
    $S/CPixelmatch/gr_pixelmatch.c $S/CPixelmatch/gr_pixelmatch_yiq.c $S/CPixelmatch/gr_delta_e.c
    $S/CColor/color_shaper.c $S/CColor/color_planes.c $S/CPNGRead/gr_fast_unfilter.c $S/CPNGRead/gr_unfilter_paeth_avx2.c $S/CDeflateRuns/gr_run_deflate.c $S/CHEIFGrid/heif_pixels.c
    Tools/cross-check/harness.c
)
includes=(-I$S/CCPU/include -I$S/CRaster/include -I$S/CPixelmatch/include -I$S/CPixelmatch -I$S/CPNG/include
    -I$S/CPNG -I$S/CPNGRead/include -I$S/CPNGRead -I$S/CDeflateRuns/include -I$S/CColor -I$S/CColor/include -I$S/CHEIF -I$S/CHEIF/include -I$S/CHEIFGrid/include)
flags=(-O2 -Wall -Wextra -Werror "${includes[@]}")

need() { command -v "$1" >/dev/null 2>&1; }
if ! need aarch64-linux-gnu-gcc || ! need qemu-aarch64-static; then
    Tools/install-deps.sh
fi
for tool in aarch64-linux-gnu-gcc qemu-aarch64-static; do
    need "$tool" || { echo "cross-check: $tool is missing (Tools/install-deps.sh installs it)" >&2; exit 2; }
done
clang=$(dirname "$(readlink -f "$(command -v swift)")")/clang
need "$clang" || clang=clang
gcc_dir=$(dirname "$(aarch64-linux-gnu-gcc -print-libgcc-file-name)")

"$clang" "${flags[@]}" "${sources[@]}" -lm -o "$out/x86-64"
"$clang" --target=aarch64-linux-gnu --sysroot=/usr/aarch64-linux-gnu --gcc-install-dir="$gcc_dir" -static \
    "${flags[@]}" "${sources[@]}" -lm -o "$out/aarch64-clang"
aarch64-linux-gnu-gcc -ffp-contract=off -Wno-unknown-pragmas -static "${flags[@]}" "${sources[@]}" -lm \
    -o "$out/aarch64-gcc"
aarch64-linux-gnu-gcc -ffp-contract=fast -Wno-unknown-pragmas -static "${flags[@]}" "${sources[@]}" -lm \
    -o "$out/aarch64-gcc-fused"

levels=(none sse2 ssse3 avx avx2)
for level in "${levels[@]}"; do
    GALLERY_RENDER_SIMD=$level "$out/x86-64" > "$out/x86-64-$level.txt" 2> "$out/x86-64-$level.log" \
        || { echo "cross-check: the x86-64 harness failed at $level:" >&2; cat "$out/x86-64-$level.log" >&2; exit 1; }
done
for build in aarch64-clang aarch64-gcc aarch64-gcc-fused; do
    qemu-aarch64-static "$out/$build" > "$out/$build.txt" 2> "$out/$build.log" \
        || { echo "cross-check: $build failed under qemu:" >&2; cat "$out/$build.log" >&2; exit 1; }
done

reference="$out/x86-64-none.txt"
status=0
if grep -E '^colour-planes-(differ|missing)' "$reference" >&2; then
    echo "cross-check: the colour tables do not give the colour lookups' bytes (lines above)" >&2
    status=1
fi
for run in "${levels[@]/#/x86-64-}" aarch64-clang aarch64-gcc; do
    if ! cmp -s "$reference" "$out/$run.txt"; then
        echo "cross-check: $run differs from x86-64 without SIMD in these cases (kernel, case, digest):" >&2
        diff "$reference" "$out/$run.txt" | grep '^>' | head -n 20 >&2 || true
        status=1
    fi
done
if cmp -s "$reference" "$out/aarch64-gcc-fused.txt"; then
    echo "cross-check: an aarch64 build with fused multiply-adds gave the same bytes: the harness cannot" \
        "see what it is there to catch" >&2
    status=1
fi
[ "$status" -eq 0 ] || exit 1

kernels=$(cut -f1 "$reference" | sort -u | wc -l)
cases=$(wc -l < "$reference")
fused=$(diff "$reference" "$out/aarch64-gcc-fused.txt" | grep -c '^>' || true)
echo "cross-check: $kernels kernels, $cases cases: aarch64 (clang, gcc) identical to x86-64 at every SIMD level" \
    "(none to avx2); with fused multiply-adds $fused cases would differ"
