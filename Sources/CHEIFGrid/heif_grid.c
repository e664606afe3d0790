#include "heif_grid.h"
#include "heif_grid_layout.h"
#include "heif_pixels.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    const gr_heif_grid_layout *layout;
    const gr_heif_grid_request *request;
    uint8_t *pixels;
    uint32_t out_width;
    const uint32_t *todo; /* the tiles that meet the region */
    uint32_t todo_count;
    atomic_uint next;
    atomic_int failed;
    atomic_int colour; /* the first tile's matrix · 2 + full range, -1 before it */
    int threads;       /* the calling thread and its helpers, at most the cores */
} grid_job;

/* Tile `index` decoded, converted and reduced into its place; 0 when it fails or its colour differs
 * from the other tiles'. `scratch` holds the reduced tile (unused when the tile spans the output's
 * width: it is converted in place). */
static int decode_tile(grid_job *job, uint32_t index, uint8_t *scratch) {
    const gr_heif_grid_layout *layout = job->layout;
    const gr_heif_grid_request *request = job->request;
    uint32_t tw = layout->tile_width, th = layout->tile_height, d = request->divisor;
    gr_heif_picture picture;
    if (!request->decoder.decode(layout->config, layout->config_size, layout->tile_data[index],
                                layout->tile_size[index], request->max_pixels, request->max_side, &picture))
        return 0;
    /* Each tile in its own colour description, as libheif converts it: its colr box, else its stream's. */
    int matrix = layout->has_nclx ? layout->matrix : picture.matrix;
    int full_range = layout->has_nclx ? layout->full_range : picture.full_range;
    int colour = matrix * 2 + full_range, expected = -1;
    int fine = picture.width == (int)tw && picture.height == (int)th;
    if (fine && !atomic_compare_exchange_strong(&job->colour, &expected, colour)) fine = expected == colour;
    /* The part of the tile inside the output (edge tiles overhang it), converted and reduced: each
     * chroma sample standing for the pixels it covers, as libheif's conversion repeats it. */
    uint32_t column = index % layout->columns, row = index / layout->columns;
    uint32_t x = column * tw, y = row * th;
    uint32_t w = layout->width - x < tw ? layout->width - x : tw, h = layout->height - y < th ? layout->height - y : th;
    gr_heif_plane planes[4] = {{0}};
    for (int c = 0; c < 3; c++) {
        uint8_t half_w = c && picture.shift_x, half_h = c && picture.shift_y;
        planes[c] = (gr_heif_plane){picture.plane[c], picture.stride[c], (w + half_w) >> half_w, (h + half_h) >> half_h,
                                    half_w, half_h};
    }
    uint32_t rw = (w + d - 1) / d, rh = (h + d - 1) / d, ox = x / d, oy = y / d;
    /* Only the tile's pixels the region reads (a single picture is one tile: a sliver of it is a few
     * rows), in the tile's reduced coordinates. */
    gr_heif_window part = {0, 0, rw, rh};
    if (request->x1 > 0) {
        part.x0 = request->x0 > ox ? request->x0 - ox : 0, part.y0 = request->y0 > oy ? request->y0 - oy : 0;
        part.x1 = request->x1 - ox < rw ? request->x1 - ox : rw, part.y1 = request->y1 - oy < rh ? request->y1 - oy : rh;
    }
    int whole_rows = rw == job->out_width;
    uint8_t *reduced = whole_rows ? job->pixels + (size_t)oy * job->out_width * 4 : scratch;
    fine = fine && gr_heif_convert_reduced(planes, w, h, d, 1, matrix, full_range, &part, reduced);
    request->decoder.free(&picture);
    if (!fine) return 0;
    for (uint32_t r = part.y0; r < part.y1 && part.x0 < part.x1 && !whole_rows; r++)
        memcpy(job->pixels + ((size_t)(oy + r) * job->out_width + ox + part.x0) * 4,
               reduced + ((size_t)r * rw + part.x0) * 4, (size_t)(part.x1 - part.x0) * 4);
    return 1;
}

/* Takes tiles until none are left or one failed. Helper `rank` (0 is the calling thread) works only
 * while the other decodes running leave it a core, asking again every 2 ms. */
static void work(grid_job *job, int rank) {
    const gr_heif_grid_layout *layout = job->layout;
    uint32_t d = job->request->divisor;
    uint8_t *scratch = malloc((size_t)((layout->tile_width + d - 1) / d) * ((layout->tile_height + d - 1) / d) * 4);
    if (!scratch) {
        atomic_store(&job->failed, 1);
        return;
    }
    while (!atomic_load(&job->failed)) {
        if (rank > 0 && rank >= job->threads - job->request->decoder.others()) {
            if (atomic_load(&job->next) >= job->todo_count) break;
            struct timespec pause = {0, 2000000};
            nanosleep(&pause, NULL);
            continue;
        }
        uint32_t at = atomic_fetch_add(&job->next, 1);
        if (at >= job->todo_count) break;
        if (!decode_tile(job, job->todo[at], scratch)) atomic_store(&job->failed, 1);
    }
    free(scratch);
}

typedef struct {
    grid_job *job;
    int rank;
} helper_start;

static void *helper(void *argument) {
    helper_start *start = argument;
    work(start->job, start->rank);
    return NULL;
}

#define MAX_THREADS 64

int gr_heif_decode_grid(const uint8_t *data, size_t size, const gr_heif_grid_request *request, uint8_t *pixels) {
    gr_heif_grid_layout layout;
    if (!gr_heif_read_grid_layout(data, size, &layout)) return 0;
    uint32_t d = request->divisor, tw = layout.tile_width, th = layout.tile_height;
    int usable = layout.width == request->width && layout.height == request->height &&
                 (d == 2 || d == 4 || d == 8) && (layout.columns == 1 || tw % d == 0) &&
                 (layout.rows == 1 || th % d == 0) && tw <= request->max_side &&
                 th <= request->max_side && (uint64_t)tw * th <= request->max_pixels;
    uint32_t tiles = layout.rows * layout.columns, count = 0;
    uint32_t *todo = usable ? malloc(tiles * sizeof *todo) : NULL;
    if (!todo) {
        gr_heif_grid_layout_free(&layout);
        return 0;
    }
    uint32_t out_width = (layout.width + d - 1) / d, out_height = (layout.height + d - 1) / d;
    uint32_t x0 = request->x0, y0 = request->y0;
    uint32_t x1 = request->x1 ? request->x1 : out_width, y1 = request->x1 ? request->y1 : out_height;
    for (uint32_t i = 0; i < tiles; i++) {
        /* Interior tiles divide by d; a tile of a one-column or one-row grid may end in a partial block. */
        uint32_t left = i % layout.columns * (tw / d), top = i / layout.columns * (th / d);
        uint32_t right = left + (tw + d - 1) / d, bottom = top + (th + d - 1) / d;
        if (left < x1 && right > x0 && top < y1 && bottom > y0) todo[count++] = i;
    }
    grid_job job = {.layout = &layout, .request = request, .pixels = pixels, .out_width = out_width,
                    .todo = todo, .todo_count = count};
    atomic_init(&job.next, 0);
    atomic_init(&job.failed, 0);
    atomic_init(&job.colour, -1);
    /* Never more threads than cores (--jobs may ask for more): a helper beyond them only waits. */
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    int limit = cores < 1 ? 1 : cores > MAX_THREADS ? MAX_THREADS : (int)cores;
    int threads = request->threads < 1 ? 1 : request->threads > (uint32_t)limit ? limit : (int)request->threads;
    if ((uint32_t)threads > count) threads = count > 0 ? (int)count : 1;
    job.threads = threads;
    pthread_t helpers[MAX_THREADS];
    helper_start starts[MAX_THREADS];
    int started = 0;
    for (int rank = 1; rank < threads; rank++) {
        starts[started] = (helper_start){&job, rank};
        if (pthread_create(&helpers[started], NULL, helper, &starts[started]) != 0) break;
        started++;
    }
    work(&job, 0);
    for (int i = 0; i < started; i++) pthread_join(helpers[i], NULL);
    free(todo);
    gr_heif_grid_layout_free(&layout);
    return !atomic_load(&job.failed);
}
