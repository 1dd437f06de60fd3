/* sms_out.c: chase sms's tables (each probe, and a level's spread, which
 * the sweep writes too) and its report at a terminal. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/size.h"
#include "sms/sms.h"

static const struct chase_column sms_cols[] = {
    CHASE_NAMED("sm", CHASE_INT), CHASE_NAMED("level", CHASE_TEXT), CHASE_NAMED("bytes", CHASE_INT), CHASE_NAMED("cycles", CHASE_REAL), CHASE_NAMED("ns", CHASE_REAL),
};
const struct chase_table chase_sms_table = {"sms", sms_cols, 5, NULL};

static const struct chase_column spread_cols[] = {
    CHASE_NAMED("level", CHASE_TEXT), CHASE_NAMED("bytes", CHASE_INT), CHASE_NAMED("walker_sm", CHASE_INT), CHASE_NAMED("walker", CHASE_REAL),
    CHASE_NAMED("min", CHASE_REAL), CHASE_NAMED("min_sm", CHASE_INT), CHASE_NAMED("median", CHASE_REAL), CHASE_NAMED("max", CHASE_REAL),
    CHASE_NAMED("max_sm", CHASE_INT), CHASE_NAMED("sms", CHASE_INT),
};
const struct chase_table chase_spread_table = {"spread", spread_cols, 10, "spread"};

static void spread_cells(const struct chase_sm_spread *p, struct chase_cell *c)
{
    memset(c, 0, 10 * sizeof *c);
    c[0].text = p->level;
    c[1].num = (double)p->bytes;
    c[2].num = p->walker_sm;
    c[3].num = p->walker;
    c[4].num = p->min;
    c[5].num = p->min_sm;
    c[6].num = p->median;
    c[7].num = p->max;
    c[8].num = p->max_sm;
    c[9].num = p->sms;
}

int chase_sms_write_spread(struct chase_writer *w, const struct chase_sm_spread *sp, size_t nsp)
{
    struct chase_cell cells[10];
    size_t i;

    if (chase_writer_table(w, &chase_spread_table))
        return -1;
    for (i = 0; i < nsp; i++) {
        spread_cells(&sp[i], cells);
        if (chase_writer_row(w, cells))
            return -1;
    }
    return 0;
}

/* The map at a terminal: one line a level, then the SMs that stand out. */
void chase_sms_report(FILE *f, const struct chase_sm_spread *sp, size_t nsp)
{
    char a[32];
    size_t i;

    fprintf(f, "%-12s %10s %14s %22s %10s %22s\n", "level", "bytes", "sweep's SM", "fastest SM", "median",
            "slowest SM");
    for (i = 0; i < nsp; i++) {
        char w[32], lo[32], hi[32];
        snprintf(w, sizeof w, "%d: %.1f", sp[i].walker_sm, sp[i].walker);
        snprintf(lo, sizeof lo, "%d: %.1f", sp[i].min_sm, sp[i].min);
        snprintf(hi, sizeof hi, "%d: %.1f", sp[i].max_sm, sp[i].max);
        fprintf(f, "%-12s %10s %14s %22s %10.1f %22s\n", sp[i].level, chase_size_format(sp[i].bytes, a, sizeof a),
                w, lo, sp[i].median, hi);
    }
    fprintf(f, "cycles: the median of %d samples of the chain from each multiprocessor\n", CHASE_SMS_SAMPLES);
}
