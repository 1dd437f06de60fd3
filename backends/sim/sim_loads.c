/* sim_loads.c: the simulator's model of chase loads, so the analysis is
 * tested against known truth.
 *
 * A warp load touches the first level's lines its lanes' bytes fall in; each
 * goes through the simulated caches, and the load is as slow as its slowest
 * line (its level's latency plus, for every further line, line / bpc
 * cycles).  Loads of a burst issue one after another, each holding the
 * issue port for max(issue, moved bytes / bpc) cycles, and no more than mlp
 * of them in flight; the burst ends when the last one arrives.  A block's
 * warps each issue rounds like that, and share the multiprocessor's smbpc
 * bytes a cycle. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi/chain.h"
#include "sim_loads.h"
#include "core/size.h"
#include "spec.h"

#define SAMPLES 8
#define BLOCK_SAMPLES 4
#define BLOCK_ROUNDS 4
#define BLOCK_THREADS 1024
#define MAX_BLOCKS (1ull << 22)
#define MAX_INFLIGHT 32

static int number(const char *key, const char *val, double lo, double hi, double *out, char *why, size_t len)
{
    char *end;
    double v = strtod(val, &end);
    if (end == val || *end || !(v >= lo && v <= hi)) {
        snprintf(why, len, "spec: %s=%s is not a number in [%g, %g]", key, val, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

int sim_loads_key(struct sim_loads_spec *l, struct sim_spec *s, int is_mem, const char *key, const char *val,
                  char *why, size_t len)
{
    double v;

    if (!l)
        return 0;
    if (!strcmp(key, "issue") || !strcmp(key, "bpc") || !strcmp(key, "smbpc")) {
        if (number(key, val, 0.01, 1e9, &v, why, len))
            return -1;
        *(key[0] == 'i' ? &l->issue : key[0] == 'b' ? &l->bpc : &l->smbpc) = v;
        return 1;
    }
    if (!strcmp(key, "mlp")) {
        if (number(key, val, 1, 4096, &v, why, len))
            return -1;
        if (v != floor(v)) {
            snprintf(why, len, "spec: mlp=%s is not a whole number of loads", val);
            return -1;
        }
        l->mlp = v;
        return 1;
    }
    if (is_mem && !strcmp(key, "lanes")) {
        unsigned u;
        if (number(key, val, 1, CHASE_MAX_LANES, &v, why, len))
            return -1;
        u = (unsigned)v;
        if (v != u || (u & (u - 1))) {
            snprintf(why, len, "spec: lanes=%s is not a power of two", val);
            return -1;
        }
        s->lanes = u;
        return 1;
    }
    return 0;
}

/* Level i's model (i == nlevels: memory) with the defaults filled in: one
 * cycle between loads; 64 bytes a cycle to a warp from the first level,
 * half as many from each level further out; four times that to the
 * multiprocessor; no in-flight limit. */
static struct sim_loads_spec model(const struct sim_spec *s, int i)
{
    struct sim_loads_spec m = i < s->nlevels ? s->level[i].loads : s->mem_loads;
    double bpc = 64;
    int k;

    for (k = 0; k < i && bpc > 1; k++)
        bpc /= 2;
    if (!m.issue)
        m.issue = 1;
    if (!m.bpc)
        m.bpc = bpc;
    if (!m.smbpc)
        m.smbpc = 4 * m.bpc;
    return m;
}

void sim_loads_describe(const struct sim_spec *s, struct chase_devinfo *info)
{
    (void)s;    /* the warp's lanes are the device's (sim.c agrees them with shared:) */
    info->block_threads = BLOCK_THREADS;
}

/* What one warp load costs. */
struct cost {
    double lat;     /* issue to arrival */
    double port;    /* cycles it holds the warp's issue port */
    double sm;      /* cycles of the multiprocessor's bandwidth it takes */
    double mlp;     /* its level's in-flight limit (0: none) */
};

/* One warp load of the block at chain position pos: its lines through the
 * caches; it is as slow as its slowest line, and the level that served
 * that line sets the rest. */
static struct cost one_load(void *p, const struct sim_spec *s, const struct chase_chain *c, uint64_t pos,
                            const struct chase_loads_req *rq)
{
    uint64_t line = s->level[0].line, block = chase_chain_block(c, pos) * c->stride, prev = ~0ull, lines = 0;
    double worst = 0, moved;
    int deepest = 0;
    unsigned l;
    struct sim_loads_spec m;
    struct cost r;

    for (l = 0; l < rq->lanes; l++) {
        uint64_t a = block + l * rq->lane_stride, x;
        for (x = a / line; x <= (a + rq->width - 1) / line; x++) {
            int lvl;
            double cost;
            if (x == prev)
                continue;
            prev = x;
            lines++;
            cost = sim_dev_load(p, x * line, &lvl);
            if (cost > worst)
                worst = cost;
            if (lvl > deepest)
                deepest = lvl;
        }
    }
    m = model(s, deepest);
    moved = (double)(lines * line);
    r.lat = worst + (moved - (double)line) / m.bpc;
    r.port = fmax(m.issue, moved / m.bpc);
    r.sm = moved / m.smbpc;
    r.mlp = m.mlp;
    return r;
}

/* A burst of n loads from the blocks at pos[0 .. n): when the last one
 * arrives.  *sm gathers the multiprocessor's share. */
static double burst(void *p, const struct sim_spec *s, const struct chase_chain *c, const uint64_t *pos, unsigned n,
                    const struct chase_loads_req *rq, double *sm)
{
    double done[MAX_INFLIGHT], at = 0, port = 0, end = 0;
    unsigned k;

    for (k = 0; k < n; k++) {
        struct cost x = one_load(p, s, c, pos[k], rq);
        at += port;
        if (x.mlp >= 1 && k >= (unsigned)x.mlp && done[k - (unsigned)x.mlp] > at)
            at = done[k - (unsigned)x.mlp];
        done[k] = at + x.lat;
        if (done[k] > end)
            end = done[k];
        port = x.port;
        *sm += x.sm;
    }
    return end;
}

/* The warm's i-th block, in the order the GPU kernels warm (loads_kernels.h):
 * first the positions no cursor reads, then round by round the ones every
 * cursor reads next. */
static uint64_t warm_pos(uint64_t i, uint64_t n, uint64_t cursors, uint64_t spacing)
{
    uint64_t tail = n - cursors * spacing;
    if (i < tail)
        return cursors * spacing + i;
    i -= tail;
    return (i % cursors) * spacing + i / cursors;
}

static uint64_t xorshift(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

static double gauss(uint64_t *s)
{
    double u = ((double)(xorshift(s) >> 11) + 0.5) / 9007199254740992.0;
    double v = ((double)(xorshift(s) >> 11) + 0.5) / 9007199254740992.0;
    return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

int sim_loads(void *p, const struct chase_loads_req *rq, struct chase_samples *out, char *err, size_t len)
{
    const struct sim_spec *s = sim_dev_spec(p);
    unsigned hw = s->lanes ? s->lanes : 32, samples, k, w, smp, r;
    uint64_t block = 8, span, cursors, spacing, i, pos[BLOCK_THREADS * 4], rng;
    double t[BLOCK_THREADS];
    struct chase_chain c;
    char a[32];
    int rc;

    if (!rq)
        return CHASE_OK;        /* the query (chase_backend.h): it can */
    if ((rc = chase_loads_req_check(rq, hw, err, len)) != CHASE_OK)
        return rc;
    samples = rq->warps == 1 ? SAMPLES : BLOCK_SAMPLES;
    if (rq->inflight < 1 || rq->inflight > MAX_INFLIGHT) {
        snprintf(err, len, "a burst is 1 to %u loads, not %u", MAX_INFLIGHT, rq->inflight);
        return CHASE_EINVAL;
    }
    if (rq->warps < 1 || (uint64_t)rq->warps * hw > BLOCK_THREADS || (rq->warps > 1 && rq->inflight > 4)) {
        snprintf(err, len, "a block holds 1 to %u warps, each with 1 to 4 loads a round", BLOCK_THREADS / hw);
        return CHASE_EINVAL;
    }
    span = (uint64_t)rq->lanes * rq->lane_stride;
    while (block < span)
        block <<= 1;
    cursors = (uint64_t)rq->inflight * rq->warps;
    if (rq->bytes / block < cursors) {
        snprintf(err, len, "%s holds %llu blocks of %llu B; %llu loads in flight need as many",
                 chase_size_format(rq->bytes, a, sizeof a), (unsigned long long)(rq->bytes / block),
                 (unsigned long long)block, (unsigned long long)cursors);
        return CHASE_EINVAL;
    }
    if (rq->bytes / block > MAX_BLOCKS) {
        snprintf(err, len, "the simulator walks at most %llu blocks", (unsigned long long)MAX_BLOCKS);
        return CHASE_ENOMEM;
    }
    chase_chain_init(&c, rq->bytes, block, CHASE_CHAIN_RANDOM, 0, rq->seed);
    spacing = c.n / cursors;
    /* Cold caches, then two warm traversals: every policy's steady state. */
    sim_dev_cold(p, rq->seed);
    for (i = 0; i < 2 * c.n; i++) {
        if ((i & 0xffff) == 0 && *rq->stop)
            return CHASE_EINTR;
        (void)one_load(p, s, &c, warm_pos(i % c.n, c.n, cursors, spacing), rq);
    }
    for (k = 0; k < cursors; k++)
        pos[k] = k * spacing;
    rng = (s->seed * 0x9e3779b97f4a7c15ULL ^ rq->seed ^ rq->bytes) | 1;
    out->n = samples;
    for (smp = 0; smp < samples; smp++) {
        double cycles, sm = 0;
        if (*rq->stop)
            return CHASE_EINTR;
        if (rq->warps == 1) {
            cycles = burst(p, s, &c, pos, rq->inflight, rq, &sm);
            for (k = 0; k < cursors; k++)
                pos[k] = (pos[k] + 1) % c.n;
        } else {
            /* Each warp's rounds one after another, the warps side by side
             * (their loads reach the caches round by round), sharing the
             * multiprocessor's bandwidth. */
            double slowest = 0;
            for (w = 0; w < rq->warps; w++)
                t[w] = 0;
            for (r = 0; r < BLOCK_ROUNDS; r++)
                for (w = 0; w < rq->warps; w++) {
                    uint64_t *q = pos + (uint64_t)w * rq->inflight, x;
                    t[w] += burst(p, s, &c, q, rq->inflight, rq, &sm);
                    for (x = 0; x < rq->inflight; x++)
                        q[x] = (q[x] + 1) % c.n;
                }
            for (w = 0; w < rq->warps; w++)
                if (t[w] > slowest)
                    slowest = t[w];
            cycles = fmax(slowest, sm) / ((double)rq->warps * rq->inflight * BLOCK_ROUNDS);
        }
        if (s->noise > 0)
            cycles *= fmax(0.05, 1 + s->noise * gauss(&rng));
        out->cycles[smp] = cycles;
        out->ns[smp] = cycles * 1000.0 / s->mhz;
    }
    return CHASE_OK;
}
