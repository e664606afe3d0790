/* The decode floor: libjpeg decoding just the given JPEGs, serially, at DCT scale M/8.
 *
 *     cc -O2 -o .build/bench/decode_floor Bench/decode_floor.c -ljpeg     (make bench does this)
 *     .build/bench/decode_floor M FILE.jpg...
 *
 * Each file is read into memory and decoded as gallery-render does it: scale M/8, accurate integer
 * IDCT, fancy upsampling, RGBA output (JCS_EXT_RGBA) into one buffer per image. Prints the
 * in-process wall time of all of it, in milliseconds, and nothing else. No EXIF, no resampling. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
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

static int decode(const char *path, int m) {
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
    size_t stride = (size_t)cinfo.output_width * 4;
    pixels = malloc(stride * cinfo.output_height);
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + cinfo.output_scanline * stride;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(bytes), free(pixels);
    return 0;
}

int main(int argc, char **argv) {
    int m = argc > 2 ? atoi(argv[1]) : 0;
    if (m < 1 || m > 8) return fprintf(stderr, "usage: decode_floor M(1-8) FILE.jpg...\n"), 64;
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int i = 2; i < argc; i++)
        if (decode(argv[i], m)) return 1;
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("%.2f\n", (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6);
    return 0;
}
