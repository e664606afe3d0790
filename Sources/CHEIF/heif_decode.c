/* Which HEVC decoder decodes a handle (heif_decode.h). */
#include "heif_decode.h"
#include "hevc_libavcodec.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <pthread.h>

/* libde265 reads memory it never wrote when a stream is damaged (valgrind), so what it gives then
 * depends on what the heap held: after libavcodec's refusal, different pixels on every run. While it
 * decodes, glibc fills each allocation with one byte (M_PERTURB), which makes them repeatable; other C
 * libraries (macOS) have no such switch, and there only such pixels may vary. */
static void perturb(int byte) {
#if defined(__GLIBC__)
    mallopt(M_PERTURB, byte);
#else
    (void)byte;
#endif
}

static pthread_mutex_t perturb_lock = PTHREAD_MUTEX_INITIALIZER;
static int perturbing;

static struct heif_error decode_with_libde265(const struct heif_image_handle *handle, struct heif_image **image,
                                              enum heif_colorspace space, enum heif_chroma chroma,
                                              const struct heif_decoding_options *decoding) {
    pthread_mutex_lock(&perturb_lock);
    if (perturbing++ == 0) perturb(0xA5);
    pthread_mutex_unlock(&perturb_lock);
    gr_hevc_libavcodec_decline(1);
    struct heif_error error = HEIF(heif_decode_image)(handle, image, space, chroma, decoding);
    gr_hevc_libavcodec_decline(0);
    pthread_mutex_lock(&perturb_lock);
    if (--perturbing == 0) perturb(0);
    pthread_mutex_unlock(&perturb_lock);
    return error;
}

struct heif_error gr_heif_decode_handle(const struct heif_image_handle *handle, struct heif_image **image,
                                        enum heif_colorspace space, enum heif_chroma chroma,
                                        const struct heif_decoding_options *decoding, int reference, int planes,
                                        int *ycbcr) {
    int ours = gr_hevc_libavcodec_register() && !reference;
    if (!ours) planes = 0;
    gr_hevc_libavcodec_take_failure();
    gr_hevc_libavcodec_planes(planes);
    struct heif_error error = ours ? HEIF(heif_decode_image)(handle, image, space, chroma, decoding)
                                   : decode_with_libde265(handle, image, space, chroma, decoding);
    if (ours && gr_hevc_libavcodec_take_failure()) {
        if (*image) HEIF(heif_image_release)(*image);
        *image = NULL;
        planes = 0;
        gr_hevc_libavcodec_planes(0);
        error = decode_with_libde265(handle, image, space, chroma, decoding);
    }
    int given = gr_hevc_libavcodec_planes(0);
    if (ycbcr) *ycbcr = planes ? given : 0;
    return error;
}
