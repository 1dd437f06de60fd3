/* spec.c: parsing "L1:size=32K,ways=8,lat=4;L2:...;mem:lat=200". */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_loads.h"
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

/* One section "name:key=val,key=val". */
static int section(char *sec, struct sim_spec *s, int *have_mem, char *why, size_t len)
{
    char *colon = strchr(sec, ':'), *kv, *save = NULL;
    struct sim_level_spec *L = NULL;
    int is_mem = 0, is_tlb = 0, taken;
    double v;

    if (!colon) {
        snprintf(why, len, "sim spec: section '%s' needs a name and a colon (as in L1:size=32K,lat=4)", sec);
        return -1;
    }
    *colon = 0;
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
        } else if ((taken = sim_loads_key(L ? &L->loads : is_mem ? &s->mem_loads : NULL, s, is_mem, key, val,
                                          why, len)) != 0) {
            if (taken < 0)
                return -1;
        } else {
            snprintf(why, len, "sim spec: unknown key '%s' in section '%s'", key, sec);
            return -1;
        }
    }
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
