/* chain.h: the chase chain, defined once for the C, CUDA and HIP code. */
#ifndef CHASE_CHAIN_H
#define CHASE_CHAIN_H

#include <stdint.h>

#if defined(__CUDACC__) || defined(__HIPCC__)
#define CHASE_HD __host__ __device__
#else
#define CHASE_HD
#endif

/*
 * A chain visits n lines.  Position k of the walk is line perm(k), and the
 * line at perm(k) points to perm(k+1 mod n), so the chain is one cycle through
 * every line whatever perm is, as long as perm is a bijection on [0, n).
 * Any thread can write any slot knowing only k: chains build in parallel.
 *
 * The random order's perm is a keyed mix on the next power of two above n
 * (multiply by an odd number, add a key, fold the high half into the low:
 * each step is a bijection on b-bit numbers), walked until it lands below n
 * (cycle walking keeps it a bijection on [0, n)).
 */
struct chase_chain {
    uint64_t n;
    uint64_t mask;
    unsigned fold;
    int pattern;                /* enum chase_pattern */
    uint64_t mul[3];
    uint64_t add[3];
};

static inline uint64_t chase_splitmix(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline void chase_chain_init(struct chase_chain *c, uint64_t n, int pattern, uint64_t seed)
{
    unsigned bits = 0;
    uint64_t s = seed;
    int r;

    while (bits < 64 && (1ULL << bits) < n)
        bits++;
    c->n = n;
    c->mask = bits >= 64 ? ~0ULL : (1ULL << bits) - 1;
    c->fold = bits / 2 > 0 ? bits / 2 : 1;
    c->pattern = pattern;
    for (r = 0; r < 3; r++) {
        c->mul[r] = chase_splitmix(&s) | 1;
        c->add[r] = chase_splitmix(&s);
    }
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

/* The line visited at position k (0 <= k < n). */
CHASE_HD static inline uint64_t chase_chain_line(const struct chase_chain *c, uint64_t k)
{
    uint64_t x = k;
    if (c->pattern != 0 /* CHASE_PATTERN_RANDOM */)
        return k;
    do
        x = chase_chain_mix(c, x);
    while (x >= c->n);
    return x;
}

/* The line that position k's line points to. */
CHASE_HD static inline uint64_t chase_chain_next(const struct chase_chain *c, uint64_t k)
{
    return chase_chain_line(c, k + 1 == c->n ? 0 : k + 1);
}

#endif
