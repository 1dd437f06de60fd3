/* async_plot.c: chase async drawn: latency against bytes a copy, one
 * curve a copy and level (the plain path's and cp.async's few sizes, the
 * bulk copy's 16 B to 64 KiB). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "async/async.h"
#include "plot/plot.h"

struct plot_arg {
    const struct chase_async_row *rows;
    size_t n;
    const struct chase_meta *meta;
    const char *title;
};

/* The curves: each (level, copy) in the order first met. */
static int same(const struct chase_async_row *a, const struct chase_async_row *b)
{
    return !strcmp(a->level, b->level) && !strcmp(a->op, b->op);
}

static int write_plot(FILE *f, const void *arg, const char *out)
{
    const struct plot_arg *a = arg;
    const char *dev = chase_meta_get(a->meta, "device"), *timer = chase_meta_get(a->meta, "timer");
    char title[600];
    size_t i, j, c = 0, first[CHASE_ASYNC_KINDS * CHASE_MAX_LEVELS];

    if (chase_gp_begin(f, out, NULL, 0))
        return -1;
    if (a->title)
        snprintf(title, sizeof title, "%s", a->title);
    else
        snprintf(title, sizeof title, "%s: copies into shared memory, latency in a chain%s%s", dev ? dev : "device",
                 timer ? "\n" : "", timer ? timer : "");
    fprintf(f, "set logscale x 2\nset logscale y\nset xlabel \"bytes a copy\"\nset ylabel \"cycles a copy\"\n"
               "set key outside right top\nunset label\nunset arrow\nset title ");
    chase_gp_text(f, title);
    fprintf(f, "\n");
    for (i = 0; i < a->n; i++) {
        for (j = 0; j < c && !same(&a->rows[first[j]], &a->rows[i]); j++)
            ;
        if (j < c || c >= sizeof first / sizeof first[0])
            continue;
        first[c++] = i;
    }
    for (j = 0; j < c; j++) {
        size_t k = 0;
        fprintf(f, "$c%zu << EOD\n", j);
        for (i = 0; i < a->n; i++)
            if (same(&a->rows[i], &a->rows[first[j]]) && a->rows[i].latency > 0)
                fprintf(f, "%u %g\n", a->rows[i].bytes, a->rows[i].latency), k++;
        if (!k)
            fprintf(f, "16 NaN\n");
        fprintf(f, "EOD\n");
    }
    fprintf(f, "plot ");
    for (j = 0; j < c; j++) {
        char label[64];
        snprintf(label, sizeof label, "%s %s", a->rows[first[j]].level, a->rows[first[j]].op);
        fprintf(f, "%s$c%zu using 1:2 with linespoints ls %zu title ", j ? ", " : "", j, j % 8 + 1);
        chase_gp_string(f, label);
    }
    if (!c)
        fprintf(f, "NaN notitle");
    fprintf(f, "\n");
    return 0;
}

int chase_async_plot(const struct chase_async_row *rows, size_t n, const struct chase_meta *meta,
                     const struct chase_opts *o, const char *out, char *err, size_t len)
{
    struct plot_arg a = {rows, n, meta, o->title};
    return chase_gp_run(write_plot, &a, o->script, out, err, len);
}
