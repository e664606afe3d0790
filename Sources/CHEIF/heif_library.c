#include "heif_library.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

gr_heif_functions gr_heif_library;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int opened;
static char problem[256];

/* libheif's soname has been 1 since its 1.0 (its headers name no major version). */
#if defined(__APPLE__)
#define SONAME "libheif.1.dylib"
#else
#define SONAME "libheif.so.1"
#endif

static void open_once(void) {
    void *library = dlopen(SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        const char *why = dlerror();
        snprintf(problem, sizeof problem, "libheif cannot be opened (%s): %s", SONAME, why ? why : "not found");
        return;
    }
    gr_heif_functions found;
    memset(&found, 0, sizeof found);
    /* POSIX converts dlsym's void * to function pointers; memcpy says so without a cast warning. */
#define GR_HEIF_FIND(name)                                                                                    \
    {                                                                                                          \
        void *symbol = dlsym(library, #name);                                                                  \
        if (!symbol) {                                                                                         \
            snprintf(problem, sizeof problem, "libheif cannot be used: %s has no %s", SONAME, #name);          \
            dlclose(library);                                                                                  \
            return;                                                                                            \
        }                                                                                                      \
        memcpy(&found.name, &symbol, sizeof symbol);                                                           \
    }
    GR_HEIF_FUNCTIONS(GR_HEIF_FIND)
#undef GR_HEIF_FIND
    gr_heif_library = found;
    opened = 1;
}

int gr_heif_library_open(char *message, size_t size) {
    pthread_once(&once, open_once);
    if (!opened && message && size > 0) snprintf(message, size, "%s", problem);
    return opened;
}
