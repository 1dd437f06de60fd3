/* banks_plot.c: chase banks' picture: the stride sweep with the fitted bank
 * model, conflict cost against ways for each width, and the lane groups as
 * a row of lanes coloured by group for each width (the picture kernel
 * writers draw by hand), in one image. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "banks/banks.h"
#include "core/curve.h"
#include "core/options.h"
#include "plot/plot.h"

/* Twelve colours told apart (Okabe and Ito's, then darker and lighter kin). */
static const unsigned group_rgb[] = {
    0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7, 0xE69F00, 0x56B4E9,
    0xF0E442, 0x7F3C8D, 0x11A579, 0x3969AC, 0xE73F74, 0x80BA5A,
};

struct banks_arg {
    const struct chase_banks_result *r;
    const struct chase_meta *meta;
    const char *title;
};

/* The side the stride and groups panels draw: the reads', else the stores'. */
static const struct chase_banks_side *drawn(const struct chase_banks_result *r)
{
    return r->side[0].measured || !r->side[1].measured ? &r->side[0] : &r->side[1];
}

static void panel_strides(FILE *f, const struct chase_banks_result *r0)
{
    const struct chase_banks_side *r = drawn(r0);
    const char *what = r == &r0->side[0] ? "32-bit" : "32-bit stores";
    unsigned i;
    char t[160];

    fprintf(f, "set origin 0, 0.42\nset size 0.5, 0.56\nunset logscale\nset logscale y 2\n");
    if (r->fitted)
        snprintf(t, sizeof t, "stride sweep (%s, block): %u banks of %u B", what, r->fit.best.banks,
                 r->fit.best.bank_bytes);
    else
        snprintf(t, sizeof t, "stride sweep (%s, block): no bank model fits", what);
    fprintf(f, "set title '%s'\nset xlabel 'stride (dwords)'\nset ylabel 'cycles per warp instruction'\n", t);
    fprintf(f, "set xrange [-0.5:%u.5]\nset xtics rotate by -60 font ',11' (", r->nstride ? r->nstride - 1 : 0);
    for (i = 0; i < r->nstride; i++)
        fprintf(f, "%s'%u' %u", i ? ", " : "", r->stride[i], i);
    fprintf(f, ")\nset key top left\n$sweep << EOD\n");
    for (i = 0; i < r->nstride; i++) {
        const struct chase_banks_hyp *h = &r->fit.best;
        double fitted = r->fitted ? h->a + h->b * fmax(r->stride_pred[i], h->floor) : NAN;
        fprintf(f, "%u %g %g\n", i, r->stride_cycles[i], fitted);
    }
    fprintf(f, "EOD\nplot $sweep using 1:2 with points ls 1 ps 1.4 title 'measured'");
    if (r->fitted)
        fprintf(f, ", $sweep using 1:3 with linespoints ls 2 pt 6 title 'the model: a + b x passes'");
    fprintf(f, "\n");
}

static void panel_ways(FILE *f, const struct chase_banks_result *r)
{
    unsigned wi, i, any = 0;

    fprintf(f, "set origin 0.5, 0.42\nset size 0.5, 0.56\nunset logscale\nset logscale xy 2\nset xrange [*:*]\n"
               "set title 'conflict cost (block)'\nset xlabel 'ways (lanes in one bank, different words)'\n"
               "set ylabel 'cycles per warp instruction'\nset xtics norotate autofreq font ',13'\nset key top left\n");
    int op;

    /* Reads as $wN, stores as $stN (dashed). */
    for (op = CHASE_SHARED_READ; op <= CHASE_SHARED_WRITE; op++)
        for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++) {
            fprintf(f, "$%s%u << EOD\n", op ? "st" : "w", wi);
            for (i = 0; i < r->nentry; i++) {
                const struct chase_banks_entry *e = &r->entry[i];
                if (e->opn == op && e->width == 4u << wi &&
                    (!strcmp(e->pattern, "conflict-free") || !strncmp(e->pattern, "conflict-", 9)))
                    fprintf(f, "%u %g\n", e->ways, e->issue_block);
            }
            fprintf(f, "EOD\n");
        }
    fprintf(f, "plot ");
    for (op = CHASE_SHARED_READ; op <= CHASE_SHARED_WRITE; op++)
        for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++) {
            unsigned n = 0;
            for (i = 0; i < r->nentry; i++)
                n += r->entry[i].width == 4u << wi && r->entry[i].opn == op;
            if (!n)
                continue;
            fprintf(f, "%s$%s%u using 1:2 with linespoints ls %u%s title '%u-bit%s'", any++ ? ", " : "",
                    op ? "st" : "w", wi, wi + 1, op ? " dt 2" : "", 32u << wi, op ? " stores" : "");
        }
    if (!any)
        fprintf(f, "$w0 using 1:2 notitle");
    fprintf(f, "\n");
}

static void panel_groups(FILE *f, const struct chase_banks_result *r0)
{
    const struct chase_banks_side *r = drawn(r0);
    const unsigned lanes = r0->lanes;
    unsigned wi, i, rows = 0;

    int merge = 0;

    for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++)
        merge |= r->groups[wi] && r->resolved[wi] && r->groups[wi]->layout.merge;
    fprintf(f, "set origin 0, 0\nset size 1, 0.42\nunset logscale\nunset grid\nset title 'lane groups: lanes of a "
               "colour are served in one pass%s'\nset xlabel 'lane'\nunset ylabel\nset xrange [-0.6:%u.6]\n"
               "set xtics 0, %u norotate font ',12'\nset yrange [-0.6:2.6]\nset ytics (",
            merge ? " (*: groups share a pass while together conflict-free)" : "", lanes ? lanes - 1 : 0,
            lanes > 32 ? 4 : 2);
    for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++)
        fprintf(f, "%s'%u-bit%s' %u", wi ? ", " : "", 32u << wi,
                r->groups[wi] && r->resolved[wi] && r->groups[wi]->layout.merge ? "*" : "", wi);
    fprintf(f, ")\nset key off\n$groups << EOD\n");
    for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++) {
        const struct chase_banks_groups *g = r->groups[wi];
        if (!g || !r->resolved[wi])
            continue;
        rows++;
        for (i = 0; i < lanes; i++) {
            unsigned gr = g->layout.group[i];
            fprintf(f, "%u %u %u %u\n", i, wi, group_rgb[gr % (sizeof group_rgb / sizeof group_rgb[0])], gr);
        }
    }
    fprintf(f, "EOD\n");
    if (rows)
        fprintf(f, "plot $groups using 1:2:(0.46):(0.38):3 with boxxyerror fs solid 0.85 noborder lc rgb variable, "
                   "$groups using 1:2:(sprintf('%%d', $4)) with labels font ',%u' tc rgb '#ffffff'\n",
                lanes > 32 ? 8 : 11);
    else
        fprintf(f, "set label 1 'no lane groups were measured' at graph 0.5, 0.5 center\n"
                   "plot 1/0 notitle\nunset label 1\n");
}

static int write_banks(FILE *f, const void *arg, const char *out)
{
    const struct banks_arg *a = arg;
    const char *dev = chase_meta_get(a->meta, "device");
    char title[300];

    if (chase_gp_begin(f, out, NULL, 0))
        return -1;
    if (a->title)
        snprintf(title, sizeof title, "%s", a->title);
    else
        snprintf(title, sizeof title, "%s: shared memory banks", dev ? dev : "device");
    fprintf(f, "set multiplot title ");
    chase_gp_string(f, title);
    fprintf(f, " font ',16'\n");
    panel_strides(f, a->r);
    panel_ways(f, a->r);
    panel_groups(f, a->r);
    fprintf(f, "unset multiplot\n");
    return 0;
}

int chase_plot_banks(const struct chase_banks_result *r, const struct chase_meta *meta, const struct chase_opts *o,
                     const char *out, char *err, size_t len)
{
    struct banks_arg a = {r, meta, o->title};
    return chase_gp_run(write_banks, &a, o->script, out, err, len);
}
