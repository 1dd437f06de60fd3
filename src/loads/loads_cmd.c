/* loads_cmd.c: chase loads: the levels (from --from FILE or a sweep run
 * first), a working set on each level's plateau, the rows measured through
 * the backend's loads and shared hooks, the data file, the report and the
 * plot. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bounds.h"
#include "core/exitcode.h"
#include "loads/loads.h"
#include "levels/plateau.h"
#include "run/run.h"
#include "core/size.h"
#include "run/source.h"

#define ROWS_A_LEVEL 4      /* b32, b64, b128 with the whole warp; b64 with one lane */

/* A working set's level: where its plateau runs, what the sweep read on it. */
struct target {
    char name[16];
    uint64_t first, last, cap;
    double sweep;
};

static const unsigned widths[] = {4, 8, 16};

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static int usage(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "chase: loads: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'chase --help' for more information.\n");
    return CHASE_EXIT_USAGE;
}

/* The levels' targets (or the one --bytes names), filtered by --level. */
static int targets(struct chase_run *r, uint64_t alloc, struct target *tg, size_t *ntg)
{
    const struct chase_opts *o = r->o;
    struct chase_session *s = &r->s;
    struct chase_curve *curve = &r->curve;
    struct chase_level *lv = r->lv;
    size_t i;
    int code;

    *ntg = 0;
    if (o->level && !strcmp(o->level, "shared"))
        return 0;
    if (o->bytes && !o->from) {
        snprintf(tg[0].name, sizeof tg[0].name, "bytes");
        tg[0].first = tg[0].last = tg[0].cap = o->bytes;
        tg[0].sweep = NAN;
        *ntg = 1;
        chase_meta_add(&s->meta, "levels_from", "none: the working set is --bytes");
        return 0;
    }
    if ((code = chase_levels_source(o, s, curve, lv, &r->nlv)))
        return code;
    chase_meta_add(&s->meta, "levels_from", "%s", o->from ? o->from : "a default sweep run first");
    if (!r->nlv) {
        fprintf(stderr, "chase: loads: the sweep%s shows no level to measure at\n", o->from ? " file" : "");
        return CHASE_EXIT_FAIL;
    }
    if (o->bytes) {
        /* The user's working set, named after the plateau it lies on. */
        snprintf(tg[0].name, sizeof tg[0].name, "bytes");
        tg[0].first = tg[0].last = tg[0].cap = o->bytes;
        tg[0].sweep = NAN;
        for (i = 0; i < r->nlv; i++)
            if (o->bytes >= chase_plateau_first(curve, &lv[i]) && o->bytes <= chase_plateau_last(curve, &lv[i])) {
                snprintf(tg[0].name, sizeof tg[0].name, "%.15s", lv[i].name);
                tg[0].sweep = lv[i].cycles;
            }
        *ntg = 1;
        return 0;
    }
    for (i = 0; i < r->nlv; i++) {
        struct target *t = &tg[*ntg];
        if (o->level && strcmp(o->level, lv[i].name))
            continue;
        snprintf(t->name, sizeof t->name, "%.15s", lv[i].name);
        t->first = chase_plateau_first(curve, &lv[i]);
        t->last = chase_plateau_last(curve, &lv[i]);
        t->cap = lv[i].hi && lv[i].lo < alloc ? lv[i].lo : alloc;
        t->sweep = lv[i].cycles;
        (*ntg)++;
    }
    if (o->level && !*ntg) {
        char names[256] = "";
        size_t used = 0;
        for (i = 0; i < r->nlv && used < sizeof names - 40; i++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s, ", lv[i].name);
        fprintf(stderr, "chase: loads: no level '%s' (the levels: %sshared)\n", o->level, names);
        return CHASE_EXIT_USAGE;
    }
    return 0;
}

static void describe(struct chase_session *s, unsigned hw, unsigned max_warps, uint64_t line)
{
    const struct chase_opts *o = s->o;
    char a[32];

    chase_meta_add(&s->meta, "pattern", "random: the working set's blocks in one random cycle; a burst's N "
                   "loads read N blocks at N cursors spaced evenly round it");
    chase_meta_add(&s->meta, "widths", "4 8 16 (bytes a lane loads: b32, b64, b128)");
    chase_meta_num(&s->meta, "lanes", hw);
    if (o->lane_stride)
        chase_meta_num(&s->meta, "lane_stride", (double)o->lane_stride);
    else
        chase_meta_add(&s->meta, "lane_stride", "the width: the warp's lanes read consecutive addresses "
                       "(coalesced)");
    chase_meta_add(&s->meta, "block", "lanes x lane_stride bytes, a power of two; every lane's first word holds "
                   "the next block's index");
    chase_meta_add(&s->meta, "single_lane", "one lane's 8-byte loads over blocks of %s, as the sweep's chain "
                   "reads them", chase_size_format(line, a, sizeof a));
    chase_meta_add(&s->meta, "bursts", "1 2 4 8 11 16 24 32 (N independent loads, then one XOR of their words "
                   "that waits for them all, then the clock); shared memory: the powers of two the shared hook "
                   "times (the GPUs' kernels: b32 to 32, b64 to 16, b128 to 8); an N not measured has no row in "
                   "the convergence table and no figure is taken from it (the row's note says where its bursts end)");
    chase_meta_add(&s->meta, "latency", "T(1): cycles from the first clock read to the use of one load's "
                   "result; removed: the clock reads' own cost, from a dry run of the same code without the load "
                   "(its XOR reading a register already there); kept: the dependent XOR's own cycles; latency is the median of "
                   "T(1)'s samples, latency_mean their mean (a sweep's figure is a chain's mean: where single loads "
                   "spread widely, as DRAM's do, compare it with latency_mean)");
    chase_meta_add(&s->meta, "issue", "(T(N) - T(1)) / (N - 1) at the smallest N from which every larger N's "
                   "figure lies within %g%% or %g cycles of it: the slope of the measured points T(1) and T(N), N "
                   "the n column (settled = 0: none did, and N is the largest measured; no figure where "
                   "T(N) <= T(1): the level's noise exceeds the issue)",
                   CHASE_LOADS_SETTLE_REL * 100, CHASE_LOADS_SETTLE_ABS);
    chase_meta_add(&s->meta, "sm", "%u warps of one block (the most a block holds: the driver's %u threads "
                   "over %u lanes), each keeping up to %u loads in flight; cycles per warp load: the span from the "
                   "earliest warp's first clock read to the latest one's last (one SM, one clock), less the same "
                   "span without loads, over every warp's loads",
                   max_warps, s->info.block_threads, hw, CHASE_LOADS_BLOCK_BURST);
    chase_meta_add(&s->meta, "bytes_per_cycle", "lanes x width / cycles: the bytes the lanes asked for, not "
                   "the sectors moved");
    chase_meta_add(&s->meta, "working_set", "the middle of each level's plateau in log size, raised to hold "
                   "32 blocks and the block measurement's blocks where the plateau allows");
}

/* A bound's metadata line: its value and where it comes from, or none. */
static void describe_bound(struct chase_session *s, const char *key, const struct chase_bound *b)
{
    if (isfinite(b->value))
        chase_meta_add(&s->meta, key, "%g %s (%s); a row past it by more than %g%% is flagged in its note and the "
                       "run exits %d", b->value, b->unit, b->from, CHASE_BOUND_SLACK * 100, CHASE_EXIT_BOUND);
    else
        chase_meta_add(&s->meta, key, "not checked: %s", b->from);
}

/* What a run of loads keeps between its hooks. */
struct loads_state {
    struct target tg[CHASE_MAX_LEVELS];
    size_t ntg;
    struct chase_loads_row *rows;
    size_t nrows, total;
    uint64_t line;
    unsigned hw, max_warps;
    int want_shared;
    /* What no figure may pass: bytes a clock an SM from shared memory and
     * through the L1 (one warp's figure, and the SM's), lanes a warp. */
    struct chase_bound shared, l1, lanes;
};

static int check(const struct chase_opts *o)
{
    char a[32];

    if (o->lane_stride && ((o->lane_stride & (o->lane_stride - 1)) || o->lane_stride < 4 ||
                           o->lane_stride > CHASE_MAX_LANE_STRIDE))
        return usage("--lane-stride must be a power of two from 4 bytes to %s",
                     chase_size_format(CHASE_MAX_LANE_STRIDE, a, sizeof a));
    if (o->bytes && o->level)
        return usage("--bytes and --level both choose the working set: give one");
    return 0;
}

static int params(struct chase_run *r, struct chase_params *p)
{
    p->carveout = r->o->carveout;
    p->sm = r->o->sm;
    p->pattern = CHASE_PATTERN_RANDOM;
    p->max_bytes = r->o->bytes;     /* 0: the backend's default, which holds every level a sweep finds */
    return 0;
}

static int supported(struct chase_run *r)
{
    const struct chase_session *s = &r->s;
    char why[CHASE_ERRLEN] = "";

    /* The backend says whether it can, and if not, why (chase_backend.h's
     * query); no hook at all says only that it cannot. */
    if (!s->ops->loads || s->ops->loads(s->dev, NULL, NULL, why, sizeof why) != CHASE_OK) {
        fprintf(stderr, "chase: loads: the %s backend cannot time warp-wide loads%s%s\n", s->slot->name,
                why[0] ? ": " : "", why);
        return CHASE_EXIT_UNSUPPORTED;
    }
    if (!s->info.lanes || s->info.lanes > CHASE_MAX_LANES) {
        fprintf(stderr, "chase: loads: the %s backend does not say how many lanes a warp has\n", s->slot->name);
        return CHASE_EXIT_UNSUPPORTED;
    }
    return 0;
}

/* The metadata, then the levels and the working sets (levels_from is the
 * last metadata line). */
static int describe_run(struct chase_run *r)
{
    struct loads_state *st = r->state;
    struct chase_session *s = &r->s;
    uint64_t alloc;
    int code;

    st->hw = s->info.lanes;
    st->line = s->info.default_stride ? s->info.default_stride : 128;
    st->max_warps = s->info.block_threads >= st->hw ? s->info.block_threads / st->hw : 1;
    alloc = s->params.max_bytes ? s->params.max_bytes : s->info.default_max;
    describe(s, st->hw, st->max_warps, st->line);
    chase_bound_from_facts(&s->info, CHASE_BOUND_SHARED, "B/clk/SM", &st->shared);
    chase_bound_from_facts(&s->info, CHASE_BOUND_L1, "B/clk/SM", &st->l1);
    chase_bound_set(&st->lanes, st->hw, "lanes", "the driver's warp size");
    describe_bound(s, "bound_shared", &st->shared);
    describe_bound(s, "bound_global", &st->l1);
    if ((code = targets(r, alloc, st->tg, &st->ntg)))
        return code;
    st->want_shared = !r->o->bytes && (!r->o->level || !strcmp(r->o->level, "shared"));
    st->total = st->ntg * ROWS_A_LEVEL + (st->want_shared ? 3 : 0);
    st->rows = calloc(st->total + 1, sizeof *st->rows);
    if (!st->rows) {
        fprintf(stderr, "chase: out of memory\n");
        return CHASE_EXIT_FAIL;
    }
    return 0;
}

/* One row of a level: width and lanes from its index j (b32, b64, b128
 * with the whole warp; b64 with one lane).  0 or an exit status. */
static int level_row(struct chase_run *r, const struct target *t, unsigned j, struct chase_loads_row *row)
{
    struct loads_state *st = r->state;
    struct chase_session *s = &r->s;
    const struct chase_opts *o = r->o;
    struct chase_loads_plan plan;
    unsigned width = j < 3 ? widths[j] : 8, lanes = j < 3 ? st->hw : 1;
    uint64_t ls = j < 3 ? (o->lane_stride ? o->lane_stride : width) : st->line;
    uint64_t block = chase_loads_block_bytes(lanes, ls);
    char err[CHASE_ERRLEN], a[32];
    int rc;

    memset(row, 0, sizeof *row);
    snprintf(row->level, sizeof row->level, "%.15s", t->name);
    row->width = width;
    row->lanes = lanes;
    row->lane_stride = ls;
    row->block = block;
    row->latency = row->issue = row->sweep = NAN;
    if (ls < width) {
        snprintf(row->note, sizeof row->note, "not measured: the lane stride (%llu B) is below the width",
                 (unsigned long long)ls);
    } else if (chase_loads_plan_row(t->first, t->last, t->cap, block, lanes > 1 ? st->max_warps : 0,
                                    CHASE_LOADS_BLOCK_BURST, &plan, err, sizeof err)) {
        snprintf(row->note, sizeof row->note, "not measured: %.140s", err);
    } else {
        uint64_t seed = o->seed * 0x100000001b3ULL + plan.bytes * 31 + width * 7 + lanes;
        snprintf(err, sizeof err, "%.15s %s b%u", t->name, chase_size_format(plan.bytes, a, sizeof a), width * 8);
        chase_progress(s, "loads", st->nrows, st->total, err);
        rc = chase_loads_measure(s->ops, s->dev, &plan, width, lanes, ls, seed, &chase_stop, row, err, sizeof err);
        if (rc == CHASE_EINTR || chase_stop)
            return -1;
        if (rc == CHASE_EINVAL) {
            snprintf(row->note, sizeof row->note, "not measured: %.140s", err);
        } else if (rc != CHASE_OK) {
            chase_progress_done(s);
            fprintf(stderr, "chase: %s: loads at %s: %s\n", s->slot->name, t->name, err);
            return chase_exit_for(rc);
        } else if (plan.nbursts < CHASE_LOADS_NS) {
            snprintf(row->note, sizeof row->note, "the level holds %llu blocks of %llu B: bursts up to %u",
                     (unsigned long long)(plan.bytes / block), (unsigned long long)block,
                     chase_loads_n[plan.nbursts - 1]);
        }
    }
    row->sweep = t->sweep;
    return 0;
}

/* Shared memory's row at width index j.  0, -1 (stopped) or an exit status. */
static int shared_row(struct chase_run *r, unsigned j, struct chase_loads_row *row)
{
    struct loads_state *st = r->state;
    struct chase_session *s = &r->s;
    char err[CHASE_ERRLEN];

    memset(row, 0, sizeof *row);
    if (s->ops->shared) {
        int rc;
        chase_progress(s, "loads", st->nrows, st->total, "shared");
        rc = chase_loads_measure_shared(s->ops, s->dev, widths[j], st->hw, st->max_warps, CHASE_LOADS_BLOCK_BURST,
                                        &chase_stop, row, err, sizeof err);
        if (rc == CHASE_EINTR || chase_stop)
            return -1;
        if (rc != CHASE_OK && rc != CHASE_EINVAL && rc != CHASE_ENOTSUP) {
            chase_progress_done(s);
            fprintf(stderr, "chase: %s: shared memory loads: %s\n", s->slot->name, err);
            return chase_exit_for(rc);
        }
        if (rc != CHASE_OK) {
            row->latency = row->issue = NAN;
            snprintf(row->note, sizeof row->note, "not measured: %.140s", err);
        }
    } else {
        row->latency = row->issue = row->latency_ns = row->latency_mean = row->bpc_warp = row->sm_cycles =
            row->bpc_sm = NAN;
        row->shared = 1;
        row->width = widths[j];
        row->lanes = st->hw;
        row->lane_stride = widths[j];
        row->bytes = row->block = (uint64_t)st->hw * widths[j];
        snprintf(row->note, sizeof row->note, "not measured: the %s backend has no shared-memory hook",
                 s->slot->name);
    }
    snprintf(row->level, sizeof row->level, "shared");
    row->sweep = NAN;
    return 0;
}

/* A row's figures against the bounds: a figure past one is a fault of
 * the measurement, said on stderr and in the row's note (the run then
 * exits CHASE_EXIT_BOUND).  Returns whether one was. */
static int check_bounds(struct chase_run *r, struct chase_loads_row *row)
{
    struct loads_state *st = r->state;
    const struct chase_bound *b = row->shared ? &st->shared : &st->l1;
    char what[64], name[32], msg[400];
    int past = 0, i;

    snprintf(name, sizeof name, "%s b%u x%u", row->level, row->width * 8, row->lanes);
    for (i = 0; i < 3; i++) {
        size_t n = strlen(row->note);
        if (i == 0)
            snprintf(what, sizeof what, "%s, one warp's bytes a clock", name);
        else if (i == 1)
            snprintf(what, sizeof what, "%s, the SM's bytes a clock", name);
        else
            snprintf(what, sizeof what, "%s, lanes served", name);
        if (!chase_bound_past(i == 2 ? &st->lanes : b, i == 0 ? row->bpc_warp : i == 1 ? row->bpc_sm : row->lanes,
                              what, msg, sizeof msg))
            continue;
        past = 1;
        chase_progress_done(&r->s);
        fprintf(stderr, "chase: loads: PAST A PHYSICAL BOUND: %s; a fault of the measurement, not a property of "
                "the device\n", msg);
        snprintf(row->note + n, sizeof row->note - n, "%sPAST BOUND: %s", n ? "; " : "", msg + strlen(name) + 2);
    }
    return past;
}

/* Every row, each streamed as it is measured. */
static int measure(struct chase_run *r)
{
    struct loads_state *st = r->state;
    struct chase_session *s = &r->s;
    size_t i;
    unsigned j;
    int rc = 0;

    if (!s->human && chase_writer_table(&s->w, &chase_loads_table))
        return chase_session_write_failed(s);
    for (i = 0; i < st->ntg + (st->want_shared ? 1 : 0) && !rc && !chase_stop; i++) {
        unsigned n = i < st->ntg ? ROWS_A_LEVEL : 3;
        for (j = 0; j < n && !rc && !chase_stop; j++) {
            struct chase_loads_row *row = &st->rows[st->nrows];
            rc = i < st->ntg ? level_row(r, &st->tg[i], j, row) : shared_row(r, j, row);
            if (rc)
                break;
            if (check_bounds(r, row))
                r->past_bound = 1;
            r->kept = ++st->nrows;
            if (!s->human && chase_loads_write_row(&s->w, row))
                rc = chase_session_write_failed(s);
        }
    }
    if (rc > 0 || chase_stop)
        return rc < 0 ? 0 : rc;
    /* A run whose every row was refused measured nothing: that is no
     * result (--bytes 1, a lane stride past every level). */
    for (i = 0; i < st->nrows; i++)
        if (strncmp(st->rows[i].note, "not measured", 12))
            return 0;
    fprintf(stderr, "chase: loads: nothing was measured: every row was refused (the rows' notes say why)\n");
    r->failed = 1;
    return CHASE_EXIT_FAIL;
}

static void results(struct chase_run *r, struct chase_meta *res)
{
    const struct loads_state *st = r->state;
    chase_meta_num(res, "rows", (double)st->nrows);
}

static int write_tables(struct chase_writer *w, struct chase_run *r)
{
    const struct loads_state *st = r->state;
    return chase_loads_write_conv(w, st->rows, st->nrows);
}

static void report(FILE *f, struct chase_run *r)
{
    const struct loads_state *st = r->state;
    chase_loads_report(f, st->rows, st->nrows);
}

static int plot(struct chase_run *r, const char *out, char *err, size_t len)
{
    const struct loads_state *st = r->state;
    if (!st->nrows)
        return CHASE_PLOT_NOTHING;
    return chase_loads_plot(st->rows, st->nrows, &r->s.meta, r->o, out, err, len);
}

static void release(struct chase_run *r)
{
    struct loads_state *st = r->state;
    if (st)
        free(st->rows);
}

/* Its data tables, in the order written (--table). */
static const char *const loads_tables[] = {"loads", "convergence", NULL};

const struct chase_measurement chase_loads_measurement = {
    .kind = "loads",
    .summary = "load latency and issue cost per level and width",
    .flags = CHASE_M_STREAM | CHASE_M_REPORT,
    .state_size = sizeof(struct loads_state),
    .options = CHASE_G_DEVICE | CHASE_G_CACHE_OP | CHASE_G_MEMORY | CHASE_G_FORMAT | CHASE_G_OUTPUT | CHASE_G_PLOT |
               CHASE_G_STYLE | CHASE_G_FROM | CHASE_G_LEVEL | CHASE_G_LOADS,
    .tables = loads_tables,
    .unit = "row",
    .check = check,
    .params = params,
    .supported = supported,
    .describe = describe_run,
    .measure = measure,
    .results = results,
    .write = write_tables,
    .report = report,
    .plot = plot,
    .free = release,
    .markdown = chase_loads_markdown,
    .headline = chase_loads_headline,
};
