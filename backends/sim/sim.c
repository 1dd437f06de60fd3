/* sim.c: a deterministic set-associative cache-hierarchy simulator that walks
 * the same chains as the real backends, so the pipeline has known truth. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "abi/chain.h"
#include "abi/chase_backend.h"
#include "abi/checked.h"
#include "shared.h"
#include "sim_async.h"
#include "sim_bandwidth.h"
#include "sim_lanes.h"
#include "sim_loads.h"
#include "core/size.h"
#include "spec.h"

#define SIM_SAMPLES 4
#define MIN_TIMED 4096u

struct cache {
    uint64_t sets, ways, line;
    double lat;
    enum sim_policy policy;
    uint64_t *tag;              /* ~0: empty */
    uint64_t *stamp;            /* last use (lru) or fill (fifo) */
    uint64_t sector;            /* bytes a miss fills; line when not sectored */
    uint64_t *valid;            /* sectored: a bit per sector present */
    unsigned set_bits;          /* hashed: log2(sets) */
    /* log2 of line and sector where they are powers of two (the spec
     * makes them so; a TLB's page may not be), else 0: a shift where a
     * 64-bit division took most of the time of a large simulated sweep. */
    unsigned line_shift, sector_shift;
    int hashed;
    uint64_t salt;              /* index=xhash: the level's own hash (0: the one all hashed levels share) */
    uint64_t *tree;             /* plru: a set's tree, bit n for internal node n (1 .. ways - 1) */
    uint64_t *turn;             /* fifo: a full set's next victim (its ways filled in order, replaced in turn) */
    uint32_t *fill;             /* a set's ways in use: they fill in order, and only cache_clear empties them */
};

struct sim_dev {
    struct sim_spec spec;
    struct cache level[SIM_MAX_LEVELS + 1];     /* the last is the TLB, if any */
    struct cache tlb_more[SIM_MAX_TLB - 1];     /* tlb2: .. */
    uint64_t clock, rng;
    int no_warm;
    struct sim_shared shared;   /* the shared: section (chase banks) */
    unsigned run_sm;            /* sms: the run's multiprocessor (--sm; 0 by default) */
    unsigned sm;                /* sms: the one the point being measured runs on */
    int target;                 /* enum chase_memory: LOCAL, PEER or HOST */
    uint64_t max;               /* the working set's bytes (the list hook's bound) */
    uint64_t lists;             /* list chains walked: each its own noise */
    const struct sim_remote_spec *remote;   /* PEER, HOST: the spec's model of that memory */
};

/* sms: what a load served by level `at` (nlevels: memory) costs more on
 * multiprocessor sm: the far group's extra at the spec's level. */
static double far_extra(const struct sim_dev *d, unsigned sm, int at)
{
    const struct sim_sms_spec *M = &d->spec.sms;
    return M->count && at == M->at && sm >= M->count - M->far ? M->extra : 0;
}

static uint64_t xorshift(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

/* log2(v) for a power of two above 1, else 0 (divide instead). */
static unsigned shift_of(uint64_t v)
{
    return v > 1 && !(v & (v - 1)) ? (unsigned)__builtin_ctzll(v) : 0;
}

/* The line of addr, the offset within it, and the sector of an offset. */
static inline uint64_t line_of(const struct cache *c, uint64_t addr)
{
    return c->line_shift ? addr >> c->line_shift : addr / c->line;
}

static inline uint64_t line_offset(const struct cache *c, uint64_t addr)
{
    return c->line_shift ? addr & (c->line - 1) : addr % c->line;
}

static inline uint64_t sector_of(const struct cache *c, uint64_t off)
{
    return c->sector_shift ? off >> c->sector_shift : off / c->sector;
}

/* sets x ways entries; the spec's limits keep that small, and the checked
 * product keeps a spec that slipped past them from becoming a tiny array. */
static int cache_init(struct cache *c, uint64_t sets, uint64_t line, unsigned ways, double lat,
                      enum sim_policy policy)
{
    uint64_t bytes;

    if (!sets || chase_mul_u64(sets, ways, &bytes) || chase_mul_u64(bytes, sizeof *c->tag, &bytes) ||
        bytes > SIZE_MAX)
        return -1;
    c->line = line;
    c->ways = ways;
    c->sets = sets;
    c->lat = lat;
    c->policy = policy;
    c->sector = line;
    c->line_shift = c->sector_shift = shift_of(line);
    c->tag = malloc((size_t)bytes);
    c->stamp = malloc((size_t)bytes);
    if (policy == SIM_PLRU && !(c->tree = calloc(sets, sizeof *c->tree)))
        return -1;
    if (policy == SIM_FIFO && !(c->turn = calloc(sets, sizeof *c->turn)))
        return -1;
    if (!(c->fill = calloc(sets, sizeof *c->fill)))
        return -1;
    return c->tag && c->stamp ? 0 : -1;
}

/* Tree pseudo-LRU: a use of way w turns every node on its path to point
 * at the other half; the victim is found by following the pointers. */
static void plru_touch(uint64_t *tree, uint64_t ways, uint64_t w)
{
    uint64_t node = 1, lo = 0, n = ways;

    while (n > 1) {
        n /= 2;
        if (w < lo + n) {
            *tree |= 1ULL << node;      /* used the left half: point right */
            node = 2 * node;
        } else {
            *tree &= ~(1ULL << node);
            node = 2 * node + 1;
            lo += n;
        }
    }
}

static uint64_t plru_victim(uint64_t tree, uint64_t ways)
{
    uint64_t node = 1, lo = 0, n = ways;

    while (n > 1) {
        n /= 2;
        if (tree >> node & 1) {
            node = 2 * node + 1;
            lo += n;
        } else
            node = 2 * node;
    }
    return lo;
}

/* Sectors (a miss fills one sector of its line) and a hashed set index. */
static int cache_shape(struct cache *c, uint64_t sector, int hashed)
{
    c->hashed = hashed;
    while ((1ULL << c->set_bits) < c->sets)
        c->set_bits++;
    if (sector && sector < c->line) {
        c->sector = sector;
        c->sector_shift = shift_of(sector);
        c->valid = calloc(c->sets * c->ways, sizeof *c->valid);
        return c->valid ? 0 : -1;
    }
    return 0;
}

static void cache_free(struct cache *c)
{
    free(c->tag);
    free(c->stamp);
    free(c->valid);
    free(c->tree);
    free(c->turn);
    free(c->fill);
}

/* Empty: no way in use (a way's tag, stamp and sectors are written when it
 * fills, and read only while in use). */
static void cache_clear(struct cache *c)
{
    if (c->tree)
        memset(c->tree, 0, c->sets * sizeof *c->tree);
    if (c->turn)
        memset(c->turn, 0, c->sets * sizeof *c->turn);
    memset(c->fill, 0, c->sets * sizeof *c->fill);
}

static uint64_t cache_set(const struct cache *c, uint64_t blk)
{
    uint64_t h = blk * 0x9e3779b97f4a7c15ULL;

    /* index=xhash: a hash of this level's own (a finalizer over the line
     * number and a salt), independent of every other level's. */
    if (c->salt) {
        h = (blk ^ c->salt) * 0xbf58476d1ce4e5b9ULL;
        h = (h ^ (h >> 31)) * 0x94d049bb133111ebULL;
        h ^= h >> 29;
    }

    /* A hashed level of sets not a power of two (a GPU L2's slices): the
     * hash's top 32 bits scaled to the sets. */
    if (c->hashed && c->sets & (c->sets - 1))
        return ((h >> 32) * c->sets) >> 32;
    if (c->hashed && c->set_bits)
        return h >> (64 - c->set_bits);
    return blk & (c->sets - 1);
}

/* Looks addr up; on a miss fills it.  Returns 1 on a hit. */
static int cache_sectors(struct sim_dev *d, struct cache *c, uint64_t addr, uint64_t bit)
{
    uint64_t blk = line_of(c, addr), set = cache_set(c, blk);
    uint64_t *tag = c->tag + set * c->ways, *stamp = c->stamp + set * c->ways;
    uint64_t *valid = c->valid ? c->valid + set * c->ways : NULL;
    uint64_t w, victim = 0, used = c->fill[set];

    d->clock++;
    /* Ways fill in order and are never emptied but by cache_clear, so the
     * ways in use are the set's first (fill): the line is found among them
     * in one pass of tag compares, four at a time (the sweeps of make check
     * and assoc's pruning spend most of their time here); only a miss in a
     * full set looks further, at the oldest stamp where the policy wants
     * it. */
    for (w = 0; w + 4 <= used; w += 4)
        if ((tag[w] == blk) | (tag[w + 1] == blk) | (tag[w + 2] == blk) | (tag[w + 3] == blk))
            break;
    for (; w < used && tag[w] != blk; w++)
        ;
    if (w < used) {
        if (c->policy == SIM_LRU)
            stamp[w] = d->clock;
        else if (c->tree)
            plru_touch(&c->tree[set], c->ways, w);
        if (valid && (valid[w] & bit) != bit) {
            valid[w] |= bit;    /* the line is there, a sector is not: fetch it */
            return 0;
        }
        return 1;
    }
    if (used < c->ways)
        victim = c->fill[set]++;
    else if (c->policy == SIM_RANDOM)
        victim = xorshift(&d->rng) % c->ways;
    else if (c->tree)
        victim = plru_victim(c->tree[set], c->ways);
    else if (c->turn) {
        /* FIFO: the oldest fill, which is the ways in turn once full (the
         * stamps' scan as LRU's, replaced: the same victim, a pass less). */
        victim = c->turn[set];
        c->turn[set] = victim + 1 < c->ways ? victim + 1 : 0;
    } else
        for (w = 1; w < c->ways; w++)
            if (stamp[w] < stamp[victim])
                victim = w;
    if (c->tree)
        plru_touch(&c->tree[set], c->ways, victim);
    tag[victim] = blk;
    stamp[victim] = d->clock;
    if (valid)
        valid[victim] = bit;
    return 0;
}

static int cache_access(struct sim_dev *d, struct cache *c, uint64_t addr)
{
    return cache_sectors(d, c, addr, 1ULL << sector_of(c, line_offset(c, addr)));
}

/* Bytes [lo, lo + n) from c: a hit when every sector they touch is there;
 * what is missing is filled. */
static int cache_range(struct sim_dev *d, struct cache *c, uint64_t lo, uint64_t n)
{
    uint64_t a = lo, end = lo + n;
    int hit = 1;

    while (a < end) {
        uint64_t line_end = (line_of(c, a) + 1) * c->line, b = end < line_end ? end : line_end;
        uint64_t first = sector_of(c, line_offset(c, a)), last = sector_of(c, line_offset(c, b - 1));
        uint64_t bits = (last - first + 1 >= 64 ? ~0ULL : ((1ULL << (last - first + 1)) - 1)) << first;
        hit &= cache_sectors(d, c, a, bits);
        a = b;
    }
    return hit;
}

/* A remote memory (--memory peer:N, host): does level i hold its lines?
 * The reader's first `cached` levels do; past them a peer's last level
 * stands for the peer's own (its memory side), and no other does. */
static int holds(const struct sim_dev *d, int i)
{
    return !d->remote || i < (int)d->remote->cached || (d->target == CHASE_MEMORY_PEER && i == d->spec.nlevels - 1);
}

/* What a load served at level i (nlevels: memory) costs. */
static double served(const struct sim_dev *d, int i)
{
    const struct sim_spec *s = &d->spec;
    int last = s->nlevels - 1;

    if (!d->remote || i < (int)d->remote->cached)
        return (i < s->nlevels ? d->level[i].lat : s->mem_lat) + far_extra(d, d->sm, i);
    if (d->target == CHASE_MEMORY_HOST || last < (int)d->remote->cached)
        return d->remote->lat;
    /* The peer's own levels: its last cache, then its memory behind it. */
    return d->remote->lat + (i == last ? 0 : fmax(0, s->mem_lat - d->level[last].lat));
}

/* The latency of one load: the first level that holds the bytes asked of
 * it, filling every level on the way (a non-exclusive hierarchy), plus a
 * TLB miss.  A level that misses asks the next for its whole fetch unit
 * (its sector, or its line), so a nearer level's larger line fills an
 * outer level's sectors. */
static double load(struct sim_dev *d, uint64_t addr)
{
    const struct sim_spec *s = &d->spec;
    double cost;
    uint64_t lo = addr & ~7ULL, want = 8;
    int i;

    for (i = 0; i < s->nlevels; i++) {
        if (!holds(d, i))
            continue;
        if (cache_range(d, &d->level[i], lo, want))
            break;
        if (d->level[i].sector > want) {
            want = d->level[i].sector;
            lo = addr / want * want;
        }
    }
    cost = served(d, i);
    if (s->has_tlb && !cache_access(d, &d->level[SIM_MAX_LEVELS], addr)) {
        /* Each further TLB level is asked when the one before misses. */
        cost += s->tlb_lat;
        for (i = 0; i < s->ntlb_more && !cache_access(d, &d->tlb_more[i], addr); i++)
            cost += d->tlb_more[i].lat;
    }
    return cost;
}

/* One simulated device, or CHASE_SIM_DEVICES of them (1 to 64; every one
 * the same hierarchy, what --memory peer:N needs another of): the probe
 * sees no spec, so the count comes from the environment. */
static int sim_probe(int *ndevices, char *why, size_t len)
{
    const char *env = getenv("CHASE_SIM_DEVICES"), *p;
    int n = 0;

    *ndevices = 1;
    if (!env || !*env)
        return CHASE_OK;
    for (p = env; *p >= '0' && *p <= '9' && n <= 64; p++)
        n = n * 10 + (*p - '0');
    if (*p || n < 1 || n > 64) {
        *ndevices = 0;
        snprintf(why, len, "CHASE_SIM_DEVICES='%.40s' is not a whole number from 1 to 64", env);
        return CHASE_ENODEV;
    }
    *ndevices = n;
    return CHASE_OK;
}

static void sim_close(void *p)
{
    struct sim_dev *d = p;
    int i;
    if (!d)
        return;
    for (i = 0; i <= SIM_MAX_LEVELS; i++)
        cache_free(&d->level[i]);
    for (i = 0; i < SIM_MAX_TLB - 1; i++)
        cache_free(&d->tlb_more[i]);
    free(d);
}

static int sim_open(const struct chase_params *p, void **devp, struct chase_devinfo *info,
                    char *err, size_t len)
{
    struct sim_dev *d = calloc(1, sizeof *d);
    const char *text = p->spec ? p->spec : SIM_DEFAULT_SPEC;
    char a[32], b[40];
    uint64_t largest = 0, reach = 0, stride, max, phys;
    long pages, page;
    int i;

    if (!d) {
        snprintf(err, len, "out of memory");
        return CHASE_ENOMEM;
    }
    if (p->cache_op || p->alloc || p->l2_fetch) {
        snprintf(err, len, "--cache-op, --carveout, --sm, --alloc and --l2-fetch are not available on the sim backend");
        sim_close(d);
        return CHASE_EINVAL;
    }
    d->no_warm = p->no_warm;
    /* The shared: section is the bank model's; the rest is the hierarchy. */
    if (sim_parse_all(p->spec, &d->spec, &d->shared, err, len)) {
        sim_close(d);
        return CHASE_EINVAL;
    }
    /* --carveout: a level with csize= takes that shape from
     * SIM_CARVE_SHARED percent up (shared memory given the rest). */
    if (p->carveout >= 0) {
        int carved = 0;
        for (i = 0; i < d->spec.nlevels; i++) {
            struct sim_level_spec *L = &d->spec.level[i];
            if (!L->csize)
                continue;
            carved = 1;
            if (p->carveout >= SIM_CARVE_SHARED) {
                L->size = L->csize;
                L->ways = L->cways ? L->cways : L->ways;
            }
        }
        if (!carved) {
            snprintf(err, len, "--carveout: the spec models no carveout (give a level csize= and cways=, its "
                     "shape from %d%% up)", SIM_CARVE_SHARED);
            sim_close(d);
            return CHASE_EINVAL;
        }
    }
    /* --sm chooses one of the multiprocessors an sms: section describes. */
    if (p->sm >= -1 && !d->spec.sms.count) {
        snprintf(err, len, "--cache-op, --carveout, --sm, --alloc and --l2-fetch are not available on the sim backend");
        sim_close(d);
        return CHASE_EINVAL;
    }
    if (p->sm >= (int)d->spec.sms.count && d->spec.sms.count) {
        snprintf(err, len, "--sm %d: the simulated device has %u multiprocessors (0 to %u)", p->sm,
                 d->spec.sms.count, d->spec.sms.count - 1);
        sim_close(d);
        return CHASE_EINVAL;
    }
    d->run_sm = d->sm = p->sm >= 0 ? (unsigned)p->sm : 0;
    /* --memory: a target the spec models, or why not (the core has checked
     * that a peer is another device the probe counted). */
    d->target = p->target.memory;
    if (d->target == CHASE_MEMORY_MANAGED || (d->target == CHASE_MEMORY_PEER && !d->spec.peer.given) ||
        (d->target == CHASE_MEMORY_HOST && !d->spec.host.given)) {
        snprintf(err, len, "%s", d->target == CHASE_MEMORY_MANAGED ? "the simulator models no managed memory"
                 : d->target == CHASE_MEMORY_PEER ? "the spec models no peer memory (add a peer:lat=N section)"
                                                  : "the spec models no host memory (add a host:lat=N section)");
        sim_close(d);
        return CHASE_ETARGET;
    }
    if (d->target == CHASE_MEMORY_PEER || d->target == CHASE_MEMORY_HOST)
        d->remote = d->target == CHASE_MEMORY_PEER ? &d->spec.peer : &d->spec.host;
    /* Refused here, before any array is allocated: a cache is simulated
     * whole whatever the sweep, so L1:size=8G costs its arrays even for an
     * 8 KiB sweep. */
    pages = sysconf(_SC_PHYS_PAGES);
    page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0 || chase_mul_u64((uint64_t)pages, (uint64_t)page, &phys))
        phys = UINT64_MAX;      /* unknown: the spec's own limits still hold */
    if (sim_spec_check_memory(&d->spec, phys / 4, "a quarter of this machine's memory", err, len)) {
        sim_close(d);
        return CHASE_EINVAL;
    }
    for (i = 0; i < d->spec.nlevels; i++)
        if (d->spec.level[i].size > largest)
            largest = d->spec.level[i].size;
    info->default_max = 1ULL << 12;
    while (info->default_max < (1ULL << 30) && info->default_max / 4 < largest)
        info->default_max <<= 1;
    /* The walk's cost grows with its lines; say so before the first point
     * rather than part way through the sweep. */
    stride = p->stride ? p->stride : d->spec.level[0].line;
    max = p->max_bytes && p->max_bytes != CHASE_MAX_MOST ? p->max_bytes : info->default_max;
    d->max = max;
    /* (A sweep's chain is one position a stride; other patterns space
     * their loads further apart, and each point checks its own.) */
    if ((p->pattern == CHASE_PATTERN_RANDOM || p->pattern == CHASE_PATTERN_SEQ || p->pattern == CHASE_PATTERN_LOCAL) &&
        max / stride > SIM_MAX_WALK_LINES) {
        snprintf(err, len, "the simulator walks at most %llu lines, and %s in steps of %s is %llu; "
                 "use a larger --stride", (unsigned long long)SIM_MAX_WALK_LINES,
                 chase_size_format(max, a, sizeof a), chase_size_format(stride, b, sizeof b),
                 (unsigned long long)(max / stride));
        sim_close(d);
        return CHASE_ENOMEM;
    }
    /* A name of the simulated device as a driver gives a GPU's UUID: the
     * same hierarchy and index, the same name, so a fleet of simulated
     * devices (CHASE_SIM_DEVICES) has one name each. */
    {
        uint32_t h = 2166136261u;
        const char *c;
        for (c = text; *c; c++)
            h = (h ^ (unsigned char)*c) * 16777619u;
        chase_kv_set(info->facts, &info->nfacts, "uuid", "SIM-%08x-%04d", (unsigned)h, p->device);
    }
    for (i = 0; i < d->spec.nlevels; i++) {
        const struct sim_level_spec *L = &d->spec.level[i];
        if (cache_init(&d->level[i], L->size / L->line / L->ways, L->line, L->ways, L->lat, L->policy) ||
            cache_shape(&d->level[i], L->sector, L->hashed)) {
            snprintf(err, len, "out of memory for level %s", L->name);
            sim_close(d);
            return CHASE_ENOMEM;
        }
        if (L->hashed == 2)
            d->level[i].salt = 0x9e3779b97f4a7c15ULL * (i + 1) | 1;
        if (info->ncaches < CHASE_MAX_CACHES) {
            snprintf(info->caches[info->ncaches].name, sizeof info->caches[0].name, "L%d", i + 1);
            info->caches[info->ncaches++].bytes = L->size;
        }
        chase_kv_set(info->facts, &info->nfacts, L->name, "%s, %llu B lines%s%s, %u ways, %g cycles, %s%s",
                     chase_size_format(L->size, a, sizeof a), (unsigned long long)L->line,
                     L->sector && L->sector < L->line ? " of " : "",
                     L->sector && L->sector < L->line ? chase_size_format(L->sector, b, sizeof b) : "",
                     L->ways, L->lat, L->policy == SIM_LRU ? "lru" : L->policy == SIM_FIFO ? "fifo" : L->policy == SIM_PLRU ? "plru" : "random",
                     L->hashed == 2 ? ", sets hashed by its own hash" : L->hashed ? ", hashed sets" : "");
        if (L->size > largest)
            largest = L->size;
    }
    if (d->spec.has_tlb &&
        cache_init(&d->level[SIM_MAX_LEVELS], d->spec.tlb_entries / d->spec.tlb_ways,
                   d->spec.tlb_page, d->spec.tlb_ways, d->spec.tlb_lat, d->spec.tlb_policy)) {
        snprintf(err, len, "out of memory for the TLB");
        sim_close(d);
        return CHASE_ENOMEM;
    }
    chase_kv_set(info->facts, &info->nfacts, "mem", "%g cycles", d->spec.mem_lat);
    if (d->spec.has_tlb) {
        chase_kv_set(info->facts, &info->nfacts, "tlb", "%u entries of %s, %u ways, +%g cycles a miss",
                     d->spec.tlb_entries, chase_size_format(d->spec.tlb_page, a, sizeof a),
                     d->spec.tlb_ways, d->spec.tlb_lat);
        if (__builtin_mul_overflow((uint64_t)d->spec.tlb_entries, d->spec.tlb_page, &reach))
            reach = UINT64_MAX;
        chase_kv_num(info->facts, &info->nfacts, "alloc_page_bytes", (double)d->spec.tlb_page);
    }
    for (i = 0; i < d->spec.ntlb_more; i++) {
        const struct sim_tlb_spec *T = &d->spec.tlb_more[i];
        uint64_t r;
        if (__builtin_mul_overflow((uint64_t)T->entries, T->page, &r))
            r = UINT64_MAX;
        if (cache_init(&d->tlb_more[i], T->entries / T->ways, T->page, T->ways, T->lat, SIM_LRU)) {
            snprintf(err, len, "out of memory for the TLB");
            sim_close(d);
            return CHASE_ENOMEM;
        }
        snprintf(b, sizeof b, "tlb%d", i + 2);
        chase_kv_set(info->facts, &info->nfacts, b, "%u entries of %s, %u ways, +%g cycles a miss", T->entries,
                     chase_size_format(T->page, a, sizeof a), T->ways, T->lat);
        if (r > reach)
            reach = r;
    }
    /* One warp for both models: mem:lanes= and a shared: section must
     * agree; either alone sets it (the nvidia preset follows mem:lanes=,
     * its phases are formed per pass, whatever the warp). */
    if (d->spec.lanes && d->spec.lanes != d->shared.lanes) {
        if (p->spec && strstr(p->spec, "shared:")) {
            snprintf(err, len, "spec: mem:lanes=%u but the shared: model has %u lanes", d->spec.lanes,
                     d->shared.lanes);
            sim_close(d);
            return CHASE_EINVAL;
        }
        d->shared.lanes = d->spec.lanes;
    }
    d->spec.lanes = d->shared.lanes;
    chase_kv_set(info->facts, &info->nfacts, "shared", "%s", d->shared.text);
    /* The model's own bound: every bank gives its width once a pass. */
    chase_kv_num(info->facts, &info->nfacts, CHASE_BOUND_SHARED,
                 (double)d->shared.banks * d->shared.bank_bytes / d->shared.issue);
    chase_kv_set(info->facts, &info->nfacts, CHASE_BOUND_FROM, "the sim spec's: %u banks of %u B, a pass every %g "
                 "cycles", d->shared.banks, d->shared.bank_bytes, d->shared.issue);
    if (d->spec.sms.count) {
        const struct sim_sms_spec *M = &d->spec.sms;
        info->units = M->count;
        info->pinnable = 1;
        if (M->far)
            chase_kv_set(info->facts, &info->nfacts, "sms", "%u multiprocessors; %u to %u far: +%g cycles where %s "
                         "serves a load", M->count, M->count - M->far, M->count - 1, M->extra, M->level);
        else
            chase_kv_set(info->facts, &info->nfacts, "sms", "%u multiprocessors, none far", M->count);
    }
    info->lanes = d->shared.lanes;
    info->block_threads = d->shared.block_threads;
    info->shared_bytes = d->shared.size;
    snprintf(info->name, sizeof info->name, "simulated hierarchy");
    snprintf(info->arch, sizeof info->arch, "sim");
    snprintf(info->timer, sizeof info->timer, "simulated cycles; ns at a %g MHz clock", d->spec.mhz);
    chase_kv_set(info->settings, &info->nsettings, "spec", "%s", text);
    if (p->carveout >= 0) {
        chase_kv_num(info->settings, &info->nsettings, "carveout", p->carveout);
        chase_kv_set(info->settings, &info->nsettings, "carveout_means", "percent given to shared memory: a "
                     "level with csize= has that size and cways= ways from %d up (simulated)", SIM_CARVE_SHARED);
    }
    if (d->remote) {
        const struct sim_remote_spec *R = d->remote;
        if (d->target == CHASE_MEMORY_PEER)
            chase_kv_set(info->settings, &info->nsettings, "memory_alloc", "peer:%d: simulated device %d's memory "
                         "(the spec's peer: a line its %s holds %g cycles, its memory %g more)", p->target.peer,
                         p->target.peer, d->spec.nlevels > (int)R->cached ? d->spec.level[d->spec.nlevels - 1].name
                                                                          : "caches",
                         R->lat, d->spec.nlevels > (int)R->cached
                                     ? fmax(0, d->spec.mem_lat - d->spec.level[d->spec.nlevels - 1].lat) : 0);
        else
            chase_kv_set(info->settings, &info->nsettings, "memory_alloc", "host: simulated host memory (the spec's "
                         "host: %g cycles a line)", R->lat);
        chase_kv_num(info->settings, &info->nsettings, "memory_reader_caches", R->cached);
        chase_kv_num(info->facts, &info->nfacts, "link_bytes_per_clock", R->bw);
        chase_kv_set(info->facts, &info->nfacts, "link", "simulated: %g B a cycle (the spec's %s: bw=)", R->bw,
                     p->target.memory == CHASE_MEMORY_PEER ? "peer" : "host");
        /* What a driver's link would bound the reads by (peak=, GB/s). */
        if (R->peak > 0)
            chase_kv_num(info->facts, &info->nfacts, "link_peak_gbs", R->peak);
    }
    chase_kv_set(info->settings, &info->nsettings, "warm", "%s",
                 d->no_warm ? "none: timed from cold caches (--no-warm)"
                            : "two traversals from cold caches before timing");
    info->default_stride = d->spec.level[0].line;
    info->clock_mhz = d->spec.mhz;
    sim_loads_describe(&d->spec, info);
    sim_bw_facts(&d->spec, info);
    /* "Most of the memory": 16 times the largest TLB's reach and 4 times
     * the largest cache at least (64 MiB at least without a TLB: no TLB
     * level to find).  Simulated memory costs nothing, but each access is
     * simulated: a TLB curve to 1 GiB whatever the TLBs' reach was two
     * thirds of a simulated report's time. */
    if (p->max_bytes == CHASE_MAX_MOST) {
        info->default_max = reach ? 1ULL << 20 : 64ULL << 20;
        while ((info->default_max / 16 < reach || info->default_max / 4 < largest) &&
               info->default_max < (1ULL << 40))
            info->default_max <<= 1;
        chase_kv_set(info->settings, &info->nsettings, "max", "%s: %s (simulated memory)",
                     chase_size_format(info->default_max, a, sizeof a),
                     reach ? "16 x the largest TLB's reach, 4 x the largest cache at least"
                           : "no TLB simulated: 4 x the largest cache, 64 MiB at least");
    }
    *devp = d;
    return CHASE_OK;
}

/* A normal deviate from two uniforms (Box-Muller), deterministic in the seed. */
static double gauss(uint64_t *s)
{
    double u = ((double)(xorshift(s) >> 11) + 0.5) / 9007199254740992.0;
    double v = ((double)(xorshift(s) >> 11) + 0.5) / 9007199254740992.0;
    return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}


/* Every cache and TLB empty and the clock at 0: each point (and each list
 * chain) starts cold, so its result depends on nothing before it. */
static void clear_all(struct sim_dev *d)
{
    int i;

    for (i = 0; i < d->spec.nlevels; i++)
        cache_clear(&d->level[i]);
    if (d->spec.has_tlb)
        cache_clear(&d->level[SIM_MAX_LEVELS]);
    for (i = 0; i < d->spec.ntlb_more; i++)
        cache_clear(&d->tlb_more[i]);
    d->clock = 0;
}
static int sim_measure(void *p, const struct chase_point *pt, struct chase_samples *out,
                       char *err, size_t len)
{
    struct sim_dev *d = p;
    struct chase_chain c;
    uint64_t k, pos = 0, per, noise_rng;
    const char *why;
    unsigned s, samples = pt->samples ? pt->samples : SIM_SAMPLES;

    if ((why = chase_chain_check(pt->stride, pt->pattern, pt->sub))) {
        snprintf(err, len, "%s", why);
        return CHASE_EINVAL;
    }
    if (pt->sm != -2 && !d->spec.sms.count) {
        snprintf(err, len, "the sim backend does not run on a chosen multiprocessor");
        return CHASE_EINVAL;
    }
    if (pt->sm >= (int)d->spec.sms.count && d->spec.sms.count) {
        snprintf(err, len, "SM %d: the simulated device has %u multiprocessors", pt->sm, d->spec.sms.count);
        return CHASE_EINVAL;
    }
    d->sm = pt->sm >= 0 ? (unsigned)pt->sm : d->run_sm;
    chase_chain_init(&c, pt->bytes, pt->stride, pt->pattern, pt->sub, pt->seed);
    if (c.n > SIM_MAX_WALK_LINES) {
        snprintf(err, len, "the simulator walks at most %llu lines; use a larger --stride",
                 (unsigned long long)SIM_MAX_WALK_LINES);
        return CHASE_ENOMEM;
    }
    if (samples > CHASE_MAX_SAMPLES)
        samples = CHASE_MAX_SAMPLES;
    /* Every point starts cold, so a point's result depends on nothing else. */
    clear_all(d);
    d->rng = (d->spec.seed ^ pt->seed) | 1;
    noise_rng = (d->spec.seed * 0x9e3779b97f4a7c15ULL ^ pt->seed ^ pt->bytes) | 1;

    /* Two traversals reach the steady state of every policy simulated here. */
    for (k = 0; k < (d->no_warm ? 0 : 2 * c.n); k++) {
        if ((k & 0xfffff) == 0 && *pt->stop)
            return CHASE_EINTR;
        load(d, chase_chain_offset(&c, pos));
        pos = pos + 1 == c.n ? 0 : pos + 1;
    }
    per = (c.n > MIN_TIMED ? c.n : MIN_TIMED) / samples;
    if (per == 0)
        per = 1;
    out->n = samples;
    for (s = 0; s < samples; s++) {
        double sum = 0;
        for (k = 0; k < per; k++) {
            sum += load(d, chase_chain_offset(&c, pos));
            pos = pos + 1 == c.n ? 0 : pos + 1;
        }
        out->cycles[s] = sum / (double)per;
        if (d->spec.noise > 0)
            out->cycles[s] *= fmax(0.05, 1 + d->spec.noise * gauss(&noise_rng));
        out->ns[s] = out->cycles[s] * 1000.0 / d->spec.mhz;
    }
    return CHASE_OK;
}

/* A list lap's untimed positions 0 .. u-1 as the GPU backend's spread
 * walk reads them (chase_list_req's spread, list_host.c): where the
 * request allows it and there are 32 positions a thread for 512 threads,
 * stretches of the chain, one a thread, the threads' i-th loads together;
 * else in order.  So a simulated level as large as a GPU's L2 is read as
 * the GPU reads it, and its tests show whether the order mattered.  (Read
 * so at every size, one random level of 75 in bench/assoc-sim-set.sh's
 * seed 3 ran out of its budget: random replacement's pruning is a matter
 * of chance whatever the order.) */
#define SIM_SPREAD_THREADS 512u
#define SIM_SPREAD_MIN_PER_THREAD 32u

static int spread_walk(const struct chase_list_req *rq, uint32_t u)
{
    return rq->spread >= SIM_SPREAD_THREADS && u >= SIM_SPREAD_THREADS * SIM_SPREAD_MIN_PER_THREAD;
}

static void spread_lap(struct sim_dev *d, const struct chase_list_req *rq, uint32_t u)
{
    uint32_t threads = SIM_SPREAD_THREADS, per, i, t;

    per = (u + threads - 1) / threads;
    for (i = 0; i < per; i++)
        for (t = 0; t < threads; t++)
            if ((uint64_t)t * per + i < u)
                load(d, rq->offset[t * per + i]);
}

/* The list hook: the host's chain from cold caches, its warm laps, then
 * each sample's laps, the last `timed` positions of each lap counted;
 * noise as a point's, on each sample.  With spread, each lap's untimed
 * positions as spread_lap reads them. */
static int sim_list(void *p, const struct chase_list_req *rq, struct chase_samples *out, char *err, size_t len)
{
    struct sim_dev *d = p;
    uint64_t walk, noise_rng;
    uint32_t k, first;
    unsigned s, lap;
    int rc;

    if (!rq)
        return CHASE_OK;
    if ((rc = chase_list_req_check(rq, d->max, err, len)) != CHASE_OK)
        return rc;
    walk = (uint64_t)rq->n * (rq->warm + (uint64_t)rq->laps * rq->samples);
    if (walk > 4 * SIM_MAX_WALK_LINES) {
        snprintf(err, len, "the simulator walks at most %llu loads a list chain, and this one is %llu",
                 (unsigned long long)(4 * SIM_MAX_WALK_LINES), (unsigned long long)walk);
        return CHASE_ENOMEM;
    }
    clear_all(d);
    d->sm = d->run_sm;
    d->lists++;
    d->rng = (d->spec.seed ^ (d->lists * 0x9e3779b97f4a7c15ULL)) | 1;
    noise_rng = (d->spec.seed * 0x9e3779b97f4a7c15ULL ^ d->lists ^ rq->n) | 1;
    first = rq->n - rq->timed;
    for (lap = 0; lap < rq->warm; lap++) {
        if (*rq->stop)
            return CHASE_EINTR;
        if (spread_walk(rq, first))
            spread_lap(d, rq, first);
        for (k = spread_walk(rq, first) ? first : 0; k < rq->n; k++)
            load(d, rq->offset[k]);
    }
    out->n = rq->samples;
    for (s = 0; s < rq->samples; s++) {
        double sum = 0;
        if (*rq->stop)
            return CHASE_EINTR;
        for (lap = 0; lap < rq->laps; lap++) {
            if (spread_walk(rq, first))
                spread_lap(d, rq, first);
            for (k = spread_walk(rq, first) ? first : 0; k < rq->n; k++) {
                double c = load(d, rq->offset[k]);
                if (k >= first)
                    sum += c;
            }
        }
        out->cycles[s] = sum / ((double)rq->laps * rq->timed);
        if (d->spec.noise > 0)
            out->cycles[s] *= fmax(0.05, 1 + d->spec.noise * gauss(&noise_rng));
        out->ns[s] = out->cycles[s] * 1000.0 / d->spec.mhz;
    }
    return CHASE_OK;
}

static int sim_shared_hook(void *p, const struct chase_shared_req *rq, struct chase_samples *out, char *err,
                           size_t len)
{
    struct sim_dev *d = p;
    return sim_shared_time(&d->shared, rq, out, err, len);
}

/* What sim_loads.c borrows: the spec, cold caches, one line's load and
 * the level that served it (nlevels: memory). */
const struct sim_spec *sim_dev_spec(void *p)
{
    return &((struct sim_dev *)p)->spec;
}

unsigned sim_dev_units(void *p)
{
    const struct sim_dev *d = p;
    return d->spec.sms.count ? d->spec.sms.count : 1;
}

uint64_t sim_dev_shared_bytes(void *p)
{
    return ((struct sim_dev *)p)->shared.size;
}

void sim_dev_cold(void *p, uint64_t seed)
{
    struct sim_dev *d = p;
    int i;
    for (i = 0; i < d->spec.nlevels; i++)
        cache_clear(&d->level[i]);
    if (d->spec.has_tlb)
        cache_clear(&d->level[SIM_MAX_LEVELS]);
    d->clock = 0;
    d->rng = (d->spec.seed ^ seed) | 1;
}

const struct sim_remote_spec *sim_dev_remote(void *p)
{
    return ((struct sim_dev *)p)->remote;
}

double sim_dev_load(void *p, uint64_t addr, int *level)
{
    struct sim_dev *d = p;
    const struct sim_spec *s = &d->spec;
    double cost = s->mem_lat;
    int i;

    *level = s->nlevels;
    for (i = 0; i < s->nlevels; i++)
        if (holds(d, i) && cache_access(d, &d->level[i], addr)) {
            *level = i;
            break;
        }
    d->sm = d->run_sm;      /* chase loads runs on the run's multiprocessor */
    cost = served(d, *level);
    if (s->has_tlb && !cache_access(d, &d->level[SIM_MAX_LEVELS], addr))
        cost += s->tlb_lat;
    return cost;
}

const struct chase_backend chase_backend_sim = {
    .abi = CHASE_BACKEND_ABI,
    .name = "sim",
    .summary = "a cache-hierarchy simulator (--sim SPEC; see chase(1))",
    .probe = sim_probe,
    .open = sim_open,
    .measure = sim_measure,
    .close = sim_close,
    .shared = sim_shared_hook,
    .loads = sim_loads,
    .bandwidth = sim_bandwidth,
    .lanes = sim_lanes,
    .async = sim_async,
    .list = sim_list,
};
