/* An iCCP chunk's zlib stream inflated by libdeflate, for the colour profile reader. */
#include "gr_png.h"

#include <libdeflate.h>

int gr_png_inflate_zlib(const uint8_t *data, size_t size, uint8_t *out, size_t capacity, size_t *written) {
    *written = 0;
    struct libdeflate_decompressor *decompressor = libdeflate_alloc_decompressor();
    if (decompressor == NULL) return 1;
    enum libdeflate_result result = libdeflate_zlib_decompress(decompressor, data, size, out, capacity, written);
    libdeflate_free_decompressor(decompressor);
    if (result == LIBDEFLATE_INSUFFICIENT_SPACE) return 2;
    return result == LIBDEFLATE_SUCCESS ? 0 : 1;
}
