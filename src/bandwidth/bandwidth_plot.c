/* bandwidth_plot.c: chase bandwidth drawn: GB/s against the working set
 * (log size axis), a curve an operation, each level's best figure marked
 * and labelled on its plateau, the peak as a dashed line. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bandwidth/bandwidth.h"
#include "plot/plot.h"

struct plot_arg {
    const struct chase_bw_point *pt;
    size_t npt;
    const struct chase_bw_level *lv;
    size_t nlv;
    const struct chase_meta *meta;
    const char *title;
};

static int write_plot(FILE *f, const void *arg, const char *out)
{
    const struct plot_arg *a = arg;
    const char *dev = chase_meta_get(a->meta, "device");
    char title[400], label[160];
    size_t i, curves = 0;
    int op, any[CHASE_BW_NOPS] = {0}, mixed = 0, part = 0;
    double lo, hi;
    uint64_t top = 0;

    /* A partitioned read curve measured beside the replicated one is a
     * curve of its own. */
    for (i = 0; i < a->npt; i++) {
        mixed |= a->pt[i].placement == CHASE_BW_REPLICATED;
        part |= a->pt[i].placement == CHASE_BW_PARTITIONED;
    }
    mixed = mixed && part;

    if (chase_gp_begin(f, out, NULL, 0))
        return -1;
    if (a->title)
        snprintf(title, sizeof title, "%s", a->title);
    else
        snprintf(title, sizeof title, "%s: bandwidth against working set (GB/s = 10^9 B/s)", dev ? dev : "device");
    fprintf(f, "set title ");
    chase_gp_string(f, title);
    fprintf(f, "\nset logscale x 2\nset logscale y\nset format x \"%%.0b %%BB\"\nset xlabel \"working set (bytes)\"\n"
               "set ylabel \"GB/s (copy: read + written)\"\nset key top right\nunset label\nunset arrow\n");
    for (op = 0; op < CHASE_BW_NOPS; op++) {
        fprintf(f, "$c%d << EOD\n", op);
        for (i = 0; i < a->npt; i++)
            if (a->pt[i].op == op && a->pt[i].target == CHASE_BW_GLOBAL && a->pt[i].gbs > 0 &&
                !(mixed && a->pt[i].placement == CHASE_BW_PARTITIONED)) {
                fprintf(f, "%llu %g\n", (unsigned long long)a->pt[i].bytes, a->pt[i].gbs);
                any[op] = 1;
            }
        fprintf(f, "EOD\n");
    }
    if (mixed) {
        fprintf(f, "$part << EOD\n");
        for (i = 0; i < a->npt; i++)
            if (a->pt[i].placement == CHASE_BW_PARTITIONED && a->pt[i].target == CHASE_BW_GLOBAL &&
                a->pt[i].gbs > 0)
                fprintf(f, "%llu %g\n", (unsigned long long)a->pt[i].bytes, a->pt[i].gbs);
        fprintf(f, "EOD\n");
    }
    /* Each level's best figures, one label a level at its read figure
     * (the first measured), the operations' figures in it; the peaks
     * (a B/clk peak drawn at the level's clock over its multiprocessors)
     * dashed across. */
    lo = INFINITY;
    hi = 0;
    for (i = 0; i < a->npt; i++)
        if (a->pt[i].gbs > 0) {
            top = a->pt[i].bytes > top ? a->pt[i].bytes : top;
            lo = fmin(lo, a->pt[i].gbs);
            hi = fmax(hi, a->pt[i].gbs);
        }
    for (i = 0; i < a->nlv; i++) {
        const struct chase_bw_level *L = &a->lv[i];
        double peak = L->peak_bpc ? (L->mhz > 0 && L->units ? L->peak * L->units * L->mhz / 1000 : NAN) : L->peak;
        size_t j, used, first = 1;
        /* One label a level and placement (a partitioned row measured
         * beside the replicated ones has its own). */
#define SAME(x) (!strcmp((x)->level, L->level) && (x)->target == L->target && \
                 (!mixed || ((x)->placement == CHASE_BW_PARTITIONED) == (L->placement == CHASE_BW_PARTITIONED)))
        for (j = 0; j < i; j++)
            if (SAME(&a->lv[j]))
                first = 0;
        if (first && L->target == CHASE_BW_GLOBAL && L->gbs > 0 && L->bytes) {
            used = (size_t)snprintf(label, sizeof label, "%s%s:", L->level,
                                    mixed && L->placement == CHASE_BW_PARTITIONED ? " partitioned" : "");
            for (j = i; j < a->nlv && used < sizeof label - 24; j++)
                if (SAME(&a->lv[j]) && a->lv[j].gbs > 0)
                    used += (size_t)snprintf(label + used, sizeof label - used,
                                             a->lv[j].gbs >= 100 ? " %s %.0f" : " %s %.3g",
                                             chase_bw_op_names[a->lv[j].op], a->lv[j].gbs);
            fprintf(f, "set label %zu ", i + 1);
            chase_gp_string(f, label);
            /* The last level's label ends at its point: it sits at the
             * curve's right edge.  A partitioned row's label goes below
             * its point, clear of the replicated curve's above it. */
            fprintf(f, " at %llu,%g point pt 7 ps 0.6 %s%s font \",8\"\n", (unsigned long long)L->bytes, L->gbs,
                    L->bytes >= top ? "right offset -0.5," : "offset 0.5,",
                    mixed && L->placement == CHASE_BW_PARTITIONED ? "-0.9" : "0.7");
        }
#undef SAME
        for (j = 0; j < i && peak > 0; j++)
            if (a->lv[j].peak == L->peak && a->lv[j].peak_bpc == L->peak_bpc)
                first = 0;      /* one line a peak: L1's and shared memory's are the same figure */
        if (peak > 0 && first) {
            snprintf(label, sizeof label, "%s peak (the %s's) %.4g GB/s", L->level, L->peak_from, peak);
            fprintf(f, "set arrow %zu from graph 0, first %g to graph 1, first %g nohead dt 2 lw 1\n", i + 1, peak,
                    peak);
            fprintf(f, "set label %zu ", a->nlv + i + 1);
            chase_gp_string(f, label);
            fprintf(f, " at graph 0.02, first %g offset 0,0.6 font \",8\"\n", peak);
            lo = fmin(lo, peak);
            hi = fmax(hi, peak);
        }
    }
    if (hi > 0)
        fprintf(f, "set yrange [%g:%g]\n", lo / 1.5, hi * 1.5);
    fprintf(f, "plot ");
    for (op = 0; op < CHASE_BW_NOPS; op++) {
        if (!any[op])
            continue;
        fprintf(f, "%s$c%d using 1:2 with linespoints ls %d title ", curves++ ? ", " : "", op, op + 1);
        chase_gp_string(f, chase_bw_op_names[op]);
    }
    if (mixed) {
        fprintf(f, "%s$part using 1:2 with linespoints ls %d title ", curves++ ? ", " : "", CHASE_BW_NOPS + 1);
        chase_gp_string(f, "read, partitioned (each SM its own lines)");
    }
    if (!curves)
        fprintf(f, "NaN notitle");
    fprintf(f, "\n");
    return 0;
}

int chase_bw_plot(const struct chase_bw_point *pt, size_t npt, const struct chase_bw_level *lv, size_t nlv,
                  const struct chase_meta *meta, const struct chase_opts *o, const char *out, char *err, size_t len)
{
    struct plot_arg a = {pt, npt, lv, nlv, meta, o->title};
    return chase_gp_run(write_plot, &a, o->script, out, err, len);
}
