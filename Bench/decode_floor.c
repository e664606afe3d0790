/* The decode floor: libjpeg decoding just the given JPEGs, serially, at DCT scale M/8.
 *
 *     cc -O2 -o .build/bench/decode_floor Bench/decode_floor.c -ljpeg     (make bench does this)
 *     .build/bench/decode_floor M FILE.jpg...
 *     .build/bench/decode_floor M FILE.jpg@X0,X1,Y0,Y1...   (only that part of the scaled, stored image)
 *
 * Each file is read into memory and decoded as gallery-render does it: scale M/8, accurate integer
 * IDCT, fancy upsampling, RGBA output (JCS_EXT_RGBA) into one buffer per image. Prints the
 * in-process wall time of all of it, in milliseconds, and nothing else. No EXIF, no resampling.
 * With a part, libjpeg crops the columns (jpeg_crop_scanline: every block is still entropy-decoded)
 * and skips the rows above (jpeg_skip_scanlines) and below: what libjpeg alone can do for a strip. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jpeglib.h>

struct failure {
    struct jpeg_error_mgr base;
    jmp_buf jump;
};

static void fail(j_common_ptr cinfo) {
    (*cinfo->err->output_message)(cinfo);
    longjmp(((struct failure *)cinfo->err)->jump, 1);
}

static unsigned char *read_file(const char *path, long *size) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    *size = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *bytes = malloc(*size);
    if (bytes && fread(bytes, 1, *size, file) != (size_t)*size) bytes = (free(bytes), NULL);
    fclose(file);
    return bytes;
}

static int decode(const char *argument, int m) {
    char path[4096];
    unsigned x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    const char *at = strrchr(argument, '@');
    size_t length = at ? (size_t)(at - argument) : strlen(argument);
    if (length >= sizeof path) return fprintf(stderr, "decode_floor: path too long\n"), 1;
    memcpy(path, argument, length);
    path[length] = 0;
    if (at && (sscanf(at + 1, "%u,%u,%u,%u", &x0, &x1, &y0, &y1) != 4 || x1 <= x0 || y1 <= y0))
        return fprintf(stderr, "decode_floor: %s: want FILE@X0,X1,Y0,Y1\n", argument), 1;
    long size;
    unsigned char *bytes = read_file(path, &size), *pixels = NULL;
    if (!bytes) return fprintf(stderr, "decode_floor: cannot read %s\n", path), 1;
    struct jpeg_decompress_struct cinfo;
    struct failure errors;
    cinfo.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = fail;
    if (setjmp(errors.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(bytes), free(pixels);
        return fprintf(stderr, "decode_floor: %s failed\n", path), 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, bytes, size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.scale_num = m;
    cinfo.scale_denom = 8;
    cinfo.dct_method = JDCT_ISLOW;
    cinfo.do_fancy_upsampling = TRUE;
    cinfo.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    if (!at) (x1 = cinfo.output_width), (y1 = cinfo.output_height);
    if (x1 > cinfo.output_width || y1 > cinfo.output_height) {
        jpeg_destroy_decompress(&cinfo);
        free(bytes);
        return fprintf(stderr, "decode_floor: %s: the part is outside the image\n", argument), 1;
    }
    JDIMENSION left = x0, width = x1 - x0;
    if (at) jpeg_crop_scanline(&cinfo, &left, &width);
    size_t stride = (size_t)width * 4;
    pixels = malloc(stride * (y1 - y0));
    if (y0 > 0) jpeg_skip_scanlines(&cinfo, y0);
    while (cinfo.output_scanline < y1) {
        JSAMPROW row = pixels + (cinfo.output_scanline - y0) * stride;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    if (cinfo.output_scanline < cinfo.output_height) jpeg_abort_decompress(&cinfo);
    else jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(bytes), free(pixels);
    return 0;
}

int main(int argc, char **argv) {
    int m = argc > 2 ? atoi(argv[1]) : 0;
    if (m < 1 || m > 8) return fprintf(stderr, "usage: decode_floor M(1-8) FILE.jpg[@X0,X1,Y0,Y1]...\n"), 64;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int i = 2; i < argc; i++)
        if (decode(argv[i], m)) return 1;
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("%.2f\n", (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6);
    return 0;
}
