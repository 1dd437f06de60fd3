/* async_cmd.c: chase async: the levels (from --from FILE or a sweep run
 * first), a working set on each level's plateau, and there every copy the
 * backend has, at each size: its latency in a chain and its best
 * throughput over the launch shapes, through the backend's async hook; the
 * data file, the report and the plot. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "async/async.h"
#include "core/bounds.h"
#include "core/exitcode.h"
#include "core/size.h"
#include "levels/plateau.h"
#include "run/run.h"
#include "run/source.h"

/* A working set's level: where its plateau runs. */
struct target {
    char name[16];
    uint64_t bytes;
    int is_memory;
};

struct async_state {
    struct target tg[CHASE_MAX_LEVELS];
    size_t ntg;
    struct chase_async_row *rows;
    size_t nrows, total;
    /* The device's figures the bound is made of (NAN: not stated). */
    double mem_clock, bus_bits, l1_bpc, shared_bpc;
};

static int check(const struct chase_opts *o)
{
    if (o->sm != -2)
        return fprintf(stderr, "chase: async: --sm: the chain runs where the driver places its block, the stream "
                       "on every multiprocessor\n"), CHASE_EXIT_USAGE;
    if (o->carveout >= 0)
        return fprintf(stderr, "chase: async: --carveout is not applied to the async kernels (each asks for the "
                       "shared memory its copies land in)\n"), CHASE_EXIT_USAGE;
    return 0;
}

static int params(struct chase_run *r, struct chase_params *p)
{
    p->carveout = -1;
    p->sm = -2;
    p->pattern = CHASE_PATTERN_RANDOM;
    (void)r;
    p->max_bytes = 0;               /* the backend's default, which holds every level a sweep finds */
    return 0;
}

static int supported(struct chase_run *r)
{
    const struct chase_session *s = &r->s;
    char why[CHASE_ERRLEN] = "";

    if (!s->ops->async || s->ops->async(s->dev, NULL, NULL, why, sizeof why) != CHASE_OK) {
        fprintf(stderr, "chase: async: the %s backend cannot copy into shared memory%s%s\n", s->slot->name,
                why[0] ? ": " : (s->ops->async ? "" : ": it has no shared memory (no async hook)"), why);
        return CHASE_EXIT_UNSUPPORTED;
    }
    return 0;
}

static double fact(const struct chase_devinfo *info, const char *key)
{
    int i;
    for (i = 0; i < info->nfacts; i++)
        if (info->facts[i].is_num && !strcmp(info->facts[i].key, key))
            return info->facts[i].num;
    return NAN;
}

/* The working set of a level whose plateau runs from first to last bytes:
 * its middle in log size, at most cap. */
static uint64_t middle(uint64_t first, uint64_t last, uint64_t cap)
{
    double m = sqrt((double)first * (double)last);
    uint64_t b = (uint64_t)m;
    if (b > cap)
        b = cap;
    return b;
}

/* The levels' working sets, filtered by --level. */
static int targets(struct chase_run *r, uint64_t alloc)
{
    struct async_state *st = r->state;
    const struct chase_opts *o = r->o;
    struct chase_session *s = &r->s;
    size_t i;
    int code;

    st->ntg = 0;
    if ((code = chase_levels_source(o, s, &r->curve, r->lv, &r->nlv)))
        return code;
    chase_meta_add(&s->meta, "levels_from", "%s", o->from ? o->from : "a default sweep run first");
    if (!r->nlv) {
        fprintf(stderr, "chase: async: the sweep%s shows no level to measure at\n", o->from ? " file" : "");
        return CHASE_EXIT_FAIL;
    }
    for (i = 0; i < r->nlv; i++) {
        const struct chase_level *lv = &r->lv[i];
        struct target *t = &st->tg[st->ntg];
        uint64_t cap = lv->hi && lv->lo < alloc ? lv->lo : alloc;
        if (o->level && strcmp(o->level, lv->name))
            continue;
        snprintf(t->name, sizeof t->name, "%.15s", lv->name);
        t->is_memory = !lv->hi;
        t->bytes = middle(chase_plateau_first(&r->curve, lv), chase_plateau_last(&r->curve, lv), cap);
        st->ntg++;
    }
    if (o->level && !st->ntg) {
        char names[256] = "";
        size_t used = 0;
        for (i = 0; i < r->nlv && used < sizeof names - 40; i++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", r->lv[i].name);
        fprintf(stderr, "chase: async: no level '%s' (the levels: %s)\n", o->level, names);
        return CHASE_EXIT_USAGE;
    }
    return 0;
}

static int describe(struct chase_run *r)
{
    struct async_state *st = r->state;
    struct chase_session *s = &r->s;
    uint64_t alloc = s->params.max_bytes ? s->params.max_bytes : s->info.default_max;
    int code;

    chase_meta_add(&s->meta, "pattern", "random: the working set's blocks (stride: a power of two from the device's "
                   "line holding the copy) in one random cycle, every block's first word the next block's index");
    chase_meta_add(&s->meta, "copies", "load_store: a load into registers, a store to shared memory, a load of the "
                   "landed word (the plain path); cp_async_ca, cp_async_cg: cp.async with its commit group and "
                   "wait_group 0 (sm_80; .cg at 16 B only); bulk: cp.async.bulk global to shared, 1D, completed on "
                   "an mbarrier (expect_tx, try_wait.parity; sm_90); lds_direct, lds_direct_wait: AMD's "
                   "direct-to-LDS load without and with s_waitcnt vmcnt(0); a copy the backend's instruction set "
                   "lacks has no row, one this device lacks a row saying so");
    chase_meta_add(&s->meta, "latency", "one thread walks the chain: each copy lands a block's first bytes in shared "
                   "memory, waits as the copy's completion says, reads the landed first word back: the next block; "
                   "%d copies a sample, cycles a copy (the clock reads' own cost, a dry lap without copies, removed; "
                   "the address's multiply kept, as a load chain's); median and 5th/95th percentiles; vs_plain: the "
                   "latency over the plain path's at the level (the same bytes, 16 past 16)", CHASE_ASYNC_LINKS);
    chase_meta_add(&s->meta, "throughput", "every multiprocessor's blocks stream the working set into shared memory "
                   "(each block's chunk of copies in flight, then their wait, round after round); the shapes "
                   "searched: blocks a multiprocessor 1 2 4 8 x copies in flight a block 1 2 4 8 (a thread's, 128 "
                   "threads a block, for the per-thread copies; the block's one issuing thread's for bulk); a shape "
                   "whose shared memory does not fit a block is not run; gbs: the best shape's, 10^9 bytes a second "
                   "(bytes landed over the span from the earliest block's start to the latest one's end, the "
                   "device's realtime counter), the median of its samples; the shape is written beside it");
    chase_meta_add(&s->meta, "peak", "memory: the driver's memory clock x 2 x bus bits / 8; other levels: the "
                   "architecture's L1 bytes a clock a multiprocessor (or the backend's shared-memory bound) x "
                   "multiprocessors x the clock measured; a figure past it by more than %g%% is flagged in its note "
                   "and the run exits %d", CHASE_BOUND_SLACK * 100, CHASE_EXIT_BOUND);
    chase_meta_add(&s->meta, "working_set", "the middle of each level's plateau in log size");
    chase_meta_add(&s->meta, "instruction", "what the backend timed, as its ISA names it; the tests find it in the "
                   "kernel's code between the clock reads (tests/async-asm.sh)");
    st->mem_clock = fact(&s->info, "memory_clock_mhz");
    st->bus_bits = fact(&s->info, "memory_bus_bits");
    st->l1_bpc = fact(&s->info, "arch_l1_bytes_per_clock");
    st->shared_bpc = fact(&s->info, CHASE_BOUND_SHARED);
    if ((code = targets(r, alloc)))
        return code;
    st->total = st->ntg * CHASE_ASYNC_KINDS;
    st->rows = calloc(st->total + 1, sizeof *st->rows);
    if (!st->rows) {
        fprintf(stderr, "chase: out of memory\n");
        return CHASE_EXIT_FAIL;
    }
    return 0;
}

static void request(struct chase_async_req *rq, int op, unsigned bytes, uint64_t ws, int mode, unsigned inflight,
                    unsigned blocks, unsigned links, uint64_t seed)
{
    memset(rq, 0, sizeof *rq);
    rq->op = op;
    rq->bytes = bytes;
    rq->working_set = ws;
    rq->mode = mode;
    rq->inflight = inflight;
    rq->blocks_per_sm = blocks;
    rq->links = links;
    rq->seed = seed;
    rq->stop = &chase_stop;
}

/* The latency, then every shape; a row.  0, -1 (no row: not of this
 * backend's instruction set), -2 (stopped), or an exit status. */
static int one_row(struct chase_run *r, const struct target *t, const struct chase_async_kind *k,
                   struct chase_async_row *row)
{
    struct async_state *st = r->state;
    struct chase_session *s = &r->s;
    struct chase_async_req rq;
    struct chase_async_samples out;
    struct chase_async_shape sh[CHASE_ASYNC_SHAPES];
    uint64_t seed = r->o->seed * 0x100000001b3ULL + t->bytes * 31 + (uint64_t)k->op * 7 + k->bytes;
    char err[CHASE_ERRLEN] = "", what[64], a[32];
    size_t i, j, nsh = 0;
    int rc, best;
    double mhz;

    memset(row, 0, sizeof *row);
    snprintf(row->level, sizeof row->level, "%s", t->name);
    snprintf(row->op, sizeof row->op, "%s", chase_async_op_name(k->op));
    row->bytes = k->bytes;
    row->working_set = t->bytes;
    row->latency = row->lat_p5 = row->lat_p95 = row->latency_ns = row->plain = row->vs_plain = row->gbs =
        row->peak = row->fraction = row->clock_mhz = NAN;
    /* The query (its working set any that holds two copies): a copy not of
     * this backend's instruction set has no row (chase_backend.h); one it
     * has but cannot make here a row saying why. */
    request(&rq, k->op, k->bytes, 2ull * k->bytes, CHASE_ASYNC_LATENCY, 1, 1, 0, seed);
    memset(&out, 0, sizeof out);
    rc = s->ops->async(s->dev, &rq, &out, err, sizeof err);
    if (rc == CHASE_EINVAL)
        return -1;
    if (rc == CHASE_OK) {
        /* The level's working set against the copy (too small for a chain). */
        rq.working_set = t->bytes;
        rq.links = CHASE_ASYNC_LINKS;
        if (chase_async_req_check(&rq, err, sizeof err) != CHASE_OK) {
            snprintf(row->note, sizeof row->note, "not measured: %.200s", err);
            return 0;
        }
    }
    if (rc == CHASE_ENOTSUP) {
        snprintf(row->note, sizeof row->note, "not measured: %.200s", err);
        return 0;
    }
    if (rc != CHASE_OK)
        goto fail;
    snprintf(row->instr, sizeof row->instr, "%s", out.instr);
    snprintf(what, sizeof what, "%s %s %u B", t->name, row->op, k->bytes);
    chase_progress(s, "async", st->nrows, st->total, what);
    request(&rq, k->op, k->bytes, t->bytes, CHASE_ASYNC_LATENCY, 1, 1, CHASE_ASYNC_LINKS, seed);
    if ((rc = s->ops->async(s->dev, &rq, &out, err, sizeof err)) != CHASE_OK)
        goto fail;
    row->stride = out.stride;
    if (chase_async_latency(&out, row)) {
        snprintf(row->note, sizeof row->note, "not measured: the backend returned no sample");
        return 0;
    }
    for (i = 0; i < CHASE_ASYNC_NBLOCKS; i++)
        for (j = 0; j < CHASE_ASYNC_NINFLIGHT; j++) {
            struct chase_async_shape *p = &sh[nsh++];
            memset(p, 0, sizeof *p);
            p->blocks_per_sm = chase_async_blocks[i];
            p->inflight = chase_async_inflight[j];
            p->gbs = NAN;
            request(&rq, k->op, k->bytes, t->bytes, CHASE_ASYNC_THROUGHPUT, p->inflight, p->blocks_per_sm, 0,
                    seed);
            rc = s->ops->async(s->dev, &rq, &out, err, sizeof err);
            if (rc == CHASE_EINVAL)
                continue;       /* the shape does not fit: not run */
            if (rc != CHASE_OK)
                goto fail;
            p->measured = 1;
            p->gbs = chase_async_gbs(&out);
            p->blocks = out.blocks;
            p->threads = out.threads;
            p->units = out.units;
            p->clock_mhz = out.clock_mhz;
            row->shapes++;
        }
    best = chase_async_best(sh, nsh);
    if (best < 0) {
        snprintf(row->note, sizeof row->note, "throughput not measured: no shape fits (%s working set)",
                 chase_size_format(t->bytes, a, sizeof a));
        return 0;
    }
    row->gbs = sh[best].gbs;
    row->blocks_per_sm = sh[best].blocks_per_sm;
    row->inflight = sh[best].inflight;
    row->threads = sh[best].threads;
    row->blocks = sh[best].blocks;
    row->units = sh[best].units;
    row->sm_bytes = (uint64_t)row->blocks_per_sm * row->inflight * row->bytes *
                    (k->op == CHASE_ASYNC_BULK ? 1 : row->threads);
    mhz = sh[best].clock_mhz > 0 ? sh[best].clock_mhz : s->info.clock_mhz;
    row->peak = chase_async_peak(t->is_memory, st->mem_clock, st->bus_bits, st->l1_bpc, st->shared_bpc, row->units,
                                 mhz, row->peak_from, sizeof row->peak_from);
    if (row->peak > 0)
        row->fraction = row->gbs / row->peak;
    return 0;
fail:
    if (rc == CHASE_EINTR || chase_stop)
        return -2;
    chase_progress_done(s);
    fprintf(stderr, "chase: %s: async: %s %s %u B: %s\n", s->slot->name, t->name, chase_async_op_name(k->op),
            k->bytes, err);
    return chase_exit_for(rc);
}

/* The plain path's latency beside each row of the level. */
static void set_plain(struct chase_async_row *rows, size_t n)
{
    size_t i, j;
    for (i = 0; i < n; i++) {
        unsigned want = rows[i].bytes < 16 ? rows[i].bytes : 16;
        for (j = 0; j < n; j++)
            if (!strcmp(rows[j].level, rows[i].level) && !strcmp(rows[j].op, "load_store") && rows[j].bytes == want)
                rows[i].plain = rows[j].latency;
        rows[i].vs_plain = rows[i].plain > 0 ? rows[i].latency / rows[i].plain : NAN;
    }
}

static int check_bounds(struct chase_run *r, struct chase_async_row *row)
{
    struct chase_bound b;
    char what[64], msg[400];
    size_t n = strlen(row->note);

    if (!(row->peak > 0))
        return 0;
    chase_bound_set(&b, row->peak, "GB/s", "%s", row->peak_from);
    snprintf(what, sizeof what, "%s %s %u B, GB/s", row->level, row->op, row->bytes);
    row->over_peak = chase_bound_past(&b, row->gbs, what, msg, sizeof msg);
    if (!row->over_peak)
        return 0;
    chase_progress_done(&r->s);
    fprintf(stderr, "chase: async: PAST A PHYSICAL BOUND: %s; a fault of the measurement, not a property of the "
            "device\n", msg);
    snprintf(row->note + n, sizeof row->note - n, "%sPAST BOUND: %.200s", n ? "; " : "", msg);
    return 1;
}

static int measure(struct chase_run *r)
{
    struct async_state *st = r->state;
    struct chase_session *s = &r->s;
    size_t i, k, first, n;
    int rc;

    for (i = 0; i < st->ntg && !chase_stop; i++) {
        first = st->nrows;
        for (k = 0; k < CHASE_ASYNC_KINDS && !chase_stop; k++) {
            struct chase_async_row *row = &st->rows[st->nrows];
            rc = one_row(r, &st->tg[i], &chase_async_kinds[k], row);
            if (rc == -1)
                continue;
            if (rc == -2)
                break;
            if (rc)
                return rc;
            if (check_bounds(r, row))
                r->past_bound = 1;
            r->kept = ++st->nrows;
        }
        set_plain(st->rows + first, st->nrows - first);
    }
    chase_progress_done(s);
    for (i = n = 0; i < st->nrows; i++)
        n += strncmp(st->rows[i].note, "not measured", 12) != 0;
    return chase_run_nothing_measured(r, st->nrows, n, "copies");
}

static void results(struct chase_run *r, struct chase_meta *res)
{
    const struct async_state *st = r->state;
    chase_meta_num(res, "rows", (double)st->nrows);
}

static int write_tables(struct chase_writer *w, struct chase_run *r)
{
    const struct async_state *st = r->state;
    size_t i;

    if (chase_writer_table(w, &chase_async_table))
        return -1;
    for (i = 0; i < st->nrows; i++)
        if (chase_async_write_row(w, &st->rows[i]))
            return -1;
    return 0;
}

static void report(FILE *f, struct chase_run *r)
{
    const struct async_state *st = r->state;
    chase_async_report(f, st->rows, st->nrows);
}

static int plot(struct chase_run *r, const char *out, char *err, size_t len)
{
    const struct async_state *st = r->state;
    if (!st->nrows)
        return CHASE_PLOT_NOTHING;
    return chase_async_plot(st->rows, st->nrows, &r->s.meta, r->o, out, err, len);
}

static void release(struct chase_run *r)
{
    struct async_state *st = r->state;
    if (st)
        free(st->rows);
}

static const char *const async_tables[] = {"async", NULL};

const struct chase_measurement chase_async_measurement = {
    .kind = "async",
    .summary = "copies from global into shared memory (cp.async, TMA bulk copies) against a load and a store",
    .flags = CHASE_M_REPORT,
    .state_size = sizeof(struct async_state),
    .options = CHASE_G_DEVICE | CHASE_G_FORMAT | CHASE_G_OUTPUT | CHASE_G_PLOT | CHASE_G_STYLE | CHASE_G_FROM |
               CHASE_G_LEVEL,
    .tables = async_tables,
    .unit = "row",
    .check = check,
    .params = params,
    .supported = supported,
    .describe = describe,
    .measure = measure,
    .results = results,
    .write = write_tables,
    .report = report,
    .plot = plot,
    .free = release,
    .markdown = chase_async_markdown,
    .headline = chase_async_headline,
};
