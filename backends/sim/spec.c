/* spec.c: parsing "L1:size=32K,ways=8,lat=4;L2:...;mem:lat=200". */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "size.h"
#include "spec.h"

static int number(const char *key, const char *val, double lo, double hi, double *out,
                  char *why, size_t len)
{
    char *end;
    double v = strtod(val, &end);
    if (end == val || *end || !(v >= lo && v <= hi)) {
        snprintf(why, len, "sim spec: %s=%s is not a number in [%g, %g]", key, val, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

static int size(const char *key, const char *val, uint64_t *out, char *why, size_t len)
{
    char r[160];
    if (chase_size_parse(val, out, r, sizeof r) || *out == 0) {
        snprintf(why, len, "sim spec: %s: %s", key, *out == 0 ? "must not be zero" : r);
        return -1;
    }
    return 0;
}

static int pow2(uint64_t v)
{
    return v && !(v & (v - 1));
}

/* Keys a cache level takes beyond size, line, ways, lat and policy:
 * sector= and index=.  Returns 1 if the key is one, 0 if not, -1 on error. */
static int level_key(struct sim_level_spec *L, const char *key, const char *val, char *why, size_t len)
{
    if (!strcmp(key, "sector")) {
        if (size(key, val, &L->sector, why, len))
            return -1;
        return 1;
    }
    if (!strcmp(key, "index")) {
        if (!strcmp(val, "hash"))
            L->hashed = 1;
        else if (!strcmp(val, "plain"))
            L->hashed = 0;
        else {
            snprintf(why, len, "sim spec: index=%s: use plain or hash", val);
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
        snprintf(why, len, "sim spec: level %s: sector must be a power of two of at least 8 bytes, "
                 "at most the line and at least 1/64 of it", L->name);
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
        snprintf(why, len, "sim spec: '%s' must follow tlb%s (TLB levels come in order: tlb, tlb2, ...)", sec,
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
            snprintf(why, len, "sim spec: '%s' is not key=value", kv);
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
            snprintf(why, len, "sim spec: unknown key '%s' in section '%s'", kv, sec);
            return 1;
        }
    }
    if (!T->entries || T->entries % T->ways || !pow2(T->entries / T->ways) || !pow2(T->page) ||
        T->page > (1ULL << 40) || T->lat < 0) {
        snprintf(why, len, "sim spec: %s needs entries= (ways x a power of two), lat= and a power-of-two page= "
                 "of at most 1 TiB", sec);
        return 1;
    }
    s->ntlb_more++;
    *rc = 0;
    return 1;
}

/* One section "name:key=val,key=val". */
static int section(char *sec, struct sim_spec *s, int *have_mem, char *why, size_t len)
{
    char *colon = strchr(sec, ':'), *kv, *save = NULL;
    struct sim_level_spec *L = NULL;
    int is_mem = 0, is_tlb = 0;
    double v;

    if (!colon) {
        snprintf(why, len, "sim spec: section '%s' needs a name and a colon (as in L1:size=32K,lat=4)", sec);
        return -1;
    }
    *colon = 0;
    {
        int rc;
        if (tlb_more_section(sec, colon + 1, s, &rc, why, len))
            return rc;
    }
    if (*have_mem && strcmp(sec, "tlb")) {
        snprintf(why, len, "sim spec: '%s' comes after mem, which must be the last level", sec);
        return -1;
    }
    if (!strcmp(sec, "mem"))
        is_mem = *have_mem = 1;
    else if (!strcmp(sec, "tlb"))
        is_tlb = s->has_tlb = 1;
    else {
        if (s->nlevels == SIM_MAX_LEVELS) {
            snprintf(why, len, "sim spec: more than %d cache levels", SIM_MAX_LEVELS);
            return -1;
        }
        if (!*sec || strlen(sec) >= sizeof L->name) {
            snprintf(why, len, "sim spec: level name '%s' is empty or too long", sec);
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
            snprintf(why, len, "sim spec: '%s' is not key=value", kv);
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
            if (number(key, val, 1, 64, &v, why, len))
                return -1;
            if (L)
                L->ways = (unsigned)v;
            else
                s->tlb_ways = (unsigned)v;
        } else if (!strcmp(key, "lat")) {
            if (number(key, val, 0, 1e6, &v, why, len))
                return -1;
            if (L)
                L->lat = v;
            else if (is_tlb)
                s->tlb_lat = v;
            else
                s->mem_lat = v;
        } else if (L && !strcmp(key, "policy")) {
            if (!strcmp(val, "lru"))
                L->policy = SIM_LRU;
            else if (!strcmp(val, "fifo"))
                L->policy = SIM_FIFO;
            else if (!strcmp(val, "random"))
                L->policy = SIM_RANDOM;
            else {
                snprintf(why, len, "sim spec: policy=%s: use lru, fifo or random", val);
                return -1;
            }
        } else if (is_tlb && !strcmp(key, "entries")) {
            if (number(key, val, 1, 65536, &v, why, len))
                return -1;
            s->tlb_entries = (unsigned)v;
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
            if (number(key, val, 0, 1e15, &v, why, len))
                return -1;
            s->seed = (uint64_t)v;
        } else {
            int rc = L ? level_key(L, key, val, why, len) : 0;
            if (rc < 0)
                return -1;
            if (rc)
                continue;
            snprintf(why, len, "sim spec: unknown key '%s' in section '%s'", key, sec);
            return -1;
        }
    }
    if (L && level_check(L, why, len))
        return -1;
    if (L) {
        if (!L->size || L->lat < 0) {
            snprintf(why, len, "sim spec: level %s needs size= and lat=", L->name);
            return -1;
        }
        if (!pow2(L->line) || L->line < 8) {
            snprintf(why, len, "sim spec: level %s: line must be a power of two of at least 8 bytes", L->name);
            return -1;
        }
        if (L->size % (L->line * L->ways) || !pow2(L->size / (L->line * L->ways))) {
            snprintf(why, len, "sim spec: level %s: size must be line x ways x a power of two sets", L->name);
            return -1;
        }
    }
    return 0;
}

int sim_spec_parse(const char *text, struct sim_spec *s, char *why, size_t len)
{
    char *copy, *sec, *save = NULL;
    int have_mem = 0, rc = 0;

    memset(s, 0, sizeof *s);
    s->mem_lat = -1;
    s->mhz = 1000;
    s->tlb_ways = 4;
    s->tlb_page = 4096;
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
        snprintf(why, len, "sim spec: needs at least one cache level and a last 'mem:lat=N' section");
        return -1;
    }
    if (s->has_tlb && (!s->tlb_entries || s->tlb_entries % s->tlb_ways || !pow2(s->tlb_page))) {
        snprintf(why, len, "sim spec: tlb needs entries= (a multiple of ways) and a power-of-two page=");
        return -1;
    }
    return 0;
}
