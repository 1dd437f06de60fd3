/* assoc_probe.c: the list chains chase assoc times through its prober
 * (the backend's list hook, within a budget of loads and seconds), and
 * what the eviction sets and the policy sequences read of them. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <time.h>
#include <stdlib.h>

#include "abi/chase_backend.h"
#include "abi/checked.h"
#include "assoc/assoc.h"
#include "assoc/assoc_probe.h"
#include "core/exitcode.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* One list chain, its samples' cycles a timed access in v[0 .. *got-1],
 * within the budget (-1: spent).  0 or an exit status.  The budget is
 * checked against the loads the chain asks for and charged with those
 * the backend walked: the cpu backend walks up to 128 laps where a short
 * tail asks for one (its counter moves in steps), so a chain may take it
 * past the budget, once. */
int assoc_run_raw(struct chase_assoc_prober *p, const uint64_t *off, uint32_t n, uint32_t timed, unsigned warm,
                  unsigned laps, unsigned samples, unsigned spread, double *v, unsigned *got)
{
    uint64_t walked = 0;
    int code;

    *got = 0;
    if (p->loads >= p->budget || (uint64_t)n * (warm + (uint64_t)laps * samples) > p->budget - p->loads) {
        p->over = 1;
        return -1;
    }
    if (p->seconds > 0) {
        struct timespec ts;
        clock_gettime(CLOCK_MONOTONIC, &ts);
        if (!p->start)
            p->start = (double)ts.tv_sec + ts.tv_nsec / 1e9;
        else if ((double)ts.tv_sec + ts.tv_nsec / 1e9 - p->start > p->seconds) {
            p->over = 1;
            return -1;
        }
    }
    p->lists++;
    code = p->run(p->ctx, off, n, timed, warm, laps, samples, spread, v, got, &walked);
    if (walked < (uint64_t)laps * samples)
        walked = (uint64_t)laps * samples;
    if (chase_add_u64(walked, warm, &walked) || chase_mul_u64(walked, n, &walked) ||
        chase_add_u64(p->loads, walked, &p->loads))
        p->loads = UINT64_MAX;  /* past any budget: the next chain is refused */
    if (code)
        return code;
    return *got ? 0 : CHASE_EXIT_FAIL;
}

/* One list chain: the median cycles a timed access and its standard
 * error (from the samples' spread).  0 or an exit status. */
int assoc_run_list(struct chase_assoc_prober *p, const uint64_t *off, uint32_t n, uint32_t timed, unsigned warm,
                   unsigned laps, unsigned samples, unsigned spread, double *median, double *se)
{
    double v[CHASE_MAX_SAMPLES], mean = 0, var = 0;
    unsigned k, got = 0;
    int code;

    if ((code = assoc_run_raw(p, off, n, timed, warm, laps, samples, spread, v, &got)))
        return code;
    qsort(v, got, sizeof *v, cmp_double);
    *median = got % 2 ? v[got / 2] : (v[got / 2 - 1] + v[got / 2]) / 2;
    for (k = 0; k < got; k++)
        mean += v[k] / got;
    for (k = 0; k < got; k++)
        var += (v[k] - mean) * (v[k] - mean) / (got > 1 ? got - 1 : 1);
    *se = 1.25 * sqrt(var / got);
    return 0;
}

/* Misses a lap of the chain off[0 .. n-1], timed whole, and their error. */
int assoc_lap_misses(struct chase_assoc_level *L, struct chase_assoc_prober *p, const uint64_t *off, uint32_t n,
                     double *misses, double *se)
{
    double med, s, hit = L->hg > L->h ? L->hg : L->h, step = L->m - hit;
    int code;

    if ((code = assoc_run_list(p, off, n, n, SEQ_WARM, SEQ_LAPS, SEQ_SAMPLES, 0, &med, &s)))
        return code;
    *misses = (med - hit) * n / step;
    *se = s * n / step;
    p->last = med;
    return 0;
}
