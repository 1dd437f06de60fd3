/* async_host.c: the GPU backends' async hook (chase_backend.h), written
 * once for CUDA and HIP: the latency walks a chain of copies with one
 * thread of one block (async_kernels.h), one sample more than asked (the
 * first, which fetches the kernel's instructions, is dropped); the
 * throughput streams the working set with every multiprocessor's blocks,
 * one launch a sample (the first, which warms, dropped), timed by each
 * block's own clocks. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "async_abi.h"
#include "core/size.h"
#include "gpu.h"

#define LAT_SAMPLES 9
#define TP_SAMPLES 5
/* Bytes a launch moves at most: the untimed first launch moves the
 * working set once (up to this), which warms it into the caches that
 * hold it and times the shape; the timed ones are sized from it to about
 * TP_SAMPLE_NS each.  (Every sample moved 256 MiB before: a shape of one
 * block a multiprocessor and one small copy in flight, latency-bound at a
 * few GB/s, took half a second a shape, and chase async 10 s on an H100.) */
#define TP_BYTES (256ull << 20)
/* A timed sample lasts about this long: a hundred times the realtime
 * counter's step (a microsecond at most), the launch's own start and end
 * a few microseconds. */
#define TP_SAMPLE_NS 100e3
/* The warm walk's links at most (a chain longer than that is memory's,
 * which is walked cold). */
#define WARM_MAX (1u << 20)
/* Blocks a throughput launch may have: each block's four clocks fit the scratch. */
#define TP_MAX_GRID ((GPU_SCRATCH / 8 - ASYNC_T0) / 4)

/* The chain the last latency call built, reused while the requests match. */
struct gpu_async {
    struct chase_chain c;
    uint64_t bytes, stride, seed;
    int built;
    unsigned cursor;            /* where the next walk goes on */
    int warmed;
    uint64_t start;             /* where the next stream goes on */
};

void gpu_async_close(struct gpu_dev *d)
{
    free(d->async);
    d->async = NULL;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The chain's block: a power of two holding the copy, at least the
 * device's line (a block's copy then never shares a line with another's). */
static uint64_t chain_stride(const struct gpu_dev *d, unsigned bytes)
{
    uint64_t s = d->info->default_stride ? d->info->default_stride : 128;
    while (s < bytes)
        s <<= 1;
    return s;
}

static int build(struct gpu_dev *d, struct gpu_async *A, const struct chase_async_req *rq, uint64_t stride,
                 char *err, size_t len)
{
    uint64_t base = d->base, lane_stride = 4;
    unsigned lanes = 1, width = 4;
    gpu_fn fn;
    int rc;

    if (A->built && A->bytes == rq->working_set && A->stride == stride && A->seed == rq->seed)
        return CHASE_OK;
    /* The loads hook's chain lies in the same allocation: it is gone now. */
    gpu_loads_close(d);
    A->built = 0;
    chase_chain_init(&A->c, rq->working_set, stride, CHASE_CHAIN_RANDOM, 0, rq->seed);
    {
        void *args[] = {&base, &A->c, &lane_stride, &lanes, &width};
        if ((rc = gpu_function(d->g, "chase_loads_build", &fn, err, len)) != CHASE_OK ||
            (rc = gpu_launch(d->g, fn, gpu_grid(d, A->c.n, 256), 256, 0, args, err, len)) != CHASE_OK)
            return rc;
    }
    A->bytes = rq->working_set;
    A->stride = stride;
    A->seed = rq->seed;
    A->cursor = (unsigned)chase_chain_block(&A->c, 0);
    A->warmed = 0;
    A->built = 1;
    return CHASE_OK;
}

static int shared_for(struct gpu_dev *d, gpu_fn fn, uint64_t bytes, char *err, size_t len)
{
    char a[32], b[32];
    if (d->info->shared_bytes && bytes > d->info->shared_bytes) {
        snprintf(err, len, "%s of shared memory a block: more than the %s a block may have",
                 chase_size_format(bytes, a, sizeof a), chase_size_format(d->info->shared_bytes, b, sizeof b));
        return CHASE_EINVAL;
    }
    if (bytes > 48 * 1024)
        return gpu_allow_shared(d->g, fn, (unsigned)bytes, err, len);
    return CHASE_OK;
}

static int latency(struct gpu_dev *d, struct gpu_async *A, const struct chase_async_req *rq, gpu_fn fn,
                   struct chase_async_samples *out, char *err, size_t len)
{
    static int64_t r[ASYNC_T0 + 2 * (CHASE_MAX_SAMPLES + 1)];
    uint64_t stride = chain_stride(d, rq->bytes), base = d->base, outp = d->scratch;
    unsigned samples = (rq->samples ? rq->samples : LAT_SAMPLES) + 1, links = rq->links, zero = 0, warm = 0, k;
    unsigned bytes = rq->bytes, shared = rq->bytes < 16 ? 16 : rq->bytes;
    double hz = gpu_realtime_hz(d->g), per_ns = NAN;
    char a[32];
    int rc;

    out->stride = stride;
    if (rq->working_set / stride < 2 || rq->working_set / stride >= (1ull << 31)) {
        snprintf(err, len, "a chain over %s in blocks of %llu B needs 2 to 2^31 blocks",
                 chase_size_format(rq->working_set, a, sizeof a), (unsigned long long)stride);
        return CHASE_EINVAL;
    }
    if ((rc = shared_for(d, fn, shared, err, len)) != CHASE_OK || (rc = build(d, A, rq, stride, err, len)) != CHASE_OK)
        return rc;
    if (!A->warmed && !d->no_warm && rq->working_set <= d->warm_limit)
        warm = A->c.n < WARM_MAX ? (unsigned)A->c.n : WARM_MAX;
    A->warmed = 1;
    r[ASYNC_CURSOR] = A->cursor;
    {
        void *args[] = {&base, &stride, &bytes, &warm, &links, &samples, &zero, &outp};
        if ((rc = gpu_memset32(d->g, outp, 0, 2 * (ASYNC_T0 + 2 * samples), err, len)) != CHASE_OK ||
            (rc = gpu_copy_in(d->g, outp + 8 * ASYNC_CURSOR, &r[ASYNC_CURSOR], 8, err, len)) != CHASE_OK ||
            (rc = gpu_launch(d->g, fn, 1, 32, shared, args, err, len)) != CHASE_OK ||
            (rc = gpu_copy_out(d->g, r, outp, (ASYNC_T0 + 2 * samples) * sizeof r[0], err, len)) != CHASE_OK)
            return rc;
    }
    if (r[ASYNC_LACKS])
        return CHASE_ENOTSUP;
    A->cursor = (unsigned)r[ASYNC_CURSOR];
    if (hz > 0 && r[ASYNC_REAL] > 0 && r[ASYNC_SPAN] > 0) {
        per_ns = (double)r[ASYNC_SPAN] / ((double)r[ASYNC_REAL] / hz * 1e9);
        out->clock_mhz = per_ns * 1e3;
    }
    for (k = 1; k < samples; k++) {
        double c = (double)(r[ASYNC_T0 + 2 * k + 1] - r[ASYNC_T0 + 2 * k]) / links;
        out->cycles[out->n] = c;
        out->ns[out->n] = per_ns > 0 ? c / per_ns : NAN;
        out->bytes[out->n] = bytes;
        out->n++;
    }
    out->blocks = out->units = 1;
    out->threads = 1;
    return CHASE_OK;
}

static int throughput(struct gpu_dev *d, struct gpu_async *A, const struct chase_async_req *rq, gpu_fn fn,
                      struct chase_async_samples *out, char *err, size_t len)
{
    static int64_t r[GPU_SCRATCH / 8];
    int bulk = rq->op == CHASE_ASYNC_BULK;
    unsigned units = d->info->units ? d->info->units : 1, grid, threads = bulk ? ASYNC_BULK_THREADS : ASYNC_THREADS;
    unsigned samples = (rq->samples ? rq->samples : TP_SAMPLES) + 1, rounds, k, b, bytes = rq->bytes;
    unsigned inflight = rq->inflight;
    uint64_t chunk = (uint64_t)inflight * bytes * (bulk ? 1 : threads), ws, base = d->base, outp = d->scratch;
    uint64_t grid_bytes, shared = chunk;
    double hz = gpu_realtime_hz(d->g);
    char a[32], c[32];
    int rc;

    if ((uint64_t)units * rq->blocks_per_sm > TP_MAX_GRID) {
        snprintf(err, len, "%u blocks on each of %u multiprocessors: more than the %u a launch here holds",
                 rq->blocks_per_sm, units, (unsigned)TP_MAX_GRID);
        return CHASE_EINVAL;
    }
    grid = units * rq->blocks_per_sm;
    ws = rq->working_set / chunk * chunk;
    if (!ws || ws > d->bytes) {
        snprintf(err, len, "a working set of %s holds no chunk of %s (or exceeds the allocation)",
                 chase_size_format(rq->working_set, a, sizeof a), chase_size_format(chunk, c, sizeof c));
        return CHASE_EINVAL;
    }
    if ((rc = shared_for(d, fn, shared, err, len)) != CHASE_OK)
        return rc;
    grid_bytes = chunk * grid;
    /* The first (untimed) launch: the working set once, TP_BYTES at most. */
    rounds = (unsigned)(((ws < TP_BYTES ? ws : TP_BYTES) + grid_bytes - 1) / grid_bytes);
    if (rounds < 2)
        rounds = 2;
    /* Where the last stream stopped, on this one's chunks (a chunk never
     * runs past ws: the allocation's end). */
    A->start = A->start / chunk * chunk;
    if (A->start >= ws)
        A->start = 0;
    for (k = 0; k < samples; k++) {
        int64_t lo = INT64_MAX, hi = INT64_MIN, cyc = 0;
        if (rq->stop && *rq->stop)
            return CHASE_EINTR;
        if (bulk) {
            void *args[] = {&base, &ws, &A->start, &rounds, &bytes, &inflight, &outp};
            rc = gpu_memset32(d->g, outp, 0, 2 * (ASYNC_T0 + 4 * (size_t)grid), err, len);
            if (rc == CHASE_OK)
                rc = gpu_launch(d->g, fn, grid, threads, (unsigned)shared, args, err, len);
        } else {
            void *args[] = {&base, &ws, &A->start, &rounds, &outp};
            rc = gpu_memset32(d->g, outp, 0, 2 * (ASYNC_T0 + 4 * (size_t)grid), err, len);
            if (rc == CHASE_OK)
                rc = gpu_launch(d->g, fn, grid, threads, (unsigned)shared, args, err, len);
        }
        if (rc == CHASE_OK)
            rc = gpu_copy_out(d->g, r, outp, (ASYNC_T0 + 4 * (size_t)grid) * sizeof r[0], err, len);
        if (rc != CHASE_OK)
            return rc;
        if (r[ASYNC_LACKS])
            return CHASE_ENOTSUP;
        /* The stream goes on where this one stopped: a memory-sized
         * working set is never re-read from the L2. */
        A->start = (A->start + (uint64_t)rounds * grid_bytes) % ws;
        for (b = 0; b < grid; b++) {
            const int64_t *t = &r[ASYNC_T0 + 4 * b];
            if (t[0] < lo)
                lo = t[0];
            if (t[1] > hi)
                hi = t[1];
            if (t[3] - t[2] > cyc)
                cyc = t[3] - t[2];
        }
        if (k == 0) {
            /* The timed samples' rounds: about TP_SAMPLE_NS at the rate
             * the first launch ran, 2 at least, TP_BYTES at most. */
            double ns = hz > 0 && hi > lo ? (double)(hi - lo) / hz * 1e9 : 0, want;
            uint64_t most = (TP_BYTES + grid_bytes - 1) / grid_bytes;
            want = ns > 0 ? ceil(TP_SAMPLE_NS * rounds / ns) : (double)most;
            rounds = want < 2 ? 2 : want > (double)most ? (unsigned)most : (unsigned)want;
            continue;
        }
        out->bytes[out->n] = (double)rounds * (double)grid_bytes;
        out->ns[out->n] = hz > 0 && hi > lo ? (double)(hi - lo) / hz * 1e9 : NAN;
        out->cycles[out->n] = (double)cyc;
        out->n++;
    }
    {
        /* The clock: the blocks' cycles over their own realtime spans, the median. */
        double mhz[ASYNC_MAX_GRID];
        unsigned m = 0;
        for (b = 0; b < grid && b < ASYNC_MAX_GRID; b++) {
            const int64_t *t = &r[ASYNC_T0 + 4 * b];
            if (t[1] > t[0] && t[3] > t[2] && hz > 0)
                mhz[m++] = (double)(t[3] - t[2]) / ((double)(t[1] - t[0]) / hz * 1e9) * 1e3;
        }
        if (m) {
            qsort(mhz, m, sizeof *mhz, by_value);
            out->clock_mhz = mhz[m / 2];
        }
    }
    out->blocks = grid;
    out->threads = threads;
    out->units = units;
    return CHASE_OK;
}

int gpu_async(void *dev, const struct chase_async_req *rq, struct chase_async_samples *out, char *err, size_t len)
{
    struct gpu_dev *d = dev;
    struct gpu_async *A;
    const char *instr;
    char name[64];
    gpu_fn fn;
    int rc;

    if (!rq) {
        if (gpu_async_missing) {
            snprintf(err, len, "%s", gpu_async_missing);
            return CHASE_ENOTSUP;
        }
        /* A module built before these kernels existed cannot. */
        if (gpu_function(d->g, "chase_async_lat_load_store_4", &fn, err, len) != CHASE_OK) {
            snprintf(err, len, "the %s module has no async kernels", CHASE_GPU_NAME);
            return CHASE_ENOTSUP;
        }
        return CHASE_OK;
    }
    if ((rc = chase_async_req_check(rq, err, len)) != CHASE_OK)
        return rc;
    if (gpu_async_instr(rq->op, rq->bytes, &instr)) {
        snprintf(err, len, "%s is not a copy of this vendor's instruction set", chase_async_op_name(rq->op));
        return CHASE_EINVAL;
    }
    if (rq->op == CHASE_ASYNC_BULK)
        snprintf(name, sizeof name, "chase_async_%s_bulk", rq->mode == CHASE_ASYNC_LATENCY ? "lat" : "tp");
    else if (rq->mode == CHASE_ASYNC_LATENCY)
        snprintf(name, sizeof name, "chase_async_lat_%s_%u", chase_async_op_name(rq->op), rq->bytes);
    else if (rq->inflight == 1 || rq->inflight == 2 || rq->inflight == 4 || rq->inflight == 8)
        snprintf(name, sizeof name, "chase_async_tp_%s_%u_%u", chase_async_op_name(rq->op), rq->bytes, rq->inflight);
    else {
        snprintf(err, len, "a thread's copies keep 1, 2, 4 or 8 in flight here, not %u", rq->inflight);
        return CHASE_EINVAL;
    }
    if (gpu_function(d->g, name, &fn, err, len) != CHASE_OK) {
        snprintf(err, len, "the %s module has no kernel %s", CHASE_GPU_NAME, name);
        return CHASE_EINVAL;
    }
    memset(out, 0, sizeof *out);
    snprintf(out->instr, sizeof out->instr, "%s", instr);
    out->clock_mhz = NAN;
    if (!d->async && !(d->async = calloc(1, sizeof *A))) {
        snprintf(err, len, "out of memory");
        return CHASE_ENOMEM;
    }
    A = d->async;
    if (rq->mode == CHASE_ASYNC_LATENCY && !rq->links && !rq->samples) {
        /* The query: run one link of a tiny chain, to learn whether this
         * architecture has the copy (its kernel says so when it lacks it). */
        struct chase_async_req q = *rq;
        struct chase_async_samples o;
        q.links = 1;
        q.samples = 1;
        q.working_set = 2 * chain_stride(d, rq->bytes);
        q.seed = rq->seed ^ 0x5eed;
        memset(&o, 0, sizeof o);
        rc = latency(d, A, &q, fn, &o, err, len);
        A->built = 0;
        if (rc == CHASE_ENOTSUP)
            snprintf(err, len, "this device's architecture (%s) lacks %s", d->info->arch, instr);
        out->stride = chain_stride(d, rq->bytes);
        return rc;
    }
    rc = rq->mode == CHASE_ASYNC_LATENCY ? latency(d, A, rq, fn, out, err, len) : throughput(d, A, rq, fn, out, err, len);
    if (rc == CHASE_ENOTSUP)
        snprintf(err, len, "this device's architecture (%s) lacks %s", d->info->arch, instr);
    return rc;
}
