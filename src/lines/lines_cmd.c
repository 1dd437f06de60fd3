/* lines_cmd.c: chase lines: for each cache level the sweep finds, the
 * bytes a miss fetches (pair chains at a working set past the level) and
 * the bytes it allocates (one load a block at strides from 16 B to 2 KiB,
 * just past its capacity, found by a scan); lines.c reads them. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/exitcode.h"
#include "lines/lines.h"
#include "core/measure.h"
#include "run/run.h"
#include "core/size.h"
#include "run/source.h"

#define BLOCK 1024              /* the pair chains' block: room for a second load at up to +256 */
#define MAX_STRIDE 2048
#define MIN_STRIDE 16
#define SCAN 8                  /* working sets the capacity scan measures */

static const uint64_t subs[] = {8, 16, 32, 64, 128, 256};

static uint64_t round_to(double x, uint64_t unit)
{
    uint64_t v = (uint64_t)(x / (double)unit) * unit;
    return v < unit ? unit : v;
}

/* The middle of level k's plateau, in log size. */
static double middle(const struct chase_curve *c, const struct chase_level *lv, size_t nlv, size_t k)
{
    double a = (double)c->rows[lv[k].first].bytes;
    double b = (double)(k + 1 < nlv ? lv[k].lo : c->rows[lv[k].last].bytes);
    return sqrt(a * b);
}

/* Plans level k's probes (the working sets; nothing measured yet). */
static void plan_level(const struct chase_curve *c, const struct chase_level *lv, size_t nlv, size_t k,
                       uint64_t line, struct chase_lines_level *L)
{
    double lo = (double)lv[k].lo, hi = (double)(lv[k].hi ? lv[k].hi : lv[k].lo), f;
    uint64_t s;
    size_t i;

    memset(L, 0, sizeof *L);
    snprintf(L->name, sizeof L->name, "%.15s", lv[k].name);
    L->lo = lv[k].lo;
    L->hi = lv[k].hi;
    L->h = lv[k].cycles;
    L->m = lv[k + 1].cycles;
    /* Fetch: every first load misses this level (twice its capacity) and
     * hits the next (the middle of its plateau, if that is less). */
    f = fmin(2 * hi, middle(c, lv, nlv, k + 1));
    if (f < 1.25 * hi)
        f = 1.25 * hi;
    L->block = BLOCK;
    L->blocks = (uint64_t)(f / (double)line);
    if (L->blocks < 4)
        L->blocks = 4;
    for (i = 0; i < sizeof subs / sizeof subs[0] && i < CHASE_LINES_MAX_SUBS; i++)
        L->sub[L->nsub++] = subs[i];
    /* Allocation: a scan from below the capacity interval to twice past
     * it finds where the level ends; strides up to an eighth of that. */
    for (s = MIN_STRIDE; s <= MAX_STRIDE && s * 8 <= lo && L->nstride < CHASE_LINES_MAX_STRIDES; s *= 2)
        L->stride[L->nstride++] = s;
    L->scan_stride = line;
    for (i = 0; i < SCAN && L->nstride; i++) {
        double x = lo / 1.25 * pow(2.2 * hi / (lo / 1.25), (double)i / (SCAN - 1));
        uint64_t b = round_to(x, L->stride[L->nstride - 1]);
        if (!L->nscan || b > L->scan_bytes[L->nscan - 1])
            L->scan_bytes[L->nscan++] = b;
    }
}

static uint64_t plan_bytes(const struct chase_lines_level *L)
{
    uint64_t a = L->blocks * L->block, b = L->nscan ? L->scan_bytes[L->nscan - 1] : 0;
    return a > b ? a : b;
}

/* Measures one point's median cycles into *y; returns 0 or an exit status. */
static int point(struct chase_session *s, struct chase_measure *m, int pattern, uint64_t sub, uint64_t bytes,
                 uint64_t stride, double *y)
{
    char err[CHASE_ERRLEN], a[32];
    struct chase_row row;
    int rc;

    m->pattern = pattern;
    m->sub = sub;
    rc = chase_measure_point(m, bytes, stride, &row, err, sizeof err);
    if (rc == CHASE_EINTR || chase_stop)
        return chase_signal_exit();
    if (rc != CHASE_OK) {
        chase_progress_done(s);
        fprintf(stderr, "chase: %s at %s: %s\n", s->slot->name, chase_size_format(bytes, a, sizeof a), err);
        return chase_exit_for(rc);
    }
    *y = row.cycles;
    return 0;
}

static int measure_level(struct chase_session *s, struct chase_measure *m, struct chase_lines_level *L,
                         size_t *done, size_t total)
{
    char detail[96], a[32];
    size_t i;
    int code;

    for (i = 0; i < L->nsub; i++) {
        uint64_t bytes = L->blocks * L->block;
        if ((code = point(s, m, CHASE_PATTERN_SPREAD, L->sub[i], bytes, L->block, &L->pair[i])) ||
            (code = point(s, m, CHASE_PATTERN_LATE, L->sub[i], bytes, L->block, &L->late[i])))
            return code;
        snprintf(detail, sizeof detail, "%.15s pair +%s %8.1f cyc", L->name, chase_size_format(L->sub[i], a, sizeof a),
                 L->pair[i]);
        chase_progress(s, "lines", ++*done, total, detail);
    }
    for (i = 0; i < L->nscan; i++) {
        if ((code = point(s, m, CHASE_PATTERN_PAGE, 8, L->scan_bytes[i], L->scan_stride, &L->scan[i])))
            return code;
        snprintf(detail, sizeof detail, "%.15s scan %s %8.1f cyc", L->name,
                 chase_size_format(L->scan_bytes[i], a, sizeof a), L->scan[i]);
        chase_progress(s, "lines", ++*done, total, detail);
    }
    L->beyond_bytes = chase_lines_beyond(L);
    for (i = 0; i < L->nstride && L->beyond_bytes; i++) {
        if ((code = point(s, m, CHASE_PATTERN_PAGE, 8, L->beyond_bytes, L->stride[i], &L->beyond[i])))
            return code;
        snprintf(detail, sizeof detail, "%.15s stride %s %8.1f cyc", L->name,
                 chase_size_format(L->stride[i], a, sizeof a), L->beyond[i]);
        chase_progress(s, "lines", ++*done, total, detail);
    }
    return 0;
}

/* What a run of lines keeps between its hooks. */
struct lines_state {
    struct chase_lines_level ll[CHASE_MAX_LEVELS];
    size_t n, measured;
    uint64_t need, line;
    size_t total;
};

/* The sweep's stride (its line), as the file says it ("128" or "128
 * (128 B)"); 0 when it says none chase can use. */
static uint64_t sweep_line(const struct chase_curve *c)
{
    const char *t = chase_meta_get(&c->meta, "stride");
    double v = t ? strtod(t, NULL) : 0;
    return v >= 8 && v <= (1 << 20) ? (uint64_t)v : 0;
}

/* The levels to probe and the allocation they need.  0 or an exit status. */
static int plan_levels(struct chase_run *r, uint64_t line)
{
    struct lines_state *st = r->state;
    const struct chase_opts *o = r->o;
    size_t k;

    st->line = line;
    st->n = st->total = 0;
    st->need = 0;
    chase_level_asked(o, r->lv, r->nlv, "lines");
    for (k = 0; k + 1 < r->nlv && st->n < CHASE_MAX_LEVELS; k++) {
        if (!chase_level_probed(o, &r->lv[k]))
            continue;
        plan_level(&r->curve, r->lv, r->nlv, k, line, &st->ll[st->n]);
        if (plan_bytes(&st->ll[st->n]) > st->need)
            st->need = plan_bytes(&st->ll[st->n]);
        st->total += st->ll[st->n].nsub + st->ll[st->n].nstride + st->ll[st->n].nscan;
        st->n++;
    }
    if (!st->n)
        return chase_levels_none(o, "lines", "line");
    return 0;
}

static void probe_params(const struct chase_run *r, struct chase_params *p)
{
    const struct lines_state *st = r->state;

    memset(p, 0, sizeof *p);
    p->carveout = r->o->carveout;
    p->sm = r->o->sm;
    p->max_bytes = st->need;
    p->pattern = CHASE_PATTERN_SPREAD;  /* what most probes walk (a backend may size its checks by it) */
}

/* With --from's levels and a stride, open once with room for every
 * probe; else with the defaults, and again when they are too small. */
static int params(struct chase_run *r, struct chase_params *p)
{
    uint64_t line;
    int code;

    if (!r->o->from || !(line = sweep_line(&r->curve)))
        return CHASE_PARAMS_DEFAULT;
    if ((code = plan_levels(r, line)))
        return code;
    probe_params(r, p);
    return 0;
}

static int prepare(struct chase_run *r)
{
    struct chase_params p;
    uint64_t line = sweep_line(&r->curve);
    int code;

    if (!line)
        line = r->s.info.default_stride ? r->s.info.default_stride : 64;
    if ((code = plan_levels(r, line)))
        return code;
    if (((struct lines_state *)r->state)->need <= r->s.info.default_max)
        return 0;
    probe_params(r, &p);
    return chase_run_reopen(r, &p);
}

static int describe(struct chase_run *r)
{
    const struct lines_state *st = r->state;
    struct chase_meta *meta = &r->s.meta;

    chase_meta_add(meta, "levels_from", "%s", r->o->from ? r->o->from : "a default sweep run first");
    chase_meta_num(meta, "sweep_stride", (double)st->line);
    chase_meta_add(meta, "fetch_probe", "SPREAD chains: random blocks of %d B, two loads each, the second at +sub; "
                   "LATE: the second %d blocks later; the working set twice the level's capacity (or the middle "
                   "of the next plateau, if less)", BLOCK, CHASE_CHAIN_LATE_GROUP);
    chase_meta_add(meta, "alloc_probe", "PAGE chains: one 8 B load a block of the stride, at an offset that "
                   "varies from block to block, over the smallest working set of a scan (at the sweep's stride, "
                   "from below the level's capacity interval to twice past it) that misses; a load misses when it "
                   "costs more than half way from the level's latency to the next's");
    return 0;
}

/* The OS's line for a level (its facts' lNd_line_bytes or lN_line_bytes,
 * N the level's number: "L2 near" is the L2's), 0 where none is known. */
static uint64_t os_line(const struct chase_devinfo *info, const char *name)
{
    char d[32], u[32];
    int i, n;

    if (sscanf(name, "L%d", &n) != 1 || n < 1 || n > 9)
        return 0;
    snprintf(d, sizeof d, "l%dd_line_bytes", n);
    snprintf(u, sizeof u, "l%d_line_bytes", n);
    for (i = 0; i < info->nfacts; i++)
        if (info->facts[i].is_num && info->facts[i].num >= 1 && info->facts[i].num <= 1e6 &&
            (!strcmp(info->facts[i].key, d) || !strcmp(info->facts[i].key, u)))
            return (uint64_t)info->facts[i].num;
    return 0;
}

static int measure(struct chase_run *r)
{
    struct lines_state *st = r->state;
    struct chase_measure m;
    size_t k, done = 0;
    int code;

    memset(&m, 0, sizeof m);
    m.ops = r->s.ops;
    m.dev = r->s.dev;
    m.repeat = r->o->repeat ? r->o->repeat : 1;
    m.seed = r->o->seed;
    m.sm = -2;
    for (k = 0; k < st->n; k++) {
        if ((code = measure_level(&r->s, &m, &st->ll[k], &done, st->total))) {
            r->failed = 1;
            return code;
        }
        chase_lines_analyze(&st->ll[k]);
        chase_lines_against_os(&st->ll[k], os_line(&r->s.info, st->ll[k].name));
        st->measured++;
    }
    return 0;
}

static void results(struct chase_run *r, struct chase_meta *res)
{
    const struct lines_state *st = r->state;
    chase_lines_results(res, st->ll, st->measured);
}

static int write_tables(struct chase_writer *w, struct chase_run *r)
{
    const struct lines_state *st = r->state;
    return chase_lines_write(w, st->ll, st->n, st->measured);
}

static void report(FILE *f, struct chase_run *r)
{
    const struct lines_state *st = r->state;
    chase_lines_report(f, &r->s.meta, st->ll, st->measured);
}

static int plot(struct chase_run *r, const char *out, char *err, size_t len)
{
    const struct lines_state *st = r->state;

    if (!st->measured)
        return CHASE_PLOT_NOTHING;
    return chase_lines_plot(st->ll, st->measured, &r->s.meta, r->o->title, r->o->script, out, err, len);
}

/* Its data tables, in the order written (--table). */
static const char *const lines_tables[] = {"pairs", "strides", "scan", NULL};

const struct chase_measurement chase_lines_measurement = {
    .kind = "lines",
    .summary = "line and sector size per level",
    .flags = CHASE_M_LEVELS | CHASE_M_STREAM | CHASE_M_REPORT,
    .state_size = sizeof(struct lines_state),
    .options = CHASE_G_DEVICE | CHASE_G_CACHE_OP | CHASE_G_ALLOC | CHASE_G_FORMAT | CHASE_G_OUTPUT | CHASE_G_PLOT |
               CHASE_G_STYLE | CHASE_G_FROM | CHASE_G_LEVEL,
    .tables = lines_tables,
    .params = params,
    .prepare = prepare,
    .describe = describe,
    .measure = measure,
    .results = results,
    .write = write_tables,
    .report = report,
    .plot = plot,
    .markdown = chase_lines_markdown,
    .headline = chase_lines_headline,
};
