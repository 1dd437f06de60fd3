/* banks_cmd.c: chase banks: the structure of shared memory (LDS).  A
 * stride sweep gives the bank count and width (banks.c fits it), probes
 * give the lanes served together at each width, and the seed's table of
 * patterns gives each width's latency and issue cost with and without
 * conflicts: for reads and for stores (--op), each on its own, since a
 * store's lanes may be served in other groups than a read's (the AMDGPU
 * guide's ds_write_b128).  The backend only times patterns; everything
 * else is here and in banks.c. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "banks/banks.h"
#include "core/exitcode.h"
#include "io/output.h"
#include "run/run.h"
#include "core/stats.h"

#define BURST 8             /* the issue measurements' independent accesses */
#define BLOCK_INFLIGHT 8    /* each warp's accesses in flight in block mode */
#define MAX_BLOCK_WARPS 32

struct bench {
    struct chase_session *s;
    unsigned lanes, warps;
    double mhz[4096];       /* the clock each call measured */
    unsigned nmhz;
    unsigned calls;
    size_t done, total;
    const char *what;
    char *unsup;            /* not NULL: a CHASE_ENOTSUP answer is kept here and timed returns -2 */
};

/* One pattern, timed as mode says: the median of the backend's samples. */
static int timed(struct bench *b, int op, unsigned width, const uint32_t *off, int mode, unsigned inflight,
                 double *cyc)
{
    struct chase_shared_req rq;
    struct chase_samples out;
    char err[CHASE_ERRLEN] = "";
    double v[CHASE_MAX_SAMPLES], m[CHASE_MAX_SAMPLES];
    unsigned i, nm = 0;
    int rc;

    if (chase_stop)
        return chase_signal_exit();
    memset(&rq, 0, sizeof rq);
    memset(&out, 0, sizeof out);
    rq.width = width;
    rq.lanes = b->lanes;
    memcpy(rq.offset, off, b->lanes * sizeof *off);
    rq.mode = mode;
    rq.inflight = mode == CHASE_SHARED_CHAIN ? 1 : inflight;
    rq.warps = mode == CHASE_SHARED_BLOCK ? b->warps : 1;
    rq.stop = &chase_stop;
    rq.op = op;
    rc = b->s->ops->shared(b->s->dev, &rq, &out, err, sizeof err);
    if (rc == CHASE_EINTR || chase_stop)
        return chase_signal_exit();
    if (rc == CHASE_ENOTSUP && b->unsup) {
        snprintf(b->unsup, CHASE_ERRLEN, "%s", err);
        return -2;
    }
    if (rc != CHASE_OK) {
        chase_progress_done(b->s);
        fprintf(stderr, "chase: banks: %s: %s\n", b->s->slot->name, err);
        return chase_exit_for(rc);
    }
    if (!out.n || out.n > CHASE_MAX_SAMPLES) {
        chase_progress_done(b->s);
        fprintf(stderr, "chase: banks: %s returned %u samples\n", b->s->slot->name, out.n);
        return CHASE_EXIT_FAIL;
    }
    for (i = 0; i < out.n; i++) {
        v[i] = out.cycles[i];
        if (out.ns[i] > 0 && isfinite(out.ns[i]) && out.cycles[i] > 0)
            m[nm++] = out.cycles[i] / out.ns[i] * 1000;
    }
    *cyc = chase_median(v, out.n);
    if (nm && b->nmhz < sizeof b->mhz / sizeof b->mhz[0])
        b->mhz[b->nmhz++] = chase_median(m, nm);
    b->calls++;
    chase_progress(b->s, b->what, ++b->done, b->total, NULL);
    return 0;
}

struct probe_arg {
    struct bench *b;
    int op;
    unsigned width;
};

static int probe(void *arg, const uint32_t *off, double *cycles)
{
    const struct probe_arg *a = arg;
    return timed(a->b, a->op, a->width, off, CHASE_SHARED_BLOCK, BLOCK_INFLIGHT, cycles);
}

/* The side (reads or stores) whose sweep and groups an operation's cells
 * are costed by: the two-address reads are reads. */
static int side_of(int op)
{
    return op == CHASE_SHARED_WRITE ? 1 : 0;
}

/* The model a side's fit and groups make; widths without groups have none. */
static void model_of(const struct chase_banks_result *r, int side, struct chase_banks_model *m)
{
    const struct chase_banks_side *sd = &r->side[side];
    int w;

    memset(m, 0, sizeof *m);
    m->banks = sd->fit.best.banks;
    m->bank_bytes = sd->fit.best.bank_bytes;
    m->lanes = r->lanes;
    for (w = 0; w < CHASE_BANKS_NWIDTH; w++)
        if (sd->groups[w] && sd->resolved[w])
            m->w[w] = sd->groups[w]->layout;
}

static unsigned row_bytes(const struct chase_banks_result *r)
{
    int k;
    /* The reads' bank row, else the stores'; without a fit the seed's 32
     * banks of 4 bytes place the rows. */
    for (k = 0; k < CHASE_BANKS_NSIDE; k++)
        if (r->side[k].fitted)
            return r->side[k].fit.best.banks * r->side[k].fit.best.bank_bytes;
    return 128;
}

/* One conflict-table cell: latency (reads), the warp's issue cost, the
 * block's.  -2: the backend has no such operation (b->unsup says why). */
static int cell(struct bench *b, struct chase_banks_result *r, int op, const char *name, unsigned ways,
                unsigned width, const uint32_t *off)
{
    struct chase_banks_entry *e = &r->entry[r->nentry];
    const struct chase_banks_side *sd = &r->side[side_of(op)];
    struct chase_banks_model m;
    double t1, tn;
    int rc;

    memset(e, 0, sizeof *e);
    snprintf(e->pattern, sizeof e->pattern, "%s", name);
    e->op = chase_shared_op_name(op);
    e->opn = op;
    e->ways = ways;
    e->width = width;
    e->latency = NAN;
    /* A store returns nothing to wait for: no latency chain. */
    if ((op != CHASE_SHARED_WRITE && (rc = timed(b, op, width, off, CHASE_SHARED_CHAIN, 1, &e->latency))) ||
        (rc = timed(b, op, width, off, CHASE_SHARED_BURST, 1, &t1)) ||
        (rc = timed(b, op, width, off, CHASE_SHARED_BURST, BURST, &tn)) ||
        (rc = timed(b, op, width, off, CHASE_SHARED_BLOCK, BLOCK_INFLIGHT, &e->issue_block)))
        return rc;
    e->issue_warp = (tn - t1) / (BURST - 1);
    e->passes = sd->fitted ? (e->issue_block - sd->fit.best.a) / sd->fit.best.b : NAN;
    model_of(r, side_of(op), &m);
    e->predicted = NAN;
    if (sd->fitted) {
        unsigned p = chase_banks_cost(&m, width, off, NULL), q = 1, i;
        if (op == CHASE_SHARED_READ2 || op == CHASE_SHARED_READ2ST64) {
            /* Two 8-byte reads in the b64 groups, the second a span further. */
            uint32_t second[CHASE_MAX_LANES];
            unsigned span = op == CHASE_SHARED_READ2 ? CHASE_SHARED_READ2_SPAN : CHASE_SHARED_READ2ST64_SPAN;
            for (i = 0; i < r->lanes; i++)
                second[i] = off[i] + span;
            q = chase_banks_cost(&m, width, second, NULL);
            p += q;
        }
        if (p && q)
            e->predicted = p;
    }
    r->nentry++;
    return 0;
}

/* Ratios to the conflict-free row of each width and operation. */
static void ratios(struct chase_banks_result *r)
{
    unsigned i, j;
    for (i = 0; i < r->nentry; i++) {
        struct chase_banks_entry *e = &r->entry[i];
        e->ratio = e->latency_ratio = NAN;
        for (j = 0; j < r->nentry; j++)
            if (r->entry[j].width == e->width && r->entry[j].opn == e->opn &&
                !strcmp(r->entry[j].pattern, "conflict-free")) {
                e->ratio = e->issue_block / r->entry[j].issue_block;
                e->latency_ratio = e->latency / r->entry[j].latency;
            }
    }
}

/* ---- output (banks_out.c writes it) ---- */

static double median_mhz(struct bench *b)
{
    return b->nmhz ? chase_median(b->mhz, b->nmhz) : NAN;
}

/* What a run of banks keeps between its hooks. */
struct banks_state {
    struct chase_banks_result r;
    struct bench b;
    unsigned width_only;        /* --lanes: the one width measured (bytes); 0: every width */
    unsigned ops;               /* --op: 1 reads, 2 stores (the option's bits); both by default */
};

/* --op: read, write or both; a copy is bandwidth's alone. */
static int check(const struct chase_opts *o)
{
    if (o->bw_ops & ~3u)
        return fprintf(stderr, "chase: banks: --op: read, write or read,write (a copy is bandwidth's)\n"),
               CHASE_EXIT_USAGE;
    return 0;
}

static int params(struct chase_run *r, struct chase_params *p)
{
    p->carveout = r->o->carveout;
    p->sm = r->o->sm;
    p->max_bytes = 1u << 20;    /* the working set of a sweep is not used here: keep it small */
    return 0;
}

static int supported(struct chase_run *run)
{
    struct banks_state *st = run->state;
    struct chase_banks_result *r = &st->r;
    const struct chase_session *s = &run->s;

    if (!s->ops->shared) {
        fprintf(stderr, "chase: banks: the %s backend has no shared memory to measure (not applicable)\n",
                s->slot->name);
        return CHASE_EXIT_UNSUPPORTED;
    }
    r->lanes = s->info.lanes;
    /* The sweep wraps at the largest power of two within half of what a
     * block may use: room for the kernel's own shared variables, and a
     * wrap that any bank row divides (the seed's MI300 sweep wrapped at
     * 32 KiB of its 64). */
    r->shared_bytes = 4096;
    while (r->shared_bytes * 4 <= s->info.shared_bytes)
        r->shared_bytes *= 2;
    if (!r->lanes || r->lanes > CHASE_MAX_LANES || s->info.shared_bytes < 8192) {
        fprintf(stderr, "chase: banks: the %s device reports %u lanes and %llu bytes of shared memory: cannot measure\n",
                s->slot->name, r->lanes, (unsigned long long)s->info.shared_bytes);
        return CHASE_EXIT_UNSUPPORTED;
    }
    return 0;
}

/* --lanes: the user's pattern, read once the device's lanes are known. */
static int prepare(struct chase_run *run)
{
    struct banks_state *st = run->state;
    struct chase_banks_result *r = &st->r;
    const struct chase_opts *o = run->o;
    struct bench *b = &st->b;
    char why[600];
    FILE *f;
    int rc;

    st->width_only = o->lanes ? (o->width ? o->width : 4) : 0;
    st->ops = o->bw_ops ? o->bw_ops : 3;
    r->side[0].measured = (st->ops & 1) != 0;
    r->side[1].measured = (st->ops & 2) != 0;
    b->s = &run->s;
    b->lanes = r->lanes;
    b->warps = run->s.info.block_threads / r->lanes;
    if (b->warps > MAX_BLOCK_WARPS)
        b->warps = MAX_BLOCK_WARPS;
    if (b->warps < 1)
        b->warps = 1;
    if (!o->lanes)
        return 0;
    if (!(f = fopen(o->lanes, "r"))) {
        fprintf(stderr, "chase: cannot read '%s': %s\n", o->lanes, strerror(errno));
        return CHASE_EXIT_FILE;
    }
    /* Up to what a block may use, less 1 KiB for the kernel's own. */
    rc = chase_banks_read_lanes(f, o->lanes, r->lanes, st->width_only, run->s.info.shared_bytes - 1024, r->user_off,
                                why, sizeof why);
    fclose(f);
    if (rc) {
        fprintf(stderr, "chase: %s\n", why);
        return CHASE_EXIT_FILE;
    }
    r->user = 1;
    r->user_width = st->width_only;
    return 0;
}

static int describe(struct chase_run *run)
{
    const struct banks_state *st = run->state;
    const struct chase_banks_result *r = &st->r;
    const struct bench *b = &st->b;
    const struct chase_opts *o = run->o;
    struct chase_meta *meta = &run->s.meta;
    unsigned width_only = st->width_only;

    chase_meta_add(meta, "measurement", "shared memory banks: a stride sweep, lane groups, a table of patterns");
    chase_meta_add(meta, "ops", "%s", st->ops == 3 ? "read write" : st->ops == 1 ? "read" : "write");
    chase_meta_num(meta, "lanes", r->lanes);
    chase_meta_add(meta, "width_unit", "bits");
    chase_meta_add(meta, "widths", "%s", width_only ? (width_only == 4 ? "32" : width_only == 8 ? "64" : "128")
                                                    : "32 64 128");
    chase_meta_add(meta, "sweep", "32-bit accesses (each operation its own), lane i at dword (i x stride) mod "
                   "(%llu / 4), timed in block mode", (unsigned long long)r->shared_bytes);
    if (st->ops & 2)
        chase_meta_add(meta, "mode_store",
                       "a store region ends once its stores are done (the backend's way: a read of the lane's word, "
                       "or the wait on the stores), that end's own cost removed as the timer's; a store has no "
                       "latency chain");
    chase_meta_add(meta, "mode_latency",
                   "chain: one warp; each lane reads the word at its offset, which holds that offset, so each access "
                   "waits for the one before; cycles an access");
    chase_meta_add(meta, "mode_issue_warp",
                   "burst: one warp; (T(%d) - T(1)) / %d, T(N) the cycles from the first clock read to the use of "
                   "N independent accesses", BURST, BURST - 1);
    chase_meta_add(meta, "mode_issue_block",
                   "block: %u warps of %u lanes (%u threads), one block on one multiprocessor, each with %d accesses "
                   "in flight; elapsed from the first warp's start to the last warp's end over all warp instructions",
                   b->warps, r->lanes, b->warps * r->lanes, BLOCK_INFLIGHT);
    chase_meta_num(meta, "block_warps", b->warps);
    chase_meta_num(meta, "block_threads", b->warps * r->lanes);
    chase_meta_num(meta, "burst", BURST);
    chase_meta_add(meta, "groups_method",
                   "every lane reads word A, a reference lane word B in other banks, a swept lane word C in B's banks "
                   "a row further: a swept lane whose read adds a pass shares the reference's group; block mode");
    chase_meta_add(meta, "rows",
                   "conflict-free: lane i reads element i; multicast-k: i / k; broadcast: 0; conflict-k: (i mod k) x "
                   "R + i / k, R a whole number of bank rows of at least max(32, lanes / 2) elements");
    chase_meta_add(meta, "cycles", "medians of the backend's samples, its timer's own cost removed");
    if (run->s.info.pinnable && chase_meta_get(meta, "carveout"))
        chase_meta_num(meta, "carveout", o->carveout >= 0 ? o->carveout : 100);
    if (o->lanes) {
        chase_meta_add(meta, "lanes_file", "%s", o->lanes);
        chase_meta_num(meta, "lanes_width", width_only * 8);
    }
    return 0;
}

/* 1. The stride sweep of one operation and its bank model. */
static int stride_sweep(struct banks_state *st, int op)
{
    struct chase_banks_result *r = &st->r;
    struct chase_banks_side *sd = &r->side[side_of(op)];
    struct bench *b = &st->b;
    uint32_t off[CHASE_MAX_LANES];
    unsigned i;
    int rc = 0;

    b->what = op == CHASE_SHARED_WRITE ? "store strides" : "strides";
    b->done = 0;
    b->total = CHASE_BANKS_NSTRIDE;
    for (i = 0; i < CHASE_BANKS_NSTRIDE && !rc; i++) {
        chase_banks_stride_pattern(r->lanes, chase_banks_strides[i], r->shared_bytes, off);
        rc = timed(b, op, 4, off, CHASE_SHARED_BLOCK, BLOCK_INFLIGHT, &sd->stride_cycles[i]);
        if (!rc)
            sd->stride[sd->nstride++] = chase_banks_strides[i];
    }
    if (!rc &&
        chase_banks_fit(sd->stride, sd->stride_cycles, sd->nstride, r->lanes, r->shared_bytes, &sd->fit) == 0) {
        sd->fitted = 1;
        for (i = 0; i < sd->nstride; i++)
            sd->stride_pred[i] = chase_banks_fit_predict(&sd->fit.best, r->lanes, r->shared_bytes, sd->stride[i]);
    }
    return rc;
}

/* 2. One operation's lane groups, at each width (the --lanes pattern's alone). */
static int lane_groups(struct banks_state *st, int op)
{
    static const char *const what[2][CHASE_BANKS_NWIDTH] = {{"b32 groups", "b64 groups", "b128 groups"},
                                                            {"b32 store groups", "b64 store groups",
                                                             "b128 store groups"}};
    struct chase_banks_result *r = &st->r;
    struct chase_banks_side *sd = &r->side[side_of(op)];
    struct bench *b = &st->b;
    unsigned wi, i;
    int rc = 0;

    for (wi = 0; wi < CHASE_BANKS_NWIDTH && !rc && sd->fitted; wi++) {
        unsigned width = 4u << wi;
        struct probe_arg pa = {b, op, width};
        struct chase_banks_groups *g;
        if (st->width_only && width != st->width_only)
            continue;
        g = calloc(1, sizeof *g);
        if (!g)
            return CHASE_EXIT_FAIL;
        sd->groups[wi] = g;
        b->what = what[side_of(op)][wi];
        b->done = 0;
        b->total = r->lanes * (r->lanes + 1) / 4;
        rc = chase_banks_find_groups(r->lanes, width, sd->fit.best.banks, sd->fit.best.bank_bytes, sd->fit.best.b,
                                     probe, &pa, g);
        if (rc < 0) {
            /* The fitted row is too narrow for three words of this width. */
            free(g);
            sd->groups[wi] = NULL;
            rc = 0;
            continue;
        }
        /* Under a floor (passes cheaper than it cost the same) a probe's
         * extra pass may not show: then the groups are not known. */
        sd->resolved[wi] = !rc;
        if (!rc && sd->fit.best.floor > 1.01) {
            double ceiling = sd->fit.best.a + sd->fit.best.b * sd->fit.best.floor;
            unsigned k, above = 0;
            for (k = 0; k < g->nprobe; k++)
                above += g->probe[k].cycles > ceiling + 0.4 * sd->fit.best.b;
            sd->resolved[wi] = above > 0;
        }
    }
    /* The measured b32 groups settle what the sweep may leave open. */
    if (sd->groups[0] && sd->resolved[0]) {
        unsigned L = chase_banks_layout_block(&sd->groups[0]->layout, r->lanes);
        if (L) {
            chase_banks_fit_refine(&sd->fit, L);
            for (i = 0; i < sd->nstride; i++)
                sd->stride_pred[i] = chase_banks_fit_predict(&sd->fit.best, r->lanes, r->shared_bytes, sd->stride[i]);
        }
    }
    return rc;
}

/* 3. One operation's conflict table (--lanes: the user's pattern and
 * conflict-free).  The two-address reads (op READ2, READ2ST64) are 64-bit
 * only; a backend without them says why once (r->read2_why) and has no
 * such rows. */
static int conflicts(struct banks_state *st, int op)
{
    struct chase_banks_result *r = &st->r;
    struct bench *b = &st->b;
    uint32_t off[CHASE_MAX_LANES];
    int two = op == CHASE_SHARED_READ2 || op == CHASE_SHARED_READ2ST64;
    unsigned wi;
    int rc = 0;

    for (wi = 0; wi < CHASE_BANKS_NWIDTH && !rc; wi++) {
        unsigned width = 4u << wi, k;
        if ((st->width_only && width != st->width_only) || (two && width != 8))
            continue;
        b->what = op == CHASE_SHARED_WRITE ? (width == 4 ? "b32 store table" : width == 8 ? "b64 store table"
                                                                                         : "b128 store table")
                  : two                    ? (op == CHASE_SHARED_READ2 ? "read2 table" : "read2st64 table")
                                           : (width == 4 ? "b32 table" : width == 8 ? "b64 table" : "b128 table");
        b->done = 0;
        b->total = (op == CHASE_SHARED_WRITE ? 3 : 4) * (st->width_only ? 2 : CHASE_BANKS_NROW);
        b->unsup = two ? r->read2_why : NULL;
        for (k = 0; k < CHASE_BANKS_NROW && !rc; k++) {
            const struct chase_banks_row *row = &chase_banks_rows[k];
            if (st->width_only && row->kind != CHASE_BANKS_FREE)
                continue;
            /* The sweep's wrap is at most half of what a block may use:
             * room for a two-address read's second word. */
            if (chase_banks_row_pattern(row, r->lanes, width, row_bytes(r), r->shared_bytes, off))
                continue;
            rc = cell(b, r, op, row->name, chase_banks_row_ways(row, r->lanes), width, off);
        }
        if (!rc && st->width_only)
            rc = cell(b, r, op, "lanes", 0, width, r->user_off);
        b->unsup = NULL;
    }
    if (rc == -2) {
        /* No such operation here: its rows so far are dropped. */
        while (r->nentry && r->entry[r->nentry - 1].opn == op)
            r->nentry--;
        rc = 0;
    } else if (two && !rc) {
        r->read2_why[0] = 0;
    }
    return rc;
}

static int measure(struct chase_run *run)
{
    struct banks_state *st = run->state;
    struct chase_banks_result *r = &st->r;
    int rc = 0, k;

    for (k = 0; k < CHASE_BANKS_NSIDE && !rc; k++) {
        int op = k ? CHASE_SHARED_WRITE : CHASE_SHARED_READ;
        if (!r->side[k].measured)
            continue;
        rc = stride_sweep(st, op);
        if (!rc)
            rc = lane_groups(st, op);
        if (!rc)
            rc = conflicts(st, op);
        if (!rc && op == CHASE_SHARED_READ && !st->width_only) {
            rc = conflicts(st, CHASE_SHARED_READ2);
            if (!rc && !r->read2_why[0])
                rc = conflicts(st, CHASE_SHARED_READ2ST64);
        }
    }
    /* The --lanes pattern's cost by the reads' model, else the stores'. */
    k = r->side[0].measured ? 0 : 1;
    if (r->user && r->side[k].fitted) {
        struct chase_banks_model m;
        model_of(r, k, &m);
        r->user_costed = chase_banks_cost(&m, r->user_width, r->user_off, &r->user_cost) > 0;
    }
    ratios(r);
    return rc;
}

static void results(struct chase_run *run, struct chase_meta *res)
{
    struct banks_state *st = run->state;
    chase_banks_results(res, &st->r, median_mhz(&st->b), st->b.calls);
}

static int write_tables(struct chase_writer *w, struct chase_run *run)
{
    const struct banks_state *st = run->state;
    return chase_banks_write(w, &st->r);
}

static void report(FILE *f, struct chase_run *run)
{
    struct banks_state *st = run->state;
    chase_banks_report(f, &run->s, &st->r, median_mhz(&st->b), st->b.calls);
}

static int plot(struct chase_run *run, const char *out, char *err, size_t len)
{
    const struct banks_state *st = run->state;
    if (!st->r.side[0].nstride && !st->r.side[1].nstride)
        return CHASE_PLOT_NOTHING;
    return chase_plot_banks(&st->r, &run->s.meta, run->o, out, err, len);
}

static void release(struct chase_run *run)
{
    struct banks_state *st = run->state;
    unsigned wi;

    int k;

    if (st)
        for (k = 0; k < CHASE_BANKS_NSIDE; k++)
            for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++)
                free(st->r.side[k].groups[wi]);
}

/* Its data tables, in the order written (--table). */
static const char *const banks_tables[] = {"conflicts", "strides", "groups", "pattern", NULL};

const struct chase_measurement chase_banks_measurement = {
    .kind = "banks",
    .summary = "shared memory (LDS) banks, conflicts and lane groups",
    .flags = CHASE_M_REPORT,
    .state_size = sizeof(struct banks_state),
    .options = CHASE_G_DEVICE | CHASE_G_FORMAT | CHASE_G_OUTPUT | CHASE_G_PLOT | CHASE_G_STYLE | CHASE_G_BANKS,
    .tables = banks_tables,
    .check = check,
    .params = params,
    .supported = supported,
    .prepare = prepare,
    .describe = describe,
    .measure = measure,
    .results = results,
    .write = write_tables,
    .report = report,
    .plot = plot,
    .free = release,
    .markdown = chase_banks_markdown,
    .headline = chase_banks_headline,
};
