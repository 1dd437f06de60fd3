/* test_levels.c: the level finder's steps (fit, merge, bounds), refinement and names on synthetic curves. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "levels/levels.h"
#include "levels/plateau.h"
#include "core/size.h"
#include "tap.h"

static uint64_t rng = 88172645463325252ULL;

static double noise(double sd)
{
    double u, v;
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    u = ((double)(rng >> 11) + 0.5) / 9007199254740992.0;
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    v = ((double)(rng >> 11) + 0.5) / 9007199254740992.0;
    return sd * sqrt(-2 * log(u)) * cos(6.283185307179586 * v);
}

/* A curve over 1 KiB .. max at 8 points an octave: latency lat[i] up to cap[i]. */
static void make(struct chase_curve *c, const uint64_t *cap, const double *lat, int nl, uint64_t max,
                 double sd, int ramp)
{
    int k;
    memset(c, 0, sizeof *c);
    for (k = 0;; k++) {
        struct chase_row r;
        double s = 1024.0 * exp2(k / 8.0), y;
        int l = 0;
        if (s > (double)max)
            break;
        while (l < nl - 1 && s > (double)cap[l])
            l++;
        y = lat[l];
        /* A ramp: the first points past a capacity climb part of the way. */
        if (ramp && l > 0 && s < (double)cap[l - 1] * 1.5)
            y = lat[l - 1] + (lat[l] - lat[l - 1]) * (s / (double)cap[l - 1] - 1) * 2;
        memset(&r, 0, sizeof r);
        r.bytes = (uint64_t)s;
        r.cycles = y * (1 + noise(sd));
        r.ns = r.cycles / 2;
        chase_curve_push(c, &r);
    }
}

static int inside(uint64_t truth, const struct chase_level *L)
{
    /* Within the interval, or one sweep step (2^(1/8)) of it. */
    return (double)truth >= (double)L->lo / 1.0905 && (double)truth <= (double)L->hi * 1.0905;
}

/* A curve from a latency function: sizes from 1 KiB to max at steps an octave. */
static void gen(struct chase_curve *c, double (*lat)(double), uint64_t max, double steps, double sd)
{
    int k;
    memset(c, 0, sizeof *c);
    for (k = 0;; k++) {
        struct chase_row r;
        double s = 1024.0 * exp2(k / steps);
        if (s > (double)max)
            break;
        memset(&r, 0, sizeof r);
        r.bytes = (uint64_t)s / 64 * 64;
        r.cycles = lat((double)r.bytes) * (1 + noise(sd));
        r.ns = NAN;
        chase_curve_push(c, &r);
    }
}

/* Inserts a measured size, keeping the rows sorted. */
static void insert(struct chase_curve *c, uint64_t bytes, double (*lat)(double), double sd)
{
    struct chase_row r;
    size_t i;
    memset(&r, 0, sizeof r);
    r.bytes = bytes;
    r.cycles = lat((double)bytes) * (1 + noise(sd));
    r.ns = NAN;
    chase_curve_push(c, &r);
    for (i = c->n - 1; i > 0 && c->rows[i - 1].bytes > bytes; i--)
        c->rows[i] = c->rows[i - 1];
    c->rows[i] = r;
}

/* The H100's L1 as gpu-benches measured it: latency growing linearly with
 * the working set (a smooth climb in log size, 32.5 to 48 cycles), then the
 * near L2, the far L2 and memory. */
static double h100(double s)
{
    return s <= 212e3 ? 32.5 + 15.7 * s / 208e3 : s <= 24e6 ? 285 : s <= 50e6 ? 530 : 688;
}

/* A TLB of 64 KiB reach inside a 2 MiB L2: misses grow as 1 - reach/size. */
static double tlb(double s)
{
    return s <= 32768 ? 4 : s <= 65536 ? 14 : s <= 2097152 ? 14 + 3 * (1 - 65536 / s) : 200;
}

/* The MI300X's Infinity Cache past the TLB's reach at 64 MiB: a climb of
 * 17% over two octaves that does not settle before memory. */
static double mi300x(double s)
{
    return s <= 32768 ? 116 : s <= 4194304 ? 213 : s <= 67108864 ? 455 : s <= 268435456 ? 455 * (1 + 0.085 * log2(s / 67108864)) : 880;
}

static double step10(double s)
{
    return s <= 32768 ? 10 : s <= 524288 ? 11 : 200;
}

/* A plateau lower than the one before it. */
static double falls(double s)
{
    return s <= 65536 ? 20 : s <= 1048576 ? 18 : 200;
}

/* No plateau at all: latency climbing 3.5% an octave throughout. */
static double slope(double s)
{
    return 10 * pow(s / 1024, 0.05);
}

/* Random replacement: past the L1 the latency settles towards the L2's over
 * three octaves. */
static double settles(double s)
{
    return s <= 32768 ? 5 : s <= 1048576 ? 50 - 45 * exp(-(s - 32768) / 32768) : 500;
}

/* A climb from 10 to 20 cycles over an octave past 48 KiB. */
static double ramp(double s)
{
    return s <= 49152 ? 10 : s <= 98304 ? 10 * s / 49152 : s <= 1048576 ? 20 : 200;
}

/* Interference on a shared machine (a VM's L1 under load): the latency
 * reads 15% slow for a few sizes, then as before; climbs, falls back, then
 * leaves the L1 up a ramp. */
static double bump(double s)
{
    return s >= 6912 && s <= 8192 ? 3.3 : s >= 16384 && s <= 21248 ? 3.1 * pow(s / 16384, 1.15)
         : s >= 23168 && s <= 32768 ? 2.93 * pow(s / 23168, 0.6) : s < 23168 ? 2.87 : s <= 1048576 ? 10 : 100;
}

static double sharp(double s)
{
    return s <= 49152 ? 4 : s <= 1048576 ? 14 : 200;
}

/* A TLB's climb inside a cache levels off and ends in a step: no wide
 * ramp (join_ramps). */
static void wide_ramp_tests(void)
{
    struct chase_curve c;
    struct chase_level lv[CHASE_MAX_LEVELS];
    size_t n, i, k;

    /* The TLB of 64 KiB reach inside the L2 of 2 MiB (tlb() above): its
     * climb stays a level of its own, the L2's end in a step at 2 MiB
     * (tests/analyze-cpu.sh has the ramps this CI machine's CPU read). */
    gen(&c, tlb, 8 << 20, 8, 0.005);
    chase_meta_num(&c.meta, "driver.cache.L2", 2097152);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    for (i = 0, k = 0; i < n; i++)
        k += (double)lv[i].hi >= 65536 / 1.0905 && (double)lv[i].lo <= 65536 * 1.0905 && !strstr(lv[i].note, "half way");
    tap_ok(k == 1, "a TLB's reach inside a cache is no wide ramp: a level still ends at 64 KiB (%zu levels)", n);
    chase_curve_free(&c);
}

static void steps_tests(void)
{
    struct chase_curve c;
    struct chase_fit f;
    struct chase_span sp[CHASE_MAX_LEVELS * 4];
    struct chase_level lv[CHASE_MAX_LEVELS];
    size_t n, i;

    /* Fit. */
    gen(&c, h100, 128 << 20, 16, 0.002);
    for (i = 1, n = 1; i < c.n; i++)
        n += c.rows[i].bytes != c.rows[i - 1].bytes;
    i = (size_t)chase_levels_fit(&c, &f);
    tap_ok(i == 0 && f.n == n, "fit: one point a size (%zu for %zu sizes in %zu rows)", f.n, n, c.n);
    tap_ok(f.sigma > 0.001 && f.sigma < 0.004, "fit: the noise of a point is measured (%.4f for 0.002)", f.sigma);
    tap_ok(f.npc >= 4 && f.npc < 20 && f.pc[0].a == 0 && f.pc[f.npc - 1].b == f.n - 1,
           "fit: a few straight pieces cover the curve (%zu)", f.npc);
    for (i = 1; i < f.npc && f.pc[i].a == f.pc[i - 1].b + 1; i++)
        ;
    tap_ok(i == f.npc, "fit: pieces are contiguous");
    /* Merge: the smooth climb of the L1 is one level with its exit. */
    n = chase_levels_merge(&f, sp, CHASE_MAX_LEVELS);
    tap_ok(n == 4, "merge: the H100's climbing L1, near and far L2, memory: 4 levels (got %zu)", n);
    chase_levels_bounds(&c, &f, sp, n, lv);
    tap_ok(n == 4 && lv[0].lo >= 190000 && lv[0].hi <= 240000,
           "bounds: the L1 ends where it jumps, not where it starts to climb (%llu .. %llu)",
           (unsigned long long)(n ? lv[0].lo : 0), (unsigned long long)(n ? lv[0].hi : 0));
    tap_ok(n == 4 && fabs(lv[0].cycles - 33) < 1, "bounds: the L1's latency is where it is flattest (%.1f)",
           n ? lv[0].cycles : 0);
    chase_levels_fit_free(&f);
    chase_curve_free(&c);

    /* A TLB's gradual onset is a level, at 8 and 16 steps. */
    for (i = 8; i <= 16; i += 8) {
        gen(&c, tlb, 8 << 20, (double)i, 0);
        chase_levels_fit(&c, &f);
        n = chase_levels_merge(&f, sp, CHASE_MAX_LEVELS);
        tap_ok(n == 4, "merge, %zu steps: a TLB's reach is a level (%zu)", i, n);
        chase_levels_bounds(&c, &f, sp, n, lv);
        tap_ok(n == 4 && lv[1].lo <= 65536 && lv[1].hi >= 65536 && lv[2].onset && !lv[1].onset,
               "bounds, %zu steps: it ends at the reach, the next level begins gradually", i);
        tap_ok(n == 4 && fabs(lv[2].cycles - 16.9) < 0.3, "bounds, %zu steps: its latency where it settles (%.2f)", i,
               n == 4 ? lv[2].cycles : 0);
        chase_levels_fit_free(&f);
        chase_curve_free(&c);
    }

    gen(&c, mi300x, 2048ULL << 20, 8, 0.003);
    chase_levels_fit(&c, &f);
    n = chase_levels_merge(&f, sp, CHASE_MAX_LEVELS);
    tap_ok(n == 5 && sp[2].kink && !sp[1].kink && !sp[3].kink,
           "merge: a climb past a TLB's reach that runs into the next step begins a level at a kink (%zu)", n);
    chase_levels_bounds(&c, &f, sp, n, lv);
    tap_ok(n == 5 && lv[2].lo >= 60000000 && lv[2].lo <= 70000000 && lv[3].onset && fabs(lv[2].cycles - 455) < 3,
           "bounds: the kink at 64 MiB, the Infinity Cache's latency before it");
    chase_levels_fit_free(&f);
    chase_curve_free(&c);

    /* 200 000 rows: binned to a few thousand points, the same levels. */
    gen(&c, sharp, 4 << 20, 16384.0 / 1.0, 0.01);
    i = (size_t)chase_levels_fit(&c, &f);
    tap_ok(i == 0 && f.n <= 4100 && c.n > 150000, "fit: %zu rows make %zu points", c.n, f.n);
    chase_levels_fit_free(&f);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 3 && lv[0].lo <= 49152 && lv[0].hi >= 49152 && lv[1].lo <= 1048576 && lv[1].hi >= 1048576,
           "a huge curve: its levels (%zu)", n);
    chase_curve_free(&c);

    gen(&c, step10, 4 << 20, 8, 0);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 3 && lv[0].lo == 32768 && fabs(lv[0].cycles - 10) < 0.1 && fabs(lv[1].cycles - 11) < 0.1,
           "a 10%% step is two levels, each with its own latency (%zu)", n);
    chase_curve_free(&c);

    gen(&c, falls, 4 << 20, 8, 0);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 2, "a plateau lower than the one before is no level (%zu)", n);
    chase_curve_free(&c);

    gen(&c, bump, 4 << 20, 8, 0.005);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 3 && lv[0].lo >= 23168 && lv[0].hi <= 35712,
           "bumps that return to where they came from are no levels (%zu)", n);
    chase_curve_free(&c);

    gen(&c, slope, 1ULL << 30, 8, 0.002);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 1, "a smooth slope is no level (%zu)", n);
    chase_curve_free(&c);

    gen(&c, settles, 4 << 20, 8, 0);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 3 && lv[0].lo <= 32768 && fabs(lv[1].cycles / 50 - 1) < 0.01,
           "a settling plateau's latency is where it settles (%.2f of 50)", n == 3 ? lv[1].cycles : 0);
    chase_curve_free(&c);
}

static void refine_tests(void)
{
    struct chase_curve c;
    struct chase_level lv[CHASE_MAX_LEVELS];
    uint64_t sizes[64];
    size_t n, k, i, rounds, good = 1;

    /* A sharp step at 48 KiB, measured an octave apart: refine until done. */
    gen(&c, sharp, 4 << 20, 1, 0);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    k = chase_levels_refine(&c, lv, n, 64, 1.0 / 32, sizes, 64);
    for (i = 0; i < k; i++) {
        size_t j;
        for (j = 0; j < c.n && c.rows[j].bytes != sizes[i]; j++)
            ;
        if (sizes[i] % 64 || (i && sizes[i] <= sizes[i - 1]) || j < c.n)
            good = 0;
    }
    tap_ok(k > 0 && good, "refine: %zu new sizes, aligned, increasing, none measured yet", k);
    for (i = 0; i < k && !(sizes[i] > 32768 && sizes[i] < 65536); i++)
        ;
    tap_ok(i < k, "refine: one lies in the L1's interval");
    for (rounds = 0; k && rounds < 40; rounds++) {
        for (i = 0; i < k; i++)
            insert(&c, sizes[i], sharp, 0);
        n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
        k = chase_levels_refine(&c, lv, n, 64, 1.0 / 32, sizes, 64);
    }
    tap_ok(!k && n == 3 && lv[0].lo <= 49152 && lv[0].hi > 49152 && log2((double)lv[0].hi / lv[0].lo) <= 1.0 / 32,
           "refine: after %zu rounds the L1's interval holds 48 KiB and is 1/32 octave or less", rounds);
    tap_ok(chase_levels_refine(&c, lv, n, 64, 1.0 / 32, sizes, 64) == 0, "refine: nothing more once narrow");
    chase_curve_free(&c);

    gen(&c, sharp, 512 << 10, 1, 0);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(chase_levels_refine(&c, lv, n, 1 << 20, 1.0 / 32, sizes, 64) == 0,
           "refine: nothing when no size on the alignment lies between two measured");
    tap_ok(chase_levels_refine(&c, lv, n, 64, 1.0 / 32, sizes, 1) == 1, "refine: at most max sizes");
    chase_curve_free(&c);

    /* A gradual climb under 1% noise, measured densely: its first points
     * read on the plateau, so the interval reaches back to where the climb
     * must have begun, says it is noise-limited, and refine asks for
     * nothing more. */
    for (rounds = 0, good = 0; rounds < 5; rounds++) {
        gen(&c, ramp, 4 << 20, 64, 0.01);
        n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
        k = chase_levels_refine(&c, lv, n, 64, 1.0 / 32, sizes, 64);
        good += n == 3 && lv[0].noise_limited && lv[0].lo <= 49152 && lv[0].hi >= 49152 && !k;
        chase_curve_free(&c);
    }
    tap_ok(good >= 4, "refine: a climb under 1%% noise at 64 points an octave: noise-limited, "
           "holds where it begins, nothing to add (%zu of 5 curves)", good);
}

static void level(struct chase_level *L, uint64_t lo, uint64_t hi, int onset)
{
    memset(L, 0, sizeof *L);
    L->lo = lo;
    L->hi = hi;
    L->onset = onset;
}

/* n levels with their bounds and latencies (cycles). */
static void timed_levels(struct chase_level *lv, const uint64_t (*b)[2], const double *cycles, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++) {
        level(&lv[i], b[i][0], b[i][1], 0);
        lv[i].cycles = cycles[i];
    }
}

static void name_tests(void)
{
    struct chase_level lv[5];
    struct chase_cache_fact l2 = {"L2", 50 << 20}, cpu[] = {{"L3", 32 << 20}, {"L1", 48 << 10}, {"L2", 1 << 20}};
    struct chase_cache_fact sim[] = {{"L1", 32 << 10}, {"L2", 2 << 20}};
    struct chase_meta m;
    struct chase_cache_fact got[4];

    /* No driver caches: by position; memory only well past the last knee. */
    level(&lv[0], 32768, 35712, 0);
    level(&lv[1], 1048576, 1143488, 0);
    level(&lv[2], 1143488, 0, 0);
    chase_levels_name(lv, 3, NULL, 0, 4 << 20);
    tap_ok(!strcmp(lv[0].name, "L1") && !strcmp(lv[1].name, "L2") && !strcmp(lv[2].name, "memory") && !lv[0].cache[0],
           "names, no driver: L1, L2, memory (%s, %s, %s)", lv[0].name, lv[1].name, lv[2].name);
    chase_levels_name(lv, 3, NULL, 0, 1536 << 10);
    tap_ok(!strcmp(lv[2].name, "beyond L2") && !strcmp(lv[2].note, "sweep ended at 1.50 MiB"),
           "names, no driver: a sweep ending soon after the last knee: '%s' (%s)", lv[2].name, lv[2].note);

    /* The H100: the driver reports a 50 MiB L2; plateaus end at 25 and 50 MiB. */
    level(&lv[0], 220 << 10, 240 << 10, 0);
    level(&lv[1], 24 << 20, 26 << 20, 0);
    level(&lv[2], 49 << 20, 52 << 20, 0);
    level(&lv[3], 52 << 20, 0, 0);
    chase_levels_name(lv, 4, &l2, 1, 128 << 20);
    tap_ok(!strcmp(lv[0].name, "L1") && !strcmp(lv[1].name, "L2 near") && !strcmp(lv[2].name, "L2 far") &&
           !strcmp(lv[3].name, "memory"), "names, H100: L1, L2 near, L2 far, memory (%s, %s, %s, %s)",
           lv[0].name, lv[1].name, lv[2].name, lv[3].name);
    tap_ok(!lv[0].cache_bytes && !lv[1].cache_bytes && lv[2].cache_bytes == 50 << 20 && !strcmp(lv[2].cache, "L2"),
           "names, H100: the driver's 50 MiB stands beside the far part, the nearest in size");
    /* The same sweep stopped at 4 MiB, inside the L2. */
    level(&lv[1], 332 << 10, 0, 0);
    chase_levels_name(lv, 2, &l2, 1, 4 << 20);
    tap_ok(!strcmp(lv[1].name, "beyond L1") && !strcmp(lv[1].note, "sweep ended at 4 MiB"),
           "names, a sweep that stops in the L2: '%s' (%s)", lv[1].name, lv[1].note);

    /* A CPU whose L3 the sweep does not reach; the driver lists it first. */
    level(&lv[0], 45 << 10, 49 << 10, 0);
    level(&lv[1], 790 << 10, 1117 << 10, 0);
    level(&lv[2], 1117 << 10, 0, 0);
    chase_levels_name(lv, 3, cpu, 3, 4 << 20);
    tap_ok(!strcmp(lv[0].name, "L1") && !strcmp(lv[1].name, "L2") && !strcmp(lv[2].name, "beyond L2"),
           "names, an L3 not reached: L1, L2, beyond L2 (%s, %s, %s)", lv[0].name, lv[1].name, lv[2].name);
    tap_ok(lv[0].cache_bytes == 48 << 10 && lv[1].cache_bytes == 1 << 20 && !lv[2].cache_bytes,
           "names, by size: 1 MiB beside the 790 KiB..1.09 MiB level, 32 MiB beside none");
    chase_levels_name(lv, 3, cpu, 3, 128 << 20);
    tap_ok(!strcmp(lv[2].name, "beyond L2"), "names, past the L3 but no knee there: still '%s'", lv[2].name);

    /* A CPU whose L2 a neighbour's thread shares: the L2 ends at 0.7 MiB
     * (16 cycles) and the L3's plateau (120) ends near 2 MiB: not "L2
     * far", the L3 (a share of it); the H100's parts (1.9 x) stay parts. */
    {
        struct chase_cache_fact spr[] = {{"L1", 48 << 10}, {"L2", 2 << 20}, {"L3", 105 << 20}};
        static const uint64_t cpu4[4][2] = {{46 << 10, 48 << 10}, {658 << 10, 665 << 10}, {1780 << 10, 1800 << 10},
                                           {1800 << 10, 0}};
        static const uint64_t h100[4][2] = {{220 << 10, 240 << 10}, {24 << 20, 26 << 20}, {49 << 20, 52 << 20},
                                           {52 << 20, 0}};
        static const double cpu4_cyc[4] = {5, 16.6, 121, 380}, h100_cyc[4] = {32, 282, 528, 687};
        timed_levels(lv, cpu4, cpu4_cyc, 4);
        chase_levels_name(lv, 4, spr, 3, 8 << 20);
        tap_ok(!strcmp(lv[0].name, "L1") && !strcmp(lv[1].name, "L2") && !strcmp(lv[2].name, "L3") &&
               !strcmp(lv[3].name, "beyond L3"), "names, a level 7 x slower than the L2's part before it: "
               "the next cache's (%s, %s, %s, %s)", lv[0].name, lv[1].name, lv[2].name, lv[3].name);
        timed_levels(lv, h100, h100_cyc, 4);
        chase_levels_name(lv, 4, &l2, 1, 128 << 20);
        tap_ok(!strcmp(lv[1].name, "L2 near") && !strcmp(lv[2].name, "L2 far"),
               "names, the H100's L2 parts at 282 and 528 cycles stay parts (%s, %s)", lv[1].name, lv[2].name);
    }
    /* A Xeon guest's default sweep: the L1 at 5.0 cycles to 48.4-48.9
     * KiB, then 14.7 to 55.1 KiB (the L2's start, cut off by noise, inside
     * a step of the driver's 48 KiB L1), the L2 at 16.0 to 1.8 MiB, the L3
     * at 99: the level 2.94 x the L1 is the L2's, not "L1 far" (it was so
     * named while the parts' bound was 3 x). */
    {
        struct chase_cache_fact xeon[] = {{"L1", 48 << 10}, {"L2", 2 << 20}, {"L3", 105 << 20}};
        static const uint64_t x5[5][2] = {{48384, 48896}, {53952, 55104}, {1763456, 1802048}, {7692416, 7776192},
                                         {7776192, 0}};
        static const double x5_cyc[5] = {4.99, 14.7, 15.99, 99.4, 382};
        timed_levels(lv, x5, x5_cyc, 5);
        chase_levels_name(lv, 5, xeon, 3, 256 << 20);
        tap_ok(!strcmp(lv[0].name, "L1") && !strncmp(lv[1].name, "L2", 2) && !strncmp(lv[2].name, "L2", 2),
               "names, a level 2.94 x slower than the L1 before it: the L2's (%s, %s, %s)", lv[0].name, lv[1].name,
               lv[2].name);
    }
    /* The last cache: a level 9 x slower than its part before it is past
     * every cache (a default sweep of this CI machine's CPU: L3 58 cycles
     * to 9.1 MiB, then 529 to 24.4 MiB inside the driver's 32 MiB, then
     * 594), and the two levels past it are numbered, one name each. */
    {
        struct chase_cache_fact epyc[] = {{"L1", 32 << 10}, {"L2", 1 << 20}, {"L3", 32 << 20}};
        static const uint64_t vm5[5][2] = {{32 << 10, 33 << 10}, {285 << 10, 596 << 10}, {4871 << 10, 9329 << 10},
                                          {24995 << 10, 25268 << 10}, {25268 << 10, 0}};
        static const double vm5_cyc[5] = {4, 13.9, 58, 529, 594};
        timed_levels(lv, vm5, vm5_cyc, 5);
        chase_levels_name(lv, 5, epyc, 3, 128 << 20);
        tap_ok(!strcmp(lv[2].name, "L3") && !strcmp(lv[3].name, "beyond L3 part 1") &&
               !strcmp(lv[4].name, "beyond L3 part 2"), "names, a level 9 x slower than the last cache's part: "
               "past every cache, numbered (%s, %s, %s)", lv[2].name, lv[3].name, lv[4].name);
        tap_ok(lv[2].cache_bytes == 32 << 20 && !lv[3].cache_bytes,
               "names, the driver's 32 MiB beside the L3 at 58 cycles, not the level at 529");
    }

    /* A step past the last cache that begins gradually: the TLB's reach. */
    level(&lv[0], 32 << 10, 35 << 10, 0);
    level(&lv[1], 2 << 20, 2200 << 10, 0);
    level(&lv[2], 8 << 20, 9 << 20, 0);
    level(&lv[3], 9 << 20, 0, 1);
    chase_levels_name(lv, 4, sim, 2, 128 << 20);
    tap_ok(!strcmp(lv[2].name, "TLB reach") && !strcmp(lv[3].name, "memory"),
           "names, past the caches a gradual onset: '%s', then '%s'", lv[2].name, lv[3].name);

    memset(&m, 0, sizeof m);
    chase_meta_add(&m, "driver.cache.L2", "52428800");
    chase_meta_add(&m, "driver.l2_bytes", "52428800");
    chase_meta_add(&m, "driver.cache.L3", "not a number");
    tap_ok(chase_levels_caches(&m, got, 4) == 1 && !strcmp(got[0].name, "L2") && got[0].bytes == 50 << 20,
           "the driver's caches from 'driver.cache.NAME: BYTES' lines, nothing else");
    chase_meta_free(&m);
}

/* Levels named for --memory peer:N: a reader's L1 the finder split into
 * parts (a bandwidth curve steps within an L1) stays the reader's; only
 * the plateaus past it are the peer's. */
static void test_name_target(void)
{
    struct chase_level lv[4];
    struct chase_meta m;
    const char *names[] = {"L1 part 1", "L1 part 2", "L1 part 3", "memory"};
    size_t i;

    memset(lv, 0, sizeof lv);
    memset(&m, 0, sizeof m);
    for (i = 0; i < 4; i++)
        snprintf(lv[i].name, sizeof lv[i].name, "%s", names[i]);
    chase_meta_add(&m, "memory_target", "peer:1");
    chase_meta_num(&m, "memory_reader_caches", 1);
    chase_meta_num(&m, "driver.cache.L2", 52428800);
    chase_levels_name_target(lv, 4, &m);
    tap_ok(!strcmp(lv[0].name, "L1 part 1 (reader)") && !strcmp(lv[1].name, "L1 part 2 (reader)") &&
               !strcmp(lv[2].name, "L1 part 3 (reader)"),
           "a split reader L1 stays the reader's: %s, %s, %s", lv[0].name, lv[1].name, lv[2].name);
    tap_ok(!strcmp(lv[3].name, "peer memory"), "the last level is the peer's memory: %s", lv[3].name);
    memset(lv, 0, sizeof lv);
    snprintf(lv[0].name, sizeof lv[0].name, "L1");
    snprintf(lv[1].name, sizeof lv[1].name, "L2");
    snprintf(lv[2].name, sizeof lv[2].name, "memory");
    chase_levels_name_target(lv, 3, &m);
    tap_ok(!strcmp(lv[0].name, "L1 (reader)") && !strcmp(lv[1].name, "peer L2") && !strcmp(lv[2].name, "peer memory"),
           "past the reader's L1, the peer's L2 and memory: %s, %s, %s", lv[0].name, lv[1].name, lv[2].name);
    memset(lv, 0, sizeof lv);
    snprintf(lv[0].name, sizeof lv[0].name, "L1 part 1");
    snprintf(lv[1].name, sizeof lv[1].name, "L1 part 2");
    snprintf(lv[2].name, sizeof lv[2].name, "beyond L1");
    lv[2].lo = 262144;
    chase_levels_name_target(lv, 3, &m);
    tap_ok(!strcmp(lv[2].name, "peer L2/memory"), "a curve that ends right past the reader's L1 ends on the peer's "
           "side: %s", lv[2].name);
    chase_meta_free(&m);
}

/* Levels of a path through caches the driver does not report
 * ('path_caches: const'): a constant walk's 2 KiB plateau is no "L1" of the
 * driver's, its next no "L2" (the driver's is 50 MiB); the last plateau,
 * which the 64 KiB constant array cannot bound, is "beyond" the last the
 * sweep bounded. */
static void test_name_path(void)
{
    struct chase_curve c;
    struct chase_level lv[CHASE_MAX_LEVELS];
    uint64_t cap[] = {2 << 10, 0};
    double lat[] = {20, 105};
    size_t n;

    make(&c, cap, lat, 2, 64 << 10, 0, 0);
    chase_meta_num(&c.meta, "driver.cache.L2", 52428800);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 2 && !strcmp(lv[0].name, "L1"), "without path_caches, the driver's naming: %s",
           n ? lv[0].name : "");
    chase_meta_add(&c.meta, "path_caches", "const");
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 2 && !strcmp(lv[0].name, "const L1") && !lv[0].cache[0] && inside(cap[0], &lv[0]),
           "path_caches const: the first level is const L1, no driver cache beside it (%s)", n ? lv[0].name : "");
    tap_ok(n == 2 && !strcmp(lv[1].name, "beyond const L1") && strstr(lv[1].note, "sweep ended at 64 KiB"),
           "the last level is beyond const L1, where the sweep ended (%s; %s)", n > 1 ? lv[1].name : "",
           n > 1 ? lv[1].note : "");
    chase_curve_free(&c);
    memset(lv, 0, sizeof lv);
    {
        struct chase_meta m;
        memset(&m, 0, sizeof m);
        strcpy(lv[0].name, "L1");
        strcpy(lv[1].name, "L2");
        strcpy(lv[2].name, "memory");
        chase_meta_add(&m, "path_caches", "con st");
        chase_levels_name_path(lv, 3, &m, 65536);
        tap_ok(!strcmp(lv[0].name, "L1") && !strcmp(lv[2].name, "memory"), "a path_caches of other than letters "
               "changes nothing: %s, %s", lv[0].name, lv[2].name);
        chase_meta_free(&m);
        memset(&m, 0, sizeof m);
        chase_meta_add(&m, "path_caches", "const");
        chase_levels_name_path(lv, 3, &m, 65536);
        tap_ok(!strcmp(lv[0].name, "const L1") && !strcmp(lv[1].name, "const L2") &&
                   !strcmp(lv[2].name, "beyond const L2"),
               "three levels: const L1, const L2, beyond const L2 (%s, %s, %s)", lv[0].name, lv[1].name, lv[2].name);
        chase_meta_free(&m);
    }
}

int main(void)
{
    test_name_path();
    test_name_target();
    struct chase_curve c;
    struct chase_level lv[CHASE_MAX_LEVELS];
    size_t n;
    uint64_t cap3[] = {32 << 10, 2 << 20, 0};
    double lat3[] = {30, 200, 600};
    double lat_close[] = {100, 130, 170};
    double conf_clean, conf_noisy;

    make(&c, cap3, lat3, 3, 256 << 20, 0, 0);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 3, "clean 3-level curve: 3 levels (got %zu)", n);
    tap_ok(n == 3 && inside(cap3[0], &lv[0]) && inside(cap3[1], &lv[1]), "capacities inside the intervals");
    tap_ok(n == 3 && fabs(lv[0].cycles - 30) < 0.5 && fabs(lv[2].cycles - 600) < 6, "latencies are the plateaus");
    tap_ok(n == 3 && fabs(lv[0].ns - 15) < 0.5, "ns from the curve's own ns/cycle");
    tap_ok(n == 3 && !strcmp(lv[0].name, "L1") && !strcmp(lv[2].name, "memory"), "named L1 .. memory");
    conf_clean = n ? lv[0].confidence : 0;
    tap_ok(n == 3 && lv[0].confidence >= 0.67 && lv[1].confidence >= 0.67 && !strstr(lv[0].note, "half") &&
           !strstr(lv[1].note, "half"), "clean: both interleaved halves find every level (%.2f, %.2f; '%s')",
           n ? lv[0].confidence : 0, n > 1 ? lv[1].confidence : 0, n > 1 ? lv[1].note : "");
    chase_curve_free(&c);

    /* Past 2 MiB every other point is thrashed (200 and 600 in turn), as
     * a shared L3 is: the halves see different curves, and the report
     * says the region is not resolved rather than naming levels in it. */
    make(&c, cap3, lat3, 3, 256 << 20, 0, 0);
    for (n = 0; n < c.n; n++)
        if (c.rows[n].bytes > (2u << 20) && n % 2)
            c.rows[n].cycles = 200, c.rows[n].ns = 100;
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n >= 2 && !strcmp(lv[0].name, "L1") && inside(cap3[0], &lv[0]) &&
           (strstr(lv[n - 1].note, "not resolved") || strstr(lv[n - 1].note, "half")),
           "alternate points thrashed past 2 MiB: the L1 stands, the last level says a repeat may not find it "
           "(%zu levels, last '%s')", n, n ? lv[n - 1].note : "");
    chase_curve_free(&c);

    make(&c, cap3, lat3, 3, 256 << 20, 0.01, 1);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 3, "ramped, 1%% noise: still 3 levels, the ramp is one boundary (got %zu)", n);
    chase_curve_free(&c);

    make(&c, cap3, lat_close, 3, 256 << 20, 0.005, 0);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 3 && inside(cap3[0], &lv[0]) && inside(cap3[1], &lv[1]), "1.3x steps found (got %zu)", n);
    chase_curve_free(&c);

    make(&c, cap3, lat_close, 3, 256 << 20, 0.12, 0);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    conf_noisy = n ? lv[0].confidence : 0;
    tap_ok(conf_noisy < conf_clean && conf_noisy < 0.9, "confidence falls on a noisy curve (%.2f vs %.2f clean)",
           conf_noisy, conf_clean);
    chase_curve_free(&c);

    make(&c, cap3, lat3, 1, 64 << 20, 0.01, 0);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 1, "a flat curve is one level, nothing invented (got %zu)", n);
    chase_curve_free(&c);

    make(&c, cap3, lat3, 3, 1200, 0, 0);
    n = chase_levels_find(&c, lv, CHASE_MAX_LEVELS);
    tap_ok(n == 0, "too few points: no levels (got %zu)", n);
    chase_curve_free(&c);

    steps_tests();
    wide_ramp_tests();
    refine_tests();
    name_tests();

    /* The middle of a plateau in log size, at the top of the range: sizes
     * that round to 2^64 as doubles (a UBSan build stops on the cast). */
    tap_ok(chase_plateau_middle_of(1 << 20, 4 << 20, 4096) == 2 << 20, "plateau middle: 2 MiB of 1 and 4 MiB");
    tap_ok(chase_plateau_middle_of(UINT64_MAX, UINT64_MAX, 1) >= UINT64_MAX - 2048,
           "plateau middle: of 2^64 - 1 and itself, about itself");
    return tap_done();
}
