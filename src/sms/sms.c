/* sms.c: every multiprocessor's view of each level: a load's latency
 * depends on which SM issues it (on the H100 the L2 is two partitions, and
 * an SM reaches one through the other), so a level's latency is a spread,
 * and the map of it shows which SMs sit near which partition. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/exitcode.h"
#include "levels/plateau.h"
#include "plot/plot.h"
#include "sms/sms.h"
#include "core/size.h"
#include "core/stats.h"
#include "run/source.h"

#define PROBE_SAMPLES 4     /* timed samples a probe: the spread is tens of cycles, the noise tenths */

static const struct chase_column sms_cols[] = {
    {"sm", CHASE_INT}, {"level", CHASE_TEXT}, {"bytes", CHASE_INT}, {"cycles", CHASE_REAL}, {"ns", CHASE_REAL},
};
const struct chase_table chase_sms_table = {"sms", sms_cols, 5, NULL};

static const struct chase_column spread_cols[] = {
    {"level", CHASE_TEXT}, {"bytes", CHASE_INT}, {"walker_sm", CHASE_INT}, {"walker", CHASE_REAL},
    {"min", CHASE_REAL}, {"min_sm", CHASE_INT}, {"median", CHASE_REAL}, {"max", CHASE_REAL},
    {"max_sm", CHASE_INT}, {"sms", CHASE_INT},
};
const struct chase_table chase_spread_table = {"spread", spread_cols, 10, "spread"};

int chase_sms_probe(struct chase_session *s, const struct chase_measure *m, const struct chase_curve *c,
                    uint64_t stride, const struct chase_level *lv, size_t nlv, struct chase_sm_spread *sp,
                    size_t *nsp, struct chase_sm_row *rows, size_t *nrows)
{
    unsigned units = s->info.units, u;
    double *cyc = malloc((units ? units : 1) * sizeof *cyc);
    char err[CHASE_ERRLEN], a[32], what[64];
    size_t i, done = 0, total = nlv > 1 ? (nlv - 1) * units : 0;
    int code = 0;

    *nsp = 0;
    if (nrows)
        *nrows = 0;
    if (!cyc)
        return CHASE_EXIT_FAIL;
    for (i = 1; i < nlv && !code && !chase_stop; i++) {
        struct chase_sm_spread *p = &sp[*nsp];
        double tmp[CHASE_MAX_SAMPLES];

        memset(p, 0, sizeof *p);
        snprintf(p->level, sizeof p->level, "%s", lv[i].name);
        p->bytes = chase_plateau_middle(c, &lv[i], stride);
        p->walker = lv[i].cycles;
        p->walker_sm = s->params.sm == -2 ? 0 : s->params.sm;
        snprintf(what, sizeof what, "%s", lv[i].name);
        for (u = 0; u < units && !chase_stop; u++) {
            struct chase_point pt;
            struct chase_samples out;
            int rc;

            memset(&pt, 0, sizeof pt);
            memset(&out, 0, sizeof out);
            pt.bytes = p->bytes;
            pt.stride = stride;
            pt.pattern = m->pattern;
            pt.seed = m->seed * 0x100000001b3ULL + p->bytes * 31;
            pt.sm = (int)u;
            pt.samples = PROBE_SAMPLES;
            pt.stop = &chase_stop;
            rc = s->ops->measure(s->dev, &pt, &out, err, sizeof err);
            if (rc == CHASE_EINTR)
                break;
            if (rc != CHASE_OK) {
                chase_progress_done(s);
                fprintf(stderr, "chase: %s on SM %u at %s: %s\n", s->slot->name, u,
                        chase_size_format(p->bytes, a, sizeof a), err);
                code = chase_exit_for(rc);
                break;
            }
            memcpy(tmp, out.cycles, out.n * sizeof *tmp);
            cyc[u] = chase_median(tmp, out.n);
            if (rows) {
                struct chase_sm_row *r = &rows[(*nrows)++];
                memcpy(tmp, out.ns, out.n * sizeof *tmp);
                r->sm = (int)u;
                r->level = lv[i].name;
                r->bytes = p->bytes;
                r->cycles = cyc[u];
                r->ns = chase_median(tmp, out.n);
            }
            if (u == 0 || cyc[u] < p->min) {
                p->min = cyc[u];
                p->min_sm = (int)u;
            }
            if (u == 0 || cyc[u] > p->max) {
                p->max = cyc[u];
                p->max_sm = (int)u;
            }
            chase_progress(s, "SMs", ++done, total, what);
        }
        if (u == units) {
            p->sms = units;
            p->median = chase_median(cyc, units);
            (*nsp)++;
        }
    }
    free(cyc);
    return code;
}

int chase_sms_spread(struct chase_session *s, const struct chase_measure *m, const struct chase_curve *c,
                     uint64_t stride, const struct chase_level *lv, size_t nlv, struct chase_sm_spread *sp,
                     size_t *nsp)
{
    return chase_sms_probe(s, m, c, stride, lv, nlv, sp, nsp, NULL, NULL);
}

static void spread_cells(const struct chase_sm_spread *p, struct chase_cell *c)
{
    memset(c, 0, 10 * sizeof *c);
    c[0].text = p->level;
    c[1].num = (double)p->bytes;
    c[2].num = p->walker_sm;
    c[3].num = p->walker;
    c[4].num = p->min;
    c[5].num = p->min_sm;
    c[6].num = p->median;
    c[7].num = p->max;
    c[8].num = p->max_sm;
    c[9].num = p->sms;
}

int chase_sms_write_spread(struct chase_writer *w, const struct chase_sm_spread *sp, size_t nsp)
{
    struct chase_cell cells[10];
    size_t i;

    if (chase_writer_table(w, &chase_spread_table))
        return -1;
    for (i = 0; i < nsp; i++) {
        spread_cells(&sp[i], cells);
        if (chase_writer_row(w, cells))
            return -1;
    }
    return 0;
}

/* The map at a terminal: one line a level, then the SMs that stand out. */
static void report(FILE *f, const struct chase_sm_spread *sp, size_t nsp)
{
    char a[32];
    size_t i;

    fprintf(f, "%-12s %10s %14s %22s %10s %22s\n", "level", "bytes", "sweep's SM", "fastest SM", "median",
            "slowest SM");
    for (i = 0; i < nsp; i++) {
        char w[32], lo[32], hi[32];
        snprintf(w, sizeof w, "%d: %.1f", sp[i].walker_sm, sp[i].walker);
        snprintf(lo, sizeof lo, "%d: %.1f", sp[i].min_sm, sp[i].min);
        snprintf(hi, sizeof hi, "%d: %.1f", sp[i].max_sm, sp[i].max);
        fprintf(f, "%-12s %10s %14s %22s %10.1f %22s\n", sp[i].level, chase_size_format(sp[i].bytes, a, sizeof a),
                w, lo, sp[i].median, hi);
    }
    fprintf(f, "cycles: the median of %d samples of the chain from each multiprocessor\n", PROBE_SAMPLES);
}

int chase_sms_main(const struct chase_opts *o)
{
    struct chase_session s;
    struct chase_curve curve;
    struct chase_level lv[CHASE_MAX_LEVELS];
    struct chase_sm_spread sp[CHASE_MAX_LEVELS];
    struct chase_sm_row *rows = NULL;
    struct chase_measure m;
    struct chase_cell cells[8];
    size_t nlv = 0, nsp = 0, nrows = 0, i;
    uint64_t stride;
    const char *status = "complete";
    int code;

    memset(&curve, 0, sizeof curve);
    code = chase_session_open(&s, o, NULL);
    if (code)
        goto out;
    if (!s.info.pinnable || s.info.units < 2) {
        fprintf(stderr, "chase: sms: the %s backend cannot run a load on a chosen multiprocessor\n", s.slot->name);
        code = CHASE_EXIT_UNSUPPORTED;
        goto out;
    }
    chase_session_describe(&s, "sms");
    stride = s.info.default_stride ? s.info.default_stride : 128;
    chase_meta_add(&s.meta, "pattern", "random");
    chase_meta_num(&s.meta, "stride", (double)stride);
    chase_meta_num(&s.meta, "samples", PROBE_SAMPLES);
    if ((code = chase_levels_source(&s, &curve, lv, &nlv)))
        goto out;
    chase_meta_add(&s.meta, "levels_from", "%s", o->from ? o->from : "a default sweep run first");
    rows = calloc(nlv * s.info.units + 1, sizeof *rows);
    if (!rows) {
        code = CHASE_EXIT_FAIL;
        goto out;
    }
    memset(&m, 0, sizeof m);
    m.ops = s.ops;
    m.dev = s.dev;
    m.pattern = CHASE_PATTERN_RANDOM;
    m.repeat = 1;
    m.seed = o->seed;
    m.sm = -2;
    code = chase_sms_probe(&s, &m, &curve, stride, lv, nlv, sp, &nsp, rows, &nrows);
    chase_progress_done(&s);
    if (chase_stop) {
        status = "interrupted";
        code = chase_signal_exit();
    } else if (code) {
        status = "failed";
    }
    if ((i = (size_t)chase_session_output(&s, "sms"))) {
        code = (int)i;
        goto out;
    }
    if (!s.human) {
        int bad = chase_writer_table(&s.w, &chase_sms_table);
        for (i = 0; i < nrows && !bad; i++) {
            memset(cells, 0, sizeof cells);
            cells[0].num = rows[i].sm;
            cells[1].text = rows[i].level;
            cells[2].num = (double)rows[i].bytes;
            cells[3].num = rows[i].cycles;
            cells[4].num = rows[i].ns;
            bad = chase_writer_row(&s.w, cells);
        }
        if (bad || chase_sms_write_spread(&s.w, sp, nsp)) {
            code = chase_session_write_failed(&s);
            status = "failed";
        }
    }
    if (s.human || !o->quiet)
        report(s.human ? stdout : stderr, sp, nsp);
    i = (size_t)chase_session_finish(&s, status);
    if (i && !code)
        code = (int)i;
    if (o->plot && nrows) {
        char err[600];
        int prc = chase_plot_sms(rows, nrows, &s.meta, o, o->plot, err, sizeof err);
        chase_plot_failed(&code, prc, err);
    }
out:
    chase_session_close(&s);
    chase_curve_free(&curve);
    free(rows);
    return code;
}
