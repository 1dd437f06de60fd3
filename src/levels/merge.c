/* merge.c: grouping the fit's pieces into levels: plateaus, boundaries, shelves and kinks. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "levels/levels_int.h"
#include "core/stats.h"

#define SETTLE 2.0              /* a boundary's rise is this many times steeper than the plateaus beside it */
#define T_STEP 4.0              /* a step between levels is this many sigma at least */
#define BLUR_NOISE 4.0          /* a piece this many times noisier than the curve ... */
#define BLUR_RISE 1.5           /* ... that climbs this much is a step blurred by noise */
#define ONSET_OCTAVES 1.0       /* a gradual onset that does not settle climbs this long at least */
#define MIN_LEVEL_OCTAVES 0.125 /* a level between two boundaries spans this much at least */

/* A piece that can be a plateau: three points, or two an octave apart or
 * more (a coarse sweep's); and not a blurred step: a piece whose points
 * scatter far more than the curve's (BLUR_NOISE times) while it climbs by
 * BLUR_RISE or more is a transition whose points alternate between the two
 * levels' latencies (an L1 giving way to an L2 on a shared machine), not a
 * level; taking it for one hides the step between its neighbours. */
static int is_plateau(const struct chase_fit *f, const struct chase_fit_piece *p)
{
    double width = f->pt[p->b].x - f->pt[p->a].x;
    if (p->sd >= BLUR_NOISE * f->sigma && p->slope * width >= log(BLUR_RISE))
        return 0;
    return p->b - p->a + 1 >= MIN_PLATEAU || (p->b > p->a && width >= 1);
}

static double at(const struct chase_fit_piece *p, double x)
{
    return p->icpt + p->slope * x;
}

static double median_z(const struct chase_fit *f, size_t a, size_t b)
{
    double *t = malloc((b - a + 1) * sizeof *t), m;
    size_t i;
    if (!t)
        return f->pt[(a + b) / 2].z;
    for (i = a; i <= b; i++)
        t[i - a] = f->pt[i].z;
    m = chase_median(t, b - a + 1);
    free(t);
    return m;
}

double chase_lv_level_of(const struct chase_fit *f, size_t piece)
{
    return median_z(f, f->pc[piece].a, f->pc[piece].b);
}

/* The smallest step between two plateau pieces, against their noise: a
 * level's step stands out of the scatter of single points. */
static double min_step(const struct chase_fit_piece *a, const struct chase_fit_piece *b)
{
    return fmax(log(MIN_STEP), T_STEP * fmax(a->sd, b->sd));
}

/* The standard error of piece p's line at its point k. */
static double end_se(const struct chase_fit *f, const struct chase_fit_piece *p, size_t k)
{
    double m = (double)(p->b - p->a + 1), d = 0;
    size_t i;
    for (i = p->a; i <= p->b; i++)
        d += f->pt[i].x / m;
    d = f->pt[k].x - d;
    /* se = sd / sqrt(Sxx), so d^2 / Sxx = (d se / sd)^2. */
    return p->sd * sqrt(1 / m + (isfinite(p->se) ? d * d * p->se * p->se / (p->sd * p->sd) : 0));
}

/* Scores closer than this are one (log latency an octave). */
#define SLOPE_SAME 1e-9

/* How flat a piece is known to be: its slope's size and that slope's
 * standard error (a piece of two points: none known).  A few points past
 * a long plateau fit a slope of 0 as well as any, and taken for the level
 * by their slope alone they gave it their latency: an H100's L1 read 33.9
 * cycles from a three-point shoulder (slope 0, its error 0.009) after 62
 * points flat at 32.0 (-7.6e-16), another's far L2 555.9 from three points
 * before its edge (0, error 0.045) after eight at 527 (0.014, error
 * 0.002). */
static double flat_score(const struct chase_fit_piece *p)
{
    return fabs(p->slope) + (isfinite(p->se) ? p->se : INFINITY);
}

/* Flattest plateau piece among pieces [p0, p1] (the least flat_score, the
 * longest of those alike, wherever they lie); (size_t)-1 if none. */
static size_t flattest(const struct chase_fit *f, size_t p0, size_t p1)
{
    size_t j, best = (size_t)-1;
    for (j = p0; j <= p1 && j < f->npc; j++) {
        const struct chase_fit_piece *p = &f->pc[j];
        double a, b;
        if (!is_plateau(f, p))
            continue;
        if (best == (size_t)-1) {
            best = j;
            continue;
        }
        a = flat_score(p);
        b = flat_score(&f->pc[best]);
        if ((isinf(a) && isinf(b)) || fabs(a - b) <= SLOPE_SAME) {
            if (p->b - p->a > f->pc[best].b - f->pc[best].a)
                best = j;
        } else if (a < b)
            best = j;
    }
    return best;
}

/* Pieces that lie wholly within points [a, b]. */
static void pieces_in(const struct chase_fit *f, size_t a, size_t b, size_t *p0, size_t *p1)
{
    size_t j;
    *p0 = f->npc;
    *p1 = 0;
    for (j = 0; j < f->npc; j++) {
        if (f->pc[j].a >= a && f->pc[j].b <= b) {
            if (*p0 == f->npc)
                *p0 = j;
            *p1 = j;
        }
    }
}

struct quad chase_lv_quad_fit(const struct chase_fit *f, size_t a, size_t b, double sd)
{
    struct quad Q;
    double m = (double)(b - a + 1), s2 = 0, s3 = 0, uu = 0, uz = 0, dz = 0;
    size_t i;

    memset(&Q, 0, sizeof Q);
    for (i = a; i <= b; i++) {
        Q.xm += f->pt[i].x / m;
        Q.c0 += f->pt[i].z / m;
    }
    for (i = a; i <= b; i++) {
        double d = f->pt[i].x - Q.xm;
        s2 += d * d;
        s3 += d * d * d;
        dz += d * f->pt[i].z;
    }
    Q.m2 = s2 / m;
    Q.k = s2 > 0 ? s3 / s2 : 0;
    Q.c1 = s2 > 0 ? dz / s2 : 0;
    for (i = a; i <= b; i++) {
        double d = f->pt[i].x - Q.xm, u = d * d - Q.m2 - Q.k * d;
        uu += u * u;
        uz += u * f->pt[i].z;
    }
    Q.q = uu > 1e-12 ? uz / uu : 0;
    Q.se = uu > 1e-12 ? sd / sqrt(uu) : INFINITY;
    return Q;
}

/* Whether the plateau piece A = pc[j] of span s (pieces p0..p1, flattest
 * v) ends at a kink whose climb runs to point rend; fills the climb's rise
 * and its first piece. */
static int kink_at(const struct chase_fit *f, const struct chase_span *s, size_t p0, size_t p1, size_t v, size_t j,
                   size_t rend, double *rise, const struct chase_fit_piece **Bp)
{
    const struct chase_fit_piece *A = &f->pc[j], *V = &f->pc[v], *end = NULL, *B = NULL;
    double sd = SIGMA_FLOOR, before = 0;
    struct quad Q;
    size_t k;

    /* A plateau as flat as the level's flattest, then an octave or more. */
    if (!is_plateau(f, A) || A->b >= rend)
        return 0;
    if (j != v && fabs(A->slope - V->slope) > T_TEST * sqrt(A->se * A->se + V->se * V->se))
        return 0;
    if (rend - A->b < MIN_PLATEAU + 1 || f->pt[rend].x - f->pt[A->b].x < ONSET_OCTAVES)
        return 0;
    for (k = j + 1; k <= p1 && f->pc[k].b <= rend; k++) {
        if (!is_plateau(f, &f->pc[k]))
            continue;
        /* The climb is a level's, not the next transition's: no piece of
         * it climbs half as fast as that transition. */
        if (s->rate > 0 && f->pc[k].slope > s->rate / SETTLE)
            return 0;
        /* Nor does it come back to the plateau it left (a bump). */
        if (B && at(&f->pc[k], f->pt[f->pc[k].a].x) - at(A, f->pt[A->b].x) < min_step(A, &f->pc[k]))
            return 0;
        if (!B)
            B = &f->pc[k];
        end = &f->pc[k];
    }
    if (!end)
        return 0;
    /* A corner: the climb after A is at least twice as steep as on A and
     * as into it (else A is a pause in a climb that settles), clearly; the
     * tail of the step the level began with is no climb into it. */
    for (k = j; k-- > p0;)
        if (is_plateau(f, &f->pc[k])) {
            if (f->pc[k].slope <= s->rate_in / SETTLE)
                before = f->pc[k].slope;
            break;
        }
    if (B->slope < SETTLE * fmax(fmax(A->slope, before), 0) ||
        B->slope - A->slope <= T_TEST * sqrt(A->se * A->se + B->se * B->se))
        return 0;
    /* By a level's step. */
    *rise = at(end, f->pt[end->b].x) - at(A, f->pt[A->b].x);
    if (*rise < min_step(A, end))
        return 0;
    /* Not accelerating: that is the way out of the plateau. */
    for (k = j + 1; k <= p1 && f->pc[k].a <= rend; k++)
        sd = fmax(sd, f->pc[k].sd);
    Q = chase_lv_quad_fit(f, A->b + 1, rend, sd);
    if (Q.q > T_TEST * Q.se)
        return 0;
    *Bp = B;
    return 1;
}

/* Looks for a kink in span s (see levels/levels.h), the last one first;
 * on finding one, fills left and right and returns 1. */
static int find_kink(const struct chase_fit *f, const struct chase_span *s, int last, struct chase_span *left,
                     struct chase_span *right)
{
    const struct chase_fit_piece *B = NULL;
    size_t p0, p1, v, j, k, rend;
    double rise = 0;

    pieces_in(f, s->a, s->b, &p0, &p1);
    if (p0 > p1 || p0 == f->npc)
        return 0;
    v = flattest(f, p0, p1);
    if (v == (size_t)-1)
        return 0;
    /* The climb runs to the plateau piece the next edge is measured on, not
     * into the way out before the next step. */
    if (!last)
        rend = f->pc[s->ref].b;
    else {
        for (k = p1; k > p0 && !is_plateau(f, &f->pc[k]); k--)
            ;
        rend = f->pc[k].b;
    }
    for (j = p1 + 1; j-- > p0 && !kink_at(f, s, p0, p1, v, j, rend, &rise, &B);)
        ;
    if (j == (size_t)-1 || j < p0)
        return 0;
    *left = *s;
    *right = *s;
    left->b = f->pc[j].b;
    left->ref = j;
    left->limit = rend + 1;
    left->step = rise;
    left->kink = 1;
    left->rate = B->slope;
    left->flat = flattest(f, p0, j);
    right->a = f->pc[j].b + 1;
    right->rate_in = INFINITY;
    if (last || s->ref <= j) {
        for (k = p1; k > j && !is_plateau(f, &f->pc[k]); k--)
            ;
        right->ref = k;
    }
    pieces_in(f, right->a, right->b, &p0, &p1);
    right->flat = flattest(f, p0, p1);
    right->step = s->step + chase_lv_level_of(f, s->flat) - chase_lv_level_of(f, right->flat);
    return 1;
}

/* The rate of rise along the curve: the plateau pieces' slopes (even
 * elements) and between them (odd) the chord joining their facing points,
 * not their lines' ends: on a smooth curve it lies between the slopes of
 * the pieces on either side, whatever the lines' errors. */
struct profile {
    size_t *V;          /* plateau pieces */
    size_t nv, ne;
    double *es;         /* rate of element e */
};

static void rates(const struct chase_fit *f, struct profile *P)
{
    size_t e, j;
    P->nv = 0;
    for (j = 0; j < f->npc; j++)
        if (is_plateau(f, &f->pc[j]))
            P->V[P->nv++] = j;
    P->ne = P->nv ? 2 * P->nv - 1 : 0;
    for (e = 0; e < P->ne; e++) {
        if (e % 2 == 0) {
            P->es[e] = f->pc[P->V[e / 2]].slope;
        } else {
            const struct chase_fit_point *l = &f->pt[f->pc[P->V[e / 2]].b], *r = &f->pt[f->pc[P->V[e / 2 + 1]].a];
            P->es[e] = (r->z - l->z) / (r->x - l->x);
        }
    }
}

/* Whether element e is a level boundary: a peak in the rate, with a
 * plateau at most half as steep on each side before anything steeper (the
 * curve rises and settles), across which the curve rises by a level's step
 * both where the two plateau pieces meet (so that a settling climb is not
 * cut where its points jitter) and as a whole (their medians: so that an
 * outlier that tilts a short piece is no step): by 4% at least, and four
 * standard errors of each difference, from the pieces' noise. */
static int is_peak(const struct chase_fit *f, const struct profile *P, size_t e, size_t *lp)
{
    const double *es = P->es;
    size_t j, l = P->ne, r = P->ne;
    const struct chase_fit_piece *L, *R;
    double jump;

    if (!(es[e] > 0))
        return 0;
    for (j = e; j-- > 0;) {
        if (es[j] >= es[e])
            return 0;
        if (j % 2 == 0 && es[j] <= es[e] / SETTLE) {
            l = j;
            break;
        }
    }
    for (j = e + 1; j < P->ne; j++) {
        if (es[j] > es[e])
            return 0;
        if (j % 2 == 0 && es[j] <= es[e] / SETTLE) {
            r = j;
            break;
        }
    }
    if (l == P->ne || r == P->ne)
        return 0;
    L = &f->pc[P->V[l / 2]];
    R = &f->pc[P->V[r / 2]];
    jump = at(R, f->pt[R->a].x) - at(L, f->pt[L->b].x);
    *lp = l;
    return jump >= fmax(log(MIN_STEP), T_STEP * hypot(end_se(f, L, L->b), end_se(f, R, R->a))) &&
           chase_lv_level_of(f, P->V[r / 2]) - chase_lv_level_of(f, P->V[l / 2]) >=
               fmax(log(MIN_STEP), T_STEP * 1.2533 * sqrt(L->sd * L->sd / (double)(L->b - L->a + 1) +
                                                          R->sd * R->sd / (double)(R->b - R->a + 1)));
}

/* Drops boundaries after which the curve falls back: a level is a plateau
 * above the one before it all along, up to the next boundary; a bump that
 * returns to where it came from (interference on a shared machine) is no
 * level.  valley[i] is the plateau element before peak[i].  Returns the
 * count left. */
static size_t no_bumps(const struct chase_fit *f, const struct profile *P, size_t *peak, size_t *valley, size_t np)
{
    size_t i, e;

    for (i = 0; i < np;) {
        size_t end = i + 1 < np ? peak[i + 1] : P->ne;
        const struct chase_fit_piece *L = &f->pc[P->V[valley[i] / 2]];
        double base = chase_lv_level_of(f, P->V[valley[i] / 2]);
        for (e = peak[i] + 1; e < end; e++)
            if (e % 2 == 0 &&
                fmin(chase_lv_level_of(f, P->V[e / 2]), at(&f->pc[P->V[e / 2]], f->pt[f->pc[P->V[e / 2]].a].x)) -
                        base < min_step(L, &f->pc[P->V[e / 2]]))
                break;
        if (e == end) {
            i++;
            continue;
        }
        memmove(peak + i, peak + i + 1, (np - i - 1) * sizeof *peak);
        memmove(valley + i, valley + i + 1, (np - i - 1) * sizeof *valley);
        np--;
        i = i ? i - 1 : 0;
    }
    return np;
}

/* The span between boundaries peak[i - 1] and peak[i] (the curve's ends for
 * i = 0 and i = np). */
static void span_between(const struct chase_fit *f, const struct profile *P, const size_t *peak, size_t np,
                         size_t i, struct chase_span *s)
{
    const double *es = P->es;
    size_t e, p0, p1, e0 = i ? peak[i - 1] + 1 : 0, e1 = i < np ? peak[i] - 1 : P->ne - 1;

    memset(s, 0, sizeof *s);
    /* A boundary that is a piece is no level's; one between two pieces
     * leaves each to its side. */
    if (!i)
        s->a = 0;
    else if (peak[i - 1] % 2 == 0)
        s->a = f->pc[P->V[peak[i - 1] / 2]].b + 1;
    else
        s->a = f->pc[P->V[peak[i - 1] / 2 + 1]].a;
    if (i == np)
        s->b = f->n - 1;
    else if (peak[i] % 2 == 0)
        s->b = f->pc[P->V[peak[i] / 2]].a - 1;
    else
        s->b = f->pc[P->V[peak[i] / 2]].b;
    pieces_in(f, s->a, s->b, &p0, &p1);
    s->flat = flattest(f, p0, p1);
    s->rate_in = i ? es[peak[i - 1]] : INFINITY;
    if (i < np) {
        /* The edge is measured against the last plateau piece at most half
         * as steep as the boundary, up to the first such piece after it. */
        double half = es[peak[i]] / SETTLE;
        size_t fr = s->flat, r1 = i + 1 < np ? peak[i + 1] - 1 : P->ne - 1;
        double best = INFINITY;
        s->ref = s->flat;
        for (e = e1 + 1; e-- > e0;)
            if (e % 2 == 0 && es[e] <= half) {
                s->ref = P->V[e / 2];
                break;
            }
        s->limit = f->n;
        for (e = peak[i] + 1; e <= r1; e++)
            if (e % 2 == 0 && es[e] <= half) {
                s->limit = f->pc[P->V[e / 2]].a;
                break;
            }
        for (e = peak[i] + 1; e <= r1; e++)
            if (e % 2 == 0 && fabs(es[e]) < best) {
                best = fabs(es[e]);
                fr = P->V[e / 2];
            }
        s->step = chase_lv_level_of(f, fr) - chase_lv_level_of(f, s->flat);
        s->rate = es[peak[i]];
    }
}

size_t chase_levels_merge(const struct chase_fit *f, struct chase_span *sp, size_t max)
{
    struct profile P;
    struct chase_span *work = NULL, l, r;
    size_t *peak = NULL, *valley = NULL, np = 0, nwork = 0, nsp = 0, e, i;

    if (!f->npc || !max)
        return 0;
    P.V = malloc(f->npc * sizeof *P.V);
    P.es = malloc(2 * f->npc * sizeof *P.es);
    peak = malloc(2 * f->npc * sizeof *peak);
    valley = malloc(2 * f->npc * sizeof *valley);
    work = malloc(f->npc * sizeof *work);
    if (!P.V || !P.es || !peak || !valley || !work)
        goto out;
    rates(f, &P);
    if (!P.nv)
        goto out;
    for (e = 0; e < P.ne; e++)
        if (is_peak(f, &P, e, &valley[np]))
            peak[np++] = e;
    np = no_bumps(f, &P, peak, valley, np);
    /* A level spans sizes: a plateau narrower than MIN_LEVEL_OCTAVES between
     * two boundaries is a shelf in one transition (a hashed cache's sets
     * fill unevenly, a partition's lines go first; refinement puts points
     * on such shelves), and joins the level whose latency it is nearer:
     * the boundary on that side goes.  Which side the fit's pieces make
     * steeper moves from run to run; which latency the shelf is nearer does
     * not (the H100's far L2 gives way to memory over a shelf at 625 cycles,
     * between 530 and 685: with memory).  One that climbs over itself by
     * half its distance to either side is no shelf but the transition's
     * ramp, which begins the level after it: the edge is where it starts.
     * A plateau narrower than SHOULDER_OCTAVES that rises above the level
     * before it by less than SHOULDER_SHARE of the step after it (the
     * H100's L1 climbs up to 12% from 193-240 KiB to 240 KiB, then 250
     * cycles to the L2) joins the level before: its misses are a sliver of
     * what the next level costs, the first of the cache's own. */
    for (i = 1; i < np;) {
        struct chase_span t, u;
        double width, in = NAN;
        size_t drop = np;
        span_between(f, &P, peak, np, i, &t);
        span_between(f, &P, peak, np, i - 1, &u);
        width = f->pt[t.b].x - f->pt[t.a].x;
        if (t.flat != (size_t)-1 && u.flat != (size_t)-1)
            in = chase_lv_level_of(f, t.flat) - chase_lv_level_of(f, u.flat);
        if (width < MIN_LEVEL_OCTAVES)
            drop = !isfinite(in) ? (P.es[peak[i - 1]] < P.es[peak[i]] ? i - 1 : i)
                   : f->pt[t.b].z - f->pt[t.a].z > 0.5 * fmin(in, t.step) ? i      /* a ramp: the climb's start is the edge */
                   : in < t.step ? i - 1 : i;
        else if (width < SHOULDER_OCTAVES && in < SHOULDER_SHARE * t.step)
            drop = i - 1;
        if (drop < np) {
            memmove(peak + drop, peak + drop + 1, (np - drop - 1) * sizeof *peak);
            np--;
            if (i > 1)
                i--;
            continue;
        }
        i++;
    }
    for (i = 0; i <= np; i++)
        span_between(f, &P, peak, np, i, &work[nwork++]);
    /* Kinks within each span; a span split in two is looked at again. */
    for (i = 0; i < nwork && nsp < max;) {
        if (nwork < f->npc && find_kink(f, &work[i], i + 1 == nwork, &l, &r)) {
            memmove(work + i + 2, work + i + 1, (nwork - i - 1) * sizeof *work);
            work[i] = l;
            work[i + 1] = r;
            nwork++;
            continue;
        }
        sp[nsp++] = work[i++];
    }
out:
    free(P.V);
    free(P.es);
    free(peak);
    free(valley);
    free(work);
    return nsp;
}
