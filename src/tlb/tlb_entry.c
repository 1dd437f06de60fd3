/* tlb_entry.c: a TLB level that the curve smears, found by a pass at the
 * stride of the entries above it (chase tlb).
 *
 * Where a TLB level's entry maps k blocks of the curve's stride, the PAGE
 * chain comes back to each entry k times a lap at random moments, so a
 * smaller level in front of it (the H100's and H200's: 16 entries of 16
 * MiB, behind them entries of 32 or 64 MiB, reached by 2 MiB blocks)
 * shows on the curve as a climb of a few percent over an octave and more,
 * which no level finder can tell from a plateau's drift.  At the entries'
 * own stride every block is an entry of its own: the same level is one
 * sharp step, and the twin (two lines a block) rises half as much at the
 * same blocks.
 *
 * Past that step the H100's curve falls back by 4 to 11 cycles of a
 * 10-cycle step by 64 GiB; a step followed by a slow fall is not a
 * plateau change to the level finder either, so the rule here looks at
 * one point to the next: a rise that stands well above every rise near
 * it and that the twin shares at about half.
 *
 * The page: at half the stride, a level whose entries map no more than
 * that still makes every block an entry, so the step stays at the same
 * blocks; one whose entries map more takes two blocks an entry and stays
 * on its plateau there.  Halving until the step moves gives the page.
 * Where it moves at once, twice the stride over half as many blocks tells
 * whether an entry maps that much (the step then stays in bytes). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/size.h"
#include "tlb/tlb.h"
#include "tlb/tlb_rules.h"

#define ENTRY_MIN_BLOCKS 16 /* the pass needs a few octaves below the level above */
#define SHARP_WINDOW 4      /* a step stands above the rises this many points each side */
#define SHARP_OVER 2.0      /* ... by this factor (the L2's wobble from one set of lines to the next) */
#define SHARP_SHARE 0.02    /* ... and is this share of the latency at least */
#define ROSE_SHARE 0.667    /* a page test's pair rose: over this share of the step ... */
#define PAIR_SIGMAS 3.0     /* ... and this many of its standard errors */
#define FLAT_SHARE 0.333    /* ... stayed flat: under this share; between the two, not told */

int chase_tlb_entry_plan(const struct chase_tlb_level *out, size_t nout, uint64_t stride, uint64_t *entry,
                         uint64_t *until)
{
    const struct chase_tlb_level *first = NULL;
    size_t i;

    for (i = 0; i < nout; i++)
        if (out[i].kind == CHASE_STEP_TLB && (!first || out[i].lo < first->lo))
            first = &out[i];
    /* A page bounded from below serves as well: at that stride every
     * block is still within one of the level's entries, so the pass up to
     * its start shows no step of its own, and a smaller level whose
     * entries map no more than that steps sharply. */
    if (!first || !first->page || first->page <= stride || first->lo / first->page < ENTRY_MIN_BLOCKS)
        return 0;
    *entry = first->page;
    *until = first->lo / first->page * first->page;
    return 1;
}

/* The largest rise, up or down, between neighbours within the window
 * around point i's rise, not counting it. */
static double rises_near(const struct chase_curve *c, size_t i)
{
    size_t j = i > SHARP_WINDOW ? i - SHARP_WINDOW : 0;
    double m = 0;

    for (; j + 1 < c->n && j <= i + SHARP_WINDOW; j++)
        if (j != i)
            m = fmax(m, fabs(c->rows[j + 1].cycles - c->rows[j].cycles));
    return m;
}

size_t chase_tlb_sharp_steps(const struct chase_curve *c, const struct chase_curve *twin, uint64_t stride,
                             struct chase_tlb_level *out, size_t max)
{
    size_t i, k, n = 0;
    char a[32], b[32], s[32];

    /* Two points before the step at least, and one after it. */
    for (i = 2; i + 2 < c->n && n < max; i++) {
        const struct chase_row *r = c->rows;
        double d = r[i + 1].cycles - r[i].cycles, near, td, fall, low;
        struct chase_tlb_level *L;

        /* The window holds the rise after it: the point after keeps over
         * half the step. */
        if (!(d > SHARP_SHARE * r[i].cycles) || !(d > SHARP_OVER * (near = rises_near(c, i))))
            continue;
        /* The twin at the same spans: a TLB's step is half there (one
         * load in two misses); a data cache's comes at half the blocks. */
        if (twin->n != c->n || twin->rows[i].bytes != r[i].bytes || twin->rows[i + 1].bytes != r[i + 1].bytes)
            continue;
        td = twin->rows[i + 1].cycles - twin->rows[i].cycles;
        if (!(td >= TWIN_LOW * d && td <= TWIN_HALF * d))
            continue;
        L = &out[n++];
        memset(L, 0, sizeof *L);
        L->kind = CHASE_STEP_TLB;
        L->pass_stride = stride;
        chase_tlb_span(L, r[i].bytes, r[i + 1].bytes, stride);
        L->cycles = r[i].cycles;
        L->ns = r[i].ns;
        L->to_cycles = r[i + 1].cycles;
        L->to_ns = r[i + 1].ns;
        L->miss = d;
        L->miss_ns = r[i + 1].ns - r[i].ns;
        L->confidence = NAN;
        L->miss_from = CHASE_MISS_CURVE;
        /* How far the curve falls back before the pass ends (the H100's:
         * 4 to 11 cycles of a 10-cycle step). */
        for (k = i + 1, low = r[i + 1].cycles; k < c->n; k++)
            low = fmin(low, r[k].cycles);
        fall = r[i + 1].cycles - low;
        snprintf(L->how, sizeof L->how, "a step at %s stride (every block an entry of the level above): +%.1f "
                 "cycles from %s to %s, ", chase_size_format(stride, s, sizeof s), d,
                 chase_size_format(L->lo, a, sizeof a), chase_size_format(L->hi, b, sizeof b));
        if (near > 0)
            snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), "%.1f times any other rise within %d "
                     "points", d / near, SHARP_WINDOW);
        else
            snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), "no other rise within %d points",
                     SHARP_WINDOW);
        snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), ", the twin rising %.0f%% of it at the "
                 "same blocks (one load in two misses)", 100 * td / d);
        if (fall > near)
            snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), "; past it the curve falls back "
                     "%.1f cycles by the pass's end (%s): the miss is the step at its edge", fall,
                     chase_size_format(r[c->n - 1].bytes, a, sizeof a));
        i++;    /* the point after the step cannot start another */
    }
    return n;
}

/* The mean of the pair's two points past the step over its two before. */
static double pair_rise(const struct chase_tlb_entry_test *t)
{
    return (t->cycles[2] + t->cycles[3] - t->cycles[0] - t->cycles[1]) / 2;
}

/* What a pair of chains says: it rose by most of the step (every block
 * an entry at that stride), stayed flat, or neither (noise between the
 * two, or a chain not measured): then the search stops, not told. */
enum pair_verdict { PAIR_UNCLEAR, PAIR_ROSE, PAIR_FLAT };

static enum pair_verdict verdict(const struct chase_tlb_level *L, const struct chase_tlb_entry_test *t)
{
    double r = pair_rise(t), se = 0.5 * sqrt(t->se[0] * t->se[0] + t->se[1] * t->se[1] + t->se[2] * t->se[2] +
                                              t->se[3] * t->se[3]);

    if (!isfinite(r) || !(L->miss > 0))
        return PAIR_UNCLEAR;
    if (r > ROSE_SHARE * L->miss && r > PAIR_SIGMAS * se)
        return PAIR_ROSE;
    return r < FLAT_SHARE * L->miss ? PAIR_FLAT : PAIR_UNCLEAR;
}

/* All four spans of the pair were measured. */
static int measured(const struct chase_tlb_entry_test *t)
{
    return isfinite(pair_rise(t));
}

/* A pair at stride s: two spans a block apart each side of the step's
 * blocks (s below the pass's stride) or of half of them (twice it). */
static void pair_at(struct chase_tlb_entry_test *next, uint64_t s, uint64_t nb, uint64_t mb, int twice)
{
    uint64_t lo = twice ? nb / 2 : nb, hi = twice ? (mb + 1) / 2 : mb;
    int k;

    memset(next, 0, sizeof *next);
    next->stride = s;
    next->span[0] = (lo - 1) * s;
    next->span[1] = lo * s;
    next->span[2] = hi * s;
    next->span[3] = (hi + 1) * s;
    for (k = 0; k < CHASE_TLB_PAIR_POINTS; k++)
        next->cycles[k] = NAN;
}

int chase_tlb_entry_next(const struct chase_tlb_level *L, const struct chase_tlb_entry_test *t, size_t n,
                         uint64_t min_stride, struct chase_tlb_entry_test *next)
{
    uint64_t e = L->pass_stride, nb = (uint64_t)L->blocks_lo, mb = (uint64_t)ceil(L->blocks_hi), s;
    enum pair_verdict v;

    /* The step's blocks at the pass's stride, before the page moved them:
     * only the pass's own levels, not yet told. */
    if (!e || L->stride != e || nb < 4 || mb <= nb || n >= CHASE_TLB_ENTRY_TESTS || mb + 2 > UINT64_MAX / 2 / e)
        return 0;
    if (!n) {
        if (e % 2 == 0 && e / 2 >= min_stride)
            pair_at(next, e / 2, nb, mb, 0);
        else
            pair_at(next, 2 * e, nb, mb, 1);
        return 1;
    }
    if (t[n - 1].stride > e)
        return 0;       /* twice the stride was the last to try */
    v = verdict(L, &t[n - 1]);
    s = t[n - 1].stride;
    if (v == PAIR_ROSE && s % 2 == 0 && s / 2 >= min_stride) {
        pair_at(next, s / 2, nb, mb, 0);
        return 1;
    }
    if (v == PAIR_FLAT && n == 1) {
        pair_at(next, 2 * e, nb, mb, 1);
        return 1;
    }
    return 0;
}

void chase_tlb_entry_page(struct chase_tlb_level *L, const struct chase_tlb_entry_test *t, size_t n, int complete)
{
    size_t i, rising = 0;
    const struct chase_tlb_entry_test *twice = NULL, *stop = NULL;
    uint64_t at = 0;
    char a[32], b[32], c[32], said[160];

    for (i = 0; i < n; i++) {
        if (t[i].stride > L->pass_stride)
            twice = &t[i];
        else if (!stop) {   /* the halving pairs that rose, then the one that did not */
            if (verdict(L, &t[i]) == PAIR_ROSE)
                rising++;
            else
                stop = &t[i];
        }
    }
    if (rising && stop && verdict(L, stop) == PAIR_FLAT) {
        at = L->page = t[rising - 1].stride;
        L->page_below = 2 * L->page;
        snprintf(said, sizeof said, "the last stride, halving, at which the chain stepped at the same blocks");
    } else if (rising) {
        at = t[rising - 1].stride;
        L->page_below = 2 * at;
        snprintf(said, sizeof said, "%s %s: the chain stepped at the same blocks there, %s",
                 stop || !complete ? "told no further than" : "no larger than", chase_size_format(at, a, sizeof a),
                 stop && measured(stop) ? "and the next pair rose by between a third and two thirds of the step"
                 : complete ? "the smallest stride allowed" : "and a chain failed");
    } else if (stop && verdict(L, stop) == PAIR_FLAT && twice && verdict(L, twice) == PAIR_ROSE) {
        L->page = 2 * L->pass_stride;
        L->page_at_least = 1;
        L->entries_lo = L->blocks_lo / 2;
        L->entries_hi = L->blocks_hi / 2;
        snprintf(said, sizeof said, "twice the stride or more: at twice it the step stays in bytes");
    } else if (stop && verdict(L, stop) == PAIR_FLAT && twice && verdict(L, twice) == PAIR_FLAT) {
        L->page = L->pass_stride;
        L->page_below = 2 * L->page;
        snprintf(said, sizeof said, "the stride: at half of it and at twice it the step moves");
    } else if (stop && verdict(L, stop) == PAIR_FLAT) {
        L->page = L->pass_stride;
        L->page_at_least = 1;
        snprintf(said, sizeof said, "the stride or more: at half of it the step moves%s",
                 !twice ? "" : !measured(twice) ? ", and a chain at twice it failed"
                 : ", and at twice it the pair rose by between a third and two thirds of the step");
    } else {
        snprintf(said, sizeof said, "not told: %s", !complete ? "a chain failed" : !n ? "no pair of chains fits "
                 "the step" : "the pair at half the stride rose by between a third and two thirds of the step");
    }
    /* Below the pass's stride each block at the page is an entry: the
     * reach is the step's blocks at it, spans a chain at that stride
     * measured. */
    if (at && at < L->stride) {
        L->stride = at;
        L->lo = (uint64_t)L->blocks_lo * at;
        L->hi = (uint64_t)ceil(L->blocks_hi) * at;
    }
    snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), "; the page is %s", said);
    for (i = 0; i < n; i++)
        snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), "%sat %s stride from %s to %s %+.1f",
                 i ? ", " : " (", chase_size_format(t[i].stride, a, sizeof a),
                 chase_size_format(t[i].span[1], b, sizeof b), chase_size_format(t[i].span[2], c, sizeof c),
                 pair_rise(&t[i]));
    if (n)
        snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), ", each side two spans a block apart; "
                 "the step is %.1f)", L->miss);
}

void chase_tlb_entry_join(struct chase_tlb_level *lv, size_t *nlv, size_t max, const struct chase_tlb_level *found,
                          size_t nf, char (*names)[16])
{
    size_t pos[CHASE_MAX_LEVELS], i, j, k, ntlb = 0;

    for (k = 0; k < nf && k < CHASE_MAX_LEVELS; k++) {
        /* A TLB level the curve shows already over the same bytes keeps
         * its place; the pass's tests are then its. */
        for (i = 0; i < *nlv; i++)
            if (lv[i].kind == CHASE_STEP_TLB && lv[i].lo <= found[k].hi && found[k].lo <= lv[i].hi)
                break;
        if (i < *nlv || *nlv >= max) {
            pos[k] = i < *nlv ? i : SIZE_MAX;
            continue;
        }
        for (i = *nlv; i > 0 && lv[i - 1].lo > found[k].lo; i--)
            lv[i] = lv[i - 1];
        lv[i] = found[k];
        ++*nlv;
        for (j = 0; j < k; j++)
            if (pos[j] != SIZE_MAX && pos[j] >= i)
                pos[j]++;
        pos[k] = i;
    }
    for (i = 0; i < *nlv; i++)
        if (lv[i].kind == CHASE_STEP_TLB)
            snprintf(lv[i].name, sizeof lv[i].name, "TLB%zu", ++ntlb);
    for (k = 0; k < nf && k < CHASE_MAX_LEVELS; k++)
        snprintf(names[k], 16, "%s", pos[k] == SIZE_MAX ? "-" : lv[pos[k]].name);
}
