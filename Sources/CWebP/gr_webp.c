#include "gr_webp.h"
#include "gr_cpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#include <webp/mux.h>

struct gr_webp_anim {
    WebPAnimEncoder *encoder;
    WebPConfig config;
    uint32_t width, height;
    char message[160];
};

static gr_webp_status fail(gr_webp_anim *anim, const char *what) {
    const char *reason = anim->encoder ? WebPAnimEncoderGetError(anim->encoder) : NULL;
    snprintf(anim->message, sizeof anim->message, "%s%s%s", what, reason && *reason ? ": " : "",
             reason ? reason : "");
    return GR_WEBP_ERROR;
}

gr_webp_anim *gr_webp_anim_new(uint32_t width, uint32_t height, uint32_t loops, uint32_t effort, uint32_t method,
                               int lossy_quality) {
    if (width == 0 || height == 0 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) return NULL;
    gr_webp_anim *anim = calloc(1, sizeof *anim);
    if (!anim) return NULL;
    WebPAnimEncoderOptions options;
    if (!WebPAnimEncoderOptionsInit(&options) || !WebPConfigInit(&anim->config)) {
        free(anim);
        return NULL;
    }
    options.anim_params.loop_count = (int)(loops > 65535 ? 65535 : loops);
    options.anim_params.bgcolor = 0;
    /* Lossy (lossy_quality 0…100): each frame lossy or lossless, whichever libwebp finds smaller. */
    options.allow_mixed = lossy_quality >= 0;
    options.minimize_size = 0;
    /* No keyframes forced beyond libwebp's defaults; no threads of libwebp's own (deterministic, and
     * --jobs is spent on rendering). */
    if (lossy_quality >= 0) {
        anim->config.lossless = 0;
        anim->config.quality = (float)(lossy_quality > 100 ? 100 : lossy_quality);
        anim->config.method = 4;
    } else {
        anim->config.lossless = 1;
        anim->config.exact = 1;
        anim->config.quality = (float)(effort > 100 ? 100 : effort);
        anim->config.method = (int)(method > 6 ? 6 : method);
    }
    anim->config.thread_level = 0;
    if (!WebPValidateConfig(&anim->config)) {
        free(anim);
        return NULL;
    }
    anim->encoder = WebPAnimEncoderNew((int)width, (int)height, &options);
    if (!anim->encoder) {
        free(anim);
        return NULL;
    }
    anim->width = width;
    anim->height = height;
    return anim;
}

gr_webp_status gr_webp_anim_add(gr_webp_anim *anim, const uint8_t *rgba, uint32_t timestamp_ms) {
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) return fail(anim, "libwebp version mismatch");
    picture.use_argb = 1;
    picture.width = (int)anim->width;
    picture.height = (int)anim->height;
    if (!WebPPictureImportRGBA(&picture, rgba, (int)anim->width * 4)) {
        WebPPictureFree(&picture);
        return GR_WEBP_NO_MEMORY;
    }
    int ok = WebPAnimEncoderAdd(anim->encoder, &picture, (int)timestamp_ms, &anim->config);
    int memory = picture.error_code == VP8_ENC_ERROR_OUT_OF_MEMORY;
    WebPPictureFree(&picture);
    if (ok) return GR_WEBP_OK;
    return memory ? GR_WEBP_NO_MEMORY : fail(anim, "cannot add a frame");
}

gr_webp_status gr_webp_anim_assemble(gr_webp_anim *anim, uint32_t end_ms, const uint8_t *icc, size_t icc_size,
                                     uint8_t **out, size_t *size) {
    *out = NULL;
    *size = 0;
    if (!WebPAnimEncoderAdd(anim->encoder, NULL, (int)end_ms, NULL)) return fail(anim, "cannot end the animation");
    WebPData data;
    WebPDataInit(&data);
    if (!WebPAnimEncoderAssemble(anim->encoder, &data)) return fail(anim, "cannot assemble the animation");
    if (icc && icc_size > 0) {
        /* The profile goes in an ICCP chunk (and the VP8X flag), through libwebpmux. */
        WebPMux *mux = WebPMuxCreate(&data, 1);
        WebPData profile = {icc, icc_size}, tagged;
        WebPDataInit(&tagged);
        int ok = mux && WebPMuxSetChunk(mux, "ICCP", &profile, 1) == WEBP_MUX_OK &&
                 WebPMuxAssemble(mux, &tagged) == WEBP_MUX_OK;
        WebPMuxDelete(mux);
        WebPDataClear(&data);
        if (!ok) {
            WebPDataClear(&tagged);
            snprintf(anim->message, sizeof anim->message, "cannot add the colour profile");
            return GR_WEBP_ERROR;
        }
        data = tagged;
    }
    *out = (uint8_t *)data.bytes;
    *size = data.size;
    return GR_WEBP_OK;
}

const char *gr_webp_anim_error(const gr_webp_anim *anim) { return anim->message; }

void gr_webp_anim_free(gr_webp_anim *anim) {
    if (!anim) return;
    WebPAnimEncoderDelete(anim->encoder);
    free(anim);
}

void gr_webp_free(void *bytes) { WebPFree(bytes); }

static void set_text(char out[256], const char *text) {
    strncpy(out, text, 255);
    out[255] = '\0';
}

static const char *status_text(VP8StatusCode code) {
    switch (code) {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature";
    case VP8_STATUS_SUSPENDED: return "suspended";
    case VP8_STATUS_USER_ABORT: return "aborted";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "truncated data";
    default: return "unknown error";
    }
}

gr_webp_status gr_webp_read_header(const uint8_t *data, size_t size, gr_webp_header *out) {
    memset(out, 0, sizeof *out);
    WebPBitstreamFeatures features;
    VP8StatusCode code = WebPGetFeatures(data, size, &features);
    if (code != VP8_STATUS_OK) {
        set_text(out->message, status_text(code));
        return code == VP8_STATUS_OUT_OF_MEMORY ? GR_WEBP_NO_MEMORY : GR_WEBP_ERROR;
    }
    if (features.width <= 0 || features.height <= 0) {
        set_text(out->message, "image has no size");
        return GR_WEBP_ERROR;
    }
    out->width = (uint32_t)features.width;
    out->height = (uint32_t)features.height;
    out->has_alpha = features.has_alpha;
    out->has_animation = features.has_animation;
    return GR_WEBP_OK;
}

/* The ICCP chunk, copied; the status of the copy (a file without one is fine). */
static gr_webp_status read_icc(const WebPData *whole, gr_webp_image *out) {
    WebPDemuxer *demux = WebPDemux(whole);
    if (!demux) return GR_WEBP_OK;
    WebPChunkIterator chunk;
    gr_webp_status status = GR_WEBP_OK;
    if ((WebPDemuxGetI(demux, WEBP_FF_FORMAT_FLAGS) & ICCP_FLAG) && WebPDemuxGetChunk(demux, "ICCP", 1, &chunk)) {
        if (chunk.chunk.size > 0) {
            out->icc = malloc(chunk.chunk.size);
            if (out->icc) {
                memcpy(out->icc, chunk.chunk.bytes, chunk.chunk.size);
                out->icc_size = chunk.chunk.size;
            } else {
                status = GR_WEBP_NO_MEMORY;
            }
        }
        WebPDemuxReleaseChunkIterator(&chunk);
    }
    WebPDemuxDelete(demux);
    return status;
}

static gr_webp_status decode_first_frame(const WebPData *whole, uint8_t *pixels, size_t capacity,
                                         gr_webp_image *out) {
    WebPAnimDecoderOptions options;
    if (!WebPAnimDecoderOptionsInit(&options)) return GR_WEBP_ERROR;
    options.color_mode = MODE_RGBA;
    options.use_threads = 0;
    WebPAnimDecoder *decoder = WebPAnimDecoderNew(whole, &options);
    if (!decoder) {
        set_text(out->message, "cannot read the animation");
        return GR_WEBP_ERROR;
    }
    WebPAnimInfo info;
    uint8_t *frame = NULL;
    int timestamp = 0;
    gr_webp_status status = GR_WEBP_ERROR;
    if (!WebPAnimDecoderGetInfo(decoder, &info) || (size_t)info.canvas_width * info.canvas_height * 4 != capacity) {
        set_text(out->message, "the animation's canvas is not the size its header declares");
    } else if (!WebPAnimDecoderGetNext(decoder, &frame, &timestamp) || !frame) {
        set_text(out->message, "cannot decode the animation's first frame");
    } else {
        memcpy(pixels, frame, capacity);
        status = GR_WEBP_OK;
    }
    WebPAnimDecoderDelete(decoder);
    return status;
}

gr_webp_status gr_webp_decode(const uint8_t *data, size_t size, uint8_t *pixels, size_t capacity,
                              gr_webp_image *out) {
    memset(out, 0, sizeof *out);
    gr_webp_header header;
    gr_webp_status status = gr_webp_read_header(data, size, &header);
    if (status != GR_WEBP_OK) {
        memcpy(out->message, header.message, sizeof out->message);
        return status;
    }
    if ((size_t)header.width * header.height * 4 != capacity) {
        set_text(out->message, "buffer does not match the image size");
        return GR_WEBP_ERROR;
    }
    WebPData whole = {data, size};
    if (header.has_animation) {
        status = decode_first_frame(&whole, pixels, capacity, out);
    } else {
        WebPDecoderConfig config;
        if (!WebPInitDecoderConfig(&config)) return GR_WEBP_ERROR;
        config.output.colorspace = MODE_RGBA;
        config.output.is_external_memory = 1;
        config.output.u.RGBA.rgba = pixels;
        config.output.u.RGBA.stride = (int)header.width * 4;
        config.output.u.RGBA.size = capacity;
        VP8StatusCode code = WebPDecode(data, size, &config);
        WebPFreeDecBuffer(&config.output);
        if (code != VP8_STATUS_OK) {
            set_text(out->message, status_text(code));
            return code == VP8_STATUS_OUT_OF_MEMORY ? GR_WEBP_NO_MEMORY : GR_WEBP_ERROR;
        }
    }
    if (status == GR_WEBP_OK) status = read_icc(&whole, out);
    if (status != GR_WEBP_OK && out->message[0] == '\0') set_text(out->message, "out of memory");
    return status;
}

void gr_webp_library_versions(char *out, size_t size) {
    int version = WebPGetDecoderVersion();
    snprintf(out, size, "libwebp %d.%d.%d", version >> 16, (version >> 8) & 0xff, version & 0xff);
}
