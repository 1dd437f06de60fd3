/* lanes_plot.c: chase lanes drawn: latency and issue cost of each
 * operation, a pair of bars a row (32- and 64-bit rows apart). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lanes/lanes.h"
#include "plot/plot.h"

struct plot_arg {
    const struct chase_lanes_row *rows;
    size_t n;
    const struct chase_meta *meta;
    const char *title;
};

static int write_plot(FILE *f, const void *arg, const char *out)
{
    const struct plot_arg *a = arg;
    const char *dev = chase_meta_get(a->meta, "device"), *timer = chase_meta_get(a->meta, "timer");
    char title[600];
    size_t i, k;
    int s;

    if (chase_gp_begin(f, out, NULL, 0))
        return -1;
    if (a->title)
        snprintf(title, sizeof title, "%s", a->title);
    else
        snprintf(title, sizeof title, "%s: cross-lane operations, latency and issue cost%s%s", dev ? dev : "device",
                 timer ? "\n" : "", timer ? timer : "");
    fprintf(f, "unset logscale x\nset logscale y\nset xlabel \"operation\"\nset ylabel \"cycles\"\nset boxwidth 0.4\n"
               "set style fill solid 0.7\nset key top left\nset xtics rotate by -45\nunset label\nunset arrow\n"
               "set title ");
    chase_gp_text(f, title);
    fprintf(f, "\nset xrange [-0.6:%zu.6]\nset xtics (", a->n ? a->n - 1 : 0);
    for (i = 0; i < a->n; i++) {
        char label[64];
        snprintf(label, sizeof label, "%s b%u%s", a->rows[i].op, a->rows[i].width,
                 isnan(a->rows[i].latency) ? " (not measured)" : "");
        fprintf(f, "%s", i ? ", " : "");
        chase_gp_string(f, label);
        fprintf(f, " %zu", i);
    }
    fprintf(f, ")\n");
    for (s = 0; s < 2; s++) {
        fprintf(f, "$%s << EOD\n", s ? "issue" : "lat");
        for (i = 0, k = 0; i < a->n; i++) {
            double v = s ? a->rows[i].issue : a->rows[i].latency;
            if (v > 0)
                fprintf(f, "%g %g\n", (double)i + (s ? 0.2 : -0.2), v), k++;
        }
        if (!k)
            fprintf(f, "0 NaN\n");
        fprintf(f, "EOD\n");
    }
    fprintf(f, "plot $lat using 1:2 with boxes ls 1 fs solid 0.7 title \"latency (one chain)\", "
               "$issue using 1:2 with boxes ls 2 fs solid 0.7 title \"issue (%d chains)\"\n", CHASE_LANES_CHAINS_HI);
    return 0;
}

int chase_lanes_plot(const struct chase_lanes_row *rows, size_t n, const struct chase_meta *meta,
                     const struct chase_opts *o, const char *out, char *err, size_t len)
{
    struct plot_arg a = {rows, n, meta, o->title};
    return chase_gp_run(write_plot, &a, o->script, out, err, len);
}
