/* tlb_revisit.c: a TLB level's miss cost from the REVISIT chain (a lap
 * back at each page at random moments), with what the PAGE chain's climb
 * says of the replacement, and a page bounded from above by PAGE chains at
 * wider strides (chase tlb; the levels themselves come from tlb.c). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/size.h"
#include "tlb/tlb.h"
#include "tlb/tlb_rules.h"

/* The REVISIT chain (chain.h) comes back to each page V times a lap at
 * random moments, the PAGE chain once (V = 1); past a reach R, the share
 * of loads that miss at a span S depends on V and on how the TLB
 * replaces, and REVISIT's far less so: at S = 1.1 R with V = 16, 0.106
 * under LRU and 0.096 under random replacement, where PAGE's are 1 and
 * 0.176.  So REVISIT gives the miss cost within a few percent whichever
 * it is, and PAGE's climb, set against that cost, says which it is.
 *
 * The gap between two visits to a page is a share X of a lap of V S
 * loads, X ~ Beta(1, V - 1) (V points at random on a circle).
 * LRU: the load hits while fewer than R other pages came in the gap,
 * S (1 - (1 - X)^V) of them on average: miss = (1 - R/S)^((V-1)/V).
 * Random replacement: each miss evicts a page at random, so a page
 * survives a gap with probability exp(-m V S X / R) at a miss share m:
 * m = 1 - E[exp(-m V S X / R)], solved for m > 0.  V = 1 is the fixed
 * cycle (LRU misses every time; random m = 1 - exp(-m S/R)).  Both tend
 * to 1 - R/S, pages picked at random (uniform), as V grows.  A page of
 * several blocks multiplies both chains' V by its blocks: PAGE then comes
 * back to a page at random moments too, and tells the policies apart
 * less well (at 16 blocks a page, hardly). */
#define REVISIT_BELOW 2     /* spans on the plateau, a quarter and a half octave below the reach */
#define REVISIT_PAST 8      /* spans from the reach to the next level's, evenly in log */
#define REVISIT_SIGMAS 3.0  /* a miss cost is taken where it is this many standard errors above zero */
#define REVISIT_FIT 0.1     /* ... and the climb fits it within this share of it (rms) */

enum tlb_policy { POLICY_LRU, POLICY_RANDOM, POLICY_UNIFORM, POLICIES };
static const char *const policy_name[] = {"lru", "random", "uniform"};
static const char *const policy_text[] = {"LRU or FIFO (a miss at every load)", "random replacement",
                                          "misses as at random pages whatever the order"};

/* E[exp(-t X)] for X ~ Beta(1, v - 1), v >= 2: (v - 1) J(v - 2), with
 * J(n) = the integral of (1 - x)^n exp(-t x) over [0, 1].  Upward, J(n) =
 * (1 - n J(n-1)) / t loses n/t of precision a step: a series where t is
 * small, whose terms fall by t/(n + k) each. */
static double beta_laplace(unsigned v, double t)
{
    unsigned n = v - 2, k;
    double j, term, sum;

    if (t > (double)n + 1) {
        j = -expm1(-t) / t;
        for (k = 1; k <= n; k++)
            j = (1 - (double)k * j) / t;
    } else {
        /* J(n) = sum over k of (-t)^k n! / (n + k + 1)! */
        term = 1.0 / ((double)n + 1);
        sum = term;
        for (k = 1; k < 400 && fabs(term) > 1e-17 * fabs(sum); k++) {
            term *= -t / ((double)n + (double)k + 1);
            sum += term;
        }
        j = sum;
    }
    return (double)(v - 1) * j;
}

/* The share of loads that miss at S/R = x under policy p, V visits a lap. */
static double miss_share(enum tlb_policy p, unsigned v, double x)
{
    double lo = 1e-9, hi = 1;
    int k;

    if (x <= 1)
        return 0;
    if (p == POLICY_UNIFORM)
        return 1 - 1 / x;
    if (p == POLICY_LRU)
        return v <= 1 ? 1 : pow(1 - 1 / x, (double)(v - 1) / (double)v);
    for (k = 0; k < 50; k++) {
        double m = 0.5 * (lo + hi), e = v <= 1 ? exp(-m * x) : beta_laplace(v, m * (double)v * x);
        if (m - (1 - e) < 0)
            lo = m;
        else
            hi = m;
    }
    return 0.5 * (lo + hi);
}

size_t chase_tlb_revisit_plan(const struct chase_tlb_level *out, size_t nout, size_t i, uint64_t stride,
                              uint64_t max, uint64_t *spans, size_t max_spans)
{
    uint64_t end = max / stride * stride, v, from = 0;
    double lo;
    size_t k, n = 0, j;

    if (i >= nout || out[i].kind != CHASE_STEP_TLB || !stride || max_spans < REVISIT_BELOW + REVISIT_PAST)
        return 0;
    /* From past the step before and up to the next, of any kind: a data
     * cache's would add its own rise to the climb. */
    for (j = 0; j < nout; j++) {
        if (j != i && out[j].lo > out[i].lo && out[j].lo / stride * stride < end)
            end = out[j].lo / stride * stride;
        if (j != i && out[j].lo < out[i].lo && out[j].hi > from)
            from = out[j].hi;
    }
    lo = (double)out[i].lo;
    if (!(lo > 0) || (double)end <= lo)
        return 0;
    for (k = REVISIT_BELOW; k > 0; k--) {
        v = (uint64_t)(lo * pow(2, -0.25 * (double)k)) / stride * stride;
        if (v >= 2 * stride && v >= from && (!n || v > spans[n - 1]))
            spans[n++] = v;
    }
    for (k = 0; k < REVISIT_PAST; k++) {
        v = (uint64_t)(lo * pow((double)end / lo, (double)k / (REVISIT_PAST - 1))) / stride * stride;
        if (k == REVISIT_PAST - 1)
            v = end;
        if (v >= 2 * stride && (!n || v > spans[n - 1]))
            spans[n++] = v;
    }
    return n;
}

/* A REVISIT fit under one policy: the reach, plateau, miss cost, its
 * standard error and the rms residual. */
struct revisit_fit {
    double R, base, miss, se, rms;
};

/* Least squares of y = base + miss x over rows [r0, r1] of rv, x the
 * policy's share, the reach on a grid over [lo, hi].  0, or -1 where no
 * reach fits (fewer than four rows, or no spread in x). */
static int revisit_fit(const struct chase_curve *rv, size_t r0, size_t r1, double lo, double hi, enum tlb_policy p,
                       unsigned v, struct revisit_fit *f)
{
    double best = INFINITY, n = (double)(r1 - r0 + 1), mg[WALK_GRID + 1], rg[WALK_GRID + 1], lo_m, hi_m;
    size_t g, i;

    for (g = 0; g <= WALK_GRID; g++)
        rg[g] = INFINITY;
    for (g = 0; g <= WALK_GRID && n >= 4; g++) {
        double R = lo * pow(hi / lo, (double)g / WALK_GRID), sx = 0, sy = 0, sxx = 0, sxy = 0, cxx, m, b, rss = 0;
        for (i = r0; i <= r1; i++) {
            double x = miss_share(p, v, (double)rv->rows[i].bytes / R), y = rv->rows[i].cycles;
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
        }
        cxx = sxx - sx * sx / n;
        if (!(cxx > 0))
            continue;
        m = (sxy - sx * sy / n) / cxx;
        b = (sy - m * sx) / n;
        for (i = r0; i <= r1; i++)
            rss += pow(rv->rows[i].cycles - b - m * miss_share(p, v, (double)rv->rows[i].bytes / R), 2);
        mg[g] = m;
        rg[g] = rss;
        if (rss < best) {
            best = rss;
            f->R = R;
            f->base = b;
            f->miss = m;
            f->se = sqrt(rss / (n - 3) / cxx);     /* three fitted: the plateau, the cost, the reach */
            f->rms = sqrt(rss / n);
        }
    }
    if (!isfinite(best))
        return -1;
    /* The reach is fitted too: the costs of the reaches that fit about as
     * well (rss within a standard error's worth) widen the error. */
    lo_m = hi_m = f->miss;
    for (g = 0; g <= WALK_GRID; g++)
        if (rg[g] <= best * (1 + 2 / (n - 3))) {
            lo_m = fmin(lo_m, mg[g]);
            hi_m = fmax(hi_m, mg[g]);
        }
    f->se = fmax(f->se, 0.5 * (hi_m - lo_m));
    return 0;
}

/* The PAGE chain c's rows past `past` (the largest of the fits' reaches,
 * so every policy is scored on the same rows) up to end, against its
 * climb under the policy at the miss cost m from reach R (v visits a page
 * a lap: 1 where the page is the stride): the rms residual (NAN for no
 * row), the rows in *n and the largest rise in *rise. */
static double page_rms(const struct chase_tlb_level *L, const struct chase_curve *c, enum tlb_policy p, unsigned v,
                       double R, double m, double past, uint64_t end, size_t *n, double *rise)
{
    double base = chase_tlb_before_edge(c, L->lo, L->cycles), e = 0;
    size_t i;

    *n = 0;
    *rise = 0;
    for (i = 0; i < c->n; i++) {
        double S = (double)c->rows[i].bytes;
        if (S <= past * 1.01 || c->rows[i].bytes > end)
            continue;
        e += pow(c->rows[i].cycles - base - m * miss_share(p, v, S / R), 2);
        *rise = fmax(*rise, c->rows[i].cycles - base);
        ++*n;
    }
    return *n ? sqrt(e / (double)*n) : NAN;
}

#define PAGE_FIT 0.25   /* the policy picked fits PAGE's rise past the reach within this share of it */

const char *chase_tlb_miss_from(const struct chase_tlb_level *L)
{
    switch (L->miss_from) {
    case CHASE_MISS_STEP_LRU:
        return "the curve's step: one load a page a lap misses at every load past the reach (LRU or FIFO)";
    case CHASE_MISS_LRU_FIFO:
        return "REVISIT, between its LRU and random-replacement fits (a fixed order misses at every load past the "
               "reach: LRU, or FIFO, which REVISIT sees as random)";
    case CHASE_MISS_RANDOM:
        return "REVISIT fitted as random replacement (the PAGE chain's climb is random replacement's)";
    case CHASE_MISS_UNIFORM:
        return "REVISIT fitted as misses at random pages (the PAGE chain's climb is that too)";
    case CHASE_MISS_MIDDLE:
        return "REVISIT, the middle of its LRU, random-replacement and random-pages fits (the PAGE chain's climb "
               "tells none apart)";
    default:
        return "the curve's step or climb (see how)";
    }
}

void chase_tlb_revisit(struct chase_tlb_level *L, const struct chase_curve *rv, const struct chase_curve *c,
                       uint64_t from, uint64_t end, unsigned visits, uint64_t stride)
{
    struct revisit_fit f[POLICIES];
    double pe[POLICIES], lo = (double)L->lo, hi = (double)L->hi, rise = 0, mlo = INFINITY, mhi = -INFINITY, se = 0;
    double other = INFINITY, past = 0;
    size_t r0 = 0, r1, i, n_past = 0, np = 0;
    unsigned vpage = 1;
    int k, pick = 0;
    char said[400];

    L->revisit_miss = L->revisit_se = L->revisit_rms = NAN;
    L->revisit_points = 0;
    snprintf(L->replacement, sizeof L->replacement, "unknown");
    while (r0 < rv->n && rv->rows[r0].bytes < from)
        r0++;
    for (r1 = r0; r1 + 1 < rv->n && rv->rows[r1 + 1].bytes <= end; r1++)
        ;
    if (r0 >= rv->n || r1 < r0 + 3 || !(lo > 0) || hi < lo || visits < 2 || rv->rows[r0].bytes > L->lo)
        return;     /* too few points, or none on the plateau (measured for another level) */
    /* A page of several blocks comes back once a block in PAGE's lap, at
     * random moments too: a page's visits a lap, in each chain. */
    if (L->page > stride && stride && L->page / stride < 4096) {
        vpage = (unsigned)(L->page / stride);
        visits *= vpage;
    }
    for (k = 0; k < POLICIES; k++) {
        if (revisit_fit(rv, r0, r1, lo, hi, (enum tlb_policy)k, visits, &f[k]))
            return;
        mlo = fmin(mlo, f[k].miss);
        mhi = fmax(mhi, f[k].miss);
        se = fmax(se, f[k].se);
        past = fmax(past, f[k].R);
    }
    for (i = r0; i <= r1; i++)
        n_past += (double)rv->rows[i].bytes > past * 1.01;
    L->revisit_points = r1 - r0 + 1;
    /* A cost well above its error, from a climb the shares fit (a data
     * cache's step in the spans would not). */
    if (n_past < 3 || !(mlo > REVISIT_SIGMAS * se) ||
        fmin(fmin(f[0].rms, f[1].rms), f[2].rms) > REVISIT_FIT * mlo) {
        snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), "; REVISIT (%zu points, %zu past the "
                 "reach) gives %.1f +- %.1f cycles a miss (rms %.1f): not clear", r1 - r0 + 1, n_past,
                 f[POLICY_UNIFORM].miss, f[POLICY_UNIFORM].se, f[POLICY_UNIFORM].rms);
        return;
    }
    /* Which policy: the one whose cost, from REVISIT, also gives PAGE's
     * climb (LRU: a step of the whole cost; random: a climb that outruns
     * REVISIT's; uniform: the same climb), clearly better than the others
     * and close to PAGE's points, all scored on the same rows. */
    for (k = 0; k < POLICIES; k++) {
        pe[k] = page_rms(L, c, (enum tlb_policy)k, vpage, f[k].R, f[k].miss, past, end, &np, &rise);
        if (!isfinite(pe[k]))
            pick = -1;
        else if (pick >= 0 && pe[k] < pe[pick])
            pick = k;
    }
    for (k = 0; k < POLICIES && pick >= 0; k++)
        if (k != pick)
            other = fmin(other, pe[k]);
    if (pick >= 0 && (other < WALK_APART * pe[pick] || pe[pick] > PAGE_FIT * rise))
        pick = -1;
    if (pick >= 0)
        snprintf(L->replacement, sizeof L->replacement, "%s", policy_name[pick]);
    if (pick == POLICY_LRU) {
        /* A fixed order missing at every load: LRU, or FIFO, which the
         * random returns make look random: between the two fits. */
        L->revisit_miss = 0.5 * (f[POLICY_LRU].miss + f[POLICY_RANDOM].miss);
        L->revisit_se = hypot(fmax(f[POLICY_LRU].se, f[POLICY_RANDOM].se),
                              0.5 * fabs(f[POLICY_LRU].miss - f[POLICY_RANDOM].miss));
        L->revisit_rms = fmax(f[POLICY_LRU].rms, f[POLICY_RANDOM].rms);
        L->miss_from = CHASE_MISS_LRU_FIFO;
    } else if (pick >= 0) {
        L->revisit_miss = f[pick].miss;
        L->revisit_se = f[pick].se;
        L->revisit_rms = f[pick].rms;
        L->miss_from = pick == POLICY_RANDOM ? CHASE_MISS_RANDOM : CHASE_MISS_UNIFORM;
    } else {
        /* Any of them: the middle, and half the spread in the error. */
        L->revisit_miss = 0.5 * (mlo + mhi);
        L->revisit_se = hypot(se, 0.5 * (mhi - mlo));
        L->revisit_rms = fmax(fmax(f[0].rms, f[1].rms), f[2].rms);
        L->miss_from = CHASE_MISS_MIDDLE;
    }
    /* Where the curve steps to a settled plateau and misses at every load
     * past the reach, the step itself is the cost, no model needed. */
    if (pick == POLICY_LRU && !L->open && L->miss > 0 && !(L->walk_miss > 0) && vpage == 1)
        L->miss_from = CHASE_MISS_STEP_LRU;
    else {
        L->miss = L->revisit_miss;
        L->miss_ns = NAN;
    }
    if (np)
        snprintf(said, sizeof said, "the PAGE chain's %zu point%s past the reach (rising %.1f) fit %s (rms %.1f "
                 "LRU, %.1f random, %.1f uniform)", np, np == 1 ? "" : "s", rise,
                 pick < 0 ? "none of them clearly" : policy_text[pick], pe[0], pe[1], pe[2]);
    else
        snprintf(said, sizeof said, "the PAGE chain has no point past the reach to tell the replacement by");
    snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), "; REVISIT (%u visits a page a lap, PAGE %u; "
             "%zu points, %zu past the reach): a miss %.1f +- %.1f cycles as LRU, %.1f +- %.1f as random "
             "replacement, %.1f +- %.1f as at random pages; %s", visits, vpage, r1 - r0 + 1, n_past,
             f[0].miss, f[0].se, f[1].miss, f[1].se, f[2].miss, f[2].se, said);
}

/* The page from above.  Past a reach the probes can only say that a
 * second load within +stride/2 shares the first's page: the page is at
 * least the stride, and the spans that would show a larger one do not fit
 * in memory (the H100's and H200's 64 GiB reach).  PAGE chains at wider
 * strides can.  A chain at stride s' touches span / max(s', g) entries of
 * g bytes, so while s' <= g its reach in bytes stays (it rises where the
 * stride's chain rises), and from s' = 2g on it is twice as far or more
 * (no rise at a span under twice the reach's start).  Doubling s' until
 * the rise goes: the page is half the first s' without one. */
#define WIDE_BLOCKS 16      /* a wide chain spans this many blocks at least at the reach's start */
#define DOUBLE_RISE 4.0     /* the curve's chain rose there this many times the probes' noise at least */

uint64_t chase_tlb_wide_span(const struct chase_tlb_level *out, size_t nout, size_t i, uint64_t stride, uint64_t wide,
                             uint64_t max)
{
    const struct chase_tlb_level *L = &out[i];
    uint64_t top = L->lo <= max / 2 ? 2 * L->lo : max, at;
    size_t j;

    if (L->kind != CHASE_STEP_TLB || !L->page_at_least || !wide || L->lo / wide < WIDE_BLOCKS || wide % stride)
        return 0;
    /* Short of the next step of any kind: a data cache's step would add
     * to the curve's chain's rise and not to the wider one's (its lines,
     * fewer, fit longer). */
    for (j = 0; j < nout; j++)
        if (j != i && out[j].lo > L->lo && out[j].lo < top)
            top = out[j].lo;
    at = top / wide * wide;
    return at >= L->hi && at > L->lo ? at : 0;
}

/* The probes' noise, or the settle rule's precision where they had none. */
static double wide_noise(const struct chase_tlb_level *L, const struct chase_tlb_wide *w)
{
    return isfinite(L->noise) && L->noise > 0 ? L->noise : PRECISION * w->ref_base;
}

/* The curve's chain rose clearly there (then *r and *rise are the two rises). */
static int wide_rose(const struct chase_tlb_level *L, const struct chase_tlb_wide *w, double *r, double *rise)
{
    *r = w->at - w->base;
    *rise = w->ref - w->ref_base;
    return *rise > DOUBLE_RISE * wide_noise(L, w) && isfinite(*r);
}

int chase_tlb_wide_same(const struct chase_tlb_level *L, const struct chase_tlb_wide *w)
{
    double r, rise;
    return wide_rose(L, w, &r, &rise) && r > TWIN_HALF * rise;
}

void chase_tlb_page_above(struct chase_tlb_level *L, const struct chase_tlb_wide *w, size_t n)
{
    double lo = INFINITY, hi = -INFINITY;
    size_t k, same = 0;
    int none;
    char a[32], b[32], c[32];

    /* The widths that rose as the stride's did, in order; then the first
     * that did not, or a rise neither the same nor none (no bound). */
    for (k = 0; k < n; k++) {
        double r, rise;
        if (!wide_rose(L, &w[k], &r, &rise))
            break;
        if (r > TWIN_HALF * rise) {
            same++;
            lo = fmin(lo, r);
            hi = fmax(hi, r);
            if (L->page_at_least && L->page < w[k].wide)
                L->page = w[k].wide;
            continue;
        }
        chase_size_format(w[k].wide, a, sizeof a);
        chase_size_format(w[k].span, b, sizeof b);
        none = r < TWIN_LOW * rise && r < DOUBLE_RISE * wide_noise(L, &w[k]);
        if (none && L->page && w[k].wide <= L->page) {
            snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), "; a PAGE chain at a stride of %s "
                     "rose %.1f cycles at %s where the stride's rose %.1f, against the page of %s or more: no bound "
                     "from above", a, r, b, rise, chase_size_format(L->page, c, sizeof c));
            return;
        }
        if (none) {
            L->page_below = w[k].wide;
            if (L->page_at_least && 2 * L->page == w[k].wide) {
                L->page_at_least = 0;   /* from page up to below twice it: pages come in powers of two */
                L->entries_lo = (double)L->lo / (double)L->page;
                L->entries_hi = (double)L->hi / (double)L->page;
            }
        }
        if (same)
            snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), "; PAGE chains at strides up to %s "
                     "rose as the stride's (%.1f-%.1f cycles), one at %s", chase_size_format(w[k - 1].wide, c,
                     sizeof c), lo, hi, a);
        else
            snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), "; a PAGE chain at twice the stride "
                     "(%s)", a);
        snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), " rose %s%.1f cycles at %s where the "
                 "stride's rose %.1f%s%s", none ? "only " : "", r, b, rise,
                 none ? ": an entry maps less than " : ": neither alike nor none, no bound", none ? a : "");
        if (none && !L->page_at_least)
            snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), ": the page is %s",
                     chase_size_format(L->page, c, sizeof c));
        return;
    }
    if (same)
        snprintf(L->how + strlen(L->how), sizeof L->how - strlen(L->how), "; PAGE chains at strides up to %s rose as "
                 "the stride's (%.1f-%.1f cycles): an entry maps %s or more", chase_size_format(w[same - 1].wide, a,
                 sizeof a), lo, hi, a);
}
