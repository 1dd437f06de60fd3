/* test_assoc.c: chase assoc's analysis on synthetic chains: the knee, the
 * ways and sets of plain set-indexed caches (LRU and random), a hashed one,
 * and the replacement class. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "assoc/assoc.h"
#include "assoc/assoc_run.h"
#include "tap.h"

/* A level of `ways` ways and `sets` sets of `line` bytes, hit h, next m:
 * the chains a plain (or hashed) index gives, every stride from the line to
 * twice the capacity measured up to cap lines.  A chain of N lines spread
 * over the sets it uses misses where a set holds more than ways of them:
 * all of that set's accesses (lru), or 2 / (k + 1) of a cycle of k + 1 in
 * k ways (random, the steady state of one extra line). */
/* The accesses a set of `ways` ways misses of a cycle of k lines: under
 * random replacement 2 of ways + 1, then by degrees (the policies' own
 * model, up to twice the ways; all past them). */
static double missed(uint64_t k, unsigned ways, int random)
{
    static double memo[2 * CHASE_ASSOC_MAX_LINES + 4];
    static unsigned memo_ways;
    unsigned seq[2 * CHASE_ASSOC_MAX_LINES + 4], i;

    if (k <= ways)
        return 0;
    if (!random || k > 2 * (uint64_t)ways + 2)
        return (double)k;
    if (k == ways + 1)
        return 2.0 * k / (ways + 1);
    if (memo_ways != ways) {
        memset(memo, 0, sizeof memo);
        memo_ways = ways;
    }
    if (!memo[k]) {
        for (i = 0; i < k; i++)
            seq[i] = i;
        memo[k] = chase_assoc_predict(seq, (unsigned)k, ways, 2);
    }
    return memo[k];
}

static void level(struct chase_assoc_level *L, unsigned ways, uint64_t sets, uint64_t line, int random, int hashed,
                  unsigned cap)
{
    uint64_t s, way = sets * line;
    unsigned n;

    memset(L, 0, sizeof *L);
    snprintf(L->name, sizeof L->name, "L1");
    L->lo = ways * way;
    L->hi = L->lo + L->lo / 64;
    L->h = 4;
    L->m = 14;
    L->line = line;
    for (s = line; s <= 2 * L->lo && L->nst < CHASE_ASSOC_MAX_STRIDES; s *= 2) {
        struct chase_assoc_curve *C = &L->st[L->nst++];
        uint64_t used = hashed ? sets : s >= way ? 1 : way / s;
        C->stride = s;
        C->cap = C->n = cap;
        for (n = 1; n <= cap; n++) {
            /* n lines over `used` sets, as evenly as modulo spreads them. */
            uint64_t q = n / used, extra = n % used;
            double share = (extra * missed(q + 1, ways, random) + (used - extra) * missed(q, ways, random)) / n;
            C->cycles[n - 1] = L->h + share * (L->m - L->h);
        }
    }
}
/* A set of `ways` LRU ways holding every line the lists give (the lines
 * an eviction set found, in one set): a list's cycles a timed access, h on
 * a hit and m on a miss, as the backend's list hook returns them. */
struct one_set {
    unsigned ways;
    double h, m;
    double fewer;       /* misses a lap fewer than LRU's (an approximation of it, as an H100's L2 reads) */
    double slow;        /* cycles a hit costs over h (lines slower than the sweep's average) */
    unsigned walk;      /* laps walked a lap asked, where more than one (a backend whose counter steps) */
};

static int one_set_run(void *ctx, const uint64_t *off, uint32_t n, uint32_t timed, unsigned warm, unsigned laps,
                       unsigned samples, unsigned spread, double *cycles, unsigned *got,
                       uint64_t *walked)
{
    const struct one_set *c = ctx;
    uint64_t tag[64];
    unsigned used = 0, lap, k, s, i;

    (void)spread;   /* one set: the order of a lap is the list's, as a backend may walk it */

    for (s = 0; s < samples; s++) {
        double sum = -c->fewer * (c->m - c->h) * laps;
        unsigned count = 0;
        for (lap = 0; lap < (s ? laps : warm + laps); lap++)
            for (k = 0; k < n; k++) {
                uint64_t line = off[k] / 64;
                int hit = 0;
                for (i = 0; i < used; i++)
                    if (tag[i] == line) {
                        hit = 1;
                        break;
                    }
                if (hit)    /* to the front: most recently used first */
                    memmove(tag + 1, tag, i * sizeof *tag);
                else {
                    if (used < c->ways)
                        used++;
                    memmove(tag + 1, tag, (used - 1) * sizeof *tag);
                }
                tag[0] = line;
                if ((s || lap >= warm) && k >= n - timed) {
                    sum += hit ? c->h + c->slow : c->m;
                    count++;
                }
            }
        cycles[s] = sum / count;
    }
    *got = samples;
    /* Walking more laps changes no mean here (every lap alike), only the
     * loads the backend says it walked. */
    *walked = c->walk > 1 ? (uint64_t)laps * samples * c->walk : 0;
    return 0;
}

/* A prober whose list chains run through run(ctx, ...), in arrays of
 * lines lines (buf: twice and two more), its budget past any test's. */
static void prober(struct chase_assoc_prober *p,
                   int (*run)(void *, const uint64_t *, uint32_t, uint32_t, unsigned, unsigned, unsigned, unsigned,
                              double *, unsigned *, uint64_t *),
                   void *ctx, uint64_t *pool, uint64_t *tmp, uint64_t *buf, uint64_t lines)
{
    memset(p, 0, sizeof *p);
    p->run = run;
    p->ctx = ctx;
    p->pool = pool;
    p->tmp = tmp;
    p->buf = buf;
    p->lines = lines;
    p->budget = (uint64_t)1 << 40;
}

/* The policy sequences over x and `found` lines of its set, in a set of
 * `truth` LRU ways, behind the nearer levels given. */
static double policy_fewer;    /* one_set's fewer for policy_of */

static void policy_of(struct chase_assoc_level *L, unsigned found, unsigned truth,
                      const struct chase_assoc_level *near, size_t nnear)
{
    static uint64_t pool[64], tmp[64], buf[2 * 64 + 2];
    struct one_set c = {truth, 4, 14, policy_fewer, 0, 0};
    struct chase_assoc_prober p;
    unsigned i;

    memset(L, 0, sizeof *L);
    snprintf(L->name, sizeof L->name, "L1");
    L->h = c.h;
    L->m = c.m;
    L->line = 64;
    L->ways = found;
    L->evicted = 1;
    L->probe_x = 0;
    for (i = 0; i < found; i++)
        L->group[i] = (uint64_t)(i + 1) * 4096;
    L->ngroup = found;
    prober(&p, one_set_run, &c, pool, tmp, buf, 64);
    chase_assoc_policy(L, near, nnear, &p);
}

/* An eviction set for a hashed level "L2" of `sets` sets, its sweep's
 * interval sets x 16 lines .. a 64th more, built in c (one set of its
 * LRU ways stands for x's); the exit status of the build. */
static int evict_in(struct one_set *c, uint64_t sets, struct chase_assoc_level *L)
{
    static uint64_t pool[8192], tmp[8192], buf[2 * 8192 + 2];
    struct chase_assoc_prober p;

    memset(L, 0, sizeof *L);
    snprintf(L->name, sizeof L->name, "L2");
    L->line = 64;
    L->lo = sets * 16 * 64;
    L->hi = L->lo + L->lo / 64;
    L->h = c->h;
    L->m = c->m;
    prober(&p, one_set_run, c, pool, tmp, buf, 8192);
    return chase_assoc_evict(L, NULL, 0, (uint64_t)64 << 20, 7, 0, &p);
}

/* An eviction set in a hashed level of 96 sets x 16 ways, no driver's
 * capacity, the sweep's interval 96 KiB .. 97.5 KiB: 16 ways, and the
 * counts of sets the interval holds said, none taken (no power of two
 * among them). */
static void evict_range(void)
{
    struct one_set c = {16, 4, 14, 0, 0, 0};
    struct chase_assoc_level L;
    int code = evict_in(&c, 96, &L);

    tap_ok(!code && L.ways == 16, "hashed, 96 sets x 16 ways: an eviction set of 16 (exit %d, %u: %s)", code, L.ways,
           L.evict_how);
    tap_ok(!L.sets && strstr(L.sets_how, "96 .. 97 sets") && !strcmp(L.check, "not resolved"),
           "... its sets said as the interval's 96 .. 97, none taken (%s; %s)", L.sets_how, L.check);
}

/* The same set whose lines all hit 1.6 cycles over the level's latency,
 * 0.16 of the step to a miss (an H100's L2 near on one board: 0.1 a
 * load): a lap of x and 9 lines costs 1.6 misses a lap counted from the
 * level's latency, which read as 9 ways of 16; counted from the least a
 * load cost in the shorter laps, 16. */
static void evict_slow(void)
{
    struct one_set c = {16, 4, 14, 0, 1.6, 0};
    struct chase_assoc_level L;
    int code = evict_in(&c, 128, &L);

    tap_ok(!code && L.ways == 16, "lines 1.6 cycles slower than the level: an eviction set of 16 ways (exit %d, "
           "%u: %s)", code, L.ways, L.evict_how);
    tap_ok(strstr(L.evict_how, "misses counted from 5.6 cycles a load") != NULL,
           "... its misses counted from what its lines cost, said (%s)", L.evict_how);
}

/* The loads an eviction set's account gives ("N lists, M loads"). */
static unsigned long long evict_loads(const struct chase_assoc_level *L)
{
    const char *at = strstr(L->evict_how, " lists, ");
    return at ? strtoull(at + 8, NULL, 10) : 0;
}

/* A backend that walks 128 laps where one is asked (the cpu backend's
 * short tails where its counter steps 52 ticks): the same set is found,
 * and the loads counted are those walked, so the budget bounds what ran
 * (it counted the laps asked, 1/128 of them, before). */
static void evict_walked(void)
{
    struct one_set c = {8, 4, 14, 0, 0, 1};
    struct chase_assoc_level L;
    unsigned long long asked, walked;
    int code = evict_in(&c, 64, &L);

    asked = evict_loads(&L);
    c.walk = 128;
    code |= evict_in(&c, 64, &L);
    walked = evict_loads(&L);
    tap_ok(!code && L.ways == 8 && asked && walked > 50 * asked,
           "a backend walking 128 laps a lap asked: 8 ways, %llu loads counted against %llu (exit %d: %s)", walked,
           asked, code, L.evict_how);
}

/* A backend whose every lap costs *ctx cycles a load. */
static int fixed_run(void *ctx, const uint64_t *off, uint32_t n, uint32_t timed, unsigned warm, unsigned laps,
                     unsigned samples, unsigned spread, double *cycles, unsigned *got, uint64_t *walked)
{
    unsigned s;

    (void)off, (void)n, (void)timed, (void)warm, (void)laps, (void)spread;
    for (s = 0; s < samples; s++)
        cycles[s] = *(const double *)ctx;
    *got = samples;
    *walked = 0;
    return 0;
}

/* The far part of an L2 behind its near part (an H100's: 282, 526 and
 * 690 cycles): no eviction set of its own, but the near part's set of 17
 * lines cycled says how many a lap it lost too: none at 517 cycles a load
 * (as an H100 read), 4.2 at 566.5 (an H200), all at 690; and nothing
 * where the near part's policy need not miss every line of the lap, or
 * its ways did not stand. */
static void far_part(void)
{
    static uint64_t pool[64], tmp[64], buf[130];
    static const double cost[] = {517, 566.5, 690};
    static const char *const said[] = {"0.0 of the 17 lines a lap missed here too: this part held them",
                                       "4.2 of the 17 lines a lap missed here too: this part held some",
                                       "17.0 of the 17 lines a lap missed here too: they do not fit here"};
    struct chase_assoc_level N, L;
    struct chase_assoc_prober p;
    double c;
    unsigned i, k;
    int code;

    memset(&N, 0, sizeof N);
    snprintf(N.name, sizeof N.name, "L2 near");
    N.h = 282;
    N.m = 526;
    N.line = 128;
    N.ways = N.ngroup = 16;
    N.evicted = 1;
    for (i = 0; i < 16; i++)
        N.group[i] = (uint64_t)(i + 1) << 20;
    for (k = 0; k < 5; k++) {
        snprintf(N.policy, sizeof N.policy, "%s", k < 3 ? "lru-like" : "random");
        if (k == 4)
            N.ways = 0;     /* its ways contradicted (an H200's from SM 0) */
        memset(&L, 0, sizeof L);
        snprintf(L.name, sizeof L.name, "L2 far");
        L.h = 526;
        L.m = 690;
        L.line = 128;
        L.lo = L.hi = 50u << 20;
        c = cost[k < 3 ? k : 0];
        prober(&p, fixed_run, &c, pool, tmp, buf, 64);
        code = chase_assoc_evict(&L, &N, 1, (uint64_t)1 << 30, 1, 0, &p);
        if (k < 3)
            tap_ok(!code && !L.ways && strstr(L.evict_how, said[k]) && strstr(L.ways_how, "cycled"),
                   "the far part behind its near part's set, %.1f cycles a load: \"%s\" (%s)", c, said[k],
                   L.evict_how);
        else if (k == 3)
            tap_ok(!code && !L.ways && strstr(L.evict_how, "not cycled") && !strstr(L.ways_how, "cycled"),
                   "... not read behind a random near part (%s)", L.evict_how);
        else
            tap_ok(!code && !L.ways && strstr(L.evict_how, "not cycled here: L2 near has no eviction set whose") &&
                   !strstr(L.ways_how, "cycled"), "... nor behind a near part whose ways did not stand (%s)",
                   L.evict_how);
    }
}

/* Two levels and a TLB, all LRU: a plain L1 of 64 sets x 8 ways, a
 * hashed L2 of 256 sets x 8 ways, a TLB of 64 sets x 16 ways of 4 KiB
 * pages; a load costs 4, 14 or 50 cycles where it hits L1, L2 or neither,
 * and 60 more where it misses the TLB.  The dense eviction set's case:
 * a pool one line a page would span more pages than the TLB holds. */
struct two_tlb {
    uint64_t l1[64][8], l2[256][8], tlb[64][16];
    unsigned n1[64], n2[256], nt[64];
    int inclusive;      /* an L1 hit refreshes the line in the L2 too */
    int colored;        /* the L2's set: the line's 64 in its page, and 2 bits of its page's frame */
};

static int lru_touch(uint64_t *set, unsigned *used, unsigned ways, uint64_t tag)
{
    unsigned i;
    for (i = 0; i < *used; i++)
        if (set[i] == tag) {
            memmove(set + 1, set, i * sizeof *set);
            set[0] = tag;
            return 1;
        }
    if (*used < ways)
        (*used)++;
    memmove(set + 1, set, (*used - 1) * sizeof *set);
    set[0] = tag;
    return 0;
}

static unsigned l2_set(uint64_t line)
{
    uint64_t h = (line + 1) * 0x9e3779b97f4a7c15ULL;
    return (unsigned)((h ^ (h >> 29)) >> 56);
}

/* The L2's set of a line: hashed, or (colored) the page's 64 lines in
 * order, in one of 4 colours its frame falls on (a guest's page on a
 * host's frame: a physically indexed L2 whose way spans 4 pages). */
static unsigned l2_index(const struct two_tlb *c, uint64_t line)
{
    uint64_t h = (line / 64 + 1) * 0x9e3779b97f4a7c15ULL;
    return c->colored ? (unsigned)(line % 64 + 64 * (h >> 62)) : l2_set(line);
}

static int two_tlb_run(void *ctx, const uint64_t *off, uint32_t n, uint32_t timed, unsigned warm, unsigned laps,
                       unsigned samples, unsigned spread, double *cycles, unsigned *got,
                       uint64_t *walked)
{
    struct two_tlb *c = ctx;
    unsigned s, lap;
    uint32_t k;

    (void)spread;
    for (s = 0; s < samples; s++) {
        double sum = 0;
        unsigned count = 0;
        for (lap = 0; lap < (s ? laps : warm + laps); lap++)
            for (k = 0; k < n; k++) {
                uint64_t line = off[k] / 64, page = off[k] / 4096;
                unsigned set2 = l2_index(c, line);
                double cost = lru_touch(c->l1[line % 64], &c->n1[line % 64], 8, line) ? 4
                              : lru_touch(c->l2[set2], &c->n2[set2], 8, line) ? 14 : 50;
                if (!lru_touch(c->tlb[page % 64], &c->nt[page % 64], 16, page))
                    cost += 60;
                if (cost < 50 && c->inclusive)
                    (void)lru_touch(c->l2[set2], &c->n2[set2], 8, line);
                if ((s || lap >= warm) && k >= n - timed) {
                    sum += cost;
                    count++;
                }
            }
        cycles[s] = sum / count;
    }
    *got = samples;
    *walked = 0;
    return 0;
}

/* The hashed L2 behind the plain L1, with the TLB: the pool one line a
 * page spans 6208 pages against the TLB's 1024, so the spread pool is
 * built (lines 256 B apart on 388 pages, 16 classes), each test led by 9
 * lines of every class: 8 ways, 256 sets (the driver's 128 KiB), its
 * policy not tested (a lap of the group alone would stay in L1).  Whether
 * an L1 hit refreshes the line in the L2 or not: where it does not, a
 * small group kept in any L1 set but x's stays in the L1 and never
 * reaches the L2 again, and only leads that flush every set it uses let
 * it evict x there. */
static void evict_spread_tlb(int inclusive, int colored)
{
    static struct two_tlb c;
    static uint64_t pool[8192], tmp[8192], buf[2 * 8192 + 2];
    struct chase_assoc_level near, L;
    struct chase_assoc_prober p;
    int code;

    memset(&c, 0, sizeof c);
    c.inclusive = inclusive;
    c.colored = colored;
    memset(&near, 0, sizeof near);
    snprintf(near.name, sizeof near.name, "L1");
    near.ways = 8;
    near.sets = 64;
    near.line = 64;
    near.way_bytes = 4096;
    near.plain = 1;
    snprintf(near.policy, sizeof near.policy, "lru");
    snprintf(near.replacement, sizeof near.replacement, "LRU or FIFO");
    memset(&L, 0, sizeof L);
    snprintf(L.name, sizeof L.name, "L2");
    L.line = 64;
    L.lo = 256 * 8 * 64 - 4096;
    L.hi = 256 * 8 * 64;
    L.h = 14;
    L.m = 50;
    prober(&p, two_tlb_run, &c, pool, tmp, buf, 8192);
    p.tlb_pages = 1024;
    code = chase_assoc_evict(&L, &near, 1, (uint64_t)64 << 20, 7, 256 * 8 * 64, &p);
    if (colored) {
        /* One line in 4 of the pool on half the TLB's pages is in x's set. */
        tap_ok(!code && L.ways == 8 && L.sets == 256 && strstr(L.evict_how, "(half the last data TLB's 1024 pages)") &&
                   !strstr(L.evict_how, "classes"),
               "an L2 whose sets take the page's lines and 2 bits of its frame, behind a plain L1, past the TLB: "
               "the one-set pool on half the TLB's pages, 8 ways x %llu sets (exit %d, %u: %s)",
               (unsigned long long)L.sets, code, L.ways, L.evict_how);
        return;
    }
    tap_ok(!code && L.ways == 8 && L.sets == 256 && L.led && strstr(L.evict_how, "16 classes"),
           "a hashed L2 behind a plain L1 (%s), its one-set pool past the TLB: a spread pool, 8 ways x %llu "
           "sets (exit %d, %u: %s)", inclusive ? "inclusive" : "not inclusive", (unsigned long long)L.sets, code,
           L.ways, L.evict_how);
    code = chase_assoc_policy(&L, &near, 1, &p);
    tap_ok(!code && !strcmp(L.policy, "undetermined") && strstr(L.policy_how, "led by lines of x's set"),
           "... its policy not tested, said (%s)", L.policy_how);
}

int main(void)
{
    struct chase_assoc_level L;
    double y[8] = {4, 4, 4, 4, 4.2, 9, 14, 14};
    unsigned w;

    tap_ok(chase_assoc_knee(y, 8, 4.5) == 5, "knee: the most lines before the first above the threshold");
    tap_ok(chase_assoc_knee(y, 4, 4.5) == 0, "knee: none among the lines measured");
    y[0] = 20;
    tap_ok(chase_assoc_knee(y, 8, 4.5) == 0, "knee: a first point already missing is no knee");

    for (w = 4; w <= 16; w *= 2) {
        level(&L, w, 64, 64, 0, 0, 256);
        chase_assoc_analyze(&L);
        tap_ok(L.ways == w && L.sets == 64 && L.way_bytes == 64 * 64 && L.plain && L.in_interval,
               "lru %u ways x 64 sets: ways %u sets %llu way %llu plain %d inside %d", w, L.ways,
               (unsigned long long)L.sets, (unsigned long long)L.way_bytes, L.plain, L.in_interval);
        tap_ok(!strncmp(L.replacement, "LRU or FIFO", 11), "lru %u ways: %s", w, L.replacement);
    }
    level(&L, 8, 1024, 64, 0, 0, 256);
    chase_assoc_analyze(&L);
    tap_ok(L.ways == 8 && L.sets == 1024 && L.capacity == 512 * 1024, "lru 8 ways x 1024 sets: %u, %llu, %llu",
           L.ways, (unsigned long long)L.sets, (unsigned long long)L.capacity);
    level(&L, 4, 128, 128, 0, 0, 256);
    chase_assoc_analyze(&L);
    tap_ok(L.ways == 4 && L.sets == 128 && L.line == 128, "128 B lines: %u ways, %llu sets", L.ways,
           (unsigned long long)L.sets);

    for (w = 2; w <= 16; w *= 2) {
        level(&L, w, 64, 64, 1, 0, 256);
        chase_assoc_analyze(&L);
        tap_ok(L.ways == w && L.sets == 64 && !strncmp(L.replacement, "random", 6) &&
               fabs(L.miss_share - 2.0 / (w + 1)) < 1e-9,
               "random %u ways: ways %u sets %llu, %s (miss share %.3f)", w, L.ways, (unsigned long long)L.sets,
               L.replacement, L.miss_share);
    }

    level(&L, 1, 64, 64, 0, 0, 256);
    chase_assoc_analyze(&L);
    tap_ok(L.ways == 1 && L.sets == 64 && !strncmp(L.replacement, "direct-mapped", 13), "direct-mapped: %u, %s",
           L.ways, L.replacement);

    level(&L, 32, 1024, 64, 0, 1, 64);
    chase_assoc_analyze(&L);
    tap_ok(!L.ways && !L.sets && strstr(L.indexing, "hashed indexing"), "hashed: no ways (%s)", L.indexing);

    /* A larger stride of fewer lines (past the budget's) without a knee:
     * 64 ways, the top stride's chains 64 lines long, so its 65th line
     * that would miss was never read: still 64 ways, plain.  With its
     * full cap of lines and no knee it says "not plain". */
    level(&L, 64, 64, 64, 0, 0, 256);
    L.st[L.nst - 1].cap = L.st[L.nst - 1].n = 64;
    chase_assoc_analyze(&L);
    tap_ok(L.ways == 64 && L.sets == 64 && L.plain, "a top stride of 64 lines, no knee: 64 ways plain (%u, %s)",
           L.ways, L.indexing);
    level(&L, 8, 64, 64, 0, 0, 256);
    for (w = 0; w < L.st[L.nst - 1].n; w++)
        L.st[L.nst - 1].cycles[w] = L.h;
    chase_assoc_analyze(&L);
    tap_ok(!L.ways && strstr(L.indexing, "not plain"), "a top stride of its full cap, no knee: %s", L.indexing);
    {
        struct chase_level lv, nx;
        int rc;
        memset(&lv, 0, sizeof lv);
        memset(&nx, 0, sizeof nx);
        snprintf(lv.name, sizeof lv.name, "L3");
        lv.lo = 8u << 20;
        lv.hi = lv.lo + lv.lo / 64;
        lv.cycles = 64;
        nx.cycles = 576;
        rc = assoc_plan_level(&lv, &nx, 64, 1ULL << 30, &L);
        /* 8 MiB: full caps (256) to 4 MiB, then 128 at 8 MiB, 64 at 16 MiB. */
        tap_ok(!rc && L.nst >= 3 && L.st[L.nst - 1].stride == 16u << 20 && L.st[L.nst - 1].cap == 64 &&
               L.st[L.nst - 2].cap == 128 && L.st[L.nst - 3].stride == 4u << 20 && L.st[L.nst - 3].cap == 256,
               "an 8 MiB level under a 1 GiB budget: strides to %llu, caps %u, %u, %u",
               (unsigned long long)L.st[L.nst - 1].stride, L.st[L.nst - 3].cap, L.st[L.nst - 2].cap,
               L.st[L.nst - 1].cap);
    }
    {
        char small[16] = "";
        chase_assoc_append(small, sizeof small, "%s", "0123456789abcdefghij");
        tap_ok(strlen(small) == sizeof small - 1 && !strcmp(small + strlen(small) - 6, " [cut]"),
               "a how text cut short says so: \"%s\"", small);
        small[0] = 0;
        chase_assoc_append(small, sizeof small, "%s", "whole");
        tap_ok(!strcmp(small, "whole"), "one that fits is whole: \"%s\"", small);
    }

    /* A knee seen at the largest stride only cannot say the way. */
    level(&L, 8, 64, 64, 0, 0, 256);
    L.nst = 1;
    while (L.st[L.nst - 1].stride < 8 * 64 * 64 / 8)
        L.nst++;
    chase_assoc_analyze(&L);
    tap_ok(!L.ways && strstr(L.indexing, "largest stride only"), "strides stopping below the way: %s", L.indexing);

    /* 12 ways: the largest stride fitting fewer lines (6) than the two
     * under it (12) is set aside, not read as the way. */
    level(&L, 12, 64, 64, 0, 0, 256);
    {
        unsigned n;
        struct chase_assoc_curve *C = &L.st[L.nst - 1];
        for (n = 1; n <= C->n; n++)
            C->cycles[n - 1] = n > 6 ? 14 : 4;
    }
    chase_assoc_analyze(&L);
    tap_ok(L.ways == 12 && L.sets == 64 && L.plain && strstr(L.ways_how, "set aside"),
           "12 ways, the largest stride's knee at 6: ways %u sets %llu (%s)", L.ways, (unsigned long long)L.sets,
           L.ways_how);

    /* Chains short of the ways missing a little (another agent's lines in
     * the set) before the jump of an LRU cache: the knees at 5% of the
     * step disagree, at half of it they read the 12 ways; a random cache's
     * gradual misses read at half the step would count too many, and are
     * not. */
    {
        static const double noisy[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0.1, 0.2, 0.4, 1};
        static const double rnd[] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0.1, 0.2, 0, 0.15, 0.26, 0.38, 0.47, 0.54,
                                     0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1};
        const double *sh[2] = {noisy, rnd};
        size_t nsh[2] = {sizeof noisy / sizeof *noisy, sizeof rnd / sizeof *rnd};
        int r;
        for (r = 0; r < 2; r++) {
            unsigned n, i;
            level(&L, 12, 64, 64, 0, 0, 256);
            for (i = 0; i < L.nst; i++) {
                uint64_t used = L.st[i].stride >= 4096 ? 1 : 4096 / L.st[i].stride;
                /* The agent beside comes and goes: every other stride from
                 * the way up sees its lines, the knees at 5% disagree. */
                int quiet = L.st[i].stride >= 4096 && (L.nst - i) % 2;
                for (n = 1; n <= L.st[i].n; n++) {
                    /* n lines over `used` sets, evenly: each set's share. */
                    uint64_t q = (n + used - 1) / used;
                    double share = q - 1 < nsh[r] ? sh[r][q - 1] : 1;
                    if (quiet && share < 0.5)
                        share = 0;
                    L.st[i].cycles[n - 1] = L.h + share * (L.m - L.h);
                }
            }
            chase_assoc_analyze(&L);
            if (!r)
                tap_ok(L.ways == 12 && L.sets == 64 && L.plain && strstr(L.ways_how, "read at half the step") &&
                       !strncmp(L.replacement, "LRU", 3),
                       "lru 12 ways, misses short of the ways: ways %u sets %llu plain %d (%s)", L.ways,
                       (unsigned long long)L.sets, L.plain, L.ways_how);
            else
                tap_ok(!strstr(L.ways_how, "read at half the step") && L.ways != 16,
                       "random 12 ways, misses short of them: not read at half the step (ways %u: %s)", L.ways,
                       L.ways_how);
        }
    }

    /* The largest strides fitting fewer lines stride by stride (5 at 64
     * KiB, 11 at 32 KiB) above a pair that agree (12) are set aside. */
    level(&L, 12, 64, 64, 0, 0, 256);
    {
        unsigned n, k[2] = {11, 5};
        size_t i;
        for (i = 0; i < 2; i++)
            for (n = 1; n <= L.st[L.nst - 2 + i].n; n++)
                L.st[L.nst - 2 + i].cycles[n - 1] = n > k[i] ? 14 : 4;
    }
    chase_assoc_analyze(&L);
    tap_ok(L.ways == 12 && L.sets == 64 && L.plain && strstr(L.ways_how, "set aside"),
           "12 ways, the two largest strides' knees at 11 and 5: ways %u sets %llu (%s)", L.ways,
           (unsigned long long)L.sets, L.ways_how);
    /* ... but knees that only grow as the strides shrink (no pair agrees)
     * set nothing aside. */
    level(&L, 12, 64, 64, 0, 0, 256);
    {
        unsigned n;
        size_t i;
        for (i = 0; i < L.nst; i++)
            for (n = 1; n <= L.st[i].n; n++)
                L.st[i].cycles[n - 1] = n > 2 * (L.nst - i) ? 14 : 4;
    }
    chase_assoc_analyze(&L);
    tap_ok(!L.ways && !strstr(L.ways_how, "set aside"), "knees growing at every smaller stride: no ways (%s)",
           L.ways_how);

    /* A knee that does not double below the way is not a plain index. */
    level(&L, 8, 64, 64, 0, 0, 256);
    L.st[5].knee = 0;
    {
        unsigned n;
        for (n = 1; n <= 256; n++)
            L.st[5].cycles[n - 1] = n > 20 ? 14 : 4;
    }
    chase_assoc_analyze(&L);
    tap_ok(L.ways == 8 && !L.plain && strstr(L.indexing, "not plain"), "no doubling below the way: %s", L.indexing);
    /* Random replacement with 48 and 64 ways: the cycle of ways + 1 misses
     * 2 / (ways + 1), under the threshold, so the knee reads one more; the
     * chain of that many lines costs half of it and more: the ways are one
     * fewer, the sets plain (the knees below the way two lines more a set). */
    for (w = 48; w <= 64; w += 16) {
        level(&L, w, 4, 64, 1, 0, 256);
        chase_assoc_analyze(&L);
        tap_ok(L.ways == w && L.sets == 4 && L.plain && !strncmp(L.replacement, "random", 6) &&
               strstr(L.ways_how, "ways, random"), "random %u ways: ways %u sets %llu plain %d, %s (%s)", w, L.ways,
               (unsigned long long)L.sets, L.plain, L.replacement, L.ways_how);
    }
    /* ... and LRU with 48 ways keeps its knee. */
    level(&L, 48, 4, 64, 0, 0, 256);
    chase_assoc_analyze(&L);
    tap_ok(L.ways == 48 && L.sets == 4 && L.plain && !strstr(L.ways_how, "ways, random"), "lru 48 ways: ways %u",
           L.ways);

    /* Behind a nearer level: a level whose knee is no more than the nearer
     * level's at its way may be hiding fewer ways behind it (8 ways of 128
     * sets behind 12 ways of 64 read 12 ways of 1024 sets, inside the
     * capacity): not resolved, and flushed chains are wanted from twice the
     * nearer way.  More ways than the nearer level's stand. */
    {
        struct chase_assoc_level N, F;
        uint64_t unit;
        unsigned fill;
        level(&N, 12, 64, 64, 0, 0, 256);
        chase_assoc_analyze(&N);
        level(&F, 12, 1024, 64, 0, 0, 256);
        snprintf(F.name, sizeof F.name, "L2");
        chase_assoc_analyze(&F);
        tap_ok(chase_assoc_flush_wanted(&F, &N, 1, &unit, &fill) && unit == 64 * 64 && fill == 257,
               "hidden: flushed chains wanted from twice %llu B, %u lines a lap", (unsigned long long)unit, fill);
        chase_assoc_behind(&F, &N, 1);
        tap_ok(!F.ways && !F.sets && strstr(F.ways_how, "not resolved") && strstr(F.ways_how, "hide behind L1"),
               "hidden: 12 ways behind 12: not resolved (%s)", F.ways_how);
        level(&F, 16, 1024, 64, 0, 0, 256);
        chase_assoc_analyze(&F);
        tap_ok(!chase_assoc_flush_wanted(&F, &N, 1, &unit, &fill), "16 ways behind 12 (LRU): no flushed chains");
        chase_assoc_behind(&F, &N, 1);
        tap_ok(F.ways == 16 && F.sets == 1024, "16 ways behind 12: stand (%u, %llu)", F.ways,
               (unsigned long long)F.sets);
        /* Read from flushed strides, the same knee stands. */
        level(&F, 8, 1024, 64, 0, 0, 256);
        for (w = 0; w < F.nst; w++)
            F.st[w].flushed = F.st[w].stride >= 2 * 64 * 64;
        chase_assoc_analyze(&F);
        chase_assoc_behind(&F, &N, 1);
        tap_ok(F.ways == 8 && F.sets == 1024, "8 ways behind 12, from flushed strides: stand (%u, %llu)", F.ways,
               (unsigned long long)F.sets);
        /* A random nearer level: flushed chains wanted whatever the knee,
         * and a knee within 4 times its ways not trusted without them. */
        level(&N, 8, 64, 64, 1, 0, 256);
        chase_assoc_analyze(&N);
        level(&F, 24, 1024, 64, 0, 0, 256);
        chase_assoc_analyze(&F);
        tap_ok(chase_assoc_flush_wanted(&F, &N, 1, &unit, &fill) && fill == 257, "behind random: flushed wanted");
        chase_assoc_behind(&F, &N, 1);
        tap_ok(!F.ways, "24 ways behind 8 random ones, not flushed: not resolved");
    }

    /* The rule that lets the knees be read at half the step (assoc.h):
     * under random replacement (the policies' own model, steady state)
     * no line past the first extra one adds half the step of misses (the
     * first adds 2 / (ways + 1): half at 3 ways, where the knee is the
     * same at 5% and at half, so nothing is replaced), and the first
     * cycle past half the step misses 0.5 to 0.62 of it, 3 to 32 ways. */
    for (w = 3; w <= 32; w = w < 4 ? 4 : w * 2) {
        unsigned seq[2 * 64 + 2], k, i, worst_k = 0;
        double prev = 0, cur, past = 0, jump = 0;
        for (k = w + 1; k <= 2 * w + 2; k++) {
            for (i = 0; i < k; i++)
                seq[i] = i;
            cur = chase_assoc_predict(seq, k, w, 2) / k;
            if (k > w + 1 && cur - prev > jump) {
                jump = cur - prev;
                worst_k = k;
            }
            if (!past && cur >= 0.5)
                past = cur;
            prev = cur;
        }
        cur = past;
        tap_ok(jump < CHASE_ASSOC_SHARP_JUMP && cur >= 0.5 && cur < 0.64,
               "random %u ways: the largest jump a line past ways + 1 %.2f (at %u lines), the first cycle past half "
               "%.2f", w, jump,
               worst_k, cur);
    }

    /* The policies' predicted misses a lap, which the sequences are read
     * against: a cycle of ways + 1 lines misses all under LRU and FIFO and
     * about 2 under random replacement; hot lines visited twice a lap are
     * kept by LRU (2 misses) and not by FIFO (ways + 1). */
    for (w = 2; w <= 64; w *= 2) {
        unsigned seq[2 * 64 + 2], n = 0, i;
        double lru, fifo, rnd;
        for (i = 0; i <= w; i++)
            seq[n++] = i;
        lru = chase_assoc_predict(seq, n, w, 0);
        fifo = chase_assoc_predict(seq, n, w, 1);
        rnd = chase_assoc_predict(seq, n, w, 2);
        tap_ok(lru == w + 1 && fifo == w + 1 && rnd > 1.5 && rnd < 2.6, "cycle of %u + 1: lru %.2f fifo %.2f random %.2f",
               w, lru, fifo, rnd);
        n = 0;
        seq[n++] = 0;
        for (i = 1; i < w; i++)
            seq[n++] = i;
        seq[n++] = w;
        for (i = 1; i < w; i++)
            seq[n++] = i;
        lru = chase_assoc_predict(seq, n, w, 0);
        fifo = chase_assoc_predict(seq, n, w, 1);
        rnd = chase_assoc_predict(seq, n, w, 2);
        tap_ok(lru == 2 && fifo == w + 1 && rnd > 2 && rnd < w + 1, "hot lines, %u ways: lru %.2f fifo %.2f random %.2f",
               w, lru, fifo, rnd);
        /* Half the lines visited again: LRU keeps that half and cycles the
         * rest (w/2 + 1 misses), the tree points at the other half and
         * loses 2 (at two ways it is LRU). */
        n = 0;
        for (i = 0; i <= w; i++)
            seq[n++] = i;
        for (i = 1; i <= w / 2; i++)
            seq[n++] = i;
        lru = chase_assoc_predict(seq, n, w, 0);
        fifo = chase_assoc_predict(seq, n, w, 1);
        rnd = chase_assoc_predict(seq, n, w, 3);
        tap_ok(lru == w / 2 + 1 && fifo == w + 1 && rnd == 2, "half the lines again, %u ways: lru %.2f fifo %.2f "
               "plru %.2f", w, lru, fifo, rnd);
    }
    {
        unsigned seq[8] = {0, 1, 2, 3};
        tap_ok(isnan(chase_assoc_predict(seq, 4, 3, 3)) && isnan(chase_assoc_predict(seq, 4, 12, 3)),
               "no tree pseudo-LRU of 3 or 12 ways");
    }
    /* An eviction set one line short of the ways (as one H100 L1 of four
     * read beside three other reports): its sequences of ways + 1 lines
     * fit in the set, missing none, which no set of that many ways can. */
    policy_of(&L, 3, 4, NULL, 0);
    tap_ok(L.ways_contradicted && !strcmp(L.policy, "undetermined") && strstr(L.policy_how, "holds more lines"),
           "3 lines found in a set of 4 ways: contradicted, policy %s (%s)", L.policy, L.policy_how);
    policy_of(&L, 4, 4, NULL, 0);
    tap_ok(!L.ways_contradicted && !strcmp(L.policy, "lru"), "4 lines found in a set of 4 ways: policy %s (%s)",
           L.policy, L.policy_how);
    policy_of(&L, 8, 4, NULL, 0);
    tap_ok(!L.ways_contradicted, "8 lines found in a set of 4 ways (too many): not what this check tells (%s)",
           L.policy_how);
    /* A set that misses a little less than LRU in every sequence (an H100's
     * L2 near: 16.2-16.8 of 17, 1.5-2.4 of 2, 8.0-8.8 of 9): lru-like, where
     * every other policy lies 3 misses or more from LRU in some sequence;
     * within the tolerance, lru; two ways (FIFO one miss from LRU in every
     * sequence), or too far from LRU: undetermined. */
    policy_fewer = 0.7;
    policy_of(&L, 16, 16, NULL, 0);
    tap_ok(!strcmp(L.policy, "lru-like") && strstr(L.policy_how, "an approximation of LRU"),
           "16 ways, 0.7 misses a lap fewer than LRU: %s (%s)", L.policy, L.policy_how);
    policy_fewer = 0.25;
    policy_of(&L, 16, 16, NULL, 0);
    tap_ok(!strcmp(L.policy, "lru"), "16 ways, 0.25 fewer: %s", L.policy);
    policy_fewer = 1.6;
    policy_of(&L, 16, 16, NULL, 0);
    tap_ok(!strcmp(L.policy, "undetermined"), "16 ways, 1.6 fewer: %s", L.policy);
    policy_fewer = 0.7;
    policy_of(&L, 2, 2, NULL, 0);
    tap_ok(!strcmp(L.policy, "undetermined"), "2 ways, 0.7 fewer: %s (%s)", L.policy, L.policy_how);
    policy_fewer = 0;
    /* Behind a plain LRU level of as many ways, which keeps the hot lines'
     * second visits (a simulated L2 of 12 ways behind an L1 of 12 read
     * -8 misses a lap): a lap that cheap is the nearer level's. */
    {
        struct chase_assoc_level near;
        memset(&near, 0, sizeof near);
        near.ways = 3;
        near.plain = 1;
        snprintf(near.policy, sizeof near.policy, "lru");
        policy_of(&L, 3, 4, &near, 1);
        tap_ok(!L.ways_contradicted, "3 lines found behind a nearer level of 3 ways: not contradicted (%s)",
               L.policy_how);
    }

    /* A shape holding under half what the sweep saw the level hold is a
     * nearer level's: withdrawn, its policy with it. */
    level(&L, 8, 64, 64, 0, 0, 256);
    chase_assoc_analyze(&L);
    snprintf(L.policy, sizeof L.policy, "lru");
    L.lo = 701 * 1024;
    L.hi = 709 * 1024;
    chase_assoc_size_check(&L, 0);
    tap_ok(!L.ways && !L.sets && !L.capacity && !L.evicted && !strcmp(L.policy, "undetermined") &&
           strstr(L.ways_how, "a nearer level's shape"), "8 x 64 x 64 B under an L2 of 701 KiB: withdrawn (%s)",
           L.ways_how);
    level(&L, 8, 64, 64, 0, 0, 256);
    chase_assoc_analyze(&L);
    L.lo = 2 * L.capacity;
    chase_assoc_size_check(&L, 0);
    tap_ok(L.ways == 8 && L.sets == 64, "8 x 64 x 64 B under a sweep edge at twice it: kept (%u x %llu)", L.ways,
           (unsigned long long)L.sets);
    L.lo = 2 * L.capacity + 1;
    chase_assoc_size_check(&L, 0);
    tap_ok(!L.ways, "... and past twice it: withdrawn (%s)", L.check);
    /* Over twice what the sweep saw: a TLB's reach (72 pages) read as ways
     * from strides, withdrawn; an eviction set's count with the driver's
     * sets stands (the sweep may see part of a cache). */
    level(&L, 8, 64, 64, 0, 0, 256);
    chase_assoc_analyze(&L);
    L.ways = 72;
    L.sets = 4096;
    L.capacity = 72 * 4096 * 64;
    L.lo = 9049280;
    L.hi = 9147840;
    chase_assoc_size_check(&L, 0);
    tap_ok(!L.ways && strstr(L.ways_how, "over twice"), "72 x 4096 x 64 B from strides over a level of 8.7 MiB: "
           "withdrawn (%s)", L.ways_how);
    level(&L, 8, 64, 64, 0, 0, 256);
    chase_assoc_analyze(&L);
    L.hi = L.capacity / 2;
    L.lo = L.hi - 4096;
    chase_assoc_size_check(&L, 0);
    tap_ok(L.ways == 8, "... at twice the sweep's edge: kept (%u)", L.ways);
    L.hi = L.capacity / 2 - 64;
    L.lo = L.hi - 4096;
    L.evicted = 1;
    chase_assoc_size_check(&L, 0);
    tap_ok(L.ways == 8, "... past it, from an eviction set: kept (%u)", L.ways);
    L.evicted = 0;
    chase_assoc_size_check(&L, 0);
    tap_ok(!L.ways, "... past it, from strides: withdrawn (%s)", L.check);
    evict_range();
    evict_slow();
    evict_walked();
    far_part();
    evict_spread_tlb(1, 0);
    evict_spread_tlb(0, 0);
    evict_spread_tlb(1, 1);
    return tap_done();
}
