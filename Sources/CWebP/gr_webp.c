#include "gr_webp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

gr_webp_anim *gr_webp_anim_new(uint32_t width, uint32_t height, uint32_t loops, uint32_t effort, uint32_t method) {
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
    options.allow_mixed = 0;
    options.minimize_size = 0;
    /* No keyframes forced beyond libwebp's defaults; no threads of libwebp's own (deterministic, and
     * --jobs is spent on rendering). */
    anim->config.lossless = 1;
    anim->config.exact = 1;
    anim->config.quality = (float)(effort > 100 ? 100 : effort);
    anim->config.method = (int)(method > 6 ? 6 : method);
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

gr_webp_status gr_webp_anim_assemble(gr_webp_anim *anim, uint32_t end_ms, uint8_t **out, size_t *size) {
    *out = NULL;
    *size = 0;
    if (!WebPAnimEncoderAdd(anim->encoder, NULL, (int)end_ms, NULL)) return fail(anim, "cannot end the animation");
    WebPData data;
    WebPDataInit(&data);
    if (!WebPAnimEncoderAssemble(anim->encoder, &data)) return fail(anim, "cannot assemble the animation");
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
