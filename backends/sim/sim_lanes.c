/* sim_lanes.c: the simulator's cross-lane operations: an operation costs
 * its latency in a dependent chain, and in independent chains the larger
 * of its warp instructions' issue cost and its latency over the chains
 * (Little's law: too few chains cannot hide it), so chase lanes'
 * analysis, its settling check among it, has known truth to find. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_lanes.h"
#include "sim_loads.h"
#include "spec.h"

#define SAMPLES 9

/* Latency and issue cost a warp instruction, the simulated device's
 * defaults: shuffles in the tens of cycles as an NVIDIA GPU's, DPP a few
 * cycles and ds_swizzle / ds_(b)permute about fifty as the AMDGPU guide
 * gives them; the rest plausible and, above all, distinct, so a row that
 * took another's figures shows. */
static const struct sim_lanes_op defaults[CHASE_LANES_NOPS] = {
    [CHASE_LANES_SHFL_IDX] = {24, 2, 0},   [CHASE_LANES_SHFL_UP] = {23, 2, 0},
    [CHASE_LANES_SHFL_DOWN] = {22, 2, 0},  [CHASE_LANES_SHFL_BFLY] = {21, 2, 0},
    [CHASE_LANES_VOTE_BALLOT] = {10, 1, 0}, [CHASE_LANES_MATCH_ANY] = {60, 16, 0},
    [CHASE_LANES_REDUX_ADD] = {36, 4, 0},  [CHASE_LANES_DPP_ROW] = {6, 1, 0},
    [CHASE_LANES_DPP_QUAD] = {5, 1, 0},    [CHASE_LANES_DS_SWIZZLE] = {44, 2, 0},
    [CHASE_LANES_DS_PERMUTE] = {50, 2, 0}, [CHASE_LANES_DS_BPERMUTE] = {48, 2, 0},
    [CHASE_LANES_READLANE] = {8, 1, 0},    [CHASE_LANES_READFIRSTLANE] = {7, 1, 0},
    [CHASE_LANES_SHARED] = {52, 4, 0},
};

void sim_lanes_defaults(struct sim_lanes_spec *m)
{
    memcpy(m->op, defaults, sizeof defaults);
}

/* A decimal number from 0 to 1e6 (spec.c's rule: a digit or a point first). */
static int cycles(const char *key, const char *val, double *out, char *why, size_t len)
{
    char *end;
    double v;

    if ((isdigit((unsigned char)val[0]) || val[0] == '.') && !strpbrk(val, "xX")) {
        v = strtod(val, &end);
        if (!*end && isfinite(v) && v >= 0 && v <= 1e6) {
            *out = v;
            return 0;
        }
    }
    snprintf(why, len, "spec: lanes: %s=%s is not a number of cycles from 0 to 1e6 (or none)", key, val);
    return -1;
}

/* The operations a key names: one, or a group (shfl, dpp). */
static int key_ops(const char *name, int *ops)
{
    int n = 0, i;

    if (!strcmp(name, "shfl")) {
        for (i = CHASE_LANES_SHFL_IDX; i <= CHASE_LANES_SHFL_BFLY; i++)
            ops[n++] = i;
        return n;
    }
    if (!strcmp(name, "dpp")) {
        ops[n++] = CHASE_LANES_DPP_ROW;
        ops[n++] = CHASE_LANES_DPP_QUAD;
        return n;
    }
    for (i = 0; i < CHASE_LANES_NOPS; i++)
        if (!strcmp(name, chase_lanes_op_name(i)))
            ops[n++] = i;
    return n;
}

int sim_lanes_section(const char *sec, char *kvs, struct sim_lanes_spec *m, int *rc, char *why, size_t len)
{
    char *kv, *save = NULL;

    if (strcmp(sec, "lanes"))
        return 0;
    *rc = -1;
    for (kv = strtok_r(kvs, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(kv, '='), name[40], *us;
        int ops[CHASE_LANES_NOPS], n, i, is_issue = 0;
        double v = 0;

        if (!eq || (size_t)(eq - kv) >= sizeof name) {
            snprintf(why, len, "spec: lanes: '%.60s' is not key=value", kv);
            return 1;
        }
        *eq = 0;                /* kv is now the key alone */
        snprintf(name, sizeof name, "%s", kv);
        us = strrchr(name, '_');
        if (us && !strcmp(us, "_issue")) {
            *us = 0;
            is_issue = 1;
        }
        if (!(n = key_ops(name, ops))) {
            snprintf(why, len, "spec: unknown key '%.60s' in section 'lanes' (an operation: shfl, shfl_idx, ..., "
                     "shared; NAME_issue for its issue cost)", kv);
            return 1;
        }
        if (!is_issue && !strcmp(eq + 1, "none")) {
            for (i = 0; i < n; i++)
                m->op[ops[i]].lacks = 1;
            continue;
        }
        if (cycles(kv, eq + 1, &v, why, len))
            return 1;
        if (is_issue && v <= 0) {
            snprintf(why, len, "spec: lanes: %.60s must be above 0 cycles", kv);
            return 1;
        }
        for (i = 0; i < n; i++) {
            if (is_issue)
                m->op[ops[i]].issue = v;
            else
                m->op[ops[i]].lat = v, m->op[ops[i]].lacks = 0;
        }
    }
    *rc = 0;
    return 1;
}

/* Warp instructions one operation is on the simulated device: a 64-bit
 * value moves as two 32-bit halves, except match (one 64-bit compare) and
 * the shared-memory exchange (one 64-bit store and one load, as at 32). */
static unsigned instrs(int op, unsigned width)
{
    if (op == CHASE_LANES_SHARED)
        return 2;
    if (op == CHASE_LANES_MATCH_ANY)
        return 1;
    return width / 32;
}

/* The widths each operation has on the simulated device. */
static int has_width(int op, unsigned width)
{
    if (width == 32)
        return 1;
    return op <= CHASE_LANES_SHFL_BFLY || op == CHASE_LANES_MATCH_ANY || op == CHASE_LANES_SHARED;
}

static uint64_t xorshift(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static double gauss(uint64_t *s)
{
    double u = ((double)(xorshift(s) >> 11) + 0.5) / 9007199254740992.0;
    double v = ((double)(xorshift(s) >> 11) + 0.5) / 9007199254740992.0;
    return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

int sim_lanes(void *dev, const struct chase_lanes_req *rq, struct chase_lanes_samples *out, char *err, size_t len)
{
    const struct sim_spec *s = sim_dev_spec(dev);
    const struct sim_lanes_op *o;
    unsigned k, n, in;
    double per;
    uint64_t rng;
    int rc;

    if (!rq)
        return CHASE_OK;
    if ((rc = chase_lanes_req_check(rq, err, len)) != CHASE_OK)
        return rc;
    o = &s->xlane.op[rq->op];
    if (!has_width(rq->op, rq->width)) {
        snprintf(err, len, "%s has no %u-bit form here", chase_lanes_op_name(rq->op), rq->width);
        return CHASE_EINVAL;
    }
    if (o->lacks) {
        snprintf(err, len, "the simulated device lacks %s (the spec's lanes:%s=none)", chase_lanes_op_name(rq->op),
                 chase_lanes_op_name(rq->op));
        return CHASE_ENOTSUP;
    }
    in = instrs(rq->op, rq->width);
    memset(out, 0, sizeof *out);
    snprintf(out->instr, sizeof out->instr, "sim.%s", chase_lanes_op_name(rq->op));
    out->instrs = in;
    out->chains = rq->chains;
    out->ops = rq->ops;
    out->clock_mhz = s->mhz;
    if (!rq->ops)
        return CHASE_OK;
    /* A split operation's second instruction issues after its first. */
    per = o->lat + (in > 1 && rq->op != CHASE_LANES_SHARED ? o->issue : 0);
    if (rq->mode == CHASE_LANES_ISSUE)
        per = fmax(in * o->issue, per / rq->chains);
    n = rq->samples ? rq->samples : SAMPLES;
    rng = (s->seed * 0x9e3779b97f4a7c15ULL ^ ((uint64_t)rq->op << 32) ^ ((uint64_t)rq->width << 8) ^ rq->chains) | 1;
    for (k = 0; k < n; k++) {
        if (rq->stop && *rq->stop)
            return CHASE_EINTR;
        out->cycles[k] = per * (s->noise > 0 ? fmax(0.05, 1 + s->noise * gauss(&rng)) : 1);
        out->ns[k] = out->cycles[k] / s->mhz * 1e3;
    }
    out->n = n;
    return CHASE_OK;
}
