/* loads.c: what a burst's times mean (the issue cost, and the N from which
 * it has settled), where a row measures, measuring a row through the
 * backend's hooks, and the row's file tables and terminal report. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "loads/loads.h"
#include "levels/plateau.h"
#include "core/size.h"
#include "core/stats.h"

const unsigned chase_loads_n[CHASE_LOADS_NS] = {1, 2, 4, 8, 11, 16, 24, 32};

int chase_loads_settle(const unsigned *n, const double *t, size_t k, double rel, double abs_cycles,
                       struct chase_loads_settle *out)
{
    size_t i, j, prev = 0, last = 0;

    memset(out, 0, sizeof *out);
    for (i = 0; i < CHASE_LOADS_NS; i++)
        out->issue[i] = out->slope[i] = NAN;
    out->value = NAN;
    if (k == 0 || k > CHASE_LOADS_NS || n[0] != 1 || !isfinite(t[0]))
        return -1;
    for (i = 1; i < k; i++) {
        if (!isfinite(t[i]) || n[i] <= n[prev])
            continue;
        out->issue[i] = (t[i] - t[0]) / (double)(n[i] - 1);
        out->slope[i] = (t[i] - t[prev]) / (double)(n[i] - n[prev]);
        prev = last = i;
    }
    if (!last)
        return -1;
    /* The smallest N whose figure every larger N's confirms. */
    for (i = 1; i < last; i++) {
        int ok = !isnan(out->issue[i]);
        for (j = i + 1; j <= last && ok; j++)
            if (!isnan(out->issue[j]) &&
                fabs(out->issue[j] - out->issue[i]) > fmax(rel * fabs(out->issue[i]), abs_cycles))
                ok = 0;
        if (ok) {
            out->used = i;
            out->settled = 1;
            out->value = out->issue[i];
            return 0;
        }
    }
    out->used = last;
    out->value = out->issue[last];
    return 0;
}

uint64_t chase_loads_block_bytes(unsigned lanes, uint64_t lane_stride)
{
    uint64_t span, b = 8;

    if (!lanes || !lane_stride || __builtin_mul_overflow((uint64_t)lanes, lane_stride, &span))
        return 0;
    while (b < span) {
        if (b >> 62)
            return 0;
        b <<= 1;
    }
    return b;
}

int chase_loads_plan_row(uint64_t first, uint64_t last, uint64_t cap, uint64_t block, unsigned warps,
                         unsigned burst, struct chase_loads_plan *p, char *why, size_t len)
{
    uint64_t bytes, need, inflight;
    unsigned w = warps, b = burst ? burst : 1;
    char x[32], y[32];

    memset(p, 0, sizeof *p);
    p->block = block;
    if (!block || (block & (block - 1))) {
        snprintf(why, len, "a block must be a power of two");
        return -1;
    }
    if (last < first)
        last = first;
    if (cap < first) {
        snprintf(why, len, "the allocation (%s) is smaller than the level (from %s)",
                 chase_size_format(cap, x, sizeof x), chase_size_format(first, y, sizeof y));
        return -1;
    }
    if (cap < block) {
        snprintf(why, len, "%s holds no block of %s", chase_size_format(cap, x, sizeof x),
                 chase_size_format(block, y, sizeof y));
        return -1;
    }
    bytes = chase_plateau_middle_of(first, last, block);
    if (!__builtin_mul_overflow(block, (uint64_t)chase_loads_n[CHASE_LOADS_NS - 1], &need) && need > bytes)
        bytes = need;
    if (!__builtin_mul_overflow((uint64_t)w * b, block, &inflight) && inflight > bytes)
        bytes = inflight;
    if (bytes > cap)
        bytes = cap / block * block;
    p->bytes = bytes;
    while (p->nbursts < CHASE_LOADS_NS && (uint64_t)chase_loads_n[p->nbursts] <= bytes / block)
        p->nbursts++;
    while (w && (uint64_t)w * b > bytes / block) {
        if (b > 1)
            b /= 2;
        else
            w /= 2;
    }
    p->warps = w;
    p->burst = w ? b : 0;
    return 0;
}

/* Samples pooled from one or more launches. */
struct pool {
    double cycles[CHASE_LOADS_T1_LAUNCHES * CHASE_MAX_SAMPLES];
    double ns[CHASE_LOADS_T1_LAUNCHES * CHASE_MAX_SAMPLES];
    unsigned n;
};

static void pool_add(struct pool *p, const struct chase_samples *s)
{
    unsigned i, n = s->n < CHASE_MAX_SAMPLES ? s->n : CHASE_MAX_SAMPLES;
    for (i = 0; i < n && p->n < sizeof p->cycles / sizeof p->cycles[0]; i++, p->n++) {
        p->cycles[p->n] = s->cycles[i];
        p->ns[p->n] = s->ns[i];
    }
}

/* A pool's median, spread, mean and median ns (sorts its arrays). */
static void summarize_pool(struct pool *p, double *med, double *p5, double *p95, double *ns, double *mean)
{
    unsigned i;
    double sum = 0;

    if (!p->n) {
        *med = *p5 = *p95 = NAN;
        if (ns)
            *ns = NAN;
        if (mean)
            *mean = NAN;
        return;
    }
    for (i = 0; i < p->n; i++)
        sum += p->cycles[i];
    if (mean)
        *mean = sum / p->n;
    *med = chase_median(p->cycles, p->n);
    *p5 = chase_quantile(p->cycles, p->n, 0.05);
    *p95 = chase_quantile(p->cycles, p->n, 0.95);
    if (ns)
        *ns = chase_median(p->ns, p->n);
}

/* A sample set's median and spread. */
static void summarize(const struct chase_samples *s, double *med, double *p5, double *p95, double *ns)
{
    struct pool p;
    p.n = 0;
    pool_add(&p, s);
    summarize_pool(&p, med, p5, p95, ns, NULL);
}

/* The issue figure and the bytes a cycle from the row's T(N). */
static void conclude(struct chase_loads_row *row)
{
    double bytes = (double)row->lanes * row->width;

    row->latency = row->t[0];
    row->issue = NAN;
    row->bpc_warp = NAN;
    row->n = 0;
    row->settled = 0;
    if (chase_loads_settle(chase_loads_n, row->t, CHASE_LOADS_NS, CHASE_LOADS_SETTLE_REL, CHASE_LOADS_SETTLE_ABS,
                           &row->fit) == 0) {
        row->issue = row->fit.value;
        row->n = chase_loads_n[row->fit.used];
        row->settled = row->fit.settled;
        if (row->issue > 0) {
            row->bpc_warp = bytes / row->issue;
        } else {
            /* More loads took no longer than one: the noise of the level
             * is larger than the loads' issue; no figure, and say why. */
            if (!row->note[0])
                snprintf(row->note, sizeof row->note,
                         "issue not settled: T(%u) - T(1) = %.1f cycles, within the level's noise", row->n,
                         row->issue * (row->n - 1));
            row->issue = NAN;
            row->settled = 0;
        }
    }
    row->bpc_sm = row->sm_cycles > 0 ? bytes / row->sm_cycles : NAN;
}

static void row_init(struct chase_loads_row *row)
{
    size_t k;
    for (k = 0; k < CHASE_LOADS_NS; k++)
        row->t[k] = row->p5[k] = row->p95[k] = NAN;
    row->latency = row->latency_ns = row->latency_mean = row->issue = row->bpc_warp = row->sm_cycles = row->bpc_sm = NAN;
    row->warps = row->burst = 0;
}

int chase_loads_measure(const struct chase_backend *ops, void *dev, const struct chase_loads_plan *plan,
                        unsigned width, unsigned lanes, uint64_t lane_stride, uint64_t seed,
                        const volatile sig_atomic_t *stop, struct chase_loads_row *row, char *err, size_t len)
{
    struct chase_loads_req rq;
    struct chase_samples s;
    double p5, p95;
    size_t k;
    int rc;

    row_init(row);
    row->bytes = plan->bytes;
    row->block = plan->block;
    row->width = width;
    row->lanes = lanes;
    row->lane_stride = lane_stride;
    memset(&rq, 0, sizeof rq);
    rq.bytes = plan->bytes;
    rq.width = width;
    rq.lanes = lanes;
    rq.lane_stride = lane_stride;
    rq.warps = 1;
    rq.seed = seed;
    rq.stop = stop;
    for (k = 0; k < plan->nbursts; k++) {
        static struct pool p;   /* large: not on the stack */
        unsigned launch;
        p.n = 0;
        for (launch = 0; launch < (k == 0 ? CHASE_LOADS_T1_LAUNCHES : 1); launch++) {
            if (*stop)
                return CHASE_EINTR;
            memset(&s, 0, sizeof s);
            rq.inflight = chase_loads_n[k];
            if ((rc = ops->loads(dev, &rq, &s, err, len)) != CHASE_OK)
                return rc;
            pool_add(&p, &s);
        }
        summarize_pool(&p, &row->t[k], &row->p5[k], &row->p95[k], k == 0 ? &row->latency_ns : NULL,
                       k == 0 ? &row->latency_mean : NULL);
    }
    if (plan->warps) {
        if (*stop)
            return CHASE_EINTR;
        memset(&s, 0, sizeof s);
        rq.inflight = plan->burst;
        rq.warps = plan->warps;
        if ((rc = ops->loads(dev, &rq, &s, err, len)) != CHASE_OK)
            return rc;
        summarize(&s, &row->sm_cycles, &p5, &p95, NULL);
        row->warps = plan->warps;
        row->burst = plan->burst;
    }
    conclude(row);
    return CHASE_OK;
}

int chase_loads_measure_shared(const struct chase_backend *ops, void *dev, unsigned width, unsigned lanes,
                               unsigned warps, unsigned burst, const volatile sig_atomic_t *stop,
                               struct chase_loads_row *row, char *err, size_t len)
{
    struct chase_shared_req rq;
    struct chase_samples s;
    double p5, p95;
    unsigned l;
    size_t k;
    int rc;

    row_init(row);
    row->shared = 1;
    row->bytes = (uint64_t)lanes * width;
    row->width = width;
    row->lanes = lanes;
    row->lane_stride = width;
    row->block = row->bytes;
    if (lanes < 1 || lanes > CHASE_MAX_LANES) {
        snprintf(err, len, "a warp of %u lanes cannot be described to the shared hook", lanes);
        return CHASE_EINVAL;
    }
    memset(&rq, 0, sizeof rq);
    rq.width = width;
    rq.lanes = lanes;
    for (l = 0; l < lanes; l++)
        rq.offset[l] = l * width;     /* each lane its own bank(s): conflict-free */
    rq.mode = CHASE_SHARED_BURST;
    rq.warps = 1;
    rq.stop = stop;
    /* The shared hook bursts powers of two (the banks kernels: 1 to 32
     * accesses, fewer for the wider ones): the N it cannot do stay NAN. */
    for (k = 0; k < CHASE_LOADS_NS; k++) {
        unsigned n = chase_loads_n[k];
        if (*stop)
            return CHASE_EINTR;
        if (n & (n - 1))
            continue;
        memset(&s, 0, sizeof s);
        rq.inflight = n;
        if ((rc = ops->shared(dev, &rq, &s, err, len)) != CHASE_OK) {
            if (rc == CHASE_EINVAL && k > 0)
                break;
            return rc;
        }
        {
            static struct pool p;
            p.n = 0;
            pool_add(&p, &s);
            summarize_pool(&p, &row->t[k], &row->p5[k], &row->p95[k], k == 0 ? &row->latency_ns : NULL,
                           k == 0 ? &row->latency_mean : NULL);
        }
    }
    err[0] = 0;
    if (warps) {
        if (*stop)
            return CHASE_EINTR;
        memset(&s, 0, sizeof s);
        rq.mode = CHASE_SHARED_BLOCK;
        rq.inflight = burst;
        rq.warps = warps;
        if ((rc = ops->shared(dev, &rq, &s, err, len)) != CHASE_OK)
            return rc;
        summarize(&s, &row->sm_cycles, &p5, &p95, NULL);
        row->warps = warps;
        row->burst = burst;
    }
    conclude(row);
    return CHASE_OK;
}

/* A row's count where its figure was measured, else unknown. */
static void get_n(const void *row, struct chase_cell *c)
{
    const struct chase_loads_row *r = row;
    c->num = isnan(r->issue) ? NAN : r->n;
}

static void get_settled(const void *row, struct chase_cell *c)
{
    const struct chase_loads_row *r = row;
    c->num = isnan(r->issue) ? NAN : (unsigned)r->settled;
}

static void get_burst(const void *row, struct chase_cell *c)
{
    const struct chase_loads_row *r = row;
    c->num = r->warps > 0 ? r->burst : NAN;
}

/* A derived figure to 6 significant digits: a quotient of medians says no more. */
#define LD(NAME, TYPE, F, FIELD, ROUND, FLAGS) CHASE_COL(NAME, TYPE, struct chase_loads_row, F, FIELD, ROUND, FLAGS)
#define LD6(NAME, F) LD(NAME, CHASE_REAL, F, CHASE_F_DOUBLE, CHASE_R_SIG6, 0)
static const struct chase_column loads_cols[] = {
    LD("level", CHASE_TEXT, level, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LD("bytes", CHASE_INT, bytes, CHASE_F_U64, CHASE_R_NONE, 0),
    LD("width", CHASE_INT, width, CHASE_F_UNSIGNED, CHASE_R_NONE, 0),
    LD("lanes", CHASE_INT, lanes, CHASE_F_UNSIGNED, CHASE_R_NONE, 0),
    LD("lane_stride", CHASE_INT, lane_stride, CHASE_F_U64, CHASE_R_NONE, 0),
    LD("block", CHASE_INT, block, CHASE_F_U64, CHASE_R_NONE, 0),
    LD6("latency", latency), LD6("latency_ns", latency_ns), LD6("issue", issue),
    CHASE_GET("n", CHASE_INT, get_n, CHASE_R_NONE),
    CHASE_GET("settled", CHASE_INT, get_settled, CHASE_R_NONE),
    LD6("bytes_per_cycle_warp", bpc_warp),
    LD("warps", CHASE_INT, warps, CHASE_F_UNSIGNED, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    CHASE_GET("burst", CHASE_INT, get_burst, CHASE_R_NONE),
    LD6("sm_cycles", sm_cycles), LD6("bytes_per_cycle_sm", bpc_sm), LD6("sweep_latency", sweep),
    LD("note", CHASE_TEXT, note, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LD6("latency_mean", latency_mean),
};
const struct chase_table chase_loads_table = {"loads", loads_cols, CHASE_COLS(loads_cols), NULL};

/* One point of a row's convergence: T(N) at one N. */
struct conv_row {
    const char *level;
    unsigned width, lanes, n;
    double cycles, p5, p95, issue, slope;
};

#define CV(NAME, TYPE, F, FIELD, ROUND) CHASE_COL(NAME, TYPE, struct conv_row, F, FIELD, ROUND, 0)
static const struct chase_column conv_cols[] = {
    CV("level", CHASE_TEXT, level, CHASE_F_STR, CHASE_R_NONE), CV("width", CHASE_INT, width, CHASE_F_UNSIGNED, CHASE_R_NONE),
    CV("lanes", CHASE_INT, lanes, CHASE_F_UNSIGNED, CHASE_R_NONE), CV("n", CHASE_INT, n, CHASE_F_UNSIGNED, CHASE_R_NONE),
    CV("cycles", CHASE_REAL, cycles, CHASE_F_DOUBLE, CHASE_R_SIG6), CV("p5", CHASE_REAL, p5, CHASE_F_DOUBLE, CHASE_R_SIG6),
    CV("p95", CHASE_REAL, p95, CHASE_F_DOUBLE, CHASE_R_SIG6), CV("issue", CHASE_REAL, issue, CHASE_F_DOUBLE, CHASE_R_SIG6),
    CV("slope", CHASE_REAL, slope, CHASE_F_DOUBLE, CHASE_R_SIG6),
};
const struct chase_table chase_loads_conv_table = {"convergence", conv_cols, CHASE_COLS(conv_cols), NULL};

int chase_loads_write_row(struct chase_writer *w, const struct chase_loads_row *r)
{
    return chase_writer_put(w, r);
}

int chase_loads_write_conv(struct chase_writer *w, const struct chase_loads_row *rows, size_t n)
{
    size_t i, k;

    if (chase_writer_table(w, &chase_loads_conv_table))
        return -1;
    for (i = 0; i < n; i++)
        for (k = 0; k < CHASE_LOADS_NS; k++) {
            const struct chase_loads_row *r = &rows[i];
            struct conv_row c = {r->level, r->width, r->lanes, chase_loads_n[k],
                                 r->t[k], r->p5[k], r->p95[k], r->fit.issue[k], r->fit.slope[k]};
            if (isnan(r->t[k]))
                continue;
            if (chase_writer_put(w, &c))
                return -1;
        }
    return 0;
}

/* "b128", "b64, 1 lane", or "b32 @128" for a lane stride other than the width. */
static void load_name(const struct chase_loads_row *r, char *buf, size_t len)
{
    int n = snprintf(buf, len, "b%u", r->width * 8);
    if (r->lanes == 1)
        snprintf(buf + n, len - (size_t)n, ", 1 lane");
    else if (r->lane_stride != r->width)
        snprintf(buf + n, len - (size_t)n, " @%llu", (unsigned long long)r->lane_stride);
}

static void cell(char *buf, size_t len, double v, int prec)
{
    if (isnan(v))
        snprintf(buf, len, "-");
    else
        snprintf(buf, len, "%.*f", prec, v);
}

void chase_loads_report(FILE *f, const struct chase_loads_row *rows, size_t n)
{
    char a[32], name[32], lat[16], iss[24], bw[16], bs[40], sw[16];
    size_t i, k;
    int unsettled = 0;

    fprintf(f, "%-8s %11s %-13s %5s %9s %12s %9s %11s %18s\n", "level", "working set", "load", "lanes",
            "latency", "issue (N)", "sweep", "B/clk warp", "B/clk SM (WxB)");
    for (i = 0; i < n; i++) {
        const struct chase_loads_row *r = &rows[i];
        load_name(r, name, sizeof name);
        if (r->note[0] && isnan(r->latency)) {
            fprintf(f, "%-8s %11s %-13s %5u  %s\n", r->level, r->shared ? "-" : chase_size_format(r->bytes, a, sizeof a),
                    name, r->lanes, r->note);
            continue;
        }
        cell(lat, sizeof lat, r->latency, 1);
        if (isnan(r->issue))
            snprintf(iss, sizeof iss, "-");
        else
            snprintf(iss, sizeof iss, "%.2f (%u%s)", r->issue, r->n, r->settled ? "" : "?");
        unsettled |= !isnan(r->issue) && !r->settled;
        cell(sw, sizeof sw, r->sweep, 1);
        cell(bw, sizeof bw, r->bpc_warp, 1);
        if (isnan(r->bpc_sm))
            snprintf(bs, sizeof bs, "-");
        else
            snprintf(bs, sizeof bs, "%.1f (%ux%u)", r->bpc_sm, r->warps, r->burst);
        fprintf(f, "%-8s %11s %-13s %5u %9s %12s %9s %11s %18s\n", r->level,
                r->shared ? "-" : chase_size_format(r->bytes, a, sizeof a), name, r->lanes, lat, iss, sw, bw, bs);
    }
    for (i = 0; i < n; i++)
        if (rows[i].note[0] && !isnan(rows[i].latency)) {
            load_name(&rows[i], name, sizeof name);
            fprintf(f, "note: %s %s: %s\n", rows[i].level, name, rows[i].note);
        }
    fprintf(f, "latency: cycles from the first clock read to the use of one load's result, the timer's own cost "
               "removed\n");
    fprintf(f, "issue: cycles each further independent load of the warp adds, (T(N) - T(1)) / (N - 1), at the "
               "smallest N from which every larger N agrees within %.0f%% or %.1f cycle%s\n",
            CHASE_LOADS_SETTLE_REL * 100, CHASE_LOADS_SETTLE_ABS, unsettled ? "; ? not settled by N = 32" : "");
    fprintf(f, "sweep: the level's latency on the sweep's curve (one lane's dependent 8-byte loads)\n");
    fprintf(f, "B/clk: the bytes the lanes asked for a cycle: one warp (lanes x width / issue), and the "
               "multiprocessor with W warps of one block each keeping B loads in flight\n");

    fprintf(f, "\nissue cycles by burst size N, (T(N) - T(1)) / (N - 1); * the N taken\n%-8s %-13s", "level",
            "load");
    for (k = 1; k < CHASE_LOADS_NS; k++)
        fprintf(f, " %8u", chase_loads_n[k]);
    fputc('\n', f);
    for (i = 0; i < n; i++) {
        const struct chase_loads_row *r = &rows[i];
        if (isnan(r->latency))
            continue;
        load_name(r, name, sizeof name);
        fprintf(f, "%-8s %-13s", r->level, name);
        for (k = 1; k < CHASE_LOADS_NS; k++) {
            char v[24];
            if (isnan(r->fit.issue[k]))
                snprintf(v, sizeof v, "-");
            else
                snprintf(v, sizeof v, "%.2f%s", r->fit.issue[k], k == r->fit.used ? "*" : "");
            fprintf(f, " %8s", v);
        }
        fputc('\n', f);
    }
}
