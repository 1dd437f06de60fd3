/* tlb_plot.c: the gnuplot script of chase tlb: latency against the span, each step marked. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "core/size.h"
#include "plot/plot.h"
#include "tlb/tlb.h"

struct tlb_plot_arg {
    const struct chase_curve *c, *twin, *entry;     /* entry: the pass at the entries' stride (may be empty) */
    uint64_t entry_stride;
    const struct chase_tlb_level *lv;
    size_t nlv;
    const struct chase_meta *meta;
    const char *title;
};

/* IEC labels on the log2 size axis (every other octave over a wide range). */
static void iec_xtics(FILE *f, double xmin, double xmax)
{
    unsigned step = log2(xmax / xmin) > 16 ? 2 : 1, k = 0;
    const char *sep = "";
    char a[32];
    uint64_t t;

    fprintf(f, "set xrange [%g:%g]\nset xtics (", xmin / 1.15, xmax * 1.15);
    for (t = 1; t && (double)t <= xmax * 1.15; t <<= 1, k++) {
        if ((double)t < xmin / 1.15 || k % step)
            continue;
        fprintf(f, "%s\"%s\" %llu", sep, chase_size_format(t, a, sizeof a), (unsigned long long)t);
        sep = ", ";
    }
    fprintf(f, ")\n");
}

/* Latency against span; each step marked with what it is. */
static int write_plot(FILE *f, const void *arg, const char *out)
{
    const struct tlb_plot_arg *a = arg;
    const char *dev = chase_meta_get(a->meta, "device");
    char title[300], sz[32], lab[96];
    size_t i;

    if (chase_gp_begin(f, out, NULL, 0))
        return -1;
    if (a->title)
        snprintf(title, sizeof title, "%s", a->title);
    else
        snprintf(title, sizeof title, "%s: TLB reach (one load a page)", dev ? dev : "device");
    fprintf(f, "\nset title ");
    chase_gp_string(f, title);
    /* A linear y (the steps are a few percent: two log2 tics said
     * nothing), headroom above the curves for the steps' rotated labels
     * (they crossed the curves), and the key above the plot (it covered
     * a label). */
    fprintf(f, "\nset xlabel \"bytes the chain spans\"\nset ylabel \"load-to-use latency (cycles)\"\n"
               "unset logscale y\nset offsets 0, 0, graph 0.3, 0\nset key above horizontal\n");
    if (a->c->n)
        iec_xtics(f, (double)a->c->rows[0].bytes, (double)a->c->rows[a->c->n - 1].bytes);
    fprintf(f, "$curve << EOD\n");
    for (i = 0; i < a->c->n; i++)
        fprintf(f, "%llu %g\n", (unsigned long long)a->c->rows[i].bytes, a->c->rows[i].cycles);
    fprintf(f, "EOD\n$twin << EOD\n");
    for (i = 0; i < a->twin->n; i++)
        fprintf(f, "%llu %g\n", (unsigned long long)a->twin->rows[i].bytes, a->twin->rows[i].cycles);
    fprintf(f, "EOD\n$entry << EOD\n");
    for (i = 0; i < a->entry->n; i++)
        fprintf(f, "%llu %g\n", (unsigned long long)a->entry->rows[i].bytes, a->entry->rows[i].cycles);
    fprintf(f, "EOD\n");
    for (i = 0; i < a->nlv; i++) {
        const struct chase_tlb_level *L = &a->lv[i];
        int tlb = L->kind == CHASE_STEP_TLB;
        fprintf(f, "set arrow from %llu, graph 0 to %llu, graph 1 nohead dt %d lc rgb \"%s\"\n",
                (unsigned long long)L->hi, (unsigned long long)L->hi, tlb ? 2 : 3, tlb ? "#D55E00" : "#808080");
        if (tlb && L->page)
            snprintf(lab, sizeof lab, "%s: %.0f x %s", L->name, L->entries_lo,
                     chase_size_format(L->page, sz, sizeof sz));
        else if (tlb)
            snprintf(lab, sizeof lab, "%s: %.0f blocks", L->name, L->entries_lo);
        else
            snprintf(lab, sizeof lab, "%s (%s)", L->name, chase_tlb_kind_name(L->kind));
        fprintf(f, "set label %zu ", i + 1);
        chase_gp_string(f, lab);
        fprintf(f, " at %llu, graph 0.97 rotate by 90 right offset -0.8, 0 font \",10\"\n",
                (unsigned long long)L->hi);
    }
    fprintf(f, "plot $curve using 1:2 with linespoints ls 1 title \"one line a block\", "
               "$twin using 1:2 with linespoints ls 2 title \"two lines a block, one page (twin)\"");
    if (a->entry->n) {
        snprintf(lab, sizeof lab, "one line a block of %s (an entry)", chase_size_format(a->entry_stride, sz, sizeof sz));
        fprintf(f, ", $entry using 1:2 with linespoints ls 3 title ");
        chase_gp_string(f, lab);
    }
    fprintf(f, "\n");
    return 0;
}

int chase_tlb_plot(const struct chase_curve *c, const struct chase_curve *twin, const struct chase_curve *entry,
                   uint64_t entry_stride, const struct chase_tlb_level *lv, size_t nlv, const struct chase_meta *meta,
                   const char *title, const char *script, const char *out, char *err, size_t len)
{
    struct tlb_plot_arg pa = {c, twin, entry, entry_stride, lv, nlv, meta, title};
    return chase_gp_run(write_plot, &pa, script, out, err, len);
}
