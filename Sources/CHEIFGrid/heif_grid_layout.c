#include "heif_grid_layout.h"
#include "heif_boxes.h"

#include <stdlib.h>
#include <string.h>

/* A read position in a box body; any read past its end sets `bad` and gives 0. */
typedef struct {
    const uint8_t *data;
    size_t size, at;
    int bad;
} reader;

static uint64_t take(reader *r, int bytes) {
    if (bytes == 0) return 0;
    if (r->bad || r->size - r->at < (size_t)bytes) {
        r->bad = 1;
        return 0;
    }
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++) v = v << 8 | r->data[r->at + (size_t)i];
    r->at += (size_t)bytes;
    return v;
}

static reader over(const uint8_t *data, size_t size) { return (reader){data, size, 0, 0}; }

/* Where an item's bytes are: one extent in the file (construction method 0) or in idat (1). */
typedef struct {
    uint32_t id;
    int method;
    uint64_t offset, length;
    int extents;
} location;

static int field_size(int bytes) { return bytes == 0 || bytes == 4 || bytes == 8; }

/* The item's location from iloc; 0 if it has none or the box is damaged. */
static int locate(const uint8_t *iloc, size_t iloc_size, uint32_t id, location *out) {
    reader r = over(iloc, iloc_size);
    int version = (int)take(&r, 4) >> 24;
    int sizes = (int)take(&r, 2);
    int offset_size = sizes >> 12, length_size = sizes >> 8 & 15, base_size = sizes >> 4 & 15;
    int index_size = version >= 1 ? sizes & 15 : 0;
    if (version > 2 || !field_size(offset_size) || !field_size(length_size) || !field_size(base_size) ||
        !field_size(index_size))
        return 0;
    uint32_t count = (uint32_t)take(&r, version < 2 ? 2 : 4);
    for (uint32_t i = 0; i < count && !r.bad; i++) {
        uint32_t item = (uint32_t)take(&r, version < 2 ? 2 : 4);
        int method = version >= 1 ? (int)(take(&r, 2) & 15) : 0;
        take(&r, 2); /* data_reference_index */
        uint64_t base = take(&r, base_size);
        uint32_t extents = (uint32_t)take(&r, 2);
        uint64_t offset = 0, length = 0;
        for (uint32_t e = 0; e < extents && !r.bad; e++) {
            take(&r, index_size);
            offset = take(&r, offset_size);
            length = take(&r, length_size);
        }
        if (item == id && !r.bad) {
            *out = (location){id, method, base + offset, length, (int)extents};
            return base <= UINT64_MAX - offset;
        }
    }
    return 0;
}

/* The bytes of item `id` when they are one extent within the file (method 0) or idat (method 1). */
static int item_bytes(const uint8_t *data, size_t size, const uint8_t *iloc, size_t iloc_size, const uint8_t *idat,
                      size_t idat_size, uint32_t id, const uint8_t **bytes, size_t *count) {
    location at;
    if (!locate(iloc, iloc_size, id, &at) || at.extents != 1 || at.length == 0) return 0;
    const uint8_t *base = at.method == 0 ? data : at.method == 1 ? idat : NULL;
    size_t limit = at.method == 0 ? size : idat_size;
    if (!base || at.offset > limit || at.length > limit - at.offset) return 0;
    *bytes = base + at.offset;
    *count = (size_t)at.length;
    return 1;
}

/* The 4CC of item `id` (iinf's infe version 2 or 3), or 0. */
static uint32_t item_type(const uint8_t *iinf, size_t iinf_size, uint32_t id) {
    reader r = over(iinf, iinf_size);
    int version = (int)take(&r, 4) >> 24;
    uint32_t count = (uint32_t)take(&r, version == 0 ? 2 : 4);
    for (uint32_t i = 0; i < count && !r.bad; i++) {
        uint32_t length = (uint32_t)take(&r, 4), type = (uint32_t)take(&r, 4);
        if (r.bad || length < 8 || length - 8 > r.size - r.at || type != 0x696e6665 /* infe */) return 0;
        reader infe = over(r.data + r.at, length - 8);
        r.at += length - 8;
        int infe_version = (int)take(&infe, 4) >> 24;
        if (infe_version < 2) continue;
        uint32_t item = (uint32_t)take(&infe, infe_version == 2 ? 2 : 4);
        take(&infe, 2); /* protection index */
        uint32_t kind = (uint32_t)take(&infe, 4);
        if (!infe.bad && item == id) return kind;
    }
    return 0;
}

/* The dimg references of `from`, in order, into ids (at most max); their count, or 0. */
static uint32_t derived_inputs(const uint8_t *iref, size_t iref_size, uint32_t from, uint32_t *ids, uint32_t max) {
    reader r = over(iref, iref_size);
    int id_bytes = (int)take(&r, 4) >> 24 == 0 ? 2 : 4;
    while (!r.bad && r.size - r.at >= 8) {
        uint32_t length = (uint32_t)take(&r, 4), type = (uint32_t)take(&r, 4);
        if (length < 8 || length - 8 > r.size - r.at) return 0;
        reader box = over(r.data + r.at, length - 8);
        r.at += length - 8;
        uint32_t item = (uint32_t)take(&box, id_bytes), count = (uint32_t)take(&box, 2);
        if (type != 0x64696d67 /* dimg */ || item != from) continue;
        if (box.bad || count == 0 || count > max) return 0;
        for (uint32_t i = 0; i < count; i++) ids[i] = (uint32_t)take(&box, id_bytes);
        return box.bad ? 0 : count;
    }
    return 0;
}

#define MAX_PROPERTIES 32

/* The ipco indices (1-based) associated with item `id` in ipma, into indices; their count, -1 if none. */
static int properties_of(const uint8_t *ipma, size_t ipma_size, uint32_t id, uint32_t indices[MAX_PROPERTIES]) {
    reader r = over(ipma, ipma_size);
    uint32_t head = (uint32_t)take(&r, 4);
    int version = (int)(head >> 24), wide = head & 1;
    uint32_t count = (uint32_t)take(&r, 4);
    for (uint32_t i = 0; i < count && !r.bad; i++) {
        uint32_t item = (uint32_t)take(&r, version < 1 ? 2 : 4);
        int associations = (int)take(&r, 1);
        if (associations > MAX_PROPERTIES) return -1;
        for (int a = 0; a < associations; a++)
            indices[a] = (uint32_t)take(&r, wide ? 2 : 1) & (wide ? 0x7fff : 0x7f);
        if (!r.bad && item == id) return associations;
    }
    return -1;
}

/* Property `index` (1-based) of ipco: its type and body. */
static int property(const uint8_t *ipco, size_t ipco_size, uint32_t index, uint32_t *type, const uint8_t **body,
                    size_t *body_size) {
    reader r = over(ipco, ipco_size);
    for (uint32_t i = 1; !r.bad && r.size - r.at >= 8; i++) {
        uint32_t length = (uint32_t)take(&r, 4);
        *type = (uint32_t)take(&r, 4);
        if (length < 8 || length - 8 > r.size - r.at) return 0;
        if (i == index) {
            *body = r.data + r.at;
            *body_size = length - 8;
            return 1;
        }
        r.at += length - 8;
    }
    return 0;
}

#define FOURCC(a, b, c, d) ((uint32_t)(a) << 24 | (uint32_t)(b) << 16 | (uint32_t)(c) << 8 | (uint32_t)(d))

/* The facts of a property list the grid needs: sizes, decoder configuration, nclx; 0 when one of the
 * properties is one that changes pixels (rotation, mirror, crop) or the list cannot be read. */
typedef struct {
    uint32_t width, height;
    const uint8_t *config;
    size_t config_size;
    int has_nclx;
    uint16_t matrix;
    uint8_t full_range;
} described;

static int describe(const uint8_t *ipco, size_t ipco_size, const uint32_t *indices, int count, described *out) {
    memset(out, 0, sizeof *out);
    for (int i = 0; i < count; i++) {
        uint32_t type;
        const uint8_t *body;
        size_t body_size;
        if (indices[i] == 0) continue;
        if (!property(ipco, ipco_size, indices[i], &type, &body, &body_size)) return 0;
        reader r = over(body, body_size);
        switch (type) {
        case FOURCC('i', 's', 'p', 'e'):
            take(&r, 4);
            out->width = (uint32_t)take(&r, 4);
            out->height = (uint32_t)take(&r, 4);
            break;
        case FOURCC('h', 'v', 'c', 'C'):
            if (!out->config) { /* the first, as libheif takes it */
                out->config = body;
                out->config_size = body_size;
            }
            break;
        case FOURCC('c', 'o', 'l', 'r'):
            if (take(&r, 4) == FOURCC('n', 'c', 'l', 'x')) {
                take(&r, 4); /* primaries, transfer */
                out->matrix = (uint16_t)take(&r, 2);
                out->full_range = (uint8_t)(take(&r, 1) >> 7);
                out->has_nclx = 1;
            }
            break;
        case FOURCC('i', 'r', 'o', 't'):
        case FOURCC('i', 'm', 'i', 'r'):
        case FOURCC('c', 'l', 'a', 'p'):
        case FOURCC('a', 'u', 'x', 'C'):
            return 0;
        default:
            break; /* pixi, and what only describes: libheif ignores them too */
        }
        if (r.bad) return 0;
    }
    return 1;
}

void gr_heif_grid_layout_free(gr_heif_grid_layout *layout) {
    free((void *)layout->tile_data);
    free(layout->tile_size);
    layout->tile_data = NULL;
    layout->tile_size = NULL;
}

int gr_heif_read_grid_layout(const uint8_t *data, size_t size, gr_heif_grid_layout *out) {
    memset(out, 0, sizeof *out);
    const uint8_t *meta, *pitm, *iinf, *iloc, *iref, *iprp, *ipco, *ipma, *idat = NULL, *grid;
    size_t meta_size, pitm_size, iinf_size, iloc_size, iref_size, iprp_size, ipco_size, ipma_size, idat_size = 0,
                                                                                                      grid_size;
    if (!gr_heif_find_box(data, size, "meta", &meta, &meta_size) || meta_size < 4) return 0;
    meta += 4, meta_size -= 4;
    if (!gr_heif_find_box(meta, meta_size, "pitm", &pitm, &pitm_size) ||
        !gr_heif_find_box(meta, meta_size, "iinf", &iinf, &iinf_size) ||
        !gr_heif_find_box(meta, meta_size, "iloc", &iloc, &iloc_size) ||
        !gr_heif_find_box(meta, meta_size, "iprp", &iprp, &iprp_size) ||
        !gr_heif_find_box(iprp, iprp_size, "ipco", &ipco, &ipco_size) ||
        !gr_heif_find_box(iprp, iprp_size, "ipma", &ipma, &ipma_size))
        return 0;
    gr_heif_find_box(meta, meta_size, "idat", &idat, &idat_size);
    if (!gr_heif_find_box(meta, meta_size, "iref", &iref, &iref_size)) iref = NULL, iref_size = 0; /* one picture needs none */
    reader r = over(pitm, pitm_size);
    uint32_t primary = (uint32_t)take(&r, 4) >> 24 == 0 ? (uint32_t)take(&r, 2) : (uint32_t)take(&r, 4);
    uint32_t kind = r.bad ? 0 : item_type(iinf, iinf_size, primary);
    if (kind != FOURCC('g', 'r', 'i', 'd') && kind != FOURCC('h', 'v', 'c', '1')) return 0;
    uint32_t indices[MAX_PROPERTIES];
    described whole, tile, first = {0};
    int count = properties_of(ipma, ipma_size, primary, indices);
    if (count < 0 || !describe(ipco, ipco_size, indices, count, &whole)) return 0;
    if (kind == FOURCC('h', 'v', 'c', '1')) {
        /* One picture: a grid of one tile, the image itself. */
        out->rows = out->columns = 1;
        out->width = whole.width;
        out->height = whole.height;
    } else {
        if (!item_bytes(data, size, iloc, iloc_size, idat, idat_size, primary, &grid, &grid_size)) return 0;
        reader g = over(grid, grid_size);
        int version = (int)take(&g, 1), wide = (int)take(&g, 1) & 1;
        out->rows = (uint32_t)take(&g, 1) + 1;
        out->columns = (uint32_t)take(&g, 1) + 1;
        out->width = (uint32_t)take(&g, wide ? 4 : 2);
        out->height = (uint32_t)take(&g, wide ? 4 : 2);
        if (g.bad || version != 0) return 0;
    }
    uint32_t tiles = out->rows * out->columns;
    if (out->width == 0 || out->height == 0 || tiles > GR_HEIF_MAX_GRID_TILES) return 0;
    uint32_t *ids = malloc(tiles * sizeof *ids);
    out->tile_data = malloc(tiles * sizeof *out->tile_data);
    out->tile_size = malloc(tiles * sizeof *out->tile_size);
    int plain = ids && out->tile_data && out->tile_size;
    if (plain && kind == FOURCC('h', 'v', 'c', '1')) ids[0] = primary;
    else plain = plain && iref && derived_inputs(iref, iref_size, primary, ids, tiles) == tiles;
    for (uint32_t i = 0; plain && i < tiles; i++) {
        count = properties_of(ipma, ipma_size, ids[i], indices);
        plain = item_type(iinf, iinf_size, ids[i]) == FOURCC('h', 'v', 'c', '1') && count >= 0 &&
                describe(ipco, ipco_size, indices, count, &tile) && tile.config && tile.width > 0 &&
                tile.height > 0 &&
                item_bytes(data, size, iloc, iloc_size, idat, idat_size, ids[i], &out->tile_data[i],
                           &out->tile_size[i]);
        if (plain && i == 0) first = tile;
        /* One configuration, size and colour for all: the same property, or equal bytes. */
        plain = plain && tile.width == first.width && tile.height == first.height &&
                tile.config_size == first.config_size && memcmp(tile.config, first.config, tile.config_size) == 0 &&
                tile.has_nclx == first.has_nclx && tile.matrix == first.matrix &&
                tile.full_range == first.full_range;
    }
    free(ids);
    /* The tiles must cover the output, and no column or row of them lie wholly outside it. */
    plain = plain && (uint64_t)first.width * out->columns >= out->width &&
            (uint64_t)first.width * (out->columns - 1) < out->width &&
            (uint64_t)first.height * out->rows >= out->height &&
            (uint64_t)first.height * (out->rows - 1) < out->height;
    if (!plain) {
        gr_heif_grid_layout_free(out);
        return 0;
    }
    out->tile_width = first.width;
    out->tile_height = first.height;
    out->config = first.config;
    out->config_size = first.config_size;
    out->has_nclx = first.has_nclx;
    out->matrix = first.matrix;
    out->full_range = first.full_range;
    return 1;
}
