/* source.c: a curve measured and refined at its bends, and the levels a
 * measurement needs: read from a sweep's file or measured by a default
 * sweep on the open session (data, not a call into the sweep command). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/exitcode.h"
#include "core/message.h"
#include "core/plan.h"
#include "core/size.h"
#include "io/output.h"
#include "io/read.h"
#include "io/table.h"
#include "levels/levels.h"
#include "run/source.h"

#define REFINE_ROUNDS 16        /* bisection rounds at most (each halves the gaps) */
#define REFINE_POINTS 64        /* new points a round at most */
#define REFINE_OCTAVES (1.0 / 32)

static int by_bytes(const void *a, const void *b)
{
    const struct chase_row *x = a, *y = b;
    /* Ties broken by the latency: qsort is not stable (glibc's changed
     * algorithm in 2.37), and the levels must not depend on which C
     * library ordered rows of one size. */
    if (x->bytes != y->bytes)
        return x->bytes < y->bytes ? -1 : 1;
    return (x->cycles > y->cycles) - (x->cycles < y->cycles);
}

/* Measures sizes[0 .. n) into the curve and the output; returns 0, a
 * signal's stop (the caller sees chase_stop) or an exit status.  The
 * progress counts on from base points done before (refinement continues
 * the sweep's bar, which restarted at each round). */
static int measure_sizes(struct chase_session *s, const struct chase_measure *m, struct chase_curve *c,
                         const uint64_t *sizes, size_t n, uint64_t stride, size_t base, const char *what,
                         int *failed)
{
    char err[CHASE_ERRLEN], a[32], detail[64];
    size_t i;

    for (i = 0; i < n && !chase_stop; i++) {
        struct chase_row row;
        int rc = chase_measure_point(m, sizes[i], stride, &row, err, sizeof err);
        if (rc == CHASE_EINTR || chase_stop)
            break;
        if (rc != CHASE_OK) {
            chase_progress_done(s);
            fprintf(stderr, "chase: %s at %s: %s\n", s->slot->name, chase_size_format(sizes[i], a, sizeof a), err);
            *failed = 1;
            return chase_exit_for(rc);
        }
        if (chase_curve_push(c, &row)) {
            fprintf(stderr, "chase: out of memory\n");
            *failed = 1;
            return CHASE_EXIT_FAIL;
        }
        if (!s->human) {
            if (chase_writer_put(&s->w, &row)) {
                *failed = 1;
                return chase_session_write_failed(s);
            }
        }
        snprintf(detail, sizeof detail, "%10s %8.1f cyc", chase_size_format(row.bytes, a, sizeof a), row.cycles);
        chase_progress(s, what, base + i + 1, base + n, detail);
        if (s->o->verbose && !s->progress)
            fprintf(stderr, "chase: %s: %.2f cycles, %u samples\n", a, row.cycles, row.samples);
    }
    return 0;
}

int chase_curve_measure(struct chase_session *s, const struct chase_measure *m, const uint64_t *plan, size_t nplan,
                        uint64_t stride, int stream, int refine, struct chase_curve *c, struct chase_level *lv,
                        size_t *nlv, int *failed)
{
    size_t round;
    int code, human = s->human;

    if (!stream)
        s->human = 1;   /* measure_sizes writes rows only when not */
    code = measure_sizes(s, m, c, plan, nplan, stride, 0, "sweep", failed);
    /* Refinement: bisect the bends until the intervals are narrow. */
    for (round = 0; refine && !code && !*failed && !chase_stop && round < REFINE_ROUNDS; round++) {
        uint64_t more[REFINE_POINTS];
        size_t nmore;
        qsort(c->rows, c->n, sizeof *c->rows, by_bytes);
        *nlv = chase_levels_find_edges(c, lv, CHASE_MAX_LEVELS);
        nmore = chase_levels_refine(c, lv, *nlv, stride, REFINE_OCTAVES, more, REFINE_POINTS);
        if (!nmore)
            break;
        code = measure_sizes(s, m, c, more, nmore, stride, c->n, "refine", failed);
    }
    s->human = human;
    qsort(c->rows, c->n, sizeof *c->rows, by_bytes);
    *nlv = chase_levels_find(c, lv, CHASE_MAX_LEVELS);
    return code;
}

int chase_levels_source_check(const struct chase_opts *o, const struct chase_session *s, const struct chase_curve *c)
{
    const char *backend = chase_meta_get(&c->meta, "backend"), *device = chase_meta_get(&c->meta, "device");

    if (!o->from || o->mixed)
        return 0;
    if (backend && strcmp(backend, s->slot->name)) {
        chase_error("--from '%s' was measured on the %s backend, this run is on %s: its levels are not this "
                    "device's (give --mixed to take them anyway)", o->from, backend, s->slot->name);
        return CHASE_EXIT_MIXED;
    }
    if (device && strcmp(device, s->info.name)) {
        chase_error("--from '%s' was measured on '%s', this run is on '%s': its levels are not this device's "
                    "(give --mixed to take them anyway)", o->from, device, s->info.name);
        return CHASE_EXIT_MIXED;
    }
    {
        /* The levels of one memory are not another's (a peer's L2 is not
         * the device's own); no line is the device's own memory. */
        const char *theirs = chase_meta_get(&c->meta, "memory_target");
        char ours[32];
        if (o->memory == CHASE_MEMORY_PEER)
            snprintf(ours, sizeof ours, "peer:%d", o->peer);
        else
            snprintf(ours, sizeof ours, "%s", o->memory == CHASE_MEMORY_HOST ? "host"
                                              : o->memory == CHASE_MEMORY_MANAGED ? "managed" : "local");
        if (strcmp(theirs ? theirs : "local", ours)) {
            chase_error("--from '%s' was measured in %s memory, this run reads %s memory: its levels are not this "
                        "memory's (give --mixed to take them anyway)", o->from, theirs ? theirs : "local", ours);
            return CHASE_EXIT_MIXED;
        }
    }
    return 0;
}

const char *chase_sweep_order(const struct chase_opts *o, struct chase_measure *m)
{
    m->pattern = o->pattern;
    m->sub = m->pattern == CHASE_PATTERN_LOCAL ? CHASE_LOCAL_WINDOW : 0;
    return m->pattern == CHASE_PATTERN_SEQ ? "sequential"
           : m->pattern == CHASE_PATTERN_LOCAL ? "local: random within 64 KiB windows, each line once a lap"
           : "random";
}

int chase_levels_source(const struct chase_opts *o, struct chase_session *s, struct chase_curve *c,
                        struct chase_level *lv, size_t *nlv)
{
    char err[CHASE_ERRLEN];
    int code = 0, failed = 0;

    memset(c, 0, sizeof *c);
    *nlv = 0;
    if (o->from) {
        char path[4096];
        if (chase_data_resolve(o->from, path, sizeof path)) {
            chase_error("cannot read '%s': no such file or reference curve", o->from);
            return CHASE_EXIT_FILE;
        }
        if (chase_curve_read(path, c, err, sizeof err)) {
            chase_error("%s", err);     /* it quotes the file */
            return CHASE_EXIT_FILE;
        }
        /* Read before the device opens (s NULL), the runner checks it once
         * the device is open. */
        if (s && (code = chase_levels_source_check(o, s, c)))
            return code;
        *nlv = chase_levels_find(c, lv, CHASE_MAX_LEVELS);
        return 0;
    } else {
        struct chase_measure m;
        uint64_t *plan = NULL, stride = s->info.default_stride ? s->info.default_stride : 64;
        uint64_t max = s->info.default_max, min = stride > 1024 ? stride : 1024;
        size_t nplan = 0;

        if (chase_plan_make(min, max, 8, stride, &plan, &nplan, err, sizeof err)) {
            fprintf(stderr, "chase: %s\n", err);
            return CHASE_EXIT_USAGE;
        }
        memset(&m, 0, sizeof m);
        m.ops = s->ops;
        m.dev = s->dev;
        (void)chase_sweep_order(o, &m);
        m.repeat = 1;
        m.seed = o->seed;
        m.sm = -2;
        if (chase_meta_copy(&c->meta, &s->meta)) {
            free(plan);
            chase_error("out of memory");
            return CHASE_EXIT_FAIL;
        }
        code = chase_curve_measure(s, &m, plan, nplan, stride, 0, 1, c, lv, nlv, &failed);
        free(plan);
    }
    return code ? code : chase_stop ? chase_signal_exit() : 0;
}

int chase_level_probed(const struct chase_opts *o, const struct chase_level *lv)
{
    if (o->level)
        return !strcmp(o->level, lv->name);
    return strcmp(lv->name, "TLB reach") != 0;
}

/* Whether name is one of cache's parts, and the first: "L1 near", "L1 part 1". */
static int part_of(const char *name, const char *cache, int *first)
{
    size_t n = strlen(cache);
    const char *rest = name + n + 1;

    if (strncmp(name, cache, n) || name[n] != ' ')
        return 0;
    *first = !strcmp(rest, "near") || !strcmp(rest, "part 1");
    return !strcmp(rest, "near") || !strcmp(rest, "far") || !strncmp(rest, "part ", 5);
}

void chase_level_asked(const struct chase_opts *o, struct chase_level *lv, size_t nlv, const char *kind)
{
    char parts[160] = "";
    size_t i, at = nlv, used = 0;
    int first;

    if (!o->level)
        return;
    /* The last level, memory, is no cache's part. */
    for (i = 0; i + 1 < nlv; i++) {
        if (!strcmp(lv[i].name, o->level))
            return;
        if (part_of(lv[i].name, o->level, &first)) {
            if (first && at == nlv)
                at = i;
            if (used < sizeof parts)
                used += (size_t)snprintf(parts + used, sizeof parts - used, "%s%s", used ? ", " : "", lv[i].name);
        }
    }
    if (at == nlv)
        return;
    if (!o->quiet)
        fprintf(stderr, "chase: %s: the sweep split %s into parts (%s): a partition, or a step noise made; "
                        "measuring %s at the first, %s\n", kind, o->level, parts, o->level, lv[at].name);
    snprintf(lv[at].name, sizeof lv[at].name, "%s", o->level);
}

int chase_levels_none(const struct chase_opts *o, const char *kind, const char *what)
{
    if (o->level)
        fprintf(stderr, "chase: %s: no cache level of that name (the last level, memory, has no %s to find)\n", kind,
                what);
    else
        fprintf(stderr, "chase: %s: the sweep found no cache level below memory\n", kind);
    return o->level ? CHASE_EXIT_USAGE : CHASE_EXIT_FAIL;
}
