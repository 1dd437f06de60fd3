/* list_host.c: the list hook on a GPU: the host's offsets copied to the
 * device, the chain written there in parallel, one thread walking it in
 * one launch, or a block's threads a lap's untimed stretch where the
 * request allows it (list_kernels.h). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gpu.h"
#include "list_abi.h"

/* The spread walk's block (a multiple of any wave), and the untimed
 * positions a thread must have for it to pay: below, a lap's stretches
 * are short and one thread walks it, as before the spread walk was. */
#define SPREAD_THREADS 512u
#define SPREAD_MIN_PER_THREAD 32u

void gpu_list_close(struct gpu_dev *d)
{
    if (d->list_off)
        gpu_free(d->g, d->list_off);
    d->list_off = 0;
    d->list_cap = 0;
}

/* The kernels of the run's cache operator, its carveout set once. */
static int kernels(struct gpu_dev *d, char *err, size_t len)
{
    char name[32];
    int rc;

    if (d->list_walk)
        return CHASE_OK;
    snprintf(name, sizeof name, "chase_list_%s", d->op);
    if ((rc = gpu_function(d->g, name, &d->list_walk, err, len)) != CHASE_OK ||
        (rc = gpu_function(d->g, "chase_list_build", &d->list_build, err, len)) != CHASE_OK) {
        d->list_walk = NULL;
        return rc;
    }
    snprintf(name, sizeof name, "chase_list_spread_%s", d->op);
    if ((rc = gpu_function(d->g, name, &d->list_spread, err, len)) != CHASE_OK) {
        d->list_walk = NULL;
        return rc;
    }
    if (d->carveout >= 0 || CHASE_GPU_CARVEOUT_DEFAULT >= 0) {
        int c = d->carveout >= 0 ? d->carveout : CHASE_GPU_CARVEOUT_DEFAULT;
        if ((rc = gpu_carveout(d->g, d->list_walk, c, err, len)) == CHASE_OK)
            rc = gpu_carveout(d->g, d->list_spread, c, err, len);
    }
    if (rc != CHASE_OK)
        d->list_walk = NULL;
    return rc;
}

int gpu_list(void *dev, const struct chase_list_req *rq, struct chase_samples *out, char *err, size_t len)
{
    struct gpu_dev *d = dev;
    int64_t r[LIST_SAMPLE0 + CHASE_MAX_SAMPLES];
    uint64_t claimed = d->scratch + 8, results = d->scratch + 64, head, zero = 0;
    unsigned n, timed, warm, laps, samples, s, threads = 32;
    int sm = d->sm, rc;
    double rate, hz = gpu_realtime_hz(d->g);

    if (!rq) {
        if (d->path != GPU_PATH_GLOBAL || (strcmp(d->op, "ca") && strcmp(d->op, "cg"))) {
            snprintf(err, len, "list chains read global memory through ld.global.ca or .cg (--cache-op ca or cg), "
                     "not --cache-op %s", d->op);
            return CHASE_ENOTSUP;
        }
        if (kernels(d, err, len) != CHASE_OK) {
            snprintf(err, len, "the %s module has no list kernels", CHASE_GPU_NAME);
            return CHASE_ENOTSUP;
        }
        return CHASE_OK;
    }
    if ((rc = chase_list_req_check(rq, d->bytes, err, len)) != CHASE_OK)
        return rc;
    if ((rc = kernels(d, err, len)) != CHASE_OK)
        return rc;
    if (rq->n > d->list_cap) {
        gpu_list_close(d);
        if ((rc = gpu_alloc(d->g, (uint64_t)rq->n * 8, &d->list_off, err, len)) != CHASE_OK)
            return rc;
        d->list_cap = rq->n;
    }
    n = rq->n;
    if ((rc = gpu_copy_in(d->g, d->list_off, rq->offset, (size_t)n * 8, err, len)) != CHASE_OK)
        return rc;
    {
        uint64_t base = d->base, off = d->list_off;
        void *args[] = {&base, &off, &n};
        if ((rc = gpu_launch(d->g, d->list_build, gpu_grid(d, n, 256), 256, 0, args, err, len)) != CHASE_OK)
            return rc;
    }
    if (*rq->stop)
        return CHASE_EINTR;
    head = d->base + rq->offset[0];
    timed = rq->timed;
    warm = rq->warm;
    laps = rq->laps;
    samples = rq->samples;
    if ((rc = gpu_memset32(d->g, claimed, 0, 1, err, len)) != CHASE_OK ||
        (rc = gpu_memset32(d->g, results + 8 * LIST_SM, 0xffffffffu, 2, err, len)) != CHASE_OK)
        return rc;
    if (rq->spread >= SPREAD_THREADS && n - timed >= SPREAD_THREADS * SPREAD_MIN_PER_THREAD) {
        uint64_t base = d->base, off = d->list_off;
        void *args[] = {&base, &off, &n, &timed, &warm, &laps, &samples, &results, &sm, &claimed, &zero};
        threads = SPREAD_THREADS;
        rc = gpu_launch(d->g, d->list_spread, sm >= 0 ? gpu_pin_grid(d, threads) : 1, threads, 0, args, err, len);
    } else {
        void *args[] = {&head, &n, &timed, &warm, &laps, &samples, &results, &sm, &claimed, &zero};
        rc = gpu_launch(d->g, d->list_walk, sm >= 0 ? gpu_pin_grid(d, threads) : 1, threads, 0, args, err, len);
    }
    if (rc == CHASE_OK)
        rc = gpu_copy_out(d->g, r, results, (LIST_SAMPLE0 + samples) * sizeof *r, err, len);
    if (rc != CHASE_OK)
        return rc;
    if (sm >= 0 && r[LIST_SM] != sm) {
        snprintf(err, len, "no block of the list walk landed on SM %d (another process may hold it)", sm);
        return CHASE_EFAIL;
    }
    rate = r[LIST_REAL] > 0 && hz > 0 ? (double)r[LIST_SPAN] / ((double)r[LIST_REAL] / hz * 1e9) : 0;
    out->n = samples;
    for (s = 0; s < samples; s++) {
        /* Each lap's region held one overhead: two clock reads. */
        out->cycles[s] = ((double)r[LIST_SAMPLE0 + s] - (double)laps * (double)r[LIST_OVERHEAD]) /
                         ((double)laps * timed);
        out->ns[s] = rate > 0 ? out->cycles[s] / rate : NAN;
    }
    return CHASE_OK;
}
