/* lines_plot.c: the gnuplot script of chase lines: the pairs, and the strides past the capacity. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "lines/lines.h"
#include "plot/plot.h"

struct plot_arg {
    const struct chase_lines_level *lv;
    size_t n;
    const struct chase_meta *meta;
    const char *title;
};

/* Does the series hold a point gnuplot can draw?  One of unknowns alone
 * would fail the plot ("all points y value undefined"), and a level not
 * measured has no line to draw, not one at 0 cycles. */
static int any_finite(const double *v, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (isfinite(v[i]))
            return 1;
    return 0;
}

/* What a panel with nothing to draw plots (gnuplot needs ranges then). */
#define EMPTY_PANEL "NaN notitle\nset autoscale"
#define EMPTY_RANGES "set xrange [1:2]\nset yrange [0:1]\n"

/* A panel's x range, a fifth of an octave past the outer points so their
 * rotated labels ("2048") stay inside the image. */
static void x_range(FILE *f, double lo, double hi)
{
    if (lo > 0 && hi >= lo)
        fprintf(f, "set xrange [%g:%g]\n", lo / 1.15, hi * 1.15);
}

/* Two panels: the pair's latency against sub, and what a stride costs
 * just past the capacity. */
static int write_plot(FILE *f, const void *arg, const char *out)
{
    const struct plot_arg *a = arg;
    const char *dev = chase_meta_get(a->meta, "device");
    char title[300];
    size_t k, i;
    double plo = 0, phi = 0, slo = 0, shi = 0;
    const char *sep;

    if (chase_gp_begin(f, out, NULL, 0))
        return -1;
    if (a->title)
        snprintf(title, sizeof title, "%s", a->title);
    else
        snprintf(title, sizeof title, "%s: line and sector size", dev ? dev : "device");
    for (k = 0; k < a->n; k++) {
        fprintf(f, "$p%zu << EOD\n", k);
        for (i = 0; i < a->lv[k].nsub; i++) {
            double x = (double)a->lv[k].sub[i];
            fprintf(f, "%llu %g %g\n", (unsigned long long)a->lv[k].sub[i], a->lv[k].pair[i], a->lv[k].late[i]);
            plo = plo == 0 || x < plo ? x : plo;
            phi = x > phi ? x : phi;
        }
        fprintf(f, "EOD\n$s%zu << EOD\n", k);
        for (i = 0; i < a->lv[k].nstride; i++) {
            double x = (double)a->lv[k].stride[i];
            fprintf(f, "%llu %g\n", (unsigned long long)a->lv[k].stride[i], a->lv[k].beyond[i]);
            slo = slo == 0 || x < slo ? x : slo;
            shi = x > shi ? x : shi;
        }
        fprintf(f, "EOD\n");
    }
    fprintf(f, "set multiplot layout 1,2 title ");
    chase_gp_string(f, title);
    /* The key above each panel: inside, it covered the curves' corners. */
    fprintf(f, "\nset logscale x 2\nunset logscale y\nset key above horizontal\nset rmargin 5\n"
               "set xlabel \"second load at +sub (bytes)\"\n"
               "set ylabel \"cycles a load (pair: solid; a group later: dashed)\"\n");
    x_range(f, plo, phi);
    for (k = 0, i = 0; k < a->n; k++)
        i += any_finite(a->lv[k].pair, a->lv[k].nsub) + any_finite(a->lv[k].late, a->lv[k].nsub);
    fprintf(f, "%splot ", i ? "" : EMPTY_RANGES);
    for (k = 0, sep = ""; k < a->n; k++) {
        if (any_finite(a->lv[k].pair, a->lv[k].nsub)) {
            fprintf(f, "%s$p%zu using 1:2 with linespoints ls %zu title ", sep, k, k % 7 + 1);
            chase_gp_string(f, a->lv[k].name);
            sep = ", ";
        }
        if (any_finite(a->lv[k].late, a->lv[k].nsub)) {
            fprintf(f, "%s$p%zu using 1:3 with linespoints ls %zu dt 2 notitle", sep, k, k % 7 + 1);
            sep = ", ";
        }
    }
    if (!*sep)  /* nothing measured: an empty panel, not a failed plot */
        fprintf(f, EMPTY_PANEL);
    fprintf(f, "\nset xlabel \"stride: one load a block (bytes)\"\nset ylabel \"cycles a load, 1.5 x the "
               "capacity\"\n");
    x_range(f, slo, shi);
    for (k = 0, i = 0; k < a->n; k++)
        i += any_finite(a->lv[k].beyond, a->lv[k].nstride);
    fprintf(f, "%splot ", i ? "" : EMPTY_RANGES);
    for (k = 0, sep = ""; k < a->n; k++) {
        if (!any_finite(a->lv[k].beyond, a->lv[k].nstride))
            continue;
        fprintf(f, "%s$s%zu using 1:2 with linespoints ls %zu title ", sep, k, k % 7 + 1);
        chase_gp_string(f, a->lv[k].name);
        sep = ", ";
    }
    if (!*sep)
        fprintf(f, EMPTY_PANEL);
    fprintf(f, "\nunset multiplot\n");
    return 0;
}

int chase_lines_plot(const struct chase_lines_level *lv, size_t n, const struct chase_meta *meta, const char *title,
                     const char *script, const char *out, char *err, size_t len)
{
    struct plot_arg pa = {lv, n, meta, title};
    return chase_gp_run(write_plot, &pa, script, out, err, len);
}
