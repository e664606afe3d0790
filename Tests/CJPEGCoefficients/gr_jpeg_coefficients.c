#include "gr_jpeg_coefficients.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

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

uint8_t *gr_jpeg_from_coefficients(uint32_t width, uint32_t height, int components, const int16_t *coefficients,
                                   const uint16_t *luma_table, const uint16_t *chroma_table, size_t *size,
                                   char *message) {
    struct jpeg_compress_struct cinfo;
    failure errors;
    memset(&cinfo, 0, sizeof(cinfo));
    cinfo.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = on_error;
    errors.base.emit_message = on_message;
    errors.message = message;
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
