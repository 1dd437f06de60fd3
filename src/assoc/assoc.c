/* assoc.c: reading a level's ways, sets and replacement from its chains.
 *
 * The method is Saavedra and Smith's, as Mei and Chu used it on GPUs: a
 * chain of N lines S bytes apart (the lines at multiples of S in N x S
 * bytes, visited in a random cycle: in address order a CPU's stride
 * prefetcher brings the next line before the chain asks for it).  Where the sets are chosen
 * by the line number modulo their count, the lines of a stride S at least
 * the way W = capacity / ways fall in one set, and the chain misses once
 * N > ways; at S = W / 2 they share two sets and the chain misses from 2 x
 * ways + 1 on, and so on.  So the knee (the most lines that still hit)
 * halves as the stride doubles, until it settles at the ways: the
 * smallest stride where it settles is the way W, and the sets are W / L.
 * A level whose knee never shows below the cap chooses its sets by a hash
 * of the address (as GPUs' L2s do) or has more ways than the cap.
 *
 * Replacement: a cycle of ways + 1 lines in one set misses on every access
 * under LRU and under FIFO alike (each evicts the line the cycle wants
 * next), while random replacement keeps a share: in steady state the
 * cycle misses 2 / (ways + 1) of its accesses (a Markov chain on the lines
 * resident; the simulator agrees).  The share the chain misses is read
 * from its latency between the level's and the next level's.
 */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "abi/checked.h"
#include "assoc/assoc.h"
#include "core/size.h"
#include "core/stats.h"

double chase_assoc_threshold(const struct chase_assoc_level *L)
{
    return L->h + (L->share > 0 ? L->share : CHASE_ASSOC_MISS_SHARE) * (L->m - L->h);
}

unsigned chase_assoc_knee(const double *y, unsigned n, double t)
{
    unsigned i;

    for (i = 0; i < n; i++)
        if (y[i] > t)
            return i;
    return 0;
}

void chase_assoc_append(char *buf, size_t len, const char *fmt, ...)
{
    size_t used = strlen(buf);
    va_list ap;
    int n;

    if (used + 1 >= len)
        return;
    va_start(ap, fmt);
    n = vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
    /* Cut short: the text ends in " [cut]", so that no reader takes what
     * is left for the whole account (an L2's eviction set lost its
     * verdict so). */
    if (n >= 0 && (size_t)n >= len - used && len > sizeof " [cut]")
        memcpy(buf + len - sizeof " [cut]", " [cut]", sizeof " [cut]");
}

/* Below the way, each halving of the stride should double the knee (or
 * put it past the lines measured).  1 when every measured stride did. */
static int halving(struct chase_assoc_level *L, size_t j)
{
    char a[32], b[48];
    size_t i, checked = 0, bad = 0, exact = 0, shorts = 0;
    unsigned more = (unsigned)ceil(CHASE_ASSOC_MISS_SHARE * (L->ways + 1) / 2);

    if (more < 1)
        more = 1;

    for (i = j; i-- > 0;) {
        const struct chase_assoc_curve *C = &L->st[i];
        uint64_t want;
        if (!C->n || chase_mul_u64(L->ways, L->way_bytes / C->stride, &want))
            continue;
        checked++;
        snprintf(b, sizeof b, "%s", chase_size_format(C->stride, a, sizeof a));
        /* Random replacement may hold one line more in each set the
         * stride uses (W / S of them) before the misses reach the
         * threshold, another agent's line one less.  Two more from about
         * 40 ways: a set of w ways holding e lines more misses about
         * 2e / (w + 1) of them, under the threshold until e reaches
         * share x (w + 1) / 2 (48 random ways and 2 sets read 98 lines). */
        if (C->knee + L->way_bytes / C->stride > want && C->knee < want + more * (L->way_bytes / C->stride)) {
            chase_assoc_append(L->sets_how, sizeof L->sets_how, " %u lines at %s;", C->knee, b);
            exact++;
        } else if (!C->flushed && L->behind_random && C->knee > want) {
            /* A random nearer level keeps part of the chain, whose
             * accesses then never reach this level: more lines seem to
             * fit.  Neither for plain sets nor against them. */
            checked--;
            chase_assoc_append(L->sets_how, sizeof L->sets_how, " %u lines at %s (%llu for plain sets: more, as a "
                               "random nearer level keeping part of the chain makes it);", C->knee, b,
                               (unsigned long long)want);
        } else if (!C->knee && want >= C->n)
            chase_assoc_append(L->sets_how, sizeof L->sets_how, " none up to %u lines at %s;", C->n, b);
        else if (C->knee < want && 2 * C->knee >= want) {
            /* A chain of many lines meets more of other agents' lines in
             * its sets (on this CI machine's CPU the L2 fit 223 of 256
             * lines 8 KiB apart, 26 of 32 at 64 KiB in another run): short
             * is not against plain sets where another stride doubles
             * exactly, more is. */
            shorts++;
            chase_assoc_append(L->sets_how, sizeof L->sets_how, " %u lines at %s (%llu for plain sets: short, as "
                               "other agents' lines in its sets make it);", C->knee, b, (unsigned long long)want);
        } else {
            bad++;
            chase_assoc_append(L->sets_how, sizeof L->sets_how, " %u lines at %s (%llu for plain sets);", C->knee, b,
                   (unsigned long long)want);
        }
    }
    if (!checked)
        chase_assoc_append(L->sets_how, sizeof L->sets_how, " no stride below the way was measured");
    else if (L->below)
        chase_assoc_append(L->sets_how, sizeof L->sets_how, " strides under %s not measured (their knees past the cap)",
               chase_size_format(L->below, a, sizeof a));
    if (checked && !bad && shorts && !exact)
        chase_assoc_append(L->sets_how, sizeof L->sets_how, " no stride doubled exactly");
    return checked && !bad && (exact || !shorts);
}

/* The capacity the shape gives, against the sweep's interval. */
static void capacity(struct chase_assoc_level *L)
{
    char a[32], b[32], c[32], d[32];

    if (chase_mul_u64(L->ways, L->way_bytes, &L->capacity)) {
        L->capacity = 0;
        snprintf(L->check, sizeof L->check, "ways x way overflows");
        return;
    }
    L->in_interval = L->capacity >= L->lo && L->capacity <= (L->hi ? L->hi : L->lo);
    snprintf(L->check, sizeof L->check, "%u x %llu x %s = %s, %s the sweep's %s .. %s", L->ways,
             (unsigned long long)L->sets, chase_size_format(L->line, a, sizeof a),
             chase_size_format(L->capacity, b, sizeof b), L->in_interval ? "inside" : "outside",
             chase_size_format(L->lo, c, sizeof c), chase_size_format(L->hi ? L->hi : L->lo, d, sizeof d));
}

/* The cycle of ways + 1 lines at every stride from the way up.  Its share
 * of the step is the median over the strides, not the mean: at a stride
 * that is a multiple of the next level's way the cycle overflows that
 * level's set too, and its misses cost the memory's latency, not the next
 * level's (a simulated random L2 of 12 ways behind an L3 of 8 plain ways
 * read 15% at strides of 4-16 KiB, far more at the L3's way of 32 KiB and
 * at 64 KiB: a mean of 61%, "LRU or FIFO"). */
static void replacement(struct chase_assoc_level *L, size_t j, size_t top)
{
    double share[CHASE_ASSOC_MAX_STRIDES], random_miss = 2.0 / (L->ways + 1), step = L->m - L->h;
    char a[32];
    size_t i, n = 0;

    for (i = j; i <= top && n < CHASE_ASSOC_MAX_STRIDES; i++)
        if (L->st[i].n > L->ways)
            share[n++] = (L->st[i].cycles[L->ways] - L->h) / step;
    if (!n || !(step > 0)) {
        snprintf(L->replacement, sizeof L->replacement, "not resolved");
        snprintf(L->repl_how, sizeof L->repl_how, "no chain of ways + 1 lines in one set was measured");
        return;
    }
    L->miss_share = chase_median(share, n);
    if (L->ways == 1) {
        snprintf(L->replacement, sizeof L->replacement, "direct-mapped (one way: nothing to choose)");
        snprintf(L->repl_how, sizeof L->repl_how, "a cycle of 2 lines in one set misses %.0f%% of the time",
                 100 * L->miss_share);
        return;
    }
    /* Half way between what random replacement would miss and all. */
    if (L->miss_share >= (1 + random_miss) / 2)
        snprintf(L->replacement, sizeof L->replacement, "LRU or FIFO (a cyclic chain cannot tell them apart)");
    else
        snprintf(L->replacement, sizeof L->replacement, "random (the cycle of ways+1 hits %.0f%% of the time)",
                 100 * (1 - L->miss_share));
    snprintf(L->repl_how, sizeof L->repl_how, "a cycle of %u lines in one set (%zu strides from %s) costs, at "
             "the median stride, %.0f%% of the way from the level's latency (%.1f) to the next's (%.1f): LRU and "
             "FIFO miss every access, random replacement %.0f%% (2 / (ways + 1)); the class is the nearer, split "
             "half way; telling LRU from FIFO needs a chain that revisits a line out of turn, which a cyclic chain "
             "cannot",
             L->ways + 1, n, chase_size_format(L->st[j].stride, a, sizeof a), 100 * L->miss_share, L->h, L->m,
             100 * random_miss);
}

/* The mean share of the step a chain of n lines costs over strides
 * from .. to (the knee's), NAN where one was not measured. */
static double mean_share(const struct chase_assoc_level *L, size_t from, size_t to, unsigned n)
{
    double sum = 0;
    size_t i;

    if (!n)
        return NAN;
    for (i = from; i <= to; i++) {
        if (L->st[i].n < n)
            return NAN;
        sum += (L->st[i].cycles[n - 1] - L->h) / (L->m - L->h);
    }
    return sum / (double)(to - from + 1);
}

/* A random level of w ways misses 2 / (w + 1) of a cycle of w + 1 lines:
 * from about 40 ways that is under CHASE_ASSOC_MISS_SHARE, so its knee
 * reads w + 1 (48 random ways read 49).  Where the knee K is 24 or more
 * and the chain of K lines costs, over the strides it settled at, at
 * least half what a random level of K - 1 ways misses of it (1 / K of the
 * step) while K - 1 lines cost under a quarter of that, the ways are
 * K - 1: an LRU or FIFO level of K ways misses nothing at K lines. */
static void random_extra(struct chase_assoc_level *L, size_t from, size_t to, double share, double t)
{
    unsigned K = L->ways;
    double at = mean_share(L, from, to, K), before = mean_share(L, from, to, K - 1);
    char a[32];

    if (K < 24 || share != CHASE_ASSOC_MISS_SHARE || !(L->m > L->h) || !(at >= 1.0 / K) || !(before < 0.5 / K))
        return;
    L->ways = K - 1;
    chase_assoc_append(L->ways_how, sizeof L->ways_how, "; %u lines cost %.1f%% of the step over the strides from %s "
                       "(under the threshold at %.1f cycles, but at least half the 2 / %u a random level of %u ways "
                       "misses of them), %u lines %.1f%%: %u ways, random", K, 100 * at,
                       chase_size_format(L->st[from].stride, a, sizeof a), t, K, K - 1, K - 1, 100 * before, K - 1);
}

/* Whether knee a is knee b's, settled: the same, or one apart from 24
 * lines on, where a random level's cycle of ways + 1 lines misses close to
 * the threshold and reads one line more at some strides than at others
 * (where its misses cost the next level's latency or more: 49 at 128 B to
 * 512 B, 48 from 1 KiB, for 48 ways).  Below the way the knee doubles, so
 * one apart from 24 lines is never a stride below it. */
static int settled(unsigned a, unsigned b)
{
    return a == b || (b >= 24 && (a == b + 1 || a + 1 == b));
}

/* The analysis with the knees read at share of the step; *from .. *to:
 * the strides the knee settled over (when L->ways). */
static void analyze_at(struct chase_assoc_level *L, double share, size_t *from, size_t *to)
{
    double t;
    char a[32], b[32];
    size_t i, j, top = L->nst, aside = 0;
    int over;

    L->share = share;
    t = chase_assoc_threshold(L);

    L->ways = 0;
    L->way_bytes = L->sets = L->capacity = 0;
    L->plain = L->in_interval = 0;
    L->miss_share = NAN;
    L->ways_how[0] = L->sets_how[0] = L->check[0] = L->indexing[0] = L->replacement[0] = L->repl_how[0] = 0;
    snprintf(L->policy, sizeof L->policy, "undetermined");
    for (i = 0; i < L->nst; i++) {
        L->st[i].knee = chase_assoc_knee(L->st[i].cycles, L->st[i].n, t);
        if (L->st[i].knee)
            top = i;
    }
    if (top == L->nst) {
        snprintf(L->indexing, sizeof L->indexing, "no aliasing from strides: hashed indexing (as GPU L2s) or "
                 "more ways than N_cap");
        snprintf(L->ways_how, sizeof L->ways_how, "no stride measured shows a miss (above %.1f cycles) below "
                 "its cap of lines; the ways are then an eviction set's where one is built (evict_how)", t);
        snprintf(L->replacement, sizeof L->replacement, "not resolved");
        snprintf(L->repl_how, sizeof L->repl_how, "needs ways + 1 lines in one set, which no stride gave");
        snprintf(L->sets_how, sizeof L->sets_how, "not resolved: no knee");
        snprintf(L->check, sizeof L->check, "not resolved");
        return;
    }
    /* The largest strides whose knees fall, stride by stride, below a pair
     * of strides under them that agree are set aside: past the way fewer
     * lines fitting means a conflict elsewhere (a level behind, a TLB),
     * not a smaller way: in one run on this CI machine's CPU the L1's knee
     * read 5 lines at 64 KiB and 11 at 32 KiB, 12 from 16 KiB down to
     * 4 KiB.  Below the way the knees grow as the
     * strides shrink too, but never settle: nothing is set aside there. */
    for (i = top; i >= 2 && L->st[i - 1].n && L->st[i - 1].knee && L->st[i].knee < L->st[i - 1].knee; i--)
        ;
    if (i < top && i >= 1 && L->st[i - 1].n && L->st[i].knee == L->st[i - 1].knee) {
        aside = i + 1;
        top = i;
    }
    /* The knee at the largest stride that has one, and the strides under
     * it with the same knee: the smallest of them is the way. */
    for (j = top; j > 0 && L->st[j - 1].n && settled(L->st[j - 1].knee, L->st[top].knee); j--)
        ;
    /* A larger stride without a knee: not plain, unless it is one of
     * fewer lines than the full cap (assoc_plan_level) and under twice the
     * knee, which may have missed only past them. */
    over = top + 1 < L->nst && L->st[top + 1].n && !aside &&
           (L->st[top + 1].cap == L->st[0].cap || L->st[top + 1].cap >= 2 * L->st[top].knee);
    if (over) {
        snprintf(L->indexing, sizeof L->indexing, "not plain: a larger stride shows no knee where a smaller does");
        snprintf(L->ways_how, sizeof L->ways_how, "the knee (%u lines at %s) did not settle", L->st[top].knee,
                 chase_size_format(L->st[top].stride, a, sizeof a));
    } else if (j == top) {
        snprintf(L->indexing, sizeof L->indexing, "not resolved: the knee was seen at the largest stride only");
        snprintf(L->ways_how, sizeof L->ways_how, "%u lines at %s, the largest stride: the way may be larger",
                 L->st[top].knee, chase_size_format(L->st[top].stride, a, sizeof a));
    }
    if (j == top || over) {
        snprintf(L->replacement, sizeof L->replacement, "not resolved");
        snprintf(L->sets_how, sizeof L->sets_how, "not resolved: the knee did not settle over two strides");
        snprintf(L->check, sizeof L->check, "not resolved");
        return;
    }
    L->ways = L->st[top].knee;
    L->way_bytes = L->st[j].stride;
    *from = L->from = j;
    *to = L->to = top;
    L->sets = L->way_bytes / L->line;
    snprintf(L->ways_how, sizeof L->ways_how, "the knee settles at %u lines from a stride of %s to %s (%zu "
             "strides): %u lines cost %.1f cycles, %u cost %.1f (a miss: above %.1f)", L->ways,
             chase_size_format(L->st[j].stride, a, sizeof a), chase_size_format(L->st[top].stride, b, sizeof b),
             top - j + 1, L->ways, L->st[j].cycles[L->ways - 1], L->ways + 1, L->st[j].cycles[L->ways], t);
    if (aside) {
        chase_assoc_append(L->ways_how, sizeof L->ways_how, "; larger strides fit fewer lines, set aside (a conflict "
                           "in a level behind, a TLB, or noise):");
        for (i = aside; i < L->nst && L->st[i].n; i++)
            chase_assoc_append(L->ways_how, sizeof L->ways_how, " %u at %s;", L->st[i].knee,
                               chase_size_format(L->st[i].stride, a, sizeof a));
    }
    random_extra(L, j, top, share, t);
    snprintf(L->sets_how, sizeof L->sets_how, "the way is %s, the smallest stride where the knee settles; "
             "sets = way / line (%s) = %llu; below the way the knee doubles as the stride halves:", chase_size_format(L->way_bytes, a, sizeof a),
             chase_size_format(L->line, b, sizeof b), (unsigned long long)L->sets);
    L->plain = halving(L, j);
    snprintf(L->indexing, sizeof L->indexing, "%s", L->plain ? "plain (modulo): the knee halves as the stride "
             "doubles, down from the way" : "not plain modulo: below the way the knee does not double as the "
             "stride halves");
    capacity(L);
    replacement(L, j, top);
}

/* The most a cycle of n <= ways lines missed at the strides the knee
 * settled over, as a share of the step, and where: what a reading at half
 * the step passed over. */
static double short_misses(const struct chase_assoc_level *L, size_t from, size_t to, unsigned *at, uint64_t *stride)
{
    double worst = 0, step = L->m - L->h;
    size_t i;
    unsigned n;

    for (i = from; i <= to && i < L->nst; i++)
        for (n = 1; n <= L->ways && n <= L->st[i].n; n++)
            if ((L->st[i].cycles[n - 1] - L->h) / step > worst) {
                worst = (L->st[i].cycles[n - 1] - L->h) / step;
                *at = n;
                *stride = L->st[i].stride;
            }
    return worst;
}

/* 1 when at every stride the knee settled over, the cycle of ways + 1
 * lines misses CHASE_ASSOC_SHARP_JUMP of the step more than the cycle of
 * ways lines. */
static int sharp(const struct chase_assoc_level *L, size_t from, size_t to)
{
    size_t i, n = 0;

    for (i = from; i <= to && i < L->nst; i++) {
        if (L->st[i].n <= L->ways)
            continue;
        if (!((L->st[i].cycles[L->ways] - L->st[i].cycles[L->ways - 1]) / (L->m - L->h) >= CHASE_ASSOC_SHARP_JUMP))
            return 0;
        n++;
    }
    return n > 0;
}

void chase_assoc_analyze(struct chase_assoc_level *L)
{
    unsigned at = 0, ways;
    uint64_t stride = 0, sets;
    size_t from = 0, to = 0;
    int plain;
    double worst;
    char a[32], first[80];

    analyze_at(L, CHASE_ASSOC_MISS_SHARE, &from, &to);
    if (!(L->m > L->h))
        return;
    ways = L->ways;
    sets = L->sets;
    plain = L->plain;
    analyze_at(L, CHASE_ASSOC_SHARP_SHARE, &from, &to);
    if (!L->ways || !L->plain || L->ways == 1 || !sharp(L, from, to) ||
        (L->ways == ways && L->sets == sets && plain)) {
        analyze_at(L, CHASE_ASSOC_MISS_SHARE, &from, &to);
        return;
    }
    if (ways && plain)
        snprintf(first, sizeof first, "read %u ways of %llu sets", ways, (unsigned long long)sets);
    else
        snprintf(first, sizeof first, "did not agree");
    worst = short_misses(L, from, to, &at, &stride);
    chase_assoc_append(L->ways_how, sizeof L->ways_how, "; read at half the step: the knees at %.0f%% of it %s; "
                       "short of the ways the chains missed up to %.0f%% of the step (%u lines at %s), which no LRU "
                       "or FIFO cache of %u ways does, and one line more adds %.0f%% of it or more at every stride "
                       "(another agent's lines in the set: a sibling thread's, or noise)", 100 * CHASE_ASSOC_MISS_SHARE,
                       first, 100 * worst, at, chase_size_format(stride, a, sizeof a), L->ways,
                       100 * CHASE_ASSOC_SHARP_JUMP);
}

/* The most lines of a chain at stride S that nearer level N keeps (all,
 * under LRU or FIFO, while they are no more than its ways in each set the
 * stride uses); 0 where N is not known to be plain. */
static uint64_t near_knee(const struct chase_assoc_level *N, uint64_t S)
{
    if (!N->ways || !N->way_bytes || !N->plain || !S)
        return 0;
    return (uint64_t)N->ways * (N->way_bytes > S ? N->way_bytes / S : 1);
}

static int near_random(const struct chase_assoc_level *N)
{
    return N->ways > 1 && !strncmp(N->replacement, "random", 6);
}

/* A random nearer level keeps part of a cycle of up to this many times
 * its knee: the accesses it serves never reach L, whose knee then reads
 * high or low (a 64-way FIFO level behind a 48-way random one read 70). */
#define RANDOM_REACH 4

/* The nearer level whose knee at L's way may be what L's chains show
 * (NULL: none): L's knee no more than that level's there (a nearer
 * level serves a chain of N lines of one set of L from its own set while N
 * is no more than its ways: L's misses start where the nearer level's do,
 * whatever L's ways), or within RANDOM_REACH of a random one's. */
static const struct chase_assoc_level *hider(const struct chase_assoc_level *L, const struct chase_assoc_level *near,
                                             size_t nnear)
{
    size_t i;

    if (!L->ways || !L->way_bytes || L->st[L->from].flushed)
        return NULL;
    for (i = 0; i < nnear; i++) {
        uint64_t k = near_knee(&near[i], L->way_bytes);
        if (k && L->ways <= k * (near_random(&near[i]) ? RANDOM_REACH : 1))
            return &near[i];
    }
    return NULL;
}

/* The most lines a flushed chain's lap leads with (a hashed nearer level of
 * 1 MiB of 64 B lines, 3 x: 49152). */
#define FLUSH_SPREAD_MAX (1u << 16)
#define FLUSH_SPREAD_CYCLES 8e9

int chase_assoc_flush_wanted(const struct chase_assoc_level *L, const struct chase_assoc_level *near, size_t nnear,
                             uint64_t *unit, unsigned *fill)
{
    unsigned most = 0, cap = L->nst ? L->st[0].cap : 0;
    uint64_t spread = 0;
    int random = 0;
    size_t i;

    *unit = 0;
    *fill = 0;
    if (!nnear)
        return 0;
    for (i = 0; i < nnear; i++) {
        /* A hashed nearer level whose ways an eviction set gave: lines a
         * unit apart fall in all its sets, so enough of them evict the
         * chain there too: 3 x its lines (each set gets 3 x its ways),
         * 8 x where it replaces at random (a random set keeps a line
         * through them about once in e^8; its policy undetermined, 3 x:
         * a line a lap kept there still leaves the chain's misses here
         * in 19 of 20).  Without it, a plain level behind a hashed one
         * was never reached by chains its ways long (the simulator's
         * seeds 7 and 11: 9 such levels not resolved). */
        if (near[i].ways && near[i].evicted && !near[i].plain) {
            uint64_t bytes = near[i].capacity ? near[i].capacity : near[i].hi ? near[i].hi : near[i].lo;
            uint64_t lines = bytes / L->line * (strcmp(near[i].policy, "random") ? 3 : 8);
            if (lines > spread)
                spread = lines;
            continue;
        }
        if (!near[i].ways || !near[i].way_bytes || !near[i].plain)
            return 0;
        if (near[i].way_bytes > *unit)
            *unit = near[i].way_bytes;
        if (near[i].ways > most)
            most = near[i].ways;
        random |= near_random(&near[i]);
    }
    /* Lines enough that a random nearer level keeps a probe line through
     * a lap about once in e^8, and more than any chain's lines: were the
     * filling lines in the probes' set of L too (its way no larger than
     * the unit), the first probe line would miss, not a later one. */
    *fill = 8 * most > cap + 1 ? 8 * most : cap + 1;
    if (spread) {
        if (!*unit)
            *unit = L->line;
        /* Not where a lap's lines, over two strides of cap points (a
         * point about 12 laps), would cost more than FLUSH_SPREAD_CYCLES
         * at this level's latency: an H100's L2 behind its hashed L1 of
         * 245 KiB, 5883 lines a lap at 283 cycles, is 1e10 by this count,
         * about 5 s at its clock, for a level whose hashed sets flushed
         * strides cannot read. */
        if (spread > FLUSH_SPREAD_MAX || (double)spread * cap * 24 * L->h > FLUSH_SPREAD_CYCLES)
            return 0;
        if (spread > *fill)
            *fill = (unsigned)spread;
        return 1;
    }
    return random || hider(L, near, nnear) != NULL;
}

/* L's figures withdrawn: what the chains show may be another level's. */
static void unresolve(struct chase_assoc_level *L, const char *why)
{
    L->ways = 0;
    L->way_bytes = L->sets = L->capacity = 0;
    L->plain = L->in_interval = 0;
    L->miss_share = NAN;
    chase_assoc_append(L->ways_how, sizeof L->ways_how, "; not resolved: %s", why);
    snprintf(L->sets_how, sizeof L->sets_how, "not resolved: %s", why);
    snprintf(L->check, sizeof L->check, "not resolved");
    snprintf(L->indexing, sizeof L->indexing, "not resolved: %.220s", why);
    snprintf(L->replacement, sizeof L->replacement, "not resolved");
    snprintf(L->repl_how, sizeof L->repl_how, "%s", why);
}

void chase_assoc_behind(struct chase_assoc_level *L, const struct chase_assoc_level *near, size_t nnear)
{
    const struct chase_assoc_level *N = nnear ? &near[nnear - 1] : NULL, *H;
    char why[300], a[32];

    /* The chains of one set here share one set of the nearer level too (its
     * way divides this one's): a random nearer level keeps part of the
     * cycle, whose accesses never reach this level, so its cycle is not
     * one any more and its share of misses says nothing of its policy. */
    if (N && L->ways && near_random(N) && !L->st[L->from].flushed) {
        snprintf(L->replacement, sizeof L->replacement, "not resolved (behind %s's random replacement)",
                 N->name);
        chase_assoc_append(L->repl_how, sizeof L->repl_how, "; but %s replaces at random and keeps part of the cycle, so "
               "this level does not see it whole", N->name);
    }
    /* A non-exclusive nearer level holds its own ways of the set: a level
     * with no more ways behind it shows the nearer level's knee.  The
     * lines of one set here lie in one set there where the nearer way
     * divides this one's; a chain of up to its ways lines never reaches
     * this level, one more misses both (LRU, FIFO): 8 ways behind 12 read
     * 12, with the way and sets to match the capacity. */
    if ((H = hider(L, near, nnear))) {
        snprintf(why, sizeof why, "%u lines a way (%s) apart are what %s keeps of them%s, so this level's ways "
                 "may be fewer (its misses hide behind %s's)", L->ways, chase_size_format(L->way_bytes, a, sizeof a),
                 H->name, near_random(H) ? " or near it (random replacement keeps part of a longer cycle)" : "",
                 H->name);
        unresolve(L, why);
    }
}

/* A shape whose capacity lies under half the sweep's interval is a nearer
 * level's; one over twice the end of its cache (its last part's: a
 * simulated L2 split at a TLB's reach reads its whole 8 x 2048 from its
 * first part; the strides' shape only, an eviction set takes the driver's
 * capacity) is a TLB's reach or a level behind's (this CI
 * machine's CPU, its L2 and L3 read by one sweep as one level to 8.7 MiB:
 * 73 lines 256 KiB apart missed, the first TLB's 72 pages, "72 ways x
 * 4096 sets", 18 MiB): withdrawn either way, said. */
void chase_assoc_size_check(struct chase_assoc_level *L, uint64_t cache_hi)
{
    char why[300], a[32], b[32];
    uint64_t twice, hi = cache_hi ? cache_hi : L->hi ? L->hi : L->lo;
    int small, large;

    if (!L->ways || !L->capacity || !L->lo || chase_mul_u64(L->capacity, 2, &twice))
        return;
    small = twice < L->lo;
    large = !L->evicted && !chase_mul_u64(hi, 2, &twice) && L->capacity > twice;
    if (!small && !large)
        return;
    if (small)
        snprintf(why, sizeof why, "%u ways x %llu sets of %llu B lines hold %s, under half the %s the sweep saw "
                 "this level hold: a nearer level's shape", L->ways, (unsigned long long)L->sets,
                 (unsigned long long)L->line, chase_size_format(L->capacity, a, sizeof a),
                 chase_size_format(L->lo, b, sizeof b));
    else
        snprintf(why, sizeof why, "%u ways x %llu sets of %llu B lines hold %s, over twice the %s the sweep saw "
                 "this level hold: a TLB's reach or a level behind's shape", L->ways, (unsigned long long)L->sets,
                 (unsigned long long)L->line, chase_size_format(L->capacity, a, sizeof a),
                 chase_size_format(hi, b, sizeof b));
    unresolve(L, why);
    L->evicted = 0;         /* its index, read with the shape, is not this level's either */
    if (strcmp(L->policy, "undetermined")) {
        snprintf(L->policy, sizeof L->policy, "undetermined");
        chase_assoc_append(L->policy_how, sizeof L->policy_how, "; withdrawn with the ways (%s)", why);
    }
}
