/* shared.c: the simulator's shared memory: "shared:banks=32,width=4,lanes=32,
 * lat=30,issue=1,b32=dynamic,b64=dynamic,b128=dynamic" (st32=, st64=,
 * st128=: the stores' phases, the reads' unless given; read2=1: the
 * two-address reads) or a preset
 * ("shared:preset=cdna3,banks=64").  Written apart from the core's bank
 * analysis (src/banks/banks.c) on purpose: the analysis is tested against this
 * model as against a device, so the two must not share a mistake. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shared.h"
#include "core/size.h"
#include "spec.h"

/* The b128 phases the AMDGPU optimization guide gives for CDNA3's
 * ds_read_b128.  Its ds_write_b128 is "eight phases: T0-T7, T8-T15, ...,
 * T56-T63" (st128=8), and its b32 "32 adjacent threads read/write" (the
 * reads' groups); of ds_write_b64 it says nothing: stores as the reads. */
static const char cdna3_b128[] =
    "0-3+20-23/32-35+52-55/4-7+16-19/36-39+48-51/8-11+28-31/40-43+60-63/12-15+24-27/44-47+56-59";

static const struct {
    const char *name, *keys;
} presets[] = {
    /* 32 lanes, 32 banks of 4 bytes, units of a bank row that merge while
     * conflict-free: the rule that fits the seed's A100 table. */
    {"nvidia", "banks=32,width=4,lanes=32,lat=30,issue=1,size=227K,b32=dynamic,b64=dynamic,b128=dynamic"},
    /* 64 lanes, 32 banks of 4 bytes, the guide's phases; ds_read2_b64. */
    {"cdna3", "banks=32,width=4,lanes=64,lat=50,issue=2,size=64K,b32=32,b64=16,b128=cdna3,st32=32,st64=16,"
              "st128=8,read2=1"},
};

static int pow2(uint64_t v)
{
    return v && !(v & (v - 1));
}

static int num(const char *key, const char *val, double lo, double hi, double *out, char *why, size_t len)
{
    char *end;
    double v = strtod(val, &end);
    if (end == val || *end || !(v >= lo && v <= hi)) {
        snprintf(why, len, "spec: shared: %s=%s is not a number in [%g, %g]", key, val, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

/* "dynamic", N (consecutive groups of N lanes), "cdna3", or groups
 * "a-b+c/d-e/..." ('/' between groups, '+' between a group's ranges). */
static int phases(const char *key, const char *val, struct sim_shared_phases *p, char *why, size_t len)
{
    char buf[512], *g, *gs = NULL;
    unsigned n = 0;

    memset(p, 0, sizeof *p);
    if (!strcmp(val, "dynamic")) {
        p->dynamic = 1;
        return 0;
    }
    if (!strcmp(val, "cdna3"))
        val = cdna3_b128;
    if (strspn(val, "0123456789") == strlen(val) && *val) {
        double v;
        if (num(key, val, 1, CHASE_MAX_LANES, &v, why, len))
            return -1;
        p->ngroups = 0;
        p->group[0] = 0;
        /* Filled against the lane count once the whole section is read. */
        p->ngroups = (unsigned)v | 0x10000u;
        return 0;
    }
    if (strlen(val) >= sizeof buf) {
        snprintf(why, len, "spec: shared: %s= is too long", key);
        return -1;
    }
    snprintf(buf, sizeof buf, "%s", val);
    memset(p->group, 0xff, sizeof p->group);
    for (g = strtok_r(buf, "/", &gs); g; g = strtok_r(NULL, "/", &gs)) {
        char *r, *rs = NULL;
        if (n == CHASE_MAX_LANES) {
            snprintf(why, len, "spec: shared: %s: more than %d groups", key, CHASE_MAX_LANES);
            return -1;
        }
        for (r = strtok_r(g, "+", &rs); r; r = strtok_r(NULL, "+", &rs)) {
            char *end, *end2;
            long a = strtol(r, &end, 10), b = a, i;
            if (end != r && *end == '-')
                b = strtol(end + 1, &end2, 10), end = end2;
            if (end == r || *end || a < 0 || b < a || b >= CHASE_MAX_LANES) {
                snprintf(why, len, "spec: shared: %s: '%s' is not a lane or a range of lanes (0-%d)", key, r,
                         CHASE_MAX_LANES - 1);
                return -1;
            }
            for (i = a; i <= b; i++) {
                if (p->group[i] != 0xff) {
                    snprintf(why, len, "spec: shared: %s: lane %ld is in two groups", key, i);
                    return -1;
                }
                p->group[i] = (unsigned char)n;
            }
        }
        n++;
    }
    p->ngroups = n;
    return 0;
}

static int keyval(char *kv, struct sim_shared *m, int allow_preset, char *why, size_t len)
{
    char *eq = strchr(kv, '='), *key = kv, *val;
    double v;
    uint64_t sz;
    char r[160];

    if (!eq) {
        snprintf(why, len, "spec: shared: '%s' is not key=value", kv);
        return -1;
    }
    *eq = 0;
    val = eq + 1;
    if (!strcmp(key, "preset")) {
        if (!allow_preset) {
            snprintf(why, len, "spec: shared: preset= must come first");
            return -1;
        }
        return 0;   /* applied before the other keys */
    }
    if (!strcmp(key, "banks")) {
        if (num(key, val, 2, 256, &v, why, len))
            return -1;
        if (!pow2((uint64_t)v) || v != floor(v)) {
            snprintf(why, len, "spec: shared: banks=%s is not a power of two", val);
            return -1;
        }
        m->banks = (unsigned)v;
    } else if (!strcmp(key, "width")) {
        if (num(key, val, 4, 16, &v, why, len))
            return -1;
        if (v != 4 && v != 8 && v != 16) {
            snprintf(why, len, "spec: shared: width=%s: a bank is 4, 8 or 16 bytes wide", val);
            return -1;
        }
        m->bank_bytes = (unsigned)v;
    } else if (!strcmp(key, "lanes")) {
        if (num(key, val, 4, CHASE_MAX_LANES, &v, why, len))
            return -1;
        if (!pow2((uint64_t)v) || v != floor(v)) {
            snprintf(why, len, "spec: shared: lanes=%s is not a power of two", val);
            return -1;
        }
        m->lanes = (unsigned)v;
    } else if (!strcmp(key, "lat")) {
        if (num(key, val, 0, 1e5, &m->lat, why, len))
            return -1;
    } else if (!strcmp(key, "issue")) {
        if (num(key, val, 0.01, 1e4, &m->issue, why, len))
            return -1;
    } else if (!strcmp(key, "noise")) {
        if (num(key, val, 0, 0.5, &m->noise, why, len))
            return -1;
    } else if (!strcmp(key, "seed")) {
        if (num(key, val, 0, 1e15, &v, why, len))
            return -1;
        m->seed = (uint64_t)v;
    } else if (!strcmp(key, "size")) {
        if (chase_size_parse(val, &sz, r, sizeof r) || sz < 1024 || sz > (1u << 30)) {
            snprintf(why, len, "spec: shared: size=%s: between 1 KiB and 1 GiB", val);
            return -1;
        }
        m->size = sz;
    } else if (!strcmp(key, "bursts")) {
        /* b32/b64/b128's largest burst, as a GPU kernel's registers limit it. */
        unsigned a[3], i;
        char tail;
        if (sscanf(val, "%u/%u/%u%c", &a[0], &a[1], &a[2], &tail) != 3) {
            snprintf(why, len, "sim spec: shared: bursts=%s is not B32/B64/B128 (the largest burst of each width)",
                     val);
            return -1;
        }
        for (i = 0; i < 3; i++) {
            if (a[i] < 1 || a[i] > 32 || !pow2(a[i])) {
                snprintf(why, len, "sim spec: shared: bursts=%s: each a power of two from 1 to 32", val);
                return -1;
            }
            m->most[i] = a[i];
        }
    } else if (!strcmp(key, "clamp")) {
        if (num(key, val, 0, 1, &v, why, len))
            return -1;
        if (v != 0 && v != 1) {
            snprintf(why, len, "sim spec: shared: clamp=%s is 0 or 1", val);
            return -1;
        }
        m->clamp = (int)v;
    } else if (!strcmp(key, "b32") || !strcmp(key, "b64") || !strcmp(key, "b128")) {
        int w = key[1] == '3' ? 0 : key[1] == '6' ? 1 : 2;
        return phases(key, val, &m->ph[w], why, len);
    } else if (!strcmp(key, "st32") || !strcmp(key, "st64") || !strcmp(key, "st128")) {
        int w = key[2] == '3' ? 0 : key[2] == '6' ? 1 : 2;
        m->st_set[w] = 1;
        return phases(key, val, &m->st[w], why, len);
    } else if (!strcmp(key, "read2")) {
        if (num(key, val, 0, 1, &v, why, len))
            return -1;
        if (v != 0 && v != 1) {
            snprintf(why, len, "spec: shared: read2=%s is 0 or 1", val);
            return -1;
        }
        m->read2 = (int)v;
    } else {
        snprintf(why, len, "spec: shared: unknown key '%s'", key);
        return -1;
    }
    return 0;
}

/* Applies "k=v,k=v" (a preset's or the user's) to m. */
static int apply(const char *keys, struct sim_shared *m, int user, char *why, size_t len)
{
    char *copy = strdup(keys), *kv, *save = NULL;
    int first = 1, rc = 0;

    if (!copy) {
        snprintf(why, len, "out of memory");
        return -1;
    }
    for (kv = strtok_r(copy, ",", &save); kv && !rc; kv = strtok_r(NULL, ",", &save)) {
        rc = keyval(kv, m, user && first, why, len);
        first = 0;
    }
    free(copy);
    return rc;
}

/* A width's groups against the lane count, once the section is read. */
static int resolve(struct sim_shared_phases *p, const char *name, unsigned lanes, char *why, size_t len)
{
    unsigned i;

    if (p->ngroups & 0x10000u) {
        unsigned k = p->ngroups & 0xffffu;
        if (lanes % k) {
            snprintf(why, len, "spec: shared: %s=%u does not divide the %u lanes", name, k, lanes);
            return -1;
        }
        for (i = 0; i < lanes; i++)
            p->group[i] = (unsigned char)(i / k);
        p->ngroups = lanes / k;
    } else if (!p->dynamic) {
        for (i = 0; i < lanes; i++)
            if (p->group[i] == 0xff || p->group[i] >= p->ngroups) {
                snprintf(why, len, "spec: shared: %s places no group for lane %u of %u", name, i, lanes);
                return -1;
            }
        for (i = lanes; i < CHASE_MAX_LANES; i++)
            if (p->group[i] != 0xff && p->ngroups) {
                snprintf(why, len, "spec: shared: %s names lane %u; the warp has %u", name, i, lanes);
                return -1;
            }
    }
    return 0;
}

static int finish(struct sim_shared *m, char *why, size_t len)
{
    static const char *const wname[3] = {"b32", "b64", "b128"}, *const sname[3] = {"st32", "st64", "st128"};
    size_t n;
    int w;

    if (m->size > UINT32_MAX)
        m->size = UINT32_MAX;
    n = (size_t)snprintf(m->text, sizeof m->text, "%u banks of %u B, %u lanes, %llu B a block, latency %g cycles, "
                         "%g cycles a pass", m->banks, m->bank_bytes, m->lanes, (unsigned long long)m->size, m->lat,
                         m->issue);
    for (w = 0; w < 3; w++) {
        struct sim_shared_phases *p = &m->ph[w];
        if (resolve(p, wname[w], m->lanes, why, len))
            return -1;
        if (!m->st_set[w])
            m->st[w] = *p;
        else if (resolve(&m->st[w], sname[w], m->lanes, why, len))
            return -1;
        if (n < sizeof m->text) {
            if (p->dynamic)
                n += (size_t)snprintf(m->text + n, sizeof m->text - n, "; %s: units of a bank row, merged while "
                                      "conflict-free", wname[w]);
            else
                n += (size_t)snprintf(m->text + n, sizeof m->text - n, "; %s: %u lane groups", wname[w],
                                      p->ngroups);
        }
    }
    if (n < sizeof m->text && (m->most[0] < 32 || m->most[1] < 32 || m->most[2] < 32))
        n += (size_t)snprintf(m->text + n, sizeof m->text - n, "; bursts up to %u/%u/%u%s", m->most[0], m->most[1],
                              m->most[2], m->clamp ? ", a larger one timed as the largest (clamp)" : "");
    m->rng = (m->seed * 0x9e3779b97f4a7c15ULL) | 1;
    return 0;
}

int sim_shared_parse(const char *spec, struct sim_shared *m, char **rest, char *why, size_t len)
{
    char *copy, *sec, *save = NULL, *out;
    const char *user = NULL;
    size_t o = 0;
    int found = 0, rc = 0;

    memset(m, 0, sizeof *m);
    m->block_threads = 1024;
    m->most[0] = m->most[1] = m->most[2] = 32;
    *rest = NULL;
    copy = strdup(spec ? spec : "");
    out = calloc(1, strlen(spec ? spec : "") + 2);
    if (!copy || !out) {
        free(copy);
        free(out);
        snprintf(why, len, "out of memory");
        return -1;
    }
    for (sec = strtok_r(copy, ";", &save); sec; sec = strtok_r(NULL, ";", &save)) {
        char *s = sec;
        while (*s == ' ')
            s++;
        if (!strncmp(s, "shared:", 7)) {
            if (found++) {
                snprintf(why, len, "spec: more than one shared: section");
                rc = -1;
                break;
            }
            user = spec + (s + 7 - copy);
            continue;
        }
        if (*s)
            o += (size_t)sprintf(out + o, "%s%s", o ? ";" : "", s);
    }
    if (!rc) {
        /* The user's section, up to its ';' (the copy was cut by strtok). */
        char *mine = NULL, *pre = NULL;
        const char *preset = "nvidia";
        size_t i;
        if (user) {
            mine = strndup(user, strcspn(user, ";"));
            if (!mine) {
                snprintf(why, len, "out of memory");
                rc = -1;
            } else if (!strncmp(mine, "preset=", 7)) {
                pre = mine + 7;
                pre[strcspn(pre, ",")] = 0;
                preset = pre;
            }
        }
        for (i = 0; !rc && i < sizeof presets / sizeof presets[0]; i++)
            if (!strcmp(presets[i].name, preset))
                break;
        if (!rc && i == sizeof presets / sizeof presets[0]) {
            snprintf(why, len, "spec: shared: unknown preset '%s' (nvidia, cdna3)", preset);
            rc = -1;
        }
        if (!rc)
            rc = apply(presets[i].keys, m, 0, why, len);
        if (!rc && user) {
            free(mine);
            mine = strndup(user, strcspn(user, ";"));
            if (!mine) {
                snprintf(why, len, "out of memory");
                rc = -1;
            } else if (*mine) {
                rc = apply(mine, m, 1, why, len);
            }
        }
        free(mine);
        if (!rc)
            rc = finish(m, why, len);
    }
    free(copy);
    if (rc || !o) {
        free(out);
        return rc ? -1 : 0;
    }
    *rest = out;
    return 0;
}

/* ---- the cost: distinct bank words per bank, per pass ---- */

/* Adds the bank words of an access to list (each once); returns the count. */
static unsigned add_words(const struct sim_shared *m, uint64_t *list, unsigned n, uint32_t off, unsigned width)
{
    uint64_t x;
    unsigned i;
    for (x = off / m->bank_bytes; x <= ((uint64_t)off + width - 1) / m->bank_bytes; x++) {
        for (i = 0; i < n; i++)
            if (list[i] == x)
                break;
        if (i == n)
            list[n++] = x;
    }
    return n;
}

/* The most distinct words one bank must give. */
static unsigned busiest(const struct sim_shared *m, const uint64_t *list, unsigned n)
{
    unsigned count[256], b, most = 0, i;
    memset(count, 0, sizeof count);
    for (i = 0; i < n; i++) {
        b = (unsigned)(list[i] % m->banks);
        if (++count[b] > most)
            most = count[b];
    }
    return most;
}

static unsigned passes(const struct sim_shared *m, const struct sim_shared_phases *p, unsigned width,
                       const uint32_t *off);

unsigned sim_shared_passes(const struct sim_shared *m, int op, unsigned width, const uint32_t *off)
{
    int w = width == 4 ? 0 : width == 8 ? 1 : 2;
    uint32_t second[CHASE_MAX_LANES];
    unsigned i, span;

    if (op == CHASE_SHARED_WRITE)
        return passes(m, &m->st[w], width, off);
    if (op != CHASE_SHARED_READ2 && op != CHASE_SHARED_READ2ST64)
        return passes(m, &m->ph[w], width, off);
    /* The guide's ds_read2_b64: the first b64 in the b64 phases, "then
     * the second b64 in the next 4 phases, in the same groups". */
    span = op == CHASE_SHARED_READ2 ? CHASE_SHARED_READ2_SPAN : CHASE_SHARED_READ2ST64_SPAN;
    for (i = 0; i < m->lanes; i++)
        second[i] = off[i] + span;
    return passes(m, &m->ph[1], 8, off) + passes(m, &m->ph[1], 8, second);
}

static unsigned passes(const struct sim_shared *m, const struct sim_shared_phases *p, unsigned width,
                       const uint32_t *off)
{
    uint64_t cur[CHASE_MAX_LANES * 4], unit[CHASE_MAX_LANES * 4];
    unsigned total = 0, i, g;

    if (p->dynamic) {
        /* Units of a bank row's worth of lanes, in lane order; a unit
         * joins the pass before it when neither conflicts and together
         * they ask no bank for two words. */
        unsigned per = m->banks * m->bank_bytes / width, ncur = 0, cur_depth = 0, start;
        if (per < 1)
            per = 1;
        if (per > m->lanes)
            per = m->lanes;
        for (start = 0; start < m->lanes; start += per) {
            unsigned nu = 0, d, nboth;
            uint64_t both[CHASE_MAX_LANES * 8];
            for (i = start; i < start + per && i < m->lanes; i++)
                nu = add_words(m, unit, nu, off[i], width);
            d = busiest(m, unit, nu);
            if (ncur && cur_depth == 1 && d == 1) {
                memcpy(both, cur, ncur * sizeof *cur);
                nboth = ncur;
                for (i = 0; i < nu; i++) {
                    unsigned j;
                    for (j = 0; j < nboth && both[j] != unit[i]; j++)
                        ;
                    if (j == nboth)
                        both[nboth++] = unit[i];
                }
                if (busiest(m, both, nboth) == 1 && nboth <= CHASE_MAX_LANES * 4) {
                    memcpy(cur, both, nboth * sizeof *cur);
                    ncur = nboth;
                    continue;
                }
            }
            total += cur_depth;
            memcpy(cur, unit, nu * sizeof *unit);
            ncur = nu;
            cur_depth = d;
        }
        return total + cur_depth;
    }
    for (g = 0; g < p->ngroups; g++) {
        unsigned n = 0;
        for (i = 0; i < m->lanes; i++)
            if (p->group[i] == g)
                n = add_words(m, cur, n, off[i], width);
        total += n ? busiest(m, cur, n) : 0;
    }
    return total;
}

static double gauss(uint64_t *s)
{
    uint64_t x;
    double u, v;
    x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *s = x;
    u = ((double)(x >> 11) + 0.5) / 9007199254740992.0;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *s = x;
    v = ((double)(x >> 11) + 0.5) / 9007199254740992.0;
    return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

int sim_shared_time(struct sim_shared *m, const struct chase_shared_req *rq, struct chase_samples *out, char *err,
                    size_t len)
{
    unsigned i, P, s, N = rq->inflight;
    double t;

    if (rq->width != 4 && rq->width != 8 && rq->width != 16) {
        snprintf(err, len, "shared: width %u: 4, 8 or 16 bytes", rq->width);
        return CHASE_EINVAL;
    }
    if (rq->lanes != m->lanes) {
        snprintf(err, len, "shared: %u lanes asked of a %u-lane warp", rq->lanes, m->lanes);
        return CHASE_EINVAL;
    }
    if (rq->op < 0 || rq->op >= CHASE_SHARED_NOPS) {
        snprintf(err, len, "shared: an operation this ABI does not know (%d)", rq->op);
        return CHASE_EINVAL;
    }
    if ((rq->op == CHASE_SHARED_READ2 || rq->op == CHASE_SHARED_READ2ST64) && (!m->read2 || rq->width != 8)) {
        snprintf(err, len, "shared: %s: %s", chase_shared_op_name(rq->op),
                 m->read2 ? "a two-address read is of 8-byte words" : "this model has no two-address read (read2=1)");
        return m->read2 ? CHASE_EINVAL : CHASE_ENOTSUP;
    }
    if (rq->op == CHASE_SHARED_WRITE && rq->mode == CHASE_SHARED_CHAIN) {
        snprintf(err, len, "shared: a store returns nothing for a chain to wait for");
        return CHASE_ENOTSUP;
    }
    for (i = 0; i < rq->lanes; i++)
        if (rq->offset[i] % rq->width || (uint64_t)rq->offset[i] + chase_shared_op_reach(rq->op, rq->width) > m->size) {
            snprintf(err, len, "shared: lane %u's offset %u is misaligned or beyond %llu bytes", i, rq->offset[i],
                     (unsigned long long)m->size);
            return CHASE_EINVAL;
        }
    if (rq->mode != CHASE_SHARED_CHAIN && (N < 1 || N > 32)) {
        snprintf(err, len, "shared: %u accesses in flight: 1 to 32", N);
        return CHASE_EINVAL;
    }
    if (rq->mode != CHASE_SHARED_CHAIN && N > m->most[rq->width / 8]) {
        if (!m->clamp) {
            snprintf(err, len, "shared: the b%u hook bursts 1 to %u accesses, not %u", rq->width * 8,
                     m->most[rq->width / 8], N);
            return CHASE_EINVAL;
        }
        N = m->most[rq->width / 8];
    }
    if (rq->mode == CHASE_SHARED_BLOCK && (rq->warps < 1 || rq->warps * m->lanes > m->block_threads)) {
        snprintf(err, len, "shared: %u warps do not make a block of at most %u threads", rq->warps, m->block_threads);
        return CHASE_EINVAL;
    }
    if (rq->stop && *rq->stop)
        return CHASE_EINTR;
    P = sim_shared_passes(m, rq->op, rq->width, rq->offset);
    switch (rq->mode) {
    case CHASE_SHARED_CHAIN:
        /* The first pass's data after the latency, each further pass an issue later. */
        t = m->lat + (P - 1) * m->issue;
        break;
    case CHASE_SHARED_BURST:
        t = m->lat + ((double)N * P - 1) * m->issue;
        break;
    case CHASE_SHARED_BLOCK:
        /* The banks are busy P passes an instruction, unless the warps
         * cannot keep them busy: each waits for its burst to return. */
        t = fmax(P * m->issue, (m->lat + ((double)N * P - 1) * m->issue) / ((double)N * rq->warps));
        break;
    default:
        snprintf(err, len, "shared: unknown mode %d", rq->mode);
        return CHASE_EINVAL;
    }
    out->n = SIM_SHARED_SAMPLES;
    for (s = 0; s < out->n; s++) {
        out->cycles[s] = m->noise > 0 ? t * fmax(0.05, 1 + m->noise * gauss(&m->rng)) : t;
        out->ns[s] = NAN;
    }
    return CHASE_OK;
}

int sim_parse_all(const char *spec, struct sim_spec *s, struct sim_shared *m, char *why, size_t len)
{
    char *rest = NULL;
    int bad = sim_shared_parse(spec, m, &rest, why, len) ||
              sim_spec_parse(rest ? rest : SIM_DEFAULT_SPEC, s, why, len);
    free(rest);
    return bad ? -1 : 0;
}
