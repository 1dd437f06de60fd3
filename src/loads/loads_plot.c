/* loads_plot.c: chase loads drawn: latency (top) and issue cost (bottom)
 * per level, a bar for each access width, levels in the order measured. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "loads/loads.h"
#include "plot/plot.h"

/* The series: the three widths with the whole warp, then one lane. */
#define SERIES 4

struct plot_arg {
    const struct chase_loads_row *rows;
    size_t n;
    const struct chase_meta *meta;
    const char *title;
};

static int series_of(const struct chase_loads_row *r)
{
    if (r->lanes == 1)
        return 3;
    return r->width == 4 ? 0 : r->width == 8 ? 1 : r->width == 16 ? 2 : -1;
}

/* The levels in the order first seen; returns how many. */
static size_t levels(const struct plot_arg *a, const char **names, size_t max)
{
    size_t i, j, n = 0;
    for (i = 0; i < a->n; i++) {
        for (j = 0; j < n && strcmp(names[j], a->rows[i].level); j++)
            ;
        if (j == n && n < max)
            names[n++] = a->rows[i].level;
    }
    return n;
}

static void panel(FILE *f, const struct plot_arg *a, const char **names, size_t nlv, int issue)
{
    static const char *const labels[SERIES] = {"b32", "b64", "b128", "b64, one lane"};
    double lo = INFINITY, hi = 0;
    size_t i, k;
    int s, any[SERIES] = {0};

    for (i = 0; i < a->n; i++) {
        double v = issue ? a->rows[i].issue : a->rows[i].latency;
        if (v > 0 && series_of(&a->rows[i]) >= 0) {
            lo = fmin(lo, v);
            hi = fmax(hi, v);
            any[series_of(&a->rows[i])] = 1;
        }
    }
    fprintf(f, "set xrange [-0.6:%zu.6]\n", nlv ? nlv - 1 : 0);
    fprintf(f, "set xtics (");
    for (k = 0; k < nlv; k++) {
        char label[64];
        int measured = 0;
        for (i = 0; i < a->n; i++)
            if (!strcmp(a->rows[i].level, names[k]) && a->rows[i].latency > 0)
                measured = 1;
        snprintf(label, sizeof label, "%s%s", names[k], measured ? "" : " (not measured)");
        fprintf(f, "%s", k ? ", " : "");
        chase_gp_string(f, label);
        fprintf(f, " %zu", k);
    }
    fprintf(f, ")\n");
    if (hi > 0)
        fprintf(f, "set yrange [%g:%g]\n", lo / 2, hi * 3);
    fprintf(f, "set ylabel \"%s\"\n", issue ? "issue cost (cycles a further load adds)" : "latency (cycles)");
    for (s = 0; s < SERIES; s++) {
        fprintf(f, "$%s%d << EOD\n", issue ? "issue" : "lat", s);
        for (k = 0; k < nlv; k++)
            for (i = 0; i < a->n; i++) {
                const struct chase_loads_row *r = &a->rows[i];
                double v = issue ? r->issue : r->latency;
                if (series_of(r) == s && !strcmp(r->level, names[k]) && v > 0)
                    fprintf(f, "%g %g\n", (double)k + (s - 1.5) * 0.2, v);
            }
        fprintf(f, "EOD\n");
    }
    fprintf(f, "plot ");
    for (s = 0, k = 0; s < SERIES; s++) {
        if (!any[s])
            continue;
        fprintf(f, "%s$%s%d using 1:2 with boxes ls %d fs solid 0.7 title \"%s\"", k++ ? ", " : "",
                issue ? "issue" : "lat", s, s + 1, labels[s]);
    }
    if (!k)
        fprintf(f, "NaN notitle");
    fprintf(f, "\n");
}

static int write_plot(FILE *f, const void *arg, const char *out)
{
    const struct plot_arg *a = arg;
    const char *names[64], *dev = chase_meta_get(a->meta, "device"), *timer = chase_meta_get(a->meta, "timer");
    char title[600];
    size_t nlv = levels(a, names, 64);

    if (chase_gp_begin(f, out, NULL, 0))
        return -1;
    if (a->title)
        snprintf(title, sizeof title, "%s", a->title);
    else
        snprintf(title, sizeof title, "%s: load latency and issue cost per level and width%s%s",
                 dev ? dev : "device", timer ? "; " : "", timer ? timer : "");
    fprintf(f, "unset logscale x\nset logscale y\nset xlabel \"level\"\nset boxwidth 0.2\nset style fill solid 0.7\n"
               "set key top left\nset xtics norotate\nunset label\nunset arrow\n");
    fprintf(f, "set multiplot layout 2,1 title ");
    chase_gp_string(f, title);
    fprintf(f, "\n");
    panel(f, a, names, nlv, 0);
    fprintf(f, "unset key\n");
    panel(f, a, names, nlv, 1);
    fprintf(f, "unset multiplot\n");
    return 0;
}

int chase_loads_plot(const struct chase_loads_row *rows, size_t n, const struct chase_meta *meta,
                     const struct chase_opts *o, const char *out, char *err, size_t len)
{
    struct plot_arg a = {rows, n, meta, o->title};
    return chase_gp_run(write_plot, &a, o->script, out, err, len);
}
