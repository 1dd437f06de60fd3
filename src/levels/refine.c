/* refine.c: where to measure next so that each level's capacity interval narrows. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "levels/levels_int.h"
#include "core/size.h"

struct want {
    uint64_t bytes;
    double priority;
};

static int by_priority(const void *a, const void *b)
{
    const struct want *x = a, *y = b;
    /* Equal priorities in size order: the same sizes on every C library. */
    if (x->priority != y->priority)
        return x->priority > y->priority ? -1 : 1;
    return (x->bytes > y->bytes) - (x->bytes < y->bytes);
}

/* The size half way (in log) between two, on the align grid; 0 if none lies strictly between. */
static uint64_t midpoint(uint64_t a, uint64_t b, uint64_t align)
{
    double m = sqrt((double)a * (double)b);
    uint64_t v = (uint64_t)llround(m / (double)align) * align;
    if (v <= a)
        v = (a / align + 1) * align;
    if (v >= b)
        return 0;
    return v;
}

size_t chase_levels_refine(const struct chase_curve *c, const struct chase_level *lv, size_t nlv,
                           uint64_t align, double octaves, uint64_t *sizes, size_t max)
{
    struct chase_fit f;
    struct want *w = NULL;
    size_t nw = 0, cap, i, j, out = 0;

    if (!max || !align || !(octaves > 0) || chase_levels_fit(c, &f))
        return 0;
    cap = c->n + f.n + 1;
    w = malloc(cap * sizeof *w);
    if (!w)
        goto done;
    /* Each transition, from the last point on a plateau to the first on
     * the next level's: halve every gap wider than asked.  This bisects
     * the capacity interval, and a plateau hidden in a transition (two
     * capacities close together) gets points enough to show. */
    for (i = 0; i + 1 < nlv; i++) {
        size_t r0 = lv[i].last, r1 = lv[i + 1].first > r0 ? lv[i + 1].first : r0;
        if (!lv[i].hi || lv[i].hi <= lv[i].lo || r0 >= c->n || r1 >= c->n)
            continue;
        while (r1 + 1 < c->n && c->rows[r1].bytes < lv[i].hi)
            r1++;
        for (j = r0; j < r1 && nw < cap; j++) {
            const struct chase_row *r = &c->rows[j], *q = &c->rows[j + 1];
            double g = q->bytes > r->bytes ? log2((double)q->bytes / (double)r->bytes) : 0;
            uint64_t m = g > octaves ? midpoint(r->bytes, q->bytes, align) : 0;
            if (m) {
                w[nw].bytes = m;
                w[nw++].priority = (r->bytes >= lv[i].lo && q->bytes <= lv[i].hi ? 100 : 10) + g;
            }
        }
    }
    /* Wide gaps the curve moves across by more than its noise: something
     * happens there that the points do not show (a hidden plateau, a
     * gradual onset's corner). */
    for (j = 0; j + 1 < f.n && nw < cap; j++) {
        double g = f.pt[j + 1].x - f.pt[j].x;
        double noise = sqrt(f.pt[j].sd * f.pt[j].sd + f.pt[j + 1].sd * f.pt[j + 1].sd);
        if (g > 2 * octaves && fabs(f.pt[j + 1].z - f.pt[j].z) > T_OFF * noise) {
            uint64_t m = midpoint(c->rows[f.pt[j].last].bytes, c->rows[f.pt[j + 1].first].bytes, align);
            if (m) {
                w[nw].bytes = m;
                w[nw++].priority = g;
            }
        }
    }
    qsort(w, nw, sizeof *w, by_priority);
    for (i = 0; i < nw && out < max; i++) {
        for (j = 0; j < out && sizes[j] != w[i].bytes; j++)
            ;
        if (j == out)
            sizes[out++] = w[i].bytes;
    }
    qsort(sizes, out, sizeof *sizes, chase_size_cmp);
done:
    free(w);
    chase_levels_fit_free(&f);
    return out;
}
