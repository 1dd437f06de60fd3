/* lanes_host.c: the GPU backends' lanes hook (chase_backend.h), written
 * once for CUDA and HIP: one block of one warp runs a kernel of
 * lanes_kernels.h (the operation, the width, the chains), one sample more
 * than asked (the first, which fetches the kernel's instructions, is
 * dropped); each sample's timed lap less its dry lap over the operations. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gpu.h"
#include "lanes_abi.h"

#define SAMPLES 9

int gpu_lanes(void *dev, const struct chase_lanes_req *rq, struct chase_lanes_samples *out, char *err, size_t len)
{
    struct gpu_dev *d = dev;
    static const unsigned chain_counts[] = LANES_CHAINS;
    long long r[LANES_T0 + 2 * (CHASE_MAX_SAMPLES + 1)];
    unsigned samples, reps, lap, one = 1, zero = 0, k, ok = 0, lanes;
    const char *instr;
    unsigned instrs;
    uint64_t outp = d->scratch;
    double hz = gpu_realtime_hz(d->g), per_ns = NAN;
    char name[64];
    gpu_fn fn;
    int rc;

    if (!rq) {
        /* A module built before these kernels existed cannot. */
        if (gpu_function(d->g, "chase_lanes_shared_32_1", &fn, err, len) != CHASE_OK)
            return CHASE_ENOTSUP;
        return CHASE_OK;
    }
    if ((rc = chase_lanes_req_check(rq, err, len)) != CHASE_OK)
        return rc;
    if (gpu_lanes_instr(rq->op, rq->width, &instr, &instrs)) {
        snprintf(err, len, "%s b%u is not an operation of this vendor's instruction set",
                 chase_lanes_op_name(rq->op), rq->width);
        return CHASE_EINVAL;
    }
    for (k = 0; k < sizeof chain_counts / sizeof chain_counts[0]; k++)
        ok |= chain_counts[k] == rq->chains;
    if (!ok) {
        snprintf(err, len, "the lanes kernels hold 1, 8 or 32 chains, not %u", rq->chains);
        return CHASE_EINVAL;
    }
    lanes = d->info->lanes;
    if (!lanes || lanes > LANES_MAX_LANES) {
        snprintf(err, len, "a warp of %u lanes: the kernels hold 1 to %d", lanes, LANES_MAX_LANES);
        return CHASE_EINVAL;
    }
    snprintf(name, sizeof name, "chase_lanes_%s_%u_%u", chase_lanes_op_name(rq->op), rq->width, rq->chains);
    if (gpu_function(d->g, name, &fn, err, len) != CHASE_OK) {
        snprintf(err, len, "the %s module has no kernel %s", CHASE_GPU_NAME, name);
        return CHASE_EINVAL;
    }
    memset(out, 0, sizeof *out);
    snprintf(out->instr, sizeof out->instr, "%s", instr);
    out->instrs = instrs;
    out->chains = rq->chains;
    out->clock_mhz = NAN;
    lap = LANES_LAP / rq->chains;
    reps = rq->ops ? (rq->ops + lap - 1) / lap : 0;
    out->ops = reps * lap;
    samples = rq->ops ? (rq->samples ? rq->samples : SAMPLES) + 1 : 0;
    {
        void *args[] = {&reps, &samples, &one, &zero, &outp};
        if ((rc = gpu_memset32(d->g, outp, 0, 2 * (LANES_T0 + 2 * samples), err, len)) != CHASE_OK ||
            (rc = gpu_launch(d->g, fn, 1, lanes, 0, args, err, len)) != CHASE_OK ||
            (rc = gpu_copy_out(d->g, r, outp, (LANES_T0 + 2 * samples) * sizeof r[0], err, len)) != CHASE_OK)
            return rc;
    }
    if (r[LANES_LACKS]) {
        snprintf(err, len, "this device's architecture (%s) lacks %s", d->info->arch, instr);
        return CHASE_ENOTSUP;
    }
    if (!rq->ops)
        return CHASE_OK;
    if (rq->stop && *rq->stop)
        return CHASE_EINTR;
    /* The clock over every sample: cycles a nanosecond. */
    if (hz > 0 && r[LANES_REAL] > 0 && r[LANES_SPAN] > 0) {
        per_ns = (double)r[LANES_SPAN] / ((double)r[LANES_REAL] / hz * 1e9);
        out->clock_mhz = per_ns * 1e3;
    }
    for (k = 1; k < samples; k++) {
        double c = (double)(r[LANES_T0 + 2 * k + 1] - r[LANES_T0 + 2 * k]) / ((double)out->ops * rq->chains);
        out->cycles[out->n] = c;
        out->ns[out->n] = per_ns > 0 ? c / per_ns : NAN;
        out->n++;
    }
    return CHASE_OK;
}
