/* levels.c: a penalised multiple change-point fit of plateaus over log(size).
 *
 * Latency is fitted in log space, where a level's step is a ratio, so one
 * penalty serves curves of 4 cycles and of 900.  Optimal partitioning (exact
 * dynamic programming, O(n^2); a sweep has a few hundred points) cuts the
 * curve into straight pieces over log2(size): a plateau may slope (TLB and
 * conflict misses grow with the working set, as on the H100's L1), which a
 * piecewise-constant fit would cut into a staircase of false levels.
 *
 * Pieces that are long and gently sloped are plateau pieces; the rest (steep
 * or a point or two) are transitions, so a ramp over several points is one
 * boundary.  Consecutive plateau pieces whose fitted lines meet (no jump of a
 * level's size between the end of one and the start of the next) are one
 * level, with one exception: a flat piece followed by a piece that bends up
 * by a level's step on its own, over an octave and a half or more, is a
 * kink, where a new level begins with a gradual onset (a TLB's reach:
 * misses grow as 1 - reach/size, over about two octaves).  A plateau
 * that steepens bit by bit (the pieces before it already sloped) stays one.
 */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "levels.h"
#include "stats.h"

#define MIN_PLATEAU 3        /* points in a plateau piece */
#define LEVEL_STEP 1.12      /* the smallest latency ratio between two levels */
#define STEEP 0.35           /* log latency per octave above which a piece is a ramp */
#define LEVEL_FLAT 0.03      /* log latency per octave below which a piece is level */
#define KINK_OCTAVES 1.5     /* a gradual onset spans this much at least (a TLB: 1 - reach/size) */
#define SIGMA_FLOOR 0.004    /* relative noise below which quiet data is not trusted */
#define PENALTY 12.0         /* times sigma^2 * log(n) */

struct piece {
    size_t a, b;             /* inclusive indices into x, z */
    double slope, at_a, at_b;/* the fitted line: per octave, at x[a], at x[b] */
    int flat;
};

struct sums {
    double *x, *xx, *z, *xz, *zz;
};

static void line_fit(const struct sums *s, const double *x, size_t a, size_t b, double *slope, double *icpt,
                     double *rss)
{
    double m = (double)(b - a + 1);
    double sx = s->x[b + 1] - s->x[a], sxx = s->xx[b + 1] - s->xx[a];
    double sz = s->z[b + 1] - s->z[a], sxz = s->xz[b + 1] - s->xz[a], szz = s->zz[b + 1] - s->zz[a];
    double vx = sxx - sx * sx / m, cxz = sxz - sx * sz / m, vz = szz - sz * sz / m;
    double k = vx > 1e-12 ? cxz / vx : 0;
    (void)x;
    *slope = k;
    *icpt = (sz - k * sx) / m;
    *rss = vz - (vx > 1e-12 ? cxz * cxz / vx : 0);
    if (*rss < 0)
        *rss = 0;
}

/* Optimal partitioning into straight pieces; fills ends, returns the count. */
static size_t partition(const struct sums *s, const double *x, size_t n, double beta, size_t *ends)
{
    double *f = calloc(n + 1, sizeof *f);
    size_t *last = calloc(n + 1, sizeof *last), t, u, k = 0, m;

    if (!f || !last) {
        ends[k++] = n - 1;
        goto out;
    }
    f[0] = -beta;
    for (t = 1; t <= n; t++) {
        f[t] = INFINITY;
        for (u = 0; u < t; u++) {
            double slope, icpt, rss;
            line_fit(s, x, u, t - 1, &slope, &icpt, &rss);
            if (f[u] + rss + beta < f[t]) {
                f[t] = f[u] + rss + beta;
                last[t] = u;
            }
        }
    }
    for (t = n; t > 0; t = last[t])
        ends[k++] = t - 1;
    for (m = 0; m < k / 2; m++) {
        size_t tmp = ends[m];
        ends[m] = ends[k - 1 - m];
        ends[k - 1 - m] = tmp;
    }
out:
    free(f);
    free(last);
    return k;
}

struct run {
    size_t a, b;             /* indices of the level's first and last points */
    double start, end;       /* fitted log latency at its first and last points */
    int kink;                /* begins at a kink rather than after a step */
};

size_t chase_levels_find(const struct chase_curve *c, struct chase_level *lv, size_t max)
{
    size_t n = 0, i, j, npc, nrun = 0, out = 0;
    size_t *idx = malloc(c->n * sizeof *idx), *ends = malloc(c->n * sizeof *ends);
    double *x = malloc(c->n * sizeof *x), *z = malloc(c->n * sizeof *z);
    double *d = malloc(c->n * sizeof *d), *tmp = malloc(c->n * sizeof *tmp);
    struct piece *pc = malloc(c->n * sizeof *pc);
    struct run *run = malloc(c->n * sizeof *run);
    struct sums s = {calloc(c->n + 1, sizeof(double)), calloc(c->n + 1, sizeof(double)),
                     calloc(c->n + 1, sizeof(double)), calloc(c->n + 1, sizeof(double)),
                     calloc(c->n + 1, sizeof(double))};
    double sigma, resolve;

    if (!idx || !ends || !x || !z || !d || !tmp || !pc || !run || !s.x || !s.xx || !s.z || !s.xz || !s.zz)
        goto out;
    for (i = 0; i < c->n; i++) {
        const struct chase_row *r = &c->rows[i];
        if (r->bytes > 0 && isfinite(r->cycles) && r->cycles > 0) {
            idx[n] = i;
            x[n] = log2((double)r->bytes);
            z[n] = log(r->cycles);
            n++;
        }
    }
    if (n < 2 * MIN_PLATEAU)
        goto out;
    for (i = 0; i < n; i++) {
        s.x[i + 1] = s.x[i] + x[i];
        s.xx[i + 1] = s.xx[i] + x[i] * x[i];
        s.z[i + 1] = s.z[i] + z[i];
        s.xz[i + 1] = s.xz[i] + x[i] * z[i];
        s.zz[i + 1] = s.zz[i] + z[i] * z[i];
    }

    /* Noise from point-to-point differences: steps are few, so the median
     * difference ignores them. */
    for (i = 0; i + 1 < n; i++)
        d[i] = z[i + 1] - z[i];
    sigma = chase_mad_sigma(d, n - 1) / sqrt(2.0);
    if (!(sigma > SIGMA_FLOOR))
        sigma = SIGMA_FLOOR;

    npc = partition(&s, x, n, PENALTY * sigma * sigma * log((double)n), ends);
    for (i = 0, j = 0; i < npc; i++) {
        double icpt, rss;
        pc[i].a = j;
        pc[i].b = ends[i];
        line_fit(&s, x, pc[i].a, pc[i].b, &pc[i].slope, &icpt, &rss);
        pc[i].at_a = icpt + pc[i].slope * x[pc[i].a];
        pc[i].at_b = icpt + pc[i].slope * x[pc[i].b];
        pc[i].flat = pc[i].b - pc[i].a + 1 >= MIN_PLATEAU && fabs(pc[i].slope) <= STEEP;
        j = ends[i] + 1;
    }

    /* Flat pieces whose lines meet are one level; a jump of a level's size,
     * across transitions or none, starts the next. */
    for (i = 0; i < npc; i++) {
        int kink = 0;
        if (!pc[i].flat)
            continue;
        if (nrun && pc[i].at_a - run[nrun - 1].end < log(LEVEL_STEP) &&
            run[nrun - 1].end - pc[i].at_a < log(LEVEL_STEP)) {
            kink = i > 0 && pc[i - 1].flat && fabs(pc[i - 1].slope) < LEVEL_FLAT &&
                   pc[i].at_b - pc[i].at_a >= log(LEVEL_STEP) && x[pc[i].b] - x[pc[i].a] >= KINK_OCTAVES;
            if (!kink) {
                run[nrun - 1].b = pc[i].b;
                run[nrun - 1].end = pc[i].at_b;
                continue;
            }
        }
        run[nrun].a = pc[i].a;
        run[nrun].b = pc[i].b;
        run[nrun].start = pc[i].at_a;
        run[nrun].end = pc[i].at_b;
        run[nrun].kink = kink;
        nrun++;
    }

    /* How well this curve's noise lets a level's smallest step show at all:
     * on a noisy curve even a clean-looking fit may hide levels. */
    resolve = 1 - exp(-pow(log(LEVEL_STEP) / sigma, 2) / 8);
    for (i = 0; i < nrun && out < max; i++) {
        struct chase_level *L = &lv[out];
        size_t e = run[i].b, m = 0, half = (run[i].b - run[i].a + 2) / 2;
        double trans, tstat;

        memset(L, 0, sizeof *L);
        L->first = idx[run[i].a];
        L->last = idx[run[i].b];
        /* The level's latency: the median of its first half, where it is
         * purest (a plateau slopes up as TLB or conflict misses grow). */
        memcpy(tmp, z + run[i].a, half * sizeof *tmp);
        L->cycles = exp(chase_median(tmp, half));
        for (j = run[i].a; j < run[i].a + half; j++)
            if (isfinite(c->rows[idx[j]].ns) && c->rows[idx[j]].cycles > 0)
                tmp[m++] = c->rows[idx[j]].ns / c->rows[idx[j]].cycles;
        L->ns = m ? L->cycles * chase_median(tmp, m) : NAN;

        if (i + 1 < nrun && run[i + 1].kink) {
            /* At a kink the capacity is where the bend is. */
            L->lo = c->rows[idx[run[i].b]].bytes;
            L->hi = c->rows[idx[run[i + 1].a]].bytes;
            trans = 0;
            tstat = (run[i + 1].end - run[i].end) / sigma;
        } else if (i + 1 < nrun) {
            /* Capacity: from the last point still on the plateau (within a
             * tenth of the way to the next level, or four sigma) to the first
             * at least half way there. */
            double gap = run[i + 1].start - run[i].end;
            double on = run[i].end + fmax(0.1 * gap, 4 * sigma), halfway = run[i].end + 0.5 * gap;
            while (e + 1 < n && z[e + 1] <= on)
                e++;
            while (e > run[i].a && z[e] > on)
                e--;
            L->lo = c->rows[idx[e]].bytes;
            for (j = e + 1; j < n && z[j] < halfway && j < run[i + 1].a; j++)
                ;
            L->hi = c->rows[idx[j < n ? j : n - 1]].bytes;
            trans = (double)(run[i + 1].a - run[i].b - 1);
            tstat = fabs(gap) / sigma;
        } else {
            L->lo = c->rows[idx[run[i].a]].bytes;
            L->hi = 0;
            trans = i ? (double)(run[i].a - run[i - 1].b - 1) : 0;
            tstat = i ? fabs(run[i].start - run[i - 1].end) / sigma : INFINITY;
        }
        /* Confidence: the step against the point-to-point noise (a step of
         * three sigma gives 0.68), times how sharp the edge is (a long ramp
         * leaves the capacity vague). */
        L->confidence = (1 - exp(-tstat * tstat / 8)) / (1 + trans / 8) * resolve;
        out++;
    }
    for (i = 0; i < out; i++) {
        if (i + 1 == out && out > 1)
            strcpy(lv[i].name, "memory");
        else
            snprintf(lv[i].name, sizeof lv[i].name, "L%u", (unsigned)(i + 1));
    }
out:
    free(idx);
    free(ends);
    free(x);
    free(z);
    free(d);
    free(tmp);
    free(pc);
    free(run);
    free(s.x);
    free(s.xx);
    free(s.z);
    free(s.xz);
    free(s.zz);
    return out;
}
