/* banks_cmd.c: chase banks: the structure of shared memory (LDS).  A
 * stride sweep gives the bank count and width (banks.c fits it), probes
 * give the lanes served together at each width, and the seed's table of
 * patterns gives each width's latency and issue cost with and without
 * conflicts.  The backend only times patterns; everything else is here
 * and in banks.c. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "banks/banks.h"
#include "core/exitcode.h"
#include "io/output.h"
#include "run/run.h"
#include "core/stats.h"

#define BURST 8             /* the issue measurements' independent accesses */
#define BLOCK_INFLIGHT 8    /* each warp's accesses in flight in block mode */
#define MAX_BLOCK_WARPS 32

struct bench {
    struct chase_session *s;
    unsigned lanes, warps;
    double mhz[4096];       /* the clock each call measured */
    unsigned nmhz;
    unsigned calls;
    size_t done, total;
    const char *what;
};

/* One pattern, timed as mode says: the median of the backend's samples. */
static int timed(struct bench *b, unsigned width, const uint32_t *off, int mode, unsigned inflight, double *cyc)
{
    struct chase_shared_req rq;
    struct chase_samples out;
    char err[CHASE_ERRLEN] = "";
    double v[CHASE_MAX_SAMPLES], m[CHASE_MAX_SAMPLES];
    unsigned i, nm = 0;
    int rc;

    if (chase_stop)
        return chase_signal_exit();
    memset(&rq, 0, sizeof rq);
    memset(&out, 0, sizeof out);
    rq.width = width;
    rq.lanes = b->lanes;
    memcpy(rq.offset, off, b->lanes * sizeof *off);
    rq.mode = mode;
    rq.inflight = mode == CHASE_SHARED_CHAIN ? 1 : inflight;
    rq.warps = mode == CHASE_SHARED_BLOCK ? b->warps : 1;
    rq.stop = &chase_stop;
    rc = b->s->ops->shared(b->s->dev, &rq, &out, err, sizeof err);
    if (rc == CHASE_EINTR || chase_stop)
        return chase_signal_exit();
    if (rc != CHASE_OK) {
        chase_progress_done(b->s);
        fprintf(stderr, "chase: banks: %s: %s\n", b->s->slot->name, err);
        return chase_exit_for(rc);
    }
    if (!out.n || out.n > CHASE_MAX_SAMPLES) {
        chase_progress_done(b->s);
        fprintf(stderr, "chase: banks: %s returned %u samples\n", b->s->slot->name, out.n);
        return CHASE_EXIT_FAIL;
    }
    for (i = 0; i < out.n; i++) {
        v[i] = out.cycles[i];
        if (out.ns[i] > 0 && isfinite(out.ns[i]) && out.cycles[i] > 0)
            m[nm++] = out.cycles[i] / out.ns[i] * 1000;
    }
    *cyc = chase_median(v, out.n);
    if (nm && b->nmhz < sizeof b->mhz / sizeof b->mhz[0])
        b->mhz[b->nmhz++] = chase_median(m, nm);
    b->calls++;
    chase_progress(b->s, b->what, ++b->done, b->total, NULL);
    return 0;
}

struct probe_arg {
    struct bench *b;
    unsigned width;
};

static int probe(void *arg, const uint32_t *off, double *cycles)
{
    const struct probe_arg *a = arg;
    return timed(a->b, a->width, off, CHASE_SHARED_BLOCK, BLOCK_INFLIGHT, cycles);
}

/* The model the fit and the groups make; widths without groups have none. */
static void model_of(const struct chase_banks_result *r, struct chase_banks_model *m)
{
    int w;

    memset(m, 0, sizeof *m);
    m->banks = r->fit.best.banks;
    m->bank_bytes = r->fit.best.bank_bytes;
    m->lanes = r->lanes;
    for (w = 0; w < CHASE_BANKS_NWIDTH; w++)
        if (r->groups[w] && r->resolved[w])
            m->w[w] = r->groups[w]->layout;
}

static unsigned row_bytes(const struct chase_banks_result *r)
{
    /* Without a fit the seed's 32 banks of 4 bytes place the rows. */
    return r->fitted ? r->fit.best.banks * r->fit.best.bank_bytes : 128;
}

/* One conflict-table cell: latency, the warp's issue cost, the block's. */
static int cell(struct bench *b, struct chase_banks_result *r, const char *name, unsigned ways, unsigned width,
                const uint32_t *off)
{
    struct chase_banks_entry *e = &r->entry[r->nentry];
    struct chase_banks_model m;
    double t1, tn;
    int rc;

    memset(e, 0, sizeof *e);
    snprintf(e->pattern, sizeof e->pattern, "%s", name);
    e->ways = ways;
    e->width = width;
    if ((rc = timed(b, width, off, CHASE_SHARED_CHAIN, 1, &e->latency)) ||
        (rc = timed(b, width, off, CHASE_SHARED_BURST, 1, &t1)) ||
        (rc = timed(b, width, off, CHASE_SHARED_BURST, BURST, &tn)) ||
        (rc = timed(b, width, off, CHASE_SHARED_BLOCK, BLOCK_INFLIGHT, &e->issue_block)))
        return rc;
    e->issue_warp = (tn - t1) / (BURST - 1);
    e->passes = r->fitted ? (e->issue_block - r->fit.best.a) / r->fit.best.b : NAN;
    model_of(r, &m);
    e->predicted = NAN;
    if (r->fitted) {
        unsigned p = chase_banks_cost(&m, width, off, NULL);
        if (p)
            e->predicted = p;
    }
    r->nentry++;
    return 0;
}

/* Ratios to the conflict-free row of each width. */
static void ratios(struct chase_banks_result *r)
{
    unsigned i, j;
    for (i = 0; i < r->nentry; i++) {
        struct chase_banks_entry *e = &r->entry[i];
        e->ratio = e->latency_ratio = NAN;
        for (j = 0; j < r->nentry; j++)
            if (r->entry[j].width == e->width && !strcmp(r->entry[j].pattern, "conflict-free")) {
                e->ratio = e->issue_block / r->entry[j].issue_block;
                e->latency_ratio = e->latency / r->entry[j].latency;
            }
    }
}

/* ---- output ---- */

static double median_mhz(struct bench *b)
{
    return b->nmhz ? chase_median(b->mhz, b->nmhz) : NAN;
}

static void bench_results(struct chase_meta *res, const struct chase_banks_result *r, struct bench *b)
{
    char buf[512];
    int wi;

    if (r->fitted) {
        const struct chase_banks_fit *f = &r->fit;
        chase_meta_num(res, "banks", f->best.banks);
        chase_meta_num(res, "bank_bytes", f->best.bank_bytes);
        chase_meta_num(res, "bank_row_bytes", (double)f->best.banks * f->best.bank_bytes);
        chase_meta_num(res, "phase_lanes_b32", f->best.phase_lanes);
        chase_meta_num(res, "fit_rms", f->best.rms);
        chase_meta_add(res, "fit_clear", "%s", f->clear ? "yes" : "no");
        if (f->runner_up.rms >= 0)
            chase_meta_add(res, "fit_runner_up", "%u banks of %u B: rms %.3g", f->runner_up.banks,
                           f->runner_up.bank_bytes, f->runner_up.rms);
        chase_meta_num(res, "cycles_per_pass", f->best.b);
        chase_meta_num(res, "cycles_intercept", f->best.a);
        chase_meta_num(res, "floor_passes", f->best.floor);
    } else {
        chase_meta_add(res, "banks", "unknown: the stride sweep fits no bank model");
    }
    for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++) {
        char key[32];
        if (!r->groups[wi])
            continue;
        snprintf(key, sizeof key, "groups_%d", 32 << wi);
        if (r->resolved[wi]) {
            chase_banks_groups_text(&r->groups[wi]->layout, r->lanes, buf, sizeof buf);
            chase_meta_add(res, key, "%s", buf);
            snprintf(key, sizeof key, "groups_%d_merge", 32 << wi);
            chase_meta_add(res, key, "%s", r->groups[wi]->layout.merge ? "yes" : "no");
        } else {
            chase_meta_add(res, key, "unresolved: no probe rose above the floor");
        }
    }
    if (r->user && r->user_costed)
        chase_meta_num(res, "lanes_predicted_passes", r->user_cost.passes);
    chase_meta_num(res, "clock_mhz_measured", median_mhz(b));
    chase_meta_num(res, "launches", b->calls);
}

/* ---- the report at a terminal ---- */

static const struct chase_banks_entry *find(const struct chase_banks_result *r, const char *pat, unsigned width)
{
    unsigned i;
    for (i = 0; i < r->nentry; i++)
        if (r->entry[i].width == width && !strcmp(r->entry[i].pattern, pat))
            return &r->entry[i];
    return NULL;
}

/* One table of the seed's layout: rows = patterns, columns = widths. */
static void grid(FILE *f, const struct chase_banks_result *r, const char *title, int what)
{
    const char *seen[CHASE_BANKS_NROW + 1];
    unsigned nseen = 0, i, j, wi;

    fprintf(f, "\n%s\n%-14s %5s", title, "pattern", "ways");
    for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++)
        fprintf(f, " %15u-bit", 32u << wi);
    fprintf(f, "\n");
    for (i = 0; i < r->nentry; i++) {
        for (j = 0; j < nseen && strcmp(seen[j], r->entry[i].pattern); j++)
            ;
        if (j < nseen || nseen == CHASE_BANKS_NROW + 1)
            continue;
        seen[nseen++] = r->entry[i].pattern;
        fprintf(f, "%-14s %5u", r->entry[i].pattern, r->entry[i].ways);
        for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++) {
            const struct chase_banks_entry *e = find(r, r->entry[i].pattern, 4u << wi);
            char cellbuf[40];
            if (!e)
                snprintf(cellbuf, sizeof cellbuf, "-");
            else if (what == 0)
                snprintf(cellbuf, sizeof cellbuf, "%.2f x%.2f", e->issue_block, e->ratio);
            else if (what == 1)
                snprintf(cellbuf, sizeof cellbuf, "%.1f x%.2f", e->latency, e->latency_ratio);
            else if (what == 2)
                snprintf(cellbuf, sizeof cellbuf, "%.2f", e->issue_warp);
            else if (isnan(e->predicted))
                snprintf(cellbuf, sizeof cellbuf, "%.1f / -", e->passes);
            else
                snprintf(cellbuf, sizeof cellbuf, "%.1f / %.0f", e->passes, e->predicted);
            fprintf(f, " %19s", cellbuf);
        }
        fprintf(f, "\n");
    }
}

static void bench_report(FILE *f, const struct chase_session *s, const struct chase_banks_result *r, struct bench *b)
{
    const struct chase_banks_fit *fit = &r->fit;
    char buf[512];
    unsigned i, wi, off_rows = 0;
    double mhz = median_mhz(b);

    fprintf(f, "shared memory: %s (%s, %s)", s->info.name, s->slot->name, s->info.arch);
    if (chase_meta_get(&s->meta, "sm"))
        fprintf(f, ", SM %s", chase_meta_get(&s->meta, "sm"));
    fprintf(f, "\n");
    if (r->fitted) {
        fprintf(f, "banks:        %u banks of %u bytes (a %u-byte row); b32 lanes served together: %u\n",
                fit->best.banks, fit->best.bank_bytes, fit->best.banks * fit->best.bank_bytes, fit->best.phase_lanes);
        fprintf(f, "fit:          rms %.1f%% of the cost", 100 * fit->best.rms);
        if (fit->runner_up.rms >= 0)
            fprintf(f, "; next best %u x %u B at %.1f%%", fit->runner_up.banks, fit->runner_up.bank_bytes,
                    100 * fit->runner_up.rms);
        fprintf(f, ": %s\n", fit->clear ? "clear" : "NOT clear (see the notes)");
        fprintf(f, "pass cost:    %.3g cycles a pass (block, b32)", fit->best.b);
        if (fit->best.floor > 1.01)
            fprintf(f, ", nothing cheaper than %.2g passes", fit->best.floor);
        fprintf(f, "\n");
    } else {
        fprintf(f, "banks:        unknown: the stride sweep fits no bank model\n");
    }
    if (!isnan(mhz))
        fprintf(f, "clock:        %.0f MHz (measured)", mhz);
    else
        fprintf(f, "clock:        not measured");
    if (s->info.clock_mhz > 0)
        fprintf(f, "; the driver's: %.0f MHz", s->info.clock_mhz);
    fprintf(f, "\n");
    if (s->info.shared_bytes)
        fprintf(f, "shared:       %llu bytes a block (the driver's)", (unsigned long long)s->info.shared_bytes);
    for (i = 0; i < (unsigned)s->info.nfacts; i++)
        if (strstr(s->info.facts[i].key, "shared_per_sm") || strstr(s->info.facts[i].key, "lds_per_cu"))
            fprintf(f, "; %s %s (the driver's)", s->info.facts[i].key, s->info.facts[i].val);
    if (s->info.shared_bytes)
        fprintf(f, "\n");
    if (r->nentry) {
        grid(f, r, "throughput: cycles per warp instruction, a full block; x: over conflict-free", 0);
        grid(f, r, "latency: cycles an access, one warp, each access waiting for the one before", 1);
        grid(f, r, "issue: cycles per instruction, one warp, 8 independent accesses", 2);
        grid(f, r, "passes: measured (throughput / pass cost) / predicted by the model", 3);
    }
    fprintf(f, "\nlane groups (lanes served in one pass):\n");
    for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++) {
        if (!r->groups[wi])
            continue;
        if (!r->resolved[wi]) {
            fprintf(f, "  %3u-bit: unresolved (no probe rose above the floor)\n", 32u << wi);
            continue;
        }
        chase_banks_groups_text(&r->groups[wi]->layout, r->lanes, buf, sizeof buf);
        fprintf(f, "  %3u-bit: %s%s\n", 32u << wi, buf,
                r->groups[wi]->layout.merge ? "  (groups share a pass while together conflict-free)" : "");
    }
    if (r->user && r->user_costed) {
        const struct chase_banks_entry *e = find(r, "lanes", r->user_width);
        fprintf(f, "\n--lanes pattern (%u-bit): %u passes predicted", r->user_width * 8, r->user_cost.passes);
        if (e)
            fprintf(f, ", %.1f measured (%.2f cycles per warp instruction, x%.2f over conflict-free)", e->passes,
                    e->issue_block, e->ratio);
        fprintf(f, "\n");
        for (i = 0; i < r->user_cost.npass; i++) {
            unsigned most = 0, l, n = 0;
            for (l = 0; l < r->lanes; l++)
                if (r->user_cost.pass[l] == i && r->user_cost.depth[l] > most)
                    most = r->user_cost.depth[l];
            if (most < 2)
                continue;
            fprintf(f, "  group %u: %u-way: lanes", i, most);
            for (l = 0; l < r->lanes; l++)
                if (r->user_cost.pass[l] == i && r->user_cost.depth[l] == most)
                    fprintf(f, "%s%u (bank %u)", n++ ? ", " : " ", l, r->user_cost.bank[l]);
            fprintf(f, "\n");
        }
    }
    /* Notes: what the figures mean where they surprise. */
    fprintf(f, "\nnotes:\n");
    if (r->fitted && !fit->clear)
        fprintf(f, "- the stride sweep does not single out one bank model: read banks and width as a guess\n");
    for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++) {
        if (!r->groups[wi] || !r->resolved[wi])
            continue;
        if (r->groups[wi]->layout.ngroups == 1)
            fprintf(f, "- %u-bit: every lane can conflict with every other: the warp is served as one group\n",
                    32u << wi);
        if (r->groups[wi]->layout.merge)
            fprintf(f,
                    "- %u-bit: a lane of another group costs %.1f passes more than the reference alone: groups "
                    "share passes while together conflict-free (multicast and broadcast cost less than the groups' "
                    "count)\n",
                    32u << wi, r->groups[wi]->base_excess);
    }
    for (i = 0; i < r->nentry; i++) {
        const struct chase_banks_entry *e = &r->entry[i];
        if (!isnan(e->predicted) && fabs(e->passes - e->predicted) > 0.25 * e->predicted + 0.25)
            off_rows++;
    }
    if (off_rows)
        fprintf(f, "- %u table cells cost other than the model predicts (passes column): the model does not explain "
                   "them\n", off_rows);
    else if (r->nentry && r->fitted)
        fprintf(f, "- every table cell costs what the bank model predicts (within a quarter)\n");
    fprintf(f, "- %u timed launches; cycles are medians, the timer's own cost removed\n", b->calls);
}

/* What a run of banks keeps between its hooks. */
struct banks_state {
    struct chase_banks_result r;
    struct bench b;
    unsigned width_only;        /* --lanes: the one width measured (bytes); 0: every width */
};

static int params(struct chase_run *r, struct chase_params *p)
{
    p->carveout = r->o->carveout;
    p->sm = r->o->sm;
    p->max_bytes = 1u << 20;    /* the working set of a sweep is not used here: keep it small */
    return 0;
}

static int supported(struct chase_run *run)
{
    struct banks_state *st = run->state;
    struct chase_banks_result *r = &st->r;
    const struct chase_session *s = &run->s;

    if (!s->ops->shared) {
        fprintf(stderr, "chase: banks: the %s backend has no shared memory to measure (not applicable)\n",
                s->slot->name);
        return CHASE_EXIT_UNSUPPORTED;
    }
    r->lanes = s->info.lanes;
    /* The sweep wraps at the largest power of two within half of what a
     * block may use: room for the kernel's own shared variables, and a
     * wrap that any bank row divides (the seed's MI300 sweep wrapped at
     * 32 KiB of its 64). */
    r->shared_bytes = 4096;
    while (r->shared_bytes * 4 <= s->info.shared_bytes)
        r->shared_bytes *= 2;
    if (!r->lanes || r->lanes > CHASE_MAX_LANES || s->info.shared_bytes < 8192) {
        fprintf(stderr, "chase: banks: the %s device reports %u lanes and %llu bytes of shared memory: cannot measure\n",
                s->slot->name, r->lanes, (unsigned long long)s->info.shared_bytes);
        return CHASE_EXIT_UNSUPPORTED;
    }
    return 0;
}

/* --lanes: the user's pattern, read once the device's lanes are known. */
static int prepare(struct chase_run *run)
{
    struct banks_state *st = run->state;
    struct chase_banks_result *r = &st->r;
    const struct chase_opts *o = run->o;
    struct bench *b = &st->b;
    char why[600];
    FILE *f;
    int rc;

    st->width_only = o->lanes ? (o->width ? o->width : 4) : 0;
    b->s = &run->s;
    b->lanes = r->lanes;
    b->warps = run->s.info.block_threads / r->lanes;
    if (b->warps > MAX_BLOCK_WARPS)
        b->warps = MAX_BLOCK_WARPS;
    if (b->warps < 1)
        b->warps = 1;
    if (!o->lanes)
        return 0;
    if (!(f = fopen(o->lanes, "r"))) {
        fprintf(stderr, "chase: cannot read '%s': %s\n", o->lanes, strerror(errno));
        return CHASE_EXIT_FILE;
    }
    /* Up to what a block may use, less 1 KiB for the kernel's own. */
    rc = chase_banks_read_lanes(f, o->lanes, r->lanes, st->width_only, run->s.info.shared_bytes - 1024, r->user_off,
                                why, sizeof why);
    fclose(f);
    if (rc) {
        fprintf(stderr, "chase: %s\n", why);
        return CHASE_EXIT_FILE;
    }
    r->user = 1;
    r->user_width = st->width_only;
    return 0;
}

static int describe(struct chase_run *run)
{
    const struct banks_state *st = run->state;
    const struct chase_banks_result *r = &st->r;
    const struct bench *b = &st->b;
    const struct chase_opts *o = run->o;
    struct chase_meta *meta = &run->s.meta;
    unsigned width_only = st->width_only;

    chase_meta_add(meta, "measurement", "shared memory banks: a stride sweep, lane groups, a table of patterns");
    chase_meta_num(meta, "lanes", r->lanes);
    chase_meta_add(meta, "width_unit", "bits");
    chase_meta_add(meta, "widths", "%s", width_only ? (width_only == 4 ? "32" : width_only == 8 ? "64" : "128")
                                                    : "32 64 128");
    chase_meta_add(meta, "sweep", "32-bit reads, lane i at dword (i x stride) mod (%llu / 4), timed in block mode",
                   (unsigned long long)r->shared_bytes);
    chase_meta_add(meta, "mode_latency",
                   "chain: one warp; each lane reads the word at its offset, which holds that offset, so each access "
                   "waits for the one before; cycles an access");
    chase_meta_add(meta, "mode_issue_warp",
                   "burst: one warp; (T(%d) - T(1)) / %d, T(N) the cycles from the first clock read to the use of "
                   "N independent accesses", BURST, BURST - 1);
    chase_meta_add(meta, "mode_issue_block",
                   "block: %u warps of %u lanes (%u threads), one block on one multiprocessor, each with %d accesses "
                   "in flight; elapsed from the first warp's start to the last warp's end over all warp instructions",
                   b->warps, r->lanes, b->warps * r->lanes, BLOCK_INFLIGHT);
    chase_meta_num(meta, "block_warps", b->warps);
    chase_meta_num(meta, "block_threads", b->warps * r->lanes);
    chase_meta_num(meta, "burst", BURST);
    chase_meta_add(meta, "groups_method",
                   "every lane reads word A, a reference lane word B in other banks, a swept lane word C in B's banks "
                   "a row further: a swept lane whose read adds a pass shares the reference's group; block mode");
    chase_meta_add(meta, "rows",
                   "conflict-free: lane i reads element i; multicast-k: i / k; broadcast: 0; conflict-k: (i mod k) x "
                   "R + i / k, R a whole number of bank rows of at least max(32, lanes / 2) elements");
    chase_meta_add(meta, "cycles", "medians of the backend's samples, its timer's own cost removed");
    if (run->s.info.pinnable && chase_meta_get(meta, "carveout"))
        chase_meta_num(meta, "carveout", o->carveout >= 0 ? o->carveout : 100);
    if (o->lanes) {
        chase_meta_add(meta, "lanes_file", "%s", o->lanes);
        chase_meta_num(meta, "lanes_width", width_only * 8);
    }
    return 0;
}

/* 1. The stride sweep and the bank model. */
static int stride_sweep(struct banks_state *st)
{
    struct chase_banks_result *r = &st->r;
    struct bench *b = &st->b;
    uint32_t off[CHASE_MAX_LANES];
    unsigned i;
    int rc = 0;

    b->what = "strides";
    b->done = 0;
    b->total = CHASE_BANKS_NSTRIDE;
    for (i = 0; i < CHASE_BANKS_NSTRIDE && !rc; i++) {
        chase_banks_stride_pattern(r->lanes, chase_banks_strides[i], r->shared_bytes, off);
        rc = timed(b, 4, off, CHASE_SHARED_BLOCK, BLOCK_INFLIGHT, &r->stride_cycles[i]);
        if (!rc)
            r->stride[r->nstride++] = chase_banks_strides[i];
    }
    if (!rc && chase_banks_fit(r->stride, r->stride_cycles, r->nstride, r->lanes, r->shared_bytes, &r->fit) == 0) {
        r->fitted = 1;
        for (i = 0; i < r->nstride; i++)
            r->stride_pred[i] = chase_banks_fit_predict(&r->fit.best, r->lanes, r->shared_bytes, r->stride[i]);
    }
    return rc;
}

/* 2. Lane groups, at each width (the --lanes pattern's alone). */
static int lane_groups(struct banks_state *st)
{
    struct chase_banks_result *r = &st->r;
    struct bench *b = &st->b;
    unsigned wi, i;
    int rc = 0;

    for (wi = 0; wi < CHASE_BANKS_NWIDTH && !rc && r->fitted; wi++) {
        unsigned width = 4u << wi;
        struct probe_arg pa = {b, width};
        struct chase_banks_groups *g;
        if (st->width_only && width != st->width_only)
            continue;
        g = calloc(1, sizeof *g);
        if (!g)
            return CHASE_EXIT_FAIL;
        r->groups[wi] = g;
        b->what = width == 4 ? "b32 groups" : width == 8 ? "b64 groups" : "b128 groups";
        b->done = 0;
        b->total = r->lanes * (r->lanes + 1) / 4;
        rc = chase_banks_find_groups(r->lanes, width, r->fit.best.banks, r->fit.best.bank_bytes, r->fit.best.b,
                                     probe, &pa, g);
        if (rc < 0) {
            /* The fitted row is too narrow for three words of this width. */
            free(g);
            r->groups[wi] = NULL;
            rc = 0;
            continue;
        }
        /* Under a floor (passes cheaper than it cost the same) a probe's
         * extra pass may not show: then the groups are not known. */
        r->resolved[wi] = !rc;
        if (!rc && r->fit.best.floor > 1.01) {
            double ceiling = r->fit.best.a + r->fit.best.b * r->fit.best.floor;
            unsigned k, above = 0;
            for (k = 0; k < g->nprobe; k++)
                above += g->probe[k].cycles > ceiling + 0.4 * r->fit.best.b;
            r->resolved[wi] = above > 0;
        }
    }
    /* The measured b32 groups settle what the sweep may leave open. */
    if (r->groups[0] && r->resolved[0]) {
        unsigned L = chase_banks_layout_block(&r->groups[0]->layout, r->lanes);
        if (L) {
            chase_banks_fit_refine(&r->fit, L);
            for (i = 0; i < r->nstride; i++)
                r->stride_pred[i] = chase_banks_fit_predict(&r->fit.best, r->lanes, r->shared_bytes, r->stride[i]);
        }
    }
    return rc;
}

/* 3. The conflict table (--lanes: the user's pattern and conflict-free). */
static int conflicts(struct banks_state *st)
{
    struct chase_banks_result *r = &st->r;
    struct bench *b = &st->b;
    uint32_t off[CHASE_MAX_LANES];
    unsigned wi;
    int rc = 0;

    for (wi = 0; wi < CHASE_BANKS_NWIDTH && !rc; wi++) {
        unsigned width = 4u << wi, k;
        if (st->width_only && width != st->width_only)
            continue;
        b->what = width == 4 ? "b32 table" : width == 8 ? "b64 table" : "b128 table";
        b->done = 0;
        b->total = 4 * (st->width_only ? 2 : CHASE_BANKS_NROW);
        for (k = 0; k < CHASE_BANKS_NROW && !rc; k++) {
            const struct chase_banks_row *row = &chase_banks_rows[k];
            if (st->width_only && row->kind != CHASE_BANKS_FREE)
                continue;
            if (chase_banks_row_pattern(row, r->lanes, width, row_bytes(r), r->shared_bytes, off))
                continue;
            rc = cell(b, r, row->name, chase_banks_row_ways(row, r->lanes), width, off);
        }
        if (!rc && st->width_only)
            rc = cell(b, r, "lanes", 0, width, r->user_off);
    }
    return rc;
}

static int measure(struct chase_run *run)
{
    struct banks_state *st = run->state;
    struct chase_banks_result *r = &st->r;
    int rc = stride_sweep(st);

    if (!rc)
        rc = lane_groups(st);
    if (!rc)
        rc = conflicts(st);
    if (r->user && r->fitted) {
        struct chase_banks_model m;
        model_of(r, &m);
        r->user_costed = chase_banks_cost(&m, r->user_width, r->user_off, &r->user_cost) > 0;
    }
    ratios(r);
    return rc;
}

static void results(struct chase_run *run, struct chase_meta *res)
{
    struct banks_state *st = run->state;
    bench_results(res, &st->r, &st->b);
}

static int write_tables(struct chase_writer *w, struct chase_run *run)
{
    const struct banks_state *st = run->state;
    return chase_banks_write(w, &st->r);
}

static void report(FILE *f, struct chase_run *run)
{
    struct banks_state *st = run->state;
    bench_report(f, &run->s, &st->r, &st->b);
}

static int plot(struct chase_run *run, const char *out, char *err, size_t len)
{
    const struct banks_state *st = run->state;
    if (!st->r.nstride)
        return CHASE_PLOT_NOTHING;
    return chase_plot_banks(&st->r, &run->s.meta, run->o, out, err, len);
}

static void release(struct chase_run *run)
{
    struct banks_state *st = run->state;
    unsigned wi;

    if (st)
        for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++)
            free(st->r.groups[wi]);
}

const struct chase_measurement chase_banks_measurement = {
    .kind = "banks",
    .summary = "shared memory (LDS) banks, conflicts and lane groups",
    .flags = CHASE_M_REPORT,
    .state_size = sizeof(struct banks_state),
    .options = CHASE_G_DEVICE | CHASE_G_FORMAT | CHASE_G_OUTPUT | CHASE_G_PLOT | CHASE_G_STYLE | CHASE_G_BANKS,
    .params = params,
    .supported = supported,
    .prepare = prepare,
    .describe = describe,
    .measure = measure,
    .results = results,
    .write = write_tables,
    .report = report,
    .plot = plot,
    .free = release,
    .markdown = chase_banks_markdown,
};
