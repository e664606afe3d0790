#include "gr_heif.h"
#include "gr_cpu.h"

#include "heif_boxes.h"
#include "heif_decode.h"
#include "heif_grid.h"
#include "heif_pixels.h"
#include "hevc_libavcodec.h"

#include "heif_library.h"
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
    if (!gr_heif_library_open(message, 256)) {
        *status = GR_HEIF_NO_LIBRARY;
        return NULL;
    }
    gr_hevc_libavcodec_register();
    const char *problem = gr_heif_reference_problem(data, size);
    if (problem) {
        set_message(message, problem);
        *status = GR_HEIF_ERROR;
        return NULL;
    }
    struct heif_context *context = HEIF(heif_context_alloc)();
    if (!context) {
        set_message(message, "out of memory");
        *status = GR_HEIF_NO_MEMORY;
        return NULL;
    }
    /* libheif checks every item's ispe against this side as it reads the boxes (thumbnails, alpha
     * planes and grid tiles too, which the budget check below does not see). */
    uint32_t side = options->max_side > INT32_MAX ? INT32_MAX : options->max_side;
    HEIF(heif_context_set_maximum_image_size_limit)(context, (int)(side > 0 ? side : 1));
    HEIF(heif_context_set_max_decoding_threads)(context, 0);
    struct heif_error error = HEIF(heif_context_read_from_memory_without_copy)(context, data, size, NULL);
    if (error.code != heif_error_Ok) {
        *status = fail(message, error, width, height);
        HEIF(heif_context_free)(context);
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
    int w = HEIF(heif_image_handle_get_width)(handle), h = HEIF(heif_image_handle_get_height)(handle);
    int ispe_w = HEIF(heif_image_handle_get_ispe_width)(handle), ispe_h = HEIF(heif_image_handle_get_ispe_height)(handle);
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
    int count = HEIF(heif_image_handle_get_number_of_thumbnails)(primary);
    if (count <= 0) return NULL;
    if (count > 16) count = 16;
    heif_item_id ids[16];
    count = HEIF(heif_image_handle_get_list_of_thumbnail_IDs)(primary, ids, count);
    struct heif_image_handle *best = NULL;
    uint64_t best_area = 0;
    for (int i = 0; i < count; i++) {
        struct heif_image_handle *thumb = NULL;
        if (HEIF(heif_image_handle_get_thumbnail)(primary, ids[i], &thumb).code != heif_error_Ok || !thumb) continue;
        int w = HEIF(heif_image_handle_get_width)(thumb), h = HEIF(heif_image_handle_get_height)(thumb);
        uint64_t tw = w > 0 ? (uint64_t)w : 0, th = h > 0 ? (uint64_t)h : 0;
        /* Same shape within 2 %: a thumbnail of another crop or turn would misplace the photo. */
        uint64_t cross = tw * height > th * width ? tw * height - th * width : th * width - tw * height;
        int shaped = tw > 0 && th > 0 && tw <= width && th <= height && cross * 50 <= th * width;
        if (shaped && tw * th > best_area) {
            if (best) HEIF(heif_image_handle_release)(best);
            best = thumb;
            best_area = tw * th;
        } else {
            HEIF(heif_image_handle_release)(thumb);
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
    struct heif_error error = HEIF(heif_context_get_primary_image_handle)(context, &primary);
    if (error.code != heif_error_Ok) {
        status = fail(out->message, error, &out->width, &out->height);
    } else {
        status = primary_size(primary, options, &out->width, &out->height, out->message);
        if (status == GR_HEIF_OK) {
            out->bit_depth = (uint32_t)HEIF(heif_image_handle_get_luma_bits_per_pixel)(primary);
            out->has_alpha = HEIF(heif_image_handle_has_alpha_channel)(primary);
            struct heif_image_handle *thumb = pick_thumbnail(primary, out->width, out->height);
            if (thumb) {
                out->thumbnail_width = (uint32_t)HEIF(heif_image_handle_get_width)(thumb);
                out->thumbnail_height = (uint32_t)HEIF(heif_image_handle_get_height)(thumb);
                HEIF(heif_image_handle_release)(thumb);
            }
        }
        HEIF(heif_image_handle_release)(primary);
    }
    HEIF(heif_context_free)(context);
    return status;
}

/* The nclx profile libheif hands back, or NULL. libheif 1.15 allocates the profile before it checks
 * the code points, so a call that fails can still hand one back: freed here, never kept (both leaks
 * were found by fuzz-heif; Fuzz/regressions/fuzz-heif/leak-nclx-*). */
static struct heif_color_profile_nclx *checked_nclx(struct heif_error error, struct heif_color_profile_nclx *nclx) {
    if (error.code == heif_error_Ok) return nclx;
    if (nclx) HEIF(heif_nclx_color_profile_free)(nclx);
    return NULL;
}

static struct heif_color_profile_nclx *handle_nclx(const struct heif_image_handle *handle) {
    struct heif_color_profile_nclx *nclx = NULL;
    return checked_nclx(HEIF(heif_image_handle_get_nclx_color_profile)(handle, &nclx), nclx);
}

static struct heif_color_profile_nclx *image_nclx(const struct heif_image *image) {
    struct heif_color_profile_nclx *nclx = NULL;
    return checked_nclx(HEIF(heif_image_get_nclx_color_profile)(image, &nclx), nclx);
}

/* The handle's colour description: its ICC profile (copied) and its nclx code points. */
static gr_heif_status read_colour(const struct heif_image_handle *handle, const struct heif_image *image,
                                  gr_heif_image *out) {
    enum heif_color_profile_type type = HEIF(heif_image_handle_get_color_profile_type)(handle);
    if (type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC) {
        size_t size = HEIF(heif_image_handle_get_raw_color_profile_size)(handle);
        if (size > 0) {
            out->icc = malloc(size);
            if (!out->icc) return GR_HEIF_NO_MEMORY;
            if (HEIF(heif_image_handle_get_raw_color_profile)(handle, out->icc).code == heif_error_Ok) {
                out->icc_size = size;
            } else {
                free(out->icc);
                out->icc = NULL;
            }
        }
    }
    struct heif_color_profile_nclx *nclx = handle_nclx(handle);
    if (!nclx && image && HEIF(heif_image_get_color_profile_type)(image) == heif_color_profile_type_nclx)
        nclx = image_nclx(image);
    if (nclx) {
        out->has_nclx = 1;
        out->primaries = (uint16_t)nclx->color_primaries;
        out->transfer = (uint16_t)nclx->transfer_characteristics;
        out->matrix = (uint16_t)nclx->matrix_coefficients;
        out->full_range = nclx->full_range_flag;
        HEIF(heif_nclx_color_profile_free)(nclx);
    }
    return GR_HEIF_OK;
}

/* The planes of a 4:4:4 8-bit "RGB" image (holding Y, Cb, Cr when `ycbcr`) converted and reduced into
 * `pixels` (gr_heif_convert_reduced); 0 when the image is not one that handles. */
static int convert_planes(const struct heif_image *image, uint32_t width, uint32_t height, uint32_t divisor,
                          int ycbcr, int matrix, int full_range, uint8_t *pixels) {
    if (HEIF(heif_image_get_colorspace)(image) != heif_colorspace_RGB ||
        HEIF(heif_image_get_chroma_format)(image) != heif_chroma_444)
        return 0;
    static const enum heif_channel channels[4] = {heif_channel_R, heif_channel_G, heif_channel_B,
                                                  heif_channel_Alpha};
    gr_heif_plane planes[4] = {{0}};
    for (int c = 0; c < 4; c++) {
        if (c == 3 && !HEIF(heif_image_has_channel)(image, heif_channel_Alpha)) continue;
        if (HEIF(heif_image_get_bits_per_pixel_range)(image, channels[c]) != 8) return 0;
        planes[c].data = HEIF(heif_image_get_plane_readonly)(image, channels[c], &planes[c].stride);
        planes[c].width = (uint32_t)HEIF(heif_image_get_width)(image, channels[c]);
        planes[c].height = (uint32_t)HEIF(heif_image_get_height)(image, channels[c]);
        if (!planes[c].data) return 0;
    }
    return gr_heif_convert_reduced(planes, width, height, divisor, ycbcr, matrix, full_range, NULL, pixels);
}

/* What one decode works on: the handle chosen, its size before reduction, and the caller's buffer. */
typedef struct {
    const uint8_t *data;
    size_t size;
    const struct heif_image_handle *handle;
    const struct heif_decoding_options *decoding;
    uint32_t width, height, divisor;
    int reference, alpha, deep;
    uint8_t *pixels;
    size_t capacity;
} decode_job;

/* The fast path for an 8-bit image reduced by 2 or more. libheif 1.15 turns every decoded picture into
 * full-size RGB, and back when asked for YCbCr. So libavcodec's plugin gives the planes as a 4:4:4
 * "RGB" image holding Y, Cb, Cr, which libheif crops, turns and tiles as any other, and they are
 * reduced and converted here. A picture the plugin did not give (AV1, grey, or libde265 after a
 * refusal) is true RGB. Not for a grid, whose tiles libheif converts each with its own colour
 * description, nor an overlay (iovl), which it composes over a background colour. Returns 1 when
 * `pixels` holds the image, 0 to take the RGBA path, -1 when the file failed (`error`). */
static int decode_reduced(const decode_job *job, struct heif_image **image, struct heif_error *error) {
    int ycbcr = 0, planes = !gr_heif_meta_mentions(job->data, job->size, "grid") &&
                            !gr_heif_meta_mentions(job->data, job->size, "iovl");
    *error = gr_heif_decode_handle(job->handle, image, heif_colorspace_RGB, heif_chroma_444, job->decoding, job->reference,
                          planes, &ycbcr);
    if (error->code != heif_error_Ok && ycbcr >= 0) return -1; /* not a deep tile or alpha plane */
    int converted = 0;
    if (error->code == heif_error_Ok && *image) {
        int matrix = 6, full_range = 1; /* libheif's own assumption without an nclx box */
        struct heif_color_profile_nclx *nclx = image_nclx(*image);
        if (!nclx) nclx = handle_nclx(job->handle);
        if (nclx) {
            matrix = (int)nclx->matrix_coefficients;
            full_range = nclx->full_range_flag;
            HEIF(heif_nclx_color_profile_free)(nclx);
        }
        converted = convert_planes(*image, job->width, job->height, job->divisor, ycbcr > 0, matrix, full_range,
                                   job->pixels);
    }
    if (!converted && *image) {
        HEIF(heif_image_release)(*image);
        *image = NULL;
    }
    return converted;
}

/* libheif's RGB(A). 8-bit images come as RGBA whether or not they have alpha (libheif fills it
 * opaque), so rows are copied whole; deeper ones at their depth, rounded. Reduced after, when asked. */
static gr_heif_status decode_rgba(const decode_job *job, struct heif_image **image, gr_heif_image *out) {
    enum heif_chroma chroma = job->deep ? (job->alpha ? heif_chroma_interleaved_RRGGBBAA_LE
                                                      : heif_chroma_interleaved_RRGGBB_LE)
                                        : heif_chroma_interleaved_RGBA;
    struct heif_error error =
        gr_heif_decode_handle(job->handle, image, heif_colorspace_RGB, chroma, job->decoding, job->reference, 0, NULL);
    if (error.code != heif_error_Ok || !*image) return fail(out->message, error, &out->width, &out->height);
    int decoded_w = HEIF(heif_image_get_width)(*image, heif_channel_interleaved);
    int decoded_h = HEIF(heif_image_get_height)(*image, heif_channel_interleaved);
    if (decoded_w != (int)job->width || decoded_h != (int)job->height) {
        snprintf(out->message, sizeof out->message, "decoded %dx%d where the header declares %ux%u", decoded_w,
                 decoded_h, job->width, job->height);
        return GR_HEIF_SIZE_MISMATCH;
    }
    int stride = 0;
    const uint8_t *plane = HEIF(heif_image_get_plane_readonly)(*image, heif_channel_interleaved, &stride);
    int bits = job->deep ? HEIF(heif_image_get_bits_per_pixel_range)(*image, heif_channel_interleaved) : 8;
    if (!plane || stride <= 0 || bits < 8 || bits > 16) {
        set_message(out->message, "libheif returned no pixels");
        return GR_HEIF_ERROR;
    }
    uint8_t *target = job->divisor > 1 ? malloc((size_t)job->width * job->height * 4) : job->pixels;
    if (!target) {
        set_message(out->message, "out of memory");
        return GR_HEIF_NO_MEMORY;
    }
    if (job->deep) {
        gr_heif_copy_deep(plane, stride, job->width, job->height, job->alpha, bits, target);
    } else {
        for (uint32_t y = 0; y < job->height; y++)
            memcpy(target + (size_t)y * job->width * 4, plane + (size_t)y * stride, (size_t)job->width * 4);
    }
    if (job->divisor > 1) {
        gr_heif_reduce_rgba(target, job->width, job->height, job->divisor);
        memcpy(job->pixels, target, job->capacity);
        free(target);
    }
    return GR_HEIF_OK;
}

/* The handle to decode (the primary, or its thumbnail when asked) and its size, checked against the
 * options and the caller's buffer. */
static gr_heif_status choose_handle(const struct heif_image_handle *primary, const gr_heif_options *options,
                                    size_t capacity, decode_job *job, struct heif_image_handle **thumb,
                                    char message[256]) {
    gr_heif_status status = primary_size(primary, options, &job->width, &job->height, message);
    if (status != GR_HEIF_OK) return status;
    *thumb = options->use_thumbnail ? pick_thumbnail(primary, job->width, job->height) : NULL;
    if (options->use_thumbnail && !*thumb) {
        set_message(message, "the image has no usable thumbnail");
        return GR_HEIF_ERROR;
    }
    job->handle = *thumb ? *thumb : primary;
    if (*thumb) {
        job->width = (uint32_t)HEIF(heif_image_handle_get_width)(*thumb);
        job->height = (uint32_t)HEIF(heif_image_handle_get_height)(*thumb);
    }
    job->divisor = *thumb || options->divisor == 0 ? 1 : options->divisor;
    if (job->divisor != 1 && job->divisor != 2 && job->divisor != 4 && job->divisor != 8) {
        set_message(message, "the divisor must be 1, 2, 4 or 8");
        return GR_HEIF_ERROR;
    }
    uint32_t out_w = (job->width + job->divisor - 1) / job->divisor;
    uint32_t out_h = (job->height + job->divisor - 1) / job->divisor;
    if ((size_t)out_w * out_h * 4 != capacity) {
        set_message(message, "buffer does not match the image size");
        return GR_HEIF_ERROR;
    }
    job->alpha = HEIF(heif_image_handle_has_alpha_channel)(job->handle);
    job->deep = HEIF(heif_image_handle_get_luma_bits_per_pixel)(job->handle) > 8;
    return GR_HEIF_OK;
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
    decode_job job = {.data = data, .size = size, .reference = options->reference_decoder != 0,
                      .pixels = pixels, .capacity = capacity};
    struct heif_error error = HEIF(heif_context_get_primary_image_handle)(context, &primary);
    if (error.code != heif_error_Ok) {
        status = fail(out->message, error, &out->width, &out->height);
        goto done;
    }
    status = choose_handle(primary, options, capacity, &job, &thumb, out->message);
    if (status != GR_HEIF_OK) goto done;
    decoding = HEIF(heif_decoding_options_alloc)();
    if (!decoding) {
        status = GR_HEIF_NO_MEMORY;
        set_message(out->message, "out of memory");
        goto done;
    }
    decoding->ignore_transformations = 0;
    decoding->convert_hdr_to_8bit = 0;
    job.decoding = decoding;
    gr_hevc_libavcodec_set_budget(options->max_pixels, options->max_side);
    gr_hevc_libavcodec_begin();
    int converted = 0;
    if (job.divisor > 1 && !job.deep && !job.alpha && !thumb && !job.reference) {
        gr_heif_grid_request grid = {.decoder = {gr_hevc_decode_picture, gr_hevc_picture_free, gr_hevc_libavcodec_others},
                                     .width = job.width, .height = job.height, .divisor = job.divisor,
                                     .x0 = options->region_x0, .y0 = options->region_y0,
                                     .x1 = options->region_x1, .y1 = options->region_y1,
                                     .threads = options->threads,
                                     .max_pixels = options->max_pixels, .max_side = options->max_side};
        converted = gr_heif_decode_grid(data, size, &grid, pixels);
        out->region_decoded = converted && options->region_x1 > 0;
    }
    if (!converted && job.divisor > 1 && !job.deep) converted = decode_reduced(&job, &image, &error);
    status = converted < 0   ? fail(out->message, error, &out->width, &out->height)
             : !converted    ? decode_rgba(&job, &image, out)
                             : GR_HEIF_OK;
    gr_hevc_libavcodec_end();
    if (status != GR_HEIF_OK) goto done;
    out->width = (job.width + job.divisor - 1) / job.divisor;
    out->height = (job.height + job.divisor - 1) / job.divisor;
    if (job.alpha && HEIF(heif_image_handle_is_premultiplied_alpha)(job.handle))
        gr_heif_unpremultiply(pixels, (size_t)out->width * out->height);
    out->used_thumbnail = thumb != NULL;
    status = read_colour(job.handle, image, out);
    if (status == GR_HEIF_OK && !out->icc && !out->has_nclx && thumb) status = read_colour(primary, image, out);
    if (status != GR_HEIF_OK) set_message(out->message, "out of memory");
done:
    if (status != GR_HEIF_OK && out->icc) {
        free(out->icc);
        out->icc = NULL;
        out->icc_size = 0;
    }
    if (image) HEIF(heif_image_release)(image);
    if (decoding) HEIF(heif_decoding_options_free)(decoding);
    if (thumb) HEIF(heif_image_handle_release)(thumb);
    if (primary) HEIF(heif_image_handle_release)(primary);
    HEIF(heif_context_free)(context);
    return status;
}

void gr_heif_free(void *pointer) { free(pointer); }

const char *gr_heif_hevc_decoder(void) { return gr_hevc_libavcodec_register() ? "libavcodec" : "libde265"; }

void gr_heif_library_versions(char *out, size_t size) {
    char codec[64];
    gr_hevc_libavcodec_version(codec, sizeof codec);
    char why[256];
    if (gr_heif_library_open(why, sizeof why))
        snprintf(out, size, "libheif %s\n%s", HEIF(heif_get_version)(), codec);
    else
        snprintf(out, size, "%s\n%s", why, codec);
}
