/* assoc.h: a cache level's sets, ways and replacement, from chains of N
 * lines a stride apart (chase assoc). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_ASSOC_H
#define CHASE_ASSOC_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/curve.h"
#include "io/output.h"

#define CHASE_ASSOC_MAX_LINES 256       /* the longest chain: twice the ways any cache is known to have, and more */
#define CHASE_ASSOC_MAX_STRIDES 26      /* the line to 2^25 lines: past any capacity the budget allows */
/* A point is a miss when it costs this share of the step from the level's
 * latency to the next's more than the level's: low, because a random
 * policy's cycle of ways + 1 lines misses only 2 / (ways + 1) of its
 * accesses (a sixteenth for 31 ways), and a miss must show at ways + 1. */
#define CHASE_ASSOC_MISS_SHARE 0.05
/* The knees are read again at half the step:
 * an LRU or FIFO level's cycle of ways lines never misses and one more
 * misses every access, so its knee is the same at any share, while lines
 * of another agent in the set (a sibling hardware thread's, the OS's)
 * cost a few misses before it.  The reading at half the step stands (over
 * the first, where they differ) only where it agrees (the ways settle and
 * halve below the way) and its cycle of ways + 1 lines misses as LRU or FIFO
 * do: under random replacement the misses grow by degrees and half the
 * step would count too many ways. */
#define CHASE_ASSOC_SHARP_SHARE 0.5
/* ... and at every stride it settled over, its cycle of ways + 1 lines
 * must miss at least this share of the step more than the cycle of ways
 * lines: LRU and FIFO add all of it, another agent's lines take a little
 * from both, while random replacement climbs by degrees (3 ways: 0.50 of
 * the step at 4 lines, about 0.7 at 5, the steady state; more ways, less
 * a line: test_assoc holds the policies' model to it) and a CPU's L2 (its
 * cycle of ways + 1 lines 35-55%) by 12%. */
#define CHASE_ASSOC_SHARP_JUMP 0.5

/* One stride's chains: 1 .. n lines measured (at most cap). */
struct chase_assoc_curve {
    uint64_t stride;
    unsigned cap, n;
    double cycles[CHASE_ASSOC_MAX_LINES];       /* [N - 1]: the median cycles a load of N lines */
    unsigned knee;              /* the most lines that still hit; 0: no miss among the n measured */
    int flushed;                /* measured with lines that evict it from the nearer levels (assoc_cmd.c) */
};

/* One level: what the sweep says of it, the chains, and what they say. */
struct chase_assoc_level {
    char name[32];
    uint64_t lo, hi;            /* its capacity interval, from the sweep */
    double h, m;                /* its latency and the next level's, from the sweep (cycles) */
    double share;               /* the knees were read at h + share x (m - h); 0: CHASE_ASSOC_MISS_SHARE */
    uint64_t line;              /* the line L: the smallest stride, and the unit of sets */
    struct chase_assoc_curve st[CHASE_ASSOC_MAX_STRIDES];   /* in order of stride */
    size_t nst;
    uint64_t below;             /* strides under this were not measured: a knee past the cap (0: none skipped) */
    /* What they say; 0: not resolved (the how says why). */
    unsigned ways;
    size_t from, to;            /* the strides the knee settled over (when ways) */
    int behind_random;          /* a nearer level replaces at random (its share of a chain skews knees) */
    uint64_t way_bytes, sets, capacity;
    int plain;                  /* the knee halved at every stride below the way it was measured at */
    int in_interval;            /* ways x sets x line is inside [lo, hi] */
    double miss_share;          /* the cycle of ways + 1 lines: its share of misses; NAN: not measured */
    char ways_how[800], sets_how[800], check[200], indexing[240], replacement[200], repl_how[800];
    /* The lines of one set the policy is tested on (assoc_evict.c): the
     * probe x and ngroup others of its set (an eviction set, or lines a
     * way apart); evicted: the ways came from an eviction set. */
    uint64_t probe_x;
    /* What x costs here once the levels in front lost it (a flush of their
     * set and lines of others: assoc_evict.c); 0: the level's latency. */
    double hx;
    /* What a load of the set's lines costs in laps of them that did not
     * overflow (count_ways: the least per load), where above the level's
     * latency; misses a lap are counted from it.  0: the level's latency. */
    double hg;
    /* The count's first lap that missed (count_ways): its misses over its
     * lines, x's and the group's; NAN: no such lap.  Near 1 where the level
     * missed every line of it (LRU, FIFO): a level behind sees the lap. */
    double count_share;
    uint64_t group[CHASE_ASSOC_MAX_LINES];
    unsigned ngroup;
    unsigned pruned;            /* the lines pruning left, before the count (0: none) */
    int evicted;
    /* The group's lines lie in any set of the plain level in front, each
     * test led by lines of x's set there (evict_spread): a lap of x and the
     * group alone never leaves that level, so no policy sequence is. */
    int led;
    char evict_how[2000];
    char policy[16];            /* lru, fifo, random, plru, lru-like, direct-mapped, undetermined */
    char policy_how[1400];
    /* A policy sequence of ways + 1 lines of the set missed less than one
     * line a lap, which no set of that many ways can: the set holds more
     * lines than the ways found, which are then not taken. */
    int ways_contradicted;
};

/* The prober of assoc_evict.c and assoc_policy.c (its chains timed by
 * assoc_probe.c): what it asks of the backend (the list hook, through run:
 * cycles of each sample, *got of them, and in *walked the timed laps the
 * backend walked in all, retaken samples too (0: laps x samples, as
 * asked); 0 or an exit status), the arrays
 * it works in (pool, tmp: lines each; buf: lines + 1) and its budget of
 * loads, spent across the level. */
struct chase_assoc_prober {
    int (*run)(void *ctx, const uint64_t *off, uint32_t n, uint32_t timed, unsigned warm, unsigned laps,
               unsigned samples, unsigned spread, double *cycles, unsigned *got,
               uint64_t *walked);
    void *ctx;
    uint64_t *pool, *tmp, *buf;
    uint64_t lines;             /* what pool and tmp hold */
    uint64_t loads, lists, budget;
    /* Seconds a level's group tests may take (0: no limit): on an H100
     * one L2's pruning took 7 s on one board and ran 138 s on another
     * without converging before its load budget ran out. */
    double seconds, start;
    int over;                   /* the budget ran out */
    /* Pages the device's last data TLB holds (the driver's; 0: unknown): a
     * pool of lines one a page past it would time a page walk with x. */
    uint64_t tlb_pages;
    /* Lines that lead every group test (evict_spread; nlead 0: none). */
    const uint64_t *lead;
    uint32_t nlead;
    double last;                /* the probe x's cycles in the last test, or a lap's a load */
    /* Flushed tests read x lap by lap, a miss in a few laps enough
     * (flushed_ways, where the level's count did not miss every line). */
    int by_lap;
};
/* The ways (and the sets, the capacity check, the group) of a level whose
 * strides showed none, from an eviction set; near[0 .. nnear-1]: the
 * levels in front, analysed; region: bytes the lines may lie in;
 * driver_bytes: the driver's capacity of this level (0: none).  0 or an
 * exit status; what it could not resolve it says in L's texts. */
int chase_assoc_evict(struct chase_assoc_level *L, const struct chase_assoc_level *near, size_t nnear,
                      uint64_t region, uint64_t seed, uint64_t driver_bytes, struct chase_assoc_prober *p);
/* The replacement policy from sequences over the group (L->policy;
 * assoc_policy.c). */
int chase_assoc_policy(struct chase_assoc_level *L, const struct chase_assoc_level *near, size_t nnear,
                       struct chase_assoc_prober *p);
/* Misses a lap of seq (line numbers) in one set of w ways under policy
 * (0 LRU, 1 FIFO, 2 random, 3 tree pseudo-LRU), in the steady state
 * (assoc_policy.c). */
double chase_assoc_predict(const unsigned *seq, unsigned n, unsigned w, int policy);

/* Appends to a fixed buffer (never overrun; a text cut short ends in
 * " [cut]"): the how texts. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void chase_assoc_append(char *buf, size_t len, const char *fmt, ...);
/* The cycles above which a point of L misses. */
double chase_assoc_threshold(const struct chase_assoc_level *L);
/* The most lines of y[0 .. n - 1] (y[N - 1]: N lines) before the first
 * that costs more than t; 0 when none does (or the first already does). */
unsigned chase_assoc_knee(const double *y, unsigned n, double t);
/* Reads the chains into knees, ways, sets, the way, the capacity check,
 * the indexing and the replacement class. */
void chase_assoc_analyze(struct chase_assoc_level *L);
/* What the nearer levels near[0 .. nnear-1] (analysed) hide of L: a
 * random one breaks L's cycle; where L's knee is no more than a nearer
 * level's at the way, the ways may be the nearer level's (not resolved). */
void chase_assoc_behind(struct chase_assoc_level *L, const struct chase_assoc_level *near, size_t nnear);
/* Withdraws L's figures where its ways x sets x line hold under half what
 * the sweep saw the level hold before its edge: no level holds more lines
 * than it has, so the shape is a nearer level's (chase assoc --level L2
 * alone on a CPU read the L1's 8 x 64 lines of 64 B, 32 KiB, for an L2
 * the sweep saw hold 701 KiB); and where the strides' shape holds over
 * twice the end of its cache, cache_hi (its last part's; 0: L's own), as
 * a TLB's reach or a level behind would. */
void chase_assoc_size_check(struct chase_assoc_level *L, uint64_t cache_hi);
/* Whether L's strides from 2 x *unit up should be measured again with
 * *fill lines a lap that evict the chain from every nearer level (odd
 * multiples of *unit, the largest nearer plain way, or the line): the
 * nearer levels are all resolved, plain or hashed with ways from an
 * eviction set, and one is hashed, random or may hide L's knee. */
int chase_assoc_flush_wanted(const struct chase_assoc_level *L, const struct chase_assoc_level *near, size_t nnear,
                             uint64_t *unit, unsigned *fill);

extern const struct chase_table chase_assoc_points_table;
extern const struct chase_table chase_assoc_knees_table;
extern const struct chase_table chase_assoc_table;

/* One point of the points table (streamed as it is measured). */
struct chase_assoc_point {
    const char *level;
    uint64_t stride, lines, bytes;
    double cycles, ns;
    unsigned samples;
};

/* assoc_out.c: the knees and levels tables, the results, the report for
 * a person (meta: the run's metadata), report.md's section. */
int chase_assoc_write(struct chase_writer *w, const struct chase_assoc_level *lv, size_t n);
void chase_assoc_results(struct chase_meta *r, const struct chase_assoc_level *lv, size_t n);
/* --also-carveout's results: how (what the second reading was, or why
 * not), and level k (the second reading) against the first reading of the
 * same level, at carveouts first (-1: the driver's default) and second. */
void chase_assoc_carve_results(struct chase_meta *r, const struct chase_assoc_level *lv, size_t n, size_t k,
                               int first, int second, const char *how);
void chase_assoc_report(FILE *f, const struct chase_meta *meta, const struct chase_assoc_level *lv, size_t n);
struct chase_doc;
void chase_assoc_markdown(FILE *f, const struct chase_doc *d, const char *file);
void chase_assoc_headline(FILE *f, const struct chase_doc *d);
/* assoc_plot.c: --plot: latency against the lines, a curve a stride, a panel a level. */
int chase_assoc_plot(const struct chase_assoc_level *lv, size_t n, const struct chase_meta *meta, const char *title,
                     const char *script, const char *out, char *err, size_t len);

struct chase_measurement;
extern const struct chase_measurement chase_assoc_measurement;

#endif
