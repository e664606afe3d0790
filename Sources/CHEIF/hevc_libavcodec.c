#include "hevc_libavcodec.h"

#include <dlfcn.h>
#include <libavcodec/avcodec.h>
#include <libavutil/log.h>
#include <libavutil/pixdesc.h>
#include "heif_library.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libavcodec and libavutil, opened on the first HEIF decode rather than linked: their ~65 libraries
 * would cost every run ~16 ms to load. The sonames are the headers' major versions, so the structs
 * read here are the ones the libraries have. */
#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)
static struct {
    const AVCodec *(*find_decoder)(enum AVCodecID);
    AVCodecContext *(*alloc_context)(const AVCodec *);
    int (*open)(AVCodecContext *, const AVCodec *, AVDictionary **);
    int (*send_packet)(AVCodecContext *, const AVPacket *);
    int (*receive_frame)(AVCodecContext *, AVFrame *);
    void (*free_context)(AVCodecContext **);
    AVPacket *(*packet_alloc)(void);
    void (*packet_free)(AVPacket **);
    AVFrame *(*frame_alloc)(void);
    void (*frame_free)(AVFrame **);
    const AVPixFmtDescriptor *(*format_descriptor)(enum AVPixelFormat);
    void (*set_log_level)(int);
    int (*default_get_buffer)(AVCodecContext *, AVFrame *, int);
} av;

/* Opens both libraries and finds every function; 0 (and nothing kept open) when any is missing. */
static int load_libavcodec(void) {
#if defined(__APPLE__)
    void *util = dlopen("libavutil." STRINGIFY(LIBAVUTIL_VERSION_MAJOR) ".dylib", RTLD_NOW | RTLD_LOCAL);
    void *codec = util ? dlopen("libavcodec." STRINGIFY(LIBAVCODEC_VERSION_MAJOR) ".dylib", RTLD_NOW | RTLD_LOCAL) : NULL;
#else
    void *util = dlopen("libavutil.so." STRINGIFY(LIBAVUTIL_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL);
    void *codec = util ? dlopen("libavcodec.so." STRINGIFY(LIBAVCODEC_VERSION_MAJOR), RTLD_NOW | RTLD_LOCAL) : NULL;
#endif
    if (!codec) {
        if (util) dlclose(util);
        return 0;
    }
    /* POSIX converts dlsym's void * to function pointers; memcpy says so without a cast warning. */
#define FIND(library, field, name)                                                                            \
    do {                                                                                                       \
        void *symbol = dlsym(library, name);                                                                   \
        if (!symbol) goto missing;                                                                             \
        memcpy(&av.field, &symbol, sizeof symbol);                                                             \
    } while (0)
    FIND(codec, find_decoder, "avcodec_find_decoder");
    FIND(codec, alloc_context, "avcodec_alloc_context3");
    FIND(codec, open, "avcodec_open2");
    FIND(codec, send_packet, "avcodec_send_packet");
    FIND(codec, receive_frame, "avcodec_receive_frame");
    FIND(codec, free_context, "avcodec_free_context");
    FIND(codec, packet_alloc, "av_packet_alloc");
    FIND(codec, packet_free, "av_packet_free");
    FIND(codec, default_get_buffer, "avcodec_default_get_buffer2");
    FIND(util, frame_alloc, "av_frame_alloc");
    FIND(util, frame_free, "av_frame_free");
    FIND(util, format_descriptor, "av_pix_fmt_desc_get");
    FIND(util, set_log_level, "av_log_set_level");
#undef FIND
    return 1;
missing:
    memset(&av, 0, sizeof av);
    dlclose(codec);
    dlclose(util);
    return 0;
}

/* libheif passes NAL units with 4-byte big-endian lengths; libavcodec reads them with start codes. */
typedef struct {
    uint8_t *data;
    size_t size, capacity;
} stream;

static _Thread_local uint64_t budget = UINT64_MAX;
static _Thread_local int failed;
static _Thread_local char message[160];
static _Thread_local int planes_mode, planes_given, planes_refused;

int gr_hevc_libavcodec_planes(int on) {
    int given = planes_refused ? -1 : planes_given;
    planes_mode = on;
    planes_given = planes_refused = 0;
    return given;
}

static _Thread_local uint64_t side = UINT32_MAX;

/* How many HEIF decodes run in the process now: a grid's helper threads work only on cores the
 * others leave (heif_grid.c). */
static atomic_int decodes_running;

void gr_hevc_libavcodec_begin(void) { atomic_fetch_add(&decodes_running, 1); }

void gr_hevc_libavcodec_end(void) { atomic_fetch_sub(&decodes_running, 1); }

int gr_hevc_libavcodec_others(void) {
    int others = atomic_load(&decodes_running) - 1;
    return others > 0 ? others : 0;
}

void gr_hevc_libavcodec_set_budget(uint64_t max_pixels, uint32_t max_side) {
    budget = max_pixels;
    side = max_side;
}

int gr_hevc_libavcodec_take_failure(void) {
    int was = failed;
    failed = 0;
    return was;
}

static struct heif_error error(enum heif_suberror_code subcode, const char *text) {
    if (subcode != heif_suberror_Security_limit_exceeded) failed = 1;
    struct heif_error e = {heif_error_Decoder_plugin_error, subcode, text};
    return e;
}

static const struct heif_error ok = {heif_error_Ok, heif_suberror_Unspecified, "Success"};

static const char *plugin_name(void) { return "libavcodec HEVC decoder (gallery-render)"; }

static void init_plugin(void) {}

static void deinit_plugin(void) {}

static _Thread_local int declined;

void gr_hevc_libavcodec_decline(int decline) { declined = decline; }

static int does_support_format(enum heif_compression_format format) {
    return format == heif_compression_HEVC && !declined ? 200 : 0; /* libde265's plugin says 100 */
}

static struct heif_error new_decoder(void **decoder) {
    *decoder = calloc(1, sizeof(stream));
    return *decoder ? ok : error(heif_suberror_Unspecified, "out of memory");
}

static void free_decoder(void *decoder) {
    stream *s = decoder;
    if (!s) return;
    free(s->data);
    free(s);
}

/* Appends one NAL unit to the stream with a start code; 0 when it would be too long or memory runs out. */
static int append_nal(stream *s, const uint8_t *nal, size_t length) {
    size_t needed = s->size + 4 + length + AV_INPUT_BUFFER_PADDING_SIZE;
    if (length > INT32_MAX || needed > INT32_MAX) return 0;
    if (needed > s->capacity) {
        size_t capacity = needed * 2 > INT32_MAX ? needed : needed * 2;
        uint8_t *grown = realloc(s->data, capacity);
        if (!grown) return 0;
        s->data = grown;
        s->capacity = capacity;
    }
    static const uint8_t start_code[4] = {0, 0, 0, 1};
    memcpy(s->data + s->size, start_code, 4);
    memcpy(s->data + s->size + 4, nal, length);
    s->size += 4 + length;
    return 1;
}

/* Appends NAL units each led by a big-endian length of `length_bytes` (1 to 4): NULL, or what is wrong. */
static const char *append_nals(stream *s, const uint8_t *bytes, size_t size, int length_bytes) {
    size_t at = 0;
    while (at < size) {
        if (size - at < (size_t)length_bytes) return "truncated HEVC NAL unit length";
        size_t length = 0;
        for (int i = 0; i < length_bytes; i++) length = length << 8 | bytes[at + (size_t)i];
        at += (size_t)length_bytes;
        if (length > size - at) return "HEVC NAL unit longer than its data";
        if (!append_nal(s, bytes + at, length)) return "HEVC stream too long, or out of memory";
        at += length;
    }
    return NULL;
}

static struct heif_error push_data(void *decoder, const void *data, size_t size) {
    const char *problem = append_nals(decoder, data, size, 4);
    return problem ? error(heif_suberror_End_of_data, problem) : ok;
}

/* An 8-bit colour frame as a 4:4:4 RGB image holding Y, Cb, Cr (gr_hevc_libavcodec_planes). */
static struct heif_error to_planes(const AVFrame *frame, const AVPixFmtDescriptor *format, struct heif_image **out) {
    if (format->comp[0].depth != 8) {
        planes_refused = 1;
        struct heif_error refused = {heif_error_Unsupported_feature, heif_suberror_Unsupported_data_version,
                                     "only 8-bit pictures are given as planes"};
        return refused;
    }
    struct heif_image *image = NULL;
    struct heif_error e = HEIF(heif_image_create)(frame->width, frame->height, heif_colorspace_RGB, heif_chroma_444, &image);
    if (e.code != heif_error_Ok) return e;
    static const enum heif_channel channels[3] = {heif_channel_R, heif_channel_G, heif_channel_B};
    for (int c = 0; c < 3; c++) {
        e = HEIF(heif_image_add_plane)(image, channels[c], frame->width, frame->height, 8);
        int stride = 0;
        uint8_t *to = e.code == heif_error_Ok ? HEIF(heif_image_get_plane)(image, channels[c], &stride) : NULL;
        if (!to || !frame->data[c]) {
            HEIF(heif_image_release)(image);
            return e.code != heif_error_Ok ? e : error(heif_suberror_Unspecified, "libavcodec returned no plane");
        }
        int sx = c ? format->log2_chroma_w : 0, sy = c ? format->log2_chroma_h : 0;
        for (int y = 0; y < frame->height; y++) {
            uint8_t *row = to + (size_t)y * (size_t)stride;
            const uint8_t *from = frame->data[c] + (size_t)(y >> sy) * (size_t)frame->linesize[c];
            if (sx == 0) {
                memcpy(row, from, (size_t)frame->width);
            } else {
                for (int x = 0; x < frame->width; x++) row[x] = from[x >> 1];
            }
        }
    }
    planes_given++;
    *out = image;
    return ok;
}

/* The decoded frame as libheif's planar image: 4:0:0, 4:2:0, 4:2:2 or 4:4:4, 8 to 16 bits. */
static struct heif_error to_heif_image(const AVFrame *frame, struct heif_image **out) {
    const AVPixFmtDescriptor *format = av.format_descriptor(frame->format);
    if (!format || (format->flags & AV_PIX_FMT_FLAG_RGB) || (format->flags & AV_PIX_FMT_FLAG_BE) ||
        (format->flags & AV_PIX_FMT_FLAG_ALPHA) || (format->flags & AV_PIX_FMT_FLAG_BITSTREAM) ||
        (format->flags & AV_PIX_FMT_FLAG_HWACCEL) ||
        !(format->nb_components == 1 || (format->nb_components == 3 && (format->flags & AV_PIX_FMT_FLAG_PLANAR))))
        return error(heif_suberror_Unsupported_data_version, "libavcodec returned an unexpected pixel format");
    int depth = format->comp[0].depth;
    enum heif_chroma chroma;
    if (format->nb_components == 1) chroma = heif_chroma_monochrome;
    else if (format->log2_chroma_w == 1 && format->log2_chroma_h == 1) chroma = heif_chroma_420;
    else if (format->log2_chroma_w == 1 && format->log2_chroma_h == 0) chroma = heif_chroma_422;
    else if (format->log2_chroma_w == 0 && format->log2_chroma_h == 0) chroma = heif_chroma_444;
    else return error(heif_suberror_Unsupported_data_version, "libavcodec returned an unexpected chroma layout");
    if (depth < 8 || depth > 16 || frame->width <= 0 || frame->height <= 0)
        return error(heif_suberror_Unsupported_data_version, "libavcodec returned an unexpected picture");
    if (planes_mode && format->nb_components == 3) return to_planes(frame, format, out);
    struct heif_image *image = NULL;
    enum heif_colorspace space = chroma == heif_chroma_monochrome ? heif_colorspace_monochrome : heif_colorspace_YCbCr;
    struct heif_error e = HEIF(heif_image_create)(frame->width, frame->height, space, chroma, &image);
    if (e.code != heif_error_Ok) return e;
    static const enum heif_channel channels[3] = {heif_channel_Y, heif_channel_Cb, heif_channel_Cr};
    size_t sample = depth > 8 ? 2 : 1;
    for (int c = 0; c < format->nb_components; c++) {
        int w = c ? AV_CEIL_RSHIFT(frame->width, format->log2_chroma_w) : frame->width;
        int h = c ? AV_CEIL_RSHIFT(frame->height, format->log2_chroma_h) : frame->height;
        e = HEIF(heif_image_add_plane)(image, channels[c], w, h, depth);
        int stride = 0;
        uint8_t *to = e.code == heif_error_Ok ? HEIF(heif_image_get_plane)(image, channels[c], &stride) : NULL;
        if (!to || !frame->data[c] || frame->linesize[c] < (int)((size_t)w * sample)) {
            HEIF(heif_image_release)(image);
            return e.code != heif_error_Ok ? e : error(heif_suberror_Unspecified, "libavcodec returned no plane");
        }
        for (int y = 0; y < h; y++)
            memcpy(to + (size_t)y * (size_t)stride, frame->data[c] + (size_t)y * (size_t)frame->linesize[c],
                   (size_t)w * sample);
    }
    *out = image;
    return ok;
}

/* The stream's colour description (its VUI, as libde265's plugin gives it: H.273 code points, 2 where
 * the stream says nothing, limited range unless flagged full), which libheif replaces with the
 * file's colr nclx box when there is one. */
static struct heif_error describe_colour(const AVFrame *frame, struct heif_image *image) {
    struct heif_color_profile_nclx *nclx = HEIF(heif_nclx_color_profile_alloc)();
    if (!nclx) {
        HEIF(heif_image_release)(image);
        return error(heif_suberror_Unspecified, "out of memory");
    }
    nclx->color_primaries = (enum heif_color_primaries)frame->color_primaries;
    nclx->transfer_characteristics = (enum heif_transfer_characteristics)frame->color_trc;
    nclx->matrix_coefficients = (enum heif_matrix_coefficients)frame->colorspace;
    nclx->full_range_flag = frame->color_range == AVCOL_RANGE_JPEG;
    struct heif_error e = HEIF(heif_image_set_nclx_color_profile)(image, nclx);
    HEIF(heif_nclx_color_profile_free)(nclx);
    if (e.code != heif_error_Ok) HEIF(heif_image_release)(image);
    return e;
}

/* libavcodec's own buffer, zeroed: what a damaged stream leaves undecoded (libavcodec does not
 * conceal) is then the same on every run, and what libde265 shows there. */
static int zeroed_buffer(AVCodecContext *context, AVFrame *frame, int flags) {
    int status = av.default_get_buffer(context, frame, flags);
    if (status < 0) return status;
    for (int i = 0; i < AV_NUM_DATA_POINTERS && frame->buf[i]; i++) memset(frame->buf[i]->data, 0, frame->buf[i]->size);
    return 0;
}

/* The stream's one picture into `frame`, on the calling thread alone, refusing a picture over
 * `max_pixels` or `max_side` before it is allocated. Errors are fatal (AV_EF_EXPLODE) rather than
 * concealed. Not on libavcodec's slice threads: with them a damaged stream decodes differently from
 * run to run (whether an error stops it depends on which row reaches it first). */
static struct heif_error decode_frame(stream *s, uint64_t max_pixels, uint64_t max_side, AVFrame *frame) {
    if (!s->data) return error(heif_suberror_End_of_data, "no HEVC data");
    const AVCodec *codec = av.find_decoder(AV_CODEC_ID_HEVC);
    AVCodecContext *context = codec ? av.alloc_context(codec) : NULL;
    AVPacket *packet = av.packet_alloc();
    struct heif_error result = ok;
    if (!context || !packet) {
        result = error(heif_suberror_Unspecified, "out of memory");
        goto done;
    }
    context->thread_count = 1;
    context->get_buffer2 = zeroed_buffer;
    context->err_recognition = AV_EF_EXPLODE;
    /* libavcodec checks its rows padded to their alignment: a picture within the budget only by its
     * exact width is refused here, and libde265 decodes it. */
    context->max_pixels = max_pixels > INT64_MAX ? INT64_MAX : (int64_t)max_pixels;
    if (av.open(context, codec, NULL) < 0) {
        result = error(heif_suberror_Unspecified, "libavcodec could not open its HEVC decoder");
        goto done;
    }
    memset(s->data + s->size, 0, AV_INPUT_BUFFER_PADDING_SIZE);
    packet->data = s->data;
    packet->size = (int)s->size;
    int status = av.send_packet(context, packet);
    if (status >= 0) status = av.send_packet(context, NULL);
    if (status >= 0) status = av.receive_frame(context, frame);
    if (status < 0 || frame->decode_error_flags || (frame->flags & AV_FRAME_FLAG_CORRUPT)) {
        if (context->width > 0 && context->height > 0 &&
            ((uint64_t)context->width * (uint64_t)context->height > max_pixels ||
             (uint64_t)context->width > max_side || (uint64_t)context->height > max_side)) {
            /* libheif's own wording, which gr_heif reads the size from. */
            snprintf(message, sizeof message, "Image size %dx%d exceeds the pixel budget", context->width,
                     context->height);
            result = error(heif_suberror_Security_limit_exceeded, message);
        } else {
            result = error(heif_suberror_Unspecified, "libavcodec could not decode the HEVC stream");
        }
    }
done:
    av.packet_free(&packet);
    av.free_context(&context);
    return result;
}

/* One picture from the pushed stream. A damaged stream is refused here and the caller gives it to
 * libde265, which decodes what it can as before. */
static struct heif_error decode_image(void *decoder, struct heif_image **out) {
    *out = NULL;
    AVFrame *frame = av.frame_alloc();
    if (!frame) return error(heif_suberror_Unspecified, "out of memory");
    struct heif_error result = decode_frame(decoder, budget, side, frame);
    if (result.code == heif_error_Ok) result = to_heif_image(frame, out);
    if (result.code == heif_error_Ok) result = describe_colour(frame, *out);
    if (result.code != heif_error_Ok) *out = NULL; /* describe_colour released it */
    av.frame_free(&frame);
    return result;
}

int gr_hevc_decode_picture(const uint8_t *config, size_t config_size, const uint8_t *data, size_t size,
                           uint64_t max_pixels, uint32_t max_side, gr_hevc_picture *out) {
    memset(out, 0, sizeof *out);
    if (!gr_hevc_libavcodec_register() || config_size < 23) return 0;
    stream s = {0};
    int length_bytes = (config[21] & 3) + 1, arrays = config[22], fine = 1;
    size_t at = 23;
    for (int a = 0; a < arrays && fine; a++) {
        if (config_size - at < 3) fine = 0;
        size_t count = fine ? (size_t)config[at + 1] << 8 | config[at + 2] : 0;
        at += 3;
        for (size_t n = 0; n < count && fine; n++) {
            size_t length = config_size - at >= 2 ? (size_t)config[at] << 8 | config[at + 1] : SIZE_MAX;
            fine = length <= config_size - at - 2 && append_nal(&s, config + at + 2, length);
            at += 2 + (fine ? length : 0);
        }
    }
    AVFrame *frame = fine && !append_nals(&s, data, size, length_bytes) ? av.frame_alloc() : NULL;
    fine = frame && decode_frame(&s, max_pixels, max_side, frame).code == heif_error_Ok;
    failed = 0; /* the caller falls back to libheif, which reports what is wrong */
    free(s.data);
    const AVPixFmtDescriptor *format = fine ? av.format_descriptor(frame->format) : NULL;
    if (!format || format->comp[0].depth != 8 || format->nb_components != 3 ||
        !(format->flags & AV_PIX_FMT_FLAG_PLANAR) || (format->flags & ~(uint64_t)AV_PIX_FMT_FLAG_PLANAR) ||
        format->log2_chroma_w > 1 || format->log2_chroma_h > 1) {
        av.frame_free(&frame);
        return 0;
    }
    for (int c = 0; c < 3; c++) {
        out->plane[c] = frame->data[c];
        out->stride[c] = frame->linesize[c];
    }
    out->width = frame->width;
    out->height = frame->height;
    out->shift_x = format->log2_chroma_w;
    out->shift_y = format->log2_chroma_h;
    out->matrix = (int)frame->colorspace;
    out->full_range = frame->color_range == AVCOL_RANGE_JPEG;
    out->frame = frame;
    return 1;
}

void gr_hevc_picture_free(gr_hevc_picture *picture) {
    AVFrame *frame = picture->frame;
    if (frame) av.frame_free(&frame);
    picture->frame = NULL;
}

static void set_strict_decoding(void *decoder, int flag) {
    (void)decoder;
    (void)flag;
}

static const struct heif_decoder_plugin plugin = {
    .plugin_api_version = 3,
    .get_plugin_name = plugin_name,
    .init_plugin = init_plugin,
    .deinit_plugin = deinit_plugin,
    .does_support_format = does_support_format,
    .new_decoder = new_decoder,
    .free_decoder = free_decoder,
    .push_data = push_data,
    .decode_image = decode_image,
    .set_strict_decoding = set_strict_decoding,
    .id_name = GR_HEVC_LIBAVCODEC_ID,
};

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int registered;

static void register_once(void) {
    /* Without libavcodec, libheif's libde265 plugin decodes HEVC; without libheif, nothing does. */
    if (!gr_heif_library_open(NULL, 0) || !load_libavcodec()) return;
    av.set_log_level(AV_LOG_QUIET);
    registered = HEIF(heif_register_decoder_plugin)(&plugin).code == heif_error_Ok;
}

int gr_hevc_libavcodec_register(void) {
    pthread_once(&once, register_once);
    return registered;
}

void gr_hevc_libavcodec_version(char *out, size_t size) {
    /* The headers' version: the library is opened by its major version on first HEIC, and opening it
     * here only to ask would leave what its initialisers allocate behind when it is closed again. */
    snprintf(out, size, "libavcodec %d.%d.%d (opened on first use)", LIBAVCODEC_VERSION_MAJOR, LIBAVCODEC_VERSION_MINOR,
             LIBAVCODEC_VERSION_MICRO);
}
