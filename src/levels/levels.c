/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
/* levels.c: cache levels on a latency curve: fit, merge, bounds, names, and where to measure next.
 *
 * A level is a plateau: a stretch of sizes the latency dwells at.  The
 * finder works on log latency over log2 size, where a level's step is a
 * ratio, so one rule serves curves of 4 cycles and of 900.
 *
 * Fit.  The rows are binned (a 1/1024 octave, wider on huge curves so that a
 * million rows make a few thousand points) and cut into straight pieces by
 * penalised least squares (optimal partitioning, pruned as in PELT), each
 * point weighed by its own noise: the scatter of the points around it, which
 * differs along a curve (memory is often far noisier than L1).  Pieces may
 * slope: a plateau can climb as TLB or conflict misses grow, which a
 * staircase fit would cut into false levels.
 *
 * Merge.  Pieces of three points or more can be plateaus; between two of
 * them the curve rises at the rate of the chord joining their facing points.
 * A level boundary is where the rate peaks: it at least doubles from a
 * plateau before and halves to a plateau after (the curve rises and
 * settles), and the plateaus differ by 4% and four times their noise or
 * more.  So a step is a boundary however gradual it is, a smooth climb that
 * keeps steepening into the next step (the H100's L1) is one level with its
 * exit, and a plateau lower than the one before is no new level.  Within a
 * level, a second one begins at a kink: a piece as flat as the level's
 * flattest, after which the curve climbs at least twice as steeply, by a
 * level's step, over an octave or more, without accelerating and without
 * being the next transition (a TLB's reach adds misses as 1 - reach/size: a
 * corner, then a concave climb that need not settle before the next step,
 * as on the MI300X).  A climb that accelerates (convex in log size) is the
 * way out of a plateau, not a level.
 *
 * Bounds.  The capacity interval runs from the last point still on the
 * plateau to the first point clearly above it, against the plateau's trend
 * near its edge (its last piece's line, or the parabola through it where it
 * bends up) and the scatter about it: on means within that scatter or two
 * standard errors, off means three.  Points in between are too noisy to
 * place, and the level says so (noise_limited).  The latency is the median
 * of the level's flattest piece: a plateau that climbs is purest where it
 * is flattest (its start on the H100's L1; its end where random
 * replacement or a TLB's misses settle).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "levels/levels.h"
#include "core/size.h"
#include "core/stats.h"

#define MIN_PLATEAU 3           /* points in a plateau piece */
#define BIN_OCTAVES (1.0 / 1024)/* rows closer than this are one point */
#define MAX_POINTS 4096         /* bins at most: the fit is O(points^2) at worst */
#define SIGMA_FLOOR 0.001       /* latencies are written to 3-4 digits (0.1 cycle of 33: 0.3%, sd 0.09%) */
#define PENALTY 12.0            /* times log(n) per piece, residuals in units of their noise */
#define SETTLE 2.0              /* a boundary's rise is this many times steeper than the plateaus beside it */
#define MIN_STEP 1.04           /* the smallest latency ratio between two levels */
#define T_STEP 4.0              /* a step between levels is this many sigma at least */
#define T_ON 2.0                /* a point at most this many sigma above the plateau's trend is on it */
#define T_OFF 3.0               /* a point this many sigma above the plateau's trend is off it */
#define LOCAL_POINTS 16         /* points a point's noise is taken from */
#define CLIMB_POINTS 8          /* points of a gradual climb fitted to find where it began */
#define SPREAD_PRIOR 2.0        /* a plateau's noise counts as this many points of its scatter */
#define T_TEST 3.0              /* significance of slope differences and curvature */
#define BLUR_NOISE 4.0          /* a piece this many times noisier than the curve ... */
#define BLUR_RISE 1.5           /* ... that climbs this much is a step blurred by noise */
#define CLIMB_OCTAVES 0.125      /* a gradual climb's start placed to this much or better moves an edge */
#define ONSET_OCTAVES 1.0       /* a gradual onset that does not settle climbs this long at least */
#define MATCH_TOL 1.1           /* a plateau may end a sweep step past the driver's size */
#define MEMORY_OCTAVES 1.0      /* past the caches (or the last knee) by this much, the last level is memory */
#define MIN_LEVEL_OCTAVES 0.125 /* a level between two boundaries spans this much at least */
#define EDGE_SHARE 0.03         /* a point risen by less than this share of the step (log) is on the plateau */
#define SHOULDER_OCTAVES 0.5    /* a shoulder: shorter than this, before a step ... */
#define SHOULDER_SHARE 0.125    /* ... it rises less than this share of (log latency) ... */
#define SHOULDER_CLIFF 4.0      /* ... and the curve leaves it by this many times its own rise at once */
#define SPAN_TOL 1.15           /* a level's latency is within this ratio of the median of its span */
#define RUN_TOL 1.25            /* the curve's floor within this ratio of a run's start is one run */
#define DWELL_OCTAVES 1.0       /* a run of the floor this long (and MIN_PLATEAU points) is a plateau */

/* Prefix sums over centred, weighted points for O(1) straight-line fits. */
struct sums {
    double *w, *x, *xx, *z, *xz, *zz;
    double x0, z0;
};

struct line {
    double slope, icpt, rss;
};

/* Weighted least squares over points [a, b]; rss in units of each point's variance. */
static struct line seg_fit(const struct sums *s, size_t a, size_t b)
{
    struct line l;
    double m = s->w[b + 1] - s->w[a];
    double sx = s->x[b + 1] - s->x[a], sxx = s->xx[b + 1] - s->xx[a];
    double sz = s->z[b + 1] - s->z[a], sxz = s->xz[b + 1] - s->xz[a], szz = s->zz[b + 1] - s->zz[a];
    double vx = sxx - sx * sx / m, cxz = sxz - sx * sz / m, vz = szz - sz * sz / m;
    int sloped = vx > 1e-9 * (sxx > 1 ? sxx : 1);

    l.slope = sloped ? cxz / vx : 0;
    l.icpt = (sz - l.slope * sx) / m + s->z0 - l.slope * s->x0;
    l.rss = vz - (sloped ? cxz * cxz / vx : 0);
    if (l.rss < 0)
        l.rss = 0;
    return l;
}

static int valid_row(const struct chase_row *r)
{
    return r->bytes > 0 && isfinite(r->cycles) && r->cycles > 0;
}

/* Bins the rows into points; returns 0 or -1 (out of memory). */
static int bin_rows(const struct chase_curve *c, struct chase_fit *f)
{
    double lo = INFINITY, hi = -INFINITY, w, *tmp = NULL;
    size_t i, nvalid = 0, cap, tmpcap = 0;

    for (i = 0; i < c->n; i++) {
        if (valid_row(&c->rows[i])) {
            double x = log2((double)c->rows[i].bytes);
            lo = fmin(lo, x);
            hi = fmax(hi, x);
            nvalid++;
        }
    }
    f->n = 0;
    if (!nvalid)
        return 0;
    w = fmax(BIN_OCTAVES, (hi - lo) / MAX_POINTS);
    cap = (size_t)((hi - lo) / w) + 2;
    if (cap > nvalid)
        cap = nvalid;
    f->pt = malloc(cap * sizeof *f->pt);
    if (!f->pt)
        return -1;
    for (i = 0; i < c->n;) {
        struct chase_fit_point *p;
        double start, sx = 0;
        size_t k = 0, j;

        if (!valid_row(&c->rows[i])) {
            i++;
            continue;
        }
        start = log2((double)c->rows[i].bytes);
        if (f->n == cap) {      /* unsorted rows: more bins than the span allows */
            struct chase_fit_point *q = realloc(f->pt, 2 * cap * sizeof *q);
            if (!q)
                goto nomem;
            f->pt = q;
            cap *= 2;
        }
        p = &f->pt[f->n];
        p->first = i;
        for (j = i; j < c->n; j++) {
            double x;
            if (!valid_row(&c->rows[j]))
                continue;
            x = log2((double)c->rows[j].bytes);
            if (x < start || x >= start + w)
                break;
            if (k == tmpcap) {
                size_t nc = tmpcap ? 2 * tmpcap : 64;
                double *t = realloc(tmp, nc * sizeof *t);
                if (!t)
                    goto nomem;
                tmp = t;
                tmpcap = nc;
            }
            tmp[k++] = log(c->rows[j].cycles);
            sx += x;
            p->last = j;
        }
        p->x = sx / (double)k;
        p->z = k == 1 ? tmp[0] : chase_median(tmp, k);
        f->n++;
        i = j;
    }
    free(tmp);
    return 0;
nomem:
    free(tmp);
    free(f->pt);
    f->pt = NULL;
    f->n = 0;
    return -1;
}

/* The mean of the smallest three quarters of v (sorts v). */
static double trimmed_mean(double *v, size_t n)
{
    size_t k = (3 * n + 3) / 4, i;
    double s = 0;
    chase_quantile(v, n, 0);
    for (i = 0; i < k; i++)
        s += v[i];
    return s / (double)k;
}

/* Each point's noise.  Noise differs along a curve (memory is often far
 * noisier than L1), so the fit weighs each point by it and a step or a
 * slope is judged against the scatter where it is.  A point's distance to
 * the median of the five around it is 0 wherever the curve is monotone, so
 * neither steps nor slopes nor ramps of any shape inflate it; over the
 * sixteen points nearest each point, the mean of its smallest three
 * quarters (spared by spikes, and not 0 on integer latencies as a median
 * would be) times 2.906 is the sd of normal noise.  Floored. */
static int local_noise(struct chase_fit *f)
{
    double *r = malloc(f->n * sizeof *r), *t = malloc(f->n * sizeof *t), w[5];
    size_t i, k;

    if (!r || !t) {
        free(r);
        free(t);
        return -1;
    }
    for (i = 0; i < f->n; i++) {
        if (i < 2 || i + 2 >= f->n) {
            r[i] = -1;
            continue;
        }
        for (k = 0; k < 5; k++)
            w[k] = f->pt[i - 2 + k].z;
        r[i] = fabs(f->pt[i].z - chase_median(w, 5));
    }
    for (i = 0; i < f->n; i++) {
        size_t lo = i, hi = i, m = 0;
        if (r[i] >= 0)
            t[m++] = r[i];
        while (m < LOCAL_POINTS && (lo > 0 || hi + 1 < f->n)) {
            if (lo > 0 && r[--lo] >= 0)
                t[m++] = r[lo];
            if (hi + 1 < f->n && r[++hi] >= 0)
                t[m++] = r[hi];
        }
        f->pt[i].sd = m ? fmax(SIGMA_FLOOR, 2.906 * trimmed_mean(t, m)) : SIGMA_FLOOR;
    }
    /* Short smooth stretches and runs of points beside a step read too
     * quiet; no point is quieter than the curve's typical one. */
    for (i = 0; i < f->n; i++)
        t[i] = f->pt[i].sd;
    f->sigma = chase_median(t, f->n);
    for (i = 0; i < f->n; i++)
        f->pt[i].sd = fmax(f->pt[i].sd, f->sigma);
    free(r);
    free(t);
    return 0;
}

/* Replaces each point by the median of the five around it.  A median of
 * five leaves a monotone curve as it is (steps, slopes and ramps keep their
 * shape and their edges), while a point off both neighbours on each side (a
 * single-point spike, or two: interference on a shared machine, a
 * conflicting page) is no longer a point of the curve for the fit to cut a
 * piece for or to tilt a plateau.  The points' noise was taken before, from
 * the same distances, so the fit still weighs noisy stretches less. */
static int despike(struct chase_fit *f)
{
    double *z = malloc(f->n * sizeof *z), w[3];
    size_t i, k;

    if (!z)
        return -1;
    for (i = 0; i < f->n; i++) {
        /* Symmetric, narrower at the ends, so that the ends stay put. */
        size_t h = i < 1 ? i : 1, a, b;
        if (f->n - 1 - i < h)
            h = f->n - 1 - i;
        a = i - h;
        b = i + h;
        for (k = a; k <= b; k++)
            w[k - a] = f->pt[k].z;
        z[i] = chase_median(w, b - a + 1);
    }
    for (i = 0; i < f->n; i++)
        f->pt[i].z = z[i];
    free(z);
    return 0;
}

/* Optimal partitioning into straight pieces (PELT: a start is dropped once
 * it can no longer begin the best last piece, which holds because splitting
 * a piece never raises its squared error).  Fills ends; returns the count,
 * or 0 when out of memory. */
static size_t partition(const struct sums *s, size_t n, double beta, size_t *ends)
{
    double *F = malloc((n + 1) * sizeof *F), *val = malloc((n + 1) * sizeof *val);
    size_t *last = malloc((n + 1) * sizeof *last), *cand = malloc((n + 1) * sizeof *cand);
    size_t t, k, nc = 1, m = 0;

    if (!F || !val || !last || !cand)
        goto out;
    F[0] = -beta;
    cand[0] = 0;
    for (t = 1; t <= n; t++) {
        double best = INFINITY;
        size_t keep = 0;
        for (k = 0; k < nc; k++) {
            val[k] = F[cand[k]] + seg_fit(s, cand[k], t - 1).rss;
            if (val[k] + beta < best) {
                best = val[k] + beta;
                last[t] = cand[k];
            }
        }
        F[t] = best;
        for (k = 0; k < nc; k++)
            if (val[k] <= F[t])
                cand[keep++] = cand[k];
        nc = keep;
        cand[nc++] = t;
    }
    for (t = n; t > 0; t = last[t])
        ends[m++] = t - 1;
    for (k = 0; k < m / 2; k++) {
        size_t tmp = ends[k];
        ends[k] = ends[m - 1 - k];
        ends[m - 1 - k] = tmp;
    }
out:
    free(F);
    free(val);
    free(last);
    free(cand);
    return m;
}

void chase_levels_fit_free(struct chase_fit *f)
{
    free(f->pt);
    free(f->pc);
    memset(f, 0, sizeof *f);
}

int chase_levels_fit(const struct chase_curve *c, struct chase_fit *f)
{
    struct sums s;
    size_t *ends = NULL, i, j;
    double *t = NULL;
    int rc = -1;

    memset(f, 0, sizeof *f);
    memset(&s, 0, sizeof s);
    if (bin_rows(c, f))
        return -1;
    f->sigma = SIGMA_FLOOR;
    if (f->n < 2 * MIN_PLATEAU)
        return 0;
    if (local_noise(f))
        goto out;
    if (despike(f))
        goto out;
    s.w = calloc(f->n + 1, sizeof *s.w);
    s.x = calloc(f->n + 1, sizeof *s.x);
    s.xx = calloc(f->n + 1, sizeof *s.xx);
    s.z = calloc(f->n + 1, sizeof *s.z);
    s.xz = calloc(f->n + 1, sizeof *s.xz);
    s.zz = calloc(f->n + 1, sizeof *s.zz);
    ends = malloc(f->n * sizeof *ends);
    t = malloc(f->n * sizeof *t);
    if (!s.w || !s.x || !s.xx || !s.z || !s.xz || !s.zz || !ends || !t)
        goto out;
    /* Centred sums keep the fits exact to rounding on long curves. */
    for (i = 0; i < f->n; i++) {
        s.x0 += f->pt[i].x / (double)f->n;
        s.z0 += f->pt[i].z / (double)f->n;
    }
    for (i = 0; i < f->n; i++) {
        double w = 1 / (f->pt[i].sd * f->pt[i].sd), x = f->pt[i].x - s.x0, z = f->pt[i].z - s.z0;
        s.w[i + 1] = s.w[i] + w;
        s.x[i + 1] = s.x[i] + w * x;
        s.xx[i + 1] = s.xx[i] + w * x * x;
        s.z[i + 1] = s.z[i] + w * z;
        s.xz[i + 1] = s.xz[i] + w * x * z;
        s.zz[i + 1] = s.zz[i] + w * z * z;
    }
    /* Each point's residual is in units of its own noise, so the penalty
     * is BIC's with a margin for curves that are not straight pieces. */
    f->npc = partition(&s, f->n, PENALTY * log((double)f->n), ends);
    if (!f->npc)
        goto out;
    f->pc = malloc(f->npc * sizeof *f->pc);
    if (!f->pc)
        goto out;
    for (i = 0, j = 0; i < f->npc; i++) {
        struct line l = seg_fit(&s, j, ends[i]);
        struct chase_fit_piece *p = &f->pc[i];
        double xm = 0, sxx = 0;
        size_t k, m = ends[i] + 1 - j;
        p->a = j;
        p->b = ends[i];
        p->slope = l.slope;
        p->icpt = l.icpt;
        for (k = j; k <= p->b; k++) {
            xm += f->pt[k].x / (double)m;
            t[k - j] = f->pt[k].sd;
        }
        for (k = j; k <= p->b; k++)
            sxx += (f->pt[k].x - xm) * (f->pt[k].x - xm);
        p->sd = chase_median(t, m);
        p->se = sxx > 0 ? p->sd / sqrt(sxx) : INFINITY;
        j = ends[i] + 1;
    }
    rc = 0;
out:
    free(s.w);
    free(s.x);
    free(s.xx);
    free(s.z);
    free(s.xz);
    free(s.zz);
    free(ends);
    free(t);
    if (rc)
        chase_levels_fit_free(f);
    return rc;
}

/* ---- merge ---- */

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

static double level_of(const struct chase_fit *f, size_t piece)
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

/* Flattest plateau piece among pieces [p0, p1]; (size_t)-1 if none. */
static size_t flattest(const struct chase_fit *f, size_t p0, size_t p1)
{
    size_t j, best = (size_t)-1;
    for (j = p0; j <= p1 && j < f->npc; j++) {
        const struct chase_fit_piece *p = &f->pc[j];
        if (!is_plateau(f, p))
            continue;
        if (best == (size_t)-1 || fabs(p->slope) < fabs(f->pc[best].slope) ||
            (fabs(p->slope) == fabs(f->pc[best].slope) && p->b - p->a > f->pc[best].b - f->pc[best].a))
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

/* A quadratic over the points [a, b] in log size: z = c0 + c1 d + q u with
 * d = x - xm and u = d^2 - m2 - k d (orthogonal to 1 and d), and the
 * standard error of the curvature q at a point's noise sd. */
struct quad {
    double xm, m2, k, c0, c1, q, se;
};

static struct quad quad_fit(const struct chase_fit *f, size_t a, size_t b, double sd)
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

static double quad_at(const struct quad *Q, double x)
{
    double d = x - Q->xm;
    return Q->c0 + Q->c1 * d + Q->q * (d * d - Q->m2 - Q->k * d);
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
    Q = quad_fit(f, A->b + 1, rend, sd);
    if (Q.q > T_TEST * Q.se)
        return 0;
    *Bp = B;
    return 1;
}

/* Looks for a kink in span s (see the top of the file), the last one first;
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
    right->step = s->step + level_of(f, s->flat) - level_of(f, right->flat);
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
           level_of(f, P->V[r / 2]) - level_of(f, P->V[l / 2]) >=
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
        double base = level_of(f, P->V[valley[i] / 2]);
        for (e = peak[i] + 1; e < end; e++)
            if (e % 2 == 0 && fmin(level_of(f, P->V[e / 2]), at(&f->pc[P->V[e / 2]], f->pt[f->pc[P->V[e / 2]].a].x)) -
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
        s->step = level_of(f, fr) - level_of(f, s->flat);
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
            in = level_of(f, t.flat) - level_of(f, u.flat);
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

/* ---- bounds ---- */

static double ns_per_cycle(const struct chase_curve *c, size_t r0, size_t r1)
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
    T->q = quad_fit(f, a, b, sd);
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
    double base = level_of(f, s->flat), top = 0;
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
        L->cycles = exp(level_of(f, sp[i].flat));
        L->ns = L->cycles * ns_per_cycle(c, f->pt[fl->a].first, f->pt[fl->b].last);
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

/* ---- names ---- */

size_t chase_levels_caches(const struct chase_meta *m, struct chase_cache_fact *caches, size_t max)
{
    static const char prefix[] = "driver.cache.";
    size_t n = 0;
    int i;
    for (i = 0; i < m->n && n < max; i++) {
        char *end;
        double v;
        if (strncmp(m->kv[i].key, prefix, sizeof prefix - 1) || !m->kv[i].key[sizeof prefix - 1])
            continue;
        /* A number as any writer may put it ("52428800", "5.24288e+07"),
         * whole and in range, or the fact is not used. */
        v = strtod(m->kv[i].val, &end);
        if (end == m->kv[i].val || !(v >= 1 && v < 1.8e19) || v != floor(v))
            continue;
        snprintf(caches[n].name, sizeof caches[n].name, "%s", m->kv[i].key + sizeof prefix - 1);
        caches[n++].bytes = (uint64_t)v;
    }
    return n;
}

static void name_beyond(struct chase_level *lv, size_t i, uint64_t swept_max)
{
    char a[32], prev[sizeof lv->name], *cut;
    snprintf(prev, sizeof prev, "%s", i ? lv[i - 1].name : "L0");
    /* Beyond a cache, not beyond one of its parts ("L1 part 2", "L2 far"). */
    if ((cut = strstr(prev, " part ")) || (cut = strstr(prev, " near")) || (cut = strstr(prev, " far")))
        *cut = 0;
    snprintf(lv[i].name, sizeof lv[i].name, "beyond %.24s", prev);
    snprintf(lv[i].note, sizeof lv[i].note, "sweep ended at %s", chase_size_format(swept_max, a, sizeof a));
}

/* Names the levels that cache k holds (owner[i] == k): one takes its name;
 * several are its parts (near and far, or numbered): what splits a cache,
 * a far partition or a TLB's reach inside it, the sizes alone cannot
 * say.  The driver's size goes beside the part nearest to it in size. */
static void name_parts(struct chase_level *lv, size_t nlv, const int *owner, int k,
                       const struct chase_cache_fact *cache)
{
    size_t i, parts = 0, part = 0, nearest = nlv;
    double best = INFINITY;

    for (i = 0; i + 1 < nlv; i++)
        if (owner[i] == k) {
            double d = fabs(log2(sqrt((double)lv[i].lo * (double)lv[i].hi) / (double)cache->bytes));
            parts++;
            if (d < best) {
                best = d;
                nearest = i;
            }
        }
    for (i = 0; i + 1 < nlv; i++) {
        if (owner[i] != k)
            continue;
        part++;
        if (parts == 1)
            snprintf(lv[i].name, sizeof lv[i].name, "%.24s", cache->name);
        else if (parts == 2)
            snprintf(lv[i].name, sizeof lv[i].name, "%.24s %s", cache->name, part == 1 ? "near" : "far");
        else
            snprintf(lv[i].name, sizeof lv[i].name, "%.16s part %u", cache->name, (unsigned)part);
    }
    if (nearest < nlv) {
        snprintf(lv[nearest].cache, sizeof lv[nearest].cache, "%.31s", cache->name);
        lv[nearest].cache_bytes = cache->bytes;
    }
}

/* Names follow the measured order first: the levels are found in order of
 * latency, so a level is at most the cache after the one before it (the
 * first at most the smallest), whatever its bounds say; a plateau whose
 * edge the noise has moved past a cache's size is still that cache's, and
 * sizes only choose among the candidates (the same cache's part, or the
 * next one). */
static void no_jumps(int *owner, size_t nlv)
{
    size_t i;
    for (i = 0; i + 1 < nlv; i++) {
        int most = i && owner[i - 1] >= 0 ? owner[i - 1] + 1 : 0;
        if (owner[i] > most)
            owner[i] = most;
    }
}

void chase_levels_name(struct chase_level *lv, size_t nlv, const struct chase_cache_fact *caches,
                       size_t ncaches, uint64_t swept_max)
{
    struct chase_cache_fact cs[16];
    int owner[CHASE_MAX_LEVELS];
    size_t n = 0, i, k, low = 0;

    for (i = 0; i < nlv; i++) {
        lv[i].name[0] = lv[i].note[0] = lv[i].cache[0] = 0;
        lv[i].cache_bytes = 0;
    }
    if (nlv > CHASE_MAX_LEVELS)
        nlv = CHASE_MAX_LEVELS;
    if (!nlv)
        return;
    /* Sorted by size: the driver's order need not be. */
    for (i = 0; i < ncaches && n < sizeof cs / sizeof cs[0]; i++) {
        if (!caches[i].bytes)
            continue;
        for (k = n; k > 0 && cs[k - 1].bytes > caches[i].bytes; k--)
            cs[k] = cs[k - 1];
        cs[k] = caches[i];
        n++;
    }
    if (nlv == 1) {
        strcpy(lv[0].name, "L1");
        return;
    }
    if (!n) {
        for (i = 0; i + 1 < nlv; i++)
            snprintf(lv[i].name, sizeof lv[i].name, "L%u", (unsigned)(i + 1));
        if ((double)swept_max >= exp2(MEMORY_OCTAVES) * (double)lv[nlv - 1].lo)
            strcpy(lv[nlv - 1].name, "memory");
        else
            name_beyond(lv, nlv - 1, swept_max);
        return;
    }
    /* Each level with a capacity belongs to the smallest cache that holds
     * its plateau; far below the smallest reported one (a quarter) it is a
     * cache the driver does not report (the GPUs' L1), -1; past all, -2. */
    for (i = 0; i + 1 < nlv; i++) {
        owner[i] = -2;
        for (k = 0; k < n && owner[i] == -2; k++)
            if ((double)lv[i].lo <= MATCH_TOL * (double)cs[k].bytes)
                owner[i] = (int)k;
        if (owner[i] == 0 && strcmp(cs[0].name, "L1") && 4 * lv[i].hi <= cs[0].bytes)
            owner[i] = -1;
        low += owner[i] == -1;
    }
    no_jumps(owner, nlv);
    for (i = 0, k = 0; i + 1 < nlv; i++)
        if (owner[i] == -1) {
            if (low == 1)
                strcpy(lv[i].name, "L1");
            else
                snprintf(lv[i].name, sizeof lv[i].name, "L1 part %u", (unsigned)++k);
        }
    for (k = 0; k < n; k++)
        name_parts(lv, nlv, owner, (int)k, &cs[k]);
    for (i = 0; i + 1 < nlv; i++)
        if (owner[i] == -2) {
            if (lv[i + 1].onset)
                strcpy(lv[i].name, "TLB reach");
            else
                snprintf(lv[i].name, sizeof lv[i].name, "beyond %.24s", cs[n - 1].name);
        }
    /* Memory: the sweep went an octave past every cache and the last
     * plateau starts past them. */
    i = nlv - 1;
    if ((double)swept_max >= exp2(MEMORY_OCTAVES) * (double)cs[n - 1].bytes &&
        (double)lv[i].lo * MATCH_TOL >= (double)cs[n - 1].bytes)
        strcpy(lv[i].name, "memory");
    else
        name_beyond(lv, i, swept_max);
}

/* ---- honest spans ---- */

/* Point k's own log latency (the median of its rows), not despiked: the
 * check below judges the curve as measured. */
static double raw_z(const struct chase_curve *c, const struct chase_fit *f, size_t k)
{
    double t[64];
    size_t i, m = 0;
    for (i = f->pt[k].first; i <= f->pt[k].last && m < 64; i++)
        if (valid_row(&c->rows[i]))
            t[m++] = log(c->rows[i].cycles);
    return m ? chase_median(t, m) : f->pt[k].z;
}

static double raw_median(const struct chase_curve *c, const struct chase_fit *f, size_t a, size_t b)
{
    double *t = malloc((b - a + 1) * sizeof *t), m;
    size_t k;
    if (!t)
        return f->pt[(a + b) / 2].z;
    for (k = a; k <= b; k++)
        t[k - a] = raw_z(c, f, k);
    m = chase_median(t, b - a + 1);
    free(t);
    return m;
}

/* The points of level i's span: from the first size past the edge before
 * it (its climb included) to its last size on the plateau (the last level:
 * to the sweep's end).  Returns 0 if it holds too few to judge. */
static int span_points(const struct chase_curve *c, const struct chase_fit *f, const struct chase_level *lv,
                       size_t n, size_t i, size_t *a, size_t *b)
{
    uint64_t from = i ? lv[i - 1].hi : 0;
    size_t k;
    *a = f->n;
    *b = 0;
    for (k = 0; k < f->n; k++) {
        uint64_t bytes = c->rows[f->pt[k].first].bytes;
        if (bytes >= from && *a == f->n)
            *a = k;
        if (i + 1 == n || bytes <= lv[i].lo)
            *b = k;
    }
    return *a < f->n && *b >= *a + MIN_PLATEAU - 1;
}

/* A stretch of the curve's floor: plateau (it dwells) or not (a climb, or
 * scatter with no floor). */
struct run {
    size_t a, b;
    int plateau;
};

/* Cuts points [a, b] into runs of the curve's floor: the least latency at
 * or past each point.  Interference on a shared machine only ever slows a
 * load, so a level's latency is the floor under its scattered points (a
 * VM's L3 thrashed by a neighbour alternates between 45 and 800 cycles; its
 * floor stays at 45 until the L3 truly ends).  A run holds the points whose
 * floor is within RUN_TOL of the run's first; one that dwells
 * DWELL_OCTAVES is a plateau, shorter ones are a climb.  Returns the count
 * (at most max). */
static size_t floor_runs(const struct chase_curve *c, const struct chase_fit *f, size_t a, size_t b,
                         struct run *r, size_t max)
{
    double *e = malloc((b - a + 1) * sizeof *e);
    size_t k, nr = 0;

    if (!e)
        return 0;
    for (k = b + 1; k-- > a;)
        e[k - a] = k == b ? raw_z(c, f, k) : fmin(raw_z(c, f, k), e[k - a + 1]);
    for (k = a; k <= b && nr < max;) {
        size_t j = k;
        while (j + 1 <= b && e[j + 1 - a] <= e[k - a] + log(RUN_TOL))
            j++;
        r[nr].a = k;
        r[nr].b = j;
        r[nr].plateau = j + 1 - k >= MIN_PLATEAU && f->pt[j].x - f->pt[k].x >= DWELL_OCTAVES;
        /* Climbs next to each other are one. */
        if (nr && !r[nr].plateau && !r[nr - 1].plateau)
            r[nr - 1].b = j;
        else
            nr++;
        k = j + 1;
    }
    free(e);
    return nr;
}

/* A level of points [a, b] (its plateau, or all of it where none) with
 * latency the median of points [m0, m1]. */
static void level_at(const struct chase_curve *c, const struct chase_fit *f, size_t a, size_t b, size_t m0,
                     size_t m1, struct chase_level *L)
{
    L->cycles = exp(raw_median(c, f, m0, m1));
    L->ns = L->cycles * ns_per_cycle(c, f->pt[m0].first, f->pt[m1].last);
    L->first = f->pt[a].first;
    L->last = f->pt[b].first;
    L->lo = c->rows[f->pt[b].last].bytes;
    L->hi = b + 1 < f->n ? c->rows[f->pt[b + 1].first].bytes : 0;
}

/* Level i's span again, as plateaus of the curve's floor: each becomes a
 * level ending where the floor leaves it; a tail with no plateau after the
 * last one is a level of its own (noise-limited, its latency the tail's
 * median) rather than a part of the plateau before it.  Fills out (at most
 * max) and returns how many. */
static size_t respan(const struct chase_curve *c, const struct chase_fit *f, const struct chase_level *L,
                     int last, size_t a, size_t b, struct chase_level *out, size_t max, char notes[][48])
{
    struct run r[64];
    size_t nr = floor_runs(c, f, a, b, r, 64), k, m = 0, from = a;

    for (k = 0; k < nr && m < max; k++) {
        if (!r[k].plateau)
            continue;
        out[m] = *L;
        level_at(c, f, from, r[k].b, r[k].a, r[k].b, &out[m]);
        out[m].noise_limited = k + 1 < nr && !r[k + 1].plateau;
        out[m].onset = m ? 0 : L->onset;
        out[m].shoulder = 0;    /* the fit's edge's, kept below where that edge holds */
        notes[m][0] = 0;
        from = r[k].b + 1;
        m++;
    }
    if (m && from <= b && !last && fabs(raw_median(c, f, from, b) - log(out[m - 1].cycles)) <= log(SPAN_TOL)) {
        /* Points past the run that still lie on the plateau (its floor
         * crept): the fit's edge holds. */
        out[m - 1].lo = L->lo;
        out[m - 1].hi = L->hi;
        out[m - 1].last = L->last;
        out[m - 1].shoulder = L->shoulder;
        from = b + 1;
    } else if (m && from <= b && !last) {
        /* A climb after the last plateau: the edge toward the next level
         * is this level's, from where the floor leaves the plateau. */
        out[m - 1].noise_limited = 1;
        out[m - 1].hi = L->hi > out[m - 1].lo ? c->rows[f->pt[from].first].bytes : L->hi;
    }
    if ((!m || (last && from + MIN_PLATEAU <= b + 1)) && m < max) {
        double lo = INFINITY, hi = -INFINITY;
        out[m] = *L;
        level_at(c, f, from, b, from, b, &out[m]);
        if (last)
            out[m].hi = 0;
        else
            out[m].hi = L->hi;
        out[m].noise_limited = 1;
        out[m].onset = m ? 0 : L->onset;
        out[m].shoulder = 0;
        for (k = from; k <= b; k++) {
            lo = fmin(lo, raw_z(c, f, k));
            hi = fmax(hi, raw_z(c, f, k));
        }
        snprintf(notes[m], 48, "no plateau: the curve scatters %.0f-%.0f cycles", exp(lo), exp(hi));
        m++;
    }
    if (m && !last)
        out[m - 1].lo = out[m - 1].lo < L->lo ? out[m - 1].lo : L->lo;
    return m;
}

/* A level's latency describes its whole span: where the median of the
 * curve over a level's span is above its latency by more than SPAN_TOL
 * (the plateau ran on past a rise the fit could not cut, or the latency
 * came from a climb's foot), the span is taken apart again by its floor.
 * A span whose median is below (a long climb into a plateau whose latency
 * is right) is left as it is.
 * Returns the new count. */
static size_t honest_spans(const struct chase_curve *c, const struct chase_fit *f, struct chase_level *lv,
                           size_t n, size_t max, char notes[][48])
{
    size_t i, a, b, m;

    for (i = 0; i < n; i++) {
        struct chase_level out[CHASE_MAX_LEVELS];
        char nt[CHASE_MAX_LEVELS][48];
        if (!span_points(c, f, lv, n, i, &a, &b) ||
            raw_median(c, f, a, b) - log(lv[i].cycles) <= log(SPAN_TOL))
            continue;
        m = respan(c, f, &lv[i], i + 1 == n, a, b, out, max - n + 1, nt);
        if (!m)
            continue;
        memmove(lv + i + m, lv + i + 1, (n - i - 1) * sizeof *lv);
        memmove(notes + i + m, notes + i + 1, (n - i - 1) * sizeof *notes);
        memcpy(lv + i, out, m * sizeof *lv);
        memcpy(notes + i, nt, m * sizeof *notes);
        n += m - 1;
        i += m - 1;
    }
    for (i = 1; i < n; i++)
        if (i + 1 == n)
            lv[i].lo = lv[i - 1].hi;
    return n;
}

/* ---- the finder ---- */

size_t chase_levels_find(const struct chase_curve *c, struct chase_level *lv, size_t max)
{
    struct chase_fit f;
    struct chase_span *sp;
    struct chase_cache_fact caches[16];
    size_t n = 0, i, nc;
    uint64_t swept = 0;
    char notes[CHASE_MAX_LEVELS][48];

    memset(notes, 0, sizeof notes);

    if (chase_levels_fit(c, &f))
        return 0;
    if (f.npc && max) {
        sp = malloc(f.npc * sizeof *sp);
        if (sp) {
            n = chase_levels_merge(&f, sp, max < CHASE_MAX_LEVELS ? max : CHASE_MAX_LEVELS);
            chase_levels_bounds(c, &f, sp, n, lv);
            /* Edges in order, never two levels with one interval: a level
             * with no size on its plateau past the edge before it is none. */
            for (i = 1; i + 1 < n;) {
                if (lv[i].lo > lv[i - 1].hi) {
                    i++;
                    continue;
                }
                sp[i + 1].a = sp[i].a;
                if (f.pc[sp[i].flat].slope * f.pc[sp[i].flat].slope <
                    f.pc[sp[i + 1].flat].slope * f.pc[sp[i + 1].flat].slope)
                    sp[i + 1].flat = sp[i].flat;
                memmove(sp + i, sp + i + 1, (n - i - 1) * sizeof *sp);
                n--;
                chase_levels_bounds(c, &f, sp, n, lv);
                i = 1;
            }
            free(sp);
            n = honest_spans(c, &f, lv, n, max < CHASE_MAX_LEVELS ? max : CHASE_MAX_LEVELS, notes);
        }
    }
    chase_levels_fit_free(&f);
    for (i = 0; i < c->n; i++)
        if (valid_row(&c->rows[i]) && c->rows[i].bytes > swept)
            swept = c->rows[i].bytes;
    nc = chase_levels_caches(&c->meta, caches, sizeof caches / sizeof caches[0]);
    chase_levels_name(lv, n, caches, nc, swept);
    for (i = 0; i < n; i++) {
        if (notes[i][0]) {
            memcpy(lv[i].note, notes[i], sizeof lv[i].note);
        } else if (lv[i].shoulder && !lv[i].note[0]) {
            char a[32];
            snprintf(lv[i].note, sizeof lv[i].note, "shoulder from %s, +%.1f%% at most",
                     chase_size_format(lv[i].shoulder, a, sizeof a), (lv[i].shoulder_rise - 1) * 100);
        }
    }
    return n;
}

/* ---- refinement ---- */

struct want {
    uint64_t bytes;
    double priority;
};

static int by_priority(const void *a, const void *b)
{
    const struct want *x = a, *y = b;
    /* Equal priorities in size order: the same sizes on every C library. */
    if (x->priority != y->priority)
        return x->priority > y->priority ? -1 : 1;
    return (x->bytes > y->bytes) - (x->bytes < y->bytes);
}

/* The size half way (in log) between two, on the align grid; 0 if none lies strictly between. */
static uint64_t midpoint(uint64_t a, uint64_t b, uint64_t align)
{
    double m = sqrt((double)a * (double)b);
    uint64_t v = (uint64_t)llround(m / (double)align) * align;
    if (v <= a)
        v = (a / align + 1) * align;
    if (v >= b)
        return 0;
    return v;
}

size_t chase_levels_refine(const struct chase_curve *c, const struct chase_level *lv, size_t nlv,
                           uint64_t align, double octaves, uint64_t *sizes, size_t max)
{
    struct chase_fit f;
    struct want *w = NULL;
    size_t nw = 0, cap, i, j, out = 0;

    if (!max || !align || !(octaves > 0) || chase_levels_fit(c, &f))
        return 0;
    cap = c->n + f.n + 1;
    w = malloc(cap * sizeof *w);
    if (!w)
        goto done;
    /* Each transition, from the last point on a plateau to the first on
     * the next level's: halve every gap wider than asked.  This bisects
     * the capacity interval, and a plateau hidden in a transition (two
     * capacities close together) gets points enough to show. */
    for (i = 0; i + 1 < nlv; i++) {
        size_t r0 = lv[i].last, r1 = lv[i + 1].first > r0 ? lv[i + 1].first : r0;
        if (!lv[i].hi || lv[i].hi <= lv[i].lo || r0 >= c->n || r1 >= c->n)
            continue;
        while (r1 + 1 < c->n && c->rows[r1].bytes < lv[i].hi)
            r1++;
        for (j = r0; j < r1 && nw < cap; j++) {
            const struct chase_row *r = &c->rows[j], *q = &c->rows[j + 1];
            double g = q->bytes > r->bytes ? log2((double)q->bytes / (double)r->bytes) : 0;
            uint64_t m = g > octaves ? midpoint(r->bytes, q->bytes, align) : 0;
            if (m) {
                w[nw].bytes = m;
                w[nw++].priority = (r->bytes >= lv[i].lo && q->bytes <= lv[i].hi ? 100 : 10) + g;
            }
        }
    }
    /* Wide gaps the curve moves across by more than its noise: something
     * happens there that the points do not show (a hidden plateau, a
     * gradual onset's corner). */
    for (j = 0; j + 1 < f.n && nw < cap; j++) {
        double g = f.pt[j + 1].x - f.pt[j].x;
        double noise = sqrt(f.pt[j].sd * f.pt[j].sd + f.pt[j + 1].sd * f.pt[j + 1].sd);
        if (g > 2 * octaves && fabs(f.pt[j + 1].z - f.pt[j].z) > T_OFF * noise) {
            uint64_t m = midpoint(c->rows[f.pt[j].last].bytes, c->rows[f.pt[j + 1].first].bytes, align);
            if (m) {
                w[nw].bytes = m;
                w[nw++].priority = g;
            }
        }
    }
    qsort(w, nw, sizeof *w, by_priority);
    for (i = 0; i < nw && out < max; i++) {
        for (j = 0; j < out && sizes[j] != w[i].bytes; j++)
            ;
        if (j == out)
            sizes[out++] = w[i].bytes;
    }
    qsort(sizes, out, sizeof *sizes, chase_size_cmp);
done:
    free(w);
    chase_levels_fit_free(&f);
    return out;
}
