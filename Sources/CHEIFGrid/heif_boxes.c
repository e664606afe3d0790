#include "heif_boxes.h"

#include <stdlib.h>
#include <string.h>

static uint32_t be(const uint8_t *p, int bytes) {
    uint32_t v = 0;
    for (int i = 0; i < bytes; i++) v = v << 8 | p[i];
    return v;
}

int gr_heif_find_box(const uint8_t *data, size_t size, const char type[4], const uint8_t **body, size_t *body_size) {
    size_t at = 0;
    while (size - at >= 8) {
        uint64_t length = be(data + at, 4);
        size_t header = 8;
        if (length == 1) {
            if (size - at < 16) return 0;
            length = (uint64_t)be(data + at + 8, 4) << 32 | be(data + at + 12, 4);
            header = 16;
        } else if (length == 0) {
            length = size - at;
        }
        if (length < header || length > size - at) return 0;
        if (memcmp(data + at + 4, type, 4) == 0) {
            *body = data + at + header;
            *body_size = (size_t)length - header;
            return 1;
        }
        at += (size_t)length;
    }
    return 0;
}

/* The meta box's children (after its version and flags). */
static int meta_children(const uint8_t *data, size_t size, const uint8_t **children, size_t *children_size) {
    const uint8_t *meta;
    size_t meta_size;
    if (!gr_heif_find_box(data, size, "meta", &meta, &meta_size) || meta_size < 4) return 0;
    *children = meta + 4;
    *children_size = meta_size - 4;
    return 1;
}

int gr_heif_meta_mentions(const uint8_t *data, size_t size, const char type[4]) {
    const uint8_t *meta;
    size_t meta_size;
    if (!gr_heif_find_box(data, size, "meta", &meta, &meta_size)) return 0;
    for (size_t i = 0; i + 4 <= meta_size; i++)
        if (memcmp(meta + i, type, 4) == 0) return 1;
    return 0;
}

typedef struct {
    uint32_t needs, needed; /* decoding item `needs` decodes item `needed` */
} edge;

static int compare_ids(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static size_t index_of(const uint32_t *ids, size_t count, uint32_t id) {
    size_t low = 0, high = count;
    while (low < high) {
        size_t mid = low + (high - low) / 2;
        if (ids[mid] < id) low = mid + 1;
        else high = mid;
    }
    return low;
}

#define MAX_EDGES 65536

const char *gr_heif_reference_problem(const uint8_t *data, size_t size) {
    const uint8_t *children, *iref;
    size_t children_size, iref_size;
    if (!meta_children(data, size, &children, &children_size)) return NULL;
    if (!gr_heif_find_box(children, children_size, "iref", &iref, &iref_size) || iref_size < 4) return NULL;
    int id_bytes = iref[0] == 0 ? 2 : 4;
    const uint8_t *refs = iref + 4;
    size_t refs_size = iref_size - 4, count = 0, capacity = 64;
    edge *edges = malloc(capacity * sizeof *edges);
    if (!edges) return "out of memory";
    const char *problem = NULL;
    /* Each reference box: size, type, from_item_ID, reference_count (16 bits), to_item_IDs. Read as
     * libheif 1.15 reads them: one after the other, each box's own size ignored. */
    size_t at = 0;
    while (!problem && refs_size - at >= 8) {
        uint32_t length = be(refs + at, 4);
        int dimg = memcmp(refs + at + 4, "dimg", 4) == 0, auxl = memcmp(refs + at + 4, "auxl", 4) == 0;
        int uuid = memcmp(refs + at + 4, "uuid", 4) == 0;
        at += 8;
        size_t extra = (length == 1 ? 8 : 0) + (uuid ? 16 : 0);
        if (refs_size - at < extra + (size_t)id_bytes + 2) break;
        at += extra;
        uint32_t from = be(refs + at, id_bytes), references = be(refs + at + id_bytes, 2);
        at += (size_t)id_bytes + 2;
        for (uint32_t r = 0; r < references && refs_size - at >= (size_t)id_bytes; r++, at += (size_t)id_bytes) {
            if (!dimg && !auxl) continue;
            if (count == MAX_EDGES) {
                problem = "too many item references";
                break;
            }
            if (count == capacity) {
                edge *grown = realloc(edges, capacity * 2 * sizeof *edges);
                if (!grown) {
                    problem = "out of memory";
                    break;
                }
                edges = grown;
                capacity *= 2;
            }
            /* A derived image needs its inputs; an image needs its auxiliary (alpha) image. */
            uint32_t to = be(refs + at, id_bytes);
            edges[count++] = dimg ? (edge){from, to} : (edge){to, from};
        }
    }
    uint32_t *ids = problem || count == 0 ? NULL : malloc(count * 2 * sizeof *ids);
    uint8_t *depth = ids ? calloc(count * 2, 1) : NULL;
    if (!problem && count > 0 && (!ids || !depth)) problem = "out of memory";
    if (!problem && count > 0) {
        size_t nodes = 0;
        for (size_t e = 0; e < count; e++) ids[nodes++] = edges[e].needs, ids[nodes++] = edges[e].needed;
        qsort(ids, nodes, sizeof *ids, compare_ids);
        size_t unique = 0;
        for (size_t i = 0; i < nodes; i++)
            if (unique == 0 || ids[unique - 1] != ids[i]) ids[unique++] = ids[i];
        /* depth[v]: the longest chain of references decoding v follows. After MAX + 1 rounds of
         * relaxation a value still growing means a loop or a chain deeper than MAX. */
        int changed = 1;
        for (int round = 0; round <= GR_HEIF_MAX_REFERENCE_DEPTH && changed; round++) {
            changed = 0;
            for (size_t e = 0; e < count; e++) {
                size_t u = index_of(ids, unique, edges[e].needs), v = index_of(ids, unique, edges[e].needed);
                if (depth[u] < depth[v] + 1) {
                    depth[u] = (uint8_t)(depth[v] + 1);
                    changed = 1;
                    if (depth[u] > GR_HEIF_MAX_REFERENCE_DEPTH) break;
                }
            }
            for (size_t i = 0; i < unique && changed; i++)
                if (depth[i] > GR_HEIF_MAX_REFERENCE_DEPTH) {
                    problem = "item references form a loop or nest deeper than 16";
                    changed = 0;
                }
        }
        if (!problem && changed) problem = "item references form a loop or nest deeper than 16";
    }
    free(depth);
    free(ids);
    free(edges);
    return problem;
}
