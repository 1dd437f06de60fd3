/* banks_host.c: the GPU backends' shared hook (chase banks), written once
 * for CUDA and HIP: one launch times one warp's pattern of reads or stores
 * (banks_kernels.h)
 * on the run's multiprocessor, and the cycles come back with the timer's
 * own cost removed. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "banks_abi.h"
#include "gpu.h"

#define RESULTS_AT 64                       /* bytes into the scratch, as the walk's */
#define OFFSETS_AT (GPU_SCRATCH - 512)      /* the lanes' offsets */
#define NRESULTS (BANKS_SAMPLE0 + BANKS_SAMPLES * BANKS_MAX_WARPS * 2)

int gpu_shared(void *p, const struct chase_shared_req *rq, struct chase_samples *out, char *err, size_t len)
{
    static const char *const names[3] = {"chase_banks_b32", "chase_banks_b64", "chase_banks_b128"};
    static const char *const st_names[3] = {"chase_banks_st_b32", "chase_banks_st_b64", "chase_banks_st_b128"};
    const char *name;
    unsigned reach, rwi;
    struct gpu_dev *d = p;
    unsigned lanes = d->info->lanes, wi, i, s, threads, words, samples = BANKS_SAMPLES, zero = 0;
    unsigned mode = (unsigned)rq->mode, inflight = rq->inflight, warps = 1, most;
    uint64_t top = 0, bytes, offsets = d->scratch + OFFSETS_AT, results = d->scratch + RESULTS_AT;
    uint64_t claimed = d->scratch + 8;
    int64_t r[NRESULTS];
    int sm = d->sm, rc;
    double hz = gpu_realtime_hz(d->g), rate, ov;
    gpu_fn fn;

    wi = rq->width == 4 ? 0 : rq->width == 8 ? 1 : rq->width == 16 ? 2 : 3;
    if (wi > 2) {
        snprintf(err, len, "shared: width %u: 4, 8 or 16 bytes", rq->width);
        return CHASE_EINVAL;
    }
    if (rq->op < 0 || rq->op >= CHASE_SHARED_NOPS) {
        snprintf(err, len, "shared: an operation this ABI does not know (%d)", rq->op);
        return CHASE_EINVAL;
    }
    if ((rq->op == CHASE_SHARED_READ2 || rq->op == CHASE_SHARED_READ2ST64) && rq->width != 8) {
        snprintf(err, len, "shared: %s reads 8-byte words, not %u bytes", chase_shared_op_name(rq->op), rq->width);
        return CHASE_EINVAL;
    }
    if (rq->op == CHASE_SHARED_WRITE && rq->mode == CHASE_SHARED_CHAIN) {
        snprintf(err, len, "shared: a store returns nothing for a chain to wait for");
        return CHASE_ENOTSUP;
    }
    name = rq->op == CHASE_SHARED_WRITE       ? st_names[wi]
           : rq->op == CHASE_SHARED_READ2     ? "chase_banks_read2_b64"
           : rq->op == CHASE_SHARED_READ2ST64 ? "chase_banks_read2st64_b64"
                                              : names[wi];
    reach = chase_shared_op_reach(rq->op, rq->width);
    /* A two-address read fills 128 bits of registers, as a b128 read. */
    rwi = rq->op == CHASE_SHARED_READ2 || rq->op == CHASE_SHARED_READ2ST64 ? 2 : wi;
    if (rq->lanes != lanes || !lanes || lanes > CHASE_MAX_LANES) {
        snprintf(err, len, "shared: %u lanes asked of a %u-lane warp", rq->lanes, lanes);
        return CHASE_EINVAL;
    }
    for (i = 0; i < lanes; i++) {
        if (rq->offset[i] % rq->width || (uint64_t)rq->offset[i] + reach > d->info->shared_bytes) {
            snprintf(err, len, "shared: lane %u's offset %u is misaligned or beyond the %llu bytes a block may use", i,
                     rq->offset[i], (unsigned long long)d->info->shared_bytes);
            return CHASE_EINVAL;
        }
        if (rq->offset[i] > top)
            top = rq->offset[i];
    }
    if (mode > BANKS_BLOCK) {
        snprintf(err, len, "shared: unknown mode %d", rq->mode);
        return CHASE_EINVAL;
    }
    if (mode == BANKS_CHAIN)
        inflight = 1;
    else if (inflight < 1 || inflight > BANKS_MOST_BURST(rwi) || (inflight & (inflight - 1))) {
        snprintf(err, len, "shared: the b%u kernel bursts a power of two from 1 to %u accesses, not %u",
                 rq->width * 8, BANKS_MOST_BURST(rwi), inflight);
        return CHASE_EINVAL;
    }
    most = d->info->block_threads / lanes;
    if (most > BANKS_MAX_WARPS)
        most = BANKS_MAX_WARPS;
    if (mode == BANKS_BLOCK) {
        warps = rq->warps;
        if (warps < 1 || warps > most) {
            snprintf(err, len, "shared: %u warps: 1 to %u", rq->warps, most);
            return CHASE_EINVAL;
        }
    }
    if (rq->stop && *rq->stop)
        return CHASE_EINTR;
    /* Dynamic shared memory: as much as the pattern reaches, every word of
     * it holding its own address (the chain's next). */
    bytes = (top + reach + 15) / 16 * 16;
    words = (unsigned)(bytes / 4);
    threads = warps * lanes;
    /* The two-address reads are AMD's: another vendor's module has no such kernel. */
    if (rq->op == CHASE_SHARED_READ2 || rq->op == CHASE_SHARED_READ2ST64) {
        if (gpu_function(d->g, name, &fn, err, len) != CHASE_OK) {
            snprintf(err, len, "the %s module has no %s kernel (ds_%s_b64 is AMD's)", CHASE_GPU_NAME, name,
                     chase_shared_op_name(rq->op));
            return CHASE_ENOTSUP;
        }
    } else if ((rc = gpu_function(d->g, name, &fn, err, len)) != CHASE_OK) {
        return rc;
    }
    if ((rc = gpu_allow_shared(d->g, fn, (unsigned)bytes, err, len)) != CHASE_OK)
        return rc;
    /* The most shared memory (unless --carveout says otherwise), where the
     * vendor splits it with the L1: the pattern's reach then fits. */
    if (CHASE_GPU_CARVEOUT_DEFAULT >= 0 &&
        (rc = gpu_carveout(d->g, fn, d->carveout >= 0 ? d->carveout : 100, err, len)) != CHASE_OK)
        return rc;
    if ((rc = gpu_copy_in(d->g, offsets, rq->offset, lanes * sizeof rq->offset[0], err, len)) != CHASE_OK ||
        (rc = gpu_memset32(d->g, claimed, 0, 1, err, len)) != CHASE_OK ||
        (rc = gpu_memset32(d->g, results + 8 * BANKS_SM, 0xffffffffu, 2, err, len)) != CHASE_OK)
        return rc;
    {
        void *args[] = {&offsets, &lanes, &words, &mode, &inflight, &samples, &zero, &results, &sm, &claimed};
        rc = gpu_launch(d->g, fn, sm >= 0 ? gpu_pin_grid(d, threads) : 1, threads, (unsigned)bytes, args, err, len);
    }
    if (rc == CHASE_OK)
        rc = gpu_copy_out(d->g, r, results, sizeof r, err, len);
    if (rc != CHASE_OK)
        return rc;
    if (sm >= 0 && r[BANKS_SM] != sm) {
        snprintf(err, len, "no block of the banks kernel landed on SM %d (another process may hold it)", sm);
        return CHASE_EFAIL;
    }
    ov = (double)r[BANKS_OVERHEAD];
    rate = r[BANKS_REAL] > 0 && hz > 0 ? (double)r[BANKS_SPAN] / ((double)r[BANKS_REAL] / hz * 1e9) : 0;
    out->n = samples;
    for (s = 0; s < samples; s++) {
        double c;
        if (mode == BANKS_BLOCK) {
            /* The multiprocessor's span: the first warp's start to the last one's end. */
            int64_t lo = 0, hi = 0;
            for (i = 0; i < warps; i++) {
                int64_t t0 = r[BANKS_SAMPLE0 + (s * warps + i) * 2], t1 = r[BANKS_SAMPLE0 + (s * warps + i) * 2 + 1];
                if (!i || t0 < lo)
                    lo = t0;
                if (!i || t1 > hi)
                    hi = t1;
            }
            c = ((double)(hi - lo) - ov) / ((double)warps * BANKS_BLOCK_ROUNDS * inflight);
        } else if (mode == BANKS_CHAIN) {
            c = ((double)r[BANKS_SAMPLE0 + s] - ov) / BANKS_CHAIN_LOADS;
        } else {
            c = (double)r[BANKS_SAMPLE0 + s] - ov;
        }
        out->cycles[s] = c;
        out->ns[s] = rate > 0 ? c / rate : NAN;
    }
    return CHASE_OK;
}
