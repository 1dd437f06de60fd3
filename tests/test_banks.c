/* test_banks.c: chase banks' analysis: the cost of patterns worked out by
 * hand, the rows of the conflict table, the fit on models and on the
 * seed's MI300 sweep, lane groups found by probing models (some shaped
 * like no device), and the --lanes file reader. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "banks/banks.h"
#include "tap.h"

static void model(struct chase_banks_model *m, unsigned banks, unsigned bytes, unsigned lanes, unsigned g32,
                  unsigned g64, unsigned g128, int merge)
{
    memset(m, 0, sizeof *m);
    m->banks = banks;
    m->bank_bytes = bytes;
    m->lanes = lanes;
    chase_banks_layout_blocks(&m->w[0], lanes, g32);
    chase_banks_layout_blocks(&m->w[1], lanes, g64);
    chase_banks_layout_blocks(&m->w[2], lanes, g128);
    m->w[0].merge = m->w[1].merge = m->w[2].merge = merge;
}

/* The guide's CDNA3 b128 groups. */
static void cdna3_b128(struct chase_banks_layout *L)
{
    static const int g[8][2] = {{0, 20}, {32, 52}, {4, 16}, {36, 48}, {8, 28}, {40, 60}, {12, 24}, {44, 56}};
    int k, i;
    memset(L, 0, sizeof *L);
    for (k = 0; k < 8; k++)
        for (i = 0; i < 4; i++) {
            L->group[g[k][0] + i] = (unsigned char)k;
            L->group[g[k][1] + i] = (unsigned char)k;
        }
    L->ngroups = 8;
}

static unsigned cost_of(const struct chase_banks_model *m, unsigned width, unsigned elem_stride, unsigned div)
{
    uint32_t off[CHASE_MAX_LANES];
    unsigned i;
    for (i = 0; i < m->lanes; i++)
        off[i] = (i / div) * elem_stride * width;
    return chase_banks_cost(m, width, off, NULL);
}

static void test_cost(void)
{
    struct chase_banks_model m;
    struct chase_banks_cost c;
    uint32_t off[CHASE_MAX_LANES];
    unsigned i;

    model(&m, 32, 4, 32, 32, 16, 8, 0);
    tap_ok(cost_of(&m, 4, 1, 1) == 1, "32 x 4 B: lane i reads dword i: 1 pass");
    tap_ok(cost_of(&m, 4, 2, 1) == 2, "dword 2i: two lanes a bank: 2 passes");
    tap_ok(cost_of(&m, 4, 32, 1) == 32, "dword 32i: one bank: 32 passes");
    tap_ok(cost_of(&m, 4, 33, 1) == 1, "dword 33i: 1 pass");
    tap_ok(cost_of(&m, 4, 0, 1) == 1, "every lane the same word: 1 pass (broadcast)");
    tap_ok(cost_of(&m, 8, 1, 1) == 2, "64-bit, half-warp groups: conflict-free is 2 passes");
    tap_ok(cost_of(&m, 8, 1, 2) == 2, "64-bit multicast-2 without merging: still 2 passes");
    tap_ok(cost_of(&m, 16, 1, 1) == 4, "128-bit, quarter-warp groups: 4 passes");
    m.w[1].merge = m.w[2].merge = 1;
    tap_ok(cost_of(&m, 8, 1, 2) == 1, "64-bit multicast-2 with merging: 1 pass (the seed's A100 row)");
    tap_ok(cost_of(&m, 8, 1, 1) == 2, "64-bit conflict-free with merging: 2 passes (the halves would conflict)");
    tap_ok(cost_of(&m, 16, 1, 4) == 1, "128-bit multicast-4 with merging: 1 pass");
    tap_ok(cost_of(&m, 16, 1, 2) == 2, "128-bit multicast-2 with merging: 2 passes");
    /* conflict-2 at 64 bits, the seed's (i % 2) * 32 + i / 2 float2s */
    for (i = 0; i < 32; i++)
        off[i] = ((i % 2) * 32 + i / 2) * 8;
    tap_ok(chase_banks_cost(&m, 8, off, &c) == 4, "64-bit conflict-2: 4 passes (the seed's A100: 2x conflict-free)");
    tap_ok(c.npass == 2 && c.depth[0] == 2 && c.pass[0] == 0 && c.pass[16] == 1, "the detail: 2 groups, 2 words a bank");
    /* 8-byte banks: two lanes in one 8-byte word share it. */
    model(&m, 32, 8, 32, 32, 32, 16, 0);
    tap_ok(cost_of(&m, 4, 1, 1) == 1 && cost_of(&m, 4, 2, 1) == 1 && cost_of(&m, 4, 4, 1) == 2 &&
               cost_of(&m, 4, 64, 1) == 32,
           "32 banks of 8 B: dword strides 1, 2, 4, 64 take 1, 1, 2, 32 passes");
    /* CDNA3: 64 lanes, the guide's phases. */
    model(&m, 32, 4, 64, 32, 16, 8, 0);
    cdna3_b128(&m.w[2]);
    tap_ok(cost_of(&m, 4, 1, 1) == 2 && cost_of(&m, 8, 1, 1) == 4 && cost_of(&m, 16, 1, 1) == 8,
           "CDNA3: conflict-free b32, b64, b128 take 2, 4, 8 passes");
    for (i = 0; i < 64; i++)
        off[i] = ((i % 8) * 32 + i / 8) * 16;
    tap_ok(chase_banks_cost(&m, 16, off, NULL) == 32, "CDNA3 b128 conflict-8: 32 passes (the seed's MI50: 4x)");
    tap_ok(chase_banks_cost(&m, 12, off, NULL) == 0, "a width other than 4, 8, 16 costs nothing (refused)");
}

static void test_rows(void)
{
    struct chase_banks_model m;
    uint32_t off[CHASE_MAX_LANES];
    unsigned k, w;
    int all = 1;

    model(&m, 32, 4, 32, 32, 16, 8, 1);
    for (w = 4; w <= 16; w *= 2)
        for (k = 0; k < CHASE_BANKS_NROW; k++) {
            const struct chase_banks_row *r = &chase_banks_rows[k];
            unsigned want, got;
            if (chase_banks_row_pattern(r, 32, w, 128, 64 * 1024, off)) {
                all = 0;
                continue;
            }
            got = chase_banks_cost(&m, w, off, NULL);
            if (r->kind == CHASE_BANKS_CONFLICT)
                /* k lanes a bank in each group of 128 / w lanes */
                want = (r->ways < 128 / w ? r->ways : 128 / w) * (w / 4);
            else if (r->kind == CHASE_BANKS_FREE)
                want = w / 4;
            else
                want = 0;
            if (want && got != want) {
                all = 0;
                printf("# %s at %u bytes: %u passes, want %u\n", r->name, w, got, want);
            }
        }
    tap_ok(all, "conflict-k rows take k passes a group (capped by its lanes), conflict-free one a group");
    tap_ok(chase_banks_row_pattern(&chase_banks_rows[10], 16, 4, 128, 65536, off) == -1,
           "conflict-32 on a 16-lane warp is refused");
    tap_ok(chase_banks_row_pattern(&chase_banks_rows[10], 32, 16, 128, 4096, off) == -1,
           "a row beyond shared memory is refused");
    chase_banks_row_pattern(&chase_banks_rows[5], 64, 8, 128, 65536, off);
    for (k = 0, all = 1; k < 64; k++)
        all &= off[k] == 0;
    tap_ok(all && chase_banks_row_ways(&chase_banks_rows[5], 64) == 64, "broadcast: every lane element 0, 64 ways");
    chase_banks_row_pattern(&chase_banks_rows[6], 32, 16, 128, 65536, off);
    tap_ok(off[1] == 512 && off[2] == 16, "conflict-2 at 128 bits: the seed's 32-element (512-byte) rows");
}

/* Costs of the stride sweep under a model, as a device would show them:
 * a + b x max(passes, floor), times noise. */
static void sweep(const struct chase_banks_model *m, uint64_t shared, double a, double b, double fl, double noise,
                  unsigned seed, double *cost)
{
    uint32_t off[CHASE_MAX_LANES];
    unsigned i;
    srand(seed);
    for (i = 0; i < CHASE_BANKS_NSTRIDE; i++) {
        double p;
        chase_banks_stride_pattern(m->lanes, chase_banks_strides[i], shared, off);
        p = chase_banks_cost(m, 4, off, NULL);
        cost[i] = (a + b * (p > fl ? p : fl)) * (1 + noise * ((double)rand() / RAND_MAX * 2 - 1));
    }
}

static void test_fit(void)
{
    static const struct {
        unsigned banks, bytes, lanes, g32;
        double a, b, fl, noise;
    } cases[] = {
        {32, 4, 32, 32, 0, 1, 1, 0},       {32, 4, 64, 32, 0, 2, 1, 0},     {64, 4, 32, 32, 3, 1.5, 1, 0},
        {32, 8, 32, 32, 0, 1, 1, 0},       {16, 4, 16, 16, 10, 4, 1, 0},    {32, 4, 32, 32, 0, 1, 1, 0.02},
        {128, 4, 64, 64, 0, 1, 1, 0.01},   {32, 4, 64, 32, 0, 112, 3.2, 0}, {8, 16, 32, 32, 1, 1, 1, 0},
        {32, 4, 32, 16, 0, 1, 1, 0},
    };
    /* The bank-count seed's MI300 sweep (us for a fixed number of
     * reads): 0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 32, 33, 64, 65, 128, 129,
     * 256, 512, 1024 dwords; it fits a 32 KiB buffer. */
    static const unsigned seed_stride[] = {0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 32, 33, 64, 65, 128, 129, 256, 512, 1024};
    static const double seed_us[] = {358.8, 358.3, 474.4,  362.3,  907.2,  356.8,  1805.6, 357.4, 3600.6, 357.8,
                                     7196.0, 357.3, 7196.2, 358.0, 7199.9, 357.7, 7193.8, 3714.7, 1919.8};
    struct chase_banks_fit *fit = malloc(sizeof *fit);
    struct chase_banks_model m;
    double cost[CHASE_BANKS_NSTRIDE];
    size_t k;

    for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        model(&m, cases[k].banks, cases[k].bytes, cases[k].lanes, cases[k].g32, 16, 8, 0);
        sweep(&m, 64 * 1024, cases[k].a, cases[k].b, cases[k].fl, cases[k].noise, (unsigned)k + 1, cost);
        if (chase_banks_fit(chase_banks_strides, cost, CHASE_BANKS_NSTRIDE, cases[k].lanes, 64 * 1024, fit)) {
            tap_ok(0, "case %zu: the fit failed", k);
            continue;
        }
        if (cases[k].g32 != cases[k].lanes)
            chase_banks_fit_refine(fit, cases[k].g32);
        tap_ok(fit->ok && fit->best.banks == cases[k].banks && fit->best.bank_bytes == cases[k].bytes &&
                   fit->best.phase_lanes == cases[k].g32 && fabs(fit->best.b - cases[k].b) < 0.1 * cases[k].b,
               "case %zu: %u lanes, %u banks of %u B, phases of %u, %.0f%% noise%s: found %u x %u B, phases of %u, "
               "%.3g cycles a pass (rms %.3f, runner-up %.3f)",
               k, cases[k].lanes, cases[k].banks, cases[k].bytes, cases[k].g32, 100 * cases[k].noise,
               cases[k].fl > 1 ? ", a floor" : "", fit->best.banks, fit->best.bank_bytes, fit->best.phase_lanes,
               fit->best.b, fit->best.rms, fit->runner_up.rms);
        tap_ok(fit->clear, "case %zu: the fit is clear", k);
    }
    k = (size_t)chase_banks_fit(seed_stride, seed_us, 19, 64, 32 * 1024, fit);
    tap_ok(k == 0 && fit->best.banks == 32 && fit->best.bank_bytes == 4 && fit->clear,
           "the seed's MI300 sweep: %u banks of %u B, a pass %.0f us, floor %.2g passes, rms %.3f (runner-up %u x "
           "%u B at %.3f)",
           fit->best.banks, fit->best.bank_bytes, fit->best.b, fit->best.floor, fit->best.rms, fit->runner_up.banks,
           fit->runner_up.bank_bytes, fit->runner_up.rms);
    for (k = 0; k < CHASE_BANKS_NSTRIDE; k++)
        cost[k] = 7;
    tap_ok(chase_banks_fit(chase_banks_strides, cost, CHASE_BANKS_NSTRIDE, 32, 65536, fit) != 0 || !fit->ok ||
               !fit->clear,
           "a flat sweep singles out no bank model");
    cost[3] = -1;
    tap_ok(chase_banks_fit(chase_banks_strides, cost, CHASE_BANKS_NSTRIDE, 32, 65536, fit) == -1,
           "a negative cost is refused");
    free(fit);
}

struct probe_model {
    const struct chase_banks_model *m;
    unsigned width, calls;
    double noise;
};

static int probe(void *arg, const uint32_t *off, double *cycles)
{
    struct probe_model *p = arg;
    p->calls++;
    *cycles = 2.0 * chase_banks_cost(p->m, p->width, off, NULL) * (1 + p->noise * ((double)rand() / RAND_MAX - 0.5));
    return 0;
}

static int same_groups(const struct chase_banks_layout *a, const struct chase_banks_layout *b, unsigned lanes)
{
    unsigned i, j;
    for (i = 0; i < lanes; i++)
        for (j = 0; j < lanes; j++)
            if ((a->group[i] == a->group[j]) != (b->group[i] == b->group[j]))
                return 0;
    return a->ngroups == b->ngroups;
}

static void test_groups(void)
{
    struct chase_banks_groups *g = malloc(sizeof *g);
    struct chase_banks_model m;
    struct probe_model pm;
    char text[256];
    unsigned i;

    model(&m, 32, 4, 64, 32, 16, 8, 0);
    cdna3_b128(&m.w[2]);
    pm.m = &m;
    pm.width = 16;
    pm.calls = 0;
    pm.noise = 0;
    i = (unsigned)chase_banks_find_groups(64, 16, 32, 4, 2.0, probe, &pm, g);
    tap_ok(i == 0 && same_groups(&g->layout, &m.w[2], 64) && !g->layout.merge,
           "CDNA3 b128: the guide's eight groups, found with %u probes", pm.calls);
    chase_banks_groups_text(&g->layout, 64, text, sizeof text);
    tap_ok(!strcmp(text, "0-3,20-23 4-7,16-19 8-11,28-31 12-15,24-27 32-35,52-55 36-39,48-51 40-43,60-63 "
                         "44-47,56-59"),
           "written as the seed writes them: %s", text);
    /* NVIDIA-like: units that merge while conflict-free. */
    model(&m, 32, 4, 32, 32, 16, 8, 1);
    pm.width = 8;
    i = (unsigned)chase_banks_find_groups(32, 8, 32, 4, 2.0, probe, &pm, g);
    tap_ok(i == 0 && same_groups(&g->layout, &m.w[1], 32) && g->layout.merge,
           "merging half-warps: two groups, and the merge seen (other groups cost %.1f passes more)", g->base_excess);
    pm.width = 4;
    tap_ok(chase_banks_find_groups(32, 4, 32, 4, 2.0, probe, &pm, g) == 0 && g->layout.ngroups == 1,
           "b32 on it: one group of every lane");
    /* Interleaved groups (lane i in group i mod 4): no device's, no code shaped on it. */
    model(&m, 64, 4, 32, 32, 16, 8, 0);
    for (i = 0; i < 32; i++)
        m.w[2].group[i] = (unsigned char)(i % 4);
    m.w[2].ngroups = 4;
    pm.width = 16;
    pm.noise = 0.02;
    srand(7);
    tap_ok(chase_banks_find_groups(32, 16, 64, 4, 2.0, probe, &pm, g) == 0 && same_groups(&g->layout, &m.w[2], 32),
           "64 banks, lanes interleaved in four groups, 2%% noise: found");
    chase_banks_groups_text(&g->layout, 32, text, sizeof text);
    tap_ok(!strncmp(text, "0,4,8,12,16,20,24,28 1,5,", 25), "interleaved groups written lane by lane: %.40s...", text);
    tap_ok(chase_banks_layout_block(&m.w[2], 32) == 0 && chase_banks_layout_block(&m.w[1], 32) == 16,
           "a layout of consecutive blocks says its size; an interleaved one 0");
    tap_ok(chase_banks_find_groups(32, 16, 4, 4, 2.0, probe, &pm, g) == -1, "16-byte rows leave no room: refused");
    free(g);
}

static int read_text(const char *text, unsigned lanes, unsigned width, uint64_t shared, uint32_t *off, char *why)
{
    FILE *f = tmpfile();
    int rc;
    if (!f)
        return -2;
    fputs(text, f);
    rewind(f);
    rc = chase_banks_read_lanes(f, "p.txt", lanes, width, shared, off, why, 256);
    fclose(f);
    return rc;
}

static void test_lanes_file(void)
{
    uint32_t off[CHASE_MAX_LANES];
    char why[256] = "", text[1024];
    unsigned i, n = 0;

    for (i = 0; i < 4; i++)
        n += (unsigned)snprintf(text + n, sizeof text - n, "%u\n", i * 33);
    tap_ok(read_text(text, 4, 4, 65536, off, why) == 0 && off[3] == 99 * 4, "four lanes of 32-bit elements");
    tap_ok(read_text("# a pattern\n0x10\n\n 3 # three\n5\n7\n", 4, 8, 65536, off, why) == 0 && off[0] == 128 &&
               off[1] == 24,
           "comments, blank lines, hex, 64-bit elements");
    tap_ok(read_text("1\n2\n3\n", 4, 4, 65536, off, why) == -1 && strstr(why, "3 lanes given"), "too few: %s", why);
    tap_ok(read_text("1\n2\n3\n4\n5\n", 4, 4, 65536, off, why) == -1 && strstr(why, "p.txt:5"), "too many: %s", why);
    tap_ok(read_text("1\nx\n3\n4\n", 4, 4, 65536, off, why) == -1 && strstr(why, "p.txt:2"), "junk: %s", why);
    tap_ok(read_text("1\n-2\n3\n4\n", 4, 4, 65536, off, why) == -1 && strstr(why, "p.txt:2"), "negative: %s", why);
    tap_ok(read_text("1\n99999999999999999999999\n3\n4\n", 4, 4, 65536, off, why) == -1 && strstr(why, "p.txt:2"),
           "beyond 64 bits: %s", why);
    tap_ok(read_text("1\n4096\n3\n4\n", 4, 16, 65536, off, why) == -1 && strstr(why, "beyond"),
           "beyond shared memory: %s", why);
    tap_ok(read_text("1\n4095\n3\n4\n", 4, 16, 65536, off, why) == 0 && off[1] == 65520, "the last element fits");
    tap_ok(read_text("1\n18446744073709551615\n3\n4\n", 4, 16, UINT64_MAX, off, why) == -1,
           "an element whose offset would overflow: refused: %s", why);
}

int main(void)
{
    test_cost();
    test_rows();
    test_fit();
    test_groups();
    test_lanes_file();
    return tap_done();
}
