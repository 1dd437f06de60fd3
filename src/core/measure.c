/* measure.c: one point of a curve, and the rule that says it has settled. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <string.h>

#include "core/measure.h"
#include "core/signals.h"
#include "core/stats.h"

#define MAX_POOL (CHASE_MAX_SAMPLES * 8)
#define SETTLED 0.005   /* the median's relative standard error */

int chase_measure_point(const struct chase_measure *m, uint64_t bytes, uint64_t stride,
                        struct chase_row *row, char *err, size_t len)
{
    double cyc[MAX_POOL], ns[MAX_POOL];
    unsigned n = 0, calls, max_calls = m->repeat * 4;
    int rc;

    for (calls = 0; calls < max_calls; calls++) {
        struct chase_samples s;
        struct chase_point pt;
        unsigned i;

        memset(&s, 0, sizeof s);
        memset(&pt, 0, sizeof pt);
        pt.bytes = bytes;
        pt.stride = stride;
        pt.pattern = m->pattern;
        pt.sub = m->sub;
        /* Each call a fresh order: the point's result is not one chain's. */
        pt.seed = m->seed * 0x100000001b3ULL + bytes * 31 + calls;
        pt.sm = m->sm;
        pt.samples = m->samples;
        pt.stop = &chase_stop;
        rc = m->ops->measure(m->dev, &pt, &s, err, len);
        if (rc != CHASE_OK)
            return rc;
        for (i = 0; i < s.n && i < CHASE_MAX_SAMPLES && n < MAX_POOL; i++, n++) {
            cyc[n] = s.cycles[i];
            ns[n] = s.ns[i];
        }
        if (calls + 1 < m->repeat)
            continue;
        /* Settled: the median's standard error (1.2533 sigma / sqrt(n) for
         * a normal sample) under 0.5%, or no room for another call. */
        if (1.2533 * chase_mad_sigma(cyc, n) / sqrt((double)n) <= SETTLED * chase_median(cyc, n) ||
            n + CHASE_MAX_SAMPLES > MAX_POOL)
            break;
    }
    if (n == 0) {
        snprintf(err, len, "the backend returned no samples");
        return CHASE_EFAIL;
    }
    memset(row, 0, sizeof *row);
    row->bytes = bytes;
    row->samples = n;
    row->p5 = chase_quantile(cyc, n, 0.05);
    row->p95 = chase_quantile(cyc, n, 0.95);
    row->cycles = chase_median(cyc, n);
    row->ns = chase_median(ns, n);
    return CHASE_OK;
}
