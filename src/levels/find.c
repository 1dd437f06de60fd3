/* find.c: the level finder (fit, merge, bounds, names), with spans checked against the curve as measured. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "levels/levels_int.h"
#include "abi/checked.h"
#include "core/size.h"
#include "core/stats.h"

#define SPAN_TOL 1.15           /* a level's latency is within this ratio of the median of its span */
#define RUN_TOL 1.25            /* the curve's floor within this ratio of a run's start is one run */
#define FLOOR_STEP 2.0          /* plateaus of a span's floor this far apart are two levels */
#define DWELL_OCTAVES 1.0       /* a run of the floor this long (and MIN_PLATEAU points) is a plateau */
#define EDGE_TOL 1.19           /* a half's edge agrees with the curve's within this ratio of sizes (2^(1/4)) */
#define EDGE_FAR 2.0            /* ... and is the same edge, placed elsewhere, within this ratio */
#define PHANTOM_STEP 1.0        /* an edge no half finds, a step under this ratio, is none (1: off; 2
                                 * cost narrow real levels halves are too sparse to see: test_refine) */
#define PHANTOM_OCTAVES 0.0     /* ... or after a level narrower than this that climbs (0: off; 0.5
                                 * removed the TLB climb's parts but also 1.4x capacities) */
#define CUT_OCTAVES 0.5         /* a climb's piece this wide or wider, cut by an edge no half finds, joins */
                                /* what follows (narrower: a cache between two 1.25-1.4x apart, seed 2's 77pccp) */
#define RAMP_OCTAVES 1.0        /* a part of a cache narrower than this that climbs is its ramp (join_ramps) */
#define RAMP_WHOLE_OCTAVES 0.8  /* ... or narrower than this, climbing as a whole (an H100's L2 far climbs */
                                /* over its octave, 24.7 to 49.4 MiB, and is a part of its own) */
#define RAMP_WIDE_OCTAVES 2.0   /* ... or a run of parts narrower than this, climbing on into the next (wide_ramp) */
#define RAMP_NEAR_OCTAVES 0.25  /* ... and where not begun gradually, a quarter of the way this far before half */
#define CLIMB_POINTS 4          /* a level whose last points ... */
#define CLIMB_RISE 1.03         /* ... rise at each step and by this in all is a climb */
#define SCATTER 1.5             /* a level whose points' middle half spans this ratio scatters */
#define SHARE_FAR 4.0           /* a level ending this far inside its cache is a share of it */
#define SHARE_NEAR (4.0 / 3)    /* ... this far, a level measured whole but smaller than reported */
#define RESAMPLE_LAT 1.25       /* ... between plateaus within this ratio of the curve's levels' latencies */

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
    L->ns = L->cycles * chase_lv_ns_per_cycle(c, f->pt[m0].first, f->pt[m1].last);
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
                     int last, size_t a, size_t b, struct chase_level *out, size_t max, char notes[][CHASE_LEVEL_NOTE])
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
        snprintf(notes[m], CHASE_LEVEL_NOTE, "no plateau: the curve scatters %.0f-%.0f cycles", exp(lo), exp(hi));
        m++;
    }
    if (m && !last)
        out[m - 1].lo = out[m - 1].lo < L->lo ? out[m - 1].lo : L->lo;
    return m;
}

/* Whether the floor of points [a, b] dwells on plateaus FLOOR_STEP apart
 * or more: a step the fit could not cut (interference on a shared machine
 * scatters the points on both sides of a step until the noise it sees
 * hides the step itself; the floor keeps it). */
static int floor_steps(const struct chase_curve *c, const struct chase_fit *f, size_t a, size_t b)
{
    struct run r[64];
    size_t nr = floor_runs(c, f, a, b, r, 64), k;
    double first = NAN;

    for (k = 0; k < nr; k++) {
        double z;
        if (!r[k].plateau)
            continue;
        z = raw_z(c, f, r[k].a);
        for (size_t j = r[k].a; j <= r[k].b; j++)
            z = fmin(z, raw_z(c, f, j));
        if (isnan(first))
            first = z;
        else if (z - first >= log(FLOOR_STEP))
            return 1;
    }
    return 0;
}

/* A level's latency describes its whole span: where the median of the
 * curve over a level's span is above its latency by more than SPAN_TOL
 * (the plateau ran on past a rise the fit could not cut, or the latency
 * came from a climb's foot), the span is taken apart again by its floor.
 * So is a span whose floor dwells on plateaus FLOOR_STEP apart.  A span
 * whose median is below (a long climb into a plateau whose latency is
 * right) is left as it is.
 * Returns the new count. */
static size_t honest_spans(const struct chase_curve *c, const struct chase_fit *f, struct chase_level *lv,
                           size_t n, size_t max, char notes[][CHASE_LEVEL_NOTE])
{
    size_t i, a, b, m;

    for (i = 0; i < n; i++) {
        struct chase_level out[CHASE_MAX_LEVELS];
        char nt[CHASE_MAX_LEVELS][CHASE_LEVEL_NOTE];
        if (!span_points(c, f, lv, n, i, &a, &b) ||
            (raw_median(c, f, a, b) - log(lv[i].cycles) <= log(SPAN_TOL) && !floor_steps(c, f, a, b)))
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
    if (n)
        lv[n - 1].hi = 0;       /* the last level has no end, however its span was cut */
    return n;
}

/* ---- the finder ---- */

/* The levels of c, unnamed: fit, merge, bounds and honest spans. */
static size_t find_raw(const struct chase_curve *c, struct chase_level *lv, size_t max, char notes[][CHASE_LEVEL_NOTE])
{
    struct chase_fit f;
    struct chase_span *sp;
    size_t n = 0, i;

    memset(notes, 0, CHASE_MAX_LEVELS * sizeof *notes);

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
    return n;
}

/* ---- resampling: does a repeat find the level? ---- */

/* Half h (0 or 1) of c's valid rows, in order of size: every other one.
 * Returns 0, or -1 when out of memory. */
static int half_curve(const struct chase_curve *c, int h, struct chase_curve *out)
{
    size_t i, k = 0;

    memset(out, 0, sizeof *out);
    out->rows = malloc((c->n / 2 + 1) * sizeof *out->rows);
    if (!out->rows)
        return -1;
    out->cap = c->n / 2 + 1;
    for (i = 0; i < c->n; i++) {
        if (!valid_row(&c->rows[i]))
            continue;
        if ((int)(k++ % 2) == h && out->n < out->cap)
            out->rows[out->n++] = c->rows[i];
    }
    return 0;
}

/* Whether the levels h (nh of them) hold the edge after level i of lv:
 * an edge up from a plateau within RESAMPLE_LAT of lv[i]'s latency (what
 * follows may be cut otherwise: a climb the curve splits, a half need
 * not), its interval within EDGE_FAR of lv[i]'s.
 * Returns its index, the nearest such, or -1. */
static int edge_found(const struct chase_level *lv, size_t i, const struct chase_level *h, size_t nh)
{
    double best = INFINITY;
    size_t j;
    int at = -1;

    for (j = 0; j + 1 < nh; j++) {
        double d;
        if (!((double)h[j].hi * EDGE_FAR >= (double)lv[i].lo && (double)h[j].lo <= (double)lv[i].hi * EDGE_FAR &&
              fabs(log(h[j].cycles / lv[i].cycles)) <= log(RESAMPLE_LAT) && h[j + 1].cycles > h[j].cycles))
            continue;
        d = fabs(log((double)h[j].lo * h[j].hi / ((double)lv[i].lo * lv[i].hi)));
        if (d < best) {
            best = d;
            at = (int)j;
        }
    }
    return at;
}

/* Each level's confirmation: the interleaved halves of the curve (every
 * other point) are analysed each on its own, as a repeat of the sweep with
 * half its points would be; a level is found by a half when the half
 * holds both of its edges (the one before it and the one after).  Fills
 * found[i] with 0, 1 or 2 halves, and returns 0; -1 where the curve is
 * too short to split.  An edge a half places apart from the curve's
 * (their intervals further apart than EDGE_TOL, more than the half's
 * sparser points explain) widens the level's interval to hold both: where
 * a cache ends moves from one repeat to the next (a cache shared with
 * other tenants), and the interval says so (noise-limited). */
/* The octaves level i of lv spans: from the edge before it (the curve's
 * first size) to its end (the last level: the curve's last size). */
static double width(const struct chase_curve *c, const struct chase_level *lv, size_t n, size_t i)
{
    double from = i ? (double)lv[i - 1].hi : (double)c->rows[0].bytes;
    double to = i + 1 < n ? (double)lv[i].lo : (double)c->rows[c->n - 1].bytes;
    return to > from && from > 0 ? log2(to / from) : 0;
}

/* Whether level i (not the last) is a climb: its last CLIMB_POINTS points
 * (in order of size, to its end) rise at each step and by CLIMB_RISE in
 * all, where a plateau, however narrow, ends flat. */
static int climbs(const struct chase_curve *c, const struct chase_level *lv, size_t i)
{
    double y[CLIMB_POINTS];
    size_t k, m = 0;

    /* The rows are in order of size; the last CLIMB_POINTS at or below lo. */
    for (k = c->n; k-- > 0 && m < CLIMB_POINTS;)
        if (valid_row(&c->rows[k]) && c->rows[k].bytes <= lv[i].lo && (!i || c->rows[k].bytes >= lv[i - 1].hi))
            y[m++] = c->rows[k].cycles;
    if (m < CLIMB_POINTS)
        return 0;
    for (k = 1; k < m; k++)
        if (y[k] > y[k - 1])
            return 0;
    return y[0] > CLIMB_RISE * y[m - 1];
}

/* join_ramps' test: climbs, or the level's points, from where the level
 * before it ends to where it ends, climb as a whole: two steps in three
 * up (a plateau's noise goes up and down alike; the climb from the level
 * before, at its start, is a few steps of many) and the last point above
 * the middle one by CLIMB_RISE.  The last CLIMB_POINTS alone miss a ramp
 * the refinement sampled densely at its end: four points 4% apart rise
 * less than 3% there (bench/sim-set.sh seed 2, a hashed L1 of 2 ways);
 * a random hashed L1 of 2 ways climbed 14 steps of 20 (seed 1's 68rpr). */
/* Whether row k is measured and past size `from` up to `to`. */
static int row_in(const struct chase_curve *c, size_t k, uint64_t from, uint64_t to)
{
    return valid_row(&c->rows[k]) && c->rows[k].bytes > from && c->rows[k].bytes <= to;
}

/* How many rows are measured and past size `from` up to `to`. */
static size_t rows_in(const struct chase_curve *c, uint64_t from, uint64_t to)
{
    size_t k, m = 0;

    for (k = 0; k < c->n; k++)
        m += row_in(c, k, from, to);
    return m;
}

/* The points past size `from` up to `to` climb as a whole (ramp_climbs). */
static int climbs_between(const struct chase_curve *c, uint64_t from, uint64_t to)
{
    size_t k, m = rows_in(c, from, to), up = 0, seen = 0;
    double prev = 0, mid = 0, last = 0;

    if (m < 2 * CLIMB_POINTS)
        return 0;
    for (k = 0; k < c->n; k++) {
        if (!row_in(c, k, from, to))
            continue;
        last = c->rows[k].cycles;
        if (seen)
            up += last > prev;
        if (seen == (m - 1) / 2)
            mid = last;
        prev = last;
        seen++;
    }
    return 3 * up >= 2 * (m - 1) && last > CLIMB_RISE * mid;
}

/* The points past size `from` up to `to` climb by thirds: the median of
 * each third (in order of size) above the one before by CLIMB_RISE.  A
 * curve whose points were taken at two moments reads as a zigzag (this
 * CI machine's guest: the grid's points 1-2 cycles above the refinement's
 * later ones on a climb of 6), which step by step counts as no climb. */
static int climbs_by_thirds(const struct chase_curve *c, uint64_t from, uint64_t to, double *med)
{
    double t[3][64];
    size_t k, m = rows_in(c, from, to), seen = 0, got[3] = {0, 0, 0}, third;

    if (m < 3 * CLIMB_POINTS)
        return 0;
    for (k = 0; k < c->n; k++) {
        if (!row_in(c, k, from, to))
            continue;
        third = 3 * seen++ / m;
        if (got[third] < 64)
            t[third][got[third]++] = c->rows[k].cycles;
    }
    for (k = 0; k < 3; k++)
        med[k] = chase_median(t[k], got[k]);
    return med[1] > CLIMB_RISE * med[0] && med[2] > CLIMB_RISE * med[1];
}

static int ramp_climbs(const struct chase_curve *c, const struct chase_level *lv, size_t i)
{
    return climbs(c, lv, i) || climbs_between(c, i ? lv[i - 1].hi : 0, lv[i].lo);
}

/* Levels i and i + 1 of lv made one: i's start, i + 1's end, the latency
 * of the wider; notes likewise. */
static void merge_next(const struct chase_curve *c, struct chase_level *lv, size_t n, size_t i, char notes[][CHASE_LEVEL_NOTE])
{
    struct chase_level L = lv[i + 1];

    if (width(c, lv, n, i) >= width(c, lv, n, i + 1)) {
        L.cycles = lv[i].cycles;
        L.ns = lv[i].ns;
    }
    L.first = lv[i].first;
    L.onset = lv[i].onset;
    L.confidence = fmin(lv[i].confidence, lv[i + 1].confidence);
    if (!notes[i + 1][0])
        memcpy(notes[i + 1], notes[i], sizeof notes[i]);
    lv[i] = L;
    memcpy(notes[i], notes[i + 1], sizeof notes[i]);
    memmove(lv + i + 1, lv + i + 2, (n - i - 2) * sizeof *lv);
    memmove(notes + i + 1, notes + i + 2, (n - i - 2) * sizeof *notes);
}

static int ramp_climbs(const struct chase_curve *c, const struct chase_level *lv, size_t i);

static int resample(const struct chase_curve *c, struct chase_level *lv, size_t *np, int *found, char notes_of[][CHASE_LEVEL_NOTE],
                    int whole)
{
    size_t n = *np;
    struct chase_level h[2][CHASE_MAX_LEVELS];
    char notes[CHASE_MAX_LEVELS][CHASE_LEVEL_NOTE];
    int edge[CHASE_MAX_LEVELS];
    size_t i, nh[2];
    int half;

    for (half = 0; half < 2; half++) {
        struct chase_curve hc;
        if (half_curve(c, half, &hc))
            return -1;
        nh[half] = hc.n >= 2 * MIN_PLATEAU ? find_raw(&hc, h[half], CHASE_MAX_LEVELS, notes) : 0;
        free(hc.rows);
        if (!nh[half])
            return -1;
    }
    for (i = 0; i + 1 < n; i++) {
        uint64_t lo = lv[i].lo, hi = lv[i].hi;
        /* Apart: further than EDGE_TOL, and than twice the curve's own
         * interval (a half's points are twice as far apart). */
        double tol = fmax(EDGE_TOL, pow((double)hi / (double)lo, 2));
        edge[i] = 0;
        for (half = 0; half < 2; half++) {
            int j = edge_found(lv, i, h[half], nh[half]);
            const struct chase_level *H;
            if (j < 0)
                continue;       /* this half has no such edge (no &h[half][-1]: undefined) */
            H = &h[half][j];
            edge[i]++;
            if ((double)H->hi * tol < (double)lv[i].lo || (double)H->lo > (double)lv[i].hi * tol) {
                lo = H->lo < lo ? H->lo : lo;
                hi = H->hi > hi ? H->hi : hi;
            }
        }
        /* Never past the neighbours' own edges. */
        if (i && lo <= lv[i - 1].hi)
            lo = lv[i].lo;
        if (i + 2 < n && hi >= lv[i + 1].lo)
            hi = lv[i].hi;
        if (lo != lv[i].lo || hi != lv[i].hi) {
            lv[i].lo = lo;
            lv[i].hi = hi;
            lv[i].noise_limited = 1;
            if (i + 2 == n)
                lv[i + 1].lo = hi;
        }
    }
    /* An edge no half finds after the first, a step of under PHANTOM_STEP
     * or after a level narrower than PHANTOM_OCTAVES that is a climb (a
     * TLB's reach: the climb after the corner, cut), is none: its two
     * levels are one (a climb the fit cut in two, a bend of a plateau),
     * with the latency of the wider.  A narrow level with steps of its own
     * (capacities 1.25x apart) stays: halves too sparse to see it say so
     * in its confidence. */
    /* In the levels reported (not the refinement's, whose edges place its
     * points): an edge no half finds between a level that climbs as a
     * whole, half an octave wide or more, and one that begins gradually is
     * a cut inside one climb (a TLB's onset: misses as 1 - reach / size,
     * climbing for octaves; the fit cut it at 480 KiB inside a random L2
     * of 3 MiB, seed 2's 10rspst), not a level's end.  A narrower one may
     * be a cache between two 1.25-1.4x apart, which halves too sparse to
     * see it miss (seed 2's 77pccp: an L2 of 20 KiB between 16 and 26). */
    for (i = n - 1; i-- > 0;)
        if (edge[i] == 0 && i > 0 &&
            (lv[i + 1].cycles < PHANTOM_STEP * lv[i].cycles ||
             (width(c, lv, n, i) < PHANTOM_OCTAVES && climbs(c, lv, i)) ||
             (whole && lv[i + 1].onset && i + 2 < n && width(c, lv, n, i) >= CUT_OCTAVES && ramp_climbs(c, lv, i)))) {
            merge_next(c, lv, n, i, notes_of);
            memmove(edge + i, edge + i + 1, (n - i - 1) * sizeof *edge);
            n--;
        }
    for (i = 0; i < n; i++) {
        int a = i ? edge[i - 1] : 2, b = i + 1 < n ? edge[i] : 2;
        found[i] = a < b ? a : b;
    }
    *np = n;
    return 0;
}

/* Whether level L's own points scatter: from the first that reaches its
 * plateau (within SCATTER of its latency) on, a quarter or more lie
 * outside that band (a plateau thrashed by other tenants alternates
 * between its latency and the next level's; a climb into it does not
 * count).  t holds c->n doubles. */
static int scatters(const struct chase_curve *c, const struct chase_level *L, int last, double *t)
{
    size_t i, m = 0, out = 0, end = last ? c->n - 1 : L->last;
    int on = 0;
    (void)t;
    for (i = L->first; i <= end && i < c->n; i++) {
        double v = c->rows[i].cycles;
        if (!valid_row(&c->rows[i]))
            continue;
        if (!on && v * SCATTER < L->cycles)
            continue;
        on = 1;
        m++;
        out += v * SCATTER < L->cycles || v > SCATTER * L->cycles;
    }
    return m >= MIN_PLATEAU && 4 * out >= m;
}

/* Levels from .. from + count - 1 of lv (and their notes and found)
 * taken out; returns the levels left. */
static size_t drop_levels(struct chase_level *lv, size_t n, char notes[][CHASE_LEVEL_NOTE], int *found, size_t from, size_t count)
{
    memmove(lv + from, lv + from + count, (n - from - count) * sizeof *lv);
    memmove(notes + from, notes + from + count, (n - from - count) * sizeof *notes);
    memmove(found + from, found + from + count, (n - from - count) * sizeof *found);
    return n - count;
}

/* Levels a..b of lv made one that is not resolved: from the edge before a
 * to b's end, its latency the median of its points, its note their
 * scatter (the 5th to the 95th percentile of the point medians) and the
 * reason.  Returns the new count. */
static size_t not_resolved(const struct chase_curve *c, struct chase_level *lv, size_t n, size_t a, size_t b,
                           int *found, char notes[][CHASE_LEVEL_NOTE], double *t)
{
    size_t i, m = 0, end = b + 1 == n ? c->n - 1 : lv[b].last;

    for (i = lv[a].first; i <= end && i < c->n; i++)
        if (valid_row(&c->rows[i]))
            t[m++] = c->rows[i].cycles;
    if (!m)
        return n;
    snprintf(notes[a], CHASE_LEVEL_NOTE, "not resolved: %.0f-%.0f cycles, halves differ", chase_quantile(t, m, 0.05),
             chase_quantile(t, m, 0.95));
    lv[a].cycles = chase_median(t, m);
    lv[a].ns = lv[a].cycles * chase_lv_ns_per_cycle(c, lv[a].first, end);
    lv[a].lo = b + 1 == n ? lv[a - 1].hi : lv[b].lo;
    lv[a].hi = lv[b].hi;
    lv[a].last = lv[b].last;
    lv[a].noise_limited = 1;
    lv[a].shoulder = 0;
    for (i = a + 1; i <= b; i++)
        found[a] = found[i] < found[a] ? found[i] : found[a];
    return drop_levels(lv, n, notes, found, a + 1, b - a);
}

/* The levels at the end of the curve that a half misses (a cache shared
 * with other tenants, whose points scatter as they evict it): each run of
 * them whose points scatter is one level, not resolved (a tail no half
 * finds but whose points lie on plateaus is a curve too sparse to split,
 * not a scattered one).  Returns the count. */
static size_t unresolved_tail(const struct chase_curve *c, struct chase_level *lv, size_t n, int *found,
                              char notes[][CHASE_LEVEL_NOTE])
{
    size_t k = n, i, j;
    double *t = malloc((c->n + 1) * sizeof *t);

    if (!t)
        return n;
    while (k > 1 && found[k - 1] < 2)
        k--;
    for (i = k; i < n; i++) {
        if (!scatters(c, &lv[i], i + 1 == n, t))
            continue;
        for (j = i; j + 1 < n && scatters(c, &lv[j + 1], j + 2 == n, t); j++)
            ;
        n = not_resolved(c, lv, n, i, j, found, notes, t);
    }
    /* A level both halves find whose points scatter all the same (every
     * other point thrashed: each half sees a curve of its own) is not
     * resolved either; its latency is its floor's, and says so. */
    for (i = 1; i < n; i++)
        if (strncmp(notes[i], "not resolved", 12) && scatters(c, &lv[i], i + 1 == n, t)) {
            size_t m = 0, end = i + 1 == n ? c->n - 1 : lv[i].last;
            for (j = lv[i].first; j <= end && j < c->n; j++)
                if (valid_row(&c->rows[j]))
                    t[m++] = c->rows[j].cycles;
            if (!m)
                continue;
            snprintf(notes[i], CHASE_LEVEL_NOTE, "not resolved: %.0f-%.0f cycles, points scatter", chase_quantile(t, m, 0.05),
                     chase_quantile(t, m, 0.95));
            lv[i].noise_limited = 1;
            lv[i].confidence = fmin(lv[i].confidence, 1.0 / 3);
        }
    free(t);
    return n;
}

/* A level (past the first, before the last, not a part) that ends far
 * inside the cache it is named for, SHARE_FAR or more below the size the
 * driver or OS reports: what it measured is the share of a cache others
 * use (a VM's slice of its host's L3), which moves as they do, so it is
 * not resolved and says why. */
static void shares(struct chase_level *lv, size_t n, char notes[][CHASE_LEVEL_NOTE])
{
    size_t i;
    char a[32], b[32];

    for (i = 1; i + 1 < n; i++)
        if (lv[i].cache_bytes && lv[i].hi && !strchr(lv[i].name, ' ') &&
            (double)lv[i].hi * SHARE_FAR <= (double)lv[i].cache_bytes && strncmp(notes[i], "not resolved", 12)) {
            snprintf(notes[i], CHASE_LEVEL_NOTE, "not resolved: %s of %s, shared", chase_size_format(lv[i].hi, a, sizeof a),
                     chase_size_format(lv[i].cache_bytes, b, sizeof b));
            lv[i].noise_limited = 1;
            lv[i].confidence = fmin(lv[i].confidence, 1.0 / 3);
        }
    /* Any level (the first too) that ends a quarter or more short of the
     * size reported for its cache, without a note of its own: measured,
     * but the capacity this run had, not the cache's (this CI machine's
     * 48 KiB L1 read 28 KiB in one quiet sweep of three: a thread on the
     * host's sibling hyperthread holds part of it), and said so, after
     * any note it has (a cache joined across a TLB's reach: tlb_join). */
    for (i = 0; i + 1 < n; i++)
        if (lv[i].cache_bytes && lv[i].hi && !strchr(lv[i].name, ' ') && strncmp(notes[i], "not resolved", 12) &&
            (double)lv[i].hi * SHARE_NEAR <= (double)lv[i].cache_bytes) {
            size_t k = strlen(notes[i]);
            snprintf(notes[i] + k, CHASE_LEVEL_NOTE - k, "%s%s of %s reported: a share", k ? "; " : "",
                     chase_size_format(lv[i].hi, a, sizeof a), chase_size_format(lv[i].cache_bytes, b, sizeof b));
        }
}

/* A data TLB's reach that an edge at lo .. hi lies within TLB_STEP of:
 * its entries (the driver's: cpuid on a CPU, metadata
 * 'driver.dtlbN_4k_entries' and '_2m_entries') times 4 KiB or 2 MiB, said
 * in why ("72 x 4 KiB (driver's count)"); 0: none.  A file's counts are
 * taken only as digits, a count a TLB could have. */
#define TLB_STEP 1.19           /* a sweep step at 4 points an octave */
static int tlb_reach_at(const struct chase_curve *c, uint64_t lo, uint64_t hi, char *why, size_t len)
{
    static const char *const keys[] = {"dtlb1_4k_entries", "dtlb2_4k_entries", "dtlb1_2m_entries",
                                       "dtlb2_2m_entries"};
    size_t k;

    for (k = 0; hi && k < sizeof keys / sizeof *keys; k++) {
        char key[40], *end;
        const char *v;
        unsigned long long entries;
        uint64_t page = strstr(keys[k], "_2m_") ? 2097152 : 4096, reach;
        snprintf(key, sizeof key, "driver.%s", keys[k]);
        v = chase_meta_get(&c->meta, key);
        if (!v || *v < '0' || *v > '9')
            continue;
        entries = strtoull(v, &end, 10);
        if (*end || !entries || entries > 1u << 20 || chase_mul_u64(entries, page, &reach))
            continue;
        if ((double)lo <= TLB_STEP * (double)reach && (double)hi * TLB_STEP >= (double)reach) {
            snprintf(why, len, "%llu x %s (driver's count)", entries, page == 4096 ? "4 KiB" : "2 MiB");
            return 1;
        }
    }
    return 0;
}

/* A part of a cache (not its last) whose edge lies at a data TLB's reach
 * (tlb_reach_at), the part after it the same cache read through a TLB
 * miss: the two are one level, the first part's latency the cache's, the
 * second's said in the note with the reach.  This CI machine's AMD EPYC
 * guest read its L2 at 14.0 cycles to 282-298 KiB and at 17.5-20.2 past it
 * to 1 MiB in nine sweeps of nine (tests/data/cpu-epyc-15.tsv is one), and
 * named them "L2 near" and "L2 far", as a GPU's L2 partitions are: 72
 * entries of 4 KiB reach 288 KiB (the host's pages under the guest's huge
 * ones).  Only where the part after costs at most TLB_RISE times the
 * first (a miss that its second-level TLB serves adds a few cycles: 4.5
 * there); past that the parts stay, the first noting the reach
 * (tlb_parts).  The levels are named again where any were joined. */
#define TLB_RISE 1.5
static size_t tlb_join(const struct chase_curve *c, struct chase_level *lv, size_t n,
                       char notes[][CHASE_LEVEL_NOTE], int *found, int *joined)
{
    char why[64], at[32], t[CHASE_LEVEL_NOTE];
    size_t i;

    *joined = 0;
    for (i = 0; i + 1 < n; i++) {
        if (!lv[i].hi || !chase_level_part(lv[i + 1].name) || !chase_level_same_cache(lv[i].name, lv[i + 1].name) ||
            !(lv[i + 1].cycles > lv[i].cycles) || lv[i + 1].cycles > TLB_RISE * lv[i].cycles ||
            !tlb_reach_at(c, lv[i].lo, lv[i].hi, why, sizeof why))
            continue;
        snprintf(t, sizeof t, "%.1f cyc past %s, a TLB's reach: %s%s%s", lv[i + 1].cycles,
                 chase_size_format(lv[i].hi, at, sizeof at), why, notes[i + 1][0] ? "; " : "", notes[i + 1]);
        memcpy(notes[i + 1], t, sizeof t);
        lv[i + 1].first = lv[i].first;
        lv[i + 1].cycles = lv[i].cycles;
        lv[i + 1].ns = lv[i].ns;
        lv[i + 1].confidence = fmin(lv[i].confidence, lv[i + 1].confidence);
        lv[i + 1].onset = lv[i].onset;
        lv[i + 1].noise_limited |= lv[i].noise_limited;
        found[i + 1] = found[i] < found[i + 1] ? found[i] : found[i + 1];
        n = drop_levels(lv, n, notes, found, i, 1);
        *joined = 1;
        i--;
    }
    return n;
}

/* A part that stays apart (tlb_join's rise too steep) still says where
 * it ends: "a TLB's reach, 72 x 4 KiB (driver's count)". */
static void tlb_parts(const struct chase_curve *c, const struct chase_level *lv, size_t n,
                      char notes[][CHASE_LEVEL_NOTE])
{
    char why[64];
    size_t i;

    for (i = 0; i + 1 < n; i++)
        if (!notes[i][0] && chase_level_part(lv[i + 1].name) && chase_level_same_cache(lv[i].name, lv[i + 1].name) &&
            tlb_reach_at(c, lv[i].lo, lv[i].hi, why, sizeof why))
            snprintf(notes[i], CHASE_LEVEL_NOTE, "a TLB's reach, %s", why);
}

/* A level with no plateau of its own: a plain LRU cache 1.25 x the one
 * before it, one way more over the same sets (bench/sim-set.sh seed 1's
 * 73c: an L1 of 16 KiB, 4 ways, 6 cycles; an L2 of 20 KiB, 5 ways, 12),
 * is reached only where the one before misses every line: a random chain
 * climbs from 6 at 16 KiB to 11.7 at 20.35 KiB (a set overflows whole, so
 * the misses grow with the size) and from there to memory's 88 by 24.7
 * KiB, eight times as steeply.  One cache's exit climbs fastest where it
 * begins; two caches' climbs meet at a corner, where the second begins.
 * Inside a level's interval, such a corner (the climb after it
 * CORNER_SHARP times as steep as the climb into it (seed 2's 65ccp: 3.8;
 * 4 missed it, 3.5 found one more level in each of seeds 2 and 3 and no
 * phantom), over CORNER_POINTS
 * points each side, the corner CORNER_STEP above the level and below the
 * next) is a level of its own: its interval the corner's point and the
 * next, its latency the corner's, its note saying so, its confidence from
 * the halves that find the corner too (corner_halves); and past it the
 * next such corner. */
#define CORNER_POINTS 3
#define CORNER_SHARP 3.5
#define CORNER_STEP 1.3
/* The first corner of c between lo and hi (CORNER_POINTS past it read
 * too), zl and zn the latencies (log) of the levels on either side: the
 * distinct sizes in x, their rows' median log latencies in z (m of them),
 * the corner's index returned (0: none) and its sharpness in *sharp, the
 * sharpest point of the first run of corner points. */
static size_t find_corner(const struct chase_curve *c, uint64_t lo, uint64_t hi, double zl, double zn, double *x,
                          double *z, size_t *mp, double *sharp)
{
    size_t m = 0, past = 0, p, best = 0, k, r;

    *sharp = 0;
    for (r = 0; r < c->n && m < 64; r++) {
        double t[16];
        size_t q = 0, e;
        if (!valid_row(&c->rows[r]) || c->rows[r].bytes < lo || (m && c->rows[r].bytes <= x[m - 1]))
            continue;
        if (c->rows[r].bytes > hi && past++ >= CORNER_POINTS)
            break;
        for (e = r; e < c->n && c->rows[e].bytes == c->rows[r].bytes && q < 16; e++)
            if (valid_row(&c->rows[e]))
                t[q++] = log(c->rows[e].cycles);
        x[m] = (double)c->rows[r].bytes;
        z[m++] = chase_median(t, q);
    }
    *mp = m;
    for (p = CORNER_POINTS; p + CORNER_POINTS < m; p++) {
        double sb = (z[p] - z[p - CORNER_POINTS]) / log2(x[p] / x[p - CORNER_POINTS]);
        double sa = (z[p + CORNER_POINTS] - z[p]) / log2(x[p + CORNER_POINTS] / x[p]);
        int climbs = 1;
        if (x[p] >= (double)hi || z[p] - zl < log(CORNER_STEP) || zn - z[p] < log(CORNER_STEP) || !(sb > 0) ||
            sa < CORNER_SHARP * sb)
            climbs = 0;
        /* The climb into the corner is one: no point on it past the
         * corner's latency; and about it the points climb at each step
         * (2% of noise allowed), none past the next level (a CPU share's
         * scattered points, 64.5 then 801.5 and 365.7 cycles, are no
         * corner). */
        for (k = 1; k < p && climbs; k++)
            climbs = z[k] <= z[p] + log(1.02);
        for (k = p - CORNER_POINTS; k < p + CORNER_POINTS && climbs; k++)
            climbs = z[k + 1] >= z[k] - log(1.02) && z[k + 1] <= zn + log(1.1);
        if (climbs && sa / sb > *sharp) {
            *sharp = sa / sb;
            best = p;
        } else if (!climbs && best)
            break;
    }
    return best;
}

/* The halves of c (every other row) that find a corner within EDGE_TOL
 * of size at: 0, 1 or 2, as a level's halves are counted (resample). */
static int corner_halves(const struct chase_curve *c, uint64_t lo, uint64_t hi, double zl, double zn, double at)
{
    double x[64], z[64], sharp;
    struct chase_curve hc;
    size_t m, p;
    int half, n = 0;

    for (half = 0; half < 2; half++) {
        if (half_curve(c, half, &hc))
            continue;
        p = find_corner(&hc, lo, hi, zl, zn, x, z, &m, &sharp);
        n += p && x[p] <= at * EDGE_TOL && x[p] * EDGE_TOL >= at;
        free(hc.rows);
    }
    return n;
}

static size_t corners(const struct chase_curve *c, struct chase_level *lv, size_t n, char notes[][CHASE_LEVEL_NOTE],
                      int *found)
{
    double x[64], z[64];
    size_t i, r;

    for (i = 0; i + 1 < n && n < CHASE_MAX_LEVELS; i++) {
        uint64_t lo = lv[i].lo, hi = lv[i].hi;
        double zl = log(lv[i].cycles), zn = log(lv[i + 1].cycles);
        int first = 1;

        if (!hi || lv[i].onset || lv[i + 1].onset || !(zn - zl > 2 * log(CORNER_STEP)))
            continue;
        /* Corner after corner, each a level (seed 2's 65ccp: caches of 16,
         * 20 and 24 KiB, one way more each over the same sets). */
        while (n < CHASE_MAX_LEVELS) {
            size_t m, best, k;
            double sharp;
            char a[32];

            if (!(best = find_corner(c, lo, hi, zl, zn, x, z, &m, &sharp)))
                break;
            memmove(lv + i + 2, lv + i + 1, (n - i - 1) * sizeof *lv);
            memmove(notes + i + 2, notes + i + 1, (n - i - 1) * sizeof *notes);
            memmove(found + i + 2, found + i + 1, (n - i - 1) * sizeof *found);
            n++;
            lv[i + 1] = lv[i];
            lv[i + 1].lo = (uint64_t)x[best];
            lv[i + 1].hi = (uint64_t)x[best + 1];
            lv[i + 1].cycles = exp(z[best]);
            lv[i + 1].ns = NAN;
            lv[i + 1].onset = lv[i + 1].noise_limited = 0;
            lv[i + 1].shoulder = 0;
            for (r = 0; r < c->n; r++)
                if (c->rows[r].bytes == (uint64_t)x[best]) {
                    lv[i + 1].first = lv[i + 1].last = r;
                    lv[i + 1].ns = lv[i + 1].cycles * chase_lv_ns_per_cycle(c, r, r);
                    break;
                }
            /* Its confidence as a level's (resample): two parts the share
             * of halves that find the corner, one the level before's. */
            found[i + 1] = corner_halves(c, lo, hi, zl, zn, x[best]);
            lv[i + 1].confidence = (found[i + 1] + fmin(lv[i].confidence, 1)) / 3;
            /* The level before ends where its climb begins (a corner
             * before: at the point after it, as set). */
            if (first) {
                for (k = 1; k < best && z[k] <= zl + log(1.03); k++)
                    ;
                lv[i].hi = (uint64_t)x[k];
            }
            snprintf(notes[i + 1], CHASE_LEVEL_NOTE, "no plateau: a corner of the climb at %s, %.1f x as steep "
                     "past it", chase_size_format(lv[i + 1].lo, a, sizeof a), sharp);
            i++;
            lo = (uint64_t)x[best];
            zl = z[best];
            first = 0;
        }
    }
    return n;
}

/* Whether a name is a part of a cache the driver names once ("L3 near",
 * "L2 part 2") or lies past every cache it names ("beyond L4"). */
static int part_name(const char *name)
{
    return strstr(name, " near") || strstr(name, " far") || strstr(name, " part ") || !strncmp(name, "beyond ", 7);
}

/* Whether levels i .. *j, the later parts of the cache whose first part is
 * level i - 1, are a wide ramp out of it: spanning less than
 * RAMP_WIDE_OCTAVES, their points climbing by thirds, each part's latency
 * between the first part's and half way to the level after them.  A cache
 * whose lines fall into its sets unevenly (hashed sets, or a guest's
 * pages on host frames scattered over the sets' page-sized colours: this
 * CI machine's AMD EPYC guest read its L2 of 1 MiB at 14.0 cycles to
 * 290-360 KiB, then climbing to 34 at 1.1 MiB and 54 at 3.5 MiB, half way
 * at 1.0-1.11 MiB in six sweeps of nine, tests/data/cpu-epyc-12..14)
 * overflows some sets well short of its capacity; the fit cuts the climb
 * into pieces, none a cache of its own.  A part with a latency of its own
 * past half way (an H100's L2 far: 532 cycles between 286 and 691) stays.
 * A TLB's reach inside a cache climbs too (misses as 1 - reach / size),
 * but slows as it goes, levels off at the miss's cost, and the cache then
 * ends in a step: so the climb must go on into the level after (it begins
 * at a gradual onset), or speed up (its last third's rise at least its
 * first's: two of this machine's sweeps whose next level the fit began
 * sharply rose 5.6 then 6.7 cycles, 2.0 then 4.4; bench/sim-set.sh seed
 * 1's 32spt and 58crt, TLB reaches at 256
 * KiB that were lost where neither was asked, rose 4.3 then 2.4, 5.4 then
 * 4.3) and reach half way gradually (join_ramps: seed 3's 36ct, a TLB of
 * 32 entries of 8 KiB inside an L4 of 1 MiB at 29.8 cycles, sped up, 2.6
 * then 4.0, to 40 and stepped from there to memory at 155).
 * Returns 1 (a gradual onset after), 2 (a climb that speeds up), or 0. */
static int wide_ramp(const struct chase_curve *c, const struct chase_level *lv, size_t n, size_t i, size_t *j)
{
    size_t k;
    double mid, t[3];

    if (!part_name(lv[i - 1].name) || !strncmp(lv[i - 1].name, "beyond ", 7) ||
        (i > 1 && chase_level_same_cache(lv[i - 2].name, lv[i - 1].name)))
        return 0;       /* not the first part of a cache */
    for (*j = i; *j < n && part_name(lv[*j].name) && chase_level_same_cache(lv[*j].name, lv[i - 1].name); ++*j)
        ;
    if (*j == i || *j == n)
        return 0;       /* no later part, or no level after them */
    --*j;               /* the last later part */
    mid = (lv[i - 1].cycles + lv[*j + 1].cycles) / 2;
    for (k = i; k <= *j; k++)
        if (!(lv[k].cycles > lv[i - 1].cycles && lv[k].cycles < mid))
            return 0;
    if (log2((double)lv[*j].lo / (double)lv[i - 1].hi) >= RAMP_WIDE_OCTAVES ||
        !climbs_by_thirds(c, lv[i - 1].hi, lv[*j].lo, t))
        return 0;
    return lv[*j + 1].onset ? 1 : t[2] - t[1] >= t[1] - t[0] ? 2 : 0;
}

/* Where the curve, past size `from` and up to `to`, first reaches `mid`
 * cycles, each point read as the median of it and its neighbours (one
 * spike does not cross): *lo the size before, *hi the size there.  Where
 * lines overflow their sets at random (hashed sets, scattered frames)
 * under LRU, at the capacity the fuller sets hold about half the lines
 * (the sets' lines Poisson with a mean of the ways, W: P(X >= W), 0.55 at
 * 8 ways, 0.53 at 16), so half way to the next level's latency is the
 * capacity within a few percent; under random replacement the plateau
 * ends at the capacity and the curve is half way at about 1.4 x it.
 * Returns 0 where the curve does not get there. */
static int half_way(const struct chase_curve *c, uint64_t from, uint64_t to, double mid, uint64_t *lo, uint64_t *hi)
{
    size_t k, prev = c->n;
    uint64_t below = 0;     /* the last size under the row's */

    for (k = 0; k < c->n; k++) {
        const struct chase_row *r = &c->rows[k];
        size_t next;
        double t[3];
        if (!row_in(c, k, from, to))
            continue;
        if (prev < c->n && c->rows[prev].bytes < r->bytes)
            below = c->rows[prev].bytes;
        for (next = k + 1; next < c->n && !valid_row(&c->rows[next]); next++)
            ;
        if (prev < c->n && next < c->n && c->rows[next].bytes <= to) {
            t[0] = c->rows[prev].cycles;
            t[1] = r->cycles;
            t[2] = c->rows[next].cycles;
            if (below && chase_median(t, 3) >= mid) {
                *lo = below;
                *hi = r->bytes;
                return 1;
            }
        }
        prev = k;
    }
    return 0;
}

/* A level named a part of a cache (or past them) that is a climb, narrower
 * than RAMP_OCTAVES and neither begun nor ended at a TLB's gradual onset,
 * is the way out of the level before it, not a level: a cache of few ways
 * hashed (or replacing at random) begins to miss well short of its
 * capacity and leaves it over a ramp, which the fit cuts into a plateau's
 * end and a piece of the ramp (bench/sim-set.sh: every phantom was so).
 * The two are one level, the latency the plateau's, its capacity interval
 * from the plateau's end to the ramp's: the cache ends somewhere on it.
 * Levels of the same cache with a plateau of their own (an H100's L2 far)
 * end flat and stay, as do levels of caches the driver names apart (the
 * 1.25x capacities, climbs too).  Returns the levels left; 1 in *merged
 * where any were joined (their names are then given again). */
static size_t join_ramps(const struct chase_curve *c, struct chase_level *lv, size_t n, char notes[][CHASE_LEVEL_NOTE],
                         int *found, int *merged, int whole)
{
    size_t i, j;
    char a[32], b[32];

    *merged = 0;
    if (n < 3)
        return n;       /* a ramp lies between two levels, before the last */
    /* Wide ramps first: a run of parts out of a cache's first. */
    for (i = 1; whole && i + 1 < n; i++) {
        uint64_t lo, hi, qlo, qhi, to;
        double rise;
        int how = wide_ramp(c, lv, n, i, &j);
        if (!how)
            continue;
        /* The level after: to its plateau's end, or the curve's (the last). */
        to = j + 2 < n ? lv[j + 1].lo : c->rows[c->n - 1].bytes;
        rise = lv[j + 1].cycles - lv[i - 1].cycles;
        if (!half_way(c, lv[i - 1].lo, to, lv[i - 1].cycles + rise / 2, &lo, &hi))
            continue;
        /* A climb that speeds up reaches half way gradually: a quarter of
         * the way RAMP_NEAR_OCTAVES before it at least (this machine's
         * sweeps 0.53-0.73 octaves; seed 3's 36ct, a TLB's climb then a
         * step refined point by point, 0.05). */
        if (how == 2 && !(half_way(c, lv[i - 1].lo, to, lv[i - 1].cycles + rise / 4, &qlo, &qhi) &&
                          log2((double)hi / (double)qhi) >= RAMP_NEAR_OCTAVES))
            continue;
        /* The cache ends where half its lines miss (half_way). */
        lv[i - 1].hi = hi;
        lv[i - 1].noise_limited = 1;
        snprintf(notes[i - 1], CHASE_LEVEL_NOTE, "a ramp: half way at %s .. %s", chase_size_format(lo, a, sizeof a),
                 chase_size_format(hi, b, sizeof b));
        n = drop_levels(lv, n, notes, found, i, j + 1 - i);
        if (i + 1 == n)
            lv[i].lo = lv[i - 1].hi;    /* the last level begins where the one before ends */
        *merged = 1;
    }
    if (n < 3)
        return n;
    /* A piece of the climb into a level that begins at a gradual onset:
     * found by one half at most, narrower than RAMP_OCTAVES, its latency
     * between its neighbours', its points climbing as a whole.  A cache
     * replacing at random leaves its plateau as a TLB's reach does (hits
     * as capacity / size), so the level after begins at a gradual onset,
     * and the fit may cut a piece out of the climb (bench/assoc-sim-set.sh
     * seed 11's case 21: a random L1 of 12 KiB at 4 cycles, then "L2 near"
     * at 19 KiB, 8.4 cycles, in 1 of 2 halves, on the climb to the hashed
     * L2's 12 at 50 KiB): it is the onset's, not a level; the level after
     * keeps its interval and latency, its rows starting at the piece's.
     * Only a piece past half way to the level after: a cache 1.25 x the
     * random one before it, whose own climb begins at once, reads low
     * there (seed 2's 77pccp: an L2 of 20 KiB after a random L1 of 16, at
     * 8.8 cycles between 5.0 and the next level's 92.9, in no half). */
    for (i = n - 1; i-- > 1;)
        if (whole && found[i] < 2 && lv[i + 1].onset && !lv[i].onset &&
            lv[i].cycles >= (lv[i - 1].cycles + lv[i + 1].cycles) / 2 && lv[i].cycles < lv[i + 1].cycles &&
            width(c, lv, n, i) < RAMP_OCTAVES &&
            climbs_between(c, lv[i - 1].hi, lv[i].lo)) {
            lv[i + 1].first = lv[i].first;
            n = drop_levels(lv, n, notes, found, i, 1);
            *merged = 1;
        }
    if (n < 3)
        return n;
    for (i = n - 1; i-- > 1;)
        if (part_name(lv[i].name) && !lv[i].onset && !lv[i + 1].onset && width(c, lv, n, i) < RAMP_OCTAVES &&
            (whole && width(c, lv, n, i) < RAMP_WHOLE_OCTAVES ? ramp_climbs(c, lv, i) : climbs(c, lv, i))) {
            /* The plateau's confidence stands: the ramp's piece, which the
             * halves place apart, is no level to be confident of. */
            lv[i - 1].hi = lv[i].hi;
            lv[i - 1].noise_limited = 1;
            if (!notes[i - 1][0])
                snprintf(notes[i - 1], CHASE_LEVEL_NOTE, "ends on a ramp, %s .. %s", chase_size_format(lv[i - 1].lo, a, sizeof a),
                         chase_size_format(lv[i - 1].hi, b, sizeof b));
            n = drop_levels(lv, n, notes, found, i, 1);
            *merged = 1;
        }
    return n;
}

static size_t find_levels(const struct chase_curve *c, struct chase_level *lv, size_t max, int whole)
{
    struct chase_cache_fact caches[16];
    size_t n, i, nc;
    uint64_t swept = 0;
    char notes[CHASE_MAX_LEVELS][CHASE_LEVEL_NOTE];
    int found[CHASE_MAX_LEVELS];

    n = find_raw(c, lv, max, notes);
    for (i = 0; i < n; i++)
        found[i] = 2;
    if (n > 1 && !resample(c, lv, &n, found, notes, whole)) {
        /* Confidence: two parts the share of halves that find the level
         * (what a repeat would do), one part the fit's (its step against
         * the noise): a level no half finds has a third at most. */
        for (i = 0; i < n; i++)
            lv[i].confidence = (found[i] + lv[i].confidence) / 3;
        n = unresolved_tail(c, lv, n, found, notes);
    }
    if (whole)
        n = corners(c, lv, n, notes, found);
    for (i = 0; i < c->n; i++)
        if (valid_row(&c->rows[i]) && c->rows[i].bytes > swept)
            swept = c->rows[i].bytes;
    nc = chase_levels_caches(&c->meta, caches, sizeof caches / sizeof caches[0]);
    chase_levels_name(lv, n, caches, nc, swept);
    {
        int merged, joined;
        n = join_ramps(c, lv, n, notes, found, &merged, whole);
        n = tlb_join(c, lv, n, notes, found, &joined);
        if (merged || joined)
            chase_levels_name(lv, n, caches, nc, swept);
    }
    chase_levels_name_target(lv, n, &c->meta);
    chase_levels_name_path(lv, n, &c->meta, swept);
    shares(lv, n, notes);
    tlb_parts(c, lv, n, notes);
    for (i = 0; i < n; i++) {
        if (notes[i][0]) {
            memcpy(lv[i].note, notes[i], sizeof lv[i].note);
        } else if (lv[i].shoulder && !lv[i].note[0]) {
            char a[32];
            snprintf(lv[i].note, sizeof lv[i].note, "shoulder from %s, +%.1f%% at most",
                     chase_size_format(lv[i].shoulder, a, sizeof a), (lv[i].shoulder_rise - 1) * 100);
        }
        if (found[i] < 2 && strncmp(lv[i].note, "not resolved", 12)) {
            /* Said first: it is what a reader must know of the level. */
            char t[sizeof lv[i].note];
            snprintf(t, sizeof t, "%s%s%s", found[i] ? "in 1 of 2 halves" : "in no half",
                     lv[i].note[0] ? "; " : "", lv[i].note);
            memcpy(lv[i].note, t, sizeof t);
        }
    }
    return n;
}

size_t chase_levels_find(const struct chase_curve *c, struct chase_level *lv, size_t max)
{
    return find_levels(c, lv, max, 1);
}

size_t chase_levels_find_edges(const struct chase_curve *c, struct chase_level *lv, size_t max)
{
    return find_levels(c, lv, max, 0);
}
