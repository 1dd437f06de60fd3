/* sim_async.c: the simulator's copies from global into shared memory: a
 * copy in a chain costs the latency of the level that serves its working
 * set (the first level for a load and a store and cp.async.ca; the L1 is
 * passed by cp.async.cg and the bulk copy, as on an NVIDIA GPU) plus its
 * own extra cycles, and a bulk copy its bytes past the first 16 at
 * bulk_bpc bytes a cycle; streamed, each multiprocessor moves the least of
 * the level's bytes a cycle (sim_bandwidth.c's), its copies in flight over
 * their latency (Little's law: the blocks that fit its shared memory at
 * once) and its issue rate.  So chase async's analysis, its shape search
 * among it, has known truth to find. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_async.h"
#include "sim_bandwidth.h"
#include "sim_loads.h"
#include "spec.h"

#define LAT_SAMPLES 9
#define TP_SAMPLES 5
#define THREADS 128                 /* a per-thread copy's block, as the GPU kernels' */
#define TP_BYTES (256.0 * 1048576)  /* bytes a throughput sample moves */

/* The defaults: a load and a store cost a store and a shared read more
 * than the load; cp.async its commit and wait besides; the bulk copy its
 * barrier's round trip (the published H800 figure: a 16 B bulk copy ~100
 * cycles above a load from the L2); direct-to-LDS loads a little above a
 * load, more with the wait.  Distinct, so a row that took another's
 * figures shows. */
static const struct sim_async_op defaults[CHASE_ASYNC_NOPS] = {
    [CHASE_ASYNC_LOAD_STORE] = {30, 4, 0}, [CHASE_ASYNC_CP_CA] = {44, 2, 0}, [CHASE_ASYNC_CP_CG] = {46, 2, 0},
    [CHASE_ASYNC_BULK] = {110, 8, 0},      [CHASE_ASYNC_LDS_DIRECT] = {20, 2, 0},
    [CHASE_ASYNC_LDS_WAIT] = {28, 2, 0},
};
#define BULK_BPC 64.0

void sim_async_defaults(struct sim_async_spec *m)
{
    memcpy(m->op, defaults, sizeof defaults);
    m->bulk_bpc = BULK_BPC;
}

static int number(const char *key, const char *val, double *out, char *why, size_t len)
{
    char *end;
    double v;

    if ((isdigit((unsigned char)val[0]) || val[0] == '.') && !strpbrk(val, "xX")) {
        v = strtod(val, &end);
        if (!*end && isfinite(v) && v >= 0 && v <= 1e6) {
            *out = v;
            return 0;
        }
    }
    snprintf(why, len, "spec: async: %s=%s is not a number from 0 to 1e6 (or none)", key, val);
    return -1;
}

int sim_async_section(const char *sec, char *kvs, struct sim_async_spec *m, int *rc, char *why, size_t len)
{
    char *kv, *save = NULL;

    if (strcmp(sec, "async"))
        return 0;
    *rc = -1;
    for (kv = strtok_r(kvs, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(kv, '='), name[40], *us;
        int op = -1, i, is_issue = 0;
        double v = 0;

        if (!eq || (size_t)(eq - kv) >= sizeof name) {
            snprintf(why, len, "spec: async: '%.60s' is not key=value", kv);
            return 1;
        }
        *eq = 0;
        snprintf(name, sizeof name, "%s", kv);
        if (!strcmp(name, "bulk_bpc")) {
            if (number(kv, eq + 1, &v, why, len))
                return 1;
            if (v <= 0) {
                snprintf(why, len, "spec: async: bulk_bpc must be above 0 bytes a cycle");
                return 1;
            }
            m->bulk_bpc = v;
            continue;
        }
        us = strrchr(name, '_');
        if (us && !strcmp(us, "_issue")) {
            *us = 0;
            is_issue = 1;
        }
        for (i = 0; i < CHASE_ASYNC_NOPS; i++)
            if (!strcmp(name, chase_async_op_name(i)))
                op = i;
        if (op < 0) {
            snprintf(why, len, "spec: unknown key '%.60s' in section 'async' (a copy: load_store, cp_async_ca, "
                     "cp_async_cg, bulk, lds_direct, lds_direct_wait; NAME_issue for its issue cost; bulk_bpc)", kv);
            return 1;
        }
        if (!is_issue && !strcmp(eq + 1, "none")) {
            m->op[op].lacks = 1;
            continue;
        }
        if (number(kv, eq + 1, &v, why, len))
            return 1;
        if (is_issue && v <= 0) {
            snprintf(why, len, "spec: async: %.60s must be above 0 cycles", kv);
            return 1;
        }
        if (is_issue)
            m->op[op].issue = v;
        else
            m->op[op].extra = v, m->op[op].lacks = 0;
    }
    *rc = 0;
    return 1;
}

/* The level that serves a copy over ws bytes (nlevels: memory): the first
 * that holds it, the first level passed where the copy bypasses it. */
static int serving(const struct sim_spec *s, int op, uint64_t ws)
{
    int i = (op == CHASE_ASYNC_CP_CG || op == CHASE_ASYNC_BULK) && s->nlevels > 1 ? 1 : 0;
    for (; i < s->nlevels; i++)
        if (ws <= s->level[i].size)
            return i;
    return s->nlevels;
}

/* Cycles one copy takes in a chain. */
static double chain_cycles(const struct sim_spec *s, int op, unsigned bytes, uint64_t ws)
{
    int lv = serving(s, op, ws);
    double lat = lv < s->nlevels ? s->level[lv].lat : s->mem_lat;
    const struct sim_async_op *o = &s->xasync.op[op];
    return lat + o->extra + (op == CHASE_ASYNC_BULK ? (bytes - 16) / s->xasync.bulk_bpc : 0);
}

static uint64_t xorshift(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static double gauss(uint64_t *x)
{
    double u = ((double)(xorshift(x) >> 11) + 0.5) / 9007199254740992.0;
    double v = ((double)(xorshift(x) >> 11) + 0.5) / 9007199254740992.0;
    return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

int sim_async(void *dev, const struct chase_async_req *rq, struct chase_async_samples *out, char *err, size_t len)
{
    const struct sim_spec *s = sim_dev_spec(dev);
    const struct sim_async_op *o;
    unsigned units = sim_dev_units(dev), n, k;
    uint64_t rng, block_shared;
    double per, noise;
    int rc, bulk;

    if (!rq)
        return CHASE_OK;
    if ((rc = chase_async_req_check(rq, err, len)) != CHASE_OK)
        return rc;
    o = &s->xasync.op[rq->op];
    if (o->lacks) {
        snprintf(err, len, "the simulated device lacks %s (the spec's async:%s=none)", chase_async_op_name(rq->op),
                 chase_async_op_name(rq->op));
        return CHASE_ENOTSUP;
    }
    bulk = rq->op == CHASE_ASYNC_BULK;
    memset(out, 0, sizeof *out);
    snprintf(out->instr, sizeof out->instr, "sim.%s", chase_async_op_name(rq->op));
    out->clock_mhz = s->mhz;
    out->stride = 128;
    while (out->stride < rq->bytes)
        out->stride <<= 1;
    if (rq->mode == CHASE_ASYNC_LATENCY && !rq->links && !rq->samples)
        return CHASE_OK;
    rng = (s->seed * 0x9e3779b97f4a7c15ULL ^ ((uint64_t)rq->op << 40) ^ ((uint64_t)rq->bytes << 8) ^
           ((uint64_t)rq->inflight << 24) ^ ((uint64_t)rq->blocks_per_sm << 32) ^ rq->working_set) | 1;
    per = chain_cycles(s, rq->op, rq->bytes, rq->working_set);
    if (rq->mode == CHASE_ASYNC_LATENCY) {
        n = rq->samples ? rq->samples : LAT_SAMPLES;
        for (k = 0; k < n; k++) {
            if (rq->stop && *rq->stop)
                return CHASE_EINTR;
            noise = s->noise > 0 ? fmax(0.05, 1 + s->noise * gauss(&rng)) : 1;
            out->cycles[k] = per * noise;
            out->ns[k] = out->cycles[k] / s->mhz * 1e3;
            out->bytes[k] = rq->bytes;
        }
        out->n = n;
        out->blocks = out->threads = out->units = 1;
        return CHASE_OK;
    }
    /* Throughput: the blocks that fit the multiprocessor's shared memory
     * at once keep their copies in flight; the rate is the least of the
     * level's, theirs over the latency, and the issue's. */
    block_shared = (uint64_t)rq->inflight * rq->bytes * (bulk ? 1 : THREADS);
    if (block_shared > rq->working_set) {
        /* As the GPU's stream: a working set holds whole chunks. */
        snprintf(err, len, "a working set of %llu B holds no chunk of %llu B", (unsigned long long)rq->working_set,
                 (unsigned long long)block_shared);
        return CHASE_EINVAL;
    }
    if (block_shared > sim_dev_shared_bytes(dev)) {
        snprintf(err, len, "%llu B of shared memory a block: more than the %llu B a block may have",
                 (unsigned long long)block_shared, (unsigned long long)sim_dev_shared_bytes(dev));
        return CHASE_EINVAL;
    }
    {
        int lv = serving(s, rq->op, rq->working_set);
        double rbw, wbw, resident, inflight_bytes, issue_bpc, bpc, gbs;
        uint64_t fit = sim_dev_shared_bytes(dev) / block_shared;
        sim_bw_level(s, lv, &rbw, &wbw);
        resident = (double)(rq->blocks_per_sm < fit ? rq->blocks_per_sm : fit);
        inflight_bytes = resident * (double)block_shared;
        issue_bpc = (bulk ? rq->bytes : 32.0 * rq->bytes) / o->issue;
        bpc = fmin(rbw, fmin(inflight_bytes / per, issue_bpc));
        gbs = bpc * units * s->mhz * 1e6 / 1e9;
        n = rq->samples ? rq->samples : TP_SAMPLES;
        for (k = 0; k < n; k++) {
            if (rq->stop && *rq->stop)
                return CHASE_EINTR;
            noise = s->noise > 0 ? fmax(0.05, 1 + s->noise * gauss(&rng)) : 1;
            out->bytes[k] = TP_BYTES;
            out->ns[k] = TP_BYTES / gbs * noise;
            out->cycles[k] = out->ns[k] * s->mhz / 1e3;
        }
        out->n = n;
        out->blocks = units * rq->blocks_per_sm;
        out->threads = bulk ? 32 : THREADS;
        out->units = units;
    }
    return CHASE_OK;
}
