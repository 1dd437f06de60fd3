/* loads.c: what a burst's times mean (the issue cost, and the N from which
 * it has settled), where a row measures, measuring a row through the
 * backend's hooks (its tables and report: loads_out.c). */
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
    size_t k, at = 0;

    row->measured[0] = 0;
    for (k = 0; k < CHASE_LOADS_NS; k++)
        if (isfinite(row->t[k]) && at < sizeof row->measured)
            at += (size_t)snprintf(row->measured + at, sizeof row->measured - at, "%s%u", at ? " " : "",
                                   chase_loads_n[k]);

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
    unsigned l, done = 0;
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
     * accesses, fewer for the wider ones): the N it cannot do stay NAN,
     * unmeasured, and no figure is taken from them. */
    for (k = 0; k < CHASE_LOADS_NS; k++) {
        unsigned n = chase_loads_n[k];
        if (*stop)
            return CHASE_EINTR;
        if (n & (n - 1))
            continue;
        memset(&s, 0, sizeof s);
        rq.inflight = n;
        if ((rc = ops->shared(dev, &rq, &s, err, len)) != CHASE_OK) {
            if (rc == CHASE_EINVAL && k > 0) {
                /* The hook's largest burst is smaller than the list's:
                 * the row ends at the last N it timed, and says why. */
                snprintf(row->note, sizeof row->note, "bursts past %u not measured: %.120s", done, err);
                break;
            }
            return rc;
        }
        {
            static struct pool p;
            p.n = 0;
            pool_add(&p, &s);
            summarize_pool(&p, &row->t[k], &row->p5[k], &row->p95[k], k == 0 ? &row->latency_ns : NULL,
                           k == 0 ? &row->latency_mean : NULL);
            done = n;
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
