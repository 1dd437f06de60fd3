/* chain.h: the chase chain, defined once for the C, CUDA and HIP code. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_CHAIN_H
#define CHASE_CHAIN_H

#include <stdint.h>

#if defined(__CUDACC__) || defined(__HIPCC__)
#define CHASE_HD __host__ __device__
#else
#define CHASE_HD
#endif

/* The orders a chain can visit its working set in (enum chase_pattern's
 * values; kept here so the kernels need no other header). */
#define CHASE_CHAIN_RANDOM 0    /* blocks in one random cycle */
#define CHASE_CHAIN_SEQ 1       /* block after block */
#define CHASE_CHAIN_PAIR 2      /* random blocks, two loads each: +0 and +sub */
#define CHASE_CHAIN_PAGE 3      /* random blocks, one load each at a scattered multiple of sub */
#define CHASE_CHAIN_SPREAD 4    /* random blocks, two loads each: a spread base and base + sub */
#define CHASE_CHAIN_LATE 5      /* SPREAD's loads, the second CHASE_CHAIN_LATE_GROUP positions later */
#define CHASE_CHAIN_REVISIT 6   /* PAGE's units, each word of each a position of its own, all in one random cycle */
#define CHASE_CHAIN_LOCAL 7     /* random blocks, a window of sub bytes at a time, the windows in random order */

#define CHASE_CHAIN_LATE_GROUP 16

/*
 * A chain cuts the working set into blocks of `stride` bytes and visits n
 * positions.  Position k reads the byte offset chase_chain_offset(k), and
 * the word there points to the offset of position k+1 (mod n), so the
 * chain is one cycle through every position whatever the block order is,
 * as long as that order is a bijection on the blocks.  Any thread can
 * write any slot knowing only k: chains build in parallel.
 *
 * The random order is a keyed mix on the next power of two above the
 * block count (multiply by an odd number, add a key, fold the high half
 * into the low: each step is a bijection on b-bit numbers), walked until it
 * lands below the count (cycle walking keeps it a bijection).
 *
 * PAIR visits each block twice in a row, at +0 and at +sub: the second
 * load hits if and only if the first brought in the bytes at +sub, which
 * measures a cache's fetch granularity (its sector, or its line).
 * PAGE reads one line-sized unit (sub bytes) of each block, at an offset
 * that varies from block to block: with page-sized blocks every access
 * touches a new page while the lines spread over all cache sets, so a TLB's
 * reach shows without cache set conflicts.
 * SPREAD makes PAIR's two loads (sub a power of two) from a base that
 * moves from block to block: any multiple of 8 in the first half of an
 * aligned unit of 2 x sub bytes.  So base and base + sub share
 * every aligned unit (a line, a sector, a page) of 2 x sub bytes or more
 * and none of sub bytes or less, as PAIR's do, while the loads reach every
 * cache set (at +0 of every block they use one set in stride / line, and
 * fewer still in a cache of smaller lines below).  The same probe serves
 * lines (sub up to a line) and pages (sub up to a page).
 * LATE makes SPREAD's two loads, but the second comes a group of
 * CHASE_CHAIN_LATE_GROUP blocks later: the blocks of a group at their
 * base, then the same blocks at base + sub.  Bytes a prefetcher brings in
 * after the miss (the adjacent line) are there by then; a sector the miss
 * did not fetch is still missing: SPREAD and LATE together tell a
 * sectored line from a line and a prefetched neighbour.
 * REVISIT reads PAGE's unit of each block, but each of its sub / 8 words
 * is a position of its own and all of them are shuffled together: a lap
 * comes back to a block sub / 8 times, at random moments.  PAGE comes back
 * to a block exactly once a lap, so past a TLB's reach how often it misses
 * depends on how the TLB replaces (an LRU one every time, a random one
 * less); with the returns at random the gaps between them are near the
 * exponential ones of pages drawn at random, under which any replacement
 * keeps reach / span of the pages: a miss share of 1 - reach / span.  The
 * data footprint is PAGE's.
 * LOCAL visits the blocks a window of sub bytes at a time (sub a power of
 * two, at least the stride): the windows in a keyed random order, the
 * blocks of each in a keyed random order of the window's own.  Every block
 * is read once a lap, as in RANDOM, so every line comes back after the
 * whole lap and a cache keeps what it would of a RANDOM chain; but the
 * loads of a window stay on its few pages, so a TLB misses about once a
 * page a lap, not once a load.  On a host whose pages are 4 KiB (a guest's
 * huge pages over the host's base ones: the TLB holds the smaller) a first
 * TLB of 72 entries reaches 288 KiB, inside an L2 of 1 MiB, and a RANDOM
 * chain's latency climbs from there; a LOCAL one's stays the L2's.
 */
struct chase_chain {
    uint64_t n;                 /* positions in the cycle */
    uint64_t blocks;            /* blocks the order permutes */
    uint64_t stride;            /* bytes a block */
    uint64_t sub;               /* PAIR, SPREAD, LATE: offset of the second load; PAGE: unit of the in-block offset */
    uint64_t mask;              /* the keyed mix's domain: the next power of two above what it permutes */
    unsigned fold;
    int pattern;                /* CHASE_CHAIN_* */
    uint64_t mul[3];
    uint64_t add[3];
    uint64_t wblocks;           /* LOCAL: blocks a window (sub / stride) */
    uint64_t wmask;             /* LOCAL: the in-window mix's domain */
    unsigned wfold;
};

static inline uint64_t chase_splitmix(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* A chain of blocks over bytes (bytes / stride blocks, at least one).
 * The caller has checked that stride and sub suit the pattern
 * (chase_chain_check). */
static inline void chase_chain_init(struct chase_chain *c, uint64_t bytes, uint64_t stride, int pattern,
                                    uint64_t sub, uint64_t seed)
{
    unsigned bits = 0;
    uint64_t s = seed, blocks = stride ? bytes / stride : 0;
    int r;

    if (blocks == 0)
        blocks = 1;
    c->blocks = blocks;
    c->n = pattern == CHASE_CHAIN_PAIR || pattern == CHASE_CHAIN_SPREAD || pattern == CHASE_CHAIN_LATE ? 2 * blocks
           : pattern == CHASE_CHAIN_REVISIT ? sub / 8 * blocks : blocks;
    c->wblocks = 1;
    c->wmask = 0;
    c->wfold = 1;
    if (pattern == CHASE_CHAIN_LOCAL && stride && sub > stride) {
        c->wblocks = sub / stride;
        while (bits < 64 && (1ULL << bits) < c->wblocks)
            bits++;
        c->wmask = bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
        c->wfold = bits / 2 > 0 ? bits / 2 : 1;
        bits = 0;
    }
    /* REVISIT permutes positions, LOCAL windows, the others blocks. */
    while (bits < 64 && (1ULL << bits) < (pattern == CHASE_CHAIN_REVISIT ? c->n
                                          : pattern == CHASE_CHAIN_LOCAL ? blocks / c->wblocks
                                          : blocks))
        bits++;
    c->stride = stride;
    c->sub = sub;
    c->mask = bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
    c->fold = bits / 2 > 0 ? bits / 2 : 1;
    c->pattern = pattern;
    for (r = 0; r < 3; r++) {
        c->mul[r] = chase_splitmix(&s) | 1;
        c->add[r] = chase_splitmix(&s);
    }
}

/* 0 if the pattern can use this stride and sub, or a reason. */
static inline const char *chase_chain_check(uint64_t stride, int pattern, uint64_t sub)
{
    if (stride < 8 || (stride & (stride - 1)))
        return "the stride must be a power of two of at least 8 bytes";
    if (pattern == CHASE_CHAIN_PAIR && (sub < 8 || sub >= stride || sub % 8))
        return "the second load's offset must be a multiple of 8 below the stride";
    if ((pattern == CHASE_CHAIN_SPREAD || pattern == CHASE_CHAIN_LATE) &&
        (sub < 8 || sub >= stride || (sub & (sub - 1))))
        return "the second load's offset must be a power of two of at least 8 bytes, below the stride";
    if ((pattern == CHASE_CHAIN_PAGE || pattern == CHASE_CHAIN_REVISIT) &&
        (sub < 8 || sub > stride || (sub & (sub - 1))))
        return "the unit must be a power of two of at least 8 bytes, at most the stride";
    if (pattern == CHASE_CHAIN_LOCAL && (sub < stride || (sub & (sub - 1))))
        return "the window must be a power of two of bytes, at least the stride";
    return 0;
}

CHASE_HD static inline uint64_t chase_chain_mix(const struct chase_chain *c, uint64_t x)
{
    int r;
    for (r = 0; r < 3; r++) {
        x = (x * c->mul[r] + c->add[r]) & c->mask;
        x ^= x >> c->fold;
    }
    return x;
}

/* The keyed bijection on 0 .. bound - 1 (bound within the mix's domain). */
CHASE_HD static inline uint64_t chase_chain_permute(const struct chase_chain *c, uint64_t k, uint64_t bound)
{
    uint64_t x = k;
    do
        x = chase_chain_mix(c, x);
    while (x >= bound);
    return x;
}

/* LOCAL: the keyed bijection on 0 .. bound - 1 (bound <= wblocks) that
 * orders window w's blocks: the same steps as chase_chain_mix on the
 * window's domain, w added to each step's key (still a bijection), so
 * each window has an order of its own. */
CHASE_HD static inline uint64_t chase_chain_inwindow(const struct chase_chain *c, uint64_t w, uint64_t r,
                                                     uint64_t bound)
{
    uint64_t x = r;
    int i;
    do
        for (i = 0; i < 3; i++) {
            x = (x * c->mul[i] + c->add[i] + w * 0x9e3779b97f4a7c15ULL) & c->wmask;
            x ^= x >> c->wfold;
        }
    while (x >= bound);
    return x;
}

/* The block visited at block position k (0 <= k < blocks). */
CHASE_HD static inline uint64_t chase_chain_block(const struct chase_chain *c, uint64_t k)
{
    if (c->pattern == CHASE_CHAIN_SEQ)
        return k;
    if (c->pattern == CHASE_CHAIN_LOCAL && c->wblocks > 1) {
        /* The full windows in a keyed order; a short one (the blocks past
         * the last full window) keeps the last positions. */
        uint64_t full = c->blocks / c->wblocks, slot = k / c->wblocks, r = k - slot * c->wblocks;
        uint64_t w = slot < full ? chase_chain_permute(c, slot, full) : slot;
        uint64_t size = slot < full ? c->wblocks : c->blocks - full * c->wblocks;
        return w * c->wblocks + chase_chain_inwindow(c, w, r, size);
    }
    return chase_chain_permute(c, k, c->blocks);
}

/* Block b's unit of `unit` bytes in the block: the top bits of frac(b x
 * the golden ratio), a Weyl sequence, so any run of blocks, and any run of
 * blocks a power of two apart (those a set-indexed cache or TLB puts in
 * one set), spreads evenly over the units (a random pick would crowd some
 * sets, and the low bits of b x the ratio follow b's and crowd a few).
 * unit divides the stride; both are powers of two. */
CHASE_HD static inline uint64_t chase_chain_scatter(const struct chase_chain *c, uint64_t b, uint64_t unit)
{
    return (((b * 0x9e3779b97f4a7c15ULL) >> 32) * (c->stride / unit) >> 32) * unit;
}

/* SPREAD and LATE: block b's first load.  One Weyl draw picks it among the
 * 8-byte slots of the first halves of the block's aligned units. */
CHASE_HD static inline uint64_t chase_chain_base(const struct chase_chain *c, uint64_t b)
{
    uint64_t half = c->sub / 8;
    uint64_t slot = ((b * 0x9e3779b97f4a7c15ULL) >> 32) * (c->stride / (2 * c->sub) * half) >> 32;
    return b * c->stride + slot / half * (2 * c->sub) + slot % half * 8;
}

/* The byte offset that position k (0 <= k < n) reads. */
CHASE_HD static inline uint64_t chase_chain_offset(const struct chase_chain *c, uint64_t k)
{
    if (c->pattern == CHASE_CHAIN_PAIR)
        return chase_chain_block(c, k >> 1) * c->stride + (k & 1) * c->sub;
    if (c->pattern == CHASE_CHAIN_SPREAD)
        return chase_chain_base(c, chase_chain_block(c, k >> 1)) + (k & 1) * c->sub;
    if (c->pattern == CHASE_CHAIN_LATE) {
        /* Groups of G blocks, 2G positions each (the last may be short). */
        uint64_t g = k / (2 * CHASE_CHAIN_LATE_GROUP), first = g * CHASE_CHAIN_LATE_GROUP;
        uint64_t m = c->blocks - first < CHASE_CHAIN_LATE_GROUP ? c->blocks - first : CHASE_CHAIN_LATE_GROUP;
        uint64_t r = k - 2 * first, late = r >= m;
        return chase_chain_base(c, chase_chain_block(c, first + r - late * m)) + late * c->sub;
    }
    if (c->pattern == CHASE_CHAIN_PAGE) {
        uint64_t b = chase_chain_block(c, k);
        return b * c->stride + chase_chain_scatter(c, b, c->sub);
    }
    if (c->pattern == CHASE_CHAIN_REVISIT) {
        uint64_t x = chase_chain_permute(c, k, c->n), b = x % c->blocks;
        return b * c->stride + chase_chain_scatter(c, b, c->sub) + x / c->blocks * 8;
    }
    return chase_chain_block(c, k) * c->stride;
}

/* The offset that position k's word points to. */
CHASE_HD static inline uint64_t chase_chain_next(const struct chase_chain *c, uint64_t k)
{
    return chase_chain_offset(c, k + 1 == c->n ? 0 : k + 1);
}

#endif
