/* banks.c: chase banks' patterns, bank-model cost, fit and lane groups
 * (pure functions; see banks.h). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "banks/banks.h"

int chase_banks_width_index(unsigned width)
{
    return width == 4 ? 0 : width == 8 ? 1 : width == 16 ? 2 : -1;
}

unsigned chase_banks_width_bytes(int index)
{
    return index >= 0 && index < CHASE_BANKS_NWIDTH ? 4u << index : 0;
}

void chase_banks_layout_blocks(struct chase_banks_layout *L, unsigned lanes, unsigned n)
{
    unsigned i;

    memset(L, 0, sizeof *L);
    if (!n || lanes > CHASE_MAX_LANES)
        return;
    for (i = 0; i < lanes; i++)
        L->group[i] = (unsigned char)(i / n);
    L->ngroups = (lanes + n - 1) / n;
}

/* The bank words a set of lanes reads, each once. */
struct wordset {
    uint64_t w[CHASE_MAX_LANES * 16];
    unsigned n;
};

static void add_lane(struct wordset *s, const struct chase_banks_model *m, unsigned width, uint32_t off)
{
    uint64_t first = off / m->bank_bytes, last = ((uint64_t)off + width - 1) / m->bank_bytes, x;
    unsigned i;

    for (x = first; x <= last; x++) {
        for (i = 0; i < s->n && s->w[i] != x; i++)
            ;
        if (i == s->n && s->n < sizeof s->w / sizeof s->w[0])
            s->w[s->n++] = x;
    }
}

/* Distinct words the busiest bank holds: the passes the set needs. */
static unsigned depth(const struct wordset *s, unsigned banks)
{
    unsigned i, j, most = 0;

    for (i = 0; i < s->n; i++) {
        unsigned k = 0;
        for (j = 0; j < s->n; j++)
            k += s->w[j] % banks == s->w[i] % banks;
        if (k > most)
            most = k;
    }
    return most;
}

/* The distinct words of lane's busiest bank within s. */
static unsigned lane_depth(const struct wordset *s, const struct chase_banks_model *m, unsigned width, uint32_t off)
{
    uint64_t first = off / m->bank_bytes, last = ((uint64_t)off + width - 1) / m->bank_bytes, x;
    unsigned j, most = 0;

    for (x = first; x <= last; x++) {
        unsigned k = 0;
        for (j = 0; j < s->n; j++)
            k += s->w[j] % m->banks == x % m->banks;
        if (k > most)
            most = k;
    }
    return most;
}

unsigned chase_banks_cost(const struct chase_banks_model *m, unsigned width, const uint32_t *off,
                          struct chase_banks_cost *c)
{
    const struct chase_banks_layout *L;
    unsigned first[CHASE_MAX_LANES], order[CHASE_MAX_LANES], g, i, k, passes = 0, npass = 0;
    unsigned char lane_pass[CHASE_MAX_LANES];
    struct wordset *cur, *one, *both;
    int wi = chase_banks_width_index(width), cur_open = 0;

    if (wi < 0 || !m->banks || !m->bank_bytes || !m->lanes || m->lanes > CHASE_MAX_LANES)
        return 0;
    L = &m->w[wi];
    if (!L->ngroups || L->ngroups > CHASE_MAX_LANES)
        return 0;
    cur = malloc(3 * sizeof *cur);
    if (!cur)
        return 0;
    one = cur + 1;
    both = cur + 2;
    cur->n = 0;
    /* Groups in the order of their first lane. */
    for (g = 0; g < L->ngroups; g++)
        first[g] = ~0u;
    for (i = m->lanes; i-- > 0;)
        if (L->group[i] < L->ngroups)
            first[L->group[i]] = i;
    for (g = 0; g < L->ngroups; g++)
        order[g] = g;
    for (g = 1; g < L->ngroups; g++)
        for (k = g; k > 0 && first[order[k]] < first[order[k - 1]]; k--) {
            unsigned t = order[k];
            order[k] = order[k - 1];
            order[k - 1] = t;
        }
    for (k = 0; k < L->ngroups; k++) {
        unsigned gg = order[k], d;
        if (first[gg] == ~0u)
            continue;       /* a group with no lane */
        one->n = 0;
        for (i = 0; i < m->lanes; i++)
            if (L->group[i] == gg)
                add_lane(one, m, width, off[i]);
        d = depth(one, m->banks);
        if (L->merge && cur_open && d == 1 && depth(cur, m->banks) == 1) {
            *both = *cur;
            for (i = 0; i < one->n; i++) {
                unsigned j;
                for (j = 0; j < both->n && both->w[j] != one->w[i]; j++)
                    ;
                if (j == both->n)
                    both->w[both->n++] = one->w[i];
            }
            if (depth(both, m->banks) == 1) {
                *cur = *both;
                for (i = 0; i < m->lanes; i++)
                    if (L->group[i] == gg)
                        lane_pass[i] = (unsigned char)(npass - 1);
                continue;
            }
        }
        if (cur_open)
            passes += depth(cur, m->banks);
        *cur = *one;
        cur_open = 1;
        for (i = 0; i < m->lanes; i++)
            if (L->group[i] == gg)
                lane_pass[i] = (unsigned char)npass;
        npass++;
    }
    if (cur_open)
        passes += depth(cur, m->banks);
    if (c) {
        memset(c, 0, sizeof *c);
        c->passes = passes;
        c->npass = npass;
        for (i = 0; i < m->lanes; i++) {
            c->pass[i] = lane_pass[i];
            c->bank[i] = (unsigned char)(off[i] / m->bank_bytes % m->banks);
        }
        /* Each lane's depth within its own group of service. */
        for (k = 0; k < npass; k++) {
            one->n = 0;
            for (i = 0; i < m->lanes; i++)
                if (lane_pass[i] == k)
                    add_lane(one, m, width, off[i]);
            for (i = 0; i < m->lanes; i++)
                if (lane_pass[i] == k)
                    c->depth[i] = (unsigned char)lane_depth(one, m, width, off[i]);
        }
    }
    free(cur);
    return passes;
}

const unsigned chase_banks_strides[CHASE_BANKS_NSTRIDE] = {
    0, 1, 2, 3, 4, 5, 8, 9, 16, 17, 32, 33, 64, 65, 128, 129, 256, 257, 512, 513, 1024, 1025,
};

void chase_banks_stride_pattern(unsigned lanes, unsigned stride, uint64_t shared_bytes, uint32_t *off)
{
    uint64_t words = shared_bytes / 4;
    unsigned i;

    for (i = 0; i < lanes && i < CHASE_MAX_LANES; i++)
        off[i] = words ? (uint32_t)((uint64_t)i * stride % words * 4) : 0;
}

const struct chase_banks_row chase_banks_rows[CHASE_BANKS_NROW] = {
    {"conflict-free", CHASE_BANKS_FREE, 1},
    {"multicast-2", CHASE_BANKS_MULTICAST, 2},
    {"multicast-4", CHASE_BANKS_MULTICAST, 4},
    {"multicast-8", CHASE_BANKS_MULTICAST, 8},
    {"multicast-16", CHASE_BANKS_MULTICAST, 16},
    {"broadcast", CHASE_BANKS_BROADCAST, 0},
    {"conflict-2", CHASE_BANKS_CONFLICT, 2},
    {"conflict-4", CHASE_BANKS_CONFLICT, 4},
    {"conflict-8", CHASE_BANKS_CONFLICT, 8},
    {"conflict-16", CHASE_BANKS_CONFLICT, 16},
    {"conflict-32", CHASE_BANKS_CONFLICT, 32},
};

unsigned chase_banks_row_ways(const struct chase_banks_row *r, unsigned lanes)
{
    return r->kind == CHASE_BANKS_BROADCAST ? lanes : r->ways;
}

int chase_banks_row_pattern(const struct chase_banks_row *r, unsigned lanes, unsigned width, unsigned row_bytes,
                            uint64_t shared_bytes, uint32_t *off)
{
    /* The seed's rows are 32 elements apart: a multiple of its 128-byte
     * bank row at every width.  Here: at least max(32, lanes / 2)
     * elements (so the i / k lanes of a set never reach the next set's
     * row) rounded up to whole bank rows. */
    uint64_t span = (uint64_t)(lanes / 2 > 32 ? lanes / 2 : 32) * width, rowb, R;
    unsigned i, k = r->ways;

    if (!lanes || lanes > CHASE_MAX_LANES || !width || !row_bytes)
        return -1;
    if ((r->kind == CHASE_BANKS_MULTICAST || r->kind == CHASE_BANKS_CONFLICT) && (k < 2 || k > lanes))
        return -1;
    rowb = (span + row_bytes - 1) / row_bytes * row_bytes;
    R = rowb / width;
    for (i = 0; i < lanes; i++) {
        uint64_t e;
        switch (r->kind) {
        case CHASE_BANKS_FREE:
            e = i;
            break;
        case CHASE_BANKS_MULTICAST:
            e = i / k;
            break;
        case CHASE_BANKS_BROADCAST:
            e = 0;
            break;
        case CHASE_BANKS_CONFLICT:
            e = (uint64_t)(i % k) * R + i / k;
            break;
        default:
            return -1;
        }
        if ((e + 1) * width > shared_bytes || e * width > UINT32_MAX)
            return -1;
        off[i] = (uint32_t)(e * width);
    }
    return 0;
}

/* ---- the fit ---- */

unsigned chase_banks_fit_predict(const struct chase_banks_hyp *h, unsigned lanes, uint64_t shared_bytes,
                                 unsigned stride)
{
    struct chase_banks_model m;
    uint32_t off[CHASE_MAX_LANES];

    memset(&m, 0, sizeof m);
    m.banks = h->banks;
    m.bank_bytes = h->bank_bytes;
    m.lanes = lanes;
    chase_banks_layout_blocks(&m.w[0], lanes, h->phase_lanes);
    chase_banks_stride_pattern(lanes, stride, shared_bytes, off);
    return chase_banks_cost(&m, 4, off, NULL);
}

/* Weighted least squares of c = a + b q (weights 1/c^2: relative
 * residuals); returns the relative rms, or -1 when it cannot be fitted. */
static double lsq(const double *q, const double *c, size_t n, double *a, double *b)
{
    double sw = 0, sq = 0, sc = 0, sqq = 0, sqc = 0, det, rss = 0;
    size_t i;

    for (i = 0; i < n; i++) {
        double w = 1 / (c[i] * c[i]);
        sw += w;
        sq += w * q[i];
        sc += w * c[i];
        sqq += w * q[i] * q[i];
        sqc += w * q[i] * c[i];
    }
    det = sw * sqq - sq * sq;
    if (!(fabs(det) > 1e-12 * sw * sqq))
        return -1;
    *b = (sw * sqc - sq * sc) / det;
    *a = (sc - *b * sq) / sw;
    if (!(*b > 0))
        return -1;
    for (i = 0; i < n; i++) {
        double r = (c[i] - *a - *b * q[i]) / c[i];
        rss += r * r;
    }
    return sqrt(rss / (double)n);
}

/* The hypotheses are ordered by how well they fit, then by simplicity:
 * a fit within noise of the best that needs no floor, fewer banks, a
 * narrower bank or more lanes a phase is preferred. */
static int simpler(const struct chase_banks_hyp *x, const struct chase_banks_hyp *y)
{
    if ((x->floor > 1.01) != (y->floor > 1.01))
        return x->floor <= 1.01;
    if (x->banks != y->banks)
        return x->banks < y->banks;
    if (x->bank_bytes != y->bank_bytes)
        return x->bank_bytes < y->bank_bytes;
    return x->phase_lanes > y->phase_lanes;
}

static int cmp_hyp(const void *a, const void *b)
{
    const struct chase_banks_hyp *x = a, *y = b;
    if (x->rms != y->rms)
        return x->rms < y->rms ? -1 : 1;
    return simpler(x, y) ? -1 : simpler(y, x) ? 1 : 0;
}

int chase_banks_fit(const unsigned *stride, const double *cost, size_t n, unsigned lanes, uint64_t shared_bytes,
                    struct chase_banks_fit *fit)
{
    static const unsigned banks_try[] = {8, 16, 32, 64, 128}, bytes_try[] = {4, 8, 16};
    double *p, *q;
    size_t i, bi, wi;
    unsigned L, h, best;
    int rc = -1;

    memset(fit, 0, sizeof *fit);
    fit->runner_up.rms = -1;
    if (n < 4 || !lanes || lanes > CHASE_MAX_LANES)
        return -1;
    for (i = 0; i < n; i++)
        if (!(cost[i] > 0) || !isfinite(cost[i]))
            return -1;
    p = malloc(2 * n * sizeof *p);
    if (!p)
        return -1;
    q = p + n;
    for (bi = 0; bi < sizeof banks_try / sizeof banks_try[0]; bi++)
        for (wi = 0; wi < sizeof bytes_try / sizeof bytes_try[0]; wi++)
            for (L = lanes; L >= 4 || L == lanes; L /= 2) {
                struct chase_banks_hyp hy;
                double pmax = 0, pmin = 1e30, f, best_rms = -1, best_f = 1, ba = 0, bb = 0, nofloor = -1;

                memset(&hy, 0, sizeof hy);
                hy.banks = banks_try[bi];
                hy.bank_bytes = bytes_try[wi];
                hy.phase_lanes = L;
                for (i = 0; i < n; i++) {
                    p[i] = chase_banks_fit_predict(&hy, lanes, shared_bytes, stride[i]);
                    if (p[i] > pmax)
                        pmax = p[i];
                    if (p[i] < pmin)
                        pmin = p[i];
                }
                /* None, or a floor f (fewer passes cost as much as f: an
                 * issue limit) from 1.5 times the fewest passes up to a
                 * quarter of the most, on a grid of a twentieth of the
                 * fewest.  A floor must earn its place: it is kept only
                 * where it cuts the rms by a fifth and more than noise. */
                for (f = 0; pmin >= 1 && f <= pmax / 4 + 1e-9 && f <= 16 * pmin; f = f ? f + 0.05 * pmin : 1.5 * pmin) {
                    double a, b, r;
                    for (i = 0; i < n; i++)
                        q[i] = p[i] > f ? p[i] : f;
                    r = lsq(q, cost, n, &a, &b);
                    if (f == 0)
                        nofloor = r;
                    if (r >= 0 && (best_rms < 0 || r < best_rms - 1e-12)) {
                        best_rms = r;
                        best_f = f;
                        ba = a;
                        bb = b;
                    }
                }
                if (nofloor >= 0 && best_f > 0 && nofloor <= 1.25 * best_rms + 0.003) {
                    for (i = 0; i < n; i++)
                        q[i] = p[i];
                    best_rms = lsq(q, cost, n, &ba, &bb);
                    best_f = 0;
                }
                if (best_f < 1)
                    best_f = 1;     /* 1: no floor (every pattern takes a pass) */
                if (best_rms >= 0 && fit->nhyp < CHASE_BANKS_MAX_HYP) {
                    hy.a = ba;
                    hy.b = bb;
                    hy.rms = best_rms;
                    hy.floor = best_f;
                    fit->hyp[fit->nhyp++] = hy;
                }
                if (L == 1)
                    break;
            }
    free(p);
    if (!fit->nhyp)
        return -1;
    /* By rms; the best is the simplest of those within noise of the
     * lowest (a fit that needs no floor, fewer banks, a narrower bank,
     * more lanes a phase). */
    qsort(fit->hyp, fit->nhyp, sizeof fit->hyp[0], cmp_hyp);
    best = 0;
    for (h = 1; h < fit->nhyp; h++)
        if (fit->hyp[h].rms <= fit->hyp[0].rms * 1.1 + 0.002 && simpler(&fit->hyp[h], &fit->hyp[best]))
            best = h;
    if (best) {
        struct chase_banks_hyp th = fit->hyp[best];
        memmove(&fit->hyp[1], &fit->hyp[0], best * sizeof fit->hyp[0]);
        fit->hyp[0] = th;
    }
    fit->best = fit->hyp[0];
    for (h = 1; h < fit->nhyp; h++)
        if (fit->hyp[h].banks != fit->best.banks || fit->hyp[h].bank_bytes != fit->best.bank_bytes) {
            fit->runner_up = fit->hyp[h];
            break;
        }
    fit->ok = fit->best.rms < 0.15;
    fit->clear = fit->ok && fit->best.rms <= 0.1 &&
                 (fit->runner_up.rms < 0 || fit->runner_up.rms >= fmax(3 * fit->best.rms, 0.03));
    rc = 0;
    return rc;
}

unsigned chase_banks_layout_block(const struct chase_banks_layout *L, unsigned lanes)
{
    unsigned n, i;

    if (!L->ngroups || !lanes || lanes % L->ngroups)
        return 0;
    n = lanes / L->ngroups;
    for (i = 0; i < lanes; i++)
        if (L->group[i] != i / n)
            return 0;
    return n;
}

void chase_banks_fit_refine(struct chase_banks_fit *fit, unsigned phase_lanes)
{
    unsigned h, best = fit->nhyp;
    double tol = fit->hyp[0].rms * 1.1 + 0.002;

    if (!fit->nhyp || !phase_lanes)
        return;
    /* The best that agrees, if one as good exists with the same bank row
     * (the groups were probed with that row). */
    for (h = 0; h < fit->nhyp; h++) {
        const struct chase_banks_hyp *x = &fit->hyp[h];
        if (x->phase_lanes == phase_lanes && x->rms <= tol &&
            x->banks * x->bank_bytes == fit->best.banks * fit->best.bank_bytes &&
            (best == fit->nhyp || simpler(x, &fit->hyp[best])))
            best = h;
    }
    if (best < fit->nhyp)
        fit->best = fit->hyp[best];
    fit->runner_up.rms = -1;
    for (h = 0; h < fit->nhyp; h++)
        if (fit->hyp[h].phase_lanes == phase_lanes &&
            (fit->hyp[h].banks != fit->best.banks || fit->hyp[h].bank_bytes != fit->best.bank_bytes)) {
            fit->runner_up = fit->hyp[h];
            break;
        }
    fit->clear = fit->ok && fit->best.rms <= 0.1 &&
                 (fit->runner_up.rms < 0 || fit->runner_up.rms >= fmax(3 * fit->best.rms, 0.03));
}

/* ---- lane groups ---- */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int chase_banks_find_groups(unsigned lanes, unsigned width, unsigned banks, unsigned bank_bytes, double unit,
                            chase_banks_measure_fn measure, void *arg, struct chase_banks_groups *g)
{
    uint64_t row = (uint64_t)banks * bank_bytes;
    uint32_t A = 0, B, C, off[CHASE_MAX_LANES];
    int placed[CHASE_MAX_LANES];
    double cyc[CHASE_MAX_LANES], sorted[CHASE_MAX_LANES], excess[CHASE_MAX_LANES], thr = 0.5 * unit;
    unsigned r, j, i, ngroups = 0, nexcess = 0;
    int rc;

    memset(g, 0, sizeof *g);
    if (!lanes || lanes > CHASE_MAX_LANES || !width || row < 2 * (uint64_t)width || !(unit > 0))
        return -1;
    /* B half a row from A: other banks; C a row past B: B's banks. */
    B = (uint32_t)(row / 2 / width * width);
    C = (uint32_t)(B + row);
    for (i = 0; i < lanes; i++)
        placed[i] = -1;
    for (r = 0; r < lanes; r++) {
        double base, gap = 0, lo;
        unsigned n = 0, at = 0, same = 0;

        if (placed[r] >= 0)
            continue;
        for (i = 0; i < lanes; i++)
            off[i] = A;
        off[r] = B;
        if ((rc = measure(arg, off, &base)))
            return rc;
        if (g->nprobe < sizeof g->probe / sizeof g->probe[0]) {
            g->probe[g->nprobe].lane = r;
            g->probe[g->nprobe].ref = r;
            g->probe[g->nprobe++].cycles = base;
        }
        for (j = r + 1; j < lanes; j++) {
            if (placed[j] >= 0)
                continue;
            off[j] = C;
            rc = measure(arg, off, &cyc[j]);
            off[j] = A;
            if (rc)
                return rc;
            if (g->nprobe < sizeof g->probe / sizeof g->probe[0]) {
                g->probe[g->nprobe].lane = j;
                g->probe[g->nprobe].ref = r;
                g->probe[g->nprobe++].cycles = cyc[j];
            }
            sorted[n++] = cyc[j];
        }
        placed[r] = (int)ngroups;
        if (n) {
            /* The swept lanes fall in two clusters, the costlier one the
             * reference's group; with no clear gap they are all of it
             * (every probe adds a pass) or none is. */
            qsort(sorted, n, sizeof *sorted, cmp_double);
            /* The split that best separates two clusters (Otsu's: the
             * most variance between them), kept when their means lie most
             * of a pass apart (noise in one cluster splits by far less). */
            {
                double total = 0, below = 0, best = -1;
                for (i = 0; i < n; i++)
                    total += sorted[i];
                for (i = 1; i < n; i++) {
                    double m1, m2, between;
                    below += sorted[i - 1];
                    m1 = below / i;
                    m2 = (total - below) / (n - i);
                    between = (double)i * (n - i) * (m2 - m1) * (m2 - m1);
                    if (between > best) {
                        best = between;
                        gap = m2 - m1;
                        at = i;
                    }
                }
            }
            if (gap >= 1.4 * thr) {
                /* A probe near the split may be noise: measured twice more,
                 * its median decides. */
                lo = (sorted[at - 1] + sorted[at]) / 2;
                for (j = r + 1; j < lanes; j++) {
                    double v[3];
                    if (placed[j] >= 0 || fabs(cyc[j] - lo) > 0.25 * gap)
                        continue;
                    v[0] = cyc[j];
                    off[j] = C;
                    rc = measure(arg, off, &v[1]);
                    if (!rc)
                        rc = measure(arg, off, &v[2]);
                    off[j] = A;
                    if (rc)
                        return rc;
                    qsort(v, 3, sizeof *v, cmp_double);
                    cyc[j] = v[1];
                    if (g->nprobe < sizeof g->probe / sizeof g->probe[0]) {
                        g->probe[g->nprobe].lane = j;
                        g->probe[g->nprobe].ref = r;
                        g->probe[g->nprobe++].cycles = v[1];
                    }
                }
            }
            else if (sorted[n / 2] - base >= thr)
                lo = sorted[0];
            else
                lo = INFINITY;
            for (j = r + 1; j < lanes; j++)
                if (placed[j] < 0 && cyc[j] >= lo) {
                    placed[j] = (int)ngroups;
                    same++;
                }
            /* What the lanes of other groups cost beyond the reference
             * alone: nothing when groups are served apart, a pass or more
             * when groups that could share a pass no longer can. */
            if (same < n) {
                double other[CHASE_MAX_LANES];
                unsigned no = 0;
                for (j = r + 1; j < lanes; j++)
                    if (placed[j] < 0)
                        other[no++] = cyc[j];
                qsort(other, no, sizeof *other, cmp_double);
                excess[nexcess++] = (other[no / 2] - base) / unit;
            }
        }
        ngroups++;
    }
    g->layout.ngroups = ngroups;
    for (i = 0; i < lanes; i++)
        g->layout.group[i] = (unsigned char)placed[i];
    if (nexcess) {
        qsort(excess, nexcess, sizeof *excess, cmp_double);
        g->base_excess = excess[nexcess / 2];
        g->layout.merge = g->base_excess >= 0.4;
    }
    return 0;
}

void chase_banks_groups_text(const struct chase_banks_layout *L, unsigned lanes, char *buf, size_t len)
{
    size_t n = 0;
    unsigned gi, i;

    if (len)
        buf[0] = 0;
    for (gi = 0; gi < L->ngroups && n + 1 < len; gi++) {
        int run = -1, comma = 0;
        n += (size_t)snprintf(buf + n, len - n, "%s", gi ? " " : "");
        for (i = 0; i <= lanes && n + 1 < len; i++) {
            int in = i < lanes && L->group[i] == gi;
            if (in && run < 0)
                run = (int)i;
            if (!in && run >= 0) {
                if ((unsigned)run == i - 1)
                    n += (size_t)snprintf(buf + n, len - n, "%s%d", comma ? "," : "", run);
                else
                    n += (size_t)snprintf(buf + n, len - n, "%s%d-%u", comma ? "," : "", run, i - 1);
                comma = 1;
                run = -1;
            }
        }
        if (n >= len)
            n = len - 1;
    }
}

int chase_banks_read_lanes(FILE *f, const char *name, unsigned lanes, unsigned width, uint64_t shared_bytes,
                           uint32_t *off, char *why, size_t len)
{
    char line[256];
    unsigned n = 0, lineno = 0;

    while (fgets(line, sizeof line, f)) {
        char *s = line, *end, *hash;
        unsigned long long v;

        lineno++;
        if (!strchr(line, '\n') && !feof(f)) {
            snprintf(why, len, "%s:%u: line too long", name, lineno);
            return -1;
        }
        if ((hash = strchr(s, '#')))
            *hash = 0;
        s[strcspn(s, "\r\n")] = 0;
        while (isspace((unsigned char)*s))
            s++;
        if (!*s)
            continue;
        if (*s == '-' || *s == '+') {
            snprintf(why, len, "%s:%u: '%.40s' is not a whole number of elements from 0 up", name, lineno, s);
            return -1;
        }
        /* Decimal, or hexadecimal after 0x, as chase(1) says: strtoull's
         * base 0 would read 010 as octal 8 and refuse 08. */
        errno = 0;
        v = strtoull(s, &end, s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? 16 : 10);
        while (isspace((unsigned char)*end))
            end++;
        if (end == s || *end || errno) {
            snprintf(why, len, "%s:%u: '%.40s' is not a whole number of elements from 0 up", name, lineno, s);
            return -1;
        }
        if (n == lanes) {
            snprintf(why, len, "%s:%u: more lines than the warp's %u lanes", name, lineno, lanes);
            return -1;
        }
        /* (v + 1) x width must fit: no product of user numbers unchecked. */
        if (v >= shared_bytes / width || v > (UINT32_MAX - width) / width) {
            snprintf(why, len, "%s:%u: element %llu of %u bytes lies beyond the %llu bytes of shared memory", name,
                     lineno, v, width, (unsigned long long)shared_bytes);
            return -1;
        }
        off[n++] = (uint32_t)(v * width);
    }
    if (ferror(f)) {
        snprintf(why, len, "%s: read error", name);
        return -1;
    }
    if (n != lanes) {
        snprintf(why, len, "%s: %u lane%s given; the warp has %u lanes (one line each)", name, n, n == 1 ? "" : "s",
                 lanes);
        return -1;
    }
    return 0;
}
