/* sweep.c: the working-set sweep, from the plan to the report.
 *
 * Data flows one way: plan -> backend samples -> per-point statistics ->
 * a row streamed to the output -> levels -> refinement points at the
 * bends -> levels again -> the SM spread -> report and plot.
 */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/exitcode.h"
#include "core/message.h"
#include "levels/levels.h"
#include "core/measure.h"
#include "core/plan.h"
#include "plot/plot.h"
#include "io/read.h"
#include "sweep/sweep_out.h"
#include "run/session.h"
#include "core/size.h"
#include "run/source.h"
#include "sms/sms.h"
#include "sweep/sweep.h"

int chase_list_backends(const struct chase_opts *o)
{
    struct chase_backend_slot slots[CHASE_MAX_SLOTS];
    int n = chase_backends_load(slots, CHASE_MAX_SLOTS, NULL), i;

    (void)o;
    printf("%-6s %-12s %-8s %s\n", "name", "status", "devices", "description");
    for (i = 0; i < n; i++) {
        const struct chase_backend_slot *s = &slots[i];
        if (s->ndevices > 0)
            printf("%-6s %-12s %-8d %s\n", s->name, "available", s->ndevices, s->ops->summary);
        else
            printf("%-6s %-12s %-8s %s\n", s->name, "unavailable", "-", s->why);
    }
    chase_backends_unload();
    return chase_stdout_done();
}

/* The whole sweep, sorted, written to the output again: a refined sweep
 * streams its rows in the order measured, and the finished file reads
 * best in order of size. */
static int rewrite_sorted(struct chase_session *s, const struct chase_curve *c, const struct chase_level *lv,
                          size_t nlv, const struct chase_sm_spread *sp, size_t nsp)
{
    struct chase_writer w;
    struct chase_cell cells[16];
    char saved[8];
    size_t i;
    int bad;

    if (chase_writer_open(&w, s->o->output, s->o->fmt))
        goto fail;
    bad = chase_writer_begin(&w, "sweep", &c->meta) || chase_writer_table(&w, &chase_points_table);
    for (i = 0; i < c->n && !bad; i++) {
        chase_point_cells(&c->rows[i], cells);
        bad = chase_writer_row(&w, cells);
    }
    bad = bad || chase_sweep_write_tail(&w, lv, nlv, sp, nsp) || chase_writer_end(&w, "complete");
    if (chase_writer_close(&w, !bad, saved, sizeof saved) || bad)
        goto fail;
    return 0;
fail:
    fprintf(stderr, "chase: %s\n", w.err);
    return CHASE_EXIT_FILE;
}

int chase_sweep_write_tail(struct chase_writer *w, const struct chase_level *lv, size_t nlv,
                           const struct chase_sm_spread *sp, size_t nsp)
{
    struct chase_cell cells[16];
    size_t i;

    if (chase_writer_table(w, &chase_levels_table))
        return -1;
    for (i = 0; i < nlv; i++) {
        chase_level_cells(&lv[i], cells);
        if (chase_writer_row(w, cells))
            return -1;
    }
    if (nsp)
        return chase_sms_write_spread(w, sp, nsp);
    return 0;
}

int chase_sweep(const struct chase_opts *o)
{
    struct chase_session s;
    struct chase_curve curve;
    struct chase_level levels[CHASE_MAX_LEVELS];
    struct chase_sm_spread spread[CHASE_MAX_LEVELS];
    struct chase_measure m;
    size_t nplan = 0, nlv = 0, nsp = 0;
    uint64_t *plan = NULL, stride, max, min;
    char err[CHASE_ERRLEN] = "", a[32], b[32];
    const char *status = "complete";
    int code, failed = 0;

    memset(&curve, 0, sizeof curve);
    /* Usage errors come before any device work. */
    if (o->min && o->max && o->min > o->max) {
        fprintf(stderr, "chase: --min %s is above --max %s\n", chase_size_format(o->min, a, sizeof a),
                chase_size_format(o->max, b, sizeof b));
        return CHASE_EXIT_USAGE;
    }
    if (o->stride && o->max && o->stride > o->max) {
        fprintf(stderr, "chase: stride %s is larger than the working set %s\n",
                chase_size_format(o->stride, a, sizeof a), chase_size_format(o->max, b, sizeof b));
        return CHASE_EXIT_USAGE;
    }
    code = chase_session_open(&s, o, NULL);
    if (code)
        goto out;

    stride = o->stride ? o->stride : s.info.default_stride ? s.info.default_stride : 64;
    max = o->max ? o->max : s.info.default_max;
    min = o->min ? o->min : stride > 1024 ? stride : 1024;
    if (min > max && !o->min)
        min = stride <= max ? stride : max;   /* a stride too large is the plan's to report */
    /* The plan checks what depends on the backend's defaults too. */
    if (chase_plan_make(min, max, o->steps, stride, &plan, &nplan, err, sizeof err)) {
        fprintf(stderr, "chase: %s\n", err);
        code = CHASE_EXIT_USAGE;
        goto out;
    }

    snprintf(curve.name, sizeof curve.name, "%s", s.slot->name);
    chase_session_describe(&s, "sweep");
    chase_meta_add(&s.meta, "pattern", "%s", o->pattern == CHASE_PATTERN_SEQ ? "sequential" : "random");
    chase_meta_num(&s.meta, "stride", (double)stride);
    chase_meta_num(&s.meta, "steps", o->steps);
    chase_meta_add(&s.meta, "refine", "bisection at each level's bend until its capacity interval is "
                   "1/32 octave wide or as narrow as the noise allows");
    chase_meta_num(&s.meta, "repeats", o->repeat);
    chase_meta_add(&s.meta, "settle", "more fresh chains while the median's standard error is above 0.5%%");
    if ((code = chase_session_output(&s, "sweep")))
        goto out;
    curve.meta = s.meta;    /* the driver's caches name the levels found on it */
    if (!s.human && (chase_writer_table(&s.w, &chase_points_table))) {
        code = chase_session_write_failed(&s);
        goto out;
    }

    memset(&m, 0, sizeof m);
    m.ops = s.ops;
    m.dev = s.dev;
    m.pattern = o->pattern;
    m.repeat = o->repeat;
    m.seed = o->seed;
    m.sm = -2;
    code = chase_curve_measure(&s, &m, plan, nplan, stride, 1, &curve, levels, &nlv, &failed);

    /* The spread between multiprocessors, at one size a level past L1. */
    if (!code && !failed && !chase_stop && s.info.pinnable && s.info.units > 1 && o->sm != -1) {
        code = chase_sms_spread(&s, &m, &curve, stride, levels, nlv, spread, &nsp);
        if (code)
            failed = 1;
    }
    chase_progress_done(&s);

    if (chase_stop) {
        status = "interrupted";
        code = chase_signal_exit();
        fprintf(stderr, "chase: stopped by %s after %zu points; they are kept\n", chase_signal_name(), curve.n);
    } else if (failed) {
        status = "failed";
    }
    chase_meta_num(&s.meta, "elapsed_s", floor(chase_session_elapsed(&s) * 100 + 0.5) / 100);
    curve.meta = s.meta;

    if (s.human) {
        chase_report_table(stdout, &curve);
        fputc('\n', stdout);
        chase_report_levels(stdout, &curve, levels, nlv, spread, nsp);
    } else {
        if (!s.w.failed && chase_sweep_write_tail(&s.w, levels, nlv, spread, nsp)) {
            code = chase_session_write_failed(&s);
            status = "failed";
        }
        if (!o->quiet && !s.w.failed)
            chase_report_levels(stderr, &curve, levels, nlv, spread, nsp);
    }
    {
        /* Refinement streams rows in the order measured; a finished file
         * is written again in order of size and put in place. */
        int to_file = !s.human && s.w.tmp[0], fc = chase_session_finish(&s, status);
        if (fc && !code)
            code = fc;
        if (!fc && to_file && curve.n > nplan && !strcmp(status, "complete") &&
            rewrite_sorted(&s, &curve, levels, nlv, spread, nsp) && !code)
            code = CHASE_EXIT_FILE;
    }
    if (o->plot && curve.n) {
        struct chase_plot_curve pc = {&curve, levels, nlv};
        int prc = chase_plot(&pc, 1, o, o->plot, err, sizeof err);
        chase_plot_failed(&code, prc, err);
    }
out:
    chase_session_close(&s);
    free(plan);
    chase_curve_free(&curve);
    return code;
}
