/* The libraries CPNG links, for `gallery-render --version --verbose`. */
#include "gr_png.h"

#include <isa-l.h>
#include <libdeflate.h>
#include <png.h>
#include <stdio.h>

void gr_png_library_versions(char *out, size_t size) {
    snprintf(out, size, "libpng %s\nlibdeflate %s\nISA-L %d.%d.%d", png_get_libpng_ver(NULL), LIBDEFLATE_VERSION_STRING,
             ISAL_MAJOR_VERSION, ISAL_MINOR_VERSION, ISAL_PATCH_VERSION);
}
