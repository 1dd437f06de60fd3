/* assoc_policy.c: a level's replacement policy, from sequences over the
 * ways + 1 lines of one of its sets (an eviction set's, or lines a way
 * apart), each lap timed whole (assoc_probe.c). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
/*
 * Policy: three sequences over x and the group's ways lines (all of one
 * set), each lap timed whole, its misses a lap read from its latency
 * between this level's and the next's:
 *   cycle:  x e1 .. ew: LRU and FIFO miss all w + 1, random about 2;
 *   hot:    x e1 .. e(w-1) ew e1' .. e(w-1)' (e' a second word of e's
 *           line): LRU keeps the w - 1 lines touched twice and misses 2,
 *           FIFO evicts them by age and misses w + 1, random between;
 *   half:   x e1 .. ew e1' .. e(w/2)': LRU misses w/2 + 1 (the lines of
 *           the first half, touched last, are kept; the rest cycle), a tree
 *           pseudo-LRU 2 (the second visits point every node at the other
 *           half, whose lines it evicts one at a time: w/2 - 1 fewer than
 *           LRU), FIFO w + 1, random about 2.5.
 * The misses each policy would make are simulated here (one set of w
 * ways; random: the mean of seeded runs); a policy is ruled out by a
 * sequence whose measured misses lie further from its prediction than the
 * noise allows, and named only when it alone is left (a tree of two ways
 * is LRU: named so).  Where none is left but LRU is nearest by far in
 * every sequence, "lru-like": another approximation of LRU.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "assoc/assoc.h"
#include "assoc/assoc_probe.h"

#define FIT_MISSES 0.45         /* a policy fits a sequence within this many misses a lap (or 4 sd) */
/* Near LRU where none fits: LRU off by at most NEAR_MISSES a lap in each
 * sequence, and each other policy predicted NEAR_APART misses or more from
 * LRU by some sequence (so the misses lie at least twice as far from it):
 * at two ways FIFO and LRU differ by one miss in every sequence, and no
 * reading near LRU tells them apart. */
#define NEAR_MISSES 1.0
#define NEAR_APART 3.0

static uint64_t xs(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

/* Tree pseudo-LRU over w ways (a power of two): bit k of *t is internal
 * node k (1 .. w - 1), pointing at the half the next victim is taken from;
 * a use points every node on the way's path at the other half.  The
 * simulator has its own (backends/sim/sim.c), written apart on purpose:
 * its caches are the truth this model's predictions are tested against
 * (tests/sim-evict.sh), which one shared function could not be. */
static void plru_touch(uint64_t *t, unsigned w, unsigned way)
{
    unsigned node = 1, lo = 0, n = w;

    while (n > 1) {
        n /= 2;
        if (way < lo + n) {
            *t |= 1ULL << node;
            node = 2 * node;
        } else {
            *t &= ~(1ULL << node);
            node = 2 * node + 1;
            lo += n;
        }
    }
}

static unsigned plru_victim(uint64_t t, unsigned w)
{
    unsigned node = 1, lo = 0, n = w;

    while (n > 1) {
        n /= 2;
        if (t >> node & 1) {
            node = 2 * node + 1;
            lo += n;
        } else
            node = 2 * node;
    }
    return lo;
}

/* Misses a lap of seq[0 .. n-1] (line numbers) in one set of w ways under
 * policy (0 LRU, 1 FIFO, 2 random: the mean of seeded runs, 3 tree
 * pseudo-LRU: NAN unless w is a power of two up to 64), steady state. */
double chase_assoc_predict(const unsigned *seq, unsigned n, unsigned w, int policy)
{
    unsigned tag[CHASE_ASSOC_MAX_LINES + 1];
    uint64_t stamp[CHASE_ASSOC_MAX_LINES + 1], clock = 0, rng, tree;
    unsigned runs = policy == 2 ? 8 : 1, warm = 40, laps = policy == 2 ? 200 : 4, r, lap, k, i, used;
    double misses = 0;

    if (w > CHASE_ASSOC_MAX_LINES || (policy == 3 && (!w || w > 64 || (w & (w - 1)))))
        return NAN;
    for (r = 0; r < runs; r++) {
        rng = 0x9e3779b97f4a7c15ULL * (r + 1);
        used = 0;
        tree = 0;
        for (lap = 0; lap < warm + laps; lap++)
            for (k = 0; k < n; k++) {
                clock++;
                for (i = 0; i < used && tag[i] != seq[k]; i++)
                    ;
                if (i < used) {
                    if (policy == 0)
                        stamp[i] = clock;
                    else if (policy == 3)
                        plru_touch(&tree, w, i);
                    continue;
                }
                if (lap >= warm)
                    misses++;
                if (used < w)
                    i = used++;
                else if (policy == 2)
                    i = (unsigned)(xs(&rng) % w);
                else if (policy == 3)
                    i = plru_victim(tree, w);
                else {
                    unsigned v = 0;
                    for (i = 1; i < w; i++)
                        if (stamp[i] < stamp[v])
                            v = i;
                    i = v;
                }
                tag[i] = seq[k];
                stamp[i] = clock;
                if (policy == 3)
                    plru_touch(&tree, w, i);
            }
    }
    return misses / ((double)runs * laps);
}

#define POLICIES 4
#define SEQUENCES 3
static const char *const policy_names[POLICIES] = {"lru", "fifo", "random", "plru"};

/* Why this level's sequences may not reach it whole, or NULL: every
 * nearer level must miss them all (plain, LRU, no more ways than this). */
static const char *hidden(const struct chase_assoc_level *L, const struct chase_assoc_level *near, size_t nnear)
{
    static char why[160];
    size_t i;

    for (i = 0; i < nnear; i++) {
        const struct chase_assoc_level *N = &near[i];
        if (!N->ways || !N->plain || strcmp(N->policy, "lru") || N->ways > L->ways) {
            snprintf(why, sizeof why, "%s (in front) may hold part of the sequences: its policy is %s, its ways "
                     "%u against %u here%s", N->name, N->policy[0] ? N->policy : "unknown", N->ways, L->ways,
                     N->plain ? "" : ", its index not plain");
            return why;
        }
    }
    return NULL;
}

static int policy_body(struct chase_assoc_level *L, const struct chase_assoc_level *near, size_t nnear,
                       struct chase_assoc_prober *p)
{
    unsigned w = L->ways, seq[2 * CHASE_ASSOC_MAX_LINES + 2], n, s, q, i, alive[POLICIES] = {1, 1, 1, 1}, left = 0;
    const char *why, *names[SEQUENCES] = {"cycle", "hot", "half"};
    char told[240] = "", doubt[160] = "", past[240] = "";
    int code, few_nearer = 1, near_lru = 1, plru_is_lru = 1, apart[POLICIES] = {1, 0, 0, 0};

    L->policy_how[0] = 0;
    L->ways_contradicted = 0;
    snprintf(L->policy, sizeof L->policy, "undetermined");
    if (!w || L->ngroup < w) {
        snprintf(L->policy_how, sizeof L->policy_how, "no ways + 1 lines of one set to test with");
        return 0;
    }
    if (w == 1) {
        snprintf(L->policy, sizeof L->policy, "direct-mapped");
        snprintf(L->policy_how, sizeof L->policy_how, "one way: nothing to choose");
        return 0;
    }
    if (2 * w + 1 > 2 * CHASE_ASSOC_MAX_LINES) {
        snprintf(L->policy_how, sizeof L->policy_how, "more ways than the sequences hold");
        return 0;
    }
    if (L->led) {
        snprintf(L->policy_how, sizeof L->policy_how, "not tested: the set's lines lie in different sets of the "
                 "level in front (each test was led by lines of x's set there), which would hold a lap of them");
        return 0;
    }
    if ((why = hidden(L, near, nnear))) {
        snprintf(L->policy_how, sizeof L->policy_how, "not tested: %s", why);
        return 0;
    }
    for (i = 0; i < nnear; i++)
        few_nearer &= near[i].ways < w;
    /* A tree pseudo-LRU has a power of two of ways. */
    if (w > 64 || (w & (w - 1)))
        alive[3] = 0;
    for (s = 0; s < SEQUENCES; s++) {
        double got, se, pred[POLICIES], tol;
        /* Line 0 is x, line i the group's i-th; a second visit reads the
         * next word of the same line. */
        n = 0;
        seq[n] = 0;
        p->buf[n++] = L->probe_x;
        for (i = 1; i <= (s == 1 ? w - 1 : w); i++) {
            seq[n] = i;
            p->buf[n++] = L->group[i - 1];
        }
        if (s == 1) {
            seq[n] = w;
            p->buf[n++] = L->group[w - 1];
        }
        for (i = 1; s && i <= (s == 1 ? w - 1 : w / 2); i++) {
            seq[n] = i;
            p->buf[n++] = L->group[i - 1] + 8;
        }
        if ((code = assoc_lap_misses(L, p, p->buf, n, &got, &se)))
            return code;
        tol = fmax(FIT_MISSES, 4 * se);
        /* Every sequence visits x and w lines of its set: a set of w ways
         * holds w of those w + 1, so whatever it replaces, the one it
         * lacks when a lap starts misses in that lap.  Read so only where
         * no nearer level can serve a line of them (its ways fewer than
         * w: an LRU level of w ways keeps the second visits) and the lap
         * cost no less than hits here. */
        if (got < 1 - tol && got > -tol && few_nearer && !L->ways_contradicted) {
            L->ways_contradicted = 1;
            snprintf(doubt, sizeof doubt, "%s missed %.2f a lap, under the one a set of %u ways must", names[s], got, w);
        }
        /* A load misses once at most: more misses than loads means a miss
         * costs more here than the next level's latency the counts are
         * scaled by (this CI machine's CPU: 11.65 of 9 in its L1's cycle,
         * whose conflict misses cost 22-31 cycles against the L2's 14). */
        if (got > n + tol && !past[0])
            snprintf(past, sizeof past, "%s read %.2f misses a lap of %u loads, past one a load: a miss costs more "
                     "here than the %.1f cycles of the next level the counts are scaled by, so no count is one",
                     names[s], got, n, L->m);
        chase_assoc_append(L->policy_how, sizeof L->policy_how, "%s%s (%u loads a lap): %.2f misses a lap ()",
                           s ? "; " : "", names[s], n, got);
        for (q = 0; q < POLICIES; q++) {
            pred[q] = chase_assoc_predict(seq, n, w, (int)q);
            if (alive[q] && !(fabs(got - pred[q]) <= tol)) {
                alive[q] = 0;
                chase_assoc_append(told, sizeof told, "%s%s ruled out %s", told[0] ? ", " : "", names[s],
                                   policy_names[q]);
            }
        }
        /* Two ways of tree pseudo-LRU are LRU: no sequence tells them apart. */
        if (!(fabs(pred[3] - pred[0]) < 1e-9))
            plru_is_lru = 0;
        /* LRU the nearest by far, in a sequence no nearer level reached
         * (no fewer misses than none). */
        if (!(fabs(got - pred[0]) <= NEAR_MISSES) || got < -tol)
            near_lru = 0;
        for (q = 1; q < POLICIES; q++)
            if (!isfinite(pred[q]) || fabs(pred[q] - pred[0]) >= NEAR_APART)
                apart[q] = 1;
        /* The predictions, written in the parentheses left above. */
        {
            char *t = strrchr(L->policy_how, '(');
            if (t)
                snprintf(t, sizeof L->policy_how - (size_t)(t - L->policy_how), "(predicted: lru %.2f, fifo %.2f, "
                         "random %.2f, plru %.2f; tolerance %.2f)", pred[0], pred[1], pred[2], pred[3], tol);
        }
    }
    if (alive[0] && alive[3] && plru_is_lru)
        alive[3] = 0;   /* the same policy: named lru */
    for (q = 0; q < POLICIES; q++) {
        left += alive[q];
        near_lru &= apart[q];
    }
    if (past[0]) {
        chase_assoc_append(L->policy_how, sizeof L->policy_how, "; not named: %s", past);
        return 0;
    }
    if (L->ways_contradicted) {
        chase_assoc_append(L->policy_how, sizeof L->policy_how, "; %s: the set holds more lines than %u, whose "
                           "policy is not told", doubt, w);
        return 0;
    }
    if (left == 1) {
        for (q = 0; !alive[q]; q++)
            ;
        snprintf(L->policy, sizeof L->policy, "%s", policy_names[q]);
        chase_assoc_append(L->policy_how, sizeof L->policy_how, "; told apart by: %s", told);
    } else if (!left && near_lru) {
        /* An approximation of LRU other than the tree: not LRU exactly,
         * and told from FIFO, random and the tree as LRU would be. */
        snprintf(L->policy, sizeof L->policy, "lru-like");
        chase_assoc_append(L->policy_how, sizeof L->policy_how, "; no policy of the four fits every sequence (%s); lru "
                           "is off by at most %g miss a lap in each, and a sequence predicts each other %g or more "
                           "from it: an approximation of LRU, not told which", told, NEAR_MISSES, NEAR_APART);
    } else if (!left)
        chase_assoc_append(L->policy_how, sizeof L->policy_how, "; no policy of the four fits every sequence (another, "
            "or noise)");
    else {
        chase_assoc_append(L->policy_how, sizeof L->policy_how, "; not told apart:");
        for (q = 0; q < POLICIES; q++)
            if (alive[q])
                chase_assoc_append(L->policy_how, sizeof L->policy_how, " %s", policy_names[q]);
        if (told[0])
            chase_assoc_append(L->policy_how, sizeof L->policy_how, " (%s)", told);
    }
    return 0;
}

int chase_assoc_policy(struct chase_assoc_level *L, const struct chase_assoc_level *near, size_t nnear,
                       struct chase_assoc_prober *p)
{
    int code = policy_body(L, near, nnear, p);

    if (code != -1)
        return code;
    snprintf(L->policy, sizeof L->policy, "undetermined");
    chase_assoc_append(L->policy_how, sizeof L->policy_how, "; the budget of %llu loads or %g s ran out",
        (unsigned long long)p->budget, p->seconds);
    return 0;
}
