/* levels_int.h: what the level finder's files share: tuning, the quadratic fit, small helpers. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
/* Internal to src/levels/: no file outside that folder includes it; the
 * finder's interface is levels/levels.h. */
#ifndef CHASE_LEVELS_INT_H
#define CHASE_LEVELS_INT_H

#include <math.h>
#include <stddef.h>

#include "levels/levels.h"

#define MIN_PLATEAU 3           /* points in a plateau piece */
#define SIGMA_FLOOR 0.001       /* latencies are written to 3-4 digits (0.1 cycle of 33: 0.3%, sd 0.09%) */
#define MIN_STEP 1.04           /* the smallest latency ratio between two levels */
#define T_OFF 3.0               /* a point this many sigma above the plateau's trend is off it */
#define T_TEST 3.0              /* significance of slope differences and curvature */
#define SHOULDER_OCTAVES 0.5    /* a shoulder: shorter than this, before a step ... */
#define SHOULDER_SHARE 0.125    /* ... it rises less than this share of (log latency) ... */
#define SHOULDER_CLIFF 4.0      /* ... and the curve leaves it by this many times its own rise at once */

/* A row with a size and a finite, positive latency. */
static inline int valid_row(const struct chase_row *r)
{
    return r->bytes > 0 && isfinite(r->cycles) && r->cycles > 0;
}

/* A quadratic over the points [a, b] in log size: z = c0 + c1 d + q u with
 * d = x - xm and u = d^2 - m2 - k d (orthogonal to 1 and d), and the
 * standard error of the curvature q at a point's noise sd. */
struct quad {
    double xm, m2, k, c0, c1, q, se;
};

/* The quadratic through points [a, b] of the fit (merge.c). */
struct quad chase_lv_quad_fit(const struct chase_fit *f, size_t a, size_t b, double sd);

static inline double quad_at(const struct quad *Q, double x)
{
    double d = x - Q->xm;
    return Q->c0 + Q->c1 * d + Q->q * (d * d - Q->m2 - Q->k * d);
}

/* The median log latency of the points of fit piece `piece` (merge.c). */
double chase_lv_level_of(const struct chase_fit *f, size_t piece);

/* The median ns per cycle of the valid rows r0..r1, NAN if none (bounds.c). */
double chase_lv_ns_per_cycle(const struct chase_curve *c, size_t r0, size_t r1);

#endif
