#include "gr_jpeg_coefficients.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
} failure;

static void on_error(j_common_ptr cinfo) {
    failure *state = (failure *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    cinfo->err->format_message(cinfo, text);
    snprintf(state->message, 256, "%s", text);
    longjmp(state->jump, 1);
}

/* Warnings (a table too coarse for baseline) are what these files are for: not printed. */
static void on_message(j_common_ptr cinfo, int level) {
    (void)cinfo;
    (void)level;
}

/* Sets up `errors` as `cinfo`'s error manager, reporting into `message` (256 bytes). */
static void init_failure(struct jpeg_compress_struct *cinfo, failure *errors, char *message) {
    memset(cinfo, 0, sizeof(*cinfo));
    cinfo->err = jpeg_std_error(&errors->base);
    errors->base.error_exit = on_error;
    errors->base.emit_message = on_message;
    errors->message = message;
}

uint8_t *gr_jpeg_from_coefficients(uint32_t width, uint32_t height, int components, const int16_t *coefficients,
                                   const uint16_t *luma_table, const uint16_t *chroma_table, size_t *size,
                                   char *message) {
    struct jpeg_compress_struct cinfo;
    failure errors;
    init_failure(&cinfo, &errors, message);
    unsigned char *volatile bytes = NULL;
    unsigned long length = 0;
    *size = 0;
    if (setjmp(errors.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(bytes);
        return NULL;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&bytes, &length);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = components;
    cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : JCS_YCbCr;
    jpeg_set_defaults(&cinfo);
    cinfo.optimize_coding = TRUE;
    const unsigned int unit[DCTSIZE2] = {1};
    jpeg_add_quant_table(&cinfo, 0, unit, 100, FALSE);
    jpeg_add_quant_table(&cinfo, 1, unit, 100, FALSE);
    for (int i = 0; i < DCTSIZE2; i++) {
        cinfo.quant_tbl_ptrs[0]->quantval[i] = luma_table[i];
        cinfo.quant_tbl_ptrs[1]->quantval[i] = chroma_table[i];
    }
    jvirt_barray_ptr arrays[3];
    for (int c = 0; c < components; c++) {
        int luma = c == 0;
        arrays[c] = cinfo.mem->request_virt_barray((j_common_ptr)&cinfo, JPOOL_IMAGE, TRUE,
                                                   luma ? width / 8 : width / 16, luma ? height / 8 : height / 16,
                                                   luma ? 2 : 1);
    }
    cinfo.mem->realize_virt_arrays((j_common_ptr)&cinfo);
    const int16_t *next = coefficients;
    for (int c = 0; c < components; c++) {
        JDIMENSION columns = c == 0 ? width / 8 : width / 16, rows = c == 0 ? height / 8 : height / 16;
        for (JDIMENSION row = 0; row < rows; row++) {
            JBLOCKARRAY blocks = cinfo.mem->access_virt_barray((j_common_ptr)&cinfo, arrays[c], row, 1, TRUE);
            for (JDIMENSION column = 0; column < columns; column++, next += DCTSIZE2) {
                for (int i = 0; i < DCTSIZE2; i++) blocks[0][column][i] = next[i];
            }
        }
    }
    jpeg_write_coefficients(&cinfo, arrays);
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *size = length;
    return bytes;
}

uint8_t *gr_jpeg_test_encode(const uint8_t *rgba, uint32_t width, uint32_t height,
                             const gr_jpeg_test_settings *settings, size_t *size, char *message) {
    return gr_jpeg_test_encode_app1(rgba, width, height, settings, NULL, 0, size, message);
}

uint8_t *gr_jpeg_test_encode_app1(const uint8_t *rgba, uint32_t width, uint32_t height,
                                  const gr_jpeg_test_settings *settings, const uint8_t *app1, size_t app1_size,
                                  size_t *size, char *message) {
    struct jpeg_compress_struct cinfo;
    failure errors;
    init_failure(&cinfo, &errors, message);
    unsigned char *volatile bytes = NULL;
    uint8_t *volatile row = NULL;
    unsigned long length = 0;
    *size = 0;
    if (setjmp(errors.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(bytes);
        free(row);
        return NULL;
    }
    int components = settings->components == 0 ? 3 : settings->components;
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&bytes, &length);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = components == 3 ? 4 : components;
    cinfo.in_color_space = components == 1 ? JCS_GRAYSCALE : components == 4 ? JCS_CMYK : JCS_EXT_RGBX;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, settings->quality == 0 ? 90 : settings->quality, TRUE);
    if (settings->h_samp[0] != 0) {
        for (int c = 0; c < components; c++) {
            cinfo.comp_info[c].h_samp_factor = settings->h_samp[c];
            cinfo.comp_info[c].v_samp_factor = settings->v_samp[c];
        }
    }
    cinfo.restart_in_rows = settings->restart_rows;
    cinfo.restart_interval = settings->restart_rows == 0 ? (unsigned int)settings->restart_blocks : 0;
    cinfo.optimize_coding = settings->optimize ? TRUE : FALSE;
    if (settings->progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    if (app1 != NULL && app1_size > 0 && app1_size <= 65533) {
        jpeg_write_marker(&cinfo, JPEG_APP0 + 1, app1, (unsigned int)app1_size);
    }
    row = malloc((size_t)width * 4);
    if (row == NULL) ERREXIT(&cinfo, JERR_OUT_OF_MEMORY);
    while (cinfo.next_scanline < height) {
        const uint8_t *pixel = rgba + (size_t)cinfo.next_scanline * width * 4;
        for (uint32_t x = 0; x < width; x++, pixel += 4) {
            uint8_t *out = row + (size_t)x * (size_t)cinfo.input_components;
            if (components == 1) {
                out[0] = pixel[1];
            } else if (components == 4) {
                out[0] = (uint8_t)(255 - pixel[0]), out[1] = pixel[1], out[2] = pixel[2];
                out[3] = (uint8_t)((pixel[0] + pixel[1] + pixel[2]) / 3);
            } else {
                memcpy(out, pixel, 4);
            }
        }
        JSAMPROW rows[1] = {row};
        jpeg_write_scanlines(&cinfo, rows, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    free(row);
    *size = length;
    return bytes;
}
