/* spec.c: parsing "L1:size=32K,ways=8,lat=4;L2:...;mem:lat=200". */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi/checked.h"
#include "sim_bandwidth.h"
#include "sim_loads.h"
#include "core/size.h"
#include "spec.h"

/* A whole number in [lo, hi], digits only: ways=1.5 or entries=1e3 would
 * otherwise be cut to something the user did not write. */
static int integer(const char *key, const char *val, uint64_t lo, uint64_t hi, uint64_t *out,
                   char *why, size_t len)
{
    const char *p = val;
    uint64_t v = 0;

    for (; isdigit((unsigned char)*p); p++)
        if (chase_mul_u64(v, 10, &v) || chase_add_u64(v, (uint64_t)(*p - '0'), &v))
            break;
    if (p == val || *p || v < lo || v > hi) {
        snprintf(why, len, "spec: %s=%s is not a whole number from %llu to %llu", key, val,
                 (unsigned long long)lo, (unsigned long long)hi);
        return -1;
    }
    *out = v;
    return 0;
}

/* A decimal number in [lo, hi]: a digit or a point first, so strtod's
 * "inf", "nan", hex and leading blanks never get in. */
static int number(const char *key, const char *val, double lo, double hi, double *out,
                  char *why, size_t len)
{
    char *end;
    double v;

    if (!isdigit((unsigned char)val[0]) && val[0] != '.')
        goto bad;
    v = strtod(val, &end);
    if (*end || strpbrk(val, "xX") || !isfinite(v) || !(v >= lo && v <= hi))
        goto bad;
    *out = v;
    return 0;
bad:
    snprintf(why, len, "spec: %s=%s is not a number from %g to %g", key, val, lo, hi);
    return -1;
}

static int size(const char *key, const char *val, uint64_t *out, char *why, size_t len)
{
    char r[160];
    uint64_t v;
    if (chase_size_parse(val, &v, r, sizeof r)) {
        snprintf(why, len, "spec: %s: %s", key, r);
        return -1;
    }
    if (v == 0) {
        snprintf(why, len, "spec: %s: must not be zero", key);
        return -1;
    }
    *out = v;
    return 0;
}

static int pow2(uint64_t v)
{
    return v && !(v & (v - 1));
}

/* Keys a cache level takes beyond size, line, ways, lat and policy:
 * sector=, index=, csize= and cways=.  Returns 1 if the key is one, 0 if
 * not, -1 on error. */
static int level_key(struct sim_level_spec *L, const char *key, const char *val, char *why, size_t len)
{
    if (!strcmp(key, "csize"))
        return size(key, val, &L->csize, why, len) ? -1 : 1;
    if (!strcmp(key, "cways")) {
        uint64_t u;
        if (integer(key, val, 1, SIM_MAX_WAYS, &u, why, len))
            return -1;
        L->cways = (unsigned)u;
        return 1;
    }
    if (!strcmp(key, "sector")) {
        if (size(key, val, &L->sector, why, len))
            return -1;
        return 1;
    }
    if (!strcmp(key, "index")) {
        if (!strcmp(val, "hash"))
            L->hashed = 1;
        else if (!strcmp(val, "xhash"))
            L->hashed = 2;
        else if (!strcmp(val, "plain"))
            L->hashed = 0;
        else {
            snprintf(why, len, "spec: index=%s: use plain, hash or xhash", val);
            return -1;
        }
        return 1;
    }
    return 0;
}

/* A sector must be a power of two from 8 bytes to the line, at most 64 a line. */
static int level_check(const struct sim_level_spec *L, char *why, size_t len)
{
    if (L->sector && (!pow2(L->sector) || L->sector < 8 || L->sector > L->line || L->line / L->sector > 64)) {
        snprintf(why, len, "spec: level %s: sector must be a power of two of at least 8 bytes, "
                 "at most the line and at least 1/64 of it", L->name);
        return -1;
    }
    return 0;
}

/* A level's shape (size and ways, or csize and cways: prefix "c"): whole
 * sets of line x ways, a power of two of them unless hashed, within what
 * the simulator holds. */
static int geometry(const struct sim_level_spec *L, uint64_t bytes, unsigned ways, const char *c, char *why,
                    size_t len)
{
    uint64_t set_bytes;
    char a[32];

    if (chase_mul_u64(L->line, ways, &set_bytes) || set_bytes > bytes) {
        snprintf(why, len, "spec: level %s: line x %sways is larger than %ssize", L->name, c, c);
        return -1;
    }
    if (bytes % set_bytes || (!L->hashed && !pow2(bytes / set_bytes)) || bytes / set_bytes > UINT32_MAX) {
        snprintf(why, len, "spec: level %s: %ssize must be line x %sways x a power of two sets (any count below "
                 "2^32 with index=hash)", L->name, c, c);
        return -1;
    }
    if (bytes / L->line > SIM_MAX_CACHE_LINES) {
        snprintf(why, len, "spec: level %s: %s of %llu B lines is %llu lines; the simulator "
                 "holds at most %llu lines a level", L->name, chase_size_format(bytes, a, sizeof a),
                 (unsigned long long)L->line, (unsigned long long)(bytes / L->line),
                 (unsigned long long)SIM_MAX_CACHE_LINES);
        return -1;
    }
    return 0;
}

/* "tlb2:" .. "tlb4:": a further TLB level; 1 if sec names one (parsed or
 * failed: *rc), 0 if not. */
static int tlb_more_section(const char *sec, char *kvs, struct sim_spec *s, int *rc, char *why, size_t len)
{
    struct sim_tlb_spec *T;
    char *kv, *save = NULL;
    double v;
    int want;

    if (strncmp(sec, "tlb", 3) || sec[3] < '2' || sec[3] > '0' + SIM_MAX_TLB || sec[4])
        return 0;
    *rc = -1;
    want = sec[3] - '0';
    if (!s->has_tlb || s->ntlb_more + 2 != want) {
        snprintf(why, len, "spec: '%s' must follow tlb%s (TLB levels come in order: tlb, tlb2, ...)", sec,
                 want == 2 ? "" : (want == 3 ? "2" : "3"));
        return 1;
    }
    T = &s->tlb_more[s->ntlb_more];
    T->ways = 4;
    T->page = s->tlb_page;
    T->lat = -1;
    for (kv = strtok_r(kvs, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(kv, '=');
        if (!eq) {
            snprintf(why, len, "spec: '%s' is not key=value", kv);
            return 1;
        }
        *eq = 0;
        if (!strcmp(kv, "entries")) {
            if (number(kv, eq + 1, 1, 1 << 20, &v, why, len))
                return 1;
            T->entries = (unsigned)v;
        } else if (!strcmp(kv, "ways")) {
            if (number(kv, eq + 1, 1, 64, &v, why, len))
                return 1;
            T->ways = (unsigned)v;
        } else if (!strcmp(kv, "page")) {
            if (size(kv, eq + 1, &T->page, why, len))
                return 1;
        } else if (!strcmp(kv, "lat")) {
            if (number(kv, eq + 1, 0, 1e6, &T->lat, why, len))
                return 1;
        } else {
            snprintf(why, len, "spec: unknown key '%s' in section '%s'", kv, sec);
            return 1;
        }
    }
    if (!T->entries || T->entries % T->ways || !pow2(T->entries / T->ways) || !pow2(T->page) ||
        T->page > (1ULL << 40) || T->lat < 0) {
        snprintf(why, len, "spec: %s needs entries= (ways x a power of two), lat= and a power-of-two page= "
                 "of at most 1 TiB", sec);
        return 1;
    }
    s->ntlb_more++;
    *rc = 0;
    return 1;
}

/* "sms:count=N,far=F,extra=C,level=NAME": the multiprocessors; 1 if sec
 * names the section (parsed or failed: *rc), 0 if not.  It may stand
 * anywhere: it describes the device, not a level of the hierarchy. */
static int sms_section(const char *sec, char *kvs, struct sim_spec *s, int *rc, char *why, size_t len)
{
    struct sim_sms_spec *M = &s->sms;
    char *kv, *save = NULL;
    uint64_t u;

    if (strcmp(sec, "sms"))
        return 0;
    *rc = -1;
    if (M->count) {
        snprintf(why, len, "spec: more than one sms section");
        return 1;
    }
    M->far = UINT32_MAX;        /* not given: half of them, below */
    for (kv = strtok_r(kvs, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(kv, '=');
        if (!eq) {
            snprintf(why, len, "spec: '%s' is not key=value", kv);
            return 1;
        }
        *eq = 0;
        if (!strcmp(kv, "count")) {
            if (integer(kv, eq + 1, 1, SIM_MAX_SMS, &u, why, len))
                return 1;
            M->count = (unsigned)u;
        } else if (!strcmp(kv, "far")) {
            if (integer(kv, eq + 1, 0, SIM_MAX_SMS, &u, why, len))
                return 1;
            M->far = (unsigned)u;
        } else if (!strcmp(kv, "extra")) {
            if (number(kv, eq + 1, 0, 1e6, &M->extra, why, len))
                return 1;
        } else if (!strcmp(kv, "level")) {
            if (!eq[1] || strlen(eq + 1) >= sizeof M->level) {
                snprintf(why, len, "spec: sms: level name '%s' is empty or too long", eq + 1);
                return 1;
            }
            snprintf(M->level, sizeof M->level, "%s", eq + 1);
        } else {
            snprintf(why, len, "spec: unknown key '%s' in section '%s'", kv, sec);
            return 1;
        }
    }
    if (!M->count) {
        snprintf(why, len, "spec: sms needs count= (multiprocessors, 1 to %d)", SIM_MAX_SMS);
        return 1;
    }
    if (M->far == UINT32_MAX)
        M->far = M->count / 2;
    if (M->far > M->count) {
        snprintf(why, len, "spec: sms: far=%u is more than count=%u", M->far, M->count);
        return 1;
    }
    *rc = 0;
    return 1;
}

/* "peer:lat=C,cached=N,bw=B,peak=G" and "host:...": another device's memory and
 * the host's as the reader sees them; 1 if sec names one (parsed or
 * failed: *rc), 0 if not.  They may stand anywhere: they describe what
 * lies beyond the device, not a level of its hierarchy. */
static int remote_section(const char *sec, char *kvs, struct sim_spec *s, int *rc, char *why, size_t len)
{
    struct sim_remote_spec *R = !strcmp(sec, "peer") ? &s->peer : !strcmp(sec, "host") ? &s->host : NULL;
    char *kv, *save = NULL;
    uint64_t u;

    if (!R)
        return 0;
    *rc = -1;
    if (R->given) {
        snprintf(why, len, "spec: more than one %s section", sec);
        return 1;
    }
    R->given = 1;
    R->lat = -1;
    R->cached = 1;
    R->bw = SIM_REMOTE_BW;
    for (kv = strtok_r(kvs, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(kv, '=');
        if (!eq) {
            snprintf(why, len, "spec: '%s' is not key=value", kv);
            return 1;
        }
        *eq = 0;
        if (!strcmp(kv, "lat")) {
            if (number(kv, eq + 1, 0, 1e6, &R->lat, why, len))
                return 1;
        } else if (!strcmp(kv, "cached")) {
            if (integer(kv, eq + 1, 0, SIM_MAX_LEVELS, &u, why, len))
                return 1;
            R->cached = (unsigned)u;
        } else if (!strcmp(kv, "bw")) {
            if (number(kv, eq + 1, 0.001, 1e6, &R->bw, why, len))
                return 1;
        } else if (!strcmp(kv, "peak")) {
            if (number(kv, eq + 1, 0.001, 1e6, &R->peak, why, len))
                return 1;
        } else {
            snprintf(why, len, "spec: unknown key '%s' in section '%s'", kv, sec);
            return 1;
        }
    }
    if (R->lat < 0) {
        snprintf(why, len, "spec: %s needs lat= (cycles a load of that memory costs)", sec);
        return 1;
    }
    *rc = 0;
    return 1;
}

/* One section "name:key=val,key=val". */
static int section(char *sec, struct sim_spec *s, int *have_mem, char *why, size_t len)
{
    char *colon = strchr(sec, ':'), *kv, *save = NULL;
    struct sim_level_spec *L = NULL;
    int is_mem = 0, is_tlb = 0, taken;
    uint64_t u;
    double v;

    if (!colon) {
        snprintf(why, len, "spec: section '%s' needs a name and a colon (as in L1:size=32K,lat=4)", sec);
        return -1;
    }
    *colon = 0;
    {
        int rc;
        if (tlb_more_section(sec, colon + 1, s, &rc, why, len) || sms_section(sec, colon + 1, s, &rc, why, len) ||
            remote_section(sec, colon + 1, s, &rc, why, len) ||
            sim_lanes_section(sec, colon + 1, &s->xlane, &rc, why, len) ||
            sim_async_section(sec, colon + 1, &s->xasync, &rc, why, len))
            return rc;
    }
    if (*have_mem && strcmp(sec, "tlb")) {
        snprintf(why, len, "spec: '%s' comes after mem, which must be the last level", sec);
        return -1;
    }
    if (!strcmp(sec, "mem"))
        is_mem = *have_mem = 1;
    else if (!strcmp(sec, "tlb"))
        is_tlb = s->has_tlb = 1;
    else {
        if (s->nlevels == SIM_MAX_LEVELS) {
            snprintf(why, len, "spec: more than %d cache levels", SIM_MAX_LEVELS);
            return -1;
        }
        if (!*sec || strlen(sec) >= sizeof L->name) {
            snprintf(why, len, "spec: level name '%s' is empty or too long", sec);
            return -1;
        }
        L = &s->level[s->nlevels++];
        snprintf(L->name, sizeof L->name, "%s", sec);
        L->line = 64;
        L->ways = 8;
        L->lat = -1;
        L->policy = SIM_LRU;
    }
    for (kv = strtok_r(colon + 1, ",", &save); kv; kv = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(kv, '='), *key = kv, *val;
        if (!eq) {
            snprintf(why, len, "spec: '%s' is not key=value", kv);
            return -1;
        }
        *eq = 0;
        val = eq + 1;
        if (L && !strcmp(key, "size")) {
            if (size(key, val, &L->size, why, len))
                return -1;
        } else if (L && !strcmp(key, "line")) {
            if (size(key, val, &L->line, why, len))
                return -1;
        } else if ((L || is_tlb) && !strcmp(key, "ways")) {
            if (integer(key, val, 1, SIM_MAX_WAYS, &u, why, len))
                return -1;
            if (L)
                L->ways = (unsigned)u;
            else
                s->tlb_ways = (unsigned)u;
        } else if (!strcmp(key, "lat")) {
            if (number(key, val, 0, 1e6, &v, why, len))
                return -1;
            if (L)
                L->lat = v;
            else if (is_tlb)
                s->tlb_lat = v;
            else
                s->mem_lat = v;
        } else if ((L || is_tlb) && !strcmp(key, "policy")) {
            int pol;
            if (!strcmp(val, "lru"))
                pol = SIM_LRU;
            else if (!strcmp(val, "fifo"))
                pol = SIM_FIFO;
            else if (!strcmp(val, "random"))
                pol = SIM_RANDOM;
            else if (!strcmp(val, "plru") && L)
                pol = SIM_PLRU;
            else {
                snprintf(why, len, "spec: policy=%s: use lru, fifo or random%s", val, L ? " (or plru)" : "");
                return -1;
            }
            if (L)
                L->policy = pol;
            else
                s->tlb_policy = pol;
        } else if (is_tlb && !strcmp(key, "entries")) {
            if (integer(key, val, 1, SIM_MAX_TLB_ENTRIES, &u, why, len))
                return -1;
            s->tlb_entries = (unsigned)u;
        } else if (is_tlb && !strcmp(key, "page")) {
            if (size(key, val, &s->tlb_page, why, len))
                return -1;
        } else if (is_mem && !strcmp(key, "noise")) {
            if (number(key, val, 0, 1, &s->noise, why, len))
                return -1;
        } else if (is_mem && !strcmp(key, "mhz")) {
            if (number(key, val, 1, 1e5, &s->mhz, why, len))
                return -1;
        } else if (is_mem && !strcmp(key, "seed")) {
            if (integer(key, val, 0, UINT64_MAX, &s->seed, why, len))
                return -1;
        } else if ((taken = sim_loads_key(L ? &L->loads : is_mem ? &s->mem_loads : NULL, s, is_mem, key, val,
                                          why, len)) != 0 ||
                   (taken = sim_bw_key(L ? &L->bw : is_mem ? &s->mem_bw : NULL, s, is_mem, key, val, why, len)) != 0) {
            if (taken < 0)
                return -1;
        } else {
            int rc = L ? level_key(L, key, val, why, len) : 0;
            if (rc < 0)
                return -1;
            if (rc)
                continue;
            snprintf(why, len, "spec: unknown key '%s' in section '%s'", key, sec);
            return -1;
        }
    }
    if (L && level_check(L, why, len))
        return -1;
    if (L) {
        if (!L->size || L->lat < 0) {
            snprintf(why, len, "spec: level %s needs size= and lat=", L->name);
            return -1;
        }
        if (!pow2(L->line) || L->line < 8 || L->line > SIM_MAX_LINE) {
            snprintf(why, len, "spec: level %s: line must be a power of two from 8 bytes to %llu", L->name,
                     (unsigned long long)SIM_MAX_LINE);
            return -1;
        }
        if (geometry(L, L->size, L->ways, "", why, len))
            return -1;
        if (L->policy == SIM_PLRU && (!pow2(L->ways) || (L->cways && !pow2(L->cways)))) {
            snprintf(why, len, "spec: level %s: policy=plru needs ways (and cways) a power of two", L->name);
            return -1;
        }
        if (L->cways && !L->csize) {
            snprintf(why, len, "spec: level %s: cways= needs csize= (its size at a carveout)", L->name);
            return -1;
        }
        if (L->csize && geometry(L, L->csize, L->cways ? L->cways : L->ways, "c", why, len))
            return -1;
    }
    return 0;
}

int sim_spec_parse(const char *text, struct sim_spec *out, char *why, size_t len)
{
    struct sim_spec spec, *s = &spec;
    char *copy, *sec, *save = NULL, a[32];
    uint64_t reach;
    int have_mem = 0, rc = 0;

    memset(s, 0, sizeof *s);
    s->mem_lat = -1;
    s->mhz = 1000;
    s->tlb_ways = 4;
    s->tlb_page = 4096;
    sim_lanes_defaults(&s->xlane);
    sim_async_defaults(&s->xasync);
    copy = strdup(text);
    if (!copy) {
        snprintf(why, len, "out of memory");
        return -1;
    }
    for (sec = strtok_r(copy, ";", &save); sec && !rc; sec = strtok_r(NULL, ";", &save)) {
        while (*sec == ' ')
            sec++;
        if (*sec)
            rc = section(sec, s, &have_mem, why, len);
    }
    free(copy);
    if (rc)
        return -1;
    if (!s->nlevels || !have_mem || s->mem_lat < 0) {
        snprintf(why, len, "spec: needs at least one cache level and a last 'mem:lat=N' section");
        return -1;
    }
    if (s->has_tlb && (!s->tlb_entries || s->tlb_entries % s->tlb_ways ||
                       !pow2(s->tlb_entries / s->tlb_ways) || !pow2(s->tlb_page))) {
        snprintf(why, len, "spec: tlb needs entries= (ways x a power of two) and a power-of-two page=");
        return -1;
    }
    /* The reach is never allocated, but a wrapped one once was (as a
     * zero-set cache); a TLB covering more than the address space is a typo. */
    if (s->has_tlb && chase_mul_u64(s->tlb_entries, s->tlb_page, &reach)) {
        snprintf(why, len, "spec: tlb: %u entries of %s reach beyond 2^64 bytes", s->tlb_entries,
                 chase_size_format(s->tlb_page, a, sizeof a));
        return -1;
    }
    /* The reader's levels that keep remote lines are levels it has. */
    if ((s->peer.given && s->peer.cached > (unsigned)s->nlevels) ||
        (s->host.given && s->host.cached > (unsigned)s->nlevels)) {
        snprintf(why, len, "spec: %s: cached=%u is more levels than the spec has (%d)",
                 s->peer.given && s->peer.cached > (unsigned)s->nlevels ? "peer" : "host",
                 s->peer.given && s->peer.cached > (unsigned)s->nlevels ? s->peer.cached : s->host.cached,
                 s->nlevels);
        return -1;
    }
    /* The far group's level, now that every level is known. */
    if (s->sms.count) {
        int i;
        s->sms.at = -1;
        if (!s->sms.level[0])
            s->sms.at = s->nlevels - 1;
        else if (!strcmp(s->sms.level, "mem"))
            s->sms.at = s->nlevels;
        for (i = 0; i < s->nlevels && s->sms.at < 0; i++)
            if (!strcmp(s->level[i].name, s->sms.level))
                s->sms.at = i;
        if (s->sms.at < 0) {
            snprintf(why, len, "spec: sms: level=%s names no level of the spec (nor mem)", s->sms.level);
            return -1;
        }
        if (!s->sms.level[0])
            snprintf(s->sms.level, sizeof s->sms.level, "%s", s->level[s->nlevels - 1].name);
    }
    *out = spec;
    return 0;
}

uint64_t sim_spec_array_bytes(const struct sim_spec *s)
{
    /* Bounded by the per-level limit, so no sum here can wrap: at most
     * 7 x 2^24 entries of 16 bytes. */
    uint64_t entries = s->has_tlb ? s->tlb_entries : 0, sectored = 0;
    int i;
    for (i = 0; i < s->ntlb_more; i++)
        entries += s->tlb_more[i].entries;
    for (i = 0; i < s->nlevels; i++) {
        entries += s->level[i].size / s->level[i].line;
        if (s->level[i].sector && s->level[i].sector < s->level[i].line)
            sectored += s->level[i].size / s->level[i].line;    /* and a word of sector bits a line */
    }
    return entries * SIM_BYTES_PER_LINE + sectored * 8;
}

int sim_spec_check_memory(const struct sim_spec *s, uint64_t budget, const char *budget_name,
                          char *why, size_t len)
{
    uint64_t need = sim_spec_array_bytes(s);
    char a[32], b[32];
    if (need > budget) {
        snprintf(why, len, "spec: the caches' tag arrays need %s, more than the %s allowed (%s)",
                 chase_size_format(need, a, sizeof a), chase_size_format(budget, b, sizeof b), budget_name);
        return -1;
    }
    return 0;
}
