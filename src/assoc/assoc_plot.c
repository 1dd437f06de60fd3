/* assoc_plot.c: the gnuplot script of chase assoc: latency against the lines, a curve a stride, a panel a level. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdio.h>

#include "assoc/assoc.h"
#include "core/size.h"
#include "plot/plot.h"

struct plot_arg {
    const struct chase_assoc_level *lv;
    size_t n;
    const struct chase_meta *meta;
    const char *title;
};

/* One panel: each measured stride's curve, and the level's latency, the
 * miss threshold and the next level's latency as lines across. */
static void panel(FILE *f, const struct chase_assoc_level *L, size_t k)
{
    char a[32], t[96];
    size_t i, s = 0;

    fprintf(f, "set title ");
    if (L->ways)
        snprintf(t, sizeof t, "%s: %u ways, %llu sets", L->name, L->ways, (unsigned long long)L->sets);
    else
        snprintf(t, sizeof t, "%s: no knee", L->name);
    chase_gp_string(f, t);
    fprintf(f, "\nunset arrow\nset arrow from graph 0, first %g to graph 1, first %g nohead dt 3\n"
               "set arrow from graph 0, first %g to graph 1, first %g nohead dt 2\nplot ",
            chase_assoc_threshold(L), chase_assoc_threshold(L), L->m, L->m);
    for (i = L->nst; i-- > 0;) {
        if (!L->st[i].n)
            continue;
        fprintf(f, "%s$d%zu_%zu using 1:2 with linespoints ls %zu title ", s ? ", " : "", k, i, s % 7 + 1);
        chase_gp_string(f, chase_size_format(L->st[i].stride, a, sizeof a));
        s++;
    }
    if (!s)
        fprintf(f, "NaN notitle");
    fprintf(f, "\n");
}

static int write_plot(FILE *f, const void *arg, const char *out)
{
    const struct plot_arg *a = arg;
    const char *dev = chase_meta_get(a->meta, "device");
    char title[300];
    size_t k, i, j, cols = a->n < 3 ? a->n : 3;

    if (chase_gp_begin(f, out, NULL, 0))
        return -1;
    if (a->title)
        snprintf(title, sizeof title, "%s", a->title);
    else
        snprintf(title, sizeof title, "%s: chains of N lines a stride apart", dev ? dev : "device");
    for (k = 0; k < a->n; k++)
        for (i = 0; i < a->lv[k].nst; i++) {
            const struct chase_assoc_curve *C = &a->lv[k].st[i];
            if (!C->n)
                continue;
            fprintf(f, "$d%zu_%zu << EOD\n", k, i);
            for (j = 0; j < C->n; j++)
                fprintf(f, "%zu %g\n", j + 1, C->cycles[j]);
            fprintf(f, "EOD\n");
        }
    fprintf(f, "set multiplot layout %zu,%zu title ", (a->n + cols - 1) / cols, cols ? cols : 1);
    chase_gp_string(f, title);
    fprintf(f, "\nunset logscale x\nset logscale y\nset key top left\nset xlabel \"lines in the chain (N)\"\n"
               "set ylabel \"cycles a load (dotted: the miss threshold; dashed: the next level)\"\n");
    for (k = 0; k < a->n; k++)
        panel(f, &a->lv[k], k);
    fprintf(f, "unset multiplot\n");
    return 0;
}

int chase_assoc_plot(const struct chase_assoc_level *lv, size_t n, const struct chase_meta *meta, const char *title,
                     const char *script, const char *out, char *err, size_t len)
{
    struct plot_arg pa = {lv, n, meta, title};
    return chase_gp_run(write_plot, &pa, script, out, err, len);
}
