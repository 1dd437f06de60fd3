/* sms_plot.c: chase sms's plot: each multiprocessor's latency, a panel a
 * level. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/size.h"
#include "plot/plot.h"
#include "sms/sms.h"

struct sms_arg {
    const struct chase_sm_row *rows;
    size_t n;
    const struct chase_meta *meta;
};

/* A step for about n tics over span: 1, 2 or 5 times a power of ten. */
static double nice_step(double span, double n)
{
    double raw = span / n, p = pow(10, floor(log10(raw))), m = raw / p;
    return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

static int by_value(const void *x, const void *y)
{
    double a = *(const double *)x, b = *(const double *)y;
    return (a > b) - (a < b);
}

/* chase sms: a panel a level, stacked, sharing the SM axis, each with its
 * own linear latency axis (the spread over SMs is tens of cycles on
 * hundreds: on one log axis for every level it would be flat).  The
 * median of the SMs is a dashed line, its value in the right margin; a
 * panel's heading (level, working set, range) sits above it, clear of
 * the data.  Text goes at screen positions from the canvas's font, as in
 * the curve plot. */
static int write_sms(FILE *f, const void *arg, const char *out)
{
    const struct sms_arg *a = arg;
    const char *dev = chase_meta_get(a->meta, "device");
    struct chase_gp_canvas c;
    char text[600], sz[32];
    size_t i, k, nlv = 0, start, label = 1;
    int maxsm = 0;
    double em, L, R, top, bottom, ph, gap, *v;

    if (chase_gp_canvas(out, &c) || chase_gp_begin(f, out, NULL, 0))
        return -1;
    em = c.em;
    for (i = 0; i < a->n; i++) {
        nlv += i == 0 || strcmp(a->rows[i].level, a->rows[i - 1].level);
        if (a->rows[i].sm > maxsm)
            maxsm = a->rows[i].sm;
    }
    v = malloc((a->n + 1) * sizeof *v);
    if (!v)
        return -1;
    L = 6.5 * em;
    R = c.width - 8.5 * em;
    top = c.height - (0.9 + 2 * 1.25 + 0.6) * em;
    bottom = 4.4 * em;
    gap = 2.0 * em;
    ph = nlv ? (top - bottom - (double)nlv * gap) / (double)nlv : 0;

    fprintf(f, "unset logscale x\nunset logscale y\nunset key\nunset title\nunset xlabel\nunset ylabel\n"
               "unset grid\nset grid ytics lc rgb '#dddddd'\nset xtics norotate\nset format y '%%g'\n"
               "set xrange [-0.5:%g]\nset lmargin at screen %.5f\nset rmargin at screen %.5f\n",
            maxsm + 0.5, L / c.width, R / c.width);
    if (nlv > 1)
        fprintf(f, "set multiplot\n");
    for (k = 0, start = 0; k < nlv; k++) {
        size_t end = start, m;
        double lo, hi, med, step, pt = c.height - (0.9 + 2.5 + 0.6) * em - (double)k * (ph + gap) - gap;
        while (end < a->n && !strcmp(a->rows[end].level, a->rows[start].level))
            end++;
        for (m = start; m < end; m++)
            v[m - start] = a->rows[m].cycles;
        qsort(v, end - start, sizeof *v, by_value);
        lo = v[0];
        hi = v[end - start - 1];
        med = (end - start) % 2 ? v[(end - start) / 2] : (v[(end - start) / 2 - 1] + v[(end - start) / 2]) / 2;
        step = nice_step(fmax(hi - lo, 1), 3);
        fprintf(f, "$level%zu << EOD\n", k);
        for (m = start; m < end; m++)
            fprintf(f, "%d %g\n", a->rows[m].sm, a->rows[m].cycles);
        fprintf(f, "EOD\n");
        fprintf(f, "unset label\nunset arrow\nset tmargin at screen %.5f\nset bmargin at screen %.5f\n"
                   "set yrange [%g:%g]\nset ytics %g\nset format x %s\n",
                pt / c.height, (pt - ph) / c.height, floor((lo - 0.15 * fmax(hi - lo, 1)) / step) * step,
                ceil((hi + 0.15 * fmax(hi - lo, 1)) / step) * step, step, k + 1 == nlv ? "'%g'" : "''");
        if (k == 0) {
            /* The title, the axes' labels: once, on the first panel's page. */
            snprintf(text, sizeof text, "%s: load-to-use latency from each multiprocessor", dev ? dev : "device");
            fprintf(f, "set label %zu ", label++);
            chase_gp_string(f, text);
            fprintf(f, " at screen 0.5, screen %.5f center front\n", (c.height - 1.5 * em) / c.height);
            fprintf(f, "set label %zu 'a random chain in the middle of each level''s plateau, walked from one SM at "
                       "a time; the median of its samples' at screen 0.5, screen %.5f center front\n",
                    label++, (c.height - 2.75 * em) / c.height);
            fprintf(f, "set label %zu 'load-to-use latency (cycles)' at screen %.5f, screen %.5f center rotate by 90 "
                       "front\n",
                    label++, 1.0 * em / c.width, (top + bottom) / 2 / c.height);
            fprintf(f, "set label %zu 'multiprocessor (SM) index' at screen %.5f, screen %.5f center front\n",
                    label++, (L + R) / 2 / c.width, (bottom - 3.2 * em) / c.height);
        }
        snprintf(text, sizeof text, "%s: %s working set, %.4g-%.4g cycles over %zu SMs", a->rows[start].level,
                 chase_size_format(a->rows[start].bytes, sz, sizeof sz), lo, hi, end - start);
        fprintf(f, "set label %zu ", label++);
        chase_gp_string(f, text);
        fprintf(f, " at screen %.5f, screen %.5f left front tc rgb '%s'\n", L / c.width,
                (pt + 0.75 * em) / c.height, chase_gp_color(k));
        fprintf(f, "set arrow from graph 0, first %g to graph 1, first %g nohead dt (4,4) lw 1 lc rgb '%s' back\n",
                med, med, chase_gp_color(k));
        fprintf(f, "set label %zu 'median %.4g' at graph 1, first %g left offset 0.6, 0 front tc rgb '%s'\n",
                label++, med, med, chase_gp_color(k));
        fprintf(f, "plot $level%zu using 1:2 with linespoints lw 1", k);
        chase_gp_series(f, k);
        fprintf(f, " title ");
        chase_gp_string(f, a->rows[start].level);
        fprintf(f, "\n");
        start = end;
    }
    if (nlv > 1)
        fprintf(f, "unset multiplot\n");
    free(v);
    return 0;
}

int chase_plot_sms(const struct chase_sm_row *rows, size_t n, const struct chase_meta *meta,
                   const struct chase_opts *o, const char *out, char *err, size_t len)
{
    struct sms_arg a = {rows, n, meta};
    return chase_gp_run(write_sms, &a, o->script, out, err, len);
}
