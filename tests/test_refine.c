/* test_refine.c: the level finder with refinement against the sim backend, in process.
 *
 * For hierarchies whose capacities are known to the byte: a coarse plan,
 * then rounds of find + refine + measure until refine asks for nothing.
 * Every true capacity must lie in a reported interval, one level each, no
 * level left over, each interval at most 1/32 octave wide unless the level
 * says it is noise-limited, at 1, 2, 4, 8 and 16 points an octave; and two
 * seeds (other chains, other noise) must give overlapping intervals.
 * CHASE_TEST_QUICK (the sanitizer build and distcheck, after the full run):
 * 1 and 4 points an octave only, the same hierarchies, seeds and judgement
 * (a third of the points).
 */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi/chase_backend.h"
#include "levels/levels.h"
#include "core/plan.h"
#include "core/stats.h"
#include "tap.h"

extern const struct chase_backend chase_backend_sim;

#define OCTAVES (1.0 / 32)
#define MAX_ROUNDS 80

struct hier {
    const char *what;
    const char *spec;
    uint64_t max, stride;       /* 0: the backend's defaults */
    uint64_t truth[4];          /* capacities (and TLB reaches), increasing */
    int ntruth;
};

static const struct hier hiers[] = {
    {"two caches", "L1:size=32K,lat=4;L2:size=256K,ways=16,lat=14;mem:lat=200", 0, 0,
     {32 << 10, 256 << 10}, 2},
    {"a TLB's gradual onset inside the L2 (16 entries of 4 KiB)",
     "L1:size=32K,lat=4;L2:size=2M,ways=16,lat=14;mem:lat=200;tlb:entries=16,page=4K,lat=3", 0, 0,
     {32 << 10, 64 << 10, 2 << 20}, 3},
    {"memory climbing 19% past a TLB's reach (8 entries of 1 MiB)",
     "L1:size=32K,lat=4;L2:size=2M,ways=16,lat=14;mem:lat=300;tlb:entries=8,page=1M,lat=60", 32 << 20, 256,
     {32 << 10, 2 << 20, 8 << 20}, 3},
    {"capacities 1.4x apart", "L1:size=40K,ways=10,lat=4;L2:size=56K,ways=14,lat=12;L3:size=1M,ways=16,lat=30;mem:lat=200",
     0, 0, {40 << 10, 56 << 10, 1 << 20}, 3},
    {"a 10% step", "L1:size=32K,lat=10;L2:size=512K,ways=16,lat=11;mem:lat=200", 0, 0, {32 << 10, 512 << 10}, 2},
    {"random replacement, settling slowly", "L1:size=16K,lat=5,policy=random;L2:size=256K,ways=16,lat=50;mem:lat=500",
     0, 0, {16 << 10, 256 << 10}, 2},
    {"1% noise", "L1:size=32K,lat=4;L2:size=256K,ways=16,lat=14;mem:lat=200,noise=0.01", 0, 0,
     {32 << 10, 256 << 10}, 2},
};

static volatile sig_atomic_t never;

/* One point as the sweep measures it: fresh chains until the median settles. */
static int measure(void *dev, uint64_t bytes, uint64_t stride, uint64_t seed, struct chase_row *row)
{
    double cyc[CHASE_MAX_SAMPLES * 4];
    unsigned n = 0, calls;
    char err[CHASE_ERRLEN];

    for (calls = 0; calls < 4; calls++) {
        struct chase_samples s;
        struct chase_point pt;
        unsigned i;
        memset(&s, 0, sizeof s);
        memset(&pt, 0, sizeof pt);     /* fields not set here (sub, samples) are zero, as the backend expects */
        pt.bytes = bytes;
        pt.stride = stride;
        pt.pattern = CHASE_PATTERN_RANDOM;
        pt.seed = seed * 0x100000001b3ULL + bytes * 31 + calls;
        pt.sm = -2;
        pt.stop = &never;
        if (chase_backend_sim.measure(dev, &pt, &s, err, sizeof err) != CHASE_OK)
            return -1;
        for (i = 0; i < s.n && n < sizeof cyc / sizeof cyc[0]; i++)
            cyc[n++] = s.cycles[i];
        if (1.2533 * chase_mad_sigma(cyc, n) / sqrt((double)n) <= 0.005 * chase_median(cyc, n))
            break;
    }
    memset(row, 0, sizeof *row);
    row->bytes = bytes;
    row->samples = n;
    row->cycles = chase_median(cyc, n);
    row->p5 = chase_quantile(cyc, n, 0.05);
    row->p95 = chase_quantile(cyc, n, 0.95);
    row->ns = row->cycles;
    return 0;
}

/* Inserts a row, keeping the rows sorted by bytes. */
static int insert(struct chase_curve *c, const struct chase_row *r)
{
    size_t i;
    if (chase_curve_push(c, r))
        return -1;
    for (i = c->n - 1; i > 0 && c->rows[i - 1].bytes > r->bytes; i--)
        c->rows[i] = c->rows[i - 1];
    c->rows[i] = *r;
    return 0;
}

/* Sweeps h at steps points an octave and refines; fills lv, returns the
 * level count or -1, and the points measured. */
static int sweep(const struct hier *h, unsigned steps, uint64_t seed, struct chase_level *lv, size_t *points,
                 int *rounds)
{
    struct chase_params p;
    struct chase_devinfo info;
    struct chase_curve c;
    void *dev = NULL;
    uint64_t *plan = NULL, stride, max, next[64];
    size_t nplan = 0, i, n = 0, k;
    char err[CHASE_ERRLEN];
    int rc = -1;

    memset(&p, 0, sizeof p);
    memset(&info, 0, sizeof info);
    memset(&c, 0, sizeof c);
    p.spec = h->spec;
    p.carveout = -1;
    p.sm = -2;
    p.stride = h->stride;
    p.max_bytes = h->max;
    if (chase_backend_sim.open(&p, &dev, &info, err, sizeof err) != CHASE_OK) {
        printf("# %s: %s\n", h->spec, err);
        return -1;
    }
    stride = h->stride ? h->stride : info.default_stride;
    max = h->max ? h->max : info.default_max;
    if (chase_plan_make(1024, max, steps, stride, &plan, &nplan, err, sizeof err))
        goto out;
    for (i = 0; i < nplan; i++) {
        struct chase_row r;
        if (measure(dev, plan[i], stride, seed, &r) || insert(&c, &r))
            goto out;
    }
    for (*rounds = 0; *rounds < MAX_ROUNDS; (*rounds)++) {
        n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
        k = chase_levels_refine(&c, lv, n, stride, OCTAVES, next, sizeof next / sizeof next[0]);
        if (!k)
            break;
        for (i = 0; i < k; i++) {
            struct chase_row r;
            if (next[i] % stride || (i && next[i] <= next[i - 1]))
                goto out;       /* not what refine promises */
            if (measure(dev, next[i], stride, seed, &r) || insert(&c, &r))
                goto out;
        }
    }
    *points = c.n;
    rc = (int)n;
    if (getenv("CHASE_TEST_DUMP")) {
        /* Keeps the refined curve, for chase analyze. */
        char path[1024];
        FILE *o;
        snprintf(path, sizeof path, "%s/refine-%zu-%u-%llu.tsv", getenv("CHASE_TEST_DUMP"),
                 (size_t)(h - hiers), steps, (unsigned long long)seed);
        if ((o = fopen(path, "w"))) {
            fprintf(o, "# %s\n#bytes\tcycles\n", h->spec);
            for (i = 0; i < c.n; i++)
                fprintf(o, "%llu\t%.10g\n", (unsigned long long)c.rows[i].bytes, c.rows[i].cycles);
            fclose(o);
        }
    }
out:
    free(plan);
    chase_curve_free(&c);
    chase_backend_sim.close(dev);
    return rc;
}

/* What is wrong with the levels found, or "" if nothing. */
static void judge(const struct hier *h, const struct chase_level *lv, int n, char *why, size_t len)
{
    int i;
    size_t used = 0;

    why[0] = 0;
    if (n != h->ntruth + 1) {
        snprintf(why, len, "%d levels for %d capacities", n, h->ntruth);
        return;
    }
    for (i = 0; i < h->ntruth; i++) {
        const struct chase_level *L = &lv[i];
        double w = log2((double)L->hi / (double)L->lo);
        if (!(L->lo <= h->truth[i] && h->truth[i] <= L->hi))
            used += (size_t)snprintf(why + used, len - used, "%llu not in [%llu, %llu]; ",
                                     (unsigned long long)h->truth[i], (unsigned long long)L->lo,
                                     (unsigned long long)L->hi);
        else if (w > OCTAVES + 1e-9 && !L->noise_limited)
            used += (size_t)snprintf(why + used, len - used, "[%llu, %llu] is %.3f octave wide; ",
                                     (unsigned long long)L->lo, (unsigned long long)L->hi, w);
        if (used >= len)
            return;
    }
}

int main(void)
{
    static const unsigned all[] = {1, 2, 4, 8, 16}, quick[] = {1, 4};
    const char *q = getenv("CHASE_TEST_QUICK");
    const unsigned *steps = q && *q ? quick : all;
    size_t nsteps = q && *q ? sizeof quick / sizeof quick[0] : sizeof all / sizeof all[0];
    size_t h, s, i;

    for (h = 0; h < sizeof hiers / sizeof hiers[0]; h++) {
        for (s = 0; s < nsteps; s++) {
            struct chase_level a[CHASE_MAX_LEVELS], b[CHASE_MAX_LEVELS];
            size_t pa = 0, pb = 0;
            int ra = 0, rb = 0, na = sweep(&hiers[h], steps[s], 1, a, &pa, &ra);
            int nb = sweep(&hiers[h], steps[s], 2, b, &pb, &rb), overlap = na == nb && na > 0, narrow = 0;
            char why[512], whyb[512];

            judge(&hiers[h], a, na, why, sizeof why);
            judge(&hiers[h], b, nb, whyb, sizeof whyb);
            for (i = 0; overlap && i + 1 < (size_t)na; i++) {
                if ((a[i].lo > b[i].lo ? a[i].lo : b[i].lo) > (a[i].hi < b[i].hi ? a[i].hi : b[i].hi))
                    overlap = 0;
                narrow += !a[i].noise_limited;
            }
            tap_ok(!why[0] && !whyb[0] && overlap,
                   "%s, %u/octave: %d levels, %d of them narrowed to 1/32 octave, in %zu points and %d rounds; "
                   "seeds agree%s%s%s%s", hiers[h].what, steps[s], na, narrow, pa, ra, overlap ? "" : " NOT",
                   why[0] ? "; seed 1: " : "", why, whyb[0] ? whyb : "");
            if (why[0] || whyb[0] || !overlap)
                for (i = 0; i < (size_t)(na > 0 ? na : 0); i++)
                    printf("#   %-12s %llu .. %llu  %.2f cyc%s\n", a[i].name, (unsigned long long)a[i].lo,
                           (unsigned long long)a[i].hi, a[i].cycles, a[i].noise_limited ? " noise-limited" : "");
        }
    }
    return tap_done();
}
