/* assoc_evict.c: a level's ways from an eviction set, where strides show
 * no aliasing (hashed indexing); its replacement policy from the set is
 * assoc_policy.c's, the list chains both time assoc_probe.c's. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
/* Eviction set (the group testing of the CPU last-level-cache
 * literature): a probe line x and a pool of random lines.  The test "does
 * a group G evict x" walks the chain G, x lap after lap and times x alone
 * (the backend's list hook: its last position timed, the timer's cost
 * removed): x misses once its set holds ways other lines of G, whatever
 * the index function, under LRU, FIFO and random replacement alike (no
 * policy evicts from a set that is not full).  A prefix of the pool large
 * enough to evict x is grown by doubling, then pruned: cut into chunks,
 * each chunk dropped when the group without it still evicts x, the chunks
 * halved as they empty, until no single line can go.  Under LRU and FIFO
 * what is left is the ways lines of x's set; random replacement evicts x
 * only some laps, so more may be left.  The ways are then counted: a lap
 * of x and the first j lines of the group, timed whole, misses (at least
 * one line a lap) from j = ways on, and not before.
 *
 * A nearer level in front would hold the group and hide it from this
 * level: where the nearer level is plain, the pool is drawn from lines a
 * nearer way apart (all in x's set there), so any group of more lines than
 * the nearer level's ways misses there.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi/chain.h"
#include "abi/chase_backend.h"
#include "abi/checked.h"
#include "assoc/assoc.h"
#include "assoc/assoc_probe.h"
#include "core/exitcode.h"
#include "core/size.h"
#include "levels/levels.h"

#define FLUSHES 8               /* flushes drawn for a group hidden behind a nearer level ... */
#define FLUSH_TRIES 3           /* ... of which this many may cut it, the rest check it */
#define FIRST_CHUNKS 17         /* twice 8 ways and one: a round of chunk tests costs chunks x the group */
#define PROBE_WARM 1
#define PROBE_LAPS 2
#define PROBE_SAMPLES 1
#define SCAN_MISSES 1.0         /* a lap misses when it costs at least this many misses more than hits */
#define SURE_MISSES 1.5         /* ... and under this many, only where x alone misses after it too */
/* Of a count's first lap that missed, the share of its lines that must
 * have missed for the level to pass such a lap whole: LRU and FIFO miss
 * them all, random replacement about 2 of ways + 1. */
#define PASS_SHARE 0.9
#define WHOLE_LAPS 256          /* laps x is read in, one by one, in a flushed test (x_misses, p->by_lap) ... */
#define WHOLE_MISSES 3          /* ... of which it misses in this many at least where its set overflows */
#define PRUNE_SHARE 0.5         /* a chunk goes where the rest evicts x in this share of the laps the group did */
#define PRUNE_FLOOR 0.015       /* ... and in this share of laps at least (64 ways, random: 0.03 at 64 lines) */
#define PRUNE_NOISE_LAPS 1024   /* laps of x alone that read the timer's false misses */
#define PRUNE_EXPECT 5.0        /* laps enough that x is expected to miss in this many where the rest keeps the share ... */
#define PRUNE_QCAP 0.75         /* ... taken as at most this (a share read high by chance asks too few laps) */
#define PRUNE_FIRST_LAPS 32     /* laps the grown group's own share is read in */
#define PRUNE_LOADS (1u << 20)  /* loads a test at most, where a share needs more laps */
#define RANDOM_FLUSH 6          /* lines a way of a random level in front that flush x out of it */
#define SPREAD 1024             /* threads that may read a group at once (chase_list_req's spread) */

/* What x costs above which it missed here: halfway from its hit (the
 * level's latency, or what x costs here once the levels in front lost it,
 * where that was measured higher) to the next level's. */
static double miss_above(const struct chase_assoc_level *L)
{
    double h = L->hx > L->h ? L->hx : L->h;
    return h + 0.5 * (L->m - h);
}

/* The chain p->buf[0 .. m-1] walked `laps` laps, one a sample, its last
 * position (x) timed each lap: *missed, the laps x cost more than
 * miss_above; p->last, x's mean cost over them. */
static int x_by_lap(struct chase_assoc_level *L, struct chase_assoc_prober *p, uint32_t m, unsigned laps,
                    unsigned spread, unsigned *missed)
{
    double v[CHASE_MAX_SAMPLES], sum = 0;
    unsigned done = 0, got, k;
    int code;

    *missed = 0;
    while (done < laps) {
        unsigned s = laps - done < CHASE_MAX_SAMPLES ? laps - done : CHASE_MAX_SAMPLES;
        if ((code = assoc_run_raw(p, p->buf, m, 1, PROBE_WARM, 1, s, spread, v, &got)))
            return code;
        for (k = 0; k < got; k++) {
            *missed += v[k] > miss_above(L);
            sum += v[k];
        }
        done += got;
    }
    p->last = sum / done;
    return 0;
}

/* Does x miss, timed alone at the end of a lap of f[0 .. nf-1] (a flush,
 * flushed_ways; none: nf 0) and g[0 .. n-1] but its line `skip` (n:
 * none)?  Timing x alone, not the lap, keeps the flush's own lines
 * evicting each other in a level of few ways out of it. */
static int x_misses(struct chase_assoc_level *L, struct chase_assoc_prober *p, const uint64_t *f, uint32_t nf,
                    const uint64_t *g, uint32_t n, uint32_t skip, int *yes)
{
    double med, se;
    uint32_t k, m = nf;
    unsigned laps;
    int code;

    if (nf)
        memcpy(p->buf, f, nf * sizeof *p->buf);
    if (skip >= n) {
        memcpy(p->buf + m, g, n * sizeof *g);
        m += n;
    } else
        for (k = 0; k < n; k++)
            if (k != skip)
                p->buf[m++] = g[k];
    p->buf[m++] = L->probe_x;
    /* Small groups get more laps: under random replacement x misses only
     * some laps, and the share must be read well enough that a line x
     * does not need is never kept by chance. */
    laps = 16384 / m;
    laps = laps < PROBE_LAPS ? PROBE_LAPS : laps > 64 ? 64 : laps;
    /* A group of a GPU L2's lines costs a tenth of a second a lap: one
     * timed lap after the warm one (x's fate is decided by then under
     * LRU and FIFO, and a large group overflows x's set well). */
    if (m > 65537)
        laps = 1;
    /* Which lines a lap reads decides x's fate, not their order: without a
     * flush (whose lines must come first) a backend may read the group as
     * stretches at once (chase_list_req's spread). */
    if (p->by_lap && nf) {
        /* x read lap by lap: under random replacement it misses only in
         * some laps of ways + 1 lines of its set (about 1.6-1.8 / (ways +
         * 1) of them: 0.03 at 64 ways), in none with fewer; LRU and FIFO in
         * all.  (The lap timed whole, tried, counts misses of other sets
         * too: a group of 64 lines behind an L1 of 64 ways, beside a flush
         * of 65, put three in one set of an L2 of 2 ways now and then.) */
        unsigned missed;
        if ((code = x_by_lap(L, p, m, WHOLE_LAPS, 0, &missed)))
            return code;
        *yes = missed >= WHOLE_MISSES;
        return 0;
    }
    if ((code = assoc_run_list(p, p->buf, m, 1, PROBE_WARM, laps, PROBE_SAMPLES, nf ? 0 : SPREAD, &med, &se)))
        return code;
    *yes = med > miss_above(L);
    p->last = med;
    return 0;
}

/* The share of laps of the lead (p->lead, if any), the group g[0 .. n-1]
 * and x in which x missed: x timed alone, one lap a sample, `laps` laps at least (at most
 * PRUNE_LOADS loads), each sample's x read as a miss past miss_above.
 * Counting laps, not averaging x's cost over them, keeps a level behind
 * out of the share: a simulated L2 of 16 ways, random, whose x also
 * missed the L3 behind it in some laps (768 cycles against 64) read a
 * miss in 5 laps out of any one such. */
static int x_lap_share(struct chase_assoc_level *L, struct chase_assoc_prober *p, const uint64_t *g, uint32_t n,
                       unsigned laps, double *q)
{
    uint32_t m = p->nlead + n + 1;
    unsigned missed, most = PRUNE_LOADS / m;
    int code;

    /* A lead (evict_spread's) comes first, as in x_misses. */
    if (p->nlead)
        memcpy(p->buf, p->lead, p->nlead * sizeof *p->buf);
    memcpy(p->buf + p->nlead, g, n * sizeof *g);
    p->buf[m - 1] = L->probe_x;
    if (laps < 16384 / m)
        laps = 16384 / m;
    laps = laps < PROBE_LAPS ? PROBE_LAPS : laps;
    if (laps > most)
        laps = most > PROBE_LAPS ? most : PROBE_LAPS;
    if (m > 65537)
        laps = 1;       /* a GPU L2's group: a tenth of a second a lap (x_misses) */
    if ((code = x_by_lap(L, p, m, laps, p->nlead ? 0 : SPREAD, &missed)))
        return code;
    *q = (double)missed / laps;
    return 0;
}

/* Does the group g[0 .. n-1] evict x?  Its lap, then x, x timed. */
static int evicts(struct chase_assoc_level *L, struct chase_assoc_prober *p, const uint64_t *g, uint32_t n,
                  int *yes)
{
    return x_misses(L, p, p->lead, p->nlead, g, n, n, yes);
}

/* Drops from g[0 .. *n-1] every chunk the rest evicts x without, the
 * chunks shrinking to single lines.  0 or an exit status. */
static int prune(struct chase_assoc_level *L, struct chase_assoc_prober *p, uint64_t *g, uint32_t *n)
{
    uint64_t *rest = p->tmp;
    uint32_t chunks = FIRST_CHUNKS;     /* enough for 8 ways: more where none can go */
    unsigned rounds, laps = 0;
    int code, shares = 0, yes;
    double q, r, bottom = PRUNE_FLOOR;
    uint32_t n0 = *n;
    uint64_t *grown;

    /* Under LRU and FIFO x misses every lap once its set overflows, and
     * no lap before; under random replacement, in a share of laps that
     * grows with the lines of its set (16 ways: 0.12 at 16 lines, 0.23 at
     * 17, 0.46 at 20, 0.82 at 32), so a fixed share (half the laps) leaves
     * every test near it a coin, lines x does not need kept at random and
     * the budget spent (a simulated L2 of 16 ways, random: 2383 lines
     * after 8 rounds, 51 M loads).  So pruning goes in two steps: a chunk
     * goes where the rest still evicts x in half the laps, as everywhere;
     * where a round after the first, of FIRST_CHUNKS chunks or more, drops
     * under a quarter of them (LRU and FIFO drop about half there) while
     * the group holds more lines than a set can (CHASE_ASSOC_MAX_LINES),
     * pruning starts again from the grown group by shares, x read lap by
     * lap: a chunk goes where the rest evicts x in PRUNE_SHARE of the
     * share of laps the group did, and in PRUNE_FLOOR of them at least (or
     * three times what x alone reads, the timer's noise), read over laps
     * enough that x would miss in PRUNE_EXPECT of them at the group's
     * share: a line x does not need leaves the share as it was, one of its
     * set it needs lowers it, to none below the ways.  The laps are what
     * telling some misses from none takes, not what reading the share
     * well takes (six standard errors, tried first: 36 (1 - q) / q laps,
     * 3 to 7 times more where the share is low, and the share is low from
     * when the group holds about the ways of x's set, while it still holds
     * thousands of other lines); a test that reads too few misses by
     * chance keeps a chunk the group does not need, which a later round
     * cuts again.  A simulated L2 of 24 ways x 128 sets, random, hashed:
     * 55.6 M loads to 24 lines before, 12.6 M after; one of 32 x 512: not
     * resolved in 1 G loads before, 127 M after.  The group's own share,
     * where this starts, is read over PRUNE_FIRST_LAPS laps (it was read
     * over two, where the group was large, and a share of 1 then asked
     * for the fewest laps).  Only there: by shares from the start, an
     * H100's L2 (16 ways, near LRU) ran its budget out on one board, and an
     * H200's L1 at carveout 100 (40-41 ways) was pruned to 38 lines in two
     * runs of five, x missing in a few laps with fewer lines than its ways.
     * Rounds are bounded, and the ways are counted after anyway. */
    q = 1;
    grown = malloc((size_t)n0 * sizeof *grown);
    if (grown)
        memcpy(grown, g, n0 * sizeof *g);
    for (rounds = 0; rounds < 48; rounds++) {
        uint32_t c, size, kept = 0, start, dropped = 0, cut;
        if (chunks > *n)
            chunks = *n;
        cut = chunks;
        size = (*n + chunks - 1) / chunks;
        for (start = 0, c = 0; start < *n; c++) {
            uint32_t end = start + size < *n ? start + size : *n, m = 0, i;
            double need = 0.5, qc;
            for (i = 0; i < *n; i++)
                if (i < start || i >= end)
                    rest[m++] = g[i];
            laps = 0;
            if (shares) {
                need = PRUNE_SHARE * q > bottom ? PRUNE_SHARE * q : bottom;
                qc = q < PRUNE_QCAP ? q : PRUNE_QCAP;
                laps = qc > 0 ? (unsigned)ceil(PRUNE_EXPECT / qc) : 0;
                if (laps > CHASE_LIST_MAX_LAPS)
                    laps = CHASE_LIST_MAX_LAPS;
            }
            /* Half the laps: x's cost averaged over them, in one sample
             * (on a GPU each sample's own stores pass through the L1, and
             * samples of one lap each read an L1 of 4 ways as 2 or 3);
             * by shares, lap by lap. */
            if (m && !shares && (code = evicts(L, p, rest, m, &yes))) {
                free(grown);
                return code;
            }
            if (m && !shares)
                r = yes ? 1 : 0;
            if (m && shares && (code = x_lap_share(L, p, rest, m, laps, &r))) {
                free(grown);
                return code;
            }
            if (m && r > need) {
                memcpy(g, rest, m * sizeof *g);
                *n = m;
                dropped++;
                q = r;
                /* start stays: the next chunk moved into its place */
            } else {
                start = end;
                kept++;
            }
        }
        if (!shares && grown && rounds && cut >= FIRST_CHUNKS && 4 * dropped < cut && *n > CHASE_ASSOC_MAX_LINES) {
            /* By shares from the grown group again: from where half the
             * laps stalled, the share is already low while the group is
             * large, and each test's laps cost its lines (a simulated L2
             * of 16 ways, random: 95 M loads in a round from 3988 lines). */
            memcpy(g, grown, n0 * sizeof *g);
            *n = n0;
            chunks = FIRST_CHUNKS;
            /* The floor over the timer's own false misses: x alone
             * (after the lead, if any) over PRUNE_NOISE_LAPS laps, a miss
             * in none but by noise. */
            if ((code = x_lap_share(L, p, g, 0, PRUNE_NOISE_LAPS, &r)) ||
                (code = x_lap_share(L, p, g, *n, PRUNE_FIRST_LAPS, &q))) {
                free(grown);
                return code;
            }
            bottom = 3 * r > PRUNE_FLOOR ? 3 * r : PRUNE_FLOOR;
            shares = 1;
            continue;
        }
        if (size == 1 && !dropped)
            break;
        /* Twice the chunks kept (each holds a line x needs) and one: about
         * half of the next round's can go.  None gone: more, smaller. */
        chunks = dropped ? 2 * kept + 1 : 2 * chunks;
        if (chunks >= *n)
            chunks = *n;
    }
    free(grown);
    return 0;
}

/* The first j lines of the group make x's lap miss: the ways lines of x's
 * set are among them (random replacement may have kept a line of another
 * set through pruning).  A line is of x's set where the lap without it
 * no longer misses; those lines are the ways, and become the group. */
static int congruent(struct chase_assoc_level *L, struct chase_assoc_prober *p, uint32_t j, unsigned *ways)
{
    uint64_t keep[CHASE_ASSOC_MAX_LINES];
    uint32_t i, m, k, n = 0;
    int code;

    for (i = 0; i < j; i++) {
        double misses, se;
        p->buf[0] = L->probe_x;
        for (m = 1, k = 0; k < j; k++)
            if (k != i)
                p->buf[m++] = L->group[k];
        if ((code = assoc_lap_misses(L, p, p->buf, m, &misses, &se)))
            return code;
        if (misses < SCAN_MISSES)
            keep[n++] = L->group[i];
    }
    if (n < j)
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " %u of them x's lap needs (the rest of other sets);", n);
    memcpy(L->group, keep, n * sizeof *keep);
    L->ngroup = n;
    *ways = n;
    return 0;
}

/* The ways from a group of lines sharing x's set: the fewest lines j
 * whose lap with x misses.  0 where none does. */
static int count_ways(struct chase_assoc_level *L, struct chase_assoc_prober *p, unsigned *ways)
{
    uint32_t j;
    int code, skipped = 0;
    double least = INFINITY;

    *ways = 0;
    L->hg = 0;
    for (j = 1; j <= L->ngroup; j++) {
        double misses, se;
        int yes = 1;
        p->buf[0] = L->probe_x;
        memcpy(p->buf + 1, L->group, j * sizeof *p->buf);
        /* Counted from the least a load cost in the shorter laps, where
         * above the level's latency and under a quarter of the way to the
         * next: the lines of one set may all be slower than the sweep's
         * average (an H100's L2 near on one board: 0.1 of a miss more a
         * load, in every sequence, 1.0 a lap at 10 loads, read as an
         * overflow of 9 ways in a set of 16). */
        L->hg = least < L->h + 0.25 * (L->m - L->h) ? least : 0;
        if ((code = assoc_lap_misses(L, p, p->buf, j + 1, &misses, &se)))
            return code;
        if (p->last < least)
            least = p->last;
        /* A lap that misses about one line may be a lap's own cost (an
         * H100's L2 near, on one board: 0.95-1.04 misses a lap from 9 to
         * 15 lines of a set of 16, read as 9 and 10 ways): taken only where
         * x, timed alone after those lines, misses too.  LRU and FIFO miss
         * every line of an overflowing lap, random replacement about 2,
         * and x in about 1.6 / (j + 1) of the laps: read lap by lap, x
         * must miss in half that share at least (its cost averaged over
         * the laps read a hit: an H200's L1 at carveout 100, 1.38 misses
         * a lap at 40 lines, not resolved). */
        if (misses >= SCAN_MISSES && misses < SURE_MISSES) {
            double q;
            if ((code = x_lap_share(L, p, L->group, j, 8 * (j + 1) > WHOLE_LAPS ? 8 * (j + 1) : WHOLE_LAPS, &q)))
                return code;
            yes = q >= 0.8 / (j + 1);
        }
        if (misses >= SCAN_MISSES && !yes && !skipped) {
            skipped = 1;
            chase_assoc_append(L->evict_how, sizeof L->evict_how, " a lap of x and the first %u of them missed %.2f "
                               "lines a lap, but x timed alone after them, lap by lap, missed in too few laps for an "
                               "overflow (a lap's own cost);",
                               j, misses);
        }
        if (misses >= SCAN_MISSES && yes) {
            chase_assoc_append(L->evict_how, sizeof L->evict_how, " a lap of x and the first %u of them misses %.1f lines a lap, "
                "with one fewer none", j, misses);
            if (L->hg > L->h)
                chase_assoc_append(L->evict_how, sizeof L->evict_how, " (misses counted from %.1f cycles a load, the "
                                   "least in the shorter laps, not the level's %.1f)", L->hg, L->h);
            chase_assoc_append(L->evict_how, sizeof L->evict_how, ";");
            if ((code = congruent(L, p, j, ways)))
                return code;
            /* Its misses over the lines of x's set in it (x's and those
             * congruent kept): near 1 where every one missed. */
            L->count_share = misses / (*ways + 1);
            return 0;
        }
    }
    L->hg = 0;
    return 0;
}

/* The first flushes of p->tmp (nf lines each) made of lines seen clean:
 * fresh lines of x's set in front (cc's blocks from `at`), each kept where
 * a lap of it, the group less its first line and x keeps x here (the
 * group holds this level's ways of x's set, so a line of that set here
 * would make x miss; the lap's own lines, as many as the front level's
 * ways, push x out of it as a flush would).  Where this level's sets take
 * a page's lines and some bits of the frame under it (an L2 of 2048 sets
 * of 64 B seen through a guest's 4 KiB frames would put one flush line in
 * 32 in x's set here; tests/test_assoc's model one in 4), a flush of 9
 * drawn at random is often dirty, and a cut made with it leaves out the
 * lines it stands in for.  At most `want` flushes, within `cands`
 * lines tried; *made, how many. */
static int clean_flushes(struct chase_assoc_level *L, struct chase_assoc_prober *p, struct chase_chain *cc,
                         uint64_t at, uint64_t cands, uint64_t unit, uint32_t nf, uint32_t want, uint32_t *made)
{
    uint64_t k, line;
    uint32_t got = 0;
    int code, miss;

    *made = 0;
    if (L->ngroup < 2 || L->ngroup + 2 > p->lines)
        return 0;
    for (k = 0; k < cands && got < want * nf; k++) {
        uint64_t g[CHASE_ASSOC_MAX_LINES + 1];
        line = chase_chain_block(cc, at + k) * unit;
        memcpy(g, L->group + 1, (L->ngroup - 1) * sizeof *g);
        g[L->ngroup - 1] = line;
        if ((code = x_misses(L, p, NULL, 0, g, L->ngroup, L->ngroup, &miss)))
            return code;
        if (!miss)
            p->tmp[got++] = line;
    }
    *made = got / nf;
    if (*made)
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " %u flushes of lines seen clean (each with the "
                           "group less a line keeps x; %llu lines tried) taken first;", *made,
                           (unsigned long long)k);
    return 0;
}

/* The ways of a group hidden behind nearer levels (every pool line lies
 * in one of their sets, so a lap of x and up to their ways lines never
 * reaches this level): each lap is led by nf other lines of that set,
 * fresh past the pool (FLUSHES such flushes), which evict x from the
 * nearer levels.  The group is cut, one line at a time, to the lines such
 * a lap needs (it may hold more of x's set here than the ways: pruning had
 * to keep the nearer level's ways).  A flush line in x's set here stands
 * in for one of them (a hashed index puts one there now and then: with
 * 49 lines over 128 sets, a third of the flushes), so what is left is
 * checked with the other flushes: none may find it short of evicting x
 * (a clean flush would, were a line missing), and two must find every
 * line of it needed.  Up to FLUSH_TRIES flushes cut the group.  *ways:
 * the lines left (the group becomes them), 0 where none was checked so. */
static int flushed_body(struct chase_assoc_level *L, struct chase_assoc_prober *p, struct chase_chain *cc,
                        uint64_t first, uint64_t slots, uint64_t unit, uint32_t nf, const uint64_t *given,
                        unsigned *ways)
{
    uint64_t cur[CHASE_ASSOC_MAX_LINES];
    uint32_t i, n, t, v, nfl;
    int code, miss = 0;
    /* A given lead (a spread pool's) covers every set in front its pool uses. */
    const char *of = given ? "of every set in front the pool uses" : "of that set";

    *ways = 0;
    nfl = nf ? (uint32_t)((slots - first) / nf) : 0;
    if (nfl > FLUSHES)
        nfl = FLUSHES;
    if (nf && (uint64_t)nfl * nf > p->lines)
        nfl = (uint32_t)(p->lines / nf);
    if (!nf || nfl < 3 || L->ngroup + (uint64_t)nf + 1 > 2 * p->lines + 2) {
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " no room for three flushes of %u lines %s "
                           "past the pool;", nf, of);
        return 0;
    }
    for (v = 0; v < nfl; v++)
        for (i = 0; i < nf; i++)
            p->tmp[v * nf + i] = given ? given[v * nf + i] : chase_chain_block(cc, first + (uint64_t)v * nf + i) * unit;
    /* x after a flush alone must still hit here: a flush of nf lines holds
     * no more than nf of x's set in this level, fewer than a level of more
     * ways than the nearer ones needs.  Where x reads a miss without any
     * of the group (this CI machine's CPU: an L2 hit after the L1 lost x
     * to a conflict costs 22-25 cycles against the sweep's 14 and a
     * threshold of 15.5, and a group of 1 line read as "1 way"), what the
     * flush costs x is not this level's miss, and no count is one.  Two
     * flushes: one may put a line in x's set by chance. */
    for (v = 0, miss = 1; v < 2 && v < nfl && miss; v++)
        if ((code = x_misses(L, p, p->tmp + v * nf, nf, L->group, 0, 0, &miss)))
            return code;
    /* Where the count missed every line of its lap (not read lap by lap:
     * under random replacement a clean line's lap misses now and then too,
     * and the tests cost a lap of reads each). */
    if (!miss && given == NULL && !p->by_lap) {
        uint32_t made;
        uint64_t at = first + (uint64_t)nfl * nf;
        if (slots > at && (code = clean_flushes(L, p, cc, at, slots - at < 16 * (uint64_t)nf ? slots - at
                                                : 16 * (uint64_t)nf, unit, nf, FLUSH_TRIES, &made)))
            return code;
    }
    if (miss) {
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " x after a flush alone (%u lines %s, none "
                           "of the group) costs %.1f cycles, above the miss threshold %.1f: what a flush costs x "
                           "here (a conflict in the levels in front, a page walk) reads as this level's miss, so "
                           "no count of the group is one;", nf, of, p->last, miss_above(L));
        return 0;
    }
    for (t = 0; t < FLUSH_TRIES && t < nfl; t++) {
        const uint64_t *f = p->tmp + t * nf;
        unsigned confirmed = 0, short_of = 0;
        if ((code = x_misses(L, p, f, nf, L->group, L->ngroup, L->ngroup, &miss)))
            return code;
        if (!miss)
            continue;       /* the group and this flush do not evict x */
        /* Cut: a line goes where the lap without it still misses. */
        memcpy(cur, L->group, L->ngroup * sizeof *cur);
        n = L->ngroup;
        for (i = 0; i < n;) {
            if ((code = x_misses(L, p, f, nf, cur, n, i, &miss)))
                return code;
            if (miss) {
                memmove(cur + i, cur + i + 1, (n - i - 1) * sizeof *cur);
                n--;
            } else
                i++;
        }
        /* The other flushes: none finds it short, two find it exact. */
        for (v = 0; n && v < nfl && !short_of && confirmed < 2; v++) {
            const uint64_t *g = p->tmp + v * nf;
            int exact = 1;
            if (v == t)
                continue;
            if ((code = x_misses(L, p, g, nf, cur, n, n, &miss)))
                return code;
            if (!miss) {
                short_of = 1;
                break;
            }
            for (i = 0; exact && i < n; i++) {
                if ((code = x_misses(L, p, g, nf, cur, n, i, &miss)))
                    return code;
                exact = !miss;
            }
            confirmed += exact;
        }
        if (short_of || confirmed < 2)
            continue;
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " each lap led by %u other lines %s, which "
                           "evict x from the levels in front: with flush %u, %u of the group's lines x's lap needs, "
                           "as two other flushes confirm;", nf, of, t + 1, n);
        memcpy(L->group, cur, n * sizeof *cur);
        L->ngroup = n;
        *ways = n;
        return 0;
    }
    chase_assoc_append(L->evict_how, sizeof L->evict_how, " with each lap led by %u other lines %s, %u "
                       "flushes cut the group to none the others confirmed;", nf, of, t);
    return 0;
}

/* flushed_body, its tests reading x lap by lap where the level's own
 * count did not miss (nearly) every line of x's set in its first lap to
 * miss, or found none: under random replacement x misses in only some
 * laps of ways + 1 lines of its set, and its cost averaged over them read
 * a hit (a simulated L2 of 4 ways, random, behind a random L1: "3 flushes
 * cut the group to none the others confirmed" of a count of 4 that was
 * right). */
static int flushed_ways(struct chase_assoc_level *L, struct chase_assoc_prober *p, struct chase_chain *cc,
                        uint64_t first, uint64_t slots, uint64_t unit, uint32_t nf, const uint64_t *given,
                        unsigned *ways)
{
    int code;

    p->by_lap = !(L->count_share >= PASS_SHARE);
    code = flushed_body(L, p, cc, first, slots, unit, nf, given, ways);
    if (p->by_lap && *ways)
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " (each test read x lap by lap, %d laps: a miss in "
                           "%d of them or more);", WHOLE_LAPS, WHOLE_MISSES);
    p->by_lap = 0;
    return code;
}

/* What x cost here after `after` (the least of two laps, `best`) becomes
 * L->hx where above the level's latency, said; -2 (said: not resolved)
 * where it lies within a quarter of the next level's latency from it, so
 * no threshold is left between a hit here and a miss; else 0. */
static int hit_threshold(struct chase_assoc_level *L, double best, const char *after)
{
    L->hx = best > L->h ? best : 0;
    if (best >= L->h + 0.75 * (L->m - L->h)) {
        chase_assoc_append(L->evict_how, sizeof L->evict_how, "; x after %s costs %.1f cycles, within a quarter "
                           "of the next level's %.1f from it (this level's latency %.1f): no threshold between a "
                           "hit here and a miss; not resolved", after, best, L->m, L->h);
        return -2;
    }
    chase_assoc_append(L->evict_how, sizeof L->evict_how, "; x after %s costs %.1f cycles (this level's latency "
                       "%.1f): a miss is above %.1f", after, best, L->h, miss_above(L));
    return 0;
}

#define CAL_LINES 256             /* lines of other sets beside a calibrating flush: more pages than a first TLB holds */

/* What x costs here once the levels in front lost it: a lap of a flush
 * (nf lines of x's set there, FLUSHES past the pool, as flushed_ways
 * draws them) and CAL_LINES lines of other sets of theirs, so of other
 * sets here in a plain index, each on a page of its own, then x.  The
 * least of two such laps (interference only slows) becomes L->hx where
 * above the level's latency: on this CI machine's CPU an L2 hit after the
 * L1 lost x to a conflict costs 22-31 cycles against the sweep's 14, and
 * a group of 256 pages adds a first TLB's miss.  -2 (said): no threshold
 * is left between that and the next level's latency; 0; or an exit
 * status. */
static int calibrate(struct chase_assoc_level *L, struct chase_assoc_prober *p, struct chase_chain *cc,
                     uint64_t first, uint64_t slots, uint64_t unit, uint32_t nf)
{
    uint64_t k, cal = CAL_LINES, at = first + (uint64_t)FLUSHES * nf, hi = L->hi ? L->hi : L->lo;
    uint32_t v, i;
    double best = INFINITY;
    int code, yes;
    char after[120];

    L->hx = 0;
    if (cal > hi / L->line / 8)
        cal = hi / L->line / 8;         /* a small level: too few lines of other sets to evict x */
    if (slots < at + 2 * cal || (uint64_t)nf + cal > p->lines || unit <= L->line)
        return 0;
    /* Each lap its own flush and its own lines of other sets: in a level
     * of one way, one line of 200 shares x's set about a time in five
     * (a simulated L2 of 1024 sets), and the least of two is taken. */
    for (v = 0; v < 2; v++) {
        for (i = 0; i < nf; i++)
            p->tmp[i] = chase_chain_block(cc, first + (uint64_t)v * nf + i) * unit;
        for (k = 0; k < cal; k++)
            p->tmp[nf + k] = chase_chain_block(cc, at + v * cal + k) * unit + L->line;
        if ((code = x_misses(L, p, p->tmp, nf, p->tmp + nf, (uint32_t)cal, (uint32_t)cal, &yes)))
            return code;
        if (p->last < best)
            best = p->last;
    }
    if (!(best > L->h))
        return 0;
    snprintf(after, sizeof after, "a flush of %u lines of its set in front and %llu lines of others", nf,
             (unsigned long long)cal);
    return hit_threshold(L, best, after);
}

/* Grow: a prefix of the pool doubling from the level's lines until x
 * misses, then more of it: random replacement evicts only where the set
 * overflows well, and a group with lines to spare lets whole chunks go (a
 * large group grows less: each of its tests costs its lines).  *n: the
 * group's lines; 0 where the whole pool did not evict x (said).  0 or an
 * exit status. */
static int grow(struct chase_assoc_level *L, struct chase_assoc_prober *p, uint64_t pool, uint64_t cap_lines,
                uint32_t *n)
{
    int code, yes;

    *n = cap_lines < pool ? (uint32_t)cap_lines : (uint32_t)pool;
    if (*n < 8)
        *n = pool < 8 ? (uint32_t)pool : 8;
    for (;;) {
        if ((code = evicts(L, p, p->pool, *n, &yes)))
            return code;
        if (yes || *n == pool)
            break;
        *n = 2 * (uint64_t)*n < pool ? 2 * *n : (uint32_t)pool;
    }
    if (!yes) {
        chase_assoc_append(L->evict_how, sizeof L->evict_how, "; the whole pool did not evict x (x cost %.1f cycles "
                           "after it, a miss above %.1f)", p->last, miss_above(L));
        *n = 0;
        return 0;
    }
    chase_assoc_append(L->evict_how, sizeof L->evict_how, "; the first %u evict it (x: %.1f cycles, a miss above %.1f)",
                       *n, p->last, miss_above(L));
    if (*n < pool) {
        uint64_t more = *n <= 65536 ? (uint64_t)*n : *n / 4;   /* twice a small group, a quarter more of a large one */
        *n = *n + more < pool ? (uint32_t)(*n + more) : (uint32_t)pool;
        chase_assoc_append(L->evict_how, sizeof L->evict_how, ", grown to %u;", *n);
    } else
        chase_assoc_append(L->evict_how, sizeof L->evict_how, ";");
    return 0;
}

/* The group tests of a pool each test of which is led by a lead: what
 * x costs after a lead and lines of other sets (L->hx, the least of two,
 * as calibrate measures it), grow, prune, and the count flushed_ways
 * confirms with the other leads (FLUSHES of nl lines each in lead): x
 * misses after any lead and the group, and after any lead and the group
 * less any one line, hits.  *ways 0 where not resolved (evict_how says
 * why).  0 or an exit status. */
static int led_count(struct chase_assoc_level *L, struct chase_assoc_prober *p, const uint64_t *lead, uint32_t nl,
                     uint64_t pool, uint64_t cap_lines, unsigned *ways)
{
    uint64_t cal = CAL_LINES;
    double best = INFINITY;
    uint32_t n = 0, v;
    int code = 0, yes;
    char after[120];

    *ways = 0;
    L->led = 1;
    if (cal > pool / 2)
        cal = pool / 2;
    if (cal > cap_lines / 8)
        cal = cap_lines / 8;
    for (v = 0; v < 2 && !code; v++) {
        code = x_misses(L, p, lead + (uint64_t)v * nl, nl, p->pool + v * cal, (uint32_t)cal, (uint32_t)cal, &yes);
        if (!code && p->last < best)
            best = p->last;
    }
    if (code)
        return code;
    snprintf(after, sizeof after, "a lead and %llu lines of the pool", (unsigned long long)cal);
    if (hit_threshold(L, best, after))
        return 0;
    p->lead = lead;
    p->nlead = nl;
    code = grow(L, p, pool, cap_lines, &n);
    if (!code && n)
        code = prune(L, p, p->pool, &n);
    p->lead = NULL;
    p->nlead = 0;
    if (!code && !n)
        chase_assoc_append(L->evict_how, sizeof L->evict_how, ": not resolved");
    if (code || !n)
        return code;
    L->pruned = n;
    if (n > CHASE_ASSOC_MAX_LINES) {
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " pruned to %u, more than a set can be: not "
                           "resolved", n);
        return 0;
    }
    L->ngroup = n;
    memcpy(L->group, p->pool, n * sizeof *L->group);
    chase_assoc_append(L->evict_how, sizeof L->evict_how, " pruned to %u (%llu lists, %llu loads);", n,
                       (unsigned long long)p->lists, (unsigned long long)p->loads);
    if ((code = flushed_ways(L, p, NULL, 0, (uint64_t)FLUSHES * nl, 0, nl, lead, ways)))
        return code;
    if (!*ways)
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " not resolved");
    return 0;
}

/* Behind a hashed level N, the count's premise checked: the lines of x's
 * set here share x's set in N (the simulator's one hash puts a set of the
 * level with more sets inside one of the other's), so a lap of x and any
 * N's ways of them, led by f[0 .. nf-1] (lines that flush the plain levels
 * in front), overflows N's set and costs this level's latency a load, not
 * N's.  Where N hashes apart from this level, a group that evicts x holds
 * each line of x's set here with N's ways of its own set there (which
 * keep it missing N), and its count is that structure's, the same from
 * pool to pool (a simulated L3 of 12 ways behind an L2 of 4 hashed apart:
 * 64 lines twice, 13 sets of 5 there less x); N's ways of them then lie
 * in different sets of N and hit there.  Three picks of N's ways (the
 * first, the last, spread) must all cost more than halfway from N's
 * latency to this level's: *yes.  0 or an exit status. */
static int nests(struct chase_assoc_level *L, struct chase_assoc_prober *p, const uint64_t *f, uint32_t nf,
                 const struct chase_assoc_level *N, unsigned ways, int *yes)
{
    double med, se, hit = L->hx > L->h ? L->hx : L->h, mid = N->h + 0.5 * (hit - N->h), least = INFINITY;
    uint32_t m, i, k, w = N->ways;
    int code;

    *yes = 1;
    for (k = 0; k < 3 && *yes; k++) {
        m = nf;
        if (nf)
            memcpy(p->buf, f, nf * sizeof *p->buf);
        p->buf[m++] = L->probe_x;
        for (i = 0; i < w; i++)
            p->buf[m++] = L->group[k == 0 ? i : k == 1 ? ways - w + i : (uint64_t)i * ways / w];
        if ((code = assoc_run_list(p, p->buf, m, m - nf, SEQ_WARM, SEQ_LAPS, SEQ_SAMPLES, 0, &med, &se)))
            return code;
        least = med < least ? med : least;
        *yes = med > mid;
    }
    if (*yes)
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " a lap of x and %s's ways (%u) of them%s, three "
                           "picks (the first, the last, spread), costs %.1f cycles a load or more (%s %.1f, here "
                           "%.1f): they share x's set there;", N->name, w, nf ? ", led by a flush of the levels in "
                           "front" : "", least, N->name, N->h, hit);
    else
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " a lap of x and %s's ways (%u) of them (%s)%s costs "
                           "%.1f cycles a load (%s %.1f, here %.1f): they do not share x's set there, so the count "
                           "is not this level's ways: not resolved;", N->name, w, k == 1 ? "the first" : k == 2 ?
                           "the last" : "spread", nf ? ", led by a flush of the levels in front," : "", med, N->name,
                           N->h, hit);
    return 0;
}

/* The spread pool: lines `unit` apart, a power of two under the way of
 * the nearer plain levels, so in way / unit classes, each class in one
 * set of every nearer level whose way divides that way.  Each test is led
 * by nf lines of every class (a way apart, FLUSHES such leads), which push
 * x and the group out of those levels whichever class they are in: in a
 * level that serves hits without telling the one behind (the simulator's),
 * a group kept to few sets in front would otherwise stay there once small.
 * The pool's lines fill as few rows (a way each) as hold 3 x the level's
 * lines, the rows in a keyed random order.  Used where a pool one set in
 * front (lines a way apart) cannot serve:
 *   tlb 0: the region holds fewer such lines than 3 x the level's and they
 *          did not evict x (a simulated L3 of 6 MiB behind an L2 whose
 *          way is 512 KiB: 2007 lines in 1 GiB, about one in eight of its
 *          sets);
 *   tlb 1: such lines lie one a page, over more pages than the device's
 *          last data TLB holds (the driver's tlb_pages): x, timed after
 *          them, would pay a page walk, and pruning would home in on a TLB
 *          set (this CI machine's CPU: x cost 110-116 cycles after
 *          9742-16384 such lines, its L3 46); the unit then puts the pool
 *          on half the TLB's pages at most.
 * *ways 0 where not resolved or not built (evict_how says why). */
static int evict_spread(struct chase_assoc_level *L, uint64_t way, uint64_t unit, uint32_t nf, uint64_t region,
                        uint64_t seed, int tlb, const struct chase_assoc_level *hn, struct chase_assoc_prober *p,
                        unsigned *ways)
{
    uint64_t hi = L->hi ? L->hi : L->lo, want = 3 * (hi / L->line) + 64, rows, classes, nl, k, pool, prow;
    uint64_t *lead, lead_rows = (uint64_t)FLUSHES * nf + 1;
    struct chase_chain cr, cp;
    int code;
    char a[32], b[32], c[32];

    *ways = 0;
    rows = region / way;
    classes = way / unit;
    nl = classes * nf;
    if (rows <= lead_rows || classes < 2 || (rows - lead_rows) * classes < want || (uint64_t)FLUSHES * nl > p->lines ||
        nl > 65536) {
        chase_assoc_append(L->evict_how, sizeof L->evict_how, "; no room for a spread pool of %llu lines and its "
                           "leads", (unsigned long long)want);
        return 0;
    }
    if (!(lead = malloc((size_t)(FLUSHES * nl) * sizeof *lead)))
        return CHASE_EXIT_FAIL;
    /* Rows in a keyed random order: x's, then the leads', then the pool's;
     * x at a class drawn from the key. */
    chase_chain_init(&cr, rows * way, way, CHASE_CHAIN_RANDOM, 0, seed ^ 0x6a09e667f3bcc909ULL);
    L->probe_x = chase_chain_block(&cr, 0) * way + (chase_splitmix(&seed) % classes) * unit;
    for (k = 0; k < (uint64_t)FLUSHES * nl; k++) {
        uint64_t v = k / nl, i = k % nl;    /* lead v, its line i: row i / classes of it, class i % classes */
        lead[k] = chase_chain_block(&cr, 1 + v * nf + i / classes) * way + (i % classes) * unit;
    }
    /* The pool: every class of its rows, in a keyed random order. */
    pool = want < p->lines ? want : p->lines;
    prow = (pool + classes - 1) / classes;
    chase_chain_init(&cp, prow * classes * L->line, L->line, CHASE_CHAIN_RANDOM, 0, seed);
    for (k = 0; k < pool; k++) {
        uint64_t q = chase_chain_block(&cp, k);
        p->pool[k] = chase_chain_block(&cr, lead_rows + q / classes) * way + (q % classes) * unit;
    }
    if (tlb)
        chase_assoc_append(L->evict_how, sizeof L->evict_how, "; a pool one line a %s page would span more pages "
                           "than the last data TLB's %llu, so x would pay a page walk", chase_size_format(way, a,
                           sizeof a), (unsigned long long)p->tlb_pages);
    else
        chase_assoc_append(L->evict_how, sizeof L->evict_how, "; too few lines %s apart for 3 x this level's",
                           chase_size_format(way, a, sizeof a));
    chase_assoc_append(L->evict_how, sizeof L->evict_how, ": instead probe x at %s and a pool of %llu lines %s "
                       "apart on %llu rows of %s (%llu classes, each in one set of the levels in front), each test "
                       "led by %u lines of every class (%llu lines, one of %d such leads)",
                       chase_size_format(L->probe_x, b, sizeof b), (unsigned long long)pool,
                       chase_size_format(unit, c, sizeof c), (unsigned long long)prow,
                       chase_size_format(way, a, sizeof a), (unsigned long long)classes, nf,
                       (unsigned long long)nl, FLUSHES);
    code = led_count(L, p, lead, (uint32_t)nl, pool, hi / L->line, ways);
    if (!code && *ways > 1 && hn && *ways > hn->ways) {
        int yes;
        if (!(code = nests(L, p, lead, (uint32_t)nl, hn, *ways, &yes)) && !yes)
            *ways = 0;
    }
    free(lead);
    if (!*ways)
        L->ngroup = 0;
    return code;
}

/* A hashed level in front whose ways an eviction set counted and that
 * misses every line of a lap longer than its ways (its policy LRU, FIFO
 * or one way, or its count's lap of ways + 1 lines missing them all where
 * the policy was not tested): a lap of more of one of its sets' lines than
 * its ways passes it whole to the level behind.  Under random replacement
 * it keeps part of such a lap, and what it keeps varies from lap to lap,
 * so a count behind it would drift; and its sets are not known, so no pool
 * can be kept out of it. */
static int hashed_passes(const struct chase_assoc_level *N)
{
    return !N->plain && N->evicted && N->ways && N->sets &&
           (!strcmp(N->policy, "lru") || !strcmp(N->policy, "fifo") || !strcmp(N->policy, "direct-mapped") ||
            (!strcmp(N->policy, "undetermined") && N->count_share >= PASS_SHARE));
}

/* The far part of a cache behind its near part (a GPU's L2 far), whose
 * own eviction set is not built (evict_body): what the near part's set
 * says of it.  x and the near part's ways lines of its set, cycled, every
 * load timed: where the near part misses every line of such a lap (LRU,
 * FIFO, a tree, or its count's lap missing them all), a load costs this
 * part's latency where this part holds the line and the next level's
 * where it does not, so the lines a lap that missed here too say whether
 * they share one set of at most the near part's ways here.  (On an H100
 * the near part's 17 lines, cycled in its policy test, cost 517 cycles a
 * load against the far part's 526, and on an H200 from SM 100 520.4
 * against 516.4: all held there.)  Neither the ways nor
 * the sets of this part: the lines of one near set are all it is given.
 * 0, or an exit status; -1: the budget. */
static int far_part_cycle(struct chase_assoc_level *L, const struct chase_assoc_level *N,
                          struct chase_assoc_prober *p)
{
    uint32_t n = N->ngroup + 1;
    double med, se, past;
    int code;

    if (!N->evicted || !N->ways || N->ngroup != N->ways) {
        /* An H200's near part from SM 0 on one board: an eviction set of
         * 16 whose hot sequence missed 0.48 a lap, so more than 16 ways. */
        chase_assoc_append(L->evict_how, sizeof L->evict_how, "; %s's set not cycled here: %s has no eviction set "
                           "whose ways stand", N->name, N->name);
        return 0;
    }
    if (N->ngroup >= CHASE_ASSOC_MAX_LINES || p->lines < n || !(L->m > L->h) || !(L->h > N->h))
        return 0;
    if (strcmp(N->policy, "lru") && strcmp(N->policy, "fifo") && strcmp(N->policy, "plru") &&
        strcmp(N->policy, "lru-like") && !(N->count_share >= PASS_SHARE)) {
        chase_assoc_append(L->evict_how, sizeof L->evict_how, "; %s's set not cycled here: its policy (%s) need "
                           "not miss every line of a lap, so a load's cost would mix its hits in", N->name, N->policy);
        return 0;
    }
    memcpy(p->buf, N->group, N->ngroup * sizeof *p->buf);
    p->buf[n - 1] = N->probe_x;
    if ((code = assoc_run_list(p, p->buf, n, n, SEQ_WARM, SEQ_LAPS, SEQ_SAMPLES, 0, &med, &se)))
        return code;
    if (med < L->h - 0.25 * (L->h - N->h)) {
        chase_assoc_append(L->evict_how, sizeof L->evict_how, "; %s's eviction set (x and its %u lines) cycled, "
                           "every load timed: %.1f cycles a load, under this part's %.1f: some hit %s, so nothing is "
                           "read of this part", N->name, N->ngroup, med, L->h, N->name);
        return 0;
    }
    past = (med - L->h) / (L->m - L->h) * n;
    if (past < 0)
        past = 0;
    if (past > n)
        past = n;
    chase_assoc_append(L->evict_how, sizeof L->evict_how, "; %s's eviction set (x and its %u lines, one set "
                       "there) cycled, every load timed: %.1f cycles a load (+-%.1f; this part's latency %.1f, the "
                       "next level's %.1f), so %.1f of the %u lines a lap missed here too: %s", N->name, N->ngroup,
                       med, se, L->h, L->m, past, n,
                       past >= n - 1 ? "they do not fit here, as one set of the near part's ways or fewer would not "
                                       "(not proof of one)"
                       : past <= 1 ? "this part held them, so here they are not one set of the near part's ways or "
                                     "fewer (its sets are not the near part's, or it has more ways)"
                                   : "this part held some, neither all nor none");
    chase_assoc_append(L->ways_how, sizeof L->ways_how, "; %s's set of %u lines, cycled: %.1f a lap missed here too "
                       "(evict_how)", N->name, n, past);
    return 0;
}

/* The nearest level in front with a plain index and a known way, whose
 * sets the pool is kept to (NULL: none). */
static const struct chase_assoc_level *plain_near(const struct chase_assoc_level *near, size_t nnear)
{
    size_t i;
    for (i = nnear; i-- > 0;)
        if (near[i].ways && near[i].way_bytes && near[i].plain)
            return &near[i];
    return NULL;
}

static int evict_body(struct chase_assoc_level *L, const struct chase_assoc_level *near, size_t nnear,
                      uint64_t region, uint64_t seed, uint64_t driver_bytes, struct chase_assoc_prober *p)
{
    const struct chase_assoc_level *pn = plain_near(near, nnear);
    uint64_t unit = pn ? pn->way_bytes : L->line, slots, hi = L->hi ? L->hi : L->lo, cap_lines, pool, cap;
    uint32_t n, have, k, nf = 0;
    uint64_t top = 0;
    size_t j;
    int near_random = 0, recount = 0, tlb_capped = 0;
    const struct chase_assoc_level *hn = NULL;  /* the last hashed level in front (hashed_passes) */
    struct chase_chain cc;
    char a[32], b[32], c[32];
    unsigned ways;
    int code;

    L->evict_how[0] = 0;
    L->hx = 0;
    L->hg = 0;
    L->pruned = 0;
    L->led = 0;
    L->count_share = NAN;
    /* A level in front whose sets are not known (hashed, or not resolved)
     * would hold the small groups pruning ends with: the ways would read
     * high.  Not resolved, rather than wrong; but behind a hashed level
     * that passes a long lap of one of its sets whole (hashed_passes), x
     * misses here only once its set there overflows too, so the group
     * pruning leaves holds at least that level's ways of x's set there:
     * a count above those ways is this level's, and one at or under them
     * may be that level's (not resolved, at `counted`).  (The simulator
     * indexes both hashed levels by one hash, so a set of the level with
     * more sets lies inside one of the other's.) */
    for (k = 0; k < nnear; k++)
        /* A far part of the same cache is the same array reached from
         * further away, not a level a miss in the near one goes on to (an
         * H200's L2 far, built behind its near part, ran its 20 s out). */
        if (hashed_passes(&near[k]) && !chase_level_same_cache(near[k].name, L->name))
            hn = &near[k];
        else if (!near[k].plain || !near[k].ways || !near[k].way_bytes) {
            /* Only a GPU's L1 has a cache operator that skips it (cg); the
             * advice was given for an L2 near read with cg already, and for
             * a CPU's L3, which no operator reaches past its L2. */
            if (chase_level_same_cache(near[k].name, L->name)) {
                snprintf(L->evict_how, sizeof L->evict_how, "not built: %s, a nearer part of the same cache, has "
                         "no plain sets to keep the group's lines out of: x leaves this part only once it has "
                         "left that one, so a count would be of both parts' sets, not this part's", near[k].name);
                return k + 1 == nnear ? far_part_cycle(L, &near[k], p) : 0;
            } else if (!strncmp(near[k].name, "L1", 2))
                snprintf(L->evict_how, sizeof L->evict_how, "not built: %s in front has no plain sets to keep the "
                         "group's lines out of, so it would hold them (read this level with a cache operator that "
                         "skips %s: --cache-op cg on a GPU)", near[k].name, near[k].name);
            else
                snprintf(L->evict_how, sizeof L->evict_how, "not built: %s in front has no plain sets to keep the "
                         "group's lines out of, so it would hold them (and no cache operator chase offers skips "
                         "it)", near[k].name);
            return 0;
        }
    if (unit < L->line)
        unit = L->line;
    slots = region / unit;
    cap_lines = hi / L->line;
    /* Three times the lines of the level: about 3 x ways lines of x's set
     * (a hashed index spreads lines one set apart in front over all its
     * sets, so no fewer). */
    pool = 3 * cap_lines + 64;
    if (pool > p->lines)
        pool = p->lines;
    /* Room past the pool for the flushes of a group hidden behind the
     * levels in front (flushed_ways). */
    for (k = 0; k < nnear; k++)
        if (near[k].way_bytes && unit % near[k].way_bytes == 0) {
            /* One more line than its ways pushes x out of an LRU or FIFO
             * level; a random one keeps x through a lap of f lines of its
             * set with odds (1 - 1/ways)^f: RANDOM_FLUSH x its ways leave
             * x (and each line of the group) there in about 1 lap of 400. */
            int random = near[k].ways > 1 && !strncmp(near[k].replacement, "random", 6);
            uint32_t need = random ? RANDOM_FLUSH * near[k].ways : near[k].ways + 1;
            near_random |= random;
            nf = need > nf ? need : nf;
        }
    if (slots > (uint64_t)FLUSHES * nf + 1 && pool > slots - 1 - (uint64_t)FLUSHES * nf)
        pool = slots - 1 - (uint64_t)FLUSHES * nf;
    else if (pool > slots - 1)
        pool = slots - 1;
    if (pool > CHASE_LIST_MAX - 1)
        pool = CHASE_LIST_MAX - 1;
    if (slots < 2 || pool < 2) {
        snprintf(L->evict_how, sizeof L->evict_how, "no room for a pool of lines");
        return 0;
    }
    /* x and the pool: slots of the region in a keyed random order (chain.h's). */
    chase_chain_init(&cc, slots * unit, unit, CHASE_CHAIN_RANDOM, 0, seed);
    L->probe_x = chase_chain_block(&cc, 0) * unit;
    for (k = 0; k < pool; k++)
        p->pool[k] = chase_chain_block(&cc, k + 1) * unit;
    /* A pool one line a page over more pages than the last data TLB
     * holds would make x pay a page walk (evict_spread).  First the pool
     * on half the TLB's pages: a level whose sets take the page's bits
     * above the nearer level's way (a physically indexed one) has one line
     * of x's set in (its way / the page) such lines whatever the frames
     * under the pages (an L2 of 2048 sets of 64 B: one in 32, so 1536
     * pages would hold about 48; this CI machine's kept x among them,
     * bench/NOTES.md); a hashed index (one in its sets) leaves x there,
     * and the spread pool follows. */
    if (pn && nf && p->tlb_pages && pool > p->tlb_pages && unit >= 4096) {
        pool = p->tlb_pages / 2;
        tlb_capped = 1;
    }
    chase_assoc_append(L->evict_how, sizeof L->evict_how, "probe x at %s; pool of %llu lines %s apart (%s) in %s", chase_size_format(L->probe_x, c, sizeof c),
        (unsigned long long)pool, chase_size_format(unit, b, sizeof b), pn ? "one set of the nearer plain level" : "any line",
        chase_size_format(region, a, sizeof a));
    if (tlb_capped)
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " (half the last data TLB's %llu pages)",
                           (unsigned long long)p->tlb_pages);
    if (pn && nf && (code = calibrate(L, p, &cc, pool + 1, slots, unit, nf)))
        return code == -2 ? 0 : code;
    if ((code = grow(L, p, pool, cap_lines, &n)))
        return code;
    if (!n && tlb_capped) {
        uint64_t u = unit;
        /* The spread pool on half the TLB's pages at most. */
        while (u / 2 >= L->line && (3 * cap_lines + 64) / (unit / u) > p->tlb_pages / 2)
            u /= 2;
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " then in %s", chase_size_format(region, a, sizeof a));
        if ((code = evict_spread(L, unit, u, nf, region, seed, 1, hn, p, &ways)))
            return code;
        if (!ways)
            return 0;
        goto counted;
    }
    /* A pool a nearer way apart that the region held fewer than 3 x this
     * level's lines of may hold too few of x's set in a hashed index: the
     * spread pool, lines a fraction of that way apart. */
    if (!n && pn && nf && pool < 3 * cap_lines + 64 && pool < p->lines && pool < CHASE_LIST_MAX - 1) {
        uint64_t u = unit, lead_rows = (uint64_t)FLUSHES * nf + 1, rows = region / unit;
        /* The largest spacing whose rows past the leads hold the lines. */
        while (u / 2 >= L->line && rows > lead_rows && (rows - lead_rows) * (unit / u) < 3 * cap_lines + 64)
            u /= 2;
        if ((code = evict_spread(L, unit, u, nf, region, seed, 0, hn, p, &ways)))
            return code;
        if (!ways)
            return 0;
        goto counted;
    }
    if (!n) {
        chase_assoc_append(L->evict_how, sizeof L->evict_how, ": not resolved");
        return 0;
    }
    have = n;
    if ((code = prune(L, p, p->pool, &have)))
        return code;
    cap = have < CHASE_ASSOC_MAX_LINES ? have : CHASE_ASSOC_MAX_LINES;
    L->ngroup = (unsigned)cap;
    L->pruned = have;
    memcpy(L->group, p->pool, cap * sizeof *L->group);
    chase_assoc_append(L->evict_how, sizeof L->evict_how, " pruned to %u (%llu lists, %llu loads);", have,
        (unsigned long long)p->lists, (unsigned long long)p->loads);
    if ((code = count_ways(L, p, &ways)))
        return code;
    /* Behind a random level in front, a lap of x and part of the group
     * reaches this level only where that level happened to lose them, so
     * the unled count may find no lap that misses, or keep the lines the
     * level in front needed: a flushed count starts again from the pruned
     * group (congruent cut it). */
    if (!ways && near_random && pn && nf) {
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " no lap of x and the group misses by itself "
                           "(a random level in front keeps part of each lap);");
        ways = (unsigned)cap;
        recount = 1;
    }
    if (!ways) {
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " no lap of x and the group misses by itself: not resolved");
        return 0;
    }
    /* The pool lies in one set of every nearer level whose way divides
     * the unit: a lap of x and j lines never reaches this level while j + 1
     * is no more than that level's ways, so a count up to them may be
     * theirs (and a random one keeps part of a longer lap). */
    for (k = 0; k < nnear; k++) {
        const struct chase_assoc_level *N = &near[k];
        int random = N->ways > 1 && !strncmp(N->replacement, "random", 6);
        if (N->way_bytes && unit % N->way_bytes == 0 && (recount || ways <= N->ways * (random ? 4u : 1u))) {
            if (!recount)
                chase_assoc_append(L->evict_how, sizeof L->evict_how, " %u lines, no more than %s%s keeps of one "
                                   "of its sets (%u ways): this level's ways may be fewer, hidden behind it;",
                                   ways, random ? "about what the random " : "", N->name, N->ways);
            /* nf (above): enough lines of that set to push x and the
             * group out of every such level, a random one too. */
            if (near_random) {
                L->ngroup = (unsigned)cap;
                memcpy(L->group, p->pool, cap * sizeof *L->group);
            }
            if ((code = flushed_ways(L, p, &cc, pool + 1, slots, unit, nf, NULL, &ways)))
                return code;
            if (!ways) {
                chase_assoc_append(L->evict_how, sizeof L->evict_how, " not resolved");
                L->ngroup = 0;
                return 0;
            }
            break;
        }
    }
counted:
    for (k = 0; k < nnear; k++)
        if (!near[k].plain && ways <= near[k].ways) {
            chase_assoc_append(L->evict_how, sizeof L->evict_how, " %u lines, no more than the hashed %s in front "
                               "holds of one of its sets (%u ways): x misses here only once its set there "
                               "overflows too, so the count may be %s's: not resolved", ways, near[k].name,
                               near[k].ways, near[k].name);
            L->ngroup = 0;
            return 0;
        }
    if (hn && !L->led && ways > 1) {
        int yes;
        uint32_t m = 0;
        for (; pn && m < nf && pool + 1 + m < slots; m++)
            p->tmp[m] = chase_chain_block(&cc, pool + 1 + m) * unit;
        if ((code = nests(L, p, p->tmp, m, hn, ways, &yes)))
            return code;
        if (!yes) {
            L->ngroup = 0;
            return 0;
        }
    }
    if (hn) {
        const struct chase_assoc_level *N = hn;
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " %u lines, more than the hashed %s in front holds "
                           "of one of its sets (%u ways), which passes such a lap whole (", ways, N->name, N->ways);
        if (strcmp(N->policy, "undetermined"))
            chase_assoc_append(L->evict_how, sizeof L->evict_how, "its policy %s);", N->policy);
        else
            chase_assoc_append(L->evict_how, sizeof L->evict_how, "its policy not tested, but the first lap of "
                               "its count to miss missed %.0f%% of its lines);", 100 * N->count_share);
    }
    /* The strides' capacity check is of a shape these ways replace (an
     * H100 L1 at carveout 100: "169 x 1 x 128 B" beside 40 ways). */
    snprintf(L->check, sizeof L->check, "not resolved");
    L->sets = L->way_bytes = L->capacity = 0;
    L->in_interval = 0;
    L->ways = ways;
    L->ngroup = ways;
    L->evicted = 1;
    snprintf(L->ways_how, sizeof L->ways_how, "an eviction set of %u lines (evict_how says how it was found)", ways);
    snprintf(L->indexing, sizeof L->indexing, "hashed (no stride aliasing; %u lines of one set found among random "
             "lines)", ways);
    /* Sets: the capacity over line x ways, the driver's capacity where it
     * names this level, else a power of two the sweep's interval holds. */
    if (driver_bytes && driver_bytes % (L->line * ways) == 0) {
        L->sets = driver_bytes / (L->line * ways);
        snprintf(L->sets_how, sizeof L->sets_how, "the driver's capacity (%s) / (line %s x %u ways)",
                 chase_size_format(driver_bytes, a, sizeof a), chase_size_format(L->line, b, sizeof b), ways);
    } else {
        uint64_t s, found = 0, count = 0, set_bytes = L->line * ways;
        uint64_t least = (L->lo + set_bytes - 1) / set_bytes, most = hi / set_bytes;
        for (s = 1; s && s <= hi / set_bytes; s *= 2)
            if (s * set_bytes >= L->lo && s * set_bytes <= hi) {
                found = s;
                count++;
            }
        if (count == 1) {
            L->sets = found;
            snprintf(L->sets_how, sizeof L->sets_how, "the one power of two with line x ways x sets inside the "
                     "sweep's %s .. %s (no driver's figure for this level)", chase_size_format(L->lo, a, sizeof a),
                     chase_size_format(hi, b, sizeof b));
        } else if (!count && least && least <= most) {
            /* A hash needs no power of two of sets (a GPU L2's slices), but
             * such a count is the sweep's interval's, and a hashed level's
             * edge is read early on its ramp: said, not taken. */
            snprintf(L->sets_how, sizeof L->sets_how, "not resolved: %llu .. %llu sets put line x ways x sets "
                     "inside the sweep's %s .. %s, no power of two among them (a hashed index needs none), and no "
                     "driver's figure for this level", (unsigned long long)least, (unsigned long long)most,
                     chase_size_format(L->lo, a, sizeof a), chase_size_format(hi, b, sizeof b));
        } else
            snprintf(L->sets_how, sizeof L->sets_how, "not resolved: no driver's capacity for this level, and "
                     "%llu powers of two fit the sweep's interval", (unsigned long long)count);
    }
    if (L->sets) {
        char f[32], e[32];
        L->capacity = L->sets * L->line * ways;
        L->in_interval = L->capacity >= L->lo && L->capacity <= hi;
        snprintf(L->check, sizeof L->check, "%u x %llu x %s = %s, %s the sweep's %s .. %s", ways,
                 (unsigned long long)L->sets, chase_size_format(L->line, a, sizeof a),
                 chase_size_format(L->capacity, b, sizeof b), L->in_interval ? "inside" : "outside",
                 chase_size_format(L->lo, f, sizeof f), chase_size_format(hi, e, sizeof e));
        /* No aliasing is no sign of a hash where the strides stopped short
         * of the way (a simulated plain L3 of one way, 8 MiB, its strides
         * to 4 MiB, read "hashed"). */
        for (j = 0; j < L->nst; j++)
            top = L->st[j].stride > top ? L->st[j].stride : top;
        if (top && L->sets * L->line > top) {
            snprintf(L->indexing, sizeof L->indexing, "not told: the strides stopped at %s, short of the way "
                     "(%s: line x sets), so their showing no aliasing says nothing of the index",
                     chase_size_format(top, a, sizeof a), chase_size_format(L->sets * L->line, b, sizeof b));
            L->evicted = 0;     /* index: undetermined */
        }
    }
    return 0;
}

/* A budget run out (-1 above) is a figure not resolved, not a failure. */
int chase_assoc_evict(struct chase_assoc_level *L, const struct chase_assoc_level *near, size_t nnear,
                      uint64_t region, uint64_t seed, uint64_t driver_bytes, struct chase_assoc_prober *p)
{
    int code = evict_body(L, near, nnear, region, seed, driver_bytes, p);

    if (code != -1)
        return code;
    chase_assoc_append(L->evict_how, sizeof L->evict_how, "; the budget of %llu loads or %g s ran out (%llu "
        "lists, %llu loads): not resolved", (unsigned long long)p->budget, p->seconds,
        (unsigned long long)p->lists, (unsigned long long)p->loads);
    L->ngroup = 0;
    return 0;
}
