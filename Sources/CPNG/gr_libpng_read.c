/*
 * The libpng shim: decodes any PNG with libpng's classic png_read_* API and explicit transforms, each
 * decode driven start to finish inside one C call that owns its setjmp. Also the decode entry points:
 * gr_png_decode tries the fast reader (gr_fast_reader.c) first and hands libpng whatever it declines.
 */

#include "gr_png_internal.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/* ---- shared plumbing ------------------------------------------------------------------------- */

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t position;
    char *message; /* 256 bytes, owned by the caller */
} reader_state;

void gr_png_copy_message(char *destination, const char *text) {
    if (destination == NULL) return;
    strncpy(destination, text ? text : "unknown libpng error", 255);
    destination[255] = '\0';
}

static void on_error(png_structp png, png_const_charp text) {
    reader_state *state = (reader_state *)png_get_error_ptr(png);
    if (state) gr_png_copy_message(state->message, text);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text; /* ancillary-chunk warnings do not change the pixels */
}

static void on_read(png_structp png, png_bytep destination, size_t length) {
    reader_state *state = (reader_state *)png_get_io_ptr(png);
    if (length > state->size - state->position) {
        png_error(png, "truncated data: the file ends before the image is complete");
    }
    memcpy(destination, state->data + state->position, length);
    state->position += length;
}

/* Chunks whose contents never affect the pixels; skipping them avoids inflating zTXt/iCCP bombs. */
static const png_byte ignored_chunks[] =
    "iCCP\0" "iTXt\0" "tEXt\0" "zTXt\0" "sPLT\0" "tIME\0" "eXIf\0" "hIST\0" "pCAL\0" "sCAL\0";

static png_structp start_reading(reader_state *state) {
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, state, on_error, on_warning);
    if (png == NULL) return NULL;
    png_set_read_fn(png, state, on_read);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, 0);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, ignored_chunks,
                                (int)(sizeof(ignored_chunks) / 5));
    png_set_chunk_malloc_max(png, 8u << 20);
    return png;
}

static int has_signature(const uint8_t *data, size_t size, char *message) {
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        gr_png_copy_message(message, "not a PNG file (bad signature)");
        return 0;
    }
    return 1;
}

/* ---- decode ---------------------------------------------------------------------------------- */

gr_png_status gr_png_decode(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t max_side,
                            uint8_t *pixels, size_t capacity, gr_png_image *out) {
    memset(out, 0, sizeof(*out));
    if (gr_png_fast_decode(data, size, max_pixels, max_side, pixels, capacity, &out->width, &out->height)) {
        return GR_PNG_OK;
    }
    return gr_png_decode_libpng(data, size, max_pixels, max_side, pixels, capacity, out);
}

gr_png_status gr_png_decode_fast(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t max_side,
                                 uint8_t *pixels, size_t capacity, gr_png_image *out) {
    memset(out, 0, sizeof(*out));
    if (gr_png_fast_decode(data, size, max_pixels, max_side, pixels, capacity, &out->width, &out->height)) {
        return GR_PNG_OK;
    }
    return GR_PNG_DECLINED;
}

gr_png_status gr_png_decode_libpng(const uint8_t *data, size_t size, uint64_t max_pixels, uint32_t max_side,
                            uint8_t *pixels, size_t capacity, gr_png_image *out) {
    memset(out, 0, sizeof(*out));
    reader_state state = {data, size, 0, out->message};
    if (!has_signature(data, size, out->message)) return GR_PNG_ERROR;

    png_structp png = start_reading(&state);
    if (png == NULL) {
        gr_png_copy_message(out->message, "out of memory");
        return GR_PNG_NO_MEMORY;
    }
    png_infop info = png_create_info_struct(png);
    /* Assigned after setjmp and freed on the error branch, hence volatile. */
    png_bytep *volatile rows = NULL;
    volatile gr_png_status failure = GR_PNG_ERROR;

    if (info == NULL || setjmp(png_jmpbuf(png))) {
        free(rows);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return failure;
    }

    png_set_user_limits(png, max_side, max_side);
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    if ((uint64_t)width * height > max_pixels) {
        failure = GR_PNG_TOO_LARGE;
        png_error(png, "image is over the pixel budget");
    }

    int color_type = png_get_color_type(png, info);
    int bit_depth = png_get_bit_depth(png, info);
    if (bit_depth == 16) png_set_scale_16(png);
    png_set_expand(png); /* palette → RGB, low-bit gray → 8-bit, tRNS → alpha */
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) {
        png_set_gray_to_rgb(png);
    }
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    }
    png_set_interlace_handling(png);
    png_read_update_info(png, info);

    if (png_get_rowbytes(png, info) != (size_t)width * 4) {
        png_error(png, "unexpected row size after transforms");
    }
    if (pixels == NULL || (uint64_t)width * height * 4 > capacity) {
        png_error(png, "image size does not match the buffer");
    }
    failure = GR_PNG_NO_MEMORY;
    rows = malloc(sizeof(png_bytep) * height);
    if (rows == NULL) png_error(png, "out of memory");
    failure = GR_PNG_ERROR;
    for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + (size_t)y * width * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL); /* checks the CRCs of the chunks after the image */

    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    out->width = width;
    out->height = height;
    return GR_PNG_OK;
}
