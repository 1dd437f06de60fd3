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
#include <unistd.h>

#include "core/exitcode.h"
#include "core/message.h"
#include "levels/levels.h"
#include "core/measure.h"
#include "core/plan.h"
#include "plot/plot.h"
#include "io/read.h"
#include "sweep/sweep_out.h"
#include "core/session.h"
#include "core/size.h"
#include "sms/sms.h"
#include "sweep/sweep.h"

#define REFINE_ROUNDS 16        /* bisection rounds at most (each halves the gaps) */
#define REFINE_POINTS 64        /* new points a round at most */
#define REFINE_OCTAVES (1.0 / 32)

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

static int by_bytes(const void *a, const void *b)
{
    const struct chase_row *x = a, *y = b;
    /* Ties broken by the latency: qsort is not stable (glibc's changed
     * algorithm in 2.37), and the levels must not depend on which C
     * library ordered rows of one size. */
    if (x->bytes != y->bytes)
        return x->bytes < y->bytes ? -1 : 1;
    return (x->cycles > y->cycles) - (x->cycles < y->cycles);
}

/* The whole sweep, sorted, written to the output again and put in place:
 * a refined sweep streams its rows in the order measured (to the file
 * aside names, set aside complete), and the finished file reads best in
 * order of size.  Nothing replaces an older file before a complete one
 * is on the disk: the streamed file goes once the sorted one is in place;
 * if that cannot be written, the streamed one is kept as PATH.partial and
 * PATH stays as it was. */
static int rewrite_sorted(struct chase_session *s, const char *aside, const struct chase_curve *c,
                          const struct chase_level *lv, size_t nlv, const struct chase_sm_spread *sp, size_t nsp)
{
    struct chase_writer w;
    struct chase_cell cells[16];
    char partial[4200];
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
    if (chase_writer_close(&w, !bad, NULL, 0) || bad)
        goto fail;
    unlink(aside);
    return 0;
fail:
    fprintf(stderr, "chase: %s\n", w.err);
    /* Over the sorted file's own partial rows: the streamed file holds them all. */
    snprintf(partial, sizeof partial, "%s.partial", s->w.dest);
    if (!rename(aside, partial))
        fprintf(stderr, "chase: the rows measured are in '%s', in the order measured; '%s' was left as it was\n",
                partial, s->o->output);
    else
        unlink(aside);
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

/* Measures sizes[0 .. n) into the curve and the output; returns 0, a
 * signal's stop (the caller sees chase_stop) or an exit status. */
static int measure_sizes(struct chase_session *s, const struct chase_measure *m, struct chase_curve *c,
                         const uint64_t *sizes, size_t n, uint64_t stride, const char *what, int *failed)
{
    char err[CHASE_ERRLEN], a[32], detail[64];
    struct chase_cell cells[8];
    size_t i;

    for (i = 0; i < n && !chase_stop; i++) {
        struct chase_row row;
        int rc = chase_measure_point(m, sizes[i], stride, &row, err, sizeof err);
        if (rc == CHASE_EINTR || chase_stop)
            break;
        if (rc != CHASE_OK) {
            chase_progress_done(s);
            fprintf(stderr, "chase: %s at %s: %s\n", s->slot->name, chase_size_format(sizes[i], a, sizeof a), err);
            *failed = 1;
            return chase_exit_for(rc);
        }
        if (chase_curve_push(c, &row)) {
            fprintf(stderr, "chase: out of memory\n");
            *failed = 1;
            return CHASE_EXIT_FAIL;
        }
        if (!s->human) {
            chase_point_cells(&row, cells);
            if (chase_writer_row(&s->w, cells)) {
                *failed = 1;
                return chase_session_write_failed(s);
            }
        }
        snprintf(detail, sizeof detail, "%10s %8.1f cyc", chase_size_format(row.bytes, a, sizeof a), row.cycles);
        chase_progress(s, what, i + 1, n, detail);
        if (s->o->verbose && !s->progress)
            fprintf(stderr, "chase: %s: %.2f cycles, %u samples\n", a, row.cycles, row.samples);
    }
    return 0;
}

int chase_sweep_measure(struct chase_session *s, const struct chase_measure *m, const uint64_t *plan, size_t nplan,
                        uint64_t stride, int stream, struct chase_curve *c, struct chase_level *lv, size_t *nlv,
                        int *failed)
{
    size_t round;
    int code, human = s->human;

    if (!stream)
        s->human = 1;   /* measure_sizes writes rows only when not */
    code = measure_sizes(s, m, c, plan, nplan, stride, "sweep", failed);
    /* Refinement: bisect the bends until the intervals are narrow. */
    for (round = 0; !code && !*failed && !chase_stop && round < REFINE_ROUNDS; round++) {
        uint64_t more[REFINE_POINTS];
        size_t nmore;
        qsort(c->rows, c->n, sizeof *c->rows, by_bytes);
        *nlv = chase_levels_find(c, lv, CHASE_MAX_LEVELS);
        nmore = chase_levels_refine(c, lv, *nlv, stride, REFINE_OCTAVES, more, REFINE_POINTS);
        if (!nmore)
            break;
        code = measure_sizes(s, m, c, more, nmore, stride, "refine", failed);
    }
    s->human = human;
    qsort(c->rows, c->n, sizeof *c->rows, by_bytes);
    *nlv = chase_levels_find(c, lv, CHASE_MAX_LEVELS);
    return code;
}

int chase_sweep_levels(struct chase_session *s, struct chase_curve *c, struct chase_level *lv, size_t *nlv)
{
    const struct chase_opts *o = s->o;
    char err[CHASE_ERRLEN];
    int code = 0, failed = 0;

    memset(c, 0, sizeof *c);
    *nlv = 0;
    if (o->from) {
        char path[4096];
        if (chase_data_resolve(o->from, path, sizeof path)) {
            chase_error("cannot read '%s': no such file or reference curve", o->from);
            return CHASE_EXIT_FILE;
        }
        if (chase_curve_read(path, c, err, sizeof err)) {
            chase_error("%s", err);     /* it quotes the file */
            return CHASE_EXIT_FILE;
        }
        *nlv = chase_levels_find(c, lv, CHASE_MAX_LEVELS);
        return 0;
    } else {
        struct chase_measure m;
        uint64_t *plan = NULL, stride = s->info.default_stride ? s->info.default_stride : 64;
        uint64_t max = s->info.default_max, min = stride > 1024 ? stride : 1024;
        size_t nplan = 0;

        if (chase_plan_make(min, max, 8, stride, &plan, &nplan, err, sizeof err)) {
            fprintf(stderr, "chase: %s\n", err);
            return CHASE_EXIT_USAGE;
        }
        memset(&m, 0, sizeof m);
        m.ops = s->ops;
        m.dev = s->dev;
        m.pattern = CHASE_PATTERN_RANDOM;
        m.repeat = 1;
        m.seed = o->seed;
        m.sm = -2;
        if (chase_meta_copy(&c->meta, &s->meta)) {
            free(plan);
            fprintf(stderr, "chase: out of memory\n");
            return CHASE_EXIT_FAIL;
        }
        code = chase_sweep_measure(s, &m, plan, nplan, stride, 0, c, lv, nlv, &failed);
        free(plan);
    }
    return code ? code : chase_stop ? chase_signal_exit() : 0;
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
    /* The driver's caches name the levels found on it. */
    if (chase_meta_copy(&curve.meta, &s.meta)) {
        fprintf(stderr, "chase: out of memory\n");
        code = CHASE_EXIT_FAIL;
        goto out;
    }
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
    code = chase_sweep_measure(&s, &m, plan, nplan, stride, 1, &curve, levels, &nlv, &failed);

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
    if (chase_meta_copy(&curve.meta, &s.meta) && !code) {
        /* The curve keeps the metadata it had, elapsed_s aside. */
        fprintf(stderr, "chase: out of memory\n");
        code = CHASE_EXIT_FAIL;
    }

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
         * is written again in order of size and put in place, the streamed
         * one set aside until then. */
        int resort = !s.human && s.w.tmp[0] && curve.n > nplan && !strcmp(status, "complete");
        int fc = resort ? chase_session_finish_aside(&s, status) : chase_session_finish(&s, status);
        char aside[sizeof s.w.tmp];
        if (fc && !code)
            code = fc;
        if (!fc && resort) {
            memcpy(aside, s.w.tmp, sizeof aside);
            if (rewrite_sorted(&s, aside, &curve, levels, nlv, spread, nsp) && !code)
                code = CHASE_EXIT_FILE;
        }
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
