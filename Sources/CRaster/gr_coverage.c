#include "gr_raster.h"
#include "gr_cpu.h"

#include <math.h>

/* A piece of edge `height` rows tall (signed) in `column` of one row, its mean x `middle`: the area
 * right of it within the column to the column's cell, the rest of its height to the next; columns
 * left of the bounds gather into the first cell, right of them count for nothing. */
static void cell(double *row, int width, long column, double height, double middle) {
    if (column < 0) {
        row[0] += height;
        return;
    }
    if (column >= width) return;
    double inside = height * ((double)(column + 1) - middle);
    row[column] += inside;
    row[column + 1] += height - inside;
}

static long column_of(double x, int width) {
    double c = floor(x);
    if (c < -1) c = -1;
    if (c > width) c = width;
    return (long)c;
}

/* One row's part of an edge, from (ax, ay) to (bx, by), split where it crosses a column boundary. */
static void span(double *row, int width, double ax, double ay, double bx, double by, double direction) {
    long c = column_of(ax, width), end = column_of(bx, width);
    double xa = ax, ya = ay;
    long step = bx > ax ? 1 : -1;
    while (c != end) {
        double boundary = (double)(step > 0 ? c + 1 : c);
        double yb = ay + (boundary - ax) * (by - ay) / (bx - ax);
        cell(row, width, c, (yb - ya) * direction, (xa + boundary) / 2);
        xa = boundary;
        ya = yb;
        c += step;
    }
    cell(row, width, end, (by - ya) * direction, (xa + bx) / 2);
}

void gr_coverage_line(double *cells, int width, int height, double ax, double ay, double bx, double by) {
    if (!cells || width <= 0 || height <= 0 || ay == by) return;
    double direction = ay < by ? 1 : -1;
    double px = ay < by ? ax : bx, py = ay < by ? ay : by;
    double qx = ay < by ? bx : ax, qy = ay < by ? by : ay;
    double top = floor(py), bottom = ceil(qy);
    long first = top < 0 ? 0 : (long)top;
    long last = bottom > height ? height : (long)bottom;
    double dxdy = (qx - px) / (qy - py);
    for (long row = first; row < last; row++) {
        double row_top = (double)row > py ? (double)row : py;
        double row_bottom = (double)(row + 1) < qy ? (double)(row + 1) : qy;
        if (!(row_bottom > row_top)) continue;
        double x_top = row_top == py ? px : px + (row_top - py) * dxdy;
        double x_bottom = row_bottom == qy ? qx : px + (row_bottom - py) * dxdy;
        span(cells + (size_t)row * (size_t)(width + 1), width, x_top, row_top, x_bottom, row_bottom, direction);
    }
}

void gr_coverage_resolve(const double *cells, int width, int height, float *coverage) {
    if (!cells || !coverage || width <= 0 || height <= 0) return;
    for (int row = 0; row < height; row++) {
        const double *in = cells + (size_t)row * (size_t)(width + 1);
        float *out = coverage + (size_t)row * (size_t)width;
        double sum = 0;
        for (int column = 0; column < width; column++) {
            sum += in[column];
            double value = fabs(sum);
            out[column] = (float)(value < 1 ? value : 1);
        }
    }
}

void gr_gaussian_lines(
    const float *input, float *output, size_t count, size_t stride, size_t lines, size_t line_stride,
    const float *kernel, size_t taps) {
    if (!input || !output || !kernel || taps == 0) return;
    long radius = (long)(taps / 2);
    for (size_t line = 0; line < lines; line++) {
        const float *in = input + line * line_stride;
        float *out = output + line * line_stride;
        for (long i = 0; i < (long)count; i++) {
            long low = -radius > -i ? -radius : -i;
            long high = radius < (long)count - 1 - i ? radius : (long)count - 1 - i;
            float sum = 0;
            for (long k = low; k <= high; k++) sum += in[(size_t)(i + k) * stride] * kernel[k + radius];
            out[(size_t)i * stride] = sum;
        }
    }
}
