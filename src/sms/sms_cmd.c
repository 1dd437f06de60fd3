/* sms_cmd.c: chase sms: every level past the first probed from every
 * multiprocessor, at the middle of its plateau. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/exitcode.h"
#include "sms/sms.h"

struct sms_state {
    struct chase_sm_spread sp[CHASE_MAX_LEVELS];
    size_t nsp;
    struct chase_sm_row *rows;
    size_t nrows;
    uint64_t stride;
};

static int supported(struct chase_run *r)
{
    if (!r->s.info.pinnable || r->s.info.units < 2) {
        fprintf(stderr, "chase: sms: the %s backend cannot run a load on a chosen multiprocessor\n",
                r->s.slot->name);
        return CHASE_EXIT_UNSUPPORTED;
    }
    return 0;
}

static int describe(struct chase_run *r)
{
    struct sms_state *st = r->state;
    struct chase_meta *meta = &r->s.meta;

    st->stride = r->s.info.default_stride ? r->s.info.default_stride : 128;
    chase_meta_add(meta, "pattern", "random");
    chase_meta_num(meta, "stride", (double)st->stride);
    chase_meta_num(meta, "samples", CHASE_SMS_SAMPLES);
    chase_meta_add(meta, "levels_from", "%s", r->o->from ? r->o->from : "a default sweep run first");
    return 0;
}

static int measure(struct chase_run *r)
{
    struct sms_state *st = r->state;
    struct chase_measure m;

    st->rows = calloc(r->nlv * r->s.info.units + 1, sizeof *st->rows);
    if (!st->rows)
        return CHASE_EXIT_FAIL;
    memset(&m, 0, sizeof m);
    m.ops = r->s.ops;
    m.dev = r->s.dev;
    m.pattern = CHASE_PATTERN_RANDOM;
    m.repeat = 1;
    m.seed = r->o->seed;
    m.sm = -2;
    return chase_sms_probe(&r->s, &m, &r->curve, st->stride, r->lv, r->nlv, st->sp, &st->nsp, st->rows,
                           &st->nrows);
}

static int write_tables(struct chase_writer *w, struct chase_run *r)
{
    const struct sms_state *st = r->state;

    if (chase_writer_rows(w, &chase_sms_table, st->rows, st->nrows, sizeof *st->rows))
        return -1;
    return chase_sms_write_spread(w, st->sp, st->nsp);
}

static void report(FILE *f, struct chase_run *r)
{
    const struct sms_state *st = r->state;
    chase_sms_report(f, st->sp, st->nsp);
}

static int plot(struct chase_run *r, const char *out, char *err, size_t len)
{
    const struct sms_state *st = r->state;
    if (!st->nrows)
        return CHASE_PLOT_NOTHING;
    return chase_plot_sms(st->rows, st->nrows, &r->s.meta, r->o, out, err, len);
}

static void release(struct chase_run *r)
{
    struct sms_state *st = r->state;
    if (st)
        free(st->rows);
}

/* Its data tables, in the order written (--table). */
static const char *const sms_tables[] = {"sms", NULL};

const struct chase_measurement chase_sms_measurement = {
    .kind = "sms",
    .summary = "each level's latency from every multiprocessor",
    .flags = CHASE_M_LEVELS | CHASE_M_REPORT,
    .state_size = sizeof(struct sms_state),
    .options = CHASE_G_DEVICE | CHASE_G_CACHE_OP | CHASE_G_FORMAT | CHASE_G_OUTPUT | CHASE_G_PLOT | CHASE_G_STYLE | CHASE_G_FROM,
    .tables = sms_tables,
    .supported = supported,
    .describe = describe,
    .measure = measure,
    .write = write_tables,
    .report = report,
    .plot = plot,
    .free = release,
    .markdown = chase_sms_markdown,
    .headline = chase_sms_headline,
};
