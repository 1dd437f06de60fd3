/* test_tlb_entry.c: the pass at the entries' stride (tlb_entry.c): when
 * it runs, which steps it takes for a TLB level (two H100 and H200 passes
 * at 32 MiB stride, and synthetic curves that must not give one), and the
 * page its four chains tell. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "tlb/tlb.h"

#define MIB (1ull << 20)
#define E (32 * MIB)
#define NPASS 69

/* Blocks of 32 MiB, 8 an octave from 2 up to the 64 GiB level's start. */
static const unsigned blocks[NPASS] = {
    2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 19, 21, 23, 25, 27, 29, 32, 35, 38, 41, 45, 49, 54,
    59, 64, 70, 76, 83, 91, 99, 108, 117, 128, 140, 152, 166, 181, 197, 215, 235, 256, 279, 304, 332, 362,
    395, 431, 470, 512, 558, 609, 664, 724, 790, 861, 939, 1024, 1117, 1218, 1328, 1448, 1579, 1722, 1878,
};

/* chase tlb -b cuda --stride 32M on an H100 80GB HBM3 (cycles, rounded to
 * 0.1): +10.4 from 16 to 17 blocks, then a fall of 7 over three octaves. */
static const double h100[NPASS] = {
    280.9, 284.9, 282.8, 284.4, 284.3, 284.5, 285.0, 286.9, 285.6, 285.1, 285.7, 285.9, 284.6, 285.4, 295.8,
    296.0, 295.6, 295.2, 294.6, 295.0, 293.8, 292.9, 292.3, 291.4, 290.7, 291.0, 291.5, 291.7, 291.7, 291.9,
    290.9, 290.8, 290.8, 290.8, 290.7, 290.7, 290.6, 290.5, 290.3, 289.6, 289.6, 289.4, 289.5, 289.7, 289.5,
    289.5, 289.5, 289.6, 289.6, 289.4, 289.4, 289.3, 289.0, 289.1, 289.0, 289.0, 289.3, 289.2, 289.3, 289.1,
    289.4, 289.2, 289.2, 289.2, 289.1, 289.2, 289.1, 288.9, 289.5,
};
static const double h100_twin[NPASS] = {
    283.3, 285.0, 284.8, 286.9, 286.0, 285.2, 286.1, 287.5, 285.9, 284.4, 284.4, 285.0, 284.0, 284.6, 289.8,
    289.0, 287.9, 287.6, 287.5, 287.6, 286.8, 286.1, 286.3, 285.8, 285.6, 286.0, 286.2, 286.5, 286.7, 286.8,
    286.2, 286.2, 286.1, 286.2, 285.9, 285.5, 285.3, 285.1, 285.2, 284.6, 284.7, 284.2, 284.3, 284.5, 284.3,
    284.4, 284.5, 284.4, 284.6, 284.4, 284.3, 284.4, 284.2, 284.3, 284.3, 284.6, 284.5, 284.6, 284.7, 284.5,
    284.8, 284.5, 284.5, 284.6, 284.5, 284.4, 284.4, 284.2, 284.3,
};
/* The same on an H200: a rise of 8.7 from 3 to 4 blocks among rises of
 * 4.5 (a few lines land on few L2 slices), the step at 16..17. */
static const double h200[NPASS] = {
    277.9, 273.3, 282.0, 283.6, 284.9, 283.4, 280.9, 280.1, 281.9, 280.7, 283.0, 283.5, 283.9, 282.9, 291.4,
    291.2, 291.1, 291.5, 290.7, 290.0, 289.8, 288.5, 288.5, 288.7, 289.2, 289.8, 289.7, 289.5, 290.1, 289.9,
    290.6, 290.0, 289.8, 289.8, 289.5, 289.8, 290.4, 290.5, 290.4, 290.8, 290.7, 290.9, 291.2, 291.1, 291.0,
    291.0, 291.2, 291.2, 291.6, 292.1, 292.1, 292.2, 292.5, 292.2, 292.0, 292.2, 292.4, 292.2, 292.3, 292.3,
    292.5, 292.4, 292.5, 292.6, 292.5, 292.6, 292.7, 292.4, 292.3,
};
static const double h200_twin[NPASS] = {
    284.5, 281.9, 286.0, 286.2, 285.0, 282.8, 282.0, 282.4, 283.6, 282.7, 284.1, 284.8, 286.0, 285.5, 289.3,
    289.2, 288.4, 287.8, 287.7, 287.7, 287.1, 286.1, 286.0, 285.8, 285.8, 286.4, 285.6, 286.0, 286.7, 286.5,
    286.8, 286.5, 286.3, 286.1, 285.8, 286.0, 286.3, 286.3, 286.1, 286.4, 286.0, 286.0, 286.3, 286.3, 286.2,
    286.2, 286.4, 286.4, 286.8, 287.0, 286.9, 287.1, 287.1, 286.9, 286.8, 286.9, 287.1, 287.0, 286.9, 287.0,
    287.0, 287.1, 287.1, 287.2, 287.2, 287.3, 287.2, 287.4, 287.0,
};

static void fill(struct chase_curve *c, const double *y, size_t n)
{
    size_t i;
    memset(c, 0, sizeof *c);
    for (i = 0; i < n; i++) {
        struct chase_row r = {(uint64_t)blocks[i] * E, y[i], y[i] - 0.1, y[i] + 0.1, NAN, 12};
        if (chase_curve_push(c, &r))
            abort();
    }
}

/* Steps found on curve y with twin t. */
static size_t steps(const double *y, const double *t, size_t n, struct chase_tlb_level *out)
{
    struct chase_curve c, tw;
    size_t k;
    fill(&c, y, n);
    fill(&tw, t, n);
    k = chase_tlb_sharp_steps(&c, &tw, E, out, 4);
    chase_curve_free(&c);
    chase_curve_free(&tw);
    return k;
}

static void real_passes(void)
{
    struct chase_tlb_level L[4];
    size_t n = steps(h100, h100_twin, NPASS, L);

    tap_ok(n == 1, "H100 at 32 MiB: one step (%zu)", n);
    tap_ok(n >= 1 && L[0].lo == 16 * E && L[0].hi == 17 * E && L[0].entries_lo == 16 && L[0].entries_hi == 17,
           "H100: at 16..17 entries of 32 MiB");
    tap_ok(n >= 1 && fabs(L[0].miss - 10.4) < 0.05 && L[0].kind == CHASE_STEP_TLB && L[0].stride == E &&
           L[0].page == 0, "H100: a TLB level, a miss the step's 10.4 cycles (%.2f), page not yet told",
           n ? L[0].miss : NAN);
    tap_ok(n >= 1 && strstr(L[0].how, "falls back 6.9 cycles") != NULL, "H100: the fall after the step is said");
    n = steps(h200, h200_twin, NPASS, L);
    tap_ok(n == 1 && L[0].lo == 16 * E && L[0].hi == 17 * E,
           "H200 at 32 MiB: only the step at 16..17 (the +8.7 among wobbles of 4.5 at 3..4 is not one)");
}

static void synthetic(void)
{
    double y[NPASS], t[NPASS];
    struct chase_tlb_level L[4];
    size_t i, n;

    /* A climb of 8 cycles over ten points: the smear a smaller stride
     * gives, no step. */
    for (i = 0; i < NPASS; i++) {
        double r = i < 20 ? 0 : i < 30 ? 0.8 * (double)(i - 20) : 8;
        y[i] = 285 + r;
        t[i] = 285 + r / 2;
    }
    n = steps(y, t, NPASS, L);
    tap_ok(n == 0, "a climb over ten points is not a step (%zu)", n);

    /* A step of 10 the twin shares whole (a data cache's step in both)
     * and one it does not share: neither is a TLB's. */
    for (i = 0; i < NPASS; i++)
        y[i] = t[i] = i <= 30 ? 285 : 295;
    tap_ok(steps(y, t, NPASS, L) == 0, "a step the twin shares whole is not a TLB's");
    for (i = 0; i < NPASS; i++)
        t[i] = 285;
    tap_ok(steps(y, t, NPASS, L) == 0, "a step the twin does not share is not a TLB's");
    for (i = 0; i < NPASS; i++)
        t[i] = i <= 30 ? 285 : 290;
    n = steps(y, t, NPASS, L);
    tap_ok(n == 1 && L[0].lo == (uint64_t)blocks[30] * E && L[0].miss == 10,
           "a clean step of 10 at %u..%u blocks, the twin at half: found", blocks[30], blocks[31]);
    /* One point up and back: a spike, not a step. */
    for (i = 0; i < NPASS; i++)
        y[i] = i == 31 ? 295 : 285, t[i] = i == 31 ? 290 : 285;
    tap_ok(steps(y, t, NPASS, L) == 0, "a one-point spike is not a step");
    /* The rise at the pass's last point: nothing after it to hold it. */
    for (i = 0; i < NPASS; i++)
        y[i] = i == NPASS - 1 ? 295 : 285, t[i] = i == NPASS - 1 ? 290 : 285;
    tap_ok(steps(y, t, NPASS, L) == 0, "a rise at the last point is not taken");
    /* A step under 2% of the latency (4 of 285): the L2's wobble. */
    for (i = 0; i < NPASS; i++)
        y[i] = i <= 30 ? 285 : 289, t[i] = i <= 30 ? 285 : 287;
    tap_ok(steps(y, t, NPASS, L) == 0, "a step under 2%% of the latency is not taken");
}

static void plan(void)
{
    struct chase_tlb_level lv[2];
    uint64_t e = 0, until = 0;

    memset(lv, 0, sizeof lv);
    lv[0].kind = CHASE_STEP_CACHE;
    lv[0].lo = 256 * MIB;
    lv[1].kind = CHASE_STEP_TLB;
    lv[1].lo = 64ull << 30;
    lv[1].page = E;
    tap_ok(chase_tlb_entry_plan(lv, 2, 2 * MIB, &e, &until) == 1 && e == E && until == 64ull << 30,
           "a level of 32 MiB entries seen at 2 MiB: a pass at 32 MiB up to its start");
    tap_ok(chase_tlb_entry_plan(lv, 2, E, &e, &until) == 0, "no pass where the entry is the curve's stride");
    lv[1].page_at_least = 1;
    tap_ok(chase_tlb_entry_plan(lv, 2, 2 * MIB, &e, &until) == 1 && e == E,
           "a page of 32 MiB or more: the pass at 32 MiB (each block still within one entry)");
    lv[1].page = 2 * MIB;
    tap_ok(chase_tlb_entry_plan(lv, 2, 2 * MIB, &e, &until) == 0, "a page of the stride or more: no pass");
    lv[1].page = E;
    lv[1].page_at_least = 0;
    lv[1].lo = 8 * E;
    tap_ok(chase_tlb_entry_plan(lv, 2, 2 * MIB, &e, &until) == 0, "no pass over fewer than 16 entries");
}

/* The page tests against a TLB whose entries map `truth`: a pair at
 * stride s <= the pass's rises by the step where every block is an entry
 * (truth <= s); at twice the pass's stride where an entry holds two
 * blocks (truth >= 2 E).  Returns how many pairs were measured. */
static size_t page_of(struct chase_tlb_level *L, uint64_t truth, uint64_t min_stride)
{
    struct chase_tlb_entry_test t[CHASE_TLB_ENTRY_TESTS], next;
    size_t n = 0;

    memset(L, 0, sizeof *L);
    L->kind = CHASE_STEP_TLB;
    L->stride = L->pass_stride = E;
    L->lo = 16 * E;
    L->hi = 17 * E;
    L->blocks_lo = L->entries_lo = 16;
    L->blocks_hi = L->entries_hi = 17;
    L->miss = 10;
    while (chase_tlb_entry_next(L, t, n, min_stride, &next)) {
        int rises = next.stride <= E ? truth <= next.stride : truth >= next.stride;
        next.cycles[0] = next.cycles[1] = 285;
        next.cycles[2] = next.cycles[3] = rises ? 295 : 285.6;
        t[n++] = next;
    }
    chase_tlb_entry_page(L, t, n, 1);
    return n;
}

static void page(void)
{
    struct chase_tlb_level L;
    struct chase_tlb_entry_test t[2], next;
    size_t n;

    memset(t, 0, sizeof t);
    memset(&L, 0, sizeof L);
    L.stride = L.pass_stride = E;
    L.blocks_lo = 16;
    L.blocks_hi = 17;
    L.miss = 10;
    tap_ok(chase_tlb_entry_next(&L, t, 0, 2 * MIB, &next) && next.stride == E / 2 && next.span[0] == 15 * (E / 2) &&
           next.span[1] == 16 * (E / 2) && next.span[2] == 17 * (E / 2) && next.span[3] == 18 * (E / 2) &&
           isnan(next.cycles[3]), "the first pair: 15, 16 | 17, 18 blocks of 16 MiB, none measured yet");
    t[0] = next;
    t[0].cycles[0] = t[0].cycles[1] = 285;
    t[0].cycles[2] = t[0].cycles[3] = 285.5;
    tap_ok(chase_tlb_entry_next(&L, t, 1, 2 * MIB, &next) && next.stride == 2 * E && next.span[0] == 7 * (2 * E) &&
           next.span[1] == 8 * (2 * E) && next.span[2] == 9 * (2 * E) && next.span[3] == 10 * (2 * E),
           "where it does not rise: 7, 8 | 9, 10 blocks of 64 MiB");

    n = page_of(&L, E / 2, 2 * MIB);
    tap_ok(n == 2 && L.page == E / 2 && !L.page_at_least && L.page_below == E && L.lo == 16 * (E / 2) &&
           L.hi == 17 * (E / 2) && L.entries_lo == 16,
           "entries of 16 MiB (the H100's): two pairs, page 16 MiB, the reach 256 MiB .. 272 MiB (%zu pairs)", n);
    n = page_of(&L, E, 2 * MIB);
    tap_ok(n == 2 && L.page == E && !L.page_at_least && L.page_below == 2 * E && L.lo == 16 * E,
           "entries of 32 MiB: page the stride, the reach as the pass saw it");
    n = page_of(&L, 2 * E, 2 * MIB);
    tap_ok(n == 2 && L.page == 2 * E && L.page_at_least && L.entries_lo == 8 && L.entries_hi == 8.5,
           "entries of 64 MiB: twice the stride or more, half the entries");
    n = page_of(&L, 4 * MIB, 2 * MIB);
    tap_ok(n == 4 && L.page == 4 * MIB && L.page_below == 8 * MIB && L.lo == 16 * 4 * MIB,
           "entries of 4 MiB: halving to 2 MiB, where it stops rising (%zu pairs)", n);
    n = page_of(&L, 1 * MIB, 2 * MIB);
    tap_ok(n == 4 && L.page == 0 && L.page_below == 4 * MIB && L.lo == 16 * 2 * MIB,
           "entries under the curve's stride: page under 4 MiB, no smaller stride tried");
    L.blocks_lo = 2;
    L.blocks_hi = 3;
    tap_ok(!chase_tlb_entry_next(&L, t, 0, 2 * MIB, &next), "a step at 2 blocks is too few for the page's chains");
}

/* Pairs that do not answer: the search stops and says so. */
static void unclear(void)
{
    struct chase_tlb_level L;
    struct chase_tlb_entry_test t[2], next;

    memset(&L, 0, sizeof L);
    memset(t, 0, sizeof t);
    L.kind = CHASE_STEP_TLB;
    L.stride = L.pass_stride = E;
    L.lo = 16 * E;
    L.hi = 17 * E;
    L.blocks_lo = L.entries_lo = 16;
    L.blocks_hi = L.entries_hi = 17;
    L.miss = 10;
    /* Half the stride rose by half the step: neither answer. */
    if (!chase_tlb_entry_next(&L, t, 0, 2 * MIB, &t[0]))
        abort();
    t[0].cycles[0] = t[0].cycles[1] = 285;
    t[0].cycles[2] = 289;
    t[0].cycles[3] = 291;
    tap_ok(!chase_tlb_entry_next(&L, t, 1, 2 * MIB, &next), "a pair that rose by half the step ends the search");
    chase_tlb_entry_page(&L, t, 1, 1);
    tap_ok(L.page == 0 && L.page_below == 0 && L.stride == E && strstr(L.how, "not told") != NULL,
           "... and the page is not told");
    /* Rose by the step, but within three standard errors of nothing. */
    t[0].cycles[2] = t[0].cycles[3] = 295;
    t[0].se[0] = t[0].se[1] = t[0].se[2] = t[0].se[3] = 4;
    tap_ok(!chase_tlb_entry_next(&L, t, 1, 2 * MIB, &next), "a rise within three standard errors is no answer");
    t[0].se[0] = t[0].se[1] = t[0].se[2] = t[0].se[3] = 0.05;
    tap_ok(chase_tlb_entry_next(&L, t, 1, 2 * MIB, &next) && next.stride == E / 4, "... one well above them is");
    /* Half the stride rose, a quarter failed after three points. */
    if (!chase_tlb_entry_next(&L, t, 1, 2 * MIB, &t[1]))
        abort();
    t[1].cycles[0] = t[1].cycles[1] = t[1].cycles[2] = 285;
    L.how[0] = 0;
    chase_tlb_entry_page(&L, t, 2, 0);
    tap_ok(L.page == 0 && L.page_below == E && strstr(L.how, "a chain failed") != NULL,
           "a chain that failed: the page at most 16 MiB, told no further, and why (%s)", L.how);
    /* Nothing measured at all. */
    memset(L.how, 0, sizeof L.how);
    L.page_below = 0;
    chase_tlb_entry_page(&L, t, 0, 0);
    tap_ok(L.page == 0 && L.page_below == 0 && strstr(L.how, "not told: a chain failed") && !strchr(L.how, '('),
           "no pair measured: not told, no empty list (%s)", L.how);
}

static struct chase_tlb_level level(int kind, uint64_t lo, uint64_t hi)
{
    struct chase_tlb_level L;
    memset(&L, 0, sizeof L);
    L.kind = kind;
    L.lo = lo;
    L.hi = hi;
    return L;
}

/* Found levels join the curve's in order of reach, named again. */
static void join(void)
{
    struct chase_tlb_level lv[CHASE_MAX_LEVELS], found[3];
    char names[3][16];
    size_t n = 3, i;

    lv[0] = level(CHASE_STEP_CACHE, 64 * MIB, 70 * MIB);
    lv[1] = level(CHASE_STEP_TLB, 64ull << 30, 70ull << 30);
    lv[2] = level(CHASE_STEP_TLB, 200ull << 30, 220ull << 30);
    strcpy(lv[0].name, "cache1");
    found[0] = level(CHASE_STEP_TLB, 8 * MIB, 9 * MIB);
    found[1] = level(CHASE_STEP_TLB, 256 * MIB, 272 * MIB);
    found[2] = level(CHASE_STEP_TLB, 66ull << 30, 68ull << 30);   /* the curve's TLB over the same bytes */
    chase_tlb_entry_join(lv, &n, CHASE_MAX_LEVELS, found, 3, names);
    tap_ok(n == 5 && lv[0].lo == 8 * MIB && lv[1].kind == CHASE_STEP_CACHE && lv[2].lo == 256 * MIB &&
           lv[3].lo == 64ull << 30 && lv[4].lo == 200ull << 30, "two levels joined in order of reach, one not");
    tap_ok(!strcmp(lv[0].name, "TLB1") && !strcmp(lv[1].name, "cache1") && !strcmp(lv[2].name, "TLB2") &&
           !strcmp(lv[3].name, "TLB3") && !strcmp(lv[4].name, "TLB4"), "TLB levels named in order, caches kept");
    tap_ok(!strcmp(names[0], "TLB1") && !strcmp(names[1], "TLB2") && !strcmp(names[2], "TLB3"),
           "each found level's name, the one over the same bytes the curve's (%s %s %s)", names[0], names[1],
           names[2]);
    /* No room: the level is not joined, and said so. */
    n = CHASE_MAX_LEVELS;
    for (i = 0; i < n; i++)
        lv[i] = level(CHASE_STEP_CACHE, (i + 1) << 30, ((i + 1) << 30) + MIB);
    chase_tlb_entry_join(lv, &n, CHASE_MAX_LEVELS, found, 1, names);
    tap_ok(n == CHASE_MAX_LEVELS && lv[0].lo == 1ull << 30 && !strcmp(names[0], "-"), "no room: not joined, named -");
}

static void capped(void)
{
    struct chase_tlb_level L[4];
    double y[NPASS], t[NPASS];
    size_t i;

    for (i = 0; i < NPASS; i++) {
        y[i] = 285 + (i > 20 ? 10 : 0) + (i > 40 ? 10 : 0);
        t[i] = 285 + (i > 20 ? 5 : 0) + (i > 40 ? 5 : 0);
    }
    tap_ok(steps(y, t, NPASS, L) == 2, "two clean steps, two levels");
    {
        struct chase_curve c, tw;
        fill(&c, y, NPASS);
        fill(&tw, t, NPASS);
        tap_ok(chase_tlb_sharp_steps(&c, &tw, E, L, 1) == 1 && L[0].lo == (uint64_t)blocks[20] * E,
               "room for one: the first");
        chase_curve_free(&c);
        chase_curve_free(&tw);
    }
}

int main(void)
{
    real_passes();
    synthetic();
    plan();
    page();
    unclear();
    join();
    capped();
    return tap_done();
}
