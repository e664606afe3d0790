#include "gr_build_info.h"

/* `make` writes the build version here (only when it changed, touching this file so it is rebuilt);
 * a plain `swift build` has none and reports the declared version. */
#if defined(__has_include)
#if __has_include("../../.build/generated/gr_build_version.h")
#include "../../.build/generated/gr_build_version.h"
#endif
#endif

#ifndef GR_DECLARED_VERSION
#define GR_DECLARED_VERSION "unknown"
#endif

const char *gr_build_version(void) {
#ifdef GR_BUILD_VERSION
    return GR_BUILD_VERSION;
#else
    return GR_DECLARED_VERSION;
#endif
}
