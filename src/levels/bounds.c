/* bounds.c: each level's capacity interval, latency and confidence from the merged spans. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "levels/levels_int.h"
#include "core/stats.h"

#define T_ON 2.0                /* a point at most this many sigma above the plateau's trend is on it */
#define CLIMB_POINTS 8          /* points of a gradual climb fitted to find where it began */
#define SPREAD_PRIOR 2.0        /* a plateau's noise counts as this many points of its scatter */
#define CLIMB_OCTAVES 0.125      /* a gradual climb's start placed to this much or better moves an edge */
#define EDGE_SHARE 0.03         /* a point risen by less than this share of the step (log) is on the plateau */

double chase_lv_ns_per_cycle(const struct chase_curve *c, size_t r0, size_t r1)
{
    double *t = malloc((r1 - r0 + 1) * sizeof *t), m = NAN;
    size_t i, k = 0;
    if (!t)
        return NAN;
    for (i = r0; i <= r1; i++)
        if (valid_row(&c->rows[i]) && isfinite(c->rows[i].ns))
            t[k++] = c->rows[i].ns / c->rows[i].cycles;
    if (k)
        m = chase_median(t, k);
    free(t);
    return m;
}

/* A plateau's trend near its edge, from its points [a, b]: their line, or
 * where they bend up significantly (a climb that steepens into the edge, as
 * the H100's L1) the parabola through them, so that the climb's next point
 * is not taken for the edge; with the scatter of the points about it. */
struct trend {
    struct quad q;
    double spread;      /* sd of one point about the trend */
    double on;          /* most of the plateau's points lie this close to it */
    double sxx;
    size_t m;
};

static void trend_fit(const struct chase_fit *f, size_t a, size_t b, double sd, struct trend *T)
{
    double *r = malloc((b - a + 1) * sizeof *r), ss = 0;
    size_t j;

    T->m = b - a + 1;
    T->q = chase_lv_quad_fit(f, a, b, sd);
    if (T->m <= MIN_PLATEAU || !(T->q.q > T_TEST * T->q.se))
        T->q.q = 0;
    T->sxx = 0;
    T->on = SIGMA_FLOOR;
    for (j = a; j <= b; j++) {
        double d = f->pt[j].x - T->q.xm, res = f->pt[j].z - quad_at(&T->q, f->pt[j].x);
        if (r)
            r[j - a] = fabs(res);
        ss += res * res;
        T->sxx += d * d;
    }
    if (r)
        T->on = fmax(T->on, chase_quantile(r, T->m, 0.9));
    free(r);
    /* Their scatter about it, with the piece's noise as two points' worth
     * of prior. */
    T->spread = fmax(SIGMA_FLOOR, sqrt((ss + SPREAD_PRIOR * sd * sd) / ((double)T->m - 2 + SPREAD_PRIOR)));
}

/* The standard error of a point predicted by the trend at x: its own
 * scatter and the trend's uncertainty, which grows away from the plateau.
 * On the plateau: within the scatter of most of its own points, or not
 * significantly above the trend (T_ON of these); off it: clearly above
 * (T_OFF). */
static double trend_se(const struct trend *T, double x)
{
    double d = x - T->q.xm;
    return T->spread * sqrt(1 + 1 / (double)T->m + (T->sxx > 0 ? d * d / T->sxx : 0));
}

/* Under noise a gradual climb's first points past the plateau may still
 * read on it.  The climb's first points from the first one clearly off
 * (up to eight, below half the step), fitted by a line, meet the plateau's
 * trend where the climb began (at or before it where the climb settles);
 * less two standard errors, that is where the plateau is known to end.
 * Returns the last point at or before it, or lo. */
static size_t climb_start(const struct chase_fit *f, const struct trend *T, size_t lo, size_t hi, double step,
                          size_t first)
{
    double sx = 0, sd = 0, sxx = 0, sxd = 0, m, b, a, xc, res = 0, se;
    size_t j, k, e;

    /* Only a climb that crosses the noise gradually: its first point off
     * the plateau is off by little (twice the threshold at most). */
    if (f->pt[hi].z - quad_at(&T->q, f->pt[hi].x) > 2 * fmax(T->on, T_OFF * trend_se(T, f->pt[hi].x)))
        return lo;
    for (e = hi; e < f->n && e < hi + CLIMB_POINTS && f->pt[e].z - quad_at(&T->q, f->pt[e].x) < 0.5 * step; e++)
        ;
    if (e < hi + 3)
        return lo;          /* a step, not a climb */
    m = (double)(e - hi);
    for (j = hi; j < e; j++) {
        double d = f->pt[j].z - quad_at(&T->q, f->pt[j].x);
        sx += f->pt[j].x;
        sd += d;
        sxx += f->pt[j].x * f->pt[j].x;
        sxd += f->pt[j].x * d;
    }
    b = (sxd - sx * sd / m) / (sxx - sx * sx / m);
    a = (sd - b * sx) / m;
    if (!(b > 0))
        return lo;
    for (j = hi; j < e; j++) {
        double d = f->pt[j].z - quad_at(&T->q, f->pt[j].x) - (a + b * f->pt[j].x);
        res += d * d;
    }
    xc = -a / b;
    /* The intercept's error: the line's at xc, over its slope. */
    se = sqrt(res / fmax(m - 2, 1) * (1 / m + (xc - sx / m) * (xc - sx / m) / (sxx - sx * sx / m))) / b;
    /* A climb too noisy to place its start within a sweep's few steps
     * says nothing about it: the points read on the plateau stay on it
     * (else a noisy climb would pull the edge back octaves, into the
     * plateau itself). */
    if (!(2 * se <= CLIMB_OCTAVES))
        return lo;
    xc -= 2 * se;
    for (k = lo; k > first && f->pt[k].x > xc; k--)
        ;
    return k < lo ? k : lo;
}

/* A shoulder before the edge: points from hi on, over less than
 * SHOULDER_OCTAVES, that stay above the plateau's trend by less than
 * SHOULDER_SHARE of the step, after which the curve leaves them at once by
 * SHOULDER_CLIFF times their highest rise or more (the H100's L1: flat at
 * 32.0 cycles to 193-240 KiB, then 33-35 to 240 KiB, then 55 at 245 KiB and
 * on to the L2's 283).  Where the shoulder begins moves from run to run;
 * the cliff does not, and it is where the cache stops holding the working
 * set: the shoulder's misses are a sliver of the step's.  A climb that
 * steepens smoothly has no such cliff and keeps its edge where it leaves
 * the plateau.  On finding one, moves [lo, hi] to the cliff, fills its
 * first point and highest rise (log latency) and returns 1. */
static int shoulder(const struct chase_fit *f, const struct trend *T, double step, size_t end, size_t *lo, size_t *hi,
                    size_t *first, double *rise)
{
    size_t k;
    double top = 0;

    if (!(step > 0) || *hi <= *lo || *hi >= f->n)
        return 0;
    for (k = *hi; k < f->n && k < end; k++) {
        double d = f->pt[k].z - quad_at(&T->q, f->pt[k].x);
        if (d >= SHOULDER_SHARE * step || f->pt[k].x - f->pt[*hi].x >= SHOULDER_OCTAVES)
            break;
        top = fmax(top, d);
    }
    if (k == *hi || k >= f->n || !(top > 0) || f->pt[k].x - f->pt[*hi].x >= SHOULDER_OCTAVES ||
        f->pt[k].z - f->pt[k - 1].z < SHOULDER_CLIFF * top)
        return 0;
    *first = *hi;
    *rise = top;
    *lo = k - 1;
    *hi = k;
    return 1;
}

/* The same shoulder where the fit cut it as a piece of its own, which the
 * edge was measured against: the points from the end of the level's flattest
 * piece to the edge, over less than SHOULDER_OCTAVES, all above that piece
 * by more than its noise and less than SHOULDER_SHARE of the step. */
static void shoulder_piece(const struct chase_curve *c, const struct chase_fit *f, const struct chase_span *s,
                           size_t lo, struct chase_level *L)
{
    const struct chase_fit_piece *fl = &f->pc[s->flat];
    double base = chase_lv_level_of(f, s->flat), top = 0;
    size_t k;

    if (s->ref == s->flat || fl->b >= lo || f->pt[lo].x - f->pt[fl->b + 1].x >= SHOULDER_OCTAVES)
        return;
    for (k = fl->b + 1; k <= lo; k++) {
        double d = f->pt[k].z - base;
        if (!(d > T_OFF * fl->sd) || !(d < SHOULDER_SHARE * s->step))
            return;
        top = fmax(top, d);
    }
    L->shoulder = c->rows[f->pt[fl->b + 1].first].bytes;
    L->shoulder_rise = exp(top);
}

/* The edge after span s: its capacity interval, whether it is
 * noise-limited, whether the next level begins gradually (in L->onset for
 * now), and the points it could not place. */
static void edge(const struct chase_curve *c, const struct chase_fit *f, const struct chase_span *s,
                 struct chase_level *L, double *inner)
{
    const struct chase_fit_piece *ref = &f->pc[s->ref];
    size_t j, lo, hi, sh, e = ref->b, end = s->limit < f->n ? s->limit : f->n;
    struct trend T;
    double rise;
    int moved;

    /* The fit may have swallowed the first points past the edge into the
     * plateau's piece: drop trailing points that are off the trend of the
     * points before them. */
    while (e >= ref->a + MIN_PLATEAU) {
        trend_fit(f, ref->a, e - 1, ref->sd, &T);
        if (f->pt[e].z - quad_at(&T.q, f->pt[e].x) <= T_OFF * trend_se(&T, f->pt[e].x))
            break;
        e--;
    }
    trend_fit(f, ref->a, e, ref->sd, &T);
    /* A rise of less than EDGE_SHARE of the step to the next level is on
     * the plateau however smooth the plateau: the H100's near L2 wobbles by
     * 0.3-0.9% over its last sixth (283.7 to 286.2 cycles, the step 130),
     * which its despiked trend would otherwise take for the edge. */
    T.on = fmax(T.on, EDGE_SHARE * s->step);
    lo = ref->a;
    for (j = ref->a; j < end; j++)
        if (f->pt[j].z - quad_at(&T.q, f->pt[j].x) <= fmax(T.on, T_ON * trend_se(&T, f->pt[j].x)))
            lo = j;
    /* No point clearly off before the next plateau: the edge is there. */
    for (hi = lo + 1; hi < end; hi++)
        if (f->pt[hi].z - quad_at(&T.q, f->pt[hi].x) > fmax(T.on, T_OFF * trend_se(&T, f->pt[hi].x)))
            break;
    if (hi >= f->n)
        hi = f->n - 1;
    if (shoulder(f, &T, s->step, end, &lo, &hi, &sh, &rise)) {
        L->shoulder = c->rows[f->pt[sh].first].bytes;
        L->shoulder_rise = exp(rise);
        moved = 0;
    } else {
        j = climb_start(f, &T, lo, hi, s->step, ref->a);
        moved = j < lo;
        lo = j;
        shoulder_piece(c, f, s, lo, L);
    }
    /* A point may hold several rows (a huge curve's bin), the edge among
     * them: the interval covers both points whole. */
    L->lo = c->rows[f->pt[lo].first].bytes;
    L->hi = c->rows[f->pt[hi].last].bytes;
    L->last = f->pt[lo].first;
    *inner = (double)(hi - lo - 1);
    L->noise_limited = hi > lo + 1 || moved;
    /* A gradual onset: at a kink, or the next level reached half way more
     * than half an octave past the edge. */
    if (!s->kink) {
        double half = quad_at(&T.q, f->pt[lo].x) + 0.5 * s->step;
        for (j = hi; j < f->n && f->pt[j].z < half; j++)
            ;
        L->onset = j < f->n && f->pt[j].x - f->pt[lo].x >= 0.5;
    } else {
        L->onset = 1;
    }
}

void chase_levels_bounds(const struct chase_curve *c, const struct chase_fit *f, const struct chase_span *sp,
                         size_t n, struct chase_level *lv)
{
    /* How well this curve's noise lets the smallest step show at all: on
     * a noisy curve even a clean-looking fit may hide levels. */
    double resolve = 1 - exp(-pow(log(MIN_STEP) / f->sigma, 2) / 8), tstat = INFINITY, inner = 0;
    size_t i;

    for (i = 0; i < n; i++) {
        struct chase_level *L = &lv[i];
        const struct chase_fit_piece *fl = &f->pc[sp[i].flat];

        memset(L, 0, sizeof *L);
        L->cycles = exp(chase_lv_level_of(f, sp[i].flat));
        L->ns = L->cycles * chase_lv_ns_per_cycle(c, f->pt[fl->a].first, f->pt[fl->b].last);
        L->first = f->pt[sp[i].a].first;
        if (i + 1 < n) {
            edge(c, f, &sp[i], L, &inner);
            tstat = fabs(sp[i].step) / f->pc[sp[i].ref].sd;
        } else {
            L->lo = i ? lv[i - 1].hi : c->rows[f->pt[sp[i].a].first].bytes;
            L->hi = 0;
            L->last = f->pt[sp[i].b].last;
        }
        /* Confidence: the step against the noise (three sigma gives 0.68),
         * lowered for points the edge could not place. */
        L->confidence = (1 - exp(-tstat * tstat / 8)) / (1 + inner / 8) * resolve;
    }
    /* onset said "the next begins gradually"; move it to the next. */
    for (i = n; i-- > 0;)
        lv[i].onset = i > 0 && lv[i - 1].onset;
    for (i = 0; i < n; i++) {
        if (i + 1 == n && n > 1)
            strcpy(lv[i].name, "memory");
        else
            snprintf(lv[i].name, sizeof lv[i].name, "L%u", (unsigned)(i + 1));
    }
}
