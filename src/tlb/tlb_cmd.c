/* tlb_cmd.c: chase tlb: a PAGE chain at the page size the allocation is
 * believed to get, from a few pages to most of the device's memory, and
 * pair probes between its TLB steps; TLB levels (reach, page size, cost of a
 * miss) kept apart from the data-cache steps the same curve shows (tlb.c). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/exitcode.h"
#include "levels/levels.h"
#include "core/measure.h"
#include "core/plan.h"
#include "plot/plot.h"
#include "run/run.h"
#include "core/size.h"
#include "tlb/tlb.h"

#define MAX_BLOCKS (1ull << 18) /* the curve stops where its chain would hold more blocks */
#define WIDE_MAX 10             /* chains at up to 2^10 x the stride bound a page from above */
#define REVISIT_SPANS 16        /* room for one level's REVISIT spans */

/* A numeric driver figure by key, or 0. */
static double fact(const struct chase_devinfo *info, const char *key)
{
    int i;
    for (i = 0; i < info->nfacts; i++)
        if (!strcmp(info->facts[i].key, key) && info->facts[i].is_num)
            return info->facts[i].num;
    return 0;
}

/* Where the OS says which pages it maps (a CPU's base page and its huge
 * page), a page the probes tell that is neither is no page: the pair's
 * second load costs more from there on for another reason (on this CI
 * machine's CPU the last level's pairs rose from +128 KiB, which is the
 * L2's way: the two lines share its set).  It is said, not taken. */
static void os_pages(const struct chase_devinfo *info, struct chase_tlb_level *lv, size_t nlv)
{
    double base = fact(info, "base_page_bytes"), huge = fact(info, "huge_page_bytes");
    char a[32], b[32], c[32];
    size_t k, len;

    if (!(base > 0) || !(huge > 0))
        return;
    for (k = 0; k < nlv; k++) {
        struct chase_tlb_level *L = &lv[k];
        if (L->kind != CHASE_STEP_TLB || !L->page || L->page_at_least || (double)L->page == base ||
            (double)L->page == huge)
            continue;
        len = strlen(L->how);
        snprintf(L->how + len, sizeof L->how - len, "; but the OS maps %s and %s pages only: %s is no page (the "
                 "pairs' rise there is something else's), not taken", chase_size_format((uint64_t)base, a, sizeof a),
                 chase_size_format((uint64_t)huge, b, sizeof b), chase_size_format(L->page, c, sizeof c));
        L->page = 0;
        /* Entries counted in blocks of the stride, as where no page is told. */
        if (L->stride) {
            L->entries_lo = (double)L->lo / (double)L->stride;
            L->entries_hi = (double)L->hi / (double)L->stride;
        }
    }
}

/* The PAGE curve: the file's points, as a sweep's. */
static const struct chase_table points_table = {"points", chase_row_cols, CHASE_COLS(chase_row_cols), NULL};
/* The probes' seconds: +2 x unit (always the first's page) and +page/16
 * up to half the probes' block (their base is in its first half). */
static size_t probe_subs(uint64_t page, uint64_t unit, uint64_t pstride, uint64_t *subs)
{
    size_t n = 0;
    uint64_t k;

    subs[n++] = 2 * unit;
    for (k = page / 16; k <= pstride / 2 && n < CHASE_TLB_MAX_SUBS; k *= 2)
        if (k > 2 * unit)
            subs[n++] = k;
    return n;
}

/* A point's median's standard error: 1.2533 sigma / sqrt(n), sigma from
 * the 5-95% spread (3.29 sigma for a normal sample). */
static double median_se(const struct chase_row *row)
{
    return row->samples ? 1.2533 * (row->p95 - row->p5) / 3.29 / sqrt((double)row->samples) : 0;
}

/* Measures one point into row; prints why on failure.  Returns 0, or an
 * exit status (chase_stop set: the caller stops). */
static int point(struct chase_session *s, const struct chase_measure *m, uint64_t bytes, uint64_t stride,
                 struct chase_row *row)
{
    char err[CHASE_ERRLEN], a[32], b[32];
    int rc = chase_measure_point(m, bytes, stride, row, err, sizeof err);
    if (rc == CHASE_EINTR || chase_stop)
        return chase_signal_exit();
    if (rc != CHASE_OK) {
        chase_progress_done(s);
        fprintf(stderr, "chase: %s at %s, stride %s: %s\n", s->slot->name, chase_size_format(bytes, a, sizeof a),
                chase_size_format(stride, b, sizeof b), err);
        return chase_exit_for(rc);
    }
    return 0;
}

/* The REVISIT curve: every TLB level's spans (tlb.c's plan) in one curve,
 * in order, each measured once.  Returns 0 or an exit status. */
static int revisit_points(struct chase_session *s, struct chase_measure *m, const struct chase_tlb_level *lv,
                          size_t nlv, uint64_t page, uint64_t unit, uint64_t cmax, struct chase_curve *rv,
                          size_t *done, size_t *total)
{
    uint64_t all[CHASE_MAX_LEVELS * REVISIT_SPANS];
    size_t na = 0, i, j, k;
    char detail[96], a[32];
    int code;

    for (k = 0; k < nlv; k++)
        na += chase_tlb_revisit_plan(lv, nlv, k, page, cmax, all + na, REVISIT_SPANS);
    qsort(all, na, sizeof *all, chase_size_cmp);
    for (i = j = 0; i < na; i++)
        if (!j || all[i] != all[j - 1])
            all[j++] = all[i];
    *total += j;
    m->pattern = CHASE_PATTERN_REVISIT;
    m->sub = unit;
    for (i = 0; i < j; i++) {
        struct chase_row row;
        if ((code = point(s, m, all[i], page, &row)))
            return code;
        if (chase_curve_push(rv, &row))
            return CHASE_EXIT_FAIL;
        snprintf(detail, sizeof detail, "revisit %10s %8.1f cyc", chase_size_format(row.bytes, a, sizeof a),
                 row.cycles);
        chase_progress(s, "tlb", ++*done, *total, detail);
    }
    return 0;
}

/* Level lv[k]'s page from above, where the probes bound it from below
 * only: PAGE chains at 2, 4, ... x the stride, at the level's start and
 * past its reach, each beside the curve's chain at the same span, until
 * one does not rise as the curve's (tlb.c).  Returns 0 or an exit status. */
static int wide_points(struct chase_session *s, struct chase_measure *m, struct chase_tlb_level *lv, size_t nlv,
                       size_t k, uint64_t page, uint64_t unit, uint64_t cmax, size_t *done, size_t *total)
{
    struct chase_tlb_wide w[WIDE_MAX];
    struct chase_row rb, r0, r1, r2;
    size_t n = 0;
    char detail[96], a[32];
    int code;

    if (!chase_tlb_wide_span(lv, nlv, k, page, 2 * page, cmax))
        return 0;
    m->pattern = CHASE_PATTERN_PAGE;
    m->sub = unit;
    if ((code = point(s, m, lv[k].lo, page, &rb)))
        return code;
    ++*total;
    chase_progress(s, "tlb", ++*done, *total, "wider strides");
    while (n < WIDE_MAX && (n == 0 || chase_tlb_wide_same(&lv[k], &w[n - 1]))) {
        uint64_t wide = page << (n + 1), at = chase_tlb_wide_span(lv, nlv, k, page, wide, cmax);
        if (!at)
            break;
        if ((code = point(s, m, lv[k].lo / wide * wide, wide, &r0)) || (code = point(s, m, at, wide, &r1)) ||
            (code = point(s, m, at, page, &r2)))
            return code;
        w[n].wide = wide;
        w[n].span = at;
        w[n].base = r0.cycles;
        w[n].at = r1.cycles;
        w[n].ref_base = rb.cycles;
        w[n].ref = r2.cycles;
        n++;
        *total += 3;
        *done += 3;
        snprintf(detail, sizeof detail, "stride %s: +%.1f cyc", chase_size_format(wide, a, sizeof a),
                 r1.cycles - r0.cycles);
        chase_progress(s, "tlb", *done, *total, detail);
    }
    if (n)
        chase_tlb_page_above(&lv[k], w, n);
    return 0;
}

/* The pass at the entries' stride (tlb_entry.c): where the first TLB
 * level's entry maps several of the curve's blocks, a PAGE chain and its
 * twin at the entry's size from two entries up to that level's start.
 * Each sharp step they show is a TLB level of its own, its page told by
 * pairs of chains at half that stride, halving while they rise, or at
 * twice it (tlb_entry.c).  Returns 0 or an exit status. */
static int entry_points(struct chase_session *s, struct chase_measure *m, unsigned steps, struct chase_tlb_level *lv,
                        size_t *nlv, uint64_t page, uint64_t unit, struct chase_curve *ec, struct chase_curve *et,
                        struct chase_tlb_entry_level *t, size_t *nt, uint64_t *e_out, size_t *done, size_t *total)
{
    struct chase_tlb_level found[CHASE_MAX_LEVELS];
    struct chase_row row;
    uint64_t e, until, *plan = NULL;
    size_t np = 0, nf, i, k;
    char err[CHASE_ERRLEN], names[CHASE_MAX_LEVELS][16], detail[96], a[32];
    int code = 0, pass;

    *nt = 0;
    if (*nlv >= CHASE_MAX_LEVELS || !chase_tlb_entry_plan(lv, *nlv, page, &e, &until) || e < 4 * unit ||
        chase_plan_make(2 * e, until, steps, e, &plan, &np, err, sizeof err))
        return 0;
    *total += 2 * np;
    for (pass = 0; pass < 2 && !code; pass++) {
        struct chase_curve *cv = pass ? et : ec;
        m->pattern = pass ? CHASE_PATTERN_SPREAD : CHASE_PATTERN_PAGE;
        m->sub = pass ? 2 * unit : unit;
        for (i = 0; i < np && !code; i++) {
            if ((code = point(s, m, plan[i], e, &row)))
                break;
            if (chase_curve_push(cv, &row))
                code = CHASE_EXIT_FAIL;
            snprintf(detail, sizeof detail, "%s %s %10s %8.1f cyc", pass ? "entry twin" : "entry",
                     chase_size_format(e, a, sizeof a), chase_size_format(row.bytes, err, sizeof err), row.cycles);
            chase_progress(s, "tlb", ++*done, *total, detail);
        }
    }
    free(plan);
    if (ec->n)
        *e_out = e;     /* the pass measured something: its tables are written */
    if (code)
        return code;
    nf = chase_tlb_sharp_steps(ec, et, e, found, CHASE_MAX_LEVELS - *nlv);
    m->pattern = CHASE_PATTERN_PAGE;
    m->sub = unit;
    for (k = 0; k < nf; k++) {
        struct chase_tlb_entry_level *x = &t[(*nt)++];
        struct chase_tlb_entry_test next;
        while (!code && chase_tlb_entry_next(&found[k], x->t, x->n, page > 4 * unit ? page : 4 * unit, &next)) {
            *total += CHASE_TLB_PAIR_POINTS;
            for (i = 0; i < CHASE_TLB_PAIR_POINTS && !code; i++) {
                if ((code = point(s, m, next.span[i], next.stride, &row)))
                    break;
                next.cycles[i] = row.cycles;
                next.se[i] = median_se(&row);
                snprintf(detail, sizeof detail, "entry page: stride %s", chase_size_format(next.stride, a, sizeof a));
                chase_progress(s, "tlb", ++*done, *total, detail);
            }
            x->t[x->n++] = next;    /* kept whole or in part: a failed chain's cycles are NAN */
        }
        chase_tlb_entry_page(&found[k], x->t, x->n, !code);
    }
    /* A chain that failed leaves each level's page as far as told. */
    chase_tlb_entry_join(lv, nlv, CHASE_MAX_LEVELS, found, nf, names);
    for (k = 0; k < *nt; k++)
        memcpy(t[k].level, names[k], sizeof t[k].level);
    return code;
}

/* What a run of tlb keeps between its hooks. */
struct tlb_state {
    struct chase_curve curve, twin, revisit, entry, entry_twin;
    struct chase_tlb_entry_level etest[CHASE_MAX_LEVELS];
    size_t netest;
    struct chase_level clv[CHASE_MAX_LEVELS], tlv[CHASE_MAX_LEVELS];
    size_t ncl, ntl;
    struct chase_tlb_probe pr[CHASE_MAX_LEVELS + 1];
    size_t npr;
    struct chase_tlb_level lv[CHASE_MAX_LEVELS];
    size_t nlv;
    uint64_t page, unit, max, cmax, pstride, capped, estride;
    char cache_op[16], cache_op_why[160], max_why[160];    /* the backend's, for a TLB measurement */
    uint64_t subs[CHASE_TLB_MAX_SUBS];
    size_t nsub;
    uint64_t *plan;
    size_t nplan, done, total;
    int narrowed;               /* the probes' blocks were narrowed (no room past the last reach) */
};

static int check(const struct chase_opts *o)
{
    char a[32], b[32];

    if (o->min && o->max && o->min > o->max) {
        fprintf(stderr, "chase: --min %s is above --max %s\n", chase_size_format(o->min, a, sizeof a),
                chase_size_format(o->max, b, sizeof b));
        return CHASE_EXIT_USAGE;
    }
    if (o->stride && o->max && o->stride > o->max / 16) {
        fprintf(stderr, "chase: tlb: --max %s holds fewer than 16 blocks of the stride %s\n",
                chase_size_format(o->max, a, sizeof a), chase_size_format(o->stride, b, sizeof b));
        return CHASE_EXIT_USAGE;
    }
    return 0;
}

static int params(struct chase_run *r, struct chase_params *p)
{
    const struct chase_opts *o = r->o;

    p->pattern = CHASE_PATTERN_PAGE;
    p->stride = o->stride;
    p->max_bytes = o->max ? o->max : CHASE_MAX_MOST;
    p->carveout = o->carveout;
    p->sm = o->sm;
    return 0;
}

static int prepare(struct chase_run *r)
{
    struct tlb_state *st = r->state;
    const struct chase_opts *o = r->o;
    struct chase_params p = r->p;
    uint64_t cap;
    int code;

    /* The backend says which cache operator its TLB chains want (a GPU's
     * cg: loads that skip the L1 leave the TLBs alone to step) and how far
     * a TLB curve need go (the CPU's: past its largest data TLB, not most
     * of the memory).  The strings are copied: a reopen refills info. */
    if (r->s.info.tlb.cache_op[0] && !o->cache_op) {
        snprintf(st->cache_op, sizeof st->cache_op, "%s", r->s.info.tlb.cache_op);
        snprintf(st->cache_op_why, sizeof st->cache_op_why, "%s", r->s.info.tlb.cache_op_why);
        p.cache_op = st->cache_op;
        if ((code = chase_run_reopen(r, &p)))
            return code;
    }
    if (!o->max && (cap = r->s.info.tlb.max) && cap < r->s.info.default_max) {
        snprintf(st->max_why, sizeof st->max_why, "%s", r->s.info.tlb.max_why);
        p.max_bytes = cap;
        if ((code = chase_run_reopen(r, &p)))
            return code;
        st->capped = cap;
    }
    return 0;
}

/* The plan (refused here when the options and the device's page leave no
 * curve to measure), then the metadata. */
static int describe(struct chase_run *r)
{
    struct tlb_state *st = r->state;
    const struct chase_opts *o = r->o;
    struct chase_meta *meta = &r->s.meta;
    char err[CHASE_ERRLEN] = "", a[32], b[32];
    uint64_t min;

    if (st->capped)
        chase_meta_add(meta, "max", "%s: %s", chase_size_format(st->capped, a, sizeof a),
                       st->max_why[0] ? st->max_why : "the backend's span for a TLB measurement");
    snprintf(st->curve.name, sizeof st->curve.name, "%s", r->s.slot->name);
    st->page = o->stride ? o->stride : (uint64_t)fact(&r->s.info, "alloc_page_bytes");
    if (!st->page)
        st->page = 4096;
    st->unit = r->s.info.default_stride ? r->s.info.default_stride : 64;
    st->max = o->max ? o->max : st->capped ? st->capped : r->s.info.default_max;
    min = o->min ? o->min : 2 * st->page;
    if (st->page < 4 * st->unit) {
        fprintf(stderr, "chase: tlb: a block of %s holds fewer than four %s lines (the twin curve loads two a "
                "block); use a larger --stride\n", chase_size_format(st->page, a, sizeof a),
                chase_size_format(st->unit, b, sizeof b));
        return CHASE_EXIT_USAGE;
    }
    if (st->max / 16 < st->page) {
        fprintf(stderr, "chase: tlb: --max %s holds fewer than 16 blocks of %s\n",
                chase_size_format(st->max, a, sizeof a), chase_size_format(st->page, b, sizeof b));
        return CHASE_EXIT_USAGE;
    }
    st->cmax = st->max / st->page > MAX_BLOCKS ? MAX_BLOCKS * st->page : st->max;
    if (chase_plan_make(min, st->cmax, o->steps, st->page, &st->plan, &st->nplan, err, sizeof err)) {
        fprintf(stderr, "chase: tlb: %s\n", err);
        return CHASE_EXIT_USAGE;
    }
    st->pstride = 4 * st->page;
    st->nsub = probe_subs(st->page, st->unit, st->pstride, st->subs);
    st->total = 2 * st->nplan + 6 * st->nsub;

    chase_meta_add(meta, "pattern", "page: one %llu B load a block of the stride (PAGE chain), at an offset "
                   "that varies from block to block", (unsigned long long)st->unit);
    chase_meta_num(meta, "stride", (double)st->page);
    chase_meta_add(meta, "stride_why", "%s", o->stride ? "--stride" : "the page size the allocation is "
                   "believed to get (driver.alloc_page_bytes)");
    chase_meta_num(meta, "unit", (double)st->unit);
    chase_meta_add(meta, "twin", "the same blocks, two lines each in one page (SPREAD, the second load at "
                   "+%llu B): a TLB's step stays at its count of blocks, a data cache's comes at half of it",
                   (unsigned long long)(2 * st->unit));
    chase_meta_add(meta, "probes", "between TLB steps, pair chains (SPREAD): blocks of 4 x the stride, two "
                   "loads a block, the second at +sub (+2 lines, +stride/16 .. +2 x stride); the rise from one "
                   "stretch to the next, against sub, shows where a second load needs a translation of its own: "
                   "the page");
    chase_meta_add(meta, "revisit", "past each TLB level's reach, the same lines a block (REVISIT): each 8 B word "
                   "of a line a position of its own, all shuffled together, so a page comes back %llu times a lap at "
                   "random moments; table revisit", (unsigned long long)(st->unit / 8));
    chase_meta_add(meta, "entry", "where the first TLB level's entry maps more than the stride: the PAGE chain and "
                   "its twin at the entry's size from two entries up to that level's start (tables entry, entry_twin), "
                   "each sharp step a level of its own, its page from pairs of chains over the step's blocks at half that "
                   "stride, halving while they rise, or at twice it (table entry_page)");
    chase_meta_add(meta, "wider", "where the probes bound a page from below only: the PAGE chain at 2, 4, ... x "
                   "the stride at the level's start and past its reach, beside the stride's at the same span");
    if (st->cache_op[0])
        chase_meta_add(meta, "cache_op_why", "%s by default: %s", st->cache_op,
                       st->cache_op_why[0] ? st->cache_op_why : "the backend's choice for a TLB measurement");
    chase_meta_num(meta, "steps", o->steps);
    chase_meta_num(meta, "repeats", o->repeat);
    return 0;
}

/* The PAGE curve (streamed, the file's points) or its twin (SPREAD, two
 * lines a block).  0 or an exit status (r->failed set). */
static int curve_points(struct chase_run *r, struct chase_measure *m, struct chase_curve *c, int stream)
{
    struct tlb_state *st = r->state;
    struct chase_session *s = &r->s;
    char a[32], detail[96];
    size_t k;
    int code;

    for (k = 0; k < st->nplan; k++) {
        struct chase_row row;
        if ((code = point(s, m, st->plan[k], st->page, &row)))
            goto fail;
        if (chase_curve_push(c, &row)) {
            code = CHASE_EXIT_FAIL;
            goto fail;
        }
        if (stream && !s->human) {
            if (chase_writer_put(&s->w, &row)) {
                code = chase_session_write_failed(s);
                goto fail;
            }
        }
        snprintf(detail, sizeof detail, "%s%10s %8.1f cyc", stream ? "" : "twin ",
                 chase_size_format(row.bytes, a, sizeof a), row.cycles);
        chase_progress(s, "tlb", ++st->done, st->total, detail);
    }
    return 0;
fail:
    r->failed = 1;
    return code;
}

/* The pair probes, one a stretch between TLB steps.  0 or an exit status. */
static int probes(struct chase_run *r, struct chase_measure *m)
{
    struct tlb_state *st = r->state;
    uint64_t pblocks[CHASE_MAX_LEVELS + 1];
    char a[32], detail[96];
    size_t k, i;
    int code;

    st->npr = chase_tlb_probe_plan(&st->curve, st->clv, st->ncl, st->tlv, st->ntl, st->lv, st->nlv, st->page,
                                   st->max / st->pstride, pblocks);
    /* No room past the last TLB's reach for blocks of 4 pages: blocks of
     * 2, seconds up to +page (a page twice the one believed would then
     * show no rise); then blocks of one page, seconds up to +page/2 (no
     * rise at any: the page is the stride or larger).  Past a reach the
     * span ended in, only blocks of one page fit. */
    while (st->npr > 1 && !pblocks[st->npr - 1] && st->pstride > st->page) {
        st->pstride /= 2;
        st->nsub = probe_subs(st->page, st->unit, st->pstride, st->subs);
        st->npr = chase_tlb_probe_plan(&st->curve, st->clv, st->ncl, st->tlv, st->ntl, st->lv, st->nlv, st->page,
                                       st->max / st->pstride, pblocks);
        st->narrowed = 1;
    }
    for (k = 0; k < st->npr; k++) {
        struct chase_tlb_probe *p = &st->pr[k];
        p->blocks = pblocks[k];
        p->stride = st->pstride;
        for (i = 0; i < st->nsub && pblocks[k]; i++) {
            struct chase_row row;
            m->sub = st->subs[i];
            if ((code = point(&r->s, m, pblocks[k] * st->pstride, st->pstride, &row))) {
                r->failed = 1;
                return code;
            }
            p->sub[i] = st->subs[i];
            p->cycles[i] = row.cycles;
            p->ns[i] = row.ns;
            p->se[i] = median_se(&row);
            p->nsub = i + 1;
            snprintf(detail, sizeof detail, "probe %zu +%s %8.1f cyc", k,
                     chase_size_format(st->subs[i], a, sizeof a), row.cycles);
            st->done++;
            chase_progress(&r->s, "tlb", st->done, st->total > st->done ? st->total : st->done, detail);
        }
    }
    return 0;
}

/* Every chain, and the analysis of what was measured: a point that fails
 * ends the measuring, never the analysis of the points before it. */
static int measure(struct chase_run *r)
{
    struct tlb_state *st = r->state;
    struct chase_session *s = &r->s;
    struct chase_measure m;
    size_t k;
    int code = 0;

    if (!s->human && chase_writer_table(&s->w, &points_table))
        return chase_session_write_failed(s);
    memset(&m, 0, sizeof m);
    m.ops = s->ops;
    m.dev = s->dev;
    m.pattern = CHASE_PATTERN_PAGE;
    m.sub = st->unit;
    m.repeat = r->o->repeat;
    m.seed = r->o->seed;
    m.sm = -2;
    code = curve_points(r, &m, &st->curve, 1);
    /* The twin: the same blocks, two lines each in one page. */
    m.pattern = CHASE_PATTERN_SPREAD;
    m.sub = 2 * st->unit;
    if (!r->failed)
        code = curve_points(r, &m, &st->twin, 0);
    st->ncl = chase_levels_find(&st->curve, st->clv, CHASE_MAX_LEVELS);
    st->ntl = chase_levels_find(&st->twin, st->tlv, CHASE_MAX_LEVELS);
    st->nlv = chase_tlb_classify(st->clv, st->ncl, st->tlv, st->ntl, st->page, st->lv, CHASE_MAX_LEVELS);
    chase_tlb_walks(&st->curve, &st->twin, st->clv, st->ncl, st->page, st->lv, &st->nlv, CHASE_MAX_LEVELS);
    if (!r->failed)
        code = probes(r, &m);
    if (!r->failed && (code = revisit_points(s, &m, st->lv, st->nlv, st->page, st->unit, st->cmax, &st->revisit,
                                             &st->done, &st->total)))
        r->failed = 1;
    chase_progress_done(s);
    chase_tlb_pages(st->lv, st->nlv, st->pr, st->npr, st->page, &st->curve);
    /* A page bounded from below only: PAGE chains at 2, 4, ... x the
     * stride bound it from above (tlb.c). */
    for (k = 0; k < st->nlv && !r->failed; k++)
        if ((code = wide_points(s, &m, st->lv, st->nlv, k, st->page, st->unit, st->cmax, &st->done, &st->total)))
            r->failed = 1;
    /* After the wide chains: they bound pages too (a level of at least
     * 4 KiB read 8 KiB there on a CI machine, which maps 4 KiB and 2 MiB). */
    os_pages(&r->s.info, st->lv, st->nlv);
    /* The miss cost, once the page is known (a page of several blocks
     * comes back at random moments in both chains). */
    for (k = 0; k < st->nlv; k++) {
        uint64_t spans[REVISIT_SPANS];
        size_t ns = chase_tlb_revisit_plan(st->lv, st->nlv, k, st->page, st->cmax, spans, REVISIT_SPANS);
        if (ns)
            chase_tlb_revisit(&st->lv[k], &st->revisit, &st->curve, spans[0], spans[ns - 1],
                              (unsigned)(st->unit / 8), st->page);
    }
    /* A smaller level in front of the first, smeared on the curve where
     * an entry of that one maps several blocks: a pass at the entries'
     * stride (tlb_entry.c), after the REVISIT fits, which plan their
     * spans from the levels as the curve shows them. */
    if (!r->failed && (code = entry_points(s, &m, r->o->steps, st->lv, &st->nlv, st->page, st->unit, &st->entry,
                                           &st->entry_twin, st->etest, &st->netest, &st->estride, &st->done,
                                           &st->total)))
        r->failed = 1;
    return code;
}

static void results(struct chase_run *r, struct chase_meta *res)
{
    const struct tlb_state *st = r->state;
    double huge = r->s.ops->huge_bytes ? r->s.ops->huge_bytes(r->s.dev) : -1, believed, v;
    char a[32], b[32], d[32];
    const char *why;
    int measured;

    if (st->estride)
        chase_meta_num(res, "entry_stride", (double)st->estride);
    chase_tlb_results(res, st->clv, st->ncl, st->lv, st->nlv, huge);
    /* The page the OS gives, beside the probes' where they differ: where
     * the process holds huge pages the OS's page is known, and a page the
     * probes bound otherwise is the stride at which the TLBs' misses
     * change, not the page (a TLB that caches part of a huge page's walk,
     * or entries shared between page sizes). */
    believed = fact(&r->s.info, "alloc_page_bytes");
    measured = chase_tlb_page(res, &v, &why);
    if (believed > 0 && (!measured || v != believed) &&
        (chase_meta_get_num(res, "page_bytes_min", &v) || v > believed)) {
        chase_meta_num(res, "page_bytes_os", believed);
        if (believed <= fact(&r->s.info, "base_page_bytes"))
            chase_meta_add(res, "page_note", "the OS gives %s pages (base pages): %s",
                           chase_size_format((uint64_t)believed, a, sizeof a),
                           !measured ? "the probes could not tell the page"
                           : "the probes' page is where the TLBs' misses change with the stride, not the page");
        else if (huge > 0)
            chase_meta_add(res, "page_note", "the OS gives %s pages (this process holds %s of them): %s",
                           chase_size_format((uint64_t)believed, a, sizeof a),
                           chase_size_format((uint64_t)huge, b, sizeof b),
                           !measured ? "the probes could not tell the page"
                           : "the probes' page is where the TLBs' misses change with the stride, not the page");
        else
            chase_meta_add(res, "page_note", "the OS is believed to give %s pages but this process holds %s huge "
                           "pages: the page may be smaller (the probes' %s)",
                           chase_size_format((uint64_t)believed, a, sizeof a), huge < 0 ? "unknown" : "no",
                           !measured ? "could not tell"
                           : chase_size_format((uint64_t)v, d, sizeof d));
    }
    if (st->narrowed)
        chase_meta_add(res, "probes_note", "blocks of %s x the stride, seconds up to +%sthe stride: the memory "
                       "holds too few blocks of 4 past the last TLB's reach", st->pstride == st->page ? "1" : "2",
                       st->pstride == st->page ? "half " : "");
}

static int write_tables(struct chase_writer *w, struct chase_run *r)
{
    const struct tlb_state *st = r->state;
    return chase_tlb_write(w, &st->twin, &st->revisit, st->pr, st->npr, st->lv, st->nlv) ||
           chase_tlb_write_entry(w, &st->entry, &st->entry_twin, st->etest, st->netest);
}

static void report(FILE *f, struct chase_run *r)
{
    const struct tlb_state *st = r->state;
    chase_tlb_report(f, &r->s, fact(&r->s.info, "alloc_page_bytes"), st->page, st->unit, st->lv, st->nlv,
                     &r->results);
}

static int plot(struct chase_run *r, const char *out, char *err, size_t len)
{
    const struct tlb_state *st = r->state;

    if (!st->curve.n)
        return CHASE_PLOT_NOTHING;
    return chase_tlb_plot(&st->curve, &st->twin, &st->entry, st->estride, st->lv, st->nlv, &r->s.meta, r->o->title,
                          r->o->script, out, err, len);
}

static void release(struct chase_run *r)
{
    struct tlb_state *st = r->state;

    if (!st)
        return;
    free(st->plan);
    chase_curve_free(&st->curve);
    chase_curve_free(&st->twin);
    chase_curve_free(&st->revisit);
    chase_curve_free(&st->entry);
    chase_curve_free(&st->entry_twin);
}

/* Its data tables, in the order written (--table). */
static const char *const tlb_tables[] = {"points", "twin", "revisit", "probes", "entry", "entry_twin", "entry_page", NULL};

const struct chase_measurement chase_tlb_measurement = {
    .kind = "tlb",
    .summary = "TLB reach, page size and miss cost",
    .flags = CHASE_M_STREAM | CHASE_M_REPORT,
    .state_size = sizeof(struct tlb_state),
    .options = CHASE_G_DEVICE | CHASE_G_CACHE_OP | CHASE_G_ALLOC | CHASE_G_RANGE | CHASE_G_FORMAT | CHASE_G_OUTPUT |
               CHASE_G_PLOT | CHASE_G_STYLE,
    .tables = tlb_tables,
    .check = check,
    .params = params,
    .prepare = prepare,
    .describe = describe,
    .measure = measure,
    .results = results,
    .write = write_tables,
    .report = report,
    .plot = plot,
    .free = release,
    .markdown = chase_tlb_markdown,
    .headline = chase_tlb_headline,
};
