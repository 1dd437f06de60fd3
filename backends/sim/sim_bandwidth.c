/* sim_bandwidth.c: the simulator's model of chase bandwidth, so the
 * analysis is tested against known truth.
 *
 * Nothing is walked: a request's time is computed.  Each level gives every
 * multiprocessor bw= bytes a cycle for reads and wbw= for writes (defaults:
 * 64 from the first level, half as many from each level further out, and
 * memory half the last cache's), all multiprocessors at once.  A level
 * holds a working set whose footprint fits it, a falling part of one up to
 * twice its size, none beyond: the footprint is the whole working set,
 * except in the first level (each multiprocessor's own) where a partitioned
 * or streamed set leaves each one its share.  Latency bounds the rate too
 * (Little's law): a multiprocessor with blocks x threads accesses of width
 * bytes in flight gets at most that many bytes per latency of the level,
 * so a launch shape too small for a far level shows, and the shape search
 * has a truth to find.  Shared memory gives sbw= bytes a cycle (default
 * 128).  throttle= runs working sets from that size at 3/4 of the clock:
 * GB/s falls, bytes a cycle stay, and the clock column shows the drop. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/size.h"
#include "sim_bandwidth.h"
#include "sim_loads.h"
#include "spec.h"

#define SAMPLES 5
#define SM_THREADS 2048         /* threads a multiprocessor holds */
#define BLOCK_THREADS 1024
#define DEFAULT_BLOCKS 1
#define DEFAULT_THREADS 256
#define SHARED_LAT 30.0
#define SHARED_BW 128.0
#define PASS_BYTES (64ull << 20)    /* a sample moves at least this much (as a real run would) */
#define MAX_BYTES (1ull << 40)

static int number(const char *key, const char *val, double lo, double hi, double *out, char *why, size_t len)
{
    char *end;
    double v;
    if ((val[0] < '0' || val[0] > '9') && val[0] != '.')
        goto bad;
    v = strtod(val, &end);
    if (*end || !(v >= lo && v <= hi))
        goto bad;
    *out = v;
    return 0;
bad:
    snprintf(why, len, "sim spec: %s=%s is not a number in [%g, %g]", key, val, lo, hi);
    return -1;
}

int sim_bw_key(struct sim_bw_spec *b, struct sim_spec *s, int is_mem, const char *key, const char *val, char *why,
               size_t len)
{
    char r[160];

    if (!b)
        return 0;
    if (!strcmp(key, "bw") || !strcmp(key, "wbw")) {
        if (number(key, val, 0.001, 1e6, key[0] == 'b' ? &b->bw : &b->wbw, why, len))
            return -1;
        return 1;
    }
    if (is_mem && !strcmp(key, "sbw"))
        return number(key, val, 0.001, 1e6, &s->shared_bw, why, len) ? -1 : 1;
    if (is_mem && (!strcmp(key, "memclk") || !strcmp(key, "bus") || !strcmp(key, "l1peak")))
        return number(key, val, 0.001, 1e6, key[0] == 'm' ? &s->memclk : key[0] == 'b' ? &s->bus : &s->l1peak, why,
                      len) ? -1 : 1;
    if (is_mem && !strcmp(key, "throttle")) {
        if (chase_size_parse(val, &s->throttle, r, sizeof r) || !s->throttle) {
            snprintf(why, len, "sim spec: throttle=%s: %s", val, s->throttle ? r : "a size above zero");
            return -1;
        }
        return 1;
    }
    return 0;
}

void sim_bw_level(const struct sim_spec *s, int i, double *rbw, double *wbw)
{
    struct sim_bw_spec b = i < s->nlevels ? s->level[i].bw : s->mem_bw;
    double d = 64;
    int k;

    for (k = 0; k < i && k < s->nlevels; k++)
        d /= 2;
    *rbw = b.bw ? b.bw : d;
    *wbw = b.wbw ? b.wbw : *rbw;
}

void sim_bw_facts(const struct sim_spec *s, struct chase_devinfo *info)
{
    /* Only where the spec gives them: a real driver reports some and not
     * others, and the default spec's metadata stays as it was. */
    if (s->memclk > 0)
        chase_kv_num(info->facts, &info->nfacts, "memory_clock_mhz", s->memclk);
    if (s->bus > 0)
        chase_kv_num(info->facts, &info->nfacts, "memory_bus_bits", s->bus);
    if (s->l1peak > 0)
        chase_kv_num(info->facts, &info->nfacts, "arch_l1_bytes_per_clock", s->l1peak);
}

/* The share of a footprint a level of cap bytes holds. */
static double held(double footprint, double cap)
{
    if (footprint <= cap)
        return 1;
    if (footprint >= 2 * cap)
        return 0;
    return (2 * cap - footprint) / cap;
}

/* Cycles a byte costs the device (every multiprocessor together), reads
 * (write 0) or writes. */
static double cycles_a_byte(const struct sim_spec *s, const struct sim_remote_spec *remote,
                            const struct chase_bw_req *rq, unsigned units, double inflight, int write)
{
    double left = 1, cost = 0, w = (double)rq->bytes;
    int i;

    for (i = 0; i <= s->nlevels && left > 0; i++) {
        /* A remote memory: past the reader's levels that keep its lines,
         * the rest crosses the link, the whole device's bandwidth, each
         * multiprocessor's in flight over the remote latency at most. */
        if (remote && i >= (int)remote->cached) {
            double link = remote->bw, lat = remote->lat > 0 ? remote->lat : 1;
            if (units * inflight / lat < link)
                link = units * inflight / lat;
            cost += left / link;
            break;
        }
        double rbw, wbw, bw, lat, part;
        sim_bw_level(s, i, &rbw, &wbw);
        bw = write ? wbw : rbw;
        lat = i < s->nlevels ? s->level[i].lat : s->mem_lat;
        if (lat > 0 && inflight / lat < bw)
            bw = inflight / lat;
        if (i == s->nlevels)
            part = left;
        else {
            double fp = i == 0 && rq->placement != CHASE_BW_REPLICATED ? w / units : w;
            /* A partitioned block's window (chase_bw_req's): at least
             * that much passes each multiprocessor's first level. */
            if (i == 0 && rq->placement == CHASE_BW_PARTITIONED && fp < (double)rq->window)
                fp = fmin((double)rq->window, w);
            part = left * held(fp, (double)s->level[i].size);
        }
        cost += part / (bw * units);
        left -= part;
    }
    return cost;
}

static double gauss(uint64_t *x)
{
    double u, v;
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    u = ((double)(*x >> 11) + 0.5) / 9007199254740992.0;
    *x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
    v = ((double)(*x >> 11) + 0.5) / 9007199254740992.0;
    return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

int sim_bandwidth(void *dev, const struct chase_bw_req *rq, struct chase_bw_samples *out, char *err, size_t len)
{
    const struct sim_spec *s = sim_dev_spec(dev);
    const struct sim_remote_spec *remote = sim_dev_remote(dev);
    unsigned units = s->sms.count ? s->sms.count : 1, blocks, threads, width, n, k;
    double inflight, cpb, mhz, reps, moved;
    uint64_t x;
    int rc;

    if (!rq)
        return CHASE_OK;
    if ((rc = chase_bw_req_check(rq, err, len)) != CHASE_OK)
        return rc;
    blocks = rq->blocks_per_sm ? rq->blocks_per_sm : DEFAULT_BLOCKS;
    threads = rq->threads ? rq->threads : DEFAULT_THREADS;
    width = rq->width ? rq->width : 16;
    if (threads > BLOCK_THREADS || blocks > SM_THREADS || blocks * threads > SM_THREADS) {
        snprintf(err, len, "%u blocks of %u threads: a simulated multiprocessor holds %u threads, a block %u",
                 blocks, threads, SM_THREADS, BLOCK_THREADS);
        return CHASE_EINVAL;
    }
    if (rq->bytes > MAX_BYTES) {
        snprintf(err, len, "the simulator moves working sets of at most 1 TiB");
        return CHASE_ENOMEM;
    }
    if (rq->placement == CHASE_BW_PARTITIONED && rq->bytes / units < width * (rq->op == CHASE_BW_COPY ? 2u : 1u)) {
        snprintf(err, len, "%llu B cut into %u slices leaves less than one access a slice",
                 (unsigned long long)rq->bytes, units);
        return CHASE_EINVAL;
    }
    if (*rq->stop)
        return CHASE_EINTR;
    inflight = (double)blocks * threads * width;
    if (rq->target == CHASE_BW_SHARED) {
        double bw = s->shared_bw ? s->shared_bw : SHARED_BW;
        if (inflight / SHARED_LAT < bw)
            bw = inflight / SHARED_LAT;
        cpb = 1 / (bw * units);
    } else if (rq->op == CHASE_BW_COPY) {
        cpb = (cycles_a_byte(s, remote, rq, units, inflight, 0) + cycles_a_byte(s, remote, rq, units, inflight, 1)) /
              2;
    } else {
        cpb = cycles_a_byte(s, remote, rq, units, inflight, rq->op == CHASE_BW_WRITE);
    }
    /* The bytes a pass moves: a partitioned set's windows where they are
     * more than its slices (as the GPU backends count them). */
    moved = (double)rq->bytes;
    if (rq->placement == CHASE_BW_PARTITIONED && (double)rq->window * units > moved)
        moved = fmin((double)rq->window, (double)rq->bytes) * units;
    reps = rq->reps ? rq->reps : ceil((double)PASS_BYTES / moved);
    mhz = s->throttle && rq->bytes >= s->throttle ? s->mhz * 0.75 : s->mhz;
    n = rq->samples ? rq->samples : SAMPLES;
    x = (s->seed * 0x9e3779b97f4a7c15ull ^ rq->bytes * 31 ^ (uint64_t)rq->op << 40 ^ (uint64_t)rq->placement << 44 ^
         (uint64_t)blocks << 48 ^ threads) | 1;
    for (k = 0; k < n; k++) {
        double f = s->noise > 0 ? fmax(0.05, 1 + s->noise * gauss(&x)) : 1;
        out->bytes[k] = reps * moved;
        out->cycles[k] = out->bytes[k] * cpb * f;
        out->ns[k] = out->cycles[k] * 1000.0 / mhz;
    }
    out->n = n;
    out->blocks_per_sm = blocks;
    out->threads = threads;
    out->units = units;
    return CHASE_OK;
}
