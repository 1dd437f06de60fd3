/* test_loads.c: chase loads' analysis: the issue figure and the N from which
 * it settles, where a row measures, and a row measured through fake hooks
 * whose truth is known (global and shared memory). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <string.h>

#include "loads/loads.h"
#include "tap.h"

static const unsigned *N = chase_loads_n;

static void settle_tests(void)
{
    struct chase_loads_settle f;
    double t[CHASE_LOADS_NS];
    size_t k;
    int rc;

    /* A pipeline: T(N) = L + (N - 1) c settles at once. */
    for (k = 0; k < CHASE_LOADS_NS; k++)
        t[k] = 500 + (N[k] - 1) * 32.0;
    rc = chase_loads_settle(N, t, CHASE_LOADS_NS, 0.05, 0.5, &f);
    tap_ok(rc == 0 && f.settled && f.used == 1 && fabs(f.value - 32) < 1e-9,
           "T(N) = 500 + 32 (N - 1): settled at N = 2, 32 cycles (%g at N = %u)", f.value, N[f.used]);
    for (k = 1; k < CHASE_LOADS_NS; k++)
        if (fabs(f.slope[k] - 32) > 1e-9 || fabs(f.issue[k] - 32) > 1e-9)
            break;
    tap_ok(k == CHASE_LOADS_NS && isnan(f.issue[0]) && isnan(f.slope[0]), "every issue figure and slope is 32");

    /* A start-up cost a: issue(N) = c + a / (N - 1) settles late.  With c =
     * 2, a = 10: N = 11 gives 3.0 but 32 gives 2.32 (0.68 off, over the 0.5
     * floor); N = 16 gives 2.67, and 24 (2.43) and 32 (2.32) lie within 0.5. */
    for (k = 0; k < CHASE_LOADS_NS; k++)
        t[k] = 100 + (k ? 10 : 0) + (N[k] - 1) * 2.0;
    chase_loads_settle(N, t, CHASE_LOADS_NS, 0.05, 0.5, &f);
    tap_ok(f.settled && N[f.used] == 16 && fabs(f.value - (2 + 10.0 / 15)) < 1e-9,
           "a start-up cost: settled at N = 16 (got %u), issue %g", N[f.used], f.value);
    tap_ok(fabs(f.slope[CHASE_LOADS_NS - 1] - 2) < 1e-9, "the marginal slope shows the asymptote (2)");

    /* Never settles: each load waits longer than the one before. */
    for (k = 0; k < CHASE_LOADS_NS; k++)
        t[k] = 100 + (double)(N[k] - 1) * (N[k] - 1);
    chase_loads_settle(N, t, CHASE_LOADS_NS, 0.05, 0.5, &f);
    tap_ok(!f.settled && f.used == CHASE_LOADS_NS - 1 && fabs(f.value - 31) < 1e-9,
           "a growing cost: not settled, the last N's figure (%g)", f.value);

    /* Unknowns. */
    for (k = 0; k < CHASE_LOADS_NS; k++)
        t[k] = 40 + (N[k] - 1) * 4.0;
    t[0] = NAN;
    rc = chase_loads_settle(N, t, CHASE_LOADS_NS, 0.05, 0.5, &f);
    tap_ok(rc == -1 && isnan(f.value),
           "no latency: no figure");
    t[0] = 40;
    tap_ok(chase_loads_settle(N, t, 1, 0.05, 0.5, &f) == -1, "no burst: no figure");
    t[3] = NAN;
    rc = chase_loads_settle(N, t, 5, 0.05, 0.5, &f);
    tap_ok(rc == 0 && f.settled && f.used == 1 && isnan(f.issue[3]) &&
               fabs(f.slope[4] - 4) < 1e-9,
           "a missing N is skipped; the next slope spans the gap");
    rc = chase_loads_settle(N, t, 2, 0.05, 0.5, &f);
    tap_ok(rc == 0 && !f.settled && f.used == 1,
           "one burst size alone cannot show it settled");
}

static void plan_tests(void)
{
    struct chase_loads_plan p;
    char why[200];
    int rc;

    tap_ok(chase_loads_block_bytes(32, 4) == 128 && chase_loads_block_bytes(32, 16) == 512 &&
               chase_loads_block_bytes(1, 128) == 128 && chase_loads_block_bytes(1, 4) == 8 &&
               chase_loads_block_bytes(3, 16) == 64 && chase_loads_block_bytes(64, 1ull << 60) == 0 &&
               chase_loads_block_bytes(0, 4) == 0,
           "block bytes: lanes x lane stride up to a power of two, at least 8, 0 on overflow");

    /* An L1 like the H100's: the middle (15 KiB) is raised to hold the block's
     * 32 warps x 4 loads of 512 B. */
    rc = chase_loads_plan_row(1024, 220416, 220416, 512, 32, 4, &p, why, sizeof why);
    tap_ok(rc == 0 && p.bytes == 65536 &&
               p.nbursts == CHASE_LOADS_NS && p.warps == 32 && p.burst == 4,
           "L1 1 KiB..215 KiB, b128: 64 KiB, every burst, 32 x 4 (%llu, %zu, %u x %u)",
           (unsigned long long)p.bytes, p.nbursts, p.warps, p.burst);
    /* A level too small for that: the cap, fewer loads a warp. */
    rc = chase_loads_plan_row(1024, 32768, 32768, 512, 32, 4, &p, why, sizeof why);
    tap_ok(rc == 0 && p.bytes == 32768 &&
               p.nbursts == CHASE_LOADS_NS && p.warps == 32 && p.burst == 2,
           "L1 of 32 KiB: 32 KiB, 32 warps x 2 loads");
    rc = chase_loads_plan_row(1024, 4096, 4096, 512, 32, 4, &p, why, sizeof why);
    tap_ok(rc == 0 && p.bytes == 4096 &&
               p.nbursts == 4 && p.warps == 8 && p.burst == 1,
           "8 blocks: bursts up to 8, 8 warps x 1 load (%zu, %u x %u)", p.nbursts, p.warps, p.burst);
    /* The middle where it holds enough. */
    rc = chase_loads_plan_row(28u << 20, 45u << 20, 45u << 20, 128, 32, 4, &p, why, sizeof why);
    tap_ok(rc == 0 &&
               p.bytes % 128 == 0 && fabs((double)p.bytes - sqrt(28.0 * 45) * 1048576) < 256,
           "far L2 28..45 MiB: the geometric middle (%llu)", (unsigned long long)p.bytes);
    rc = chase_loads_plan_row(60u << 20, 1u << 30, 1u << 30, 512, 0, 4, &p, why, sizeof why);
    tap_ok(rc == 0 &&
               p.warps == 0 && p.burst == 0 && p.nbursts == CHASE_LOADS_NS,
           "no block measurement asked: none planned");
    rc = chase_loads_plan_row(60u << 20, 1u << 30, 32u << 20, 512, 32, 4, &p, why, sizeof why);
    tap_ok(rc == -1 &&
               strstr(why, "allocation"),
           "an allocation below the level: refused (%s)", why);
    rc = chase_loads_plan_row(1024, 4096, 4096, 96, 32, 4, &p, why, sizeof why);
    tap_ok(rc == -1, "a block not a power of two");
}

/* A fake backend with known truth: T(N) = LAT + (N - 1) ISSUE, the block's
 * SM cycles a warp load; it checks what it is asked. */
#define LAT 300.0
#define ISSUE 6.0
#define SMC 2.5
static int fails_at, calls, bad_req;

static int fake_loads(void *dev, const struct chase_loads_req *rq, struct chase_samples *out, char *err, size_t len)
{
    unsigned s;
    (void)dev;
    calls++;
    if (rq->width != 16 || rq->lanes != 32 || rq->lane_stride != 16 || rq->bytes != 1u << 20 || !rq->stop)
        bad_req = 1;
    if ((int)rq->inflight == fails_at) {
        snprintf(err, len, "the fake fails at %u", rq->inflight);
        return CHASE_EFAIL;
    }
    out->n = 5;
    for (s = 0; s < out->n; s++) {
        double jitter = (double)s - 2;  /* symmetric: the median is the truth */
        out->cycles[s] = (rq->warps == 1 ? LAT + (rq->inflight - 1) * ISSUE : SMC) + jitter * 0.01;
        out->ns[s] = out->cycles[s] / 2;
    }
    return CHASE_OK;
}

static int fake_shared(void *dev, const struct chase_shared_req *rq, struct chase_samples *out, char *err,
                       size_t len)
{
    unsigned l;
    (void)dev;
    (void)err;
    (void)len;
    for (l = 0; l < rq->lanes; l++)
        if (rq->offset[l] != l * rq->width)
            bad_req = 1;
    if (rq->mode == CHASE_SHARED_CHAIN || (rq->mode == CHASE_SHARED_BLOCK && rq->warps != 16))
        bad_req = 1;
    out->n = 3;
    for (l = 0; l < out->n; l++) {
        out->cycles[l] = rq->mode == CHASE_SHARED_BURST ? 30 + (rq->inflight - 1) * (rq->width / 4.0) : 1.0;
        out->ns[l] = NAN;
    }
    return CHASE_OK;
}

static void measure_tests(void)
{
    struct chase_backend ops;
    struct chase_loads_plan p;
    struct chase_loads_row row;
    volatile sig_atomic_t stop = 0;
    char err[200], why[200];
    int rc;

    memset(&ops, 0, sizeof ops);
    ops.loads = fake_loads;
    ops.shared = fake_shared;
    chase_loads_plan_row(1u << 20, 1u << 20, 1u << 20, 512, 32, 4, &p, why, sizeof why);
    memset(&row, 0, sizeof row);
    rc = chase_loads_measure(&ops, NULL, &p, 16, 32, 16, 1, &stop, &row, err, sizeof err);
    tap_ok(rc == CHASE_OK && !bad_req && calls == CHASE_LOADS_NS + CHASE_LOADS_T1_LAUNCHES,
           "a row: %d calls for T(1), one for each other burst size and one for the block", CHASE_LOADS_T1_LAUNCHES);
    tap_ok(fabs(row.latency - LAT) < 1e-9 && fabs(row.latency_ns - LAT / 2) < 1e-9,
           "latency: the median of T(1) (%g cycles, %g ns)", row.latency, row.latency_ns);
    tap_ok(fabs(row.issue - ISSUE) < 1e-9 && row.n == 2 && row.settled, "issue: %g at N = %u", row.issue, row.n);
    tap_ok(fabs(row.bpc_warp - 512 / ISSUE) < 1e-9 && fabs(row.sm_cycles - SMC) < 1e-9 &&
               fabs(row.bpc_sm - 512 / SMC) < 1e-9 && row.warps == 32 && row.burst == 4,
           "bytes a cycle: %g a warp, %g the SM with %u x %u", row.bpc_warp, row.bpc_sm, row.warps, row.burst);
    tap_ok(fabs(row.t[CHASE_LOADS_NS - 1] - (LAT + 31 * ISSUE)) < 1e-9 && row.p5[0] < row.t[0] && row.p95[0] > row.t[0],
           "T(32) and the spread kept for the convergence table");
    fails_at = 8;
    rc = chase_loads_measure(&ops, NULL, &p, 16, 32, 16, 1, &stop, &row, err, sizeof err);
    tap_ok(rc == CHASE_EFAIL && strstr(err, "fake fails"), "a failing hook's status and reason come back");
    fails_at = 0;
    stop = 1;
    tap_ok(chase_loads_measure(&ops, NULL, &p, 16, 32, 16, 1, &stop, &row, err, sizeof err) == CHASE_EINTR,
           "a signal stops the row");
    stop = 0;

    rc = chase_loads_measure_shared(&ops, NULL, 8, 32, 16, 4, &stop, &row, err, sizeof err);
    tap_ok(rc == CHASE_OK && !bad_req && row.shared && fabs(row.latency - 30) < 1e-9 && fabs(row.issue - 2) < 1e-9 &&
               fabs(row.bpc_warp - 128) < 1e-9 && fabs(row.bpc_sm - 256) < 1e-9 && isnan(row.latency_ns),
           "shared b64: conflict-free offsets, latency 30, issue 2, 128 B/cycle a warp, 256 the SM");
    rc = chase_loads_measure_shared(&ops, NULL, 16, 65, 16, 4, &stop, &row, err, sizeof err);
    tap_ok(rc == CHASE_EINVAL, "a warp wider than the hook can describe is refused");
}

int main(void)
{
    settle_tests();
    plan_tests();
    measure_tests();
    return tap_done();
}
