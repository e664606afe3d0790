#include "gr_color.h"
#include "gr_cpu.h"
#include "color_planes.h"
#include "color_shaper.h"

#include <lcms2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gr_color_transform {
    cmsContext context;
    cmsHTRANSFORM transform;
    gr_matrix_shaper *shaper; /* when set (and it agrees with `transform`), what is applied */
    gr_shaper_planes *planes; /* the shaper's bytes, faster, where they can be had that way */
    int cmyk;              /* converts CMYK ink values: alpha, which held K, is set opaque after */
    char message[256];     /* Little CMS's last error, through the context's log handler */
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

static int read_matrix(cmsHPROFILE profile, double out[9]) {
    const cmsTagSignature tags[3] = {cmsSigRedColorantTag, cmsSigGreenColorantTag, cmsSigBlueColorantTag};
    for (int c = 0; c < 3; c++) {
        const cmsCIEXYZ *xyz = cmsReadTag(profile, tags[c]);
        if (!xyz) return 0;
        out[c] = xyz->X, out[3 + c] = xyz->Y, out[6 + c] = xyz->Z;
    }
    return 1;
}

static int invert(const double m[9], double out[9]) {
    double det = m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) +
                 m[2] * (m[3] * m[7] - m[4] * m[6]);
    if (det > -1e-12 && det < 1e-12) return 0;
    out[0] = (m[4] * m[8] - m[5] * m[7]) / det, out[1] = (m[2] * m[7] - m[1] * m[8]) / det;
    out[2] = (m[1] * m[5] - m[2] * m[4]) / det, out[3] = (m[5] * m[6] - m[3] * m[8]) / det;
    out[4] = (m[0] * m[8] - m[2] * m[6]) / det, out[5] = (m[2] * m[3] - m[0] * m[5]) / det;
    out[6] = (m[3] * m[7] - m[4] * m[6]) / det, out[7] = (m[1] * m[6] - m[0] * m[7]) / det;
    out[8] = (m[0] * m[4] - m[1] * m[3]) / det;
    return 1;
}

/* The matrix/TRC shortcut for two matrix-shaper RGB profiles, or NULL. Relative colorimetric between
 * two such profiles is exactly curves, colorant matrices (adapted to D50) and inverse curves. */
static gr_matrix_shaper *make_shaper(cmsHPROFILE source, cmsHPROFILE destination) {
    if (!cmsIsMatrixShaper(source) || !cmsIsMatrixShaper(destination) || cmsGetColorSpace(source) != cmsSigRgbData ||
        cmsGetColorSpace(destination) != cmsSigRgbData)
        return NULL;
    double from[9], to[9], to_inverse[9];
    if (!read_matrix(source, from) || !read_matrix(destination, to) || !invert(to, to_inverse)) return NULL;
    const cmsTagSignature trcs[3] = {cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag};
    gr_matrix_shaper *m = malloc(sizeof *m);
    if (!m) return NULL;
    for (int c = 0; c < 3; c++) {
        const cmsToneCurve *in = cmsReadTag(source, trcs[c]), *out = cmsReadTag(destination, trcs[c]);
        if (!in || !out || !cmsIsToneCurveMonotonic(out)) {
            free(m);
            return NULL;
        }
        for (int v = 0; v < 256; v++) m->to_linear[c][v] = cmsEvalToneCurveFloat(in, (cmsFloat32Number)(v / 255.0));
        /* The inverse curve, rounded to 8 bits: code v for the linear values between the curve at
         * v − ½ and at v + ½, from 255 evaluations of the forward curve rather than one reverse
         * evaluation a step. */
        int code = 0;
        float next = cmsEvalToneCurveFloat(out, 0.5f / 255.0f);
        for (int k = 0; k < GR_SHAPER_STEPS; k++) {
            float linear = (float)k / (GR_SHAPER_STEPS - 1);
            while (code < 255 && linear >= next) {
                code++;
                next = code < 255 ? cmsEvalToneCurveFloat(out, (code + 0.5f) / 255.0f) : 2.0f;
            }
            m->from_linear[c][k] = (uint32_t)code;
        }
    }
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            m->matrix[r * 3 + c] =
                (float)(to_inverse[r * 3] * from[c] + to_inverse[r * 3 + 1] * from[3 + c] + to_inverse[r * 3 + 2] * from[6 + c]);
    return m;
}

/* A probe cube of steps³ opaque colours from 0 to 255 (steps 18: every 15; 9: about every 32). */
static uint8_t *probe_cube(int steps, size_t *count) {
    *count = (size_t)steps * steps * steps;
    uint8_t *cube = malloc(*count * 4);
    if (!cube) return NULL;
    size_t i = 0;
    for (int r = 0; r < steps; r++)
        for (int g = 0; g < steps; g++)
            for (int b = 0; b < steps; b++, i++) {
                cube[i * 4] = (uint8_t)(r * 255 / (steps - 1)), cube[i * 4 + 1] = (uint8_t)(g * 255 / (steps - 1));
                cube[i * 4 + 2] = (uint8_t)(b * 255 / (steps - 1)), cube[i * 4 + 3] = 255;
            }
    return cube;
}

/* Whether the shortcut gives Little CMS's own (unoptimised, so exact) result within 1 on a 9³ cube. */
static int shaper_agrees(const gr_matrix_shaper *m, cmsHTRANSFORM transform) {
    size_t count;
    uint8_t *in = probe_cube(9, &count), *lcms = in ? malloc(count * 4) : NULL, *fast = lcms ? malloc(count * 4) : NULL;
    int agrees = fast != NULL;
    if (agrees) {
        memcpy(lcms, in, count * 4);
        memcpy(fast, in, count * 4);
        cmsDoTransform(transform, lcms, lcms, (cmsUInt32Number)count);
        gr_shaper_apply(m, fast, count);
        for (size_t i = 0; i < count * 4 && agrees; i++) {
            int d = (int)lcms[i] - (int)fast[i];
            agrees = d >= -1 && d <= 1;
        }
    }
    free(in);
    free(lcms);
    free(fast);
    return agrees;
}

/* Whether every colour of the 18³ cube comes back within 1: through the shortcut when there is one. */
static int is_identity(const struct gr_color_transform *owner) {
    size_t count;
    uint8_t *in = probe_cube(18, &count), *out = in ? malloc(count * 4) : NULL;
    int identity = out != NULL;
    if (identity) {
        memcpy(out, in, count * 4);
        if (owner->shaper) {
            gr_shaper_apply(owner->shaper, out, count);
        } else {
            cmsDoTransform(owner->transform, out, out, (cmsUInt32Number)count);
        }
        for (size_t i = 0; i < count * 4 && identity; i++) {
            int d = (int)in[i] - (int)out[i];
            identity = d >= -1 && d <= 1;
        }
    }
    free(in);
    free(out);
    return identity;
}

/* Builds owner's transform from `source` (taken) into `target`; frees everything on failure. */
static gr_color_status finish(struct gr_color_transform *owner, cmsHPROFILE source, gr_color_pixels pixels,
                              gr_color_space target, gr_color_transform **out, gr_color_result *result) {
    gr_color_status status = GR_COLOR_OK;
    cmsHPROFILE destination = frame_profile(owner->context, target);
    cmsUInt32Number input = TYPE_RGBA_8;
    int cmyk_profile = source && cmsGetColorSpace(source) == cmsSigCmykData;
    if (pixels != GR_COLOR_PIXELS_RGBA || cmyk_profile) {
        if (pixels == GR_COLOR_PIXELS_RGBA || !cmyk_profile) {
            set_text(result->message, sizeof result->message,
                     cmyk_profile ? "a CMYK profile on RGB pixels" : "CMYK pixels need a CMYK profile");
            status = GR_COLOR_UNUSABLE;
        } else {
            input = pixels == GR_COLOR_PIXELS_CMYK_INVERTED ? TYPE_CMYK_8_REV : TYPE_CMYK_8;
            owner->cmyk = 1;
        }
    } else if (source && cmsGetColorSpace(source) == cmsSigGrayData) {
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
    /* Two matrix/TRC profiles are applied by the shortcut below once it agrees with Little CMS: the
     * transform it is checked against then need not be optimised (building Little CMS's 8-bit
     * tables costs more than the check). */
    int shaped = source && destination && input == TYPE_RGBA_8 && cmsIsMatrixShaper(source) &&
                 cmsIsMatrixShaper(destination);
    if (status == GR_COLOR_OK && source && destination) {
        owner->transform = cmsCreateTransformTHR(owner->context, source, input, destination, TYPE_RGBA_8,
                                                 INTENT_RELATIVE_COLORIMETRIC,
                                                 cmsFLAGS_NOCACHE | (shaped ? cmsFLAGS_NOOPTIMIZE : 0));
    }
    if (status == GR_COLOR_OK && !owner->transform) {
        set_text(result->message, sizeof result->message,
                 owner->message[0] ? owner->message : (source ? "Little CMS cannot use the profile" : "out of memory"));
        status = source && destination ? GR_COLOR_UNUSABLE : GR_COLOR_NO_MEMORY;
    }
    if (status != GR_COLOR_OK) {
        if (source) cmsCloseProfile(source);
        if (destination) cmsCloseProfile(destination);
        gr_color_transform_free(owner);
        return status;
    }
    cmsHPROFILE source_kept = source, destination_kept = destination; /* closed once the shortcut is made */
    owner->shaper = shaped ? make_shaper(source_kept, destination_kept) : NULL;
    if (owner->shaper && !shaper_agrees(owner->shaper, owner->transform)) {
        free(owner->shaper);
        owner->shaper = NULL;
    }
    if (shaped && !owner->shaper) {
        /* No shortcut after all: Little CMS's own, optimised. */
        cmsHTRANSFORM optimised = cmsCreateTransformTHR(owner->context, source_kept, input, destination_kept,
                                                        TYPE_RGBA_8, INTENT_RELATIVE_COLORIMETRIC, cmsFLAGS_NOCACHE);
        if (optimised) {
            cmsDeleteTransform(owner->transform);
            owner->transform = optimised;
        }
    }
    result->identity = input == TYPE_RGBA_8 && is_identity(owner);
    if (owner->shaper && !result->identity) owner->planes = gr_shaper_planes_make(owner->shaper);
    if (source_kept) cmsCloseProfile(source_kept);
    if (destination_kept) cmsCloseProfile(destination_kept);
    *out = owner;
    return GR_COLOR_OK;
}

gr_color_status gr_color_transform_from_icc(const uint8_t *icc, size_t size, gr_color_pixels pixels,
                                            gr_color_space target, gr_color_transform **out,
                                            gr_color_result *result) {
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
    return finish(owner, source, pixels, target, out, result);
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
    return finish(owner, source, GR_COLOR_PIXELS_RGBA, target, out, result);
}

void gr_color_apply(const gr_color_transform *transform, uint8_t *rgba, size_t count) {
    if (transform->planes) {
        gr_shaper_planes_apply(transform->planes, rgba, count);
        return;
    }
    if (transform->shaper) {
        gr_shaper_apply(transform->shaper, rgba, count);
        return;
    }
    /* In place, alpha stays where it is: Little CMS's packer skips the extra channel without writing
     * it, so the transform is built without cmsFLAGS_COPY_ALPHA, whose per-pixel copy cost a fifth
     * of the conversion. Little CMS counts pixels in 32 bits: convert in slices. */
    const size_t slice = 1u << 24;
    for (size_t done = 0; done < count; done += slice) {
        size_t n = count - done < slice ? count - done : slice;
        cmsDoTransform(transform->transform, rgba + done * 4, rgba + done * 4, (cmsUInt32Number)n);
    }
    if (transform->cmyk)
        for (size_t i = 0; i < count; i++) rgba[i * 4 + 3] = 255;
}

int gr_color_apply_loops(const gr_color_transform *transform, gr_color_loops loops, uint8_t *rgba, size_t count) {
    if (loops == GR_COLOR_LOOPS_PLANES && transform->planes) {
        gr_shaper_planes_apply(transform->planes, rgba, count);
        return 1;
    }
    if (loops == GR_COLOR_LOOPS_LOOKUPS && transform->shaper) {
        gr_shaper_apply(transform->shaper, rgba, count);
        return 1;
    }
    return 0;
}

void gr_color_transform_free(gr_color_transform *transform) {
    if (!transform) return;
    gr_shaper_planes_free(transform->planes);
    free(transform->shaper);
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

void gr_color_library_versions(char *out, size_t size) {
    int version = cmsGetEncodedCMMversion(); /* 2140 for 2.14 */
    snprintf(out, size, "Little CMS %d.%d", version / 1000, version / 10 % 100);
}
