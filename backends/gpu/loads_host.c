/* loads_host.c: the GPU backends' loads hook (chase_backend.h), written once
 * for CUDA and HIP: builds the blocks' chain on the device, then in one
 * launch on the pinned multiprocessor warms it and times the bursts or the
 * block's rounds (loads_kernels.h). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "loads_abi.h"
#include "core/size.h"

#define BURST_SAMPLES 32        /* a burst's samples a launch: cursors move 32 blocks on */
#define BLOCK_SAMPLES 8
#define BLOCK_ROUNDS 32         /* every warp's rounds in a block sample */
#define BLOCK_WARPS 32          /* the most warps a block measurement has (1024 threads of 32) */
#define OUT_OFFSET 16384        /* where a launch's results go in the scratch */
#define CLAIM_OFFSET 8

/* The chain the last call built, reused while the requests match. */
struct gpu_loads {
    struct chase_chain c;
    uint64_t bytes, block, lane_stride, seed;
    unsigned lanes, width;
    int built;
    uint64_t start;             /* where the next launch's cursors begin */
    char carved[24][64];        /* kernels whose carveout is set */
    int ncarved;
};

void gpu_loads_close(struct gpu_dev *d)
{
    free(d->loads);
    d->loads = NULL;
}

static int in_set(unsigned v, const unsigned *set, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (set[i] == v)
            return 1;
    return 0;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The chain over bytes in blocks of `block`, written unless the last call's matches. */
static int build(struct gpu_dev *d, struct gpu_loads *L, const struct chase_loads_req *rq, uint64_t block,
                 char *err, size_t len)
{
    uint64_t base = d->base, lane_stride = rq->lane_stride;
    unsigned lanes = rq->lanes, width = rq->width;
    gpu_fn fn;
    int rc;

    if (L->built && L->bytes == rq->bytes && L->block == block && L->lane_stride == rq->lane_stride &&
        L->lanes == rq->lanes && L->width == rq->width && L->seed == rq->seed)
        return CHASE_OK;
    L->built = 0;
    chase_chain_init(&L->c, rq->bytes, block, CHASE_CHAIN_RANDOM, 0, rq->seed);
    if (d->host) {
        /* --memory host: the CPU writes what chase_loads_build would, where
         * it lies (gpu_host.c's host_build says why). */
        uint64_t k;
        for (k = 0; k < L->c.n; k++) {
            uint64_t b = chase_chain_block(&L->c, k), nb = chase_chain_block(&L->c, k + 1 == L->c.n ? 0 : k + 1);
            unsigned l, j;
            if ((k & 0xfffff) == 0 && *rq->stop)
                return CHASE_EINTR;
            for (l = 0; l < lanes; l++) {
                volatile uint32_t *slot = (volatile uint32_t *)((char *)d->host + b * L->c.stride + l * lane_stride);
                slot[0] = (uint32_t)nb;
                for (j = 1; j < width / 4; j++)
                    slot[j] = 0;
            }
        }
    } else {
        void *args[] = {&base, &L->c, &lane_stride, &lanes, &width};
        if ((rc = gpu_function(d->g, "chase_loads_build", &fn, err, len)) != CHASE_OK)
            return rc;
        rc = gpu_launch(d->g, fn, gpu_grid(d, L->c.n, 256), 256, 0, args, err, len);
        if (rc != CHASE_OK)
            return rc;
    }
    L->bytes = rq->bytes;
    L->block = block;
    L->lane_stride = rq->lane_stride;
    L->lanes = rq->lanes;
    L->width = rq->width;
    L->seed = rq->seed;
    L->start = 0;
    L->built = 1;
    return CHASE_OK;
}

/* The kernel, with the run's carveout set on it once. */
static int kernel(struct gpu_dev *d, struct gpu_loads *L, const char *name, gpu_fn *fn, char *err, size_t len)
{
    int rc = gpu_function(d->g, name, fn, err, len), i;

    if (rc != CHASE_OK)
        return rc;
    if (d->carveout < 0 && CHASE_GPU_CARVEOUT_DEFAULT < 0)
        return CHASE_OK;
    for (i = 0; i < L->ncarved; i++)
        if (!strcmp(L->carved[i], name))
            return CHASE_OK;
    rc = gpu_carveout(d->g, *fn, d->carveout >= 0 ? d->carveout : CHASE_GPU_CARVEOUT_DEFAULT, err, len);
    if (rc == CHASE_OK && L->ncarved < 24)
        snprintf(L->carved[L->ncarved++], sizeof L->carved[0], "%s", name);
    return rc;
}

static int check(const struct gpu_dev *d, const struct chase_loads_req *rq, uint64_t *blockp, char *err, size_t len)
{
    static const unsigned bursts[] = LOADS_BURSTS, block_bursts[] = LOADS_BLOCK_BURSTS;
    unsigned hw = d->info->lanes ? d->info->lanes : 32;
    uint64_t span, block = 8, blocks, cursors;
    char a[32], b[32];
    int rc;

    if ((rc = chase_loads_req_check(rq, hw, err, len)) != CHASE_OK)
        return rc;
    if (rq->warps == 1 ? !in_set(rq->inflight, bursts, LOADS_NBURSTS)
                       : !in_set(rq->inflight, block_bursts, LOADS_NBLOCK_BURSTS)) {
        snprintf(err, len, rq->warps == 1 ? "a burst here is 1, 2, 4, 8, 11, 16, 24 or 32 loads, not %u"
                                          : "a block's warps load 1, 2 or 4 blocks a round here, not %u",
                 rq->inflight);
        return CHASE_EINVAL;
    }
    if (rq->warps < 1 || rq->warps > BLOCK_WARPS ||
        (uint64_t)rq->warps * hw > (d->info->block_threads ? d->info->block_threads : 1024)) {
        snprintf(err, len, "a block holds 1 to %u warps, not %u",
                 (d->info->block_threads ? d->info->block_threads : 1024) / hw, rq->warps);
        return CHASE_EINVAL;
    }
    span = (uint64_t)rq->lanes * rq->lane_stride;
    while (block < span)
        block <<= 1;
    blocks = rq->bytes / block;
    cursors = (uint64_t)rq->inflight * rq->warps;
    if (rq->bytes > d->bytes) {
        snprintf(err, len, "a %s working set is larger than the allocation (%s)",
                 chase_size_format(rq->bytes, a, sizeof a), chase_size_format(d->bytes, b, sizeof b));
        return CHASE_EINVAL;
    }
    if (blocks < cursors) {
        snprintf(err, len, "%s holds %llu blocks of %s; %llu loads in flight need as many",
                 chase_size_format(rq->bytes, a, sizeof a), (unsigned long long)blocks,
                 chase_size_format(block, b, sizeof b), (unsigned long long)cursors);
        return CHASE_EINVAL;
    }
    if (cursors > LOADS_MAX_CURSORS) {
        snprintf(err, len, "%llu loads in flight in a block; the kernels hold at most %u",
                 (unsigned long long)cursors, LOADS_MAX_CURSORS);
        return CHASE_EINVAL;
    }
    if (blocks >= (1ull << 31)) {
        snprintf(err, len, "a chain of more than 2^31 blocks cannot be indexed in 32 bits");
        return CHASE_EINVAL;
    }
    *blockp = block;
    return CHASE_OK;
}

static int run(void *p, const struct chase_loads_req *rq, struct chase_samples *out, char *err, size_t len)
{
    struct gpu_dev *d = p;
    struct gpu_loads *L;
    uint64_t block, cursors, spacing, pwarm, base = d->base, lane_stride = rq->lane_stride;
    uint64_t outp = d->scratch + OUT_OFFSET, claimed = d->scratch + CLAIM_OFFSET;
    /* Bursts: the dry run's samples, then the timed ones; a block: each
     * warp's start and end of each sample, the pass without rounds first. */
    static int64_t r[LOADS_DRY0 + 2 * 2 * BLOCK_SAMPLES * BLOCK_WARPS];
    double dry[CHASE_MAX_SAMPLES], wet[CHASE_MAX_SAMPLES], rate, hz = gpu_realtime_hz(d->g);
    size_t nr;
    unsigned samples = rq->warps == 1 ? BURST_SAMPLES : BLOCK_SAMPLES, rounds = BLOCK_ROUNDS, z = 0, s;
    unsigned lanes = rq->lanes, inflight = rq->inflight, threads, hw = d->info->lanes ? d->info->lanes : 32;
    int sm = d->sm, rc;
    char name[64];
    gpu_fn fn;

    /* Its kernels read global memory: no constant or texture forms. */
    if (d->path != GPU_PATH_GLOBAL) {
        snprintf(err, len, "chase loads has no kernels for --cache-op %s (the sweep walks it)", d->op);
        return CHASE_ENOTSUP;
    }
    if ((rc = check(d, rq, &block, err, len)) != CHASE_OK)
        return rc;
    if (!d->loads && !(d->loads = calloc(1, sizeof *L))) {
        snprintf(err, len, "out of memory");
        return CHASE_ENOMEM;
    }
    L = d->loads;
    if ((rc = build(d, L, rq, block, err, len)) != CHASE_OK)
        return rc;
    if (*rq->stop)
        return CHASE_EINTR;
    snprintf(name, sizeof name, "chase_loads%s_%s_%u", rq->warps == 1 ? "" : "blk", d->op, rq->width);
    if ((rc = kernel(d, L, name, &fn, err, len)) != CHASE_OK)
        return rc;
    /* Cursors evenly round the chain: a block is read again only after a
     * whole working set of others. */
    cursors = (uint64_t)inflight * rq->warps;
    spacing = L->c.n / cursors;
    pwarm = rq->bytes <= d->warm_limit && !d->no_warm ? L->c.n : 0;
    if ((rc = gpu_memset32(d->g, claimed, 0, 1, err, len)) != CHASE_OK ||
        (rc = gpu_memset32(d->g, outp + 8 * LOADS_SM, 0xffffffffu, 2, err, len)) != CHASE_OK)
        return rc;
    if (rq->warps == 1) {
        void *args[] = {&base, &L->c, &lane_stride, &lanes, &inflight, &L->start, &spacing, &pwarm,
                        &samples, &outp, &sm, &claimed, &z};
        threads = LOADS_THREADS;
        rc = gpu_launch(d->g, fn, sm >= 0 ? gpu_pin_grid(d, threads) : 1, threads, 0, args, err, len);
    } else {
        void *args[] = {&base, &L->c, &lane_stride, &lanes, &inflight, &L->start, &spacing, &rounds, &pwarm,
                        &samples, &outp, &sm, &claimed, &z};
        threads = rq->warps * hw;
        rc = gpu_launch(d->g, fn, sm >= 0 ? gpu_pin_grid(d, threads) : 1, threads, 0, args, err, len);
    }
    nr = LOADS_DRY0 + (rq->warps == 1 ? 2 * (size_t)samples : 2 * (size_t)samples * rq->warps * 2);
    if (rc == CHASE_OK)
        rc = gpu_copy_out(d->g, r, outp, nr * sizeof *r, err, len);
    if (rc != CHASE_OK)
        return rc;
    if (sm >= 0 && r[LOADS_SM] != sm) {
        snprintf(err, len, "no block of the loads kernel landed on SM %d (another process may hold it)", sm);
        return CHASE_EFAIL;
    }
    /* Every cursor moved this many blocks on; the next launch goes on from there. */
    L->start = (L->start + (rq->warps == 1 ? samples : (uint64_t)samples * rounds)) % L->c.n;
    if (rq->warps == 1) {
        for (s = 0; s < samples; s++) {
            dry[s] = (double)r[LOADS_DRY0 + s];
            wet[s] = (double)r[LOADS_DRY0 + samples + s];
        }
    } else {
        /* The multiprocessor's span of a sample: the earliest warp's start
         * to the latest one's end (one SM, one clock). */
        unsigned pass, w;
        for (pass = 0; pass < 2; pass++)
            for (s = 0; s < samples; s++) {
                const int64_t *t = &r[LOADS_DRY0 + ((size_t)pass * samples + s) * rq->warps * 2];
                int64_t lo = t[0], hi = t[1];
                for (w = 1; w < rq->warps; w++) {
                    if (t[2 * w] < lo)
                        lo = t[2 * w];
                    if (t[2 * w + 1] > hi)
                        hi = t[2 * w + 1];
                }
                (pass ? wet : dry)[s] = (double)(hi - lo);
            }
    }
    {
        double cost = median(dry, samples), per = rq->warps == 1 ? 1 : (double)rq->warps * inflight * rounds;
        rate = r[LOADS_REAL] > 0 && hz > 0 ? (double)r[LOADS_SPAN] / ((double)r[LOADS_REAL] / hz * 1e9) : 0;
        out->n = samples;
        for (s = 0; s < samples; s++) {
            out->cycles[s] = (wet[s] - cost) / per;
            out->ns[s] = rate > 0 ? out->cycles[s] / rate : NAN;
        }
    }
    return CHASE_OK;
}

int gpu_loads(void *p, const struct chase_loads_req *rq, struct chase_samples *out, char *err, size_t len)
{
    if (!rq)
        return CHASE_OK;        /* the query (chase_backend.h): it can */
    return run(p, rq, out, err, len);
}
