/* test_levels.c: the plateau fit on synthetic curves with known levels. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "levels.h"
#include "tap.h"

static uint64_t rng = 88172645463325252ULL;

static double noise(double sd)
{
    double u, v;
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    u = ((double)(rng >> 11) + 0.5) / 9007199254740992.0;
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    v = ((double)(rng >> 11) + 0.5) / 9007199254740992.0;
    return sd * sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

/* A curve over 1 KiB .. max at 8 points an octave: latency lat[i] up to cap[i]. */
static void make(struct chase_curve *c, const uint64_t *cap, const double *lat, int nl, uint64_t max,
                 double sd, int ramp)
{
    int k;
    memset(c, 0, sizeof *c);
    for (k = 0;; k++) {
        struct chase_row r;
        double s = 1024.0 * exp2(k / 8.0), y;
        int l = 0;
        if (s > (double)max)
            break;
        while (l < nl - 1 && s > (double)cap[l])
            l++;
        y = lat[l];
        /* A ramp: the first points past a capacity climb part of the way. */
        if (ramp && l > 0 && s < (double)cap[l - 1] * 1.5)
            y = lat[l - 1] + (lat[l] - lat[l - 1]) * (s / (double)cap[l - 1] - 1) * 2;
        memset(&r, 0, sizeof r);
        r.bytes = (uint64_t)s;
        r.cycles = y * (1 + noise(sd));
        r.ns = r.cycles / 2;
        chase_curve_push(c, &r);
    }
}

static int inside(uint64_t truth, const struct chase_level *L)
{
    /* Within the interval, or one sweep step (2^(1/8)) of it. */
    return (double)truth >= (double)L->lo / 1.0905 && (double)truth <= (double)L->hi * 1.0905;
}

int main(void)
{
    struct chase_curve c;
    struct chase_level lv[CHASE_MAX_LEVELS];
    size_t n;
    uint64_t cap3[] = {32 << 10, 2 << 20, 0};
    double lat3[] = {30, 200, 600};
    double lat_close[] = {100, 130, 170};
    double conf_clean, conf_noisy;

    make(&c, cap3, lat3, 3, 256 << 20, 0, 0);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 3, "clean 3-level curve: 3 levels (got %zu)", n);
    tap_ok(n == 3 && inside(cap3[0], &lv[0]) && inside(cap3[1], &lv[1]), "capacities inside the intervals");
    tap_ok(n == 3 && fabs(lv[0].cycles - 30) < 0.5 && fabs(lv[2].cycles - 600) < 6, "latencies are the plateaus");
    tap_ok(n == 3 && fabs(lv[0].ns - 15) < 0.5, "ns from the curve's own ns/cycle");
    tap_ok(n == 3 && !strcmp(lv[0].name, "L1") && !strcmp(lv[2].name, "memory"), "named L1 .. memory");
    conf_clean = n ? lv[0].confidence : 0;
    chase_curve_free(&c);

    make(&c, cap3, lat3, 3, 256 << 20, 0.01, 1);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 3, "ramped, 1%% noise: still 3 levels, the ramp is one boundary (got %zu)", n);
    chase_curve_free(&c);

    make(&c, cap3, lat_close, 3, 256 << 20, 0.005, 0);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 3 && inside(cap3[0], &lv[0]) && inside(cap3[1], &lv[1]), "1.3x steps found (got %zu)", n);
    chase_curve_free(&c);

    make(&c, cap3, lat_close, 3, 256 << 20, 0.12, 0);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    conf_noisy = n ? lv[0].confidence : 0;
    tap_ok(conf_noisy < conf_clean && conf_noisy < 0.9, "confidence falls on a noisy curve (%.2f vs %.2f clean)",
           conf_noisy, conf_clean);
    chase_curve_free(&c);

    make(&c, cap3, lat3, 1, 64 << 20, 0.01, 0);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 1, "a flat curve is one level, nothing invented (got %zu)", n);
    chase_curve_free(&c);

    make(&c, cap3, lat3, 3, 1200, 0, 0);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 0, "too few points: no levels (got %zu)", n);
    chase_curve_free(&c);
    return tap_done();
}
