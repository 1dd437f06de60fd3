/* lines_plot.c: the gnuplot script of chase lines: the pairs, and the strides past the capacity. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdio.h>

#include "lines/lines.h"
#include "plot/plot.h"

struct plot_arg {
    const struct chase_lines_level *lv;
    size_t n;
    const struct chase_meta *meta;
    const char *title;
};

/* Two panels: the pair's latency against sub, and what a stride costs
 * just past the capacity. */
static int write_plot(FILE *f, const void *arg, const char *out)
{
    const struct plot_arg *a = arg;
    const char *dev = chase_meta_get(a->meta, "device");
    char title[300];
    size_t k, i;

    if (chase_gp_begin(f, out, NULL, 0))
        return -1;
    if (a->title)
        snprintf(title, sizeof title, "%s", a->title);
    else
        snprintf(title, sizeof title, "%s: line and sector size", dev ? dev : "device");
    for (k = 0; k < a->n; k++) {
        fprintf(f, "$p%zu << EOD\n", k);
        for (i = 0; i < a->lv[k].nsub; i++)
            fprintf(f, "%llu %g %g\n", (unsigned long long)a->lv[k].sub[i], a->lv[k].pair[i], a->lv[k].late[i]);
        fprintf(f, "EOD\n$s%zu << EOD\n", k);
        for (i = 0; i < a->lv[k].nstride; i++)
            fprintf(f, "%llu %g\n", (unsigned long long)a->lv[k].stride[i], a->lv[k].beyond[i]);
        fprintf(f, "EOD\n");
    }
    fprintf(f, "set multiplot layout 1,2 title ");
    chase_gp_string(f, title);
    fprintf(f, "\nset logscale x 2\nunset logscale y\nset xlabel \"second load at +sub (bytes)\"\n"
               "set ylabel \"cycles a load (pair: solid; a group later: dashed)\"\n");
    fprintf(f, "plot ");
    for (k = 0; k < a->n; k++) {
        fprintf(f, "%s$p%zu using 1:2 with linespoints ls %zu title ", k ? ", " : "", k, k % 7 + 1);
        chase_gp_string(f, a->lv[k].name);
        fprintf(f, ", $p%zu using 1:3 with linespoints ls %zu dt 2 notitle", k, k % 7 + 1);
    }
    fprintf(f, "\nset xlabel \"stride: one load a block (bytes)\"\nset ylabel \"cycles a load, 1.5 x the "
               "capacity\"\nplot ");
    for (k = 0; k < a->n; k++) {
        fprintf(f, "%s$s%zu using 1:2 with linespoints ls %zu title ", k ? ", " : "", k, k % 7 + 1);
        chase_gp_string(f, a->lv[k].name);
    }
    fprintf(f, "\nunset multiplot\n");
    return 0;
}

int chase_lines_plot(const struct chase_lines_level *lv, size_t n, const struct chase_meta *meta, const char *title,
                     const char *script, const char *out, char *err, size_t len)
{
    struct plot_arg pa = {lv, n, meta, title};
    return chase_gp_run(write_plot, &pa, script, out, err, len);
}
