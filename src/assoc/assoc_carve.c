/* assoc_carve.c: chase assoc --also-carveout: the first level again with
 * the device opened at a second carveout.  A GPU's L1 and its shared
 * memory are one array the driver splits by the carveout, so the L1's
 * size moves with it; whether its ways move too (or its sets) is what the
 * second reading says.  Its capacity comes from a sweep of it there (the
 * first level's sweep says nothing of this carveout); then the same
 * strides, eviction set and policy sequences as any level, under the name
 * "L1 cPCT" in the tables. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi/checked.h"
#include "assoc/assoc_run.h"
#include "core/exitcode.h"
#include "core/plan.h"
#include "core/size.h"
#include "run/source.h"

#define CARVE_STEPS 8           /* the sweep's points an octave, as the default sweep's */
#define CARVE_REACH 4           /* the sweep's end: this many times the most the L1 could become */

/* The carveout of the first reading: --carveout, else the one the backend
 * said it set (the cuda backend's default), else -1 (the driver's). */
static int main_carveout(const struct chase_run *r)
{
    int i;

    if (r->o->carveout >= 0)
        return r->o->carveout;
    for (i = 0; i < r->s.info.nsettings; i++)
        if (!strcmp(r->s.info.settings[i].key, "carveout") && r->s.info.settings[i].is_num)
            return (int)r->s.info.settings[i].num;
    return -1;
}

int assoc_carveout_supported(struct chase_run *r)
{
    struct chase_session *s = &r->s;
    struct chase_params p = s->params;
    struct chase_devinfo info;
    char err[CHASE_ERRLEN] = "";
    void *dev = NULL;
    int rc, first = main_carveout(r);

    if (r->o->also_carveout < 0)
        return 0;
    if (first == r->o->also_carveout) {
        fprintf(stderr, "chase: assoc: --also-carveout %d is the carveout the first reading runs at (--carveout "
                "PCT for another)\n", first);
        return CHASE_EXIT_USAGE;
    }
    /* Tried now, before anything is measured: a device that refuses it
     * (the cpu backend, a simulated hierarchy of no carveout) costs no
     * point. */
    p.carveout = r->o->also_carveout;
    memset(&info, 0, sizeof info);
    rc = s->ops->open(&p, &dev, &info, err, sizeof err);
    if (rc != CHASE_OK) {
        fprintf(stderr, "chase: assoc: --also-carveout %d: the %s backend cannot open the device so: %s\n",
                r->o->also_carveout, s->slot->name, err);
        return CHASE_EXIT_UNSUPPORTED;
    }
    s->ops->close(dev);
    return 0;
}

/* The sweep's rows, kept in the points table as chains of the line's
 * stride (a sweep's random chain of B bytes is B / line lines a line
 * apart in a random cycle: a chain of that stride). */
static int keep_rows(struct chase_run *r, const struct chase_curve *c, const char *level, uint64_t line)
{
    size_t i;

    if (r->s.human)
        return 0;
    for (i = 0; i < c->n; i++) {
        const struct chase_row *w = &c->rows[i];
        struct chase_assoc_point p = {level, line, w->bytes / line, w->bytes, w->cycles, w->ns, w->samples};
        if (chase_writer_put(&r->s.w, &p))
            return chase_session_write_failed(&r->s);
    }
    return 0;
}

int assoc_carveout(struct chase_run *r, struct chase_measure *m, uint64_t alloc)
{
    struct assoc_state *st = r->state;
    const struct chase_opts *o = r->o;
    struct chase_params p = r->s.params;
    struct chase_level lv[CHASE_MAX_LEVELS];
    struct chase_curve c;
    struct chase_assoc_level *L;
    uint64_t *plan = NULL, top, most, base;
    size_t nplan = 0, nlv = 0, next = 1;
    char err[CHASE_ERRLEN], sweep_name[40], a[32], b[32], d[32], e[32];
    int failed = 0, code, rc, pct = o->also_carveout;

    if (pct < 0 || !r->nlv)
        return 0;
    st->carve_main = main_carveout(r);
    if (st->n >= CHASE_MAX_LEVELS) {
        snprintf(st->carve_how, sizeof st->carve_how, "not measured: no room for another level");
        return 0;
    }
    p.carveout = pct;
    if ((rc = chase_session_reopen_device(&r->s, &p, err, sizeof err)) != CHASE_OK) {
        chase_progress_done(&r->s);
        fprintf(stderr, "chase: assoc: --also-carveout %d: %s\n", pct, err);
        snprintf(st->carve_how, sizeof st->carve_how, "not measured: the device did not open at carveout %d: %.400s",
                 pct, err);
        r->failed = 1;
        return chase_exit_for(rc);
    }
    m->dev = r->s.dev;
    /* As far as the L1 could grow: all the shared memory a block may have
     * given back to it, beside what it held at the first carveout. */
    base = r->lv[0].hi ? r->lv[0].hi : r->lv[0].lo;
    most = base > r->s.info.shared_bytes ? base : r->s.info.shared_bytes;
    if (chase_mul_u64(most, CARVE_REACH, &top) || top > alloc)
        top = alloc;
    if (chase_plan_make(st->line > 1024 ? st->line : 1024, top, CARVE_STEPS, st->line, &plan, &nplan, err,
                        sizeof err)) {
        snprintf(st->carve_how, sizeof st->carve_how, "not measured: %.500s", err);
        return 0;
    }
    memset(&c, 0, sizeof c);
    code = chase_curve_measure(&r->s, m, plan, nplan, st->line, 0, 1, &c, lv, &nlv, &failed);
    free(plan);
    if (code || chase_stop) {
        chase_curve_free(&c);
        r->failed = 1;
        return code ? code : chase_signal_exit();
    }
    L = &st->ll[st->n];
    snprintf(sweep_name, sizeof sweep_name, "%.20s c%d sweep", r->lv[0].name, pct % 1000);
    if ((code = keep_rows(r, &c, sweep_name, st->line))) {
        chase_curve_free(&c);
        r->failed = 1;
        return code;
    }
    /* The level past it: the first the sweep is sure of.  A random L1's
     * exit ramp (an H100's at carveout 100, 20 KiB to 39 KiB) can pause
     * long enough for the finder to name a level inside it that a repeat
     * would not find ("in no half"), whose latency as a miss's would make
     * half the ramp hits; none sure, the last (the sweep ends inside the
     * next cache of a GPU). */
    for (next = 1; next < nlv && (strstr(lv[next].note, "in no half") || strstr(lv[next].note, "not resolved"));
         next++)
        ;
    if (next >= nlv)
        next = nlv - 1;
    if (nlv < 2 || assoc_plan_level(&lv[0], &lv[next], st->line, alloc, L)) {
        snprintf(st->carve_how, sizeof st->carve_how, "not measured: the sweep at carveout %d (%zu points, %s .. "
                 "%s) found %s", pct, c.n, chase_size_format(c.n ? c.rows[0].bytes : 0, a, sizeof a),
                 chase_size_format(c.n ? c.rows[c.n - 1].bytes : 0, b, sizeof b),
                 nlv ? "one level and nothing past it" : "no level");
        chase_curve_free(&c);
        return 0;
    }
    snprintf(L->name, sizeof L->name, "%.20s c%d", r->lv[0].name, pct % 1000);
    snprintf(st->carve_how, sizeof st->carve_how, "the device opened again at carveout %d; a sweep there (%zu "
             "points, %s .. %s, random chains at the line's stride: level \"%s\" in the points table) found %s at "
             "%s .. %s, %.1f cycles (the level past it %.1f): level \"%s\" is that level's strides, eviction set "
             "and policy", pct, c.n, chase_size_format(c.rows[0].bytes, a, sizeof a),
             chase_size_format(c.rows[c.n - 1].bytes, b, sizeof b), sweep_name, lv[0].name,
             chase_size_format(lv[0].lo, d, sizeof d), lv[0].hi ? chase_size_format(lv[0].hi, e, sizeof e) : "?",
             lv[0].cycles, lv[next].cycles, L->name);
    chase_curve_free(&c);
    st->carve_k = st->n++;
    st->total += L->nst * L->st[0].cap;
    if ((code = assoc_measure_level(r, m, L))) {
        r->failed = 1;
        return code;
    }
    chase_assoc_analyze(L);
    /* The first level: nothing in front of it. */
    snprintf(err, sizeof err, "this backend has no list chains");
    if (r->s.ops->list && r->s.ops->list(r->s.dev, NULL, NULL, err, sizeof err) == CHASE_OK) {
        if ((code = assoc_evict_level(r, L, NULL, 0, st->carve_k, alloc, assoc_driver_bytes(r, lv[0].name)))) {
            r->failed = 1;
            return code;
        }
    } else
        snprintf(L->policy_how, sizeof L->policy_how, "not tested: %s", err);
    chase_assoc_size_check(L, 0);
    st->measured = st->n;
    return 0;
}
