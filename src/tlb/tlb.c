/* tlb.c: TLB levels from a page-stride curve, its twin and pair probes.
 *
 * The curve: a PAGE chain loads one line from each block of `stride`
 * bytes (the page size believed); latency against the bytes it spans.  It
 * steps up where a TLB runs out of entries, and also where a data cache
 * runs out of lines (one line a block), so a step alone does not say
 * which.  The twin curve does: the same blocks, two lines each in one
 * page (a SPREAD chain, the second load at +2 lines): a TLB's step stays
 * at the same count of blocks, a data cache's comes at half of it.
 *
 * The page: between TLB steps, SPREAD probes load two lines a block, the
 * second at +sub.  Below a TLB's page the second load finds the
 * translation the first just brought; from the page on it needs one of
 * its own.  So from one stretch to the next, a pair's latency rises by
 * half of what a miss at that level costs for every sub at or above its
 * page and not below: the sub where the rise appears is the page.
 *
 * This is sharper than comparing curves at strides below and above the
 * page: below it, a page's several blocks come back at random times, so a
 * TLB's step smears over two octaves; above it, a set-indexed TLB keeps
 * its reach in bytes.
 */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/size.h"
#include "tlb/tlb.h"
#include "tlb/tlb_rules.h"

#define MATCH_OCTAVES 0.75  /* the twin's step is the same step when this close (it stays or moves an octave) */
#define TLB_SHARE 0.15      /* a TLB's rise is this share of its step at least (half: all of it) */
#define TLB_SIGMAS 3.0      /* ... and this many times the probes' noise */
#define SHARE_SPREAD 0.25   /* pairs whose rises spread less than this share of one load's rise share pages */

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The best split of rise[0..n) into a low run and a high run: the index
 * where the high run starts, its height over the low run and the scatter
 * about the two runs' means. */
static size_t split(const double *rise, size_t n, double *jump, double *noise)
{
    size_t k, i, best = 0;
    double bj = -INFINITY, bn = 0;

    for (k = 1; k < n; k++) {
        double lo = 0, hi = 0, ss = 0;
        for (i = 0; i < k; i++)
            lo += rise[i];
        for (; i < n; i++)
            hi += rise[i];
        lo /= (double)k;
        hi /= (double)(n - k);
        for (i = 0; i < n; i++)
            ss += pow(rise[i] - (i < k ? lo : hi), 2);
        if (hi - lo > bj) {
            bj = hi - lo;
            best = k;
            bn = n > 2 ? sqrt(ss / (double)(n - 2)) : 0;
        }
    }
    *jump = bj;
    *noise = bn;
    return best;
}

/* Where the twin curve has step j of the main one: a twin step whose
 * interval (widened a fifth of an octave each side) meets step j's at the
 * same blocks (0) or at half of them (-1), the nearest of each.  A TLB's
 * step is always at the same blocks on the twin, a data cache's never, so
 * a match there wins: where both are, the step holds a TLB's and a
 * cache's.  Returns log2 of the ratio of the middles, NAN for none; *both
 * says a cache's step was there too. */
static double twin_match(const struct chase_level *lv, size_t j, const struct chase_level *tw, size_t ntw, int *both,
                         double *height)
{
    double lo = (double)lv[j].lo, hi = (double)lv[j].hi, c = sqrt(lo * hi), best[2] = {NAN, NAN}, ht[2] = {0, 0};
    double bd[2] = {MATCH_OCTAVES, MATCH_OCTAVES}, w = exp2(0.2);
    size_t i;
    int h;

    for (i = 0; i + 1 < ntw; i++) {
        double tlo = (double)tw[i].lo / w, thi = (double)(tw[i].hi ? tw[i].hi : tw[i].lo) * w, t;
        if (!(tw[i + 1].cycles > tw[i].cycles))
            continue;
        t = log2(sqrt((double)tw[i].lo * (double)(tw[i].hi ? tw[i].hi : tw[i].lo)) / c);
        for (h = 0; h >= -1; h--) {
            double f = exp2(h), d = fabs(t - h);
            if (tlo <= hi * f && lo * f <= thi && d < bd[-h]) {
                bd[-h] = d;
                best[-h] = t;
                ht[-h] = tw[i + 1].cycles - tw[i].cycles;
            }
        }
    }
    *both = !isnan(best[0]) && !isnan(best[1]);
    *height = !isnan(best[0]) ? ht[0] : ht[1];
    return !isnan(best[0]) ? best[0] : best[1];
}

size_t chase_tlb_classify(const struct chase_level *lv, size_t nlv, const struct chase_level *tw, size_t ntw,
                          uint64_t stride, struct chase_tlb_level *out, size_t max)
{
    size_t j, n = 0, ntlb = 0, ncache = 0, nother = 0;

    for (j = 0; j + 1 < nlv && n < max; j++) {
        struct chase_tlb_level *L = &out[n++];
        double step, theight = 0;
        int both = 0;

        memset(L, 0, sizeof *L);
        L->step = j;
        chase_tlb_span(L, lv[j].lo, lv[j].hi ? lv[j].hi : lv[j].lo, stride);
        L->cycles = lv[j].cycles;
        L->ns = lv[j].ns;
        L->to_cycles = lv[j + 1].cycles;
        L->to_ns = lv[j + 1].ns;
        L->confidence = lv[j + 1].confidence;
        step = L->miss = L->to_cycles - L->cycles;
        L->miss_ns = L->to_ns - L->ns;
        L->twin = twin_match(lv, j, tw, ntw, &both, &theight);
        if (isnan(L->twin) || !(step > 0)) {
            L->kind = CHASE_STEP_UNCLASSIFIED;
            snprintf(L->name, sizeof L->name, "step%zu", ++nother);
            snprintf(L->how, sizeof L->how, "%s", step > 0 ? "the twin curve has no step at the same blocks or at "
                     "half of them" : "latency falls here");
        } else if (fabs(L->twin) < fabs(L->twin + 1)) {
            L->kind = CHASE_STEP_TLB;
            /* A TLB's step on the twin is half its step here (one load in
             * two misses); much more, and a cache's step is in both. */
            L->merged = both || theight > TWIN_HALF * step;
            snprintf(L->name, sizeof L->name, "TLB%zu", ++ntlb);
            snprintf(L->how, sizeof L->how, "the twin curve has it at the same blocks (pages)%s",
                     both ? ", and a data cache's step at half of them: the step holds both"
                     : L->merged ? ", as high as here: a data cache's step is in it too" : "");
        } else {
            L->kind = CHASE_STEP_CACHE;
            snprintf(L->name, sizeof L->name, "cache%zu", ++ncache);
            snprintf(L->how, sizeof L->how, "the twin curve has it at half the blocks: a data cache's %.0f..%.0f "
                     "lines", L->blocks_lo, L->blocks_hi);
        }
    }
    return n;
}

/* The twin's steps in blocks, widened a quarter octave each side: no
 * probe there.  Returns how many intervals. */
static size_t twin_zones(const struct chase_level *tw, size_t ntw, uint64_t stride, double *zlo, double *zhi)
{
    size_t i, n = 0;
    for (i = 0; i + 1 < ntw; i++) {
        zlo[n] = (double)tw[i].lo / (double)stride / 1.19;
        zhi[n] = (double)(tw[i].hi ? tw[i].hi : tw[i].lo) / (double)stride * 1.19;
        n++;
    }
    return n;
}

size_t chase_tlb_probe_plan(const struct chase_curve *c, const struct chase_level *lv, size_t nlv,
                            const struct chase_level *tw, size_t ntw, const struct chase_tlb_level *out, size_t nout,
                            uint64_t stride, uint64_t max_blocks, uint64_t *blocks)
{
    double zlo[CHASE_MAX_LEVELS], zhi[CHASE_MAX_LEVELS], lo, hi, prev;
    size_t nz = twin_zones(tw, ntw, stride, zlo, zhi), r = 0, i, z;

    (void)lv;
    (void)nlv;
    if (!c->n)
        return 0;
    prev = (double)c->rows[0].bytes / (double)stride;
    for (i = 0; i <= nout; i++) {
        double best = 0, bl = 0, bh = 0, a;
        if (i < nout && out[i].kind != CHASE_STEP_TLB)
            continue;
        /* This stretch: from past the TLB step before it, to where twice the
         * blocks still fall short of the next TLB step. */
        lo = prev;
        hi = i < nout ? out[i].blocks_lo / 2 : (double)max_blocks;
        /* Past a step, a fifth of an octave on; past an open one (the span
         * ended in its rise) from its first point up: that is all there is. */
        if (i < nout)
            prev = out[i].open ? out[i].blocks_hi : out[i].blocks_hi * 1.19;
        /* The widest gap between the twin's steps inside [lo, hi]. */
        a = lo;
        for (z = 0; z <= nz; z++) {
            double b = z < nz ? zlo[z] : hi, l = a > lo ? a : lo, h = b < hi ? b : hi;
            if (h > l && log2(h / l) > best) {
                best = log2(h / l);
                bl = l;
                bh = h;
            }
            if (z < nz && zhi[z] > a)
                a = zhi[z];
        }
        blocks[r++] = best > 0 ? (uint64_t)sqrt(bl * bh) : 0;
        if (blocks[r - 1] && blocks[r - 1] < 2)
            blocks[r - 1] = 2;
    }
    return r;
}

/* The curve's latency at bytes b, interpolated in log size; NAN outside. */
static double curve_at(const struct chase_curve *c, double b)
{
    size_t i;
    for (i = 1; i < c->n; i++)
        if ((double)c->rows[i].bytes >= b && (double)c->rows[i - 1].bytes <= b) {
            double x0 = log((double)c->rows[i - 1].bytes), x1 = log((double)c->rows[i].bytes);
            double w = x1 > x0 ? (log(b) - x0) / (x1 - x0) : 0;
            return c->rows[i - 1].cycles + w * (c->rows[i].cycles - c->rows[i - 1].cycles);
        }
    return NAN;
}

void chase_tlb_pages(struct chase_tlb_level *out, size_t nout, const struct chase_tlb_probe *pr, size_t npr,
                     uint64_t stride, const struct chase_curve *c)
{
    size_t i, r = 0, k, j;
    char a[32], b[32], how[640];

    for (i = 0; i < nout; i++) {
        struct chase_tlb_level *L = &out[i];
        const struct chase_tlb_probe *p, *q;
        double rise[CHASE_TLB_MAX_SUBS], se[CHASE_TLB_MAX_SUBS], mean = 0, noise, step = L->to_cycles - L->cycles;
        size_t ns;

        if (L->kind != CHASE_STEP_TLB)
            continue;
        r++;
        if (r >= npr)
            break;
        p = &pr[r - 1];
        q = &pr[r];
        ns = p->nsub < q->nsub ? p->nsub : q->nsub;
        for (j = 0; j < ns && p->sub[j] == q->sub[j]; j++) {
            rise[j] = q->cycles[j] - p->cycles[j];
            se[j] = sqrt(p->se[j] * p->se[j] + q->se[j] * q->se[j]);
            mean += q->cycles[j];
        }
        snprintf(how, sizeof how, "%s", L->how);
        if (j < 3 || j < ns) {
            snprintf(L->how, sizeof L->how, "%.420s; not probed on both sides: no page", how);
            continue;
        }
        k = split(rise, j, &L->jump, &noise);
        /* The noise: the scatter about the split's two levels, or what the
         * points' own spread says, whichever is larger. */
        qsort(se, j, sizeof *se, by_value);
        L->noise = fmax(fmax(noise, se[j / 2]), PRECISION * mean / (double)j);
        if (L->jump > TLB_SIGMAS * L->noise && L->jump > TLB_SHARE * step) {
            uint64_t g = p->sub[k], per = g > stride ? g : stride;
            L->page = g;
            L->entries_lo = (double)L->lo / (double)per;
            L->entries_hi = (double)L->hi / (double)per;
            snprintf(L->how, sizeof L->how, "%.420s; past it a pair's second load costs %.1f cycles more from +%s on "
                     "(another page) than up to +%s: %s pages", how, L->jump, chase_size_format(g, a, sizeof a),
                     chase_size_format(p->sub[k - 1], b, sizeof b), a);
            if ((g > stride || L->merged) && !(L->walk_rms > 0)) {
                /* Several blocks a page, back at random times, smear the
                 * curve's step over two octaves; a cache's step in it adds
                 * its own cost.  The probes' rise has neither. */
                L->miss = 2 * L->jump;
                L->miss_ns = NAN;
                snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), "; a miss costs twice the rise "
                         "(%s)", L->merged ? "the curve's step holds a cache's" : "pages larger than the stride "
                         "smear the curve's step");
            } else if (fabs(2 * L->jump - step) > 0.4 * step) {
                snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), "; the curve's step (%.1f) and "
                         "twice the rise differ: %s", step, 2 * L->jump < step
                         ? "a cache's step may be in the curve's, or a second walk is cheaper (its page table "
                           "entries just read)" : "the probes' stretches differ in more than this level");
            }
        } else {
            /* No sub where the rise grows: every second load shares its
             * first's page, or none does; the second at +2 lines always
             * does.  So where loads miss at all past the reach (one load a
             * page rises by d over the plateau there) and a pair costs the
             * same at every second (spread under a quarter of d, where a
             * second in another page would add about d/2), every second
             * shares.  The stretch before may lie octaves lower, where the
             * L2's latency is a few cycles less (the H100's 281 against
             * 288): the rises are compared with each other, not with d. */
            double d = curve_at(c, (double)q->blocks * (double)stride) - L->cycles, all = 0, lo = INFINITY,
                   hi = -INFINITY;
            for (k = 0; k < j; k++) {
                all += rise[k] / (double)j;
                lo = fmin(lo, rise[k]);
                hi = fmax(hi, rise[k]);
            }
            if (d > TLB_SIGMAS * L->noise && hi - lo < SHARE_SPREAD * d) {
                L->page = 2 * p->sub[j - 1];
                L->page_at_least = 1;
                L->jump = all;
                /* At most this many entries: the page may be larger. */
                L->entries_lo = (double)L->lo / (double)(L->page > stride ? L->page : stride);
                L->entries_hi = (double)L->hi / (double)(L->page > stride ? L->page : stride);
                snprintf(L->how, sizeof L->how, "%.420s; past it a pair costs the same at every second up to +%s "
                         "(rises %.1f-%.1f) where one load a page rises %.1f: the second load shares the first's "
                         "page, %s or larger", how, chase_size_format(p->sub[j - 1], a, sizeof a), lo, hi, d,
                         chase_size_format(L->page, b, sizeof b));
            } else {
                snprintf(L->how, sizeof L->how, "%.420s; the probes show no page (rise %.1f, noise %.1f; entries "
                         "counted in blocks of the stride)", how, L->jump, L->noise);
            }
        }
    }
}

/* The median of v[0..n) (sorts v).  Not core's chase_median: for an even
 * n that interpolates, a + (b - a) / 2, which can differ from (a + b) / 2
 * in the last bit, and the levels' figures are written to four decimals. */
static double median_of(double *v, size_t n)
{
    qsort(v, n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Past a TLB's reach R the share of loads that miss grows with the span S,
 * so the curve climbs as base + miss x share(S/R) and need not settle
 * before memory ends (the H200's rises 48 cycles from 64 to 132 GiB).  Two
 * shares are fitted, the data says which fits: 1 - R/S (what loads to
 * pages picked at random see from any replacement; the H200's curve within
 * 0.3 cycles rms), and m = 1 - exp(-m S/R) (random replacement under the
 * chain's fixed cycle: a page survives the misses of one lap; the
 * simulator's).  The two can differ by half in the miss cost they give. */
enum walk_model { WALK_UNIFORM, WALK_CYCLE };

static double share(enum walk_model w, double x)
{
    double m = 0.5;
    int k;
    if (x <= 1)
        return 0;
    if (w == WALK_UNIFORM)
        return 1 - 1 / x;
    for (k = 0; k < 200; k++)
        m = 1 - exp(-m * x);
    return m;
}

/* Fits R over [lo, hi] (WALK_GRID steps in log) and the miss cost by least
 * squares over rows [r0, r1]; fills the rms residual and returns the miss
 * cost, NAN for fewer than two rows.  R itself is not reported: within the
 * step's interval it is as uncertain as the interval says. */
#define WALK_POINTS 4   /* fewer points past the reach cannot tell the two shares apart */
static double walk_fit(const struct chase_curve *c, size_t r0, size_t r1, double base, double lo, double hi,
                       enum walk_model w, double *rms)
{
    double best = INFINITY, bm = NAN;
    size_t g, i;

    if (r1 >= c->n || r1 < r0 + 1 || !(lo > 0) || !(hi >= lo))
        return NAN;
    for (g = 0; g <= WALK_GRID; g++) {
        double R = lo * pow(hi / lo, (double)g / WALK_GRID), sxy = 0, sxx = 0, m, rss = 0;
        for (i = r0; i <= r1; i++) {
            double x = share(w, (double)c->rows[i].bytes / R);
            sxy += x * (c->rows[i].cycles - base);
            sxx += x * x;
        }
        if (!(sxx > 0))
            continue;
        m = sxy / sxx;
        for (i = r0; i <= r1; i++) {
            double x = share(w, (double)c->rows[i].bytes / R);
            rss += pow(c->rows[i].cycles - base - m * x, 2);
        }
        if (rss < best) {
            best = rss;
            bm = m;
        }
    }
    *rms = sqrt(best / (double)(r1 - r0 + 1));
    return bm;
}

/* Both shares fitted; the better one's miss cost, with a sentence saying
 * both into how (n bytes). */
static double walk_both(const struct chase_curve *c, size_t r0, size_t r1, double base, double lo, double hi,
                        double *rms, char *how, size_t n)
{
    double eu, ec, mu, mc;
    *rms = INFINITY;
    mu = walk_fit(c, r0, r1, base, lo, hi, WALK_UNIFORM, &eu);
    mc = walk_fit(c, r0, r1, base, lo, hi, WALK_CYCLE, &ec);
    if (!isfinite(mu) || !isfinite(mc))
        return NAN;
    *rms = fmin(eu, ec);
    if (r1 - r0 + 1 < WALK_POINTS || fmax(eu, ec) < WALK_APART * fmin(eu, ec)) {
        /* Each share fits so few points whatever the cost, or both fit
         * alike (the H200's, 0.7-0.9 cycles rms each, on the same lease
         * one run favouring each): both said, neither taken. */
        snprintf(how, n, "a miss costs %.1f cycles if misses grow as random replacement under the chain's cycle "
                 "(rms %.1f), %.1f if as 1 - reach/span (rms %.1f): %s", mc, ec, mu, eu,
                 r1 - r0 + 1 < WALK_POINTS ? "too few points to tell" : "both fit alike");
        return NAN;
    }
    snprintf(how, n, "a miss costs %.1f cycles as misses grow %s (rms %.1f; %s: %.1f, rms %.1f)", eu <= ec ? mu : mc,
             eu <= ec ? "as 1 - reach/span" : "as random replacement under the chain's cycle", *rms,
             eu <= ec ? "as random replacement under the cycle" : "as 1 - reach/span", eu <= ec ? mc : mu,
             eu <= ec ? ec : eu);
    return eu <= ec ? mu : mc;
}

/* The first row at or past bytes b. */
static size_t row_at(const struct chase_curve *c, uint64_t b)
{
    size_t i;
    for (i = 0; i < c->n && c->rows[i].bytes < b; i++)
        ;
    return i;
}

/* A rise at the curve's end: the longest run of last rows (two at least,
 * climbing) that all lie clearly above the eight rows before them (by
 * END_SIGMAS of their scatter and END_SHARE of their latency).  Fills the
 * run's first row and the rows' median before it; returns 0 where none. */
#define END_SIGMAS 6.0
#define END_SHARE 0.01
static int end_rise(const struct chase_curve *c, size_t *first, double *base)
{
    size_t s, i, found = 0;
    double v[8], d[8];

    for (s = c->n >= 2 ? c->n - 2 : 0; s >= 8 && s + 8 > c->n - c->n / 2; s--) {
        double b, sd, thr;
        int ok = 1;
        for (i = 0; i < 8; i++)
            v[i] = c->rows[s - 8 + i].cycles;
        b = median_of(v, 8);
        for (i = 0; i < 8; i++)
            d[i] = fabs(c->rows[s - 8 + i].cycles - b);
        sd = 1.4826 * median_of(d, 8);
        thr = fmax(END_SIGMAS * sd, END_SHARE * b);
        for (i = s; i < c->n && ok; i++)
            ok = c->rows[i].cycles > b + thr && (i == s || c->rows[i].cycles >= c->rows[i - 1].cycles - sd);
        if (!ok)
            break;
        found = 1;
        *first = s;
        *base = b;
    }
    return (int)found;
}

/* Whether the twin's rise over some spans is a TLB's against the curve's
 * over the same: about half (one load in two misses). */
static int twin_half(double rise, double trise)
{
    return rise > 0 && trise > TWIN_LOW * rise && trise < TWIN_HALF * rise;
}

/* A step the twin's levels did not place (its climb is gradual where the
 * curve's is too: no plateau after it to end a level): the twin's rise
 * over the same spans, from the plateau before the step to the next
 * level's end, against the curve's.  A quarter to three quarters of it
 * is a TLB's (one load in two misses); renames it and says so. */
static void twin_rise(const struct chase_curve *c, const struct chase_curve *twin, const struct chase_level *lv,
                      struct chase_tlb_level *L, size_t *ntlb)
{
    uint64_t end = c->rows[lv[L->step + 1].last < c->n ? lv[L->step + 1].last : c->n - 1].bytes;
    size_t t0 = row_at(twin, L->lo), t1 = row_at(twin, end), r0 = row_at(c, L->lo), r1 = row_at(c, end);
    double rise, trise;

    if (t0 >= twin->n || t1 >= twin->n || r0 >= c->n || r1 >= c->n || twin->rows[t1].bytes != end ||
        twin->rows[t0].bytes != c->rows[r0].bytes)
        return;
    rise = c->rows[r1].cycles - c->rows[r0].cycles;
    trise = twin->rows[t1].cycles - twin->rows[t0].cycles;
    if (!twin_half(rise, trise))
        return;
    L->kind = CHASE_STEP_TLB;
    L->twin = 0;
    snprintf(L->name, sizeof L->name, "TLB%zu", ++*ntlb);
    snprintf(L->how, sizeof L->how, "the twin curve's levels do not place it, but over the same spans it rises %.0f%% "
             "as much (%.1f against %.1f cycles): a TLB's, one load in two missing", 100 * trise / rise, trise, rise);
}

void chase_tlb_span(struct chase_tlb_level *L, uint64_t lo, uint64_t hi, uint64_t stride)
{
    L->stride = stride;
    L->lo = lo;
    L->hi = hi;
    L->blocks_lo = L->entries_lo = (double)lo / (double)stride;
    L->blocks_hi = L->entries_hi = (double)hi / (double)stride;
    L->jump = L->noise = NAN;
}

double chase_tlb_before_edge(const struct chase_curve *c, uint64_t lo, double dflt)
{
    double v[64];
    size_t i, n = 0;
    for (i = c->n; i-- > 0 && n < 64;)     /* from the edge back: the nearest rows */
        if ((double)c->rows[i].bytes >= (double)lo / M_SQRT2 && c->rows[i].bytes <= lo)
            v[n++] = c->rows[i].cycles;
    return n ? median_of(v, n) : dflt;
}

void chase_tlb_walks(const struct chase_curve *c, const struct chase_curve *twin, const struct chase_level *lv,
                     size_t nlv, uint64_t stride, struct chase_tlb_level *out, size_t *nout, size_t max)
{
    size_t i, ntlb = 0, first;
    double base, rms, m;
    char a[32], b[32], said[200];

    for (i = 0; i < *nout; i++) {
        struct chase_tlb_level *L = &out[i];
        size_t r0, r1, k;
        double flat = 0;
        if (L->kind == CHASE_STEP_UNCLASSIFIED && L->step + 1 < nlv && L->miss > 0)
            twin_rise(c, twin, lv, L, &ntlb);
        else if (L->kind == CHASE_STEP_TLB)
            ntlb++;
        if (L->kind != CHASE_STEP_TLB)
            continue;
        if (L->step + 1 >= nlv)
            continue;
        r0 = row_at(c, L->hi);
        r1 = lv[L->step + 1].last < c->n ? lv[L->step + 1].last : c->n - 1;
        /* The climb starts from the plateau where it ends: a GPU's L2
         * latency creeps up over the octaves before the reach (the
         * H200's from 284 to 293 cycles), and the level's latency is
         * taken where it is flattest, often at its start. */
        base = chase_tlb_before_edge(c, L->lo, L->cycles);
        said[0] = 0;
        m = walk_both(c, r0, r1, base, (double)L->lo, (double)L->hi, &rms, said, sizeof said);
        for (k = r0; k <= r1 && k < c->n; k++)
            flat += pow(c->rows[k].cycles - L->to_cycles, 2);
        flat = sqrt(flat / (double)(r1 - r0 + 1));
        /* Only where the climb fits it far better than a step to a flat
         * plateau does (an LRU TLB walked in a cycle misses every time past
         * its reach: a step). */
        if (said[0] && (isnan(m) || m > L->miss) && rms < 0.5 * flat && r1 >= r0 + 2) {
            L->walk_miss = L->miss = m;
            L->walk_rms = rms;
            L->miss_ns = NAN;
            snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), "; past it the curve climbs and "
                     "does not settle: over its %zu points %s", r1 - r0 + 1, said);
        }
    }
    /* Names in order again: a step promoted above may precede others. */
    for (i = ntlb = 0; i < *nout; i++)
        if (out[i].kind == CHASE_STEP_TLB)
            snprintf(out[i].name, sizeof out[i].name, "TLB%zu", ++ntlb);
    /* A rise where the span ends: a reach the memory holds only the start
     * of (the H100's last TLB: 64 GiB of 80).  The twin at the same span
     * rises about half as much (one load in two misses) where it is a TLB. */
    if (*nout < max && end_rise(c, &first, &base) && first > 0 &&
        (!*nout || c->rows[first - 1].bytes >= out[*nout - 1].hi)) {
        struct chase_tlb_level *L = &out[*nout];
        size_t tw = row_at(twin, c->rows[c->n - 1].bytes), t0 = row_at(twin, c->rows[first - 1].bytes);
        double rise = c->rows[c->n - 1].cycles - base, trise = NAN;
        if (tw < twin->n && t0 < twin->n && twin->rows[tw].bytes == c->rows[c->n - 1].bytes)
            trise = twin->rows[tw].cycles - twin->rows[t0].cycles;
        memset(L, 0, sizeof *L);
        L->step = nlv ? nlv - 1 : 0;
        chase_tlb_span(L, c->rows[first - 1].bytes, c->rows[first].bytes, stride);
        L->cycles = base;
        L->ns = NAN;
        L->to_cycles = c->rows[c->n - 1].cycles;
        L->to_ns = NAN;
        L->twin = twin_half(rise, trise) ? 0 : NAN;
        L->confidence = NAN;
        L->open = 1;
        snprintf(said, sizeof said, "no fit");
        m = walk_both(c, first, c->n - 1, base, (double)L->lo, (double)L->hi, &rms, said, sizeof said);
        L->miss = NAN;
        L->miss_ns = NAN;
        if (!isnan(L->twin)) {
            L->kind = CHASE_STEP_TLB;
            snprintf(L->name, sizeof L->name, "TLB%zu", ++ntlb);
            L->walk_miss = L->miss = m;
            L->walk_rms = rms;
            snprintf(L->how, sizeof L->how, "the span ends %zu points into a rise (+%.1f cycles at %s) that the twin "
                     "curve shares at %.0f%% (a TLB's: one load in two misses): a reach from %s on, the next plateau "
                     "past the memory; over %zu points (a rough figure) %s",
                     c->n - first, rise, chase_size_format(c->rows[c->n - 1].bytes, a, sizeof a),
                     100 * trise / rise, chase_size_format(L->lo, b, sizeof b), c->n - first, said);
        } else {
            L->kind = CHASE_STEP_UNCLASSIFIED;
            snprintf(L->name, sizeof L->name, "end");
            snprintf(L->how, sizeof L->how, "the span ends %zu points into a rise (+%.1f cycles) that the twin "
                     "curve %s: not told", c->n - first, rise, isnan(trise) ? "did not measure"
                     : trise >= TWIN_HALF * rise ? "shares whole (a data cache's?)" : "hardly shares");
        }
        (*nout)++;
    }
}
