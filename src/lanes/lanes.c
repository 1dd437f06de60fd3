/* lanes.c: chase lanes' analysis: a row's figures from its samples. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/stats.h"
#include "lanes/lanes.h"

int chase_lanes_has_64(int op)
{
    return op <= CHASE_LANES_SHFL_BFLY || op == CHASE_LANES_MATCH_ANY || op == CHASE_LANES_SHARED;
}

/* Median and 5th/95th percentiles of n samples (copied: quantile sorts). */
static void summarize(const double *s, unsigned n, double *med, double *p5, double *p95)
{
    double v[CHASE_MAX_SAMPLES];

    if (n > CHASE_MAX_SAMPLES)
        n = CHASE_MAX_SAMPLES;
    memcpy(v, s, n * sizeof *v);
    *med = chase_median(v, n);
    *p5 = chase_quantile(v, n, 0.05);
    *p95 = chase_quantile(v, n, 0.95);
}

int chase_lanes_analyse(const struct chase_lanes_samples *lat, const struct chase_lanes_samples *lo,
                        const struct chase_lanes_samples *hi, struct chase_lanes_row *row)
{
    double ns5, ns95;

    if (!lat->n || !hi->n)
        return -1;
    summarize(lat->cycles, lat->n, &row->latency, &row->lat_p5, &row->lat_p95);
    summarize(lat->ns, lat->n, &row->latency_ns, &ns5, &ns95);
    summarize(hi->cycles, hi->n, &row->issue, &row->iss_p5, &row->iss_p95);
    row->instrs = hi->instrs ? hi->instrs : 1;
    row->issue_instr = row->issue / row->instrs;
    row->chains = hi->chains;
    row->clock_mhz = lat->clock_mhz;
    row->issue_lo = NAN;
    /* Little's law: the chains keep latency x chains / latency operations
     * in flight, so they cover the latency when latency / chains lies
     * clearly below the figure; at or near it, the figure may be the
     * latency's over too few chains rather than the issue cost. */
    row->settled = row->latency / row->chains <= (1 - CHASE_LANES_SETTLE_REL) * row->issue;
    if (lo && lo->n) {
        double p5, p95;
        summarize(lo->cycles, lo->n, &row->issue_lo, &p5, &p95);
    }
    return 0;
}
