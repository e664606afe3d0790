#include "gr_color.h"

#include <lcms2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gr_color_transform {
    cmsContext context;
    cmsHTRANSFORM transform;
    char message[256]; /* Little CMS's last error, through the context's log handler */
};

static void set_text(char *out, size_t capacity, const char *text) {
    strncpy(out, text ? text : "", capacity - 1);
    out[capacity - 1] = '\0';
}

static void log_error(cmsContext context, cmsUInt32Number code, const char *text) {
    (void)code;
    struct gr_color_transform *owner = cmsGetContextUserData(context);
    if (owner && owner->message[0] == '\0') set_text(owner->message, sizeof owner->message, text);
}

/* The D65 white and the sRGB tone curve, shared by the frame profiles. */
static const cmsCIExyY d65 = {0.3127, 0.3290, 1.0};
static const cmsFloat64Number srgb_curve[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};

/* An RGB profile from primaries (x, y of red, green, blue) and a parametric tone curve. */
static cmsHPROFILE rgb_profile(cmsContext context, const double xy[6], int curve_type, const double *curve) {
    cmsCIExyYTRIPLE primaries = {{xy[0], xy[1], 1.0}, {xy[2], xy[3], 1.0}, {xy[4], xy[5], 1.0}};
    cmsToneCurve *tone = cmsBuildParametricToneCurve(context, curve_type, curve);
    if (!tone) return NULL;
    cmsToneCurve *curves[3] = {tone, tone, tone};
    cmsHPROFILE profile = cmsCreateRGBProfileTHR(context, &d65, &primaries, curves);
    cmsFreeToneCurve(tone);
    return profile;
}

static const double srgb_primaries[6] = {0.640, 0.330, 0.300, 0.600, 0.150, 0.060};
static const double p3_primaries[6] = {0.680, 0.320, 0.265, 0.690, 0.150, 0.060};
static const double bt2020_primaries[6] = {0.708, 0.292, 0.170, 0.797, 0.131, 0.046};

static cmsHPROFILE frame_profile(cmsContext context, gr_color_space space) {
    if (space == GR_COLOR_SPACE_DISPLAY_P3) return rgb_profile(context, p3_primaries, 4, srgb_curve);
    return cmsCreate_sRGBProfileTHR(context);
}

/* A transform owner with its own context, so errors land in its message. */
static struct gr_color_transform *new_owner(void) {
    struct gr_color_transform *owner = calloc(1, sizeof *owner);
    if (!owner) return NULL;
    owner->context = cmsCreateContext(NULL, owner);
    if (!owner->context) {
        free(owner);
        return NULL;
    }
    cmsSetLogErrorHandlerTHR(owner->context, log_error);
    return owner;
}

/* 0…255 in 18 steps per channel, through the transform: whether every value comes back within 1. */
static int is_identity(cmsHTRANSFORM transform) {
    enum { steps = 18, count = steps * steps * steps };
    uint8_t *in = malloc(count * 4), *out = malloc(count * 4);
    int identity = in && out;
    if (identity) {
        size_t i = 0;
        for (int r = 0; r < steps; r++)
            for (int g = 0; g < steps; g++)
                for (int b = 0; b < steps; b++, i++) {
                    in[i * 4] = (uint8_t)(r * 15);
                    in[i * 4 + 1] = (uint8_t)(g * 15);
                    in[i * 4 + 2] = (uint8_t)(b * 15);
                    in[i * 4 + 3] = 255;
                }
        cmsDoTransform(transform, in, out, count);
        for (i = 0; i < (size_t)count * 4 && identity; i++) {
            int d = (int)in[i] - (int)out[i];
            identity = d >= -1 && d <= 1;
        }
    }
    free(in);
    free(out);
    return identity;
}

/* Builds owner's transform from `source` (taken) into `target`; frees everything on failure. */
static gr_color_status finish(struct gr_color_transform *owner, cmsHPROFILE source, gr_color_space target,
                              gr_color_transform **out, gr_color_result *result) {
    gr_color_status status = GR_COLOR_OK;
    cmsHPROFILE destination = frame_profile(owner->context, target);
    cmsUInt32Number input = TYPE_RGBA_8;
    if (source && cmsGetColorSpace(source) == cmsSigGrayData) {
        /* Gray pixels arrive as R = G = B: read R, skip G, B and alpha. */
        input = COLORSPACE_SH(PT_GRAY) | CHANNELS_SH(1) | BYTES_SH(1) | EXTRA_SH(3);
    } else if (source && cmsGetColorSpace(source) != cmsSigRgbData) {
        set_text(result->message, sizeof result->message, "the profile is not for RGB or gray pixels");
        status = GR_COLOR_UNUSABLE;
    }
    cmsProfileClassSignature class = source ? cmsGetDeviceClass(source) : 0;
    if (status == GR_COLOR_OK && source && class != cmsSigInputClass && class != cmsSigDisplayClass &&
        class != cmsSigOutputClass && class != cmsSigColorSpaceClass) {
        set_text(result->message, sizeof result->message, "the profile is not a device profile");
        status = GR_COLOR_UNUSABLE;
    }
    if (status == GR_COLOR_OK && source && destination) {
        owner->transform = cmsCreateTransformTHR(owner->context, source, input, destination, TYPE_RGBA_8,
                                                 INTENT_RELATIVE_COLORIMETRIC,
                                                 cmsFLAGS_NOCACHE | (input == TYPE_RGBA_8 ? cmsFLAGS_COPY_ALPHA : 0));
    }
    if (status == GR_COLOR_OK && !owner->transform) {
        set_text(result->message, sizeof result->message,
                 owner->message[0] ? owner->message : (source ? "Little CMS cannot use the profile" : "out of memory"));
        status = source && destination ? GR_COLOR_UNUSABLE : GR_COLOR_NO_MEMORY;
    }
    if (source) cmsCloseProfile(source);
    if (destination) cmsCloseProfile(destination);
    if (status != GR_COLOR_OK) {
        gr_color_transform_free(owner);
        return status;
    }
    result->identity = input == TYPE_RGBA_8 && is_identity(owner->transform);
    *out = owner;
    return GR_COLOR_OK;
}

gr_color_status gr_color_transform_from_icc(const uint8_t *icc, size_t size, gr_color_space target,
                                            gr_color_transform **out, gr_color_result *result) {
    memset(result, 0, sizeof *result);
    *out = NULL;
    if (size < 132 || size > UINT32_MAX) {
        set_text(result->message, sizeof result->message, "the profile is too short to hold a header and tag count");
        return GR_COLOR_UNUSABLE;
    }
    struct gr_color_transform *owner = new_owner();
    if (!owner) return GR_COLOR_NO_MEMORY;
    cmsHPROFILE source = cmsOpenProfileFromMemTHR(owner->context, icc, (cmsUInt32Number)size);
    if (!source) {
        set_text(result->message, sizeof result->message,
                 owner->message[0] ? owner->message : "Little CMS cannot read the profile");
        gr_color_transform_free(owner);
        return GR_COLOR_UNUSABLE;
    }
    cmsGetProfileInfoASCII(source, cmsInfoDescription, "en", "US", result->description, sizeof result->description);
    owner->message[0] = '\0';
    return finish(owner, source, target, out, result);
}

gr_color_status gr_color_transform_from_cicp(uint16_t primaries, uint16_t transfer, gr_color_space target,
                                             gr_color_transform **out, gr_color_result *result) {
    memset(result, 0, sizeof *result);
    *out = NULL;
    const double *xy = NULL;
    switch (primaries) {
    case 1: case 2: xy = srgb_primaries; break;
    case 9: xy = bt2020_primaries; break;
    case 12: xy = p3_primaries; break;
    default: break;
    }
    /* Parametric curves (Little CMS types): sRGB (4), BT.709's (4), a pure gamma (1). */
    static const double bt709_curve[5] = {1.0 / 0.45, 1.0 / 1.099, 0.099 / 1.099, 1.0 / 4.5, 0.081};
    static const double linear[1] = {1.0}, gamma22[1] = {2.2}, gamma28[1] = {2.8};
    int type = 4;
    const double *curve = NULL;
    switch (transfer) {
    case 2: case 13: curve = srgb_curve; break;
    case 1: case 6: case 14: case 15: curve = bt709_curve; break;
    case 8: type = 1; curve = linear; break;
    case 4: type = 1; curve = gamma22; break;
    case 5: type = 1; curve = gamma28; break;
    default: break;
    }
    if (!xy || !curve) {
        snprintf(result->message, sizeof result->message,
                 "colour primaries %u with transfer characteristics %u (ITU-T H.273) are not supported",
                 (unsigned)primaries, (unsigned)transfer);
        return GR_COLOR_UNUSABLE;
    }
    struct gr_color_transform *owner = new_owner();
    if (!owner) return GR_COLOR_NO_MEMORY;
    cmsHPROFILE source = rgb_profile(owner->context, xy, type, curve);
    if (!source) {
        gr_color_transform_free(owner);
        return GR_COLOR_NO_MEMORY;
    }
    return finish(owner, source, target, out, result);
}

void gr_color_apply(const gr_color_transform *transform, uint8_t *rgba, size_t count) {
    /* Little CMS counts pixels in 32 bits: convert in slices. */
    const size_t slice = 1u << 24;
    for (size_t done = 0; done < count; done += slice) {
        size_t n = count - done < slice ? count - done : slice;
        cmsDoTransform(transform->transform, rgba + done * 4, rgba + done * 4, (cmsUInt32Number)n);
    }
}

void gr_color_transform_free(gr_color_transform *transform) {
    if (!transform) return;
    if (transform->transform) cmsDeleteTransform(transform->transform);
    if (transform->context) cmsDeleteContext(transform->context);
    free(transform);
}

gr_color_status gr_color_profile(gr_color_space space, uint8_t **bytes, size_t *size) {
    *bytes = NULL;
    *size = 0;
    cmsContext context = cmsCreateContext(NULL, NULL);
    if (!context) return GR_COLOR_NO_MEMORY;
    cmsHPROFILE profile = frame_profile(context, space);
    gr_color_status status = profile ? GR_COLOR_OK : GR_COLOR_NO_MEMORY;
    cmsMLU *description = status == GR_COLOR_OK ? cmsMLUalloc(context, 1) : NULL;
    if (description) {
        cmsMLUsetASCII(description, "en", "US", space == GR_COLOR_SPACE_DISPLAY_P3 ? "Display P3" : "sRGB");
        cmsWriteTag(profile, cmsSigProfileDescriptionTag, description);
        cmsMLUfree(description);
    }
    cmsUInt32Number needed = 0;
    if (status == GR_COLOR_OK) {
        cmsSetProfileVersion(profile, 4.3);
        if (!cmsSaveProfileToMem(profile, NULL, &needed) || needed == 0) status = GR_COLOR_NO_MEMORY;
    }
    if (status == GR_COLOR_OK) {
        *bytes = malloc(needed);
        if (!*bytes || !cmsSaveProfileToMem(profile, *bytes, &needed)) {
            free(*bytes);
            *bytes = NULL;
            status = GR_COLOR_NO_MEMORY;
        } else {
            /* The same bytes on every run: Little CMS stamps the creation time, so the header's date
             * is set to a fixed one (2026-01-01) and the profile ID left zero ("not computed"). */
            static const uint8_t date[12] = {0x07, 0xEA, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0};
            memcpy(*bytes + 24, date, sizeof date);
            memset(*bytes + 84, 0, 16);
            *size = needed;
        }
    }
    if (profile) cmsCloseProfile(profile);
    cmsDeleteContext(context);
    return status;
}

void gr_color_free(void *pointer) { free(pointer); }
