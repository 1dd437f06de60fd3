/* lines.c: reading a level's line and sector size from its probes.
 *
 * Fetch: SPREAD chains load a block's first line, missing the level, then
 * at +sub: the second load hits while sub is inside the unit the miss
 * fetched, so the pair costs a miss and a hit, and from the unit on it
 * costs two misses.  LATE chains make the second load a group of blocks
 * later: a unit a prefetcher brings after the miss (the adjacent line) is
 * there by then; a sector the miss did not fill is still missing.
 *
 * Allocation: PAGE chains load one word a block of `stride` bytes at an
 * offset that varies from block to block (so the lines reach every set,
 * whatever the index function), over a working set between the capacity
 * C and 2 C: the smallest that misses at the sweep's stride, found by a
 * scan around the sweep's capacity interval (a noisy sweep's interval can
 * be off by more than the factor of two the probe allows).  Up to the line size every block costs a line and the chain
 * misses; at twice the line only every other line is used, the chain
 * holds half the lines and fits (or fits a nearer level).  The line is the
 * largest stride that still misses: costs more than half way from the
 * level's latency to the next level's.  A miss that brings a neighbour too (a prefetcher) makes
 * the pair of lines the unit here: the fetch probes tell that case from a
 * sectored line.
 */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lines/lines.h"
#include "core/size.h"

#define RISE_SHARE 0.25     /* the pair's rise must be this share of the level's step at least */
#define MISS_SHARE 0.5      /* past the capacity a stride misses when it costs this share of the step more */


/* The smallest sub from which the pair costs two misses: every latency
 * from there on above the threshold.  0 with why when there is none. */
static uint64_t unit(const double *y, const uint64_t *sub, size_t n, double h, double step, const char *what,
                     char *why, size_t len)
{
    double lo = y[0], hi = y[n - 1], t;
    size_t i = n;
    char a[32];

    if (hi - lo < RISE_SHARE * step) {
        snprintf(why, len, "the %s latency does not rise with sub (%.1f to %.1f cycles; the level's step is %.1f): "
                 "the first load did not miss, or the unit is above %s", what, lo, hi, step,
                 chase_size_format(sub[n - 1], a, sizeof a));
        return 0;
    }
    /* Half way from a miss and a hit to two misses: the hit is the level's
     * latency or less (a nearer level), but a load right after a miss to
     * its line may wait for the fill: half way between the observed ends
     * at least. */
    t = fmax(hi - (hi - h) / 4, (lo + hi) / 2);
    while (i > 0 && y[i - 1] > t)
        i--;
    if (i == 0) {
        snprintf(why, len, "even at +%s the %s's second load missed (%.1f cycles, threshold %.1f)",
                 chase_size_format(sub[0], a, sizeof a), what, y[0], t);
        return 0;
    }
    snprintf(why, len, "the %s costs two misses from +%s on (%.1f cycles, threshold %.1f), a miss and a hit "
             "below (%.1f)", what, chase_size_format(sub[i], a, sizeof a), y[i], t, y[i - 1]);
    return sub[i];
}

uint64_t chase_lines_beyond(const struct chase_lines_level *L)
{
    double t = L->h + MISS_SHARE * (L->m - L->h);
    size_t i = L->nscan;

    while (i > 0 && L->scan[i - 1] > t)
        i--;
    return i < L->nscan ? L->scan_bytes[i] : 0;
}

void chase_lines_analyze(struct chase_lines_level *L)
{
    double step = L->m - L->h;
    char a[32], b[32], d[32];
    size_t i, last = 0;
    int any = 0;

    L->fetch = L->late_fetch = L->alloc = L->line = L->sector = 0;
    L->late_all = 0;
    L->fetch_how[0] = L->alloc_how[0] = L->verdict[0] = 0;
    if (!(step > 0) || L->nsub < 2) {
        snprintf(L->fetch_how, sizeof L->fetch_how, "no step to the next level, or too few probes");
    } else {
        char late_how[200];
        double mean = 0;
        L->fetch = unit(L->pair, L->sub, L->nsub, L->h, step, "pair", L->fetch_how, sizeof L->fetch_how);
        L->late_fetch = unit(L->late, L->sub, L->nsub, L->h, step, "late pair", late_how, sizeof late_how);
        for (i = 0; i < L->nsub; i++)
            mean += L->late[i] / (double)L->nsub;
        /* A group later, every sub hitting: what the miss did not bring, a
         * prefetcher did by then. */
        L->late_all = !L->late_fetch && L->fetch && mean < (L->pair[0] + L->pair[L->nsub - 1]) / 2;
        if (L->late_fetch)
            snprintf(L->fetch_how + strlen(L->fetch_how), sizeof L->fetch_how - strlen(L->fetch_how),
                     "; a group later from +%s on", chase_size_format(L->late_fetch, a, sizeof a));
        else if (L->late_all)
            snprintf(L->fetch_how + strlen(L->fetch_how), sizeof L->fetch_how - strlen(L->fetch_how),
                     "; a group later every sub up to +%s hits (%.1f cycles): the rest came by then",
                     chase_size_format(L->sub[L->nsub - 1], a, sizeof a), mean);
        else if (L->fetch)
            snprintf(L->fetch_how + strlen(L->fetch_how), sizeof L->fetch_how - strlen(L->fetch_how),
                     "; a group later: not resolved");
    }

    /* Allocation: the largest stride that still misses past the capacity. */
    for (i = 0; i < L->nstride; i++)
        if (L->beyond[i] > L->h + MISS_SHARE * step) {
            last = i;
            any = 1;
        }
    if (!(step > 0) || !L->nstride || !L->beyond_bytes)
        snprintf(L->alloc_how, sizeof L->alloc_how, "%s", !L->beyond_bytes && L->nscan
                 ? "no scanned working set missed the level at the line's stride" : "not probed");
    else if (!any)
        snprintf(L->alloc_how, sizeof L->alloc_how, "%s fits at every stride: the working set did not leave "
                 "the level", chase_size_format(L->beyond_bytes, a, sizeof a));
    else if (last + 1 == L->nstride)
        snprintf(L->alloc_how, sizeof L->alloc_how, "%s still misses at the largest stride, %s: the line is "
                 "larger, or the level is not one a stride can halve", chase_size_format(L->beyond_bytes, a, sizeof a),
                 chase_size_format(L->stride[last], b, sizeof b));
    else {
        L->alloc = L->stride[last];
        snprintf(L->alloc_how, sizeof L->alloc_how, "%s misses up to a stride of %s (%.1f cycles) and fits from "
                 "%s (%.1f; threshold %.1f)", chase_size_format(L->beyond_bytes, a, sizeof a),
                 chase_size_format(L->alloc, b, sizeof b), L->beyond[last], chase_size_format(L->stride[last + 1], d,
                 sizeof d), L->beyond[last + 1], L->h + MISS_SHARE * step);
    }

    /* The verdict. */
    {
        uint64_t f = L->late_all ? 0 : L->late_fetch ? L->late_fetch : L->fetch;
        if (L->alloc && f && f < L->alloc) {
            L->line = L->alloc;
            L->sector = f;
            snprintf(L->verdict, sizeof L->verdict, "%s lines of %s sectors: a miss allocates a line and fills "
                     "one sector, and the rest stays missing", chase_size_format(L->line, a, sizeof a),
                     chase_size_format(L->sector, b, sizeof b));
        } else if (L->alloc && L->fetch && L->fetch < L->alloc) {
            L->line = L->fetch;
            snprintf(L->verdict, sizeof L->verdict, "%s lines; a miss also brings the rest of %s a little later "
                     "(the adjacent line, prefetched), so sparse strides see %s", chase_size_format(L->line, a, sizeof a),
                     chase_size_format(L->alloc, b, sizeof b), b);
        } else if (L->alloc) {
            L->line = L->alloc;
            snprintf(L->verdict, sizeof L->verdict, "%s lines%s", chase_size_format(L->line, a, sizeof a),
                     !L->fetch ? " (the fetch unit not resolved)"
                     : L->fetch == L->alloc ? ", each miss fetching the whole line"
                     : "; the pair said a miss fetches more");
        } else if (f) {
            snprintf(L->verdict, sizeof L->verdict, "line not resolved; a miss fetches %s",
                     chase_size_format(f, a, sizeof a));
        } else {
            snprintf(L->verdict, sizeof L->verdict, "not resolved");
        }
    }
}

void chase_lines_against_os(struct chase_lines_level *L, uint64_t os_line)
{
    char a[32], b[32];

    L->os_line = os_line;
    L->os_note[0] = 0;
    if (os_line && !L->line) {
        /* Unresolved is said beside the OS's figure, never left as a bare
         * nan (under load a CPU's L1 probe can see every stride fit). */
        snprintf(L->os_note, sizeof L->os_note, "the OS says %s lines: the probes did not resolve the line (%.140s)",
                 chase_size_format(os_line, a, sizeof a), L->alloc_how[0] ? L->alloc_how : L->verdict);
        return;
    }
    if (!os_line || L->line == os_line)
        return;
    if (L->line > os_line)
        /* The probes see the unit a miss brings: an adjacent-line (pair)
         * or spatial prefetcher fetches the line's neighbours with it,
         * and a sparse stride then holds more than its lines. */
        snprintf(L->os_note, sizeof L->os_note, "the OS says %s lines: the measured %s is the unit a miss brings "
                 "with its prefetches (adjacent-line, spatial), not the line", chase_size_format(os_line, a, sizeof a),
                 chase_size_format(L->line, b, sizeof b));
    else
        snprintf(L->os_note, sizeof L->os_note, "the OS says %s lines: the probes saw %s, a miss filling part of the "
                 "line, or noise", chase_size_format(os_line, a, sizeof a), chase_size_format(L->line, b, sizeof b));
}
