#include "gr_jpeg.h"
#include "gr_jpeg_huffman.h"
#include "gr_jpeg_idct.h"
#include "gr_jpeg_resume.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    gr_jpeg_status status;
    uint32_t warnings;
    char *message; /* 256 bytes, owned by the caller */
    int give_up;   /* gr_jpeg_huffman.c's decoder gave up: decode again with libjpeg's */
    uint64_t scan_block_limit; /* the bound the scans passed (GR_JPEG_TOO_MUCH_WORK) */
} error_state;

typedef struct {
    struct jpeg_progress_mgr base;
    uint32_t max_scans;
    int scan;            /* the scan last counted */
    uint64_t blocks;     /* blocks the scans so far decode, each scan's components summed */
    uint64_t max_blocks;
} progress_state;

static void format_message(j_common_ptr cinfo, char *destination) {
    char text[JMSG_LENGTH_MAX];
    cinfo->err->format_message(cinfo, text);
    strncpy(destination, text, 255);
    destination[255] = '\0';
}

static void on_error_exit(j_common_ptr cinfo) {
    error_state *state = (error_state *)cinfo->err;
    if (state->status == GR_JPEG_ERROR && cinfo->err->msg_code == JERR_BAD_PRECISION &&
        cinfo->err->msg_parm.i[0] == 12) {
        state->status = GR_JPEG_12_BIT;
    }
    /* libjpeg's memory manager out of memory ("Insufficient memory (case N)"): no corrupt photo, but a
     * frame that cannot be drawn, as elsewhere (found by review: a placeholder under `ulimit -v`). */
    if (state->status == GR_JPEG_ERROR && cinfo->err->msg_code == JERR_OUT_OF_MEMORY) {
        state->status = GR_JPEG_NO_MEMORY;
    }
    format_message(cinfo, state->message);
    longjmp(state->jump, 1);
}

/* gr_jpeg_huffman.c's decoder met data it leaves to libjpeg's. */
static void on_give_up(j_decompress_ptr cinfo) {
    error_state *state = (error_state *)cinfo->err;
    state->give_up = 1;
    longjmp(state->jump, 1);
}

static void on_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return; /* trace messages */
    error_state *state = (error_state *)cinfo->err;
    if (state->warnings == 0) format_message(cinfo, state->message);
    state->warnings++;
}

static void on_progress(j_common_ptr cinfo) {
    progress_state *progress = (progress_state *)cinfo->progress;
    j_decompress_ptr decoder = (j_decompress_ptr)cinfo;
    if (decoder->input_scan_number > (int)progress->max_scans) {
        error_state *state = (error_state *)cinfo->err;
        state->status = GR_JPEG_TOO_MANY_SCANS;
        snprintf(state->message, 256, "progressive JPEG has more than %u scans", progress->max_scans);
        longjmp(state->jump, 1);
    }
    /* Called before each step of input: a new scan is counted before any of its data is decoded. */
    if (decoder->input_scan_number != progress->scan) {
        progress->scan = decoder->input_scan_number;
        for (int i = 0; i < decoder->comps_in_scan && i < MAX_COMPS_IN_SCAN; i++) {
            const jpeg_component_info *component = decoder->cur_comp_info[i];
            if (component != NULL) {
                progress->blocks += (uint64_t)component->width_in_blocks * component->height_in_blocks;
            }
        }
        if (progress->blocks > progress->max_blocks) {
            error_state *state = (error_state *)cinfo->err;
            state->status = GR_JPEG_TOO_MUCH_WORK;
            state->scan_block_limit = progress->max_blocks;
            snprintf(state->message, 256, "progressive JPEG's scans decode more than %llu blocks in all",
                     (unsigned long long)progress->max_blocks);
            longjmp(state->jump, 1);
        }
    }
}

/* The blocks the scans may decode in all: `budget`, and never more than GR_JPEG_SCAN_PASSES passes
 * over the image's own blocks (known from the frame header). */
static uint64_t scan_block_bound(j_decompress_ptr cinfo, uint64_t budget) {
    uint64_t blocks = 0;
    for (int i = 0; i < cinfo->num_components; i++) {
        const jpeg_component_info *component = &cinfo->comp_info[i];
        blocks += (uint64_t)component->width_in_blocks * component->height_in_blocks;
    }
    uint64_t passes = blocks * GR_JPEG_SCAN_PASSES;
    return passes < budget ? passes : budget;
}

static uint32_t scaled(uint32_t size, uint32_t eighths) {
    return (uint32_t)(((uint64_t)size * eighths + 7) / 8); /* libjpeg's jdiv_round_up */
}

uint32_t gr_jpeg_pick_scale(uint32_t width, uint32_t height, uint32_t min_width, uint32_t min_height,
                            int either_side) {
    for (uint32_t m = 1; m < 8; m++) {
        int wide = scaled(width, m) >= min_width, tall = scaled(height, m) >= min_height;
        if (either_side ? (wide || tall) : (wide && tall)) return m;
    }
    return 8;
}

/* Adobe CMYK/YCCK JPEGs store inverted ink values; plain CMYK stores them directly. */
static void cmyk_to_rgba(const uint8_t *cmyk, uint8_t *rgba, uint32_t width, int inverted) {
    for (uint32_t x = 0; x < width; x++) {
        unsigned c = cmyk[0], m = cmyk[1], y = cmyk[2], k = cmyk[3];
        if (!inverted) {
            c = 255 - c;
            m = 255 - m;
            y = 255 - y;
            k = 255 - k;
        }
        rgba[0] = (uint8_t)((c * k + 127) / 255);
        rgba[1] = (uint8_t)((m * k + 127) / 255);
        rgba[2] = (uint8_t)((y * k + 127) / 255);
        rgba[3] = 255;
        cmyk += 4;
        rgba += 4;
    }
}

/* Sets up `errors` as the error manager of `cinfo`, reporting into `message`. */
static void init_errors(struct jpeg_error_mgr **slot, error_state *errors, char *message) {
    *slot = jpeg_std_error(&errors->base);
    errors->base.error_exit = on_error_exit;
    errors->base.emit_message = on_emit_message;
    errors->status = GR_JPEG_ERROR;
    errors->warnings = 0;
    errors->message = message;
    errors->give_up = 0;
    errors->scan_block_limit = 0;
}

gr_jpeg_status gr_jpeg_read_header(const uint8_t *data, size_t size, gr_jpeg_header *out) {
    memset(out, 0, sizeof(*out));
    struct jpeg_decompress_struct cinfo;
    error_state errors;
    memset(&cinfo, 0, sizeof(cinfo));
    init_errors(&cinfo.err, &errors, out->message);
    volatile int created = 0;
    if (setjmp(errors.jump)) {
        if (created) jpeg_destroy_decompress(&cinfo);
        return errors.status;
    }
    if (size == 0 || data == NULL) ERREXIT(&cinfo, JERR_INPUT_EMPTY);
    jpeg_create_decompress(&cinfo);
    created = 1;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    out->width = cinfo.image_width;
    out->height = cinfo.image_height;
    jpeg_destroy_decompress(&cinfo);
    return GR_JPEG_OK;
}

/*
 * Whether the region x, y, region_width × region_height lies in the width × height image and fills a
 * buffer of `capacity` bytes exactly (RGBA); if not, why, in `message` (256 bytes).
 */
static int region_fits(uint32_t width, uint32_t height, uint32_t x, uint32_t y, uint32_t region_width,
                       uint32_t region_height, int has_buffer, size_t capacity, char *message) {
    if (region_height == 0 || x > width || region_width > width - x || y > height || region_height > height - y) {
        snprintf(message, 256, "region outside the %ux%u image", width, height);
        return 0;
    }
    if (!has_buffer || (uint64_t)region_width * region_height * 4 != capacity) {
        snprintf(message, 256, "output %ux%u does not fit the buffer", region_width, region_height);
        return 0;
    }
    return 1;
}

/*
 * Narrows the decode to the iMCU columns around x ..< x + region_width (libjpeg widens a crop to them),
 * plus one more iMCU each side: with fancy upsampling a crop's outermost columns are upsampled as if
 * they were the image's edge, so they differ from the whole decode; one iMCU in, they are identical.
 * Leaves *crop_x, *crop_width as given when the region is the whole width, or the whole width for a
 * progressive JPEG: where its scans leave coefficients unknown (a cut file), libjpeg smooths each
 * block from its neighbours, and at a crop's edge as at the image's (a truncated progressive photo's
 * region differed from its whole decode by up to 2 levels, found by review).
 */
static void crop_columns(struct jpeg_decompress_struct *cinfo, uint32_t x, uint32_t region_width,
                         JDIMENSION *crop_x, JDIMENSION *crop_width) {
    uint32_t width = cinfo->output_width;
    if (region_width >= width) return;
    if (cinfo->progressive_mode) {
        *crop_x = 0, *crop_width = width;
        return;
    }
    uint32_t imcu = (uint32_t)cinfo->max_h_samp_factor * (uint32_t)cinfo->min_DCT_scaled_size;
    uint32_t left = x > imcu ? x - imcu : 0;
    uint32_t right = width - (x + region_width) > imcu ? x + region_width + imcu : width;
    *crop_x = left;
    *crop_width = right - left;
    if (*crop_width < width) jpeg_crop_scanline(cinfo, crop_x, crop_width);
    else *crop_x = 0, *crop_width = width;
}

/*
 * Reads rows y ..< y + region_height into `pixels` (region_width RGBA pixels a row): straight in when
 * `buffer` is NULL, else through it, from `offset` pixels in, converted from CMYK when `convert`
 * (otherwise copied: RGBA, or CMYK kept as it is). Stops early only when libjpeg would suspend.
 */
static void read_rows(struct jpeg_decompress_struct *cinfo, uint8_t *pixels, uint8_t *buffer, int convert,
                      uint32_t offset, uint32_t y, uint32_t region_width, uint32_t region_height) {
    while (cinfo->output_scanline < y + region_height) {
        uint8_t *row = pixels + (size_t)(cinfo->output_scanline - y) * region_width * 4;
        JSAMPROW target = buffer == NULL ? row : buffer;
        if (jpeg_read_scanlines(cinfo, &target, 1) != 1) break; /* suspended: cannot happen in memory */
        if (buffer == NULL) continue;
        if (convert) {
            cmyk_to_rgba(buffer + (size_t)offset * 4, row, region_width, cinfo->saw_Adobe_marker);
        } else {
            memcpy(row, buffer + (size_t)offset * 4, (size_t)region_width * 4);
        }
    }
}

/* What gr_jpeg_decode reads: rows y ..< y + height of columns x ..< x + width, at the output scale. */
typedef struct {
    uint32_t x, y, width, height;
    int convert; /* CMYK to RGBA */
    int plain_idct;
} region;

/*
 * The region's rows through a resumption (gr_jpeg_resume.c) where that spares libjpeg decoding the
 * rows above them: when read, with what the plain path would have given, 1 + the bit of its byte at
 * which the first row began (0…7); 0 (pixels and counts as they were, to be overwritten) to read them
 * as before. Never where checking the rows it reads would cost more than skipping saves.
 */
static int read_resumed(j_decompress_ptr original, const uint8_t *data, size_t size, const region *wanted,
                        uint8_t *pixels, gr_jpeg_image *out) {
    uint32_t row_height = (uint32_t)original->max_v_samp_factor * (uint32_t)original->min_DCT_scaled_size;
    uint32_t rows = original->MCU_rows_in_scan;
    if (row_height == 0 || wanted->y / row_height < 2) return 0;
    /* One iMCU row either side of the wanted ones, for upsampling's neighbours. */
    uint32_t first = wanted->y / row_height - 1;
    uint32_t last = wanted->y + wanted->height >= original->output_height
                        ? rows
                        : (wanted->y + wanted->height - 1) / row_height + 2;
    if (last > rows) last = rows;
    if (last <= first || last - first > first) return 0;
    gr_jpeg_resumption resumption;
    if (!gr_jpeg_resumption_make(original, data, size, first, last, &resumption)) return 0;

    struct jpeg_decompress_struct cinfo;
    error_state errors;
    char message[256];
    memset(&cinfo, 0, sizeof(cinfo));
    init_errors(&cinfo.err, &errors, message);
    gr_jpeg_idct_counts counts = out->idct;
    uint8_t *volatile row_buffer = NULL;
    volatile int created = 0;
    if (setjmp(errors.jump)) {
        free(row_buffer);
        if (created) jpeg_destroy_decompress(&cinfo);
        gr_jpeg_resumption_free(&resumption);
        out->idct = counts;
        return 0;
    }
    jpeg_create_decompress(&cinfo);
    created = 1;
    gr_jpeg_resumption_source(&cinfo, &resumption, data, size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.scale_num = original->scale_num;
    cinfo.scale_denom = original->scale_denom;
    cinfo.dct_method = original->dct_method;
    cinfo.do_fancy_upsampling = original->do_fancy_upsampling;
    cinfo.out_color_space = original->out_color_space;
    jpeg_start_decompress(&cinfo);
    if (cinfo.output_width != original->output_width || cinfo.jpeg_color_space != original->jpeg_color_space ||
        cinfo.saw_Adobe_marker != original->saw_Adobe_marker || errors.warnings != 0) {
        longjmp(errors.jump, 1); /* cannot happen: the same header */
    }
    JDIMENSION crop_x = wanted->x, crop_width = wanted->width;
    crop_columns(&cinfo, wanted->x, wanted->width, &crop_x, &crop_width);
    if (!wanted->plain_idct) gr_jpeg_idct_install(&cinfo, &out->idct);
    int direct = cinfo.out_color_space != JCS_CMYK && crop_x == wanted->x && crop_width == wanted->width;
    if (!direct) row_buffer = malloc((size_t)crop_width * 4);
    if (!direct && row_buffer == NULL) ERREXIT(&cinfo, JERR_OUT_OF_MEMORY);
    /* The stand-in row, then the original's rows from `first`. */
    uint32_t y = row_height + (wanted->y - first * row_height);
    if (jpeg_skip_scanlines(&cinfo, y) != y) ERREXIT(&cinfo, JERR_INPUT_EOF);
    read_rows(&cinfo, pixels, direct ? NULL : row_buffer, wanted->convert, wanted->x - crop_x, y, wanted->width,
              wanted->height);
    if (cinfo.output_scanline < y + wanted->height || errors.warnings != 0) ERREXIT(&cinfo, JERR_INPUT_EOF);
    jpeg_abort_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(row_buffer);
    int bit = resumption.bit;
    gr_jpeg_resumption_free(&resumption);
    return 1 + bit;
}

gr_jpeg_status gr_jpeg_decode(const uint8_t *data, size_t size, const gr_jpeg_options *options,
                              uint8_t *pixels, size_t capacity, gr_jpeg_image *out) {
    memset(out, 0, sizeof(*out));
    struct jpeg_decompress_struct cinfo;
    error_state errors;
    progress_state progress;
    memset(&cinfo, 0, sizeof(cinfo));
    init_errors(&cinfo.err, &errors, out->message);

    /* Assigned after setjmp and freed on the error branch, hence volatile. */
    uint8_t *volatile row_buffer = NULL;
    gr_jpeg_huffman *volatile huffman = NULL;
    volatile int created = 0;

    if (setjmp(errors.jump)) {
        free(row_buffer);
        if (created) jpeg_destroy_decompress(&cinfo);
        gr_jpeg_huffman_free(huffman);
        if (errors.give_up) {
            gr_jpeg_options plain = *options;
            plain.plain_entropy = 1;
            gr_jpeg_status status = gr_jpeg_decode(data, size, &plain, pixels, capacity, out);
            out->entropy = 2;
            return status;
        }
        out->warnings = errors.warnings;
        out->scan_block_limit = errors.scan_block_limit;
        return errors.status;
    }
    if (size == 0 || data == NULL) ERREXIT(&cinfo, JERR_INPUT_EMPTY);
    jpeg_create_decompress(&cinfo);
    created = 1;
    progress.base.progress_monitor = on_progress;
    progress.max_scans = options->max_scans;
    progress.scan = 0;
    progress.blocks = 0;
    progress.max_blocks = options->max_scan_blocks;
    cinfo.progress = &progress.base;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    progress.max_blocks = scan_block_bound(&cinfo, options->max_scan_blocks);

    if (cinfo.image_width > options->max_side || cinfo.image_height > options->max_side ||
        (uint64_t)cinfo.image_width * cinfo.image_height > options->max_pixels) {
        errors.status = GR_JPEG_TOO_LARGE;
        snprintf(out->message, 256, "%ux%u is over the pixel budget", cinfo.image_width,
                 cinfo.image_height);
        longjmp(errors.jump, 1);
    }

    uint32_t m = options->scale_eighths >= 1 && options->scale_eighths <= 8 ? options->scale_eighths : 8;
    cinfo.scale_num = m;
    cinfo.scale_denom = 8;
    cinfo.dct_method = JDCT_ISLOW;
    cinfo.do_fancy_upsampling = TRUE;
    int is_cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = is_cmyk ? JCS_CMYK : JCS_EXT_RGBA;

    jpeg_start_decompress(&cinfo);
    uint32_t width = cinfo.output_width, height = cinfo.output_height;
    region wanted = {0, 0, width, height, is_cmyk && !options->keep_cmyk, options->plain_idct};
    if (options->region_width > 0) {
        wanted.x = options->region_x, wanted.y = options->region_y;
        wanted.width = options->region_width, wanted.height = options->region_height;
    }
    if (!region_fits(width, height, wanted.x, wanted.y, wanted.width, wanted.height, pixels != NULL, capacity,
                     out->message)) {
        longjmp(errors.jump, 1);
    }

    /* No warning yet: the rows above the region may be skipped without libjpeg decoding them. */
    /* A baseline scan is one: under max_scans 0 libjpeg's path fails in the progress monitor. */
    if (wanted.y > 0 && !options->plain_skip && errors.warnings == 0 && options->max_scans >= 1) {
        out->resumed = read_resumed(&cinfo, data, size, &wanted, pixels, out);
    }
    if (!out->resumed) {
        JDIMENSION crop_x = wanted.x, crop_width = wanted.width;
        crop_columns(&cinfo, wanted.x, wanted.width, &crop_x, &crop_width);
        if (options->portable_idct) gr_jpeg_idct_install_portable(&cinfo);
        else if (!options->plain_idct) gr_jpeg_idct_install(&cinfo, &out->idct);
        if (!options->plain_entropy) huffman = gr_jpeg_huffman_install(&cinfo, data, size, on_give_up);
        out->entropy = huffman != NULL;
        int direct = !is_cmyk && crop_x == wanted.x && crop_width == wanted.width;
        errors.status = GR_JPEG_NO_MEMORY;
        if (!direct) row_buffer = malloc((size_t)crop_width * 4);
        if (!direct && row_buffer == NULL) ERREXIT(&cinfo, JERR_OUT_OF_MEMORY);
        errors.status = GR_JPEG_ERROR;

        if (wanted.y > 0 && jpeg_skip_scanlines(&cinfo, wanted.y) != wanted.y) ERREXIT(&cinfo, JERR_INPUT_EOF);
        read_rows(&cinfo, pixels, direct ? NULL : row_buffer, wanted.convert, wanted.x - crop_x, wanted.y,
                  wanted.width, wanted.height);
        if (cinfo.output_scanline < wanted.y + wanted.height) ERREXIT(&cinfo, JERR_INPUT_EOF);
    }
    out->cmyk = is_cmyk && options->keep_cmyk;
    out->cmyk_source = is_cmyk;
    out->inverted = cinfo.saw_Adobe_marker;
    /* Rows below the region are never decoded; a resumed decode read nothing through this one. */
    if (cinfo.output_scanline < height) {
        /* libjpeg's reader reads ahead of its last code, and its source warns at the file's end. */
        if (!gr_jpeg_huffman_stops_cleanly(huffman)) on_give_up(&cinfo);
        jpeg_abort_decompress(&cinfo);
    } else {
        /* Our decoder leaves the source at the EOI after the scan; short of it, libjpeg's reads. */
        if (!gr_jpeg_huffman_finished(huffman)) on_give_up(&cinfo);
        jpeg_finish_decompress(&cinfo);
    }
    jpeg_destroy_decompress(&cinfo);
    free(row_buffer);
    gr_jpeg_huffman_free(huffman);

    out->width = width;
    out->height = height;
    out->warnings = errors.warnings;
    if (errors.warnings != 0 && !options->portable_idct) {
        /* Damaged data (libjpeg warned) may decode to coefficients no photo has, where libjpeg-turbo's
         * SIMD transforms differ from its C ones (found by review: 14 pixels of a block differed under
         * GALLERY_RENDER_SIMD=none): decoded again with the C ones throughout and libjpeg's own
         * reading, the same bytes on every CPU. Only damaged files pay for it. */
        gr_jpeg_options portable = *options;
        portable.portable_idct = 1;
        portable.plain_entropy = 1;
        portable.plain_skip = 1;
        return gr_jpeg_decode(data, size, &portable, pixels, capacity, out);
    }
    return GR_JPEG_OK;
}

#define GR_STRINGIFY_(x) #x
#define GR_STRINGIFY(x) GR_STRINGIFY_(x)

/* libjpeg-turbo has no run-time version call: the headers' version, which the package pins. */
void gr_jpeg_library_versions(char *out, size_t size) {
#ifdef LIBJPEG_TURBO_VERSION
    snprintf(out, size, "libjpeg-turbo %s", GR_STRINGIFY(LIBJPEG_TURBO_VERSION));
#else
    snprintf(out, size, "libjpeg %d", JPEG_LIB_VERSION);
#endif
}
