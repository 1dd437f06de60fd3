/* fit.c: binning a curve into points, their noise, despiking, and the penalised partition into straight pieces. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "levels/levels_int.h"
#include "core/stats.h"

#define BIN_OCTAVES (1.0 / 1024)/* rows closer than this are one point */
#define MAX_POINTS 4096         /* bins at most: the fit is O(points^2) at worst */
#define PENALTY 12.0            /* times log(n) per piece, residuals in units of their noise */
#define LOCAL_POINTS 16         /* points a point's noise is taken from */

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
