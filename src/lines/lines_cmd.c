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

#include "cli/commands.h"
#include "core/exitcode.h"
#include "lines/lines.h"
#include "core/measure.h"
#include "plot/plot.h"
#include "core/session.h"
#include "core/size.h"
#include "sweep/sweep.h"

#define BLOCK 1024              /* the pair chains' block: room for a second load at up to +256 */
#define MAX_STRIDE 2048
#define MIN_STRIDE 16
#define SCAN 8                  /* working sets the capacity scan measures */

static const uint64_t subs[] = {8, 16, 32, 64, 128, 256};

/* A figure to four decimals: a median of medians says no more. */
static double r4(double v)
{
    return isfinite(v) ? floor(v * 1e4 + 0.5) / 1e4 : v;
}

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

static int write_tables(struct chase_writer *w, const struct chase_lines_level *lv, size_t n, size_t measured)
{
    struct chase_cell c[13];
    size_t k, i;

    if (chase_writer_table(w, &chase_lines_pairs_table))
        return -1;
    for (k = 0; k < measured; k++)
        for (i = 0; i < lv[k].nsub; i++) {
            memset(c, 0, sizeof c);
            c[0].text = lv[k].name;
            c[1].num = (double)lv[k].sub[i];
            c[2].num = (double)lv[k].blocks;
            c[3].num = (double)lv[k].block;
            c[4].num = (double)(lv[k].blocks * lv[k].block);
            c[5].num = r4(lv[k].pair[i]);
            c[6].num = r4(lv[k].late[i]);
            if (chase_writer_row(w, c))
                return -1;
        }
    if (chase_writer_table(w, &chase_lines_strides_table))
        return -1;
    for (k = 0; k < measured; k++)
        for (i = 0; i < lv[k].nstride; i++) {
            memset(c, 0, sizeof c);
            c[0].text = lv[k].name;
            c[1].num = (double)lv[k].stride[i];
            c[2].num = (double)lv[k].beyond_bytes;
            c[3].num = r4(lv[k].beyond[i]);
            c[4].num = lv[k].beyond[i] > lv[k].h + 0.5 * (lv[k].m - lv[k].h);
            if (chase_writer_row(w, c))
                return -1;
        }
    if (chase_writer_table(w, &chase_lines_scan_table))
        return -1;
    for (k = 0; k < measured; k++)
        for (i = 0; i < lv[k].nscan; i++) {
            memset(c, 0, sizeof c);
            c[0].text = lv[k].name;
            c[1].num = (double)lv[k].scan_bytes[i];
            c[2].num = (double)lv[k].scan_stride;
            c[3].num = r4(lv[k].scan[i]);
            if (chase_writer_row(w, c))
                return -1;
        }
    if (chase_writer_table(w, &chase_lines_table))
        return -1;
    for (k = 0; k < measured && k < n; k++) {
        const struct chase_lines_level *L = &lv[k];
        memset(c, 0, sizeof c);
        c[0].text = L->name;
        c[1].num = (double)L->lo;
        c[2].num = (double)L->hi;
        c[3].num = r4(L->h);
        c[4].num = r4(L->m);
        c[5].num = L->fetch ? (double)L->fetch : NAN;
        c[6].num = L->late_fetch ? (double)L->late_fetch : NAN;
        c[7].num = L->alloc ? (double)L->alloc : NAN;
        c[8].num = L->line ? (double)L->line : NAN;
        c[9].num = L->sector ? (double)L->sector : NAN;
        c[10].text = L->fetch_how;
        c[11].text = L->alloc_how;
        c[12].text = L->verdict;
        if (chase_writer_row(w, c))
            return -1;
    }
    return 0;
}

static void results(struct chase_meta *r, const struct chase_lines_level *lv, size_t n)
{
    char key[48];
    size_t k;

    for (k = 0; k < n; k++) {
        const struct chase_lines_level *L = &lv[k];
        snprintf(key, sizeof key, "%.15s.line_bytes", L->name);
        if (L->line)
            chase_meta_num(r, key, (double)L->line);
        else
            chase_meta_add(r, key, "not resolved");
        snprintf(key, sizeof key, "%.15s.sector_bytes", L->name);
        if (L->sector)
            chase_meta_num(r, key, (double)L->sector);
        else
            chase_meta_add(r, key, "%s", L->line ? "none: a miss fills the line" : "not resolved");
        snprintf(key, sizeof key, "%.15s.fetch_bytes", L->name);
        if (L->fetch)
            chase_meta_num(r, key, (double)L->fetch);
    }
}

static const char *size_or(uint64_t v, char *buf, size_t len)
{
    if (!v)
        return "-";
    return chase_size_format(v, buf, len);
}

static void report(FILE *f, const struct chase_session *s, const struct chase_lines_level *lv, size_t n)
{
    const char *what[] = {"backend", "device", "cache_op", "sm", "timer", "levels_from"};
    char a[32], b[32], c[32], d[32], e[32], cap[64];
    size_t k;

    for (k = 0; k < sizeof what / sizeof what[0]; k++) {
        const char *t = chase_meta_get(&s->meta, what[k]);
        if (t)
            fprintf(f, "%-11s %s\n", what[k], t);
    }
    fprintf(f, "\n%-8s %-22s %-8s %-8s %-8s %-8s %-8s\n", "level", "capacity (sweep)", "fetch", "later", "alloc",
            "line", "sector");
    for (k = 0; k < n; k++) {
        const struct chase_lines_level *L = &lv[k];
        snprintf(cap, sizeof cap, "%s .. %s", chase_size_format(L->lo, a, sizeof a),
                 chase_size_format(L->hi, b, sizeof b));
        fprintf(f, "%-8s %-22s %-8s %-8s %-8s %-8s %-8s\n", L->name, cap, size_or(L->fetch, a, sizeof a),
                size_or(L->late_fetch, b, sizeof b), size_or(L->alloc, c, sizeof c), size_or(L->line, d, sizeof d),
                size_or(L->sector, e, sizeof e));
        fprintf(f, "         %s\n         fetch: %s\n         alloc: %s\n", L->verdict, L->fetch_how, L->alloc_how);
    }
    fprintf(f, "fetch: the smallest +sub whose second load misses at once (pair chains); later: a group of %d "
               "blocks later;\nalloc: the largest stride that misses just past the capacity (one load a block)\n",
            CHASE_CHAIN_LATE_GROUP);
}

struct plot_arg {
    const struct chase_lines_level *lv;
    size_t n;
    const struct chase_meta *meta;
    const char *title;
};

/* Two panels: the pair's latency against sub, and what a stride costs
 * just past the capacity. */
static int write_plot(FILE *f, const void *arg, const char *out)
{
    const struct plot_arg *a = arg;
    const char *dev = chase_meta_get(a->meta, "device");
    char title[300];
    size_t k, i;

    if (chase_gp_begin(f, out, NULL, 0))
        return -1;
    if (a->title)
        snprintf(title, sizeof title, "%s", a->title);
    else
        snprintf(title, sizeof title, "%s: line and sector size", dev ? dev : "device");
    for (k = 0; k < a->n; k++) {
        fprintf(f, "$p%zu << EOD\n", k);
        for (i = 0; i < a->lv[k].nsub; i++)
            fprintf(f, "%llu %g %g\n", (unsigned long long)a->lv[k].sub[i], a->lv[k].pair[i], a->lv[k].late[i]);
        fprintf(f, "EOD\n$s%zu << EOD\n", k);
        for (i = 0; i < a->lv[k].nstride; i++)
            fprintf(f, "%llu %g\n", (unsigned long long)a->lv[k].stride[i], a->lv[k].beyond[i]);
        fprintf(f, "EOD\n");
    }
    fprintf(f, "set multiplot layout 1,2 title ");
    chase_gp_string(f, title);
    fprintf(f, "\nset logscale x 2\nunset logscale y\nset xlabel \"second load at +sub (bytes)\"\n"
               "set ylabel \"cycles a load (pair: solid; a group later: dashed)\"\n");
    fprintf(f, "plot ");
    for (k = 0; k < a->n; k++) {
        fprintf(f, "%s$p%zu using 1:2 with linespoints ls %zu title ", k ? ", " : "", k, k % 7 + 1);
        chase_gp_string(f, a->lv[k].name);
        fprintf(f, ", $p%zu using 1:3 with linespoints ls %zu dt 2 notitle", k, k % 7 + 1);
    }
    fprintf(f, "\nset xlabel \"stride: one load a block (bytes)\"\nset ylabel \"cycles a load, 1.5 x the "
               "capacity\"\nplot ");
    for (k = 0; k < a->n; k++) {
        fprintf(f, "%s$s%zu using 1:2 with linespoints ls %zu title ", k ? ", " : "", k, k % 7 + 1);
        chase_gp_string(f, a->lv[k].name);
    }
    fprintf(f, "\nunset multiplot\n");
    return 0;
}

int chase_lines_main(const struct chase_opts *o)
{
    struct chase_session s;
    struct chase_params p;
    struct chase_curve curve;
    struct chase_level lv[CHASE_MAX_LEVELS];
    struct chase_lines_level ll[CHASE_MAX_LEVELS];
    struct chase_meta res;
    struct chase_measure m;
    size_t nlv = 0, n = 0, measured = 0, k, done = 0, total = 0;
    uint64_t need = 0, line = 0;
    double v;
    const char *status = "complete";
    int code = 0, failed = 0;

    memset(&s, 0, sizeof s);
    memset(&curve, 0, sizeof curve);
    memset(&res, 0, sizeof res);
    memset(&p, 0, sizeof p);
    p.pattern = CHASE_PATTERN_RANDOM;
    p.carveout = o->carveout;
    p.sm = o->sm;
    if (o->from) {
        /* The levels first (no device needed), so the allocation can hold
         * every probe. */
        struct chase_session pre;
        memset(&pre, 0, sizeof pre);
        pre.o = o;
        if ((code = chase_sweep_levels(&pre, &curve, lv, &nlv)))
            return code;
    }
    if (!o->from) {
        if ((code = chase_session_open(&s, o, NULL)) || (code = chase_sweep_levels(&s, &curve, lv, &nlv)))
            goto out;
    }
    /* The sweep's stride (its line), as the file says it ("128" or "128
     * (128 B)"), else the device's. */
    {
        const char *t = chase_meta_get(&curve.meta, "stride");
        v = t ? strtod(t, NULL) : 0;
    }
    if (!(v >= 8 && v <= (1 << 20))) {
        if (!s.dev && (code = chase_session_open(&s, o, NULL)))
            goto out;
        v = s.info.default_stride ? (double)s.info.default_stride : 64;
    }
    line = (uint64_t)v;
    for (k = 0; k + 1 < nlv && n < CHASE_MAX_LEVELS; k++) {
        if (o->level && strcmp(o->level, lv[k].name))
            continue;
        /* A TLB's reach is a plateau of the sweep but no cache: it has no
         * line to find, and its probes would only time page walks. */
        if (!o->level && !strcmp(lv[k].name, "TLB reach"))
            continue;
        plan_level(&curve, lv, nlv, k, line, &ll[n]);
        if (plan_bytes(&ll[n]) > need)
            need = plan_bytes(&ll[n]);
        total += ll[n].nsub + ll[n].nstride + ll[n].nscan;
        n++;
    }
    if (!n) {
        fprintf(stderr, "chase: lines: %s\n", o->level ? "no cache level of that name (the last level, memory, "
                "has no line to find)" : "the sweep found no cache level below memory");
        code = o->level ? CHASE_EXIT_USAGE : CHASE_EXIT_FAIL;
        goto out;
    }
    /* Open with room for every probe (again, when the open session's
     * allocation is too small). */
    if (s.dev && need > s.info.default_max)
        chase_session_close(&s);
    if (!s.dev) {
        p.max_bytes = need;
        p.pattern = CHASE_PATTERN_SPREAD;   /* what most probes walk (a backend may size its checks by it) */
        if ((code = chase_session_open(&s, o, &p)))
            goto out;
    }
    chase_session_describe(&s, "lines");
    chase_meta_add(&s.meta, "levels_from", "%s", o->from ? o->from : "a default sweep run first");
    chase_meta_num(&s.meta, "sweep_stride", (double)line);
    chase_meta_add(&s.meta, "fetch_probe", "SPREAD chains: random blocks of %d B, two loads each, the second at +sub; "
                   "LATE: the second %d blocks later; the working set twice the level's capacity (or the middle "
                   "of the next plateau, if less)", BLOCK, CHASE_CHAIN_LATE_GROUP);
    chase_meta_add(&s.meta, "alloc_probe", "PAGE chains: one 8 B load a block of the stride, at an offset that "
                   "varies from block to block, over the smallest working set of a scan (at the sweep's stride, "
                   "from below the level's capacity interval to twice past it) that misses; a load misses when it "
                   "costs more than half way from the level's latency to the next's");
    if ((code = chase_session_output(&s, "lines")))
        goto out;

    memset(&m, 0, sizeof m);
    m.ops = s.ops;
    m.dev = s.dev;
    m.repeat = o->repeat ? o->repeat : 1;
    m.seed = o->seed;
    m.sm = -2;
    for (k = 0; k < n && !failed; k++) {
        if ((code = measure_level(&s, &m, &ll[k], &done, total))) {
            failed = 1;
            break;
        }
        chase_lines_analyze(&ll[k]);
        measured++;
    }
    chase_progress_done(&s);
    results(&res, ll, measured);
    chase_meta_num(&res, "elapsed_s", floor(chase_session_elapsed(&s) * 100 + 0.5) / 100);
    if (chase_stop) {
        status = "interrupted";
        code = chase_signal_exit();
    } else if (failed) {
        status = "failed";
    }
    if (!s.human && !s.w.failed && (write_tables(&s.w, ll, n, measured) || chase_writer_results(&s.w, &res))) {
        code = chase_session_write_failed(&s);
        status = "failed";
    }
    if (s.human || !o->quiet)
        report(s.human ? stdout : stderr, &s, ll, measured);
    {
        int fc = chase_session_finish(&s, status);
        if (fc && !code)
            code = fc;
    }
    if (o->plot && measured) {
        struct plot_arg pa = {ll, measured, &s.meta, o->title};
        char perr[600];
        int prc = chase_gp_run(write_plot, &pa, o->script, o->plot, perr, sizeof perr);
        chase_plot_failed(&code, prc, perr);
    }
out:
    chase_session_close(&s);
    chase_meta_free(&res);
    chase_curve_free(&curve);
    return code;
}
