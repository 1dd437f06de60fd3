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
#include "run/run.h"
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

/* What a sweep keeps between its hooks; its curve and levels are the
 * run's (r->curve, r->lv). */
struct sweep_state {
    uint64_t *plan, stride;
    size_t nplan;
    struct chase_sm_spread spread[CHASE_MAX_LEVELS];
    size_t nsp;
    int to_file;                /* written to a regular file under a temporary name */
};

/* --sizes: each a SIZE, a multiple of the stride once it is known
 * (describe), at most CHASE_SIZES_MAX of them. */
#define CHASE_SIZES_MAX 256

static int parse_sizes(const char *text, uint64_t **out, size_t *n, char *why, size_t len)
{
    const char *p = text;
    uint64_t *v = calloc(CHASE_SIZES_MAX, sizeof *v);

    *n = 0;
    if (!v) {
        snprintf(why, len, "out of memory");
        return -1;
    }
    while (*p) {
        char one[64];
        size_t k = strcspn(p, ",");
        if (!k || k >= sizeof one || *n == CHASE_SIZES_MAX) {
            snprintf(why, len, "--sizes '%.60s': give up to %d sizes separated by commas", text, CHASE_SIZES_MAX);
            free(v);
            return -1;
        }
        memcpy(one, p, k);
        one[k] = 0;
        v[*n] = 0;
        if (chase_size_parse(one, &v[*n], why, len)) {
            char said[160];
            snprintf(said, sizeof said, "%s", why);
            snprintf(why, len, "--sizes: %s", said);
            free(v);
            return -1;
        }
        if (!v[*n]) {
            snprintf(why, len, "--sizes: '%s' is no working set", one);
            free(v);
            return -1;
        }
        (*n)++;
        p += k;
        if (*p == ',' && !*++p) {
            snprintf(why, len, "--sizes '%.60s' ends with a comma", text);
            free(v);
            return -1;
        }
    }
    if (!*n) {
        snprintf(why, len, "--sizes names no size");
        free(v);
        return -1;
    }
    *out = v;
    return 0;
}

static int by_size(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static int check(const struct chase_opts *o)
{
    char a[32], b[32];

    if (o->sizes) {
        char why[200];
        uint64_t *v;
        size_t n;
        if (o->min || o->max || o->steps_given) {
            fprintf(stderr, "chase: --sizes names the working sets; --min, --max and --steps make a grid of "
                    "them: give one or the other\n");
            return CHASE_EXIT_USAGE;
        }
        if (parse_sizes(o->sizes, &v, &n, why, sizeof why)) {
            fprintf(stderr, "chase: %s\n", why);
            return CHASE_EXIT_USAGE;
        }
        free(v);
    }

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
    return 0;
}

/* With --sizes the device is opened with room for the largest size
 * rounded up as describe() rounds it: to the stride given, else to 64 KiB
 * (a multiple of every stride a backend defaults to, all powers of two of
 * at most that), not the backend's default working set: a host target
 * pinned that (1 GiB) for a sweep of 13 MiB, 0.6 s of a run's 1.1 s on an
 * H100 (bench/NOTES.md).  (No more than that: the constant array holds 64
 * KiB exactly.)  Without --sizes, the session's defaults. */
#define SIZES_ROUND (64u << 10)

static int params(struct chase_run *r, struct chase_params *p)
{
    const struct chase_opts *o = r->o;
    uint64_t *v, most = 0, unit = o->stride ? o->stride : SIZES_ROUND;
    size_t n, i;
    char why[200];

    if (!o->sizes || parse_sizes(o->sizes, &v, &n, why, sizeof why))
        return CHASE_PARAMS_DEFAULT;    /* (check() refused a bad list already) */
    for (i = 0; i < n; i++)
        if (v[i] > most)
            most = v[i];
    free(v);
    if (most > UINT64_MAX - (unit - 1))
        return CHASE_PARAMS_DEFAULT;    /* describe() says the size is past reach */
    p->max_bytes = (most + unit - 1) / unit * unit;
    p->carveout = o->carveout;
    p->sm = o->sm;
    p->no_warm = o->no_warm;
    p->stride = o->stride;
    p->pattern = o->pattern;
    return 0;
}

/* The plan (what depends on the backend's defaults is checked there too),
 * then the metadata. */
static int describe(struct chase_run *r)
{
    struct sweep_state *st = r->state;
    const struct chase_opts *o = r->o;
    struct chase_meta *meta = &r->s.meta;
    char err[CHASE_ERRLEN] = "";
    uint64_t max, min;

    st->stride = o->stride ? o->stride : r->s.info.default_stride ? r->s.info.default_stride : 64;
    max = o->max ? o->max : r->s.info.default_max;
    min = o->min ? o->min : st->stride > 1024 ? st->stride : 1024;
    if (min > max && !o->min)
        min = st->stride <= max ? st->stride : max;   /* a stride too large is the plan's to report */
    if (o->sizes) {
        /* Each a multiple of the stride (rounded up), in order, once. */
        size_t i, k = 0;
        if (parse_sizes(o->sizes, &st->plan, &st->nplan, err, sizeof err))
            return CHASE_EXIT_USAGE;
        for (i = 0; i < st->nplan; i++) {
            if (st->plan[i] > UINT64_MAX - st->stride) {
                fprintf(stderr, "chase: --sizes: a size past what a stride of %llu B can reach\n",
                        (unsigned long long)st->stride);
                return CHASE_EXIT_USAGE;
            }
            st->plan[i] = (st->plan[i] + st->stride - 1) / st->stride * st->stride;
        }
        qsort(st->plan, st->nplan, sizeof *st->plan, by_size);
        for (i = 0; i < st->nplan; i++)
            if (!k || st->plan[i] != st->plan[k - 1])
                st->plan[k++] = st->plan[i];
        st->nplan = k;
    } else if (chase_plan_make(min, max, o->steps, st->stride, &st->plan, &st->nplan, err, sizeof err)) {
        fprintf(stderr, "chase: %s\n", err);
        return CHASE_EXIT_USAGE;
    }
    snprintf(r->curve.name, sizeof r->curve.name, "%s", r->s.slot->name);
    {
        struct chase_measure order;
        memset(&order, 0, sizeof order);
        chase_meta_add(meta, "pattern", "%s", chase_sweep_order(o, &order));
    }
    chase_meta_num(meta, "stride", (double)st->stride);
    if (o->sizes) {
        chase_meta_add(meta, "sizes", "as given (--sizes), rounded up to the stride: no grid, no refinement, no "
                       "spread between multiprocessors");
    } else {
        chase_meta_num(meta, "steps", o->steps);
        chase_meta_add(meta, "refine", "bisection at each level's bend until its capacity interval is "
                       "1/32 octave wide or as narrow as the noise allows");
    }
    chase_meta_num(meta, "repeats", o->repeat);
    chase_meta_add(meta, "settle", "more fresh chains while the median's standard error is above 0.5%%");
    return 0;
}

/* The curve's rows, in order of size, into the points table begun before
 * measuring (standard output). */
static int sorted_rows(struct chase_session *s, const struct chase_curve *c)
{
    size_t i;

    for (i = 0; i < c->n; i++)
        if (chase_writer_put(&s->w, &c->rows[i]))
            return -1;
    return 0;
}

static int measure(struct chase_run *r)
{
    struct sweep_state *st = r->state;
    struct chase_session *s = &r->s;
    const struct chase_opts *o = r->o;
    struct chase_measure m;
    int code;

    st->to_file = !s->human && s->w.tmp[0];
    /* The driver's caches name the levels found on it. */
    if (chase_meta_copy(&r->curve.meta, &s->meta)) {
        chase_error("out of memory");
        return CHASE_EXIT_FAIL;
    }
    if (!s->human && chase_writer_table(&s->w, &chase_points_table))
        return chase_session_write_failed(s);
    memset(&m, 0, sizeof m);
    m.ops = s->ops;
    m.dev = s->dev;
    (void)chase_sweep_order(o, &m);
    m.repeat = o->repeat;
    m.seed = o->seed;
    m.sm = -2;
    /* Rows stream to a file as they are measured (a .partial keeps them if
     * the run stops) and the finished file is written again in order of
     * size.  Standard output cannot be rewritten: it gets the rows once,
     * in order of size, when the measuring is over (refinement points would
     * otherwise follow the first pass, and `with lines` zig-zags). */
    code = chase_curve_measure(s, &m, st->plan, st->nplan, st->stride, st->to_file || s->human, !o->sizes, &r->curve,
                               r->lv,
                               &r->nlv, &r->failed);
    if (!st->to_file && !s->human && sorted_rows(s, &r->curve))
        code = code ? code : chase_session_write_failed(s);
    r->kept = r->curve.n;
    /* A refined file is written again in order of size (finished). */
    r->aside = st->to_file && r->curve.n > st->nplan;
    /* The spread between multiprocessors, at one size a level past L1. */
    if (!code && !r->failed && !chase_stop && s->info.pinnable && s->info.units > 1 && o->sm != -1 && !o->sizes) {
        code = chase_sms_spread(s, &m, &r->curve, st->stride, r->lv, r->nlv, st->spread, &st->nsp);
        if (code)
            r->failed = 1;
    }
    return code;
}

static int write_tables(struct chase_writer *w, struct chase_run *r)
{
    const struct sweep_state *st = r->state;
    return chase_sweep_write_tail(w, r->lv, r->nlv, st->spread, st->nsp);
}

/* At a terminal: the table and the levels on stdout; else the levels on
 * stderr, once the file holds them. */
static void report(FILE *f, struct chase_run *r)
{
    const struct sweep_state *st = r->state;

    /* At a terminal the levels are what a reader wants; the curve's
     * hundred-odd rows scrolled them away (-v shows them, -o keeps them). */
    if (r->s.human && r->o->verbose) {
        chase_report_table(f, &r->curve);
        fputc('\n', f);
    } else if (r->s.human) {
        fprintf(f, "%zu points measured (-v lists them here; -o FILE keeps them)\n\n", r->curve.n);
    } else if (r->s.w.failed) {
        return;
    }
    chase_report_levels(f, &r->curve, r->lv, r->nlv, st->spread, st->nsp);
}

/* Refinement streams rows in the order measured; a finished file is
 * written again in order of size and put in place.  The streamed file was
 * set aside complete (r->aside): nothing replaces an older file before a
 * complete one is on the disk; if the sorted one cannot be written, the
 * streamed one is kept as PATH.partial and PATH stays as it was. */
static int finished(struct chase_run *r)
{
    const struct chase_curve *c = &r->curve;
    struct chase_session *s = &r->s;
    struct chase_writer w;
    char aside[sizeof s->w.tmp], partial[4200];
    int bad;

    if (!r->aside)
        return 0;
    memcpy(aside, s->w.tmp, sizeof aside);
    if (chase_writer_open(&w, r->o->output, r->o->fmt))
        goto fail;
    w.only = r->o->table;
    bad = chase_writer_begin(&w, "sweep", &c->meta) || chase_writer_curve(&w, &chase_points_table, c) ||
          write_tables(&w, r) || chase_writer_results(&w, &r->results) || chase_writer_end(&w, "complete");
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
                partial, r->o->output);
    else
        unlink(aside);
    return CHASE_EXIT_FILE;
}

static int plot(struct chase_run *r, const char *out, char *err, size_t len)
{
    struct chase_plot_curve pc = {&r->curve, r->lv, r->nlv};

    if (!r->curve.n)
        return CHASE_PLOT_NOTHING;
    return chase_plot(&pc, 1, r->o, out, err, len);
}

static void release(struct chase_run *r)
{
    struct sweep_state *st = r->state;
    if (st)
        free(st->plan);
}

/* Its data tables, in the order written (--table). */
static const char *const sweep_tables[] = {"points", NULL};

const struct chase_measurement chase_sweep_measurement = {
    .kind = "sweep",
    .summary = "latency against working-set size, and the levels",
    .flags = CHASE_M_STREAM | CHASE_M_REPORT,
    .state_size = sizeof(struct sweep_state),
    .options = CHASE_G_DEVICE | CHASE_G_CACHE_OP | CHASE_G_MEMORY | CHASE_G_ALLOC | CHASE_G_RANGE | CHASE_G_SWEEP |
               CHASE_G_FORMAT | CHASE_G_OUTPUT | CHASE_G_PLOT | CHASE_G_STYLE | CHASE_G_CURVE,
    .tables = sweep_tables,
    .unit = "point",
    .check = check,
    .params = params,
    .describe = describe,
    .measure = measure,
    .write = write_tables,
    .report = report,
    .finished = finished,
    .plot = plot,
    .free = release,
    .markdown = chase_sweep_markdown,
    .headline = chase_sweep_headline,
};
