/* async.c: chase async's analysis: a row's figures from its samples, the
 * best launch shape, the bound no figure may pass. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "async/async.h"
#include "core/stats.h"

const unsigned chase_async_blocks[CHASE_ASYNC_NBLOCKS] = {1, 2, 4, 8};
const unsigned chase_async_inflight[CHASE_ASYNC_NINFLIGHT] = {1, 2, 4, 8};

const struct chase_async_kind chase_async_kinds[CHASE_ASYNC_KINDS] = {
    {CHASE_ASYNC_LOAD_STORE, 4}, {CHASE_ASYNC_LOAD_STORE, 8}, {CHASE_ASYNC_LOAD_STORE, 16},
    {CHASE_ASYNC_CP_CA, 4},      {CHASE_ASYNC_CP_CA, 8},      {CHASE_ASYNC_CP_CA, 16},
    {CHASE_ASYNC_CP_CG, 16},     {CHASE_ASYNC_BULK, 16},      {CHASE_ASYNC_BULK, 64},
    {CHASE_ASYNC_BULK, 256},     {CHASE_ASYNC_BULK, 1024},    {CHASE_ASYNC_BULK, 4096},
    {CHASE_ASYNC_BULK, 16384},   {CHASE_ASYNC_BULK, 65536},   {CHASE_ASYNC_LDS_DIRECT, 4},
    {CHASE_ASYNC_LDS_WAIT, 4},
};

void chase_async_summarize(const double *s, unsigned n, double *med, double *p5, double *p95)
{
    double v[CHASE_MAX_SAMPLES];

    if (n > CHASE_MAX_SAMPLES)
        n = CHASE_MAX_SAMPLES;
    memcpy(v, s, n * sizeof *v);
    *med = chase_median(v, n);
    *p5 = chase_quantile(v, n, 0.05);
    *p95 = chase_quantile(v, n, 0.95);
}

int chase_async_latency(const struct chase_async_samples *s, struct chase_async_row *row)
{
    double a, b;

    if (!s->n)
        return -1;
    chase_async_summarize(s->cycles, s->n, &row->latency, &row->lat_p5, &row->lat_p95);
    chase_async_summarize(s->ns, s->n, &row->latency_ns, &a, &b);
    row->clock_mhz = s->clock_mhz;
    return 0;
}

double chase_async_gbs(const struct chase_async_samples *s)
{
    double v[CHASE_MAX_SAMPLES];
    unsigned k, m = 0;

    for (k = 0; k < s->n && k < CHASE_MAX_SAMPLES; k++)
        if (s->ns[k] > 0 && s->bytes[k] > 0)
            v[m++] = s->bytes[k] / s->ns[k];    /* bytes a ns: 10^9 bytes a second */
    return m ? chase_median(v, m) : NAN;
}

int chase_async_best(const struct chase_async_shape *sh, size_t n)
{
    size_t i;
    int best = -1;

    for (i = 0; i < n; i++)
        if (sh[i].measured && sh[i].gbs > 0 && (best < 0 || sh[i].gbs > sh[best].gbs))
            best = (int)i;
    return best;
}

double chase_async_peak(int is_memory, double mem_clock_mhz, double bus_bits, double l1_bpc, double shared_bpc,
                        unsigned units, double mhz, char *from, size_t len)
{
    snprintf(from, len, "none known");
    if (is_memory && mem_clock_mhz > 0 && bus_bits > 0) {
        snprintf(from, len, "driver: memory clock x 2 x bus bits / 8");
        return mem_clock_mhz * 1e6 * 2 * bus_bits / 8 / 1e9;
    }
    if (!(units > 0 && mhz > 0))
        return NAN;
    if (l1_bpc > 0) {
        snprintf(from, len, "architecture: L1 %g B/clk/SM x %u SMs x clock", l1_bpc, units);
        return l1_bpc * units * mhz * 1e6 / 1e9;
    }
    if (shared_bpc > 0) {
        snprintf(from, len, "backend: shared memory %g B/clk/SM x %u SMs x clock", shared_bpc, units);
        return shared_bpc * units * mhz * 1e6 / 1e9;
    }
    return NAN;
}
