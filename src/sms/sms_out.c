/* sms_out.c: chase sms's tables (each probe, and a level's spread, which
 * the sweep writes too) and its report at a terminal. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "core/size.h"
#include "sms/sms.h"

#define SM(NAME, TYPE, F, FIELD) CHASE_COL(NAME, TYPE, struct chase_sm_row, F, FIELD, CHASE_R_NONE, 0)
static const struct chase_column sms_cols[] = {
    SM("sm", CHASE_INT, sm, CHASE_F_INT), SM("level", CHASE_TEXT, level, CHASE_F_STR),
    SM("bytes", CHASE_INT, bytes, CHASE_F_U64), SM("cycles", CHASE_REAL, cycles, CHASE_F_DOUBLE),
    SM("ns", CHASE_REAL, ns, CHASE_F_DOUBLE),
};
const struct chase_table chase_sms_table = {"sms", sms_cols, CHASE_COLS(sms_cols), NULL};

#define SP(NAME, TYPE, F, FIELD) CHASE_COL(NAME, TYPE, struct chase_sm_spread, F, FIELD, CHASE_R_NONE, 0)
static const struct chase_column spread_cols[] = {
    SP("level", CHASE_TEXT, level, CHASE_F_CHARS), SP("bytes", CHASE_INT, bytes, CHASE_F_U64),
    SP("walker_sm", CHASE_INT, walker_sm, CHASE_F_INT), SP("walker", CHASE_REAL, walker, CHASE_F_DOUBLE),
    SP("min", CHASE_REAL, min, CHASE_F_DOUBLE), SP("min_sm", CHASE_INT, min_sm, CHASE_F_INT),
    SP("median", CHASE_REAL, median, CHASE_F_DOUBLE), SP("max", CHASE_REAL, max, CHASE_F_DOUBLE),
    SP("max_sm", CHASE_INT, max_sm, CHASE_F_INT), SP("sms", CHASE_INT, sms, CHASE_F_UNSIGNED),
};
const struct chase_table chase_spread_table = {"spread", spread_cols, CHASE_COLS(spread_cols), "spread"};

int chase_sms_write_spread(struct chase_writer *w, const struct chase_sm_spread *sp, size_t nsp)
{
    return chase_writer_rows(w, &chase_spread_table, sp, nsp, sizeof *sp);
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
