/*
 * libheif, opened on the first HEIF or AVIF photo (dlopen) rather than linked: with the codecs it
 * brings (x265, aom, dav1d, libde265, whose initialisers run at load) it cost every run ~8 ms of its
 * start (`--version`: 23 ms linked, 15 ms opened), JPEG-only runs included. The functions CHEIF
 * calls are found by name and called as HEIF(name)(...), once gr_heif_library_open() has said yes.
 */
#ifndef GR_HEIF_LIBRARY_H
#define GR_HEIF_LIBRARY_H

#include <libheif/heif.h>
#include <libheif/heif_plugin.h>
#include <stddef.h>

#define GR_HEIF_FUNCTIONS(X) \
    X(heif_context_alloc) \
    X(heif_context_free) \
    X(heif_context_get_primary_image_handle) \
    X(heif_context_read_from_memory_without_copy) \
    X(heif_context_set_max_decoding_threads) \
    X(heif_context_set_maximum_image_size_limit) \
    X(heif_decode_image) \
    X(heif_decoding_options_alloc) \
    X(heif_decoding_options_free) \
    X(heif_get_version) \
    X(heif_image_add_plane) \
    X(heif_image_create) \
    X(heif_image_get_bits_per_pixel_range) \
    X(heif_image_get_chroma_format) \
    X(heif_image_get_color_profile_type) \
    X(heif_image_get_colorspace) \
    X(heif_image_get_height) \
    X(heif_image_get_nclx_color_profile) \
    X(heif_image_get_plane) \
    X(heif_image_get_plane_readonly) \
    X(heif_image_get_width) \
    X(heif_image_handle_get_color_profile_type) \
    X(heif_image_handle_get_height) \
    X(heif_image_handle_get_list_of_thumbnail_IDs) \
    X(heif_image_handle_get_ispe_height) \
    X(heif_image_handle_get_ispe_width) \
    X(heif_image_handle_get_luma_bits_per_pixel) \
    X(heif_image_handle_get_nclx_color_profile) \
    X(heif_image_handle_get_number_of_thumbnails) \
    X(heif_image_handle_get_raw_color_profile) \
    X(heif_image_handle_get_raw_color_profile_size) \
    X(heif_image_handle_get_thumbnail) \
    X(heif_image_handle_get_width) \
    X(heif_image_handle_has_alpha_channel) \
    X(heif_image_handle_is_premultiplied_alpha) \
    X(heif_image_handle_release) \
    X(heif_image_has_channel) \
    X(heif_image_release) \
    X(heif_image_set_nclx_color_profile) \
    X(heif_nclx_color_profile_alloc) \
    X(heif_nclx_color_profile_free) \
    X(heif_register_decoder_plugin)

typedef struct {
#define GR_HEIF_POINTER(name) __typeof__(name) *name;
    GR_HEIF_FUNCTIONS(GR_HEIF_POINTER)
#undef GR_HEIF_POINTER
} gr_heif_functions;

extern gr_heif_functions gr_heif_library;

/** The libheif function `name`: only after gr_heif_library_open() returned 1. */
#define HEIF(name) (gr_heif_library.name)

/** Opens libheif once (thread-safe) and finds every function: 1, or 0 with why in `message` (at most
 * `size` bytes with the NUL) when it is not installed or lacks one. */
int gr_heif_library_open(char *message, size_t size);

#endif
