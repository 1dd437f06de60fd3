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

#include "size.h"
#include "tlb.h"

#define MATCH_OCTAVES 0.75  /* the twin's step is the same step when this close (it stays or moves an octave) */
#define TLB_SHARE 0.15      /* a TLB's rise is this share of its step at least (half: all of it) */
#define TWIN_HALF 0.75      /* a TLB's step on the twin is half its step on the curve; above this share, merged */
#define TLB_SIGMAS 3.0      /* ... and this many times the probes' noise */
#define PRECISION 0.005     /* a point's median is good to about this (the settle rule) */

static const struct chase_column probes_cols[] = {
    {"stretch", CHASE_INT}, {"blocks", CHASE_INT}, {"stride", CHASE_INT}, {"bytes", CHASE_INT},
    {"sub", CHASE_INT}, {"cycles", CHASE_REAL}, {"se", CHASE_REAL}, {"ns", CHASE_REAL}, {"rise", CHASE_REAL},
};
const struct chase_table chase_tlb_probes_table = {"probes", probes_cols, 9, NULL};

static const struct chase_column levels_cols[] = {
    {"name", CHASE_TEXT}, {"kind", CHASE_TEXT}, {"lo", CHASE_INT}, {"hi", CHASE_INT},
    {"blocks_lo", CHASE_REAL}, {"blocks_hi", CHASE_REAL}, {"page", CHASE_INT}, {"entries_lo", CHASE_REAL},
    {"entries_hi", CHASE_REAL}, {"cycles", CHASE_REAL}, {"ns", CHASE_REAL}, {"miss_cycles", CHASE_REAL},
    {"miss_ns", CHASE_REAL}, {"twin_octaves", CHASE_REAL}, {"probe_rise", CHASE_REAL}, {"probe_noise", CHASE_REAL},
    {"confidence", CHASE_REAL}, {"how", CHASE_TEXT},
};
const struct chase_table chase_tlb_levels_table = {"tlb", levels_cols, 18, "tlb"};

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
        L->lo = lv[j].lo;
        L->hi = lv[j].hi ? lv[j].hi : lv[j].lo;
        L->blocks_lo = L->entries_lo = (double)L->lo / (double)stride;
        L->blocks_hi = L->entries_hi = (double)L->hi / (double)stride;
        L->cycles = lv[j].cycles;
        L->ns = lv[j].ns;
        L->to_cycles = lv[j + 1].cycles;
        L->to_ns = lv[j + 1].ns;
        L->confidence = lv[j + 1].confidence;
        L->jump = L->noise = NAN;
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
        if (i < nout)
            prev = out[i].blocks_hi * 1.19;
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

void chase_tlb_pages(struct chase_tlb_level *out, size_t nout, const struct chase_tlb_probe *pr, size_t npr,
                     uint64_t stride)
{
    size_t i, r = 0, k, j;
    char a[32], b[32], how[128];

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
            snprintf(L->how, sizeof L->how, "%.120s; not probed on both sides: no page", how);
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
            snprintf(L->how, sizeof L->how, "%.120s; past it a pair's second load costs %.1f cycles more from +%s on "
                     "(another page) than up to +%s: %s pages", how, L->jump, chase_size_format(g, a, sizeof a),
                     chase_size_format(p->sub[k - 1], b, sizeof b), a);
            if (g > stride || L->merged) {
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
            snprintf(L->how, sizeof L->how, "%.120s; the probes show no page (rise %.1f, noise %.1f; entries counted in "
                     "blocks of the stride)", how, L->jump, L->noise);
        }
    }
}
