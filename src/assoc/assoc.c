/* assoc.c: reading a level's ways, sets and replacement from its chains.
 *
 * The method is Saavedra and Smith's, as Mei and Chu used it on GPUs: a
 * chain of N lines S bytes apart (the lines at multiples of S in N x S
 * bytes, visited in a random cycle: in address order a CPU's stride
 * prefetcher brings the next line before the chain asks for it).  Where the sets are chosen
 * by the line number modulo their count, the lines of a stride S at least
 * the way W = capacity / ways fall in one set, and the chain misses once
 * N > ways; at S = W / 2 they share two sets and the chain misses from 2 x
 * ways + 1 on, and so on.  So the knee (the most lines that still hit)
 * halves as the stride doubles, until it settles at the ways: the
 * smallest stride where it settles is the way W, and the sets are W / L.
 * A level whose knee never shows below the cap chooses its sets by a hash
 * of the address (as GPUs' L2s do) or has more ways than the cap.
 *
 * Replacement: a cycle of ways + 1 lines in one set misses on every access
 * under LRU and under FIFO alike (each evicts the line the cycle wants
 * next), while random replacement keeps a share: in steady state the
 * cycle misses 2 / (ways + 1) of its accesses (a Markov chain on the lines
 * resident; the simulator agrees).  The share the chain misses is read
 * from its latency between the level's and the next level's.
 */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "abi/checked.h"
#include "assoc/assoc.h"
#include "core/size.h"

double chase_assoc_threshold(const struct chase_assoc_level *L)
{
    return L->h + CHASE_ASSOC_MISS_SHARE * (L->m - L->h);
}

unsigned chase_assoc_knee(const double *y, unsigned n, double t)
{
    unsigned i;

    for (i = 0; i < n; i++)
        if (y[i] > t)
            return i;
    return 0;
}

void chase_assoc_append(char *buf, size_t len, const char *fmt, ...)
{
    size_t used = strlen(buf);
    va_list ap;

    if (used + 1 >= len)
        return;
    va_start(ap, fmt);
    vsnprintf(buf + used, len - used, fmt, ap);
    va_end(ap);
}

/* Below the way, each halving of the stride should double the knee (or
 * put it past the lines measured).  1 when every measured stride did. */
static int halving(struct chase_assoc_level *L, size_t j)
{
    char a[32], b[48];
    size_t i, checked = 0, bad = 0;

    for (i = j; i-- > 0;) {
        const struct chase_assoc_curve *C = &L->st[i];
        uint64_t want;
        if (!C->n || chase_mul_u64(L->ways, L->way_bytes / C->stride, &want))
            continue;
        checked++;
        snprintf(b, sizeof b, "%s", chase_size_format(C->stride, a, sizeof a));
        /* Random replacement may hold one line more in each set the
         * stride uses (W / S of them) before the misses reach the threshold. */
        if (C->knee >= want && C->knee - want < L->way_bytes / C->stride)
            chase_assoc_append(L->sets_how, sizeof L->sets_how, " %u lines at %s;", C->knee, b);
        else if (!C->knee && want >= C->n)
            chase_assoc_append(L->sets_how, sizeof L->sets_how, " none up to %u lines at %s;", C->n, b);
        else {
            bad++;
            chase_assoc_append(L->sets_how, sizeof L->sets_how, " %u lines at %s (%llu for plain sets);", C->knee, b,
                   (unsigned long long)want);
        }
    }
    if (!checked)
        chase_assoc_append(L->sets_how, sizeof L->sets_how, " no stride below the way was measured");
    else if (L->below)
        chase_assoc_append(L->sets_how, sizeof L->sets_how, " strides under %s not measured (their knees past the cap)",
               chase_size_format(L->below, a, sizeof a));
    return checked && !bad;
}

/* The capacity the shape gives, against the sweep's interval. */
static void capacity(struct chase_assoc_level *L)
{
    char a[32], b[32], c[32], d[32];

    if (chase_mul_u64(L->ways, L->way_bytes, &L->capacity)) {
        L->capacity = 0;
        snprintf(L->check, sizeof L->check, "ways x way overflows");
        return;
    }
    L->in_interval = L->capacity >= L->lo && L->capacity <= (L->hi ? L->hi : L->lo);
    snprintf(L->check, sizeof L->check, "%u x %llu x %s = %s, %s the sweep's %s .. %s", L->ways,
             (unsigned long long)L->sets, chase_size_format(L->line, a, sizeof a),
             chase_size_format(L->capacity, b, sizeof b), L->in_interval ? "inside" : "outside",
             chase_size_format(L->lo, c, sizeof c), chase_size_format(L->hi ? L->hi : L->lo, d, sizeof d));
}

/* The cycle of ways + 1 lines at every stride from the way up. */
static void replacement(struct chase_assoc_level *L, size_t j, size_t top)
{
    double sum = 0, random_miss = 2.0 / (L->ways + 1), step = L->m - L->h;
    char a[32];
    size_t i, n = 0;

    for (i = j; i <= top; i++)
        if (L->st[i].n > L->ways) {
            sum += (L->st[i].cycles[L->ways] - L->h) / step;
            n++;
        }
    if (!n || !(step > 0)) {
        snprintf(L->replacement, sizeof L->replacement, "not resolved");
        snprintf(L->repl_how, sizeof L->repl_how, "no chain of ways + 1 lines in one set was measured");
        return;
    }
    L->miss_share = sum / (double)n;
    if (L->ways == 1) {
        snprintf(L->replacement, sizeof L->replacement, "direct-mapped (one way: nothing to choose)");
        snprintf(L->repl_how, sizeof L->repl_how, "a cycle of 2 lines in one set misses %.0f%% of the time",
                 100 * L->miss_share);
        return;
    }
    /* Half way between what random replacement would miss and all. */
    if (L->miss_share >= (1 + random_miss) / 2)
        snprintf(L->replacement, sizeof L->replacement, "LRU or FIFO (a cyclic chain cannot tell them apart)");
    else
        snprintf(L->replacement, sizeof L->replacement, "random (the cycle of ways+1 hits %.0f%% of the time)",
                 100 * (1 - L->miss_share));
    snprintf(L->repl_how, sizeof L->repl_how, "a cycle of %u lines in one set (%zu strides from %s) costs %.0f%% "
             "of the way from the level's latency (%.1f) to the next's (%.1f): LRU and FIFO miss every access, "
             "random replacement %.0f%% (2 / (ways + 1)); the class is the nearer, split half way; telling LRU "
             "from FIFO needs a chain that revisits a line out of turn, which a cyclic chain cannot",
             L->ways + 1, n, chase_size_format(L->st[j].stride, a, sizeof a), 100 * L->miss_share, L->h, L->m,
             100 * random_miss);
}

void chase_assoc_analyze(struct chase_assoc_level *L)
{
    double t = chase_assoc_threshold(L);
    char a[32], b[32];
    size_t i, j, top = L->nst, aside = 0;

    L->ways = 0;
    L->way_bytes = L->sets = L->capacity = 0;
    L->plain = L->in_interval = 0;
    L->miss_share = NAN;
    L->ways_how[0] = L->sets_how[0] = L->check[0] = L->indexing[0] = L->replacement[0] = L->repl_how[0] = 0;
    snprintf(L->policy, sizeof L->policy, "undetermined");
    for (i = 0; i < L->nst; i++) {
        L->st[i].knee = chase_assoc_knee(L->st[i].cycles, L->st[i].n, t);
        if (L->st[i].knee)
            top = i;
    }
    if (top == L->nst) {
        snprintf(L->indexing, sizeof L->indexing, "no aliasing from strides: hashed indexing (as GPU L2s) or "
                 "more ways than N_cap");
        snprintf(L->ways_how, sizeof L->ways_how, "no stride measured shows a miss (above %.1f cycles) below "
                 "its cap of lines; eviction sets are not built (a later task)", t);
        snprintf(L->replacement, sizeof L->replacement, "not resolved");
        snprintf(L->repl_how, sizeof L->repl_how, "needs ways + 1 lines in one set, which no stride gave");
        snprintf(L->sets_how, sizeof L->sets_how, "not resolved: no knee");
        snprintf(L->check, sizeof L->check, "not resolved");
        return;
    }
    /* A largest stride whose knee falls below two strides under it that
     * agree is set aside: past the way fewer lines fitting means a conflict
     * elsewhere (a level behind, a TLB), not a smaller way (on this CI
     * machine's CPU the L1's knee read 12 lines from 4 to 32 KiB and 6 at
     * 64 KiB in one run, 12 in others). */
    if (top >= 2 && L->st[top - 1].n && L->st[top - 2].n && L->st[top].knee < L->st[top - 1].knee &&
        L->st[top - 1].knee == L->st[top - 2].knee && L->st[top - 1].knee) {
        aside = top--;
    }
    /* The knee at the largest stride that has one, and the strides under
     * it with the same knee: the smallest of them is the way. */
    for (j = top; j > 0 && L->st[j - 1].n && L->st[j - 1].knee == L->st[top].knee; j--)
        ;
    if (top + 1 < L->nst && L->st[top + 1].n && top + 1 != aside) {
        snprintf(L->indexing, sizeof L->indexing, "not plain: a larger stride shows no knee where a smaller does");
        snprintf(L->ways_how, sizeof L->ways_how, "the knee (%u lines at %s) did not settle", L->st[top].knee,
                 chase_size_format(L->st[top].stride, a, sizeof a));
    } else if (j == top) {
        snprintf(L->indexing, sizeof L->indexing, "not resolved: the knee was seen at the largest stride only");
        snprintf(L->ways_how, sizeof L->ways_how, "%u lines at %s, the largest stride: the way may be larger",
                 L->st[top].knee, chase_size_format(L->st[top].stride, a, sizeof a));
    }
    if (j == top || (top + 1 < L->nst && L->st[top + 1].n && top + 1 != aside)) {
        snprintf(L->replacement, sizeof L->replacement, "not resolved");
        snprintf(L->sets_how, sizeof L->sets_how, "not resolved: the knee did not settle over two strides");
        snprintf(L->check, sizeof L->check, "not resolved");
        return;
    }
    L->ways = L->st[top].knee;
    L->way_bytes = L->st[j].stride;
    L->sets = L->way_bytes / L->line;
    snprintf(L->ways_how, sizeof L->ways_how, "the knee settles at %u lines from a stride of %s to %s (%zu "
             "strides): %u lines cost %.1f cycles, %u cost %.1f (a miss: above %.1f)", L->ways,
             chase_size_format(L->st[j].stride, a, sizeof a), chase_size_format(L->st[top].stride, b, sizeof b),
             top - j + 1, L->ways, L->st[j].cycles[L->ways - 1], L->ways + 1, L->st[j].cycles[L->ways], t);
    if (aside)
        chase_assoc_append(L->ways_how, sizeof L->ways_how, "; the largest stride, %s, fit %u lines, fewer: set aside "
                           "(a conflict in a level behind, a TLB, or noise)",
                           chase_size_format(L->st[aside].stride, a, sizeof a), L->st[aside].knee);
    snprintf(L->sets_how, sizeof L->sets_how, "the way is %s, the smallest stride where the knee settles; "
             "sets = way / line (%s) = %llu; below the way the knee doubles as the stride halves:", chase_size_format(L->way_bytes, a, sizeof a),
             chase_size_format(L->line, b, sizeof b), (unsigned long long)L->sets);
    L->plain = halving(L, j);
    snprintf(L->indexing, sizeof L->indexing, "%s", L->plain ? "plain (modulo): the knee halves as the stride "
             "doubles, down from the way" : "not plain modulo: below the way the knee does not double as the "
             "stride halves");
    capacity(L);
    replacement(L, j, top);
}

void chase_assoc_behind(struct chase_assoc_level *L, const struct chase_assoc_level *near)
{
    /* The chains of one set here share one set of the nearer level too (its
     * way divides this one's): a random nearer level keeps part of the
     * cycle, whose accesses never reach this level, so its cycle is not
     * one any more and its share of misses says nothing of its policy. */
    if (L->ways && near->ways > 1 && !strncmp(near->replacement, "random", 6)) {
        snprintf(L->replacement, sizeof L->replacement, "not resolved (behind %s's random replacement)",
                 near->name);
        chase_assoc_append(L->repl_how, sizeof L->repl_how, "; but %s replaces at random and keeps part of the cycle, so "
               "this level does not see it whole", near->name);
    }
    /* A non-exclusive nearer level holds its own ways of the set: a level
     * with fewer ways behind it would show the same knee. */
    if (L->ways && L->ways == near->ways)
        chase_assoc_append(L->ways_how, sizeof L->ways_how, "; as many as %s's: a level with fewer ways behind %s would "
               "show the same", near->name, near->name);
}
