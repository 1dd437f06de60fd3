/* bandwidth_host.c: the GPU backends' bandwidth hook (chase_backend.h),
 * written once for CUDA and HIP: a launch of blocks_per_sm x the
 * multiprocessors blocks over the working set (bandwidth_kernels.h), one
 * untimed to warm the caches and size the passes, then one launch a
 * sample; each sample's ns is the realtime span over every block, its
 * cycles the blocks' median clock over that span. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bandwidth_abi.h"
#include "gpu.h"

#define SAMPLES 3
#define DEFAULT_BLOCKS 4        /* 4 x 256: half of a 2048-thread multiprocessor, the search goes further */
#define DEFAULT_THREADS 256
#define MAX_BLOCKS_PER_SM 32
/* A sample lasts about this long (whole passes, at least one): the
 * realtime counter's step (%globaltimer moves in steps of up to a
 * microsecond) is then within 2.5%, the launch's own start and end a few
 * microseconds, and the whole curve of three operations within seconds. */
#define SAMPLE_NS 40e3
#define MAX_REPS (1u << 20)
#define SHARED_ELEMS_MAX (1u << 28)

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One launch; *ns the realtime span over every block, *rate the blocks'
 * median clock (cycles a ns; NAN where no block's span was above 0). */
static int launch(struct gpu_dev *d, gpu_fn fn, void **args, unsigned grid, unsigned threads, unsigned shared,
                  double *ns, double *rate, char *err, size_t len)
{
    long long *r = malloc((size_t)grid * BW_WORDS * sizeof *r);
    double *v = malloc((size_t)grid * sizeof *v), hz = gpu_realtime_hz(d->g);
    long long lo = 0, hi = 0;
    unsigned b, n = 0;
    int rc;

    if (!r || !v) {
        free(r);
        free(v);
        snprintf(err, len, "out of memory");
        return CHASE_ENOMEM;
    }
    rc = gpu_launch(d->g, fn, grid, threads, shared, args, err, len);
    if (rc == CHASE_OK)
        rc = gpu_copy_out(d->g, r, d->scratch, (size_t)grid * BW_WORDS * sizeof *r, err, len);
    if (rc != CHASE_OK) {
        free(r);
        free(v);
        return rc;
    }
    for (b = 0; b < grid; b++) {
        long long r0 = r[b * BW_WORDS + BW_R0], r1 = r[b * BW_WORDS + BW_R1];
        if (!b || r0 < lo)
            lo = r0;
        if (!b || r1 > hi)
            hi = r1;
        if (r1 > r0 && hz > 0)
            v[n++] = (double)(r[b * BW_WORDS + BW_C1] - r[b * BW_WORDS + BW_C0]) / ((double)(r1 - r0) / hz * 1e9);
    }
    *ns = hz > 0 ? (double)(hi - lo) / hz * 1e9 : NAN;
    if (n) {
        qsort(v, n, sizeof *v, by_value);
        *rate = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    } else {
        *rate = NAN;
    }
    free(r);
    free(v);
    return CHASE_OK;
}

int gpu_bandwidth(void *dev, const struct chase_bw_req *rq, struct chase_bw_samples *out, char *err, size_t len)
{
    struct gpu_dev *d = dev;
    unsigned units = d->info->units ? d->info->units : 1, blocks, threads, grid, width, reps = 1, place, magic = 0;
    unsigned samples, s, shared = 0, sn = 0, sizing = 0;
    unsigned long long n, moved_elems, win = 0;
    uint64_t src = d->base, dst;
    char name[48];
    gpu_fn fn;
    double ns, rate;
    int rc;

    if (!rq) {
        /* The module built before these kernels existed cannot. */
        return gpu_function(d->g, "chase_bw_read_16", &fn, err, len) == CHASE_OK ? CHASE_OK : CHASE_ENOTSUP;
    }
    if ((rc = chase_bw_req_check(rq, err, len)) != CHASE_OK)
        return rc;
    if (rq->cache_op && strcmp(rq->cache_op, "ca")) {
        snprintf(err, len, "the bandwidth kernels use plain loads and stores (ca); --cache-op %s is not available",
                 rq->cache_op);
        return CHASE_EINVAL;
    }
    width = rq->width ? rq->width : 16;
    blocks = rq->blocks_per_sm ? rq->blocks_per_sm : DEFAULT_BLOCKS;
    threads = rq->threads ? rq->threads : DEFAULT_THREADS;
    if (blocks > MAX_BLOCKS_PER_SM || threads < 32 || threads % 32 || threads > d->info->block_threads) {
        snprintf(err, len, "%u blocks of %u threads a multiprocessor: a block holds whole warps up to %u threads, "
                 "at most %u blocks", blocks, threads, d->info->block_threads, MAX_BLOCKS_PER_SM);
        return CHASE_EINVAL;
    }
    grid = blocks * units;
    if (((uint64_t)grid * BW_WORDS + BW_TAIL_WORDS) * 8 > GPU_SCRATCH) {
        snprintf(err, len, "%u blocks: the results hold at most %u", grid,
                 (unsigned)((GPU_SCRATCH / 8 - BW_TAIL_WORDS) / BW_WORDS));
        return CHASE_EINVAL;
    }
    if (rq->bytes > d->bytes) {
        snprintf(err, len, "a working set of %llu B is past the allocation of %llu B", (unsigned long long)rq->bytes,
                 (unsigned long long)d->bytes);
        return CHASE_ENOMEM;
    }
    place = rq->placement == CHASE_BW_REPLICATED ? BW_REPLICATED
            : rq->placement == CHASE_BW_PARTITIONED ? BW_PARTITIONED : BW_STREAM;
    /* The elements: a copy's source and destination are each half. */
    n = rq->op == CHASE_BW_COPY ? rq->bytes / 2 / width : rq->bytes / width;
    if (rq->target == CHASE_BW_SHARED) {
        if (width != 16 || rq->op != CHASE_BW_READ) {
            snprintf(err, len, "shared memory is read with 16-byte accesses only");
            return CHASE_EINVAL;
        }
        if (rq->bytes > d->info->shared_bytes || n > SHARED_ELEMS_MAX) {
            snprintf(err, len, "a block holds at most %llu B of shared memory",
                     (unsigned long long)d->info->shared_bytes);
            return CHASE_EINVAL;
        }
        shared = (unsigned)(n * 16);
        sn = (unsigned)n;
        snprintf(name, sizeof name, "chase_bw_shared_16");
    } else {
        snprintf(name, sizeof name, "chase_bw_%s_%u", rq->op == CHASE_BW_READ ? "read"
                 : rq->op == CHASE_BW_WRITE ? "write" : "copy", width);
    }
    if (place == BW_PARTITIONED && rq->target == CHASE_BW_GLOBAL && n / grid < 1) {
        snprintf(err, len, "%llu B cut into %u slices leaves less than one access a slice",
                 (unsigned long long)rq->bytes, grid);
        return CHASE_EINVAL;
    }
    if ((rc = gpu_function(d->g, name, &fn, err, len)) != CHASE_OK)
        return rc;
    if (shared && shared > 48 * 1024 && (rc = gpu_allow_shared(d->g, fn, shared, err, len)) != CHASE_OK)
        return rc;
    /* Elements a pass moves, every block's together. */
    /* A partitioned block's window: its slice, or rq->window's elements
     * where that is more (never past the whole set). */
    if (place == BW_PARTITIONED) {
        win = n / grid;
        if (rq->window / width > win)
            win = rq->window / width < n ? rq->window / width : n;
    }
    moved_elems = rq->target == CHASE_BW_SHARED || place == BW_REPLICATED ? n * grid
                  : place == BW_PARTITIONED ? win * grid : n;
    dst = src + (n * width + 255) / 256 * 256;
    if (rq->op == CHASE_BW_COPY && dst - src + n * width > d->bytes) {
        snprintf(err, len, "a copy of %llu B does not fit the allocation of %llu B with its halves aligned",
                 (unsigned long long)rq->bytes, (unsigned long long)d->bytes);
        return CHASE_ENOMEM;
    }
    samples = rq->samples ? rq->samples : SAMPLES;
    /* Untimed launches first: they warm the caches and size the passes,
     * more passes until a launch lasts a quarter of a sample, then scaled
     * to about SAMPLE_NS. */
    for (s = 0; s <= samples; s++) {
        uint64_t o = d->scratch;
        void *rd[] = {&src, &n, &win, &place, &reps, &o, &magic};
        void *cp[] = {&src, &dst, &n, &win, &place, &reps, &o};
        void *sh[] = {&sn, &reps, &o, &magic};
        if (*rq->stop)
            return CHASE_EINTR;
        magic = 0x9e3779b9u ^ s;
        if (place == BW_STREAM && rq->target == CHASE_BW_GLOBAL &&
            (rc = gpu_memset32(d->g, o + ((uint64_t)grid * BW_WORDS + BW_COUNTER) * 8, 0, 2, err, len)) != CHASE_OK)
            return rc;
        rc = launch(d, fn, rq->target == CHASE_BW_SHARED ? sh : rq->op == CHASE_BW_COPY ? cp : rd, grid, threads,
                    shared, &ns, &rate, err, len);
        if (rc != CHASE_OK)
            return rc;
        if (s == 0) {
            double want = ns > 0 ? ceil(reps * SAMPLE_NS / ns) : (double)reps * 8;
            if (rq->reps) {
                reps = rq->reps;
                continue;
            }
            if (want > MAX_REPS)
                want = MAX_REPS;
            if (ns < SAMPLE_NS / 4 && reps < MAX_REPS && ++sizing < 8) {
                reps = (unsigned)want;
                s--;    /* (unsigned wrap: s becomes 0 again at the loop's s++) */
                continue;
            }
            reps = want < 1 ? 1 : (unsigned)want;
            continue;
        }
        out->bytes[s - 1] = (double)moved_elems * width * reps * (rq->op == CHASE_BW_COPY ? 2 : 1);
        out->ns[s - 1] = ns;
        out->cycles[s - 1] = rate > 0 ? rate * ns : NAN;
    }
    out->n = samples;
    out->blocks_per_sm = blocks;
    out->threads = threads;
    out->units = units;
    return CHASE_OK;
}
