#include "gr_cpu.h"

#include <stdlib.h>
#include <string.h>

static const char *const names[] = {"none", "sse2", "ssse3", "avx", "avx2"};
enum { level_count = sizeof names / sizeof names[0] };

const char *gr_simd_name(gr_simd level) {
    return (unsigned)level < level_count ? names[level] : "none";
}

/* The best level the CPU has. */
static gr_simd cpu_best(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) return GR_SIMD_AVX2;
    if (__builtin_cpu_supports("avx")) return GR_SIMD_AVX;
    if (__builtin_cpu_supports("ssse3")) return GR_SIMD_SSSE3;
    return GR_SIMD_SSE2;
#else
    return GR_SIMD_NONE; /* no kernel has a path for other CPUs' SIMD: they run the portable code */
#endif
}

/* The level GALLERY_RENDER_SIMD names, level_count for none it names, -1 when it is unset or empty. */
static int requested(void) {
    const char *value = getenv("GALLERY_RENDER_SIMD");
    if (value == NULL || value[0] == '\0') return -1;
    for (int level = 0; level < level_count; level++) {
        if (strcmp(value, names[level]) == 0) return level;
    }
    return level_count;
}

gr_simd gr_simd_level(void) {
    static int cached; /* level + 1; 0: not yet known. A race only stores the same value twice. */
    int level = __atomic_load_n(&cached, __ATOMIC_RELAXED);
    if (level == 0) {
        int best = cpu_best(), cap = requested();
        level = (cap >= 0 && cap < best ? cap : best) + 1;
        __atomic_store_n(&cached, level, __ATOMIC_RELAXED);
    }
    return (gr_simd)(level - 1);
}

int gr_simd_request_is_valid(void) { return requested() < level_count; }
