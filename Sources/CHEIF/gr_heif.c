#include "gr_heif.h"

#include <libheif/heif.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_message(char out[256], const char *text) {
    if (!text) text = "unknown libheif error";
    strncpy(out, text, 255);
    out[255] = '\0';
}

/* The size in libheif's security-limit message ("Image size 65535x65535 exceeds ..."), or 0 × 0. */
static void limit_size(const char *message, uint32_t *width, uint32_t *height) {
    const char *at = message ? strstr(message, "Image size ") : NULL;
    unsigned w = 0, h = 0;
    if (!at || sscanf(at, "Image size %ux%u", &w, &h) != 2) w = h = 0;
    *width = w;
    *height = h;
}

/* libheif's error as a status with its message; an item over libheif's size limit (set to the budget's
 * side) is GR_HEIF_TOO_LARGE with the size it declares. */
static gr_heif_status fail(char out[256], struct heif_error error, uint32_t *width, uint32_t *height) {
    set_message(out, error.message);
    if (error.subcode == heif_suberror_Security_limit_exceeded) {
        limit_size(error.message, width, height);
        return GR_HEIF_TOO_LARGE;
    }
    return error.code == heif_error_Memory_allocation_error ? GR_HEIF_NO_MEMORY : GR_HEIF_ERROR;
}

/* A context over `data` with libheif's own limits and threads set; NULL on failure, with the status
 * and, for an image over the budget's side, its size. */
static struct heif_context *open_context(const uint8_t *data, size_t size, const gr_heif_options *options,
                                         char message[256], gr_heif_status *status, uint32_t *width,
                                         uint32_t *height) {
    struct heif_context *context = heif_context_alloc();
    if (!context) {
        set_message(message, "out of memory");
        *status = GR_HEIF_NO_MEMORY;
        return NULL;
    }
    /* libheif checks every item's ispe against this side as it reads the boxes (thumbnails, alpha
     * planes and grid tiles too, which the budget check below does not see). */
    uint32_t side = options->max_side > INT32_MAX ? INT32_MAX : options->max_side;
    heif_context_set_maximum_image_size_limit(context, (int)(side > 0 ? side : 1));
    heif_context_set_max_decoding_threads(context, 0);
    struct heif_error error = heif_context_read_from_memory_without_copy(context, data, size, NULL);
    if (error.code != heif_error_Ok) {
        *status = fail(message, error, width, height);
        heif_context_free(context);
        return NULL;
    }
    *status = GR_HEIF_OK;
    return context;
}

static int within_budget(uint64_t width, uint64_t height, const gr_heif_options *options) {
    return width > 0 && height > 0 && width <= options->max_side && height <= options->max_side &&
           width * height <= options->max_pixels;
}

/* The primary image's checked size: its transformed size and its ispe, both within the budget. */
static gr_heif_status primary_size(const struct heif_image_handle *handle, const gr_heif_options *options,
                                   uint32_t *width, uint32_t *height, char message[256]) {
    int w = heif_image_handle_get_width(handle), h = heif_image_handle_get_height(handle);
    int ispe_w = heif_image_handle_get_ispe_width(handle), ispe_h = heif_image_handle_get_ispe_height(handle);
    if (w <= 0 || h <= 0) {
        set_message(message, "image has no size");
        return GR_HEIF_ERROR;
    }
    if (!within_budget((uint64_t)w, (uint64_t)h, options) ||
        (ispe_w > 0 && ispe_h > 0 && !within_budget((uint64_t)ispe_w, (uint64_t)ispe_h, options))) {
        *width = (uint32_t)(ispe_w > w ? ispe_w : w);
        *height = (uint32_t)(ispe_h > h ? ispe_h : h);
        return GR_HEIF_TOO_LARGE;
    }
    *width = (uint32_t)w;
    *height = (uint32_t)h;
    return GR_HEIF_OK;
}

/* The largest thumbnail of the primary image's shape, or NULL. */
static struct heif_image_handle *pick_thumbnail(const struct heif_image_handle *primary, uint32_t width,
                                                uint32_t height) {
    int count = heif_image_handle_get_number_of_thumbnails(primary);
    if (count <= 0) return NULL;
    if (count > 16) count = 16;
    heif_item_id ids[16];
    count = heif_image_handle_get_list_of_thumbnail_IDs(primary, ids, count);
    struct heif_image_handle *best = NULL;
    uint64_t best_area = 0;
    for (int i = 0; i < count; i++) {
        struct heif_image_handle *thumb = NULL;
        if (heif_image_handle_get_thumbnail(primary, ids[i], &thumb).code != heif_error_Ok || !thumb) continue;
        int w = heif_image_handle_get_width(thumb), h = heif_image_handle_get_height(thumb);
        uint64_t tw = w > 0 ? (uint64_t)w : 0, th = h > 0 ? (uint64_t)h : 0;
        /* Same shape within 2 %: a thumbnail of another crop or turn would misplace the photo. */
        uint64_t cross = tw * height > th * width ? tw * height - th * width : th * width - tw * height;
        int shaped = tw > 0 && th > 0 && tw <= width && th <= height && cross * 50 <= th * width;
        if (shaped && tw * th > best_area) {
            if (best) heif_image_handle_release(best);
            best = thumb;
            best_area = tw * th;
        } else {
            heif_image_handle_release(thumb);
        }
    }
    return best;
}

gr_heif_status gr_heif_read_header(const uint8_t *data, size_t size, const gr_heif_options *options,
                                   gr_heif_header *out) {
    memset(out, 0, sizeof *out);
    gr_heif_status status;
    struct heif_context *context = open_context(data, size, options, out->message, &status, &out->width, &out->height);
    if (!context) return status;
    struct heif_image_handle *primary = NULL;
    struct heif_error error = heif_context_get_primary_image_handle(context, &primary);
    if (error.code != heif_error_Ok) {
        status = fail(out->message, error, &out->width, &out->height);
    } else {
        status = primary_size(primary, options, &out->width, &out->height, out->message);
        if (status == GR_HEIF_OK) {
            out->bit_depth = (uint32_t)heif_image_handle_get_luma_bits_per_pixel(primary);
            out->has_alpha = heif_image_handle_has_alpha_channel(primary);
            struct heif_image_handle *thumb = pick_thumbnail(primary, out->width, out->height);
            if (thumb) {
                out->thumbnail_width = (uint32_t)heif_image_handle_get_width(thumb);
                out->thumbnail_height = (uint32_t)heif_image_handle_get_height(thumb);
                heif_image_handle_release(thumb);
            }
        }
        heif_image_handle_release(primary);
    }
    heif_context_free(context);
    return status;
}

/* The handle's colour description: its ICC profile (copied) and its nclx code points. */
static gr_heif_status read_colour(const struct heif_image_handle *handle, const struct heif_image *image,
                                  gr_heif_image *out) {
    enum heif_color_profile_type type = heif_image_handle_get_color_profile_type(handle);
    if (type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC) {
        size_t size = heif_image_handle_get_raw_color_profile_size(handle);
        if (size > 0) {
            out->icc = malloc(size);
            if (!out->icc) return GR_HEIF_NO_MEMORY;
            if (heif_image_handle_get_raw_color_profile(handle, out->icc).code == heif_error_Ok) {
                out->icc_size = size;
            } else {
                free(out->icc);
                out->icc = NULL;
            }
        }
    }
    struct heif_color_profile_nclx *nclx = NULL;
    if (heif_image_handle_get_nclx_color_profile(handle, &nclx).code != heif_error_Ok || !nclx) {
        nclx = NULL;
        if (heif_image_get_color_profile_type(image) == heif_color_profile_type_nclx &&
            heif_image_get_nclx_color_profile(image, &nclx).code != heif_error_Ok) {
            nclx = NULL;
        }
    }
    if (nclx) {
        out->has_nclx = 1;
        out->primaries = (uint16_t)nclx->color_primaries;
        out->transfer = (uint16_t)nclx->transfer_characteristics;
        out->matrix = (uint16_t)nclx->matrix_coefficients;
        out->full_range = nclx->full_range_flag;
        heif_nclx_color_profile_free(nclx);
    }
    return GR_HEIF_OK;
}

/* Copies the interleaved plane into packed RGBA8, rounding deeper samples to 8 bits. */
static void copy_pixels(const uint8_t *plane, int stride, uint32_t width, uint32_t height, int alpha, int bits,
                        uint8_t *pixels) {
    int channels = alpha ? 4 : 3;
    uint32_t max = bits > 8 ? (1u << bits) - 1 : 255;
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *row = plane + (size_t)y * (size_t)stride;
        uint8_t *to = pixels + (size_t)y * width * 4;
        for (uint32_t x = 0; x < width; x++) {
            for (int c = 0; c < 4; c++) {
                uint32_t v;
                if (c == 3 && !alpha) {
                    v = 255;
                } else if (bits > 8) {
                    const uint8_t *sample = row + ((size_t)x * (size_t)channels + (size_t)c) * 2;
                    uint32_t raw = (uint32_t)sample[0] | ((uint32_t)sample[1] << 8);
                    if (raw > max) raw = max;
                    v = (raw * 255 + max / 2) / max;
                } else {
                    v = row[(size_t)x * (size_t)channels + (size_t)c];
                }
                to[(size_t)x * 4 + (size_t)c] = (uint8_t)v;
            }
        }
    }
}

static void unpremultiply(uint8_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint8_t *p = pixels + i * 4;
        uint32_t a = p[3];
        if (a == 0 || a == 255) continue;
        for (int c = 0; c < 3; c++) {
            uint32_t v = ((uint32_t)p[c] * 255 + a / 2) / a;
            p[c] = (uint8_t)(v > 255 ? 255 : v);
        }
    }
}

gr_heif_status gr_heif_decode(const uint8_t *data, size_t size, const gr_heif_options *options, uint8_t *pixels,
                              size_t capacity, gr_heif_image *out) {
    memset(out, 0, sizeof *out);
    gr_heif_status status;
    struct heif_context *context = open_context(data, size, options, out->message, &status, &out->width, &out->height);
    if (!context) return status;
    struct heif_image_handle *primary = NULL, *thumb = NULL;
    struct heif_image *image = NULL;
    struct heif_decoding_options *decoding = NULL;
    uint32_t width = 0, height = 0;
    struct heif_error error = heif_context_get_primary_image_handle(context, &primary);
    if (error.code != heif_error_Ok) {
        status = fail(out->message, error, &out->width, &out->height);
        goto done;
    }
    status = primary_size(primary, options, &width, &height, out->message);
    if (status != GR_HEIF_OK) goto done;
    thumb = options->use_thumbnail ? pick_thumbnail(primary, width, height) : NULL;
    if (options->use_thumbnail && !thumb) {
        set_message(out->message, "the image has no usable thumbnail");
        status = GR_HEIF_ERROR;
        goto done;
    }
    const struct heif_image_handle *handle = thumb ? thumb : primary;
    if (thumb) {
        width = (uint32_t)heif_image_handle_get_width(thumb);
        height = (uint32_t)heif_image_handle_get_height(thumb);
    }
    if ((size_t)width * height * 4 != capacity) {
        set_message(out->message, "buffer does not match the image size");
        status = GR_HEIF_ERROR;
        goto done;
    }
    int alpha = heif_image_handle_has_alpha_channel(handle);
    int deep = heif_image_handle_get_luma_bits_per_pixel(handle) > 8;
    enum heif_chroma chroma = deep ? (alpha ? heif_chroma_interleaved_RRGGBBAA_LE : heif_chroma_interleaved_RRGGBB_LE)
                                   : (alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB);
    decoding = heif_decoding_options_alloc();
    if (!decoding) {
        status = GR_HEIF_NO_MEMORY;
        set_message(out->message, "out of memory");
        goto done;
    }
    decoding->ignore_transformations = 0;
    decoding->convert_hdr_to_8bit = 0;
    error = heif_decode_image(handle, &image, heif_colorspace_RGB, chroma, decoding);
    if (error.code != heif_error_Ok || !image) {
        status = fail(out->message, error, &out->width, &out->height);
        goto done;
    }
    int decoded_w = heif_image_get_width(image, heif_channel_interleaved);
    int decoded_h = heif_image_get_height(image, heif_channel_interleaved);
    if (decoded_w != (int)width || decoded_h != (int)height) {
        snprintf(out->message, sizeof out->message, "decoded %dx%d where the header declares %ux%u", decoded_w,
                 decoded_h, width, height);
        status = GR_HEIF_SIZE_MISMATCH;
        goto done;
    }
    int stride = 0;
    const uint8_t *plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
    int bits = deep ? heif_image_get_bits_per_pixel_range(image, heif_channel_interleaved) : 8;
    if (!plane || stride <= 0 || bits < 8 || bits > 16) {
        set_message(out->message, "libheif returned no pixels");
        status = GR_HEIF_ERROR;
        goto done;
    }
    copy_pixels(plane, stride, width, height, alpha, bits, pixels);
    if (alpha && heif_image_handle_is_premultiplied_alpha(handle)) unpremultiply(pixels, (size_t)width * height);
    out->width = width;
    out->height = height;
    out->used_thumbnail = thumb != NULL;
    status = read_colour(handle, image, out);
    if (status == GR_HEIF_OK && !out->icc && !out->has_nclx && thumb) status = read_colour(primary, image, out);
    if (status != GR_HEIF_OK) set_message(out->message, "out of memory");
done:
    if (status != GR_HEIF_OK && out->icc) {
        free(out->icc);
        out->icc = NULL;
        out->icc_size = 0;
    }
    if (image) heif_image_release(image);
    if (decoding) heif_decoding_options_free(decoding);
    if (thumb) heif_image_handle_release(thumb);
    if (primary) heif_image_handle_release(primary);
    heif_context_free(context);
    return status;
}

void gr_heif_free(void *pointer) { free(pointer); }
