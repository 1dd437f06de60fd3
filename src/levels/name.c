/* name.c: the driver's caches from a curve's metadata, and naming levels by them. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "levels/levels_int.h"
#include "core/size.h"

#define MATCH_TOL 1.1           /* a plateau may end a sweep step past the driver's size */
#define MEMORY_OCTAVES 1.0      /* past the caches (or the last knee) by this much, the last level is memory */
#define PART_RATIO 2.5          /* a level this much slower than the part before it is not of the same cache */

size_t chase_levels_caches(const struct chase_meta *m, struct chase_cache_fact *caches, size_t max)
{
    static const char prefix[] = "driver.cache.";
    size_t n = 0;
    int i;
    for (i = 0; i < m->n && n < max; i++) {
        char *end;
        double v;
        if (strncmp(m->kv[i].key, prefix, sizeof prefix - 1) || !m->kv[i].key[sizeof prefix - 1])
            continue;
        /* A number as any writer may put it ("52428800", "5.24288e+07"),
         * whole and in range, or the fact is not used. */
        v = strtod(m->kv[i].val, &end);
        if (end == m->kv[i].val || !(v >= 1 && v < 1.8e19) || v != floor(v))
            continue;
        snprintf(caches[n].name, sizeof caches[n].name, "%s", m->kv[i].key + sizeof prefix - 1);
        caches[n++].bytes = (uint64_t)v;
    }
    return n;
}

const char *chase_level_part(const char *name)
{
    const char *cut;

    if ((cut = strstr(name, " part ")) || (cut = strstr(name, " near")) || (cut = strstr(name, " far")))
        return cut;
    return NULL;
}

int chase_level_same_cache(const char *a, const char *b)
{
    const char *ca = chase_level_part(a), *cb = chase_level_part(b);
    size_t la = ca ? (size_t)(ca - a) : strlen(a), lb = cb ? (size_t)(cb - b) : strlen(b);

    return la == lb && !strncmp(a, b, la);
}

static void name_beyond(struct chase_level *lv, size_t i, uint64_t swept_max)
{
    char a[32], prev[sizeof lv->name];
    const char *cut;
    snprintf(prev, sizeof prev, "%s", i ? lv[i - 1].name : "L0");
    /* Beyond a cache, not beyond one of its parts ("L1 part 2", "L2 far"). */
    if ((cut = chase_level_part(prev)))
        prev[cut - prev] = 0;
    /* Beyond a level already past every cache: the same name, numbered
     * later (number_alike). */
    if (!strncmp(prev, "beyond ", 7))
        snprintf(lv[i].name, sizeof lv[i].name, "%s", prev);
    else
        snprintf(lv[i].name, sizeof lv[i].name, "beyond %.24s", prev);
    snprintf(lv[i].note, sizeof lv[i].note, "sweep ended at %s", chase_size_format(swept_max, a, sizeof a));
}

/* Names the levels that cache k holds (owner[i] == k): one takes its name;
 * several are its parts (near and far, or numbered): what splits a cache,
 * a far partition or a TLB's reach inside it, the sizes alone cannot
 * say.  The driver's size goes beside the part nearest to it in size. */
static void name_parts(struct chase_level *lv, size_t nlv, const int *owner, int k,
                       const struct chase_cache_fact *cache)
{
    size_t i, parts = 0, part = 0, nearest = nlv;
    double best = INFINITY;

    for (i = 0; i + 1 < nlv; i++)
        if (owner[i] == k) {
            double d = fabs(log2(sqrt((double)lv[i].lo * (double)lv[i].hi) / (double)cache->bytes));
            parts++;
            if (d < best) {
                best = d;
                nearest = i;
            }
        }
    for (i = 0; i + 1 < nlv; i++) {
        if (owner[i] != k)
            continue;
        part++;
        if (parts == 1)
            snprintf(lv[i].name, sizeof lv[i].name, "%.24s", cache->name);
        else if (parts == 2)
            snprintf(lv[i].name, sizeof lv[i].name, "%.24s %s", cache->name, part == 1 ? "near" : "far");
        else
            snprintf(lv[i].name, sizeof lv[i].name, "%.16s part %u", cache->name, (unsigned)part);
    }
    if (nearest < nlv) {
        snprintf(lv[nearest].cache, sizeof lv[nearest].cache, "%.31s", cache->name);
        lv[nearest].cache_bytes = cache->bytes;
    }
}

/* Levels past every cache may take one name ("beyond L3" twice): they are
 * numbered as parts, so that each name keys one level's results. */
static void number_alike(struct chase_level *lv, size_t nlv)
{
    size_t i, j;

    for (i = 0; i < nlv; i++) {
        char base[sizeof lv->name];
        unsigned k = 0;
        for (j = i + 1; j < nlv && strcmp(lv[j].name, lv[i].name); j++)
            ;
        if (j == nlv || !lv[i].name[0])
            continue;
        snprintf(base, sizeof base, "%s", lv[i].name);
        for (j = i; j < nlv; j++)
            if (!strcmp(lv[j].name, base))
                snprintf(lv[j].name, sizeof lv[j].name, "%.24s part %u", base, ++k);
    }
}

/* Names follow the measured order first: the levels are found in order of
 * latency, so a level is at most the cache after the one before it (the
 * first at most the smallest), whatever its bounds say; a plateau whose
 * edge the noise has moved past a cache's size is still that cache's, and
 * sizes only choose among the candidates (the same cache's part, or the
 * next one). */
static void no_jumps(int *owner, size_t nlv)
{
    size_t i;
    for (i = 0; i + 1 < nlv; i++) {
        int most = i && owner[i - 1] >= 0 ? owner[i - 1] + 1 : 0;
        if (owner[i] > most)
            owner[i] = most;
    }
}

void chase_levels_name(struct chase_level *lv, size_t nlv, const struct chase_cache_fact *caches,
                       size_t ncaches, uint64_t swept_max)
{
    struct chase_cache_fact cs[16];
    int owner[CHASE_MAX_LEVELS];
    size_t n = 0, i, k, low = 0;

    for (i = 0; i < nlv; i++) {
        lv[i].name[0] = lv[i].note[0] = lv[i].cache[0] = 0;
        lv[i].cache_bytes = 0;
    }
    if (nlv > CHASE_MAX_LEVELS)
        nlv = CHASE_MAX_LEVELS;
    if (!nlv)
        return;
    /* Sorted by size: the driver's order need not be. */
    for (i = 0; i < ncaches && n < sizeof cs / sizeof cs[0]; i++) {
        if (!caches[i].bytes)
            continue;
        for (k = n; k > 0 && cs[k - 1].bytes > caches[i].bytes; k--)
            cs[k] = cs[k - 1];
        cs[k] = caches[i];
        n++;
    }
    if (nlv == 1) {
        strcpy(lv[0].name, "L1");
        return;
    }
    if (!n) {
        for (i = 0; i + 1 < nlv; i++)
            snprintf(lv[i].name, sizeof lv[i].name, "L%u", (unsigned)(i + 1));
        if ((double)swept_max >= exp2(MEMORY_OCTAVES) * (double)lv[nlv - 1].lo)
            strcpy(lv[nlv - 1].name, "memory");
        else
            name_beyond(lv, nlv - 1, swept_max);
        return;
    }
    /* Each level with a capacity belongs to the smallest cache that holds
     * its plateau; far below the smallest reported one (a quarter) it is a
     * cache the driver does not report (the GPUs' L1), -1; past all, -2. */
    for (i = 0; i + 1 < nlv; i++) {
        owner[i] = -2;
        for (k = 0; k < n && owner[i] == -2; k++)
            if ((double)lv[i].lo <= MATCH_TOL * (double)cs[k].bytes)
                owner[i] = (int)k;
        if (owner[i] == 0 && strcmp(cs[0].name, "L1") && 4 * lv[i].hi <= cs[0].bytes)
            owner[i] = -1;
        low += owner[i] == -1;
    }
    no_jumps(owner, nlv);
    /* A cache's parts differ in latency by less than PART_RATIO (an H100's
     * L2 far is 1.9 x its near part): a level that slow beside the part of
     * one cache before it is the next cache's, wherever it ends (on this
     * CI machine's CPU a neighbour's thread left the L2 0.7 MiB of its 2,
     * and the L3's plateau at 120 cycles ended near 2 MiB: it was named
     * "L2 far" beside an "L2 near" at 16).  Past the last cache such a
     * level is past every cache (this CI machine's CPU once named a level
     * at 529 cycles "L3 far" beside an "L3 near" at 58; a Xeon guest's
     * sweep named the start of its L2, 14.7 cycles to 55 KiB, "L1 far"
     * beside the L1 at 5.0 while the bound was 3 x: 2.5 x keeps the H100's
     * 1.9 x a part). */
    for (i = 1; i + 1 < nlv; i++)
        if (owner[i] >= 0 && owner[i] == owner[i - 1] && lv[i - 1].cycles > 0 &&
            lv[i].cycles >= PART_RATIO * lv[i - 1].cycles)
            for (k = i; k + 1 < nlv && owner[k] >= 0 && owner[k] <= owner[i - 1]; k++)
                owner[k] = owner[i - 1] + 1 < (int)n ? owner[i - 1] + 1 : -2;
    for (i = 0, k = 0; i + 1 < nlv; i++)
        if (owner[i] == -1) {
            if (low == 1)
                strcpy(lv[i].name, "L1");
            else
                snprintf(lv[i].name, sizeof lv[i].name, "L1 part %u", (unsigned)++k);
        }
    for (k = 0; k < n; k++)
        name_parts(lv, nlv, owner, (int)k, &cs[k]);
    for (i = 0; i + 1 < nlv; i++)
        if (owner[i] == -2) {
            if (lv[i + 1].onset)
                strcpy(lv[i].name, "TLB reach");
            else
                snprintf(lv[i].name, sizeof lv[i].name, "beyond %.24s", cs[n - 1].name);
        }
    /* Memory: the sweep went an octave past every cache and the last
     * plateau starts past them. */
    i = nlv - 1;
    if ((double)swept_max >= exp2(MEMORY_OCTAVES) * (double)cs[n - 1].bytes &&
        (double)lv[i].lo * MATCH_TOL >= (double)cs[n - 1].bytes)
        strcpy(lv[i].name, "memory");
    else
        name_beyond(lv, i, swept_max);
    number_alike(lv, nlv);
}

/* Appends or prefixes within the name's room. */
static void rename_level(struct chase_level *L, const char *before, const char *after)
{
    char t[sizeof L->name];
    snprintf(t, sizeof t, "%s%.*s%s", before, (int)(sizeof t - 1 - strlen(before) - strlen(after)), L->name, after);
    memcpy(L->name, t, sizeof t);
}

/* A level name's cache, less the part the finder gave it ("L1 part 2",
 * "L2 near": L1, L2). */
static size_t base_len(const char *name)
{
    const char *sp = strchr(name, ' ');
    return sp ? (size_t)(sp - name) : strlen(name);
}

/* Is L a part of one of the first `reader` levels' caches? */
static int reader_part(const struct chase_level *lv, size_t reader, const struct chase_level *L)
{
    size_t i, n = base_len(L->name);

    if (!n || !strcmp(L->name, "memory") || !strncmp(L->name, "beyond ", 7))
        return 0;
    for (i = 0; i < reader; i++)
        if (base_len(lv[i].name) == n && !strncmp(lv[i].name, L->name, n))
            return 1;
    return 0;
}

void chase_levels_name_target(struct chase_level *lv, size_t nlv, const struct chase_meta *m)
{
    const char *t = chase_meta_get(m, "memory_target"), *rc = chase_meta_get(m, "memory_reader_caches");
    struct chase_cache_fact caches[16], lastc = {"cache", 0};
    const char *far;
    char *end;
    double v = rc ? strtod(rc, &end) : 0;
    size_t reader = rc && end != rc && !*end && v >= 0 && v <= CHASE_MAX_LEVELS && v == floor(v) ? (size_t)v : 0, i;
    size_t nc, sides = 0, side = 0;

    /* The backend's hint says its own caches serve only some levels; a
     * target it measures as its own memory (the cpu's host, managed memory
     * prefetched to the device) gives none, and keeps the device's names. */
    if (!t || !rc || !nlv)
        return;
    far = !strncmp(t, "peer", 4) ? "peer" : !strcmp(t, "host") ? "host" : !strcmp(t, "managed") ? "managed" : NULL;
    if (!far)
        return;
    /* A peer's lines reach the reader from its memory side: its last (the
     * largest) cache, whatever the reader's order made of their names. */
    nc = chase_levels_caches(m, caches, sizeof caches / sizeof caches[0]);
    for (i = 0; i < nc; i++)
        if (caches[i].bytes > lastc.bytes)
            lastc = caches[i];
    /* A reader's cache the finder split into parts ("L1 part 1", "L1 part
     * 2": a bandwidth curve steps within an L1) is still the reader's: a
     * later part of a reader level's name is the reader's too. */
    for (i = reader; i + 1 < nlv; i++)
        if (reader_part(lv, reader, &lv[i]))
            reader = i + 1;
    for (i = reader; i + 1 < nlv; i++)
        sides += strcmp(lv[i].name, "TLB reach") != 0;
    for (i = 0; i < nlv; i++) {
        struct chase_level *L = &lv[i];
        int last = i + 1 == nlv;
        if (!strcmp(L->name, "TLB reach"))
            continue;
        /* Past the reader's caches the device keeps no host line: the last
         * plateau is the host's memory however far the sweep went past
         * the device's caches (the host's own caches show before it). */
        if (last && (!strcmp(L->name, "memory") || (!strcmp(far, "host") && i >= reader))) {
            snprintf(L->name, sizeof L->name, "%s memory", far);
            if (!strncmp(L->note, "sweep ended", 11) && !strcmp(far, "host"))
                L->note[0] = 0;
        } else if (last && !strcmp(far, "peer") && i >= reader && !strncmp(L->name, "beyond ", 7)) {
            /* A curve that ends on the plateau right past the reader's
             * caches (a bandwidth curve through the link): the peer's
             * side, its last cache and its memory alike. */
            if (lastc.bytes && L->lo > (double)lastc.bytes)
                snprintf(L->name, sizeof L->name, "peer memory");
            else
                snprintf(L->name, sizeof L->name, "peer %.12s/memory", lastc.name);
        } else if (!strncmp(L->name, "beyond ", 7) && i > 0 && i - 1 < reader) {
            rename_level(L, "", " (reader)");   /* beyond the reader's cache, not the peer's */
        } else if (i < reader && !last) {
            rename_level(L, "", " (reader)");
        } else if (!strcmp(far, "peer") && last) {
            snprintf(L->name, sizeof L->name, "beyond peer %.19s", lastc.name);
        } else if (!strcmp(far, "peer")) {
            side++;
            if (sides == 1)
                snprintf(L->name, sizeof L->name, "peer %.24s", lastc.name);
            else if (sides == 2)
                snprintf(L->name, sizeof L->name, "peer %.20s %s", lastc.name, side == 1 ? "near" : "far");
            else
                snprintf(L->name, sizeof L->name, "peer %.16s part %u", lastc.name, (unsigned)side);
            snprintf(L->cache, sizeof L->cache, "%.31s", lastc.name);
            L->cache_bytes = lastc.bytes;
        } else if (!strcmp(far, "host") && !last) {
            /* Between the reader's caches and host memory: no cache of the
             * device's holds host lines past those it says, so the CPU's
             * side serves it; which of its caches the sizes cannot say. */
            snprintf(L->name, sizeof L->name, "host cache");
        }
    }
}

void chase_levels_name_path(struct chase_level *lv, size_t nlv, const struct chase_meta *m, uint64_t swept_max)
{
    const char *path = chase_meta_get(m, "path_caches");
    char a[32];
    size_t i;

    /* A short word of letters only: it goes into every level's name. */
    if (!path || !*path || strlen(path) > 8 || strspn(path, "abcdefghijklmnopqrstuvwxyz") != strlen(path) || !nlv)
        return;
    if (nlv > CHASE_MAX_LEVELS)
        nlv = CHASE_MAX_LEVELS;
    for (i = 0; i < nlv; i++) {
        lv[i].cache[0] = 0;
        lv[i].cache_bytes = 0;
        if (i + 1 < nlv || nlv == 1) {
            snprintf(lv[i].name, sizeof lv[i].name, "%s L%u", path, (unsigned)(i + 1));
            lv[i].note[0] = 0;
        } else {
            snprintf(lv[i].name, sizeof lv[i].name, "beyond %s L%u", path, (unsigned)i);
            snprintf(lv[i].note, sizeof lv[i].note, "sweep ended at %s", chase_size_format(swept_max, a, sizeof a));
        }
    }
}
