/* assoc_cmd.c: chase assoc: for each cache level the sweep finds, chains
 * of 1 .. N lines a stride apart, at strides from the line to twice the
 * level's capacity; assoc.c reads the ways, sets and replacement from them. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi/checked.h"
#include "assoc/assoc.h"
#include "assoc/assoc_run.h"
#include "core/exitcode.h"
#include "core/measure.h"
#include "core/size.h"
#include "levels/levels.h"
#include "run/run.h"
#include "run/source.h"

#define MIN_CAP 16              /* the fewest lines a stride's chains reach */
#define SHORT_CAP 32            /* ... and past the budget's strides (assoc_plan_level) */
/* Seconds one level's eviction set and policy sequences may take, so that
 * a GPU's table stays under 30 s (its L2 group took 7 s to converge on
 * one H100 and had not in 138 s on another). */
#define EVICT_SECONDS 20.0
#define BUDGET (1ULL << 30)     /* the largest working set planned (N x S), unless the device's default is larger */

/* The sweep's stride (its line), as its file says it; 0 when it says none. */
static uint64_t sweep_line(const struct chase_curve *c)
{
    const char *t = chase_meta_get(&c->meta, "stride");
    double v = t ? strtod(t, NULL) : 0;
    uint64_t u = v >= 8 && v <= (1 << 20) ? (uint64_t)v : 0;
    return u && !(u & (u - 1)) ? u : 0;
}

static uint64_t pow2_floor(uint64_t v)
{
    uint64_t p = 1;
    while (p <= v / 2)
        p *= 2;
    return p;
}

int assoc_plan_level(const struct chase_level *lv, const struct chase_level *next, uint64_t line, uint64_t budget,
                     struct chase_assoc_level *L)
{
    uint64_t hi = lv->hi ? lv->hi : lv->lo, lines, want, smax, s, bytes;
    unsigned cap;

    memset(L, 0, sizeof *L);
    snprintf(L->name, sizeof L->name, "%.31s", lv->name);
    L->lo = lv->lo;
    L->hi = lv->hi;
    L->h = lv->cycles;
    L->m = next->cycles;
    L->line = line;
    /* A fully associative level needs C / L + 1 lines to miss; twice that
     * leaves room for a policy that misses late. */
    lines = hi / line;
    cap = lines >= CHASE_ASSOC_MAX_LINES / 2 ? CHASE_ASSOC_MAX_LINES : (unsigned)(2 * lines);
    if (cap < MIN_CAP)
        cap = MIN_CAP;
    if (chase_mul_u64(pow2_floor(hi), 2, &want))
        want = pow2_floor(hi);
    smax = want;
    while (smax > line && (chase_mul_u64(smax, cap, &bytes) || bytes > budget))
        smax /= 2;
    for (s = line; s <= smax && L->nst < CHASE_ASSOC_MAX_STRIDES; s *= 2) {
        L->st[L->nst].stride = s;
        L->st[L->nst].cap = cap;
        L->nst++;
    }
    /* Past the strides the budget takes at the full cap, up to twice the
     * capacity, chains of fewer lines (the budget over the stride, SHORT_CAP
     * at least): a plain way as large as the level (a direct-mapped 8 MiB
     * L3: one line fits at 8 MiB, whose cap of 256 lines the budget did not
     * take) settles only there.  They are measured after the others, and
     * only where those ended on a knee (assoc_measure_level). */
    for (; s <= want && s > smax && L->nst < CHASE_ASSOC_MAX_STRIDES; s *= 2) {
        uint64_t c = budget / s;
        if (c < SHORT_CAP)
            break;
        L->st[L->nst].stride = s;
        L->st[L->nst].cap = c < cap ? (unsigned)c : cap;
        L->nst++;
    }
    return chase_mul_u64(L->st[L->nst - 1].stride, L->st[L->nst - 1].cap, &bytes) ? -1 : 0;
}

/* A part of one cache (levels.h) this little slower than the part before
 * it is a rise inside the cache (a TLB's reach in it), not a level a miss
 * goes to: an H100's L2 far is 1.9 x its near part. */
#define PART_RISE 1.5

/* The level a miss from level k goes to: the next one, past the parts of
 * k's own cache that rise less than PART_RISE each (this CI machine's CPU:
 * an L2 at 14 cycles, its parts at 17 and 22.6 past a TLB's reach, then the
 * L3 at 57; a threshold between 14 and 17 read an L2 hit after a TLB miss
 * as a miss). */
static const struct chase_level *miss_level(const struct chase_level *lv, size_t nlv, size_t k)
{
    size_t j = k + 1;

    while (j + 1 < nlv && chase_level_same_cache(lv[j].name, lv[k].name) && chase_level_part(lv[j].name) &&
           lv[j - 1].cycles > 0 && lv[j].cycles < PART_RISE * lv[j - 1].cycles)
        j++;
    return &lv[j];
}

/* Where the cache the level `name` is part of ends: its last part's edge
 * among the sweep's levels (0: not found). */
static uint64_t cache_end(const struct chase_level *lv, size_t nlv, const char *name)
{
    uint64_t end = 0;
    size_t j;

    for (j = 0; j < nlv; j++)
        if (chase_level_same_cache(lv[j].name, name) && lv[j].hi > end)
            end = lv[j].hi;
    return end;
}

/* The levels to probe and the allocation they need.  0 or an exit status. */
static int plan_levels(struct chase_run *r, uint64_t line, uint64_t budget)
{
    struct assoc_state *st = r->state;
    const struct chase_opts *o = r->o;
    size_t k, j;

    st->line = line;
    st->budget = budget;
    st->n = st->total = 0;
    st->need = 0;
    chase_level_asked(o, r->lv, r->nlv, "assoc");
    for (k = 0; k + 1 < r->nlv && st->n < CHASE_MAX_LEVELS; k++) {
        struct chase_assoc_level *L = &st->ll[st->n];
        uint64_t bytes;
        if (!chase_level_probed(o, &r->lv[k]))
            continue;
        if (assoc_plan_level(&r->lv[k], miss_level(r->lv, r->nlv, k), line, budget, L)) {
            fprintf(stderr, "chase: assoc: %s: the chains' bytes overflow\n", L->name);
            return CHASE_EXIT_USAGE;
        }
        bytes = 0;
        for (j = 0; j < L->nst; j++)
            if (L->st[j].stride * L->st[j].cap > bytes)
                bytes = L->st[j].stride * L->st[j].cap;
        /* Room for an eviction set's pool: 64 times the level (the pool
         * keeps to one set of the level in front, a line in every way of
         * it), as far as the budget goes; pages no list touches are never
         * touched. */
        {
            uint64_t hi = L->hi ? L->hi : L->lo, region = 1;
            while (region < budget && region / 64 < hi)
                region *= 2;
            if (region > bytes)
                bytes = region;
        }
        if (bytes > st->need)
            st->need = bytes;
        if (L->st[L->nst - 1].stride > st->largest)
            st->largest = L->st[L->nst - 1].stride;
        st->total += L->nst * L->st[0].cap;
        st->n++;
    }
    if (!st->n)
        return chase_levels_none(o, "assoc", "sets");
    return 0;
}

/* Room for the largest chain: the largest stride times its cap.  The
 * stride said is that chain's (a backend sizes its checks by it). */
static void probe_params(const struct chase_run *r, struct chase_params *p)
{
    const struct assoc_state *st = r->state;

    memset(p, 0, sizeof *p);
    p->carveout = r->o->carveout;
    p->sm = r->o->sm;
    p->max_bytes = st->need;
    p->stride = st->largest;
    p->pattern = CHASE_PATTERN_RANDOM;
}

/* With --from's levels and a stride, open once with room for every
 * chain; else with the defaults, and again when they are too small. */
static int params(struct chase_run *r, struct chase_params *p)
{
    uint64_t line;
    int code;

    if (!r->o->from || !(line = sweep_line(&r->curve)))
        return CHASE_PARAMS_DEFAULT;
    ((struct assoc_state *)r->state)->line_from_sweep = 1;
    if ((code = plan_levels(r, line, BUDGET)))
        return code;
    probe_params(r, p);
    return 0;
}

static int prepare(struct chase_run *r)
{
    struct assoc_state *st = r->state;
    struct chase_params p;
    uint64_t line = sweep_line(&r->curve);
    uint64_t budget = r->s.info.default_max > BUDGET ? r->s.info.default_max : BUDGET;
    int code;

    st->line_from_sweep = line != 0;
    if (!line)
        line = r->s.info.default_stride ? r->s.info.default_stride : 64;
    if ((code = plan_levels(r, line, budget)))
        return code;
    /* Opened with room enough (params' own, or the device's default)? */
    if (st->need <= (r->p.max_bytes && r->p.max_bytes != CHASE_MAX_MOST ? r->p.max_bytes : r->s.info.default_max))
        return 0;
    probe_params(r, &p);
    return chase_run_reopen(r, &p);
}

static int describe(struct chase_run *r)
{
    const struct assoc_state *st = r->state;
    struct chase_meta *meta = &r->s.meta;
    char a[32], b[32];
    size_t k;

    chase_meta_add(meta, "levels_from", "%s", r->o->from ? r->o->from : "a default sweep run first");
    chase_meta_num(meta, "line_bytes", (double)st->line);
    chase_meta_add(meta, "line_from", "%s", st->line_from_sweep ? "the sweep's stride (its file's metadata "
                   "'stride')" : r->o->from ? "the device's default stride (the sweep's file names none)"
                   : "the default sweep's stride: the device's default");
    chase_meta_add(meta, "probe", "chains of N lines S bytes apart (the lines at multiples of S in N x S bytes), "
                   "each a random cycle through them (in address order a CPU's stride prefetcher hid the L1's "
                   "misses), N from 1 up to the first that misses and a quarter more, at "
                   "strides S from the line doubling to twice the capacity, the largest first; a stride below "
                   "one without a knee up to the cap is not measured; N x S at most %s: strides past those the "
                   "full cap allows take fewer lines, measured last and only while each shows a knee",
                   chase_size_format(st->budget, a, sizeof a));
    chase_meta_add(meta, "miss_rule", "a point misses when it costs more than %g of the way from the level's "
                   "latency to the next level's (the sweep's plateaus); the knee is the most lines before the "
                   "first miss; where those knees disagree, they are read at %g of the way, kept only where they "
                   "agree and the cycle of ways + 1 lines misses as LRU or FIFO do (the level's ways_how says so)",
                   CHASE_ASSOC_MISS_SHARE, CHASE_ASSOC_SHARP_SHARE);
    for (k = 0; k < st->n; k++) {
        char key[64];
        const struct chase_assoc_level *L = &st->ll[k];
        /* "L2_near.strides": a key with a blank is a comment in TSV. */
        chase_meta_level_key(key, sizeof key, L->name, "strides");
        {
            char shorter[160] = "";
            size_t j;
            for (j = 1; j < L->nst; j++)
                if (L->st[j].cap != L->st[0].cap)
                    chase_assoc_append(shorter, sizeof shorter, "%s%u at %s", shorter[0] ? ", " : " (",
                                       L->st[j].cap, chase_size_format(L->st[j].stride, a, sizeof a));
            chase_meta_add(meta, key, "%s .. %s, up to %u lines%s%s", chase_size_format(L->st[0].stride, a, sizeof a),
                           chase_size_format(L->st[L->nst - 1].stride, b, sizeof b), L->st[0].cap, shorter,
                           shorter[0] ? ")" : "");
        }
    }
    if (r->s.ops->list) {
        chase_meta_add(meta, "evict", "where no stride shows a knee: a probe line x timed alone after a group "
                       "of random lines (the list chain's last position), the group grown by doubling until x "
                       "misses, then pruned chunk by chunk to the lines x needs; the ways: the fewest of them "
                       "whose lap with x misses; the sets: the driver's capacity (or the sweep's, a power of "
                       "two) over line x ways; a level whose policy reads neither LRU, FIFO nor a tree has its set "
                       "built again from another pool, and counts more than 2 apart are not resolved, as is a first count under "
                       "the lines its pruning left where the second build does not resolve; loads: positions x laps the "
                       "backend walked (the cpu backend walks at least step^2 / 6 laps a sample, 128 at most, where "
                       "it times 4 loads or fewer and its counter moves in steps), the budget checked before each "
                       "list chain against those it asks for");
        chase_meta_add(meta, "policy_probe", "three sequences over x and the ways lines of its set, whole laps "
                       "timed: a cycle (LRU, FIFO and a tree pseudo-LRU miss all, random about 2 a lap), hot lines "
                       "visited twice (LRU keeps them, FIFO does not) and half the lines visited twice (LRU misses "
                       "half the ways and one, the tree 2); a policy (lru, fifo, random, plru) is ruled out where the "
                       "misses a lap lie further from its prediction than %g or 4 standard errors; lru-like where "
                       "none fits, LRU is within 1 miss a lap in each and a sequence sets each other 3 or more "
                       "apart from it", 0.45);
        if (r->o->also_carveout < 0)
            chase_meta_add(meta, "not_measured", "the L1's ways at a second carveout (--also-carveout PCT)");
    } else
        chase_meta_add(meta, "not_measured", "eviction sets and the replacement sequences (this backend has no "
                       "list chains)%s", r->o->also_carveout < 0 ? ", and the L1's ways at a second carveout "
                       "(--also-carveout PCT)" : "");
    if (r->o->also_carveout >= 0)
        chase_meta_add(meta, "also_carveout", "%d: the first level again after the others, the device opened at "
                       "this carveout, its capacity from a sweep of it there (results: also_carveout)",
                       r->o->also_carveout);
    return 0;
}

/* One point: its row streamed, its cycles kept.  0 or an exit status. */
static int point(struct chase_run *r, struct chase_measure *m, struct chase_assoc_level *L,
                 struct chase_assoc_curve *C, unsigned lines, int again)
{
    struct assoc_state *st = r->state;
    char err[CHASE_ERRLEN], a[32], detail[96];
    struct chase_row row;
    uint64_t bytes;
    int rc;

    if (chase_mul_u64(C->stride, lines, &bytes))
        return CHASE_EXIT_USAGE;
    rc = chase_measure_point(m, bytes, C->stride, &row, err, sizeof err);
    if (rc == CHASE_EINTR || chase_stop)
        return chase_signal_exit();
    if (rc != CHASE_OK) {
        chase_progress_done(&r->s);
        fprintf(stderr, "chase: %s at %s: %s\n", r->s.slot->name, chase_size_format(bytes, a, sizeof a), err);
        return chase_exit_for(rc);
    }
    /* Measured again: the lower median is kept (an agent beside the
     * chain only ever adds misses); both rows are in the file. */
    if (!again || row.cycles < C->cycles[lines - 1])
        C->cycles[lines - 1] = row.cycles;
    if (!again)
        C->n = lines;
    r->kept++;
    if (!r->s.human) {
        struct chase_assoc_point p = {L->name, C->stride, lines, bytes, row.cycles, row.ns, row.samples};
        if (chase_writer_put(&r->s.w, &p))
            return chase_session_write_failed(&r->s);
    }
    snprintf(detail, sizeof detail, "%.15s stride %s %3u lines %8.1f cyc", L->name,
             chase_size_format(C->stride, a, sizeof a), lines, row.cycles);
    chase_progress(&r->s, "assoc", again ? st->done : ++st->done, st->total, detail);
    return 0;
}

/* Under any of the policies a chain of more lines of one stride misses no
 * less: a point above a later one by more than RECHECK_SHARE of the step
 * met something else (a burst of another agent's accesses, an interrupt)
 * and is measured again, up to RECHECK_TRIES times. */
#define RECHECK_SHARE 0.1
#define RECHECK_TRIES 2

static int recheck(struct chase_run *r, struct chase_measure *m, struct chase_assoc_level *L,
                   struct chase_assoc_curve *C)
{
    double tol = RECHECK_SHARE * (L->m - L->h), later;
    unsigned i, k;
    int code;

    if (!(tol > 0) || C->n < 2)
        return 0;
    for (i = C->n - 1; i-- > 0;) {
        later = C->cycles[i + 1];
        for (k = i + 2; k < C->n; k++)
            later = C->cycles[k] < later ? C->cycles[k] : later;
        for (k = 0; k < RECHECK_TRIES && C->cycles[i] > later + tol; k++)
            if ((code = point(r, m, L, C, i + 1, 1)))
                return code;
    }
    return 0;
}

/* Whether a stride's chains may stop at `lines`: a quarter past the first
 * miss (at least 3 more), and past half the step too (the knees may be
 * read there, assoc.h).  *first and *sharp carry the stride's state. */
static int enough(const struct chase_assoc_curve *C, unsigned lines, double t, double half, unsigned *first,
                  unsigned *sharp)
{
    if (!*first && C->cycles[lines - 1] > t)
        *first = lines;
    if (!*sharp && C->cycles[lines - 1] > half)
        *sharp = lines;
    return *first && *sharp && lines >= *first + (*first / 4 > 3 ? *first / 4 : 3);
}

/* One stride: 1 .. cap lines, until enough. */
static int measure_stride(struct chase_run *r, struct chase_measure *m, struct chase_assoc_level *L,
                          struct chase_assoc_curve *C)
{
    double t = chase_assoc_threshold(L), half = L->h + CHASE_ASSOC_SHARP_SHARE * (L->m - L->h);
    unsigned lines, first = 0, sharp = 0;
    int code;

    for (lines = 1; lines <= C->cap; lines++) {
        if ((code = point(r, m, L, C, lines, 0)))
            return code;
        if (enough(C, lines, t, half, &first, &sharp))
            break;
    }
    if ((code = recheck(r, m, L, C)))
        return code;
    C->knee = chase_assoc_knee(C->cycles, C->n, t);
    return 0;
}

int assoc_measure_level(struct chase_run *r, struct chase_measure *m, struct chase_assoc_level *L)
{
    size_t full = 0, i;
    int seen = 0, code;

    /* The strides of the full cap, the largest first; then those of fewer
     * lines past them, the smallest first, while each shows a knee (the
     * way may lie further), only where the largest full one did. */
    while (full < L->nst && L->st[full].cap == L->st[0].cap)
        full++;
    i = full;
    while (i-- > 0) {
        if ((code = measure_stride(r, m, L, &L->st[i])))
            return code;
        if (L->st[i].knee)
            seen = 1;
        else if (seen || i + 2 <= full) {
            L->below = i ? L->st[i].stride : 0;
            break;
        }
    }
    for (i = full; i < L->nst && L->st[i - 1].n && L->st[i - 1].knee; i++)
        if ((code = measure_stride(r, m, L, &L->st[i])))
            return code;
    return 0;
}

/* The list hook, for assoc_evict.c: one chain's samples. */
int assoc_list_run(void *ctx, const uint64_t *off, uint32_t n, uint32_t timed, unsigned warm, unsigned laps,
                    unsigned samples, unsigned spread, double *cycles, unsigned *got,
                    uint64_t *walked)
{
    struct chase_run *r = ctx;
    struct chase_list_req rq = {off, n, timed, warm, laps, samples, &chase_stop, spread};
    struct chase_samples out;
    char err[CHASE_ERRLEN];
    unsigned k;
    int rc;

    memset(&out, 0, sizeof out);
    rc = r->s.ops->list(r->s.dev, &rq, &out, err, sizeof err);
    if (rc == CHASE_EINTR || chase_stop)
        return chase_signal_exit();
    if (rc != CHASE_OK) {
        chase_progress_done(&r->s);
        fprintf(stderr, "chase: %s: a list chain of %u lines: %s\n", r->s.slot->name, n, err);
        return chase_exit_for(rc);
    }
    for (k = 0; k < out.n && k < CHASE_MAX_SAMPLES; k++)
        cycles[k] = out.cycles[k];
    *got = k;
    *walked = out.laps;
    return 0;
}

/* Flushed chains (level k behind plain nearer levels): each lap fill
 * lines at odd multiples of unit (the largest nearer way), then the chain
 * of N lines S apart (S at least 2 x unit), only the chain timed.  The
 * filling lines share the chain's set in every nearer level and evict it
 * there, so every access of the chain reaches this level; here they lie
 * in other sets than the chain's (odd multiples of unit against multiples
 * of 2 x unit) where this level's way is at least 2 x unit, as it is
 * where a nearer level hides it.  FLUSH_TIMED: the chain's timed accesses
 * a sample, at least (a random level's misses read by a share); few, as
 * each lap costs the fill lines too (a sim run stays within seconds). */
#define FLUSH_TIMED 128
#define FLUSH_SAMPLES 3

static int flushed_point(struct chase_run *r, struct chase_assoc_level *L, struct chase_assoc_curve *C,
                         unsigned lines, uint64_t unit, unsigned fill, uint64_t *off, uint64_t *rng)
{
    struct assoc_state *st = r->state;
    double v[CHASE_MAX_SAMPLES], med;
    char a[32], detail[96];
    unsigned i, got = 0, laps;
    uint64_t walked;    /* no budget here: the strides' chains bound these */
    int code;

    for (i = 0; i < fill; i++)
        off[i] = (2 * (uint64_t)i + 1) * unit;
    /* The chain's lines in a random cycle, as a point's are. */
    for (i = 0; i < lines; i++)
        off[fill + i] = (uint64_t)i * C->stride;
    for (i = lines; i > 1; i--) {
        uint64_t x = *rng, t;
        unsigned j;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *rng = x;
        j = (unsigned)(x % i);
        t = off[fill + i - 1];
        off[fill + i - 1] = off[fill + j];
        off[fill + j] = t;
    }
    laps = (FLUSH_TIMED + lines - 1) / lines;
    if (laps < 2)
        laps = 2;
    if ((code = assoc_list_run(r, off, fill + lines, lines, 2, laps, FLUSH_SAMPLES, 0, v, &got, &walked)))
        return code;
    if (!got)
        return CHASE_EXIT_FAIL;
    for (i = 1; i < got; i++) {
        double t = v[i];
        unsigned j = i;
        for (; j > 0 && v[j - 1] > t; j--)
            v[j] = v[j - 1];
        v[j] = t;
    }
    med = got % 2 ? v[got / 2] : (v[got / 2 - 1] + v[got / 2]) / 2;
    C->cycles[lines - 1] = med;
    C->n = lines;
    snprintf(detail, sizeof detail, "%.15s stride %s %3u lines %8.1f cyc (flushed)", L->name,
             chase_size_format(C->stride, a, sizeof a), lines, med);
    chase_progress(&r->s, "assoc", st->done, st->total, detail);
    return 0;
}

/* Level L's strides from 2 x unit up measured again as flushed chains,
 * the largest first, each up to a quarter past its first miss; as
 * measure_level, two largest without a knee end it.  0 or an exit status;
 * *done: some stride was measured (else nothing changed). */
static int measure_flushed(struct chase_run *r, struct chase_assoc_level *L, uint64_t unit, unsigned fill,
                           uint64_t alloc, int *done)
{
    double t = chase_assoc_threshold(L), half = L->h + CHASE_ASSOC_SHARP_SHARE * (L->m - L->h);
    uint64_t *off, rng = (r->o->seed ^ 0x2545f4914f6cdd1dULL) | 1, top;
    struct chase_assoc_curve *keep;
    size_t i = L->nst;
    int seen = 0, code = 0;

    *done = 0;
    if (!unit || !L->nst || (2 * (uint64_t)fill + 1) * unit > alloc)
        return 0;
    off = malloc(((size_t)fill + CHASE_ASSOC_MAX_LINES) * sizeof *off);
    keep = malloc(sizeof L->st);
    if (!off || !keep) {
        free(off);
        free(keep);
        fprintf(stderr, "chase: assoc: out of memory for a flushed chain\n");
        return CHASE_EXIT_FAIL;
    }
    memcpy(keep, L->st, sizeof L->st);
    while (i-- > 0 && L->st[i].stride >= 2 * unit) {
        struct chase_assoc_curve *C = &L->st[i];
        unsigned lines, first = 0, sharp = 0;
        if (chase_mul_u64(C->stride, C->cap, &top) || top > alloc)
            continue;
        C->n = 0;
        C->flushed = 1;
        *done = 1;
        for (lines = 1; lines <= C->cap; lines++) {
            if ((code = flushed_point(r, L, C, lines, unit, fill, off, &rng)))
                goto out;
            if (enough(C, lines, t, half, &first, &sharp))
                break;
        }
        /* One line of the chain missing: the filling lines share its set
         * here (this level's way no more than the unit, as a 32-way L2 of
         * 8 KiB ways behind a 2-way L1 of 16 KiB): the flushed chains say
         * nothing of it, and the first ones stand. */
        if (C->cycles[0] > t) {
            memcpy(L->st, keep, sizeof L->st);
            *done = 0;
            break;
        }
        C->knee = chase_assoc_knee(C->cycles, C->n, t);
        if (C->knee)
            seen = 1;
        else if (seen || i + 2 <= L->nst)
            break;
    }
out:
    free(off);
    free(keep);
    return code;
}

uint64_t assoc_driver_bytes(const struct chase_run *r, const char *name)
{
    int i;
    for (i = 0; i < r->s.info.ncaches; i++)
        if (!strcmp(r->s.info.caches[i].name, name))
            return r->s.info.caches[i].bytes;
    return 0;
}

/* Level k's eviction set and policy, where every level of the sweep in
 * front of it was measured.  0 or an exit status. */
static int evict_level(struct chase_run *r, size_t k, uint64_t alloc)
{
    struct assoc_state *st = r->state;
    struct chase_assoc_level *L = &st->ll[k];
    size_t front = 0;

    /* A level of the sweep in front that was not measured (--level): its
     * sets are unknown and it may hold what is meant for this one. */
    while (front < r->nlv && strcmp(r->lv[front].name, L->name))
        front++;
    if (front > k) {
        snprintf(L->evict_how, sizeof L->evict_how, "not built: %s in front was not measured (--level), so "
                 "nothing keeps it from holding the lines", r->lv[front - 1].name);
        snprintf(L->policy_how, sizeof L->policy_how, "not tested: %s in front was not measured (--level)",
                 r->lv[front - 1].name);
        return 0;
    }
    return assoc_evict_level(r, L, st->ll, k, k, alloc, assoc_driver_bytes(r, L->name));
}

/* Whether a policy decides which line goes (so an eviction set's count,
 * and the sequences over it, do not drift from build to build). */
static int steady_policy(const char *policy)
{
    return !strcmp(policy, "lru") || !strcmp(policy, "fifo") || !strcmp(policy, "plru") ||
           !strcmp(policy, "lru-like") || !strcmp(policy, "direct-mapped");
}

/* Whether a level in front is hashed: a count behind it rests on that
 * level passing a long lap whole, and is built again to be taken. */
static int behind_hashed(const struct chase_assoc_level *near, size_t nnear)
{
    size_t i;
    for (i = 0; i < nnear; i++)
        if (!near[i].plain)
            return 1;
    return 0;
}

/* Eviction sets more than this many ways apart do not confirm each other. */
#define CONFIRM_WAYS 2

/* The last clause of an eviction set's account (after its last ';'),
 * where its verdict is, and the one before where that is only "not
 * resolved": what a build that did not resolve says of why. */
static const char *verdict(const char *how)
{
    const char *v = strrchr(how, ';');

    if (v && !strcmp(v, "; not resolved"))
        while (v > how && v[-1] != ';')
            v--;
    else if (v)
        v++;
    else
        v = how;
    while (*v == ' ')
        v++;
    return *v ? v : how;
}

/* An eviction set of a level that read neither LRU, FIFO nor a tree is
 * built again from another pool (pre: the level before the first; its
 * prober's budget anew).  Random replacement keeps lines of other sets
 * through pruning and lets the count drift: an H100's L1 at carveout 100
 * read 40-43 ways in 15 runs, then 86 in a report (an eviction set of 126
 * lines pruned from 562, 86 of them "needed").  Counts further apart than
 * CONFIRM_WAYS withdraw the ways, sets and policy, as does a second build
 * that does not resolve where the first counted fewer lines than its
 * pruning left; the second build's own verdict is quoted (a third pool,
 * tried where the second did not resolve, changed no verdict in the
 * simulated sets nor on an H200's L1 at carveout 100: not kept).  0 or an
 * exit status. */
static int confirm_ways(struct chase_run *r, struct chase_assoc_level *L, const struct chase_assoc_level *pre,
                        const struct chase_assoc_level *near, size_t nnear, size_t k, uint64_t alloc,
                        uint64_t driver, struct chase_assoc_prober *pr)
{
    struct chase_assoc_level *T = malloc(sizeof *T);
    unsigned first = L->ways;
    int code;

    if (!T) {
        fprintf(stderr, "chase: assoc: out of memory\n");
        return CHASE_EXIT_FAIL;
    }
    *T = *pre;
    pr->loads = pr->lists = 0;
    pr->start = pr->last = 0;
    pr->over = 0;
    if ((code = chase_assoc_evict(T, near, nnear, alloc, r->o->seed ^ (0x2f1b3c5dULL * (k + 7)), driver, pr))) {
        free(T);
        return code;
    }
    if (!T->ways)
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " built again from another pool (its policy is %s): "
                           "not resolved there (%.200s);", L->policy, verdict(T->evict_how));
    if (!T->ways && first == L->pruned && L->evicted) {
        /* Every line pruning left was needed, and the count agrees: no
         * line of another set stayed (an H100's L2 near: pruned to 16,
         * 16 counted, the second pool not resolving in one run of three). */
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " the first count stands unconfirmed, every line its "
                           "pruning left counted (%u);", first);
        free(T);
        return 0;
    }
    if (!T->ways)
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " the first count (%u) is not every line its pruning "
                           "left (%u): not resolved", first, L->pruned);
    else if (T->ways + CONFIRM_WAYS >= first && first + CONFIRM_WAYS >= T->ways) {
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " built again from another pool (its policy is %s): "
                           "%u ways, within %d of these;", L->policy, T->ways, CONFIRM_WAYS);
        free(T);
        return 0;
    } else
        chase_assoc_append(L->evict_how, sizeof L->evict_how, " built again from another pool (its policy is %s): "
                           "%u ways, against %u: not resolved", L->policy, T->ways, first);
    /* Not confirmed: an H100's L2 near read 9 ways in two runs of three on
     * one board (a lap of x and 9 lines missed 1.0 a lap; its group was
     * pruned to 16, the 16 of every run before), the second pool not
     * resolving. */
    if (T->ways)
        chase_assoc_append(L->ways_how, sizeof L->ways_how, "; not resolved: two eviction sets read %u and %u "
                           "ways (evict_how)", first, T->ways);
    else
        chase_assoc_append(L->ways_how, sizeof L->ways_how, "; not resolved: a second eviction set, from another "
                           "pool, did not resolve (evict_how)");
    snprintf(L->sets_how, sizeof L->sets_how, "not resolved: the ways were not");
    snprintf(L->check, sizeof L->check, "not resolved");
    snprintf(L->indexing, sizeof L->indexing, "not resolved: %s", T->ways ? "two eviction sets disagreed" :
             "a second eviction set did not resolve");
    snprintf(L->policy, sizeof L->policy, "undetermined");
    chase_assoc_append(L->policy_how, sizeof L->policy_how, "; not taken: the ways were not resolved");
    L->evicted = 0;
    L->ways = 0;
    L->ngroup = 0;
    L->way_bytes = L->sets = L->capacity = 0;
    L->in_interval = 0;
    free(T);
    return 0;
}

/* The pages the device's last data TLB holds, from the driver's figures
 * (the cpu backend's cpuid ones); 0: none given. */
static uint64_t tlb_pages(const struct chase_devinfo *info)
{
    static const char *const keys[] = {"dtlb2_4k_entries", "dtlb1_4k_entries"};
    size_t j;
    int i;

    for (j = 0; j < sizeof keys / sizeof keys[0]; j++)
        for (i = 0; i < info->nfacts; i++)
            if (!strcmp(info->facts[i].key, keys[j]) && info->facts[i].is_num && info->facts[i].num >= 1)
                return (uint64_t)info->facts[i].num;
    return 0;
}

int assoc_evict_level(struct chase_run *r, struct chase_assoc_level *L, const struct chase_assoc_level *near,
                      size_t nnear, size_t k, uint64_t alloc, uint64_t driver)
{
    struct chase_assoc_level *pre = NULL;
    struct chase_assoc_prober pr;
    uint64_t hi = L->hi ? L->hi : L->lo, lines = 3 * (hi / L->line) + 64;
    int code = 0;
    unsigned i;

    if (lines > CHASE_LIST_MAX)
        lines = CHASE_LIST_MAX;
    memset(&pr, 0, sizeof pr);
    pr.run = assoc_list_run;
    pr.ctx = r;
    pr.lines = lines;
    /* Several times what pruning takes under LRU (some hundred chunk
     * tests of the level's lines, three laps each), and what it takes by
     * shares under random replacement of 32 ways (a simulated L2 of 32 x
     * 512, hashed: 127-131 M loads, 7800-8000 a line): a policy that keeps
     * the group from converging is not resolved rather than left running. */
    pr.budget = 8192 * (hi / L->line) + (1ULL << 25);
    /* The simulator is bounded by the loads alone: what it reads must not
     * depend on how fast the machine runs it (a sanitizer build beside
     * other work ran a simulated L3's 20 s out at 7 M loads, which a quiet
     * one resolves within its budget). */
    pr.seconds = strcmp(r->s.slot->name, "sim") ? EVICT_SECONDS : 0;
    pr.tlb_pages = tlb_pages(&r->s.info);
    pr.pool = malloc(lines * sizeof *pr.pool);
    pr.tmp = malloc(lines * sizeof *pr.tmp);
    pr.buf = malloc((2 * lines + 2) * sizeof *pr.buf);
    if (!pr.pool || !pr.tmp || !pr.buf) {
        fprintf(stderr, "chase: assoc: out of memory for %llu lines\n", (unsigned long long)lines);
        code = CHASE_EXIT_FAIL;
        goto out;
    }
    /* Ways from strides whose knees do not halve below the way (a hashed
     * index, where random overflows make a knee at every stride) are
     * checked by an eviction set, which replaces them where it resolves. */
    if (!L->ways || !L->plain) {
        struct chase_assoc_level keep = *L;
        if (L->ways) {
            L->ways = 0;
            L->sets = L->way_bytes = L->capacity = 0;
        }
        if (!(pre = malloc(sizeof *pre))) {
            fprintf(stderr, "chase: assoc: out of memory\n");
            code = CHASE_EXIT_FAIL;
            goto out;
        }
        *pre = *L;
        if ((code = chase_assoc_evict(L, near, nnear, alloc, r->o->seed ^ (0x51ed27ULL * (k + 1)), driver, &pr)))
            goto out;
        if (L->ways && keep.ways && keep.ways != L->ways && isfinite(keep.miss_share)) {
            /* The strides' class came from a cycle of their ways + 1 lines,
             * not these ways + 1 (a simulated random L1 of 40 ways x 4 sets
             * knees at 164 lines: "a cycle of 165 lines hits 94%"). */
            snprintf(L->replacement, sizeof L->replacement, "not resolved");
            snprintf(L->repl_how, sizeof L->repl_how, "not resolved: the strides' cycle of %u lines was their ways "
                     "+ 1, not the eviction set's %u + 1", keep.ways + 1, L->ways);
            L->miss_share = NAN;
        }
        if (!L->ways && keep.ways) {
            char how[sizeof L->evict_how];
            snprintf(how, sizeof how, "%s", L->evict_how);
            *L = keep;
            snprintf(L->evict_how, sizeof L->evict_how, "%s", how);
            /* Flushed knees not seen to halve below the way: their fill
             * lines lie in other sets of a plain level only, and in a
             * hashed one they land among the chain's (a direct-mapped
             * hashed L2 read 1 way of 16 sets), so they stand for nothing. */
            if (L->sets && !L->in_interval && !L->st[L->from].flushed) {
                /* Knees that do not halve below the way, a shape outside
                 * the sweep's interval, and no eviction set: nothing holds
                 * the figure up (an H100's L1 at carveout 100: "169 x 1 x
                 * 128 B = 21.1 KiB" outside the sweep's 20.2-20.8 KiB, its
                 * eviction set not resolved; two others read 41 ways). */
                L->ways = 0;
                L->way_bytes = L->sets = L->capacity = 0;
                chase_assoc_append(L->ways_how, sizeof L->ways_how, "; not resolved: knees not seen to halve below "
                                   "the way, a shape outside the sweep's interval (%s), and no eviction set",
                                   L->check);
                snprintf(L->sets_how, sizeof L->sets_how, "not resolved: the knees were not seen to halve below "
                         "the way");
                snprintf(L->check, sizeof L->check, "not resolved");
                snprintf(L->replacement, sizeof L->replacement, "not resolved");
                L->miss_share = NAN;
            } else if (L->st[L->from].flushed) {
                L->ways = 0;
                L->way_bytes = L->sets = L->capacity = 0;
                L->in_interval = 0;
                chase_assoc_append(L->ways_how, sizeof L->ways_how, "; not resolved: flushed knees not seen to "
                                   "halve below the way (the fill lines share the chain's sets in a hashed level), "
                                   "and no eviction set");
                snprintf(L->sets_how, sizeof L->sets_how, "not resolved: the knees were not seen to halve below "
                         "the way");
                snprintf(L->check, sizeof L->check, "not resolved");
                snprintf(L->replacement, sizeof L->replacement, "not resolved");
            }
        }
    } else if (L->plain && L->way_bytes && (uint64_t)(L->ways + 1) * L->way_bytes <= alloc) {
        /* Plain sets: the lines a way apart share x's set. */
        L->probe_x = 0;
        for (i = 0; i < L->ways && i < CHASE_ASSOC_MAX_LINES; i++)
            L->group[i] = (uint64_t)(i + 1) * L->way_bytes;
        L->ngroup = i;
    }
    code = chase_assoc_policy(L, near, nnear, &pr);
    if (!code && L->ways_contradicted) {
        /* One H100 L1 of four, measured beside three other reports, gave
         * an eviction set of 3 lines whose cycle missed every line and
         * whose hot sequence 0.42 a lap: the set held more than 3. */
        chase_assoc_append(L->ways_how, sizeof L->ways_how, "; not resolved: a sequence of ways + 1 of the set's "
                           "lines missed less than one a lap (policy_how), so the set holds more than %u", L->ways);
        snprintf(L->sets_how, sizeof L->sets_how, "not resolved: the ways were not");
        snprintf(L->check, sizeof L->check, "not resolved");
        snprintf(L->replacement, sizeof L->replacement, "not resolved: the ways were not");
        L->miss_share = NAN;
        if (L->evicted)
            snprintf(L->indexing, sizeof L->indexing, "not resolved: the eviction set's ways were contradicted");
        L->evicted = 0;     /* index: undetermined, as indexing says */
        L->ways = 0;
        L->way_bytes = L->sets = L->capacity = 0;
        L->in_interval = 0;
    } else if (!code && pre && L->evicted && L->ways > 1 && (!steady_policy(L->policy) || behind_hashed(near, nnear)))
        code = confirm_ways(r, L, pre, near, nnear, k, alloc, driver, &pr);
out:
    free(pre);
    free(pr.pool);
    free(pr.tmp);
    free(pr.buf);
    return code;
}

static int measure(struct chase_run *r)
{
    struct assoc_state *st = r->state;
    struct chase_measure m;
    char err[CHASE_ERRLEN];
    uint64_t alloc = r->p.max_bytes && r->p.max_bytes != CHASE_MAX_MOST ? r->p.max_bytes : r->s.info.default_max;
    int lists;
    size_t k;
    int code;
    uint64_t unit;
    unsigned fill;
    size_t i;

    snprintf(err, sizeof err, "this backend has no list chains");
    lists = r->s.ops->list && r->s.ops->list(r->s.dev, NULL, NULL, err, sizeof err) == CHASE_OK;

    if (!r->s.human && chase_writer_table(&r->s.w, &chase_assoc_points_table)) {
        r->failed = 1;
        return chase_session_write_failed(&r->s);
    }
    memset(&m, 0, sizeof m);
    m.ops = r->s.ops;
    m.dev = r->s.dev;
    m.pattern = CHASE_PATTERN_RANDOM;
    m.repeat = r->o->repeat ? r->o->repeat : 1;
    m.seed = r->o->seed;
    m.sm = -2;
    for (k = 0; k < st->n; k++) {
        if ((code = assoc_measure_level(r, &m, &st->ll[k]))) {
            r->failed = 1;
            return code;
        }
        for (i = 0; i < k; i++)
            st->ll[k].behind_random |= st->ll[i].plain && st->ll[i].ways > 1 &&
                                       !strncmp(st->ll[i].replacement, "random", 6);
        chase_assoc_analyze(&st->ll[k]);
        /* Behind a random nearer level, or one whose knee may be what this
         * level's chains show: its strides past the nearer ways again, with
         * lines that evict the chain from every nearer level. */
        if (k && lists && chase_assoc_flush_wanted(&st->ll[k], st->ll, k, &unit, &fill)) {
            char a[32], b[32];
            int done;
            if ((code = measure_flushed(r, &st->ll[k], unit, fill, alloc, &done))) {
                r->failed = 1;
                return code;
            }
            chase_assoc_analyze(&st->ll[k]);
            if (done)
                chase_assoc_append(st->ll[k].ways_how, sizeof st->ll[k].ways_how, " (strides from %s measured "
                                   "flushed: each lap led by %u lines %s apart at odd multiples, which evict the "
                                   "chain from the nearer levels)", chase_size_format(2 * unit, a, sizeof a), fill,
                                   chase_size_format(unit, b, sizeof b));
        }
        if (k)
            chase_assoc_behind(&st->ll[k], st->ll, k);
        if (lists && (code = evict_level(r, k, alloc))) {
            r->failed = 1;
            return code;
        }
        chase_assoc_size_check(&st->ll[k], cache_end(r->lv, r->nlv, st->ll[k].name));
        if (!lists)
            snprintf(st->ll[k].policy_how, sizeof st->ll[k].policy_how, "not tested: %s", err);
        st->measured++;
    }
    return assoc_carveout(r, &m, alloc);
}

static void results(struct chase_run *r, struct chase_meta *res)
{
    const struct assoc_state *st = r->state;
    chase_assoc_results(res, st->ll, st->measured);
    if (r->o->also_carveout >= 0)
        chase_assoc_carve_results(res, st->ll, st->measured, st->carve_k, st->carve_main, r->o->also_carveout,
                                  st->carve_how);
}

static int write_tables(struct chase_writer *w, struct chase_run *r)
{
    const struct assoc_state *st = r->state;
    return chase_assoc_write(w, st->ll, st->measured);
}

static void report(FILE *f, struct chase_run *r)
{
    const struct assoc_state *st = r->state;
    chase_assoc_report(f, &r->s.meta, st->ll, st->measured);
    if (r->o->also_carveout >= 0 && chase_meta_get(&r->results, "also_carveout_ways"))
        fprintf(f, "L1 at two carveouts: %s\n", chase_meta_get(&r->results, "also_carveout_ways"));
}

/* --also-carveout: refused with a cache operator that skips the L1 (the
 * carveout moves only the L1), before any device. */
static int check(const struct chase_opts *o)
{
    if (o->also_carveout >= 0 && o->cache_op && strcmp(o->cache_op, "ca")) {
        fprintf(stderr, "chase: assoc: --also-carveout with --cache-op %s: those loads skip the L1, the one level "
                "a carveout changes\n", o->cache_op);
        return CHASE_EXIT_USAGE;
    }
    return 0;
}

static int supported(struct chase_run *r)
{
    return assoc_carveout_supported(r);
}

static int plot(struct chase_run *r, const char *out, char *err, size_t len)
{
    const struct assoc_state *st = r->state;

    if (!st->measured)
        return CHASE_PLOT_NOTHING;
    return chase_assoc_plot(st->ll, st->measured, &r->s.meta, r->o->title, r->o->script, out, err, len);
}

/* Its data tables, in the order written (--table). */
static const char *const assoc_tables[] = {"points", "knees", NULL};

const struct chase_measurement chase_assoc_measurement = {
    .kind = "assoc",
    .summary = "sets, ways and replacement per level",
    .flags = CHASE_M_LEVELS | CHASE_M_STREAM | CHASE_M_REPORT,
    .state_size = sizeof(struct assoc_state),
    .unit = "point",
    .options = CHASE_G_DEVICE | CHASE_G_CACHE_OP | CHASE_G_ALLOC | CHASE_G_FORMAT | CHASE_G_OUTPUT | CHASE_G_PLOT |
               CHASE_G_STYLE | CHASE_G_FROM | CHASE_G_LEVEL | CHASE_G_CARVE,
    .tables = assoc_tables,
    .check = check,
    .supported = supported,
    .params = params,
    .prepare = prepare,
    .describe = describe,
    .measure = measure,
    .results = results,
    .write = write_tables,
    .report = report,
    .plot = plot,
    .markdown = chase_assoc_markdown,
    .headline = chase_assoc_headline,
};
