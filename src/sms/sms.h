/* sms.h: a level's latency seen from every multiprocessor (chase sms, and
 * the spread the sweep reports). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_SMS_H
#define CHASE_SMS_H

#include "core/curve.h"
#include "core/measure.h"
#include "core/options.h"
#include "io/output.h"
#include "run/run.h"

#define CHASE_SMS_SAMPLES 4     /* timed samples a probe: the spread is tens of cycles, the noise tenths */

/* One level's latency over the multiprocessors. */
struct chase_sm_spread {
    char level[32];
    uint64_t bytes;             /* the working set probed */
    int walker_sm;              /* the sweep's own multiprocessor */
    double walker;              /* its latency there, cycles */
    double min, median, max;    /* over every multiprocessor, cycles */
    int min_sm, max_sm;
    unsigned sms;               /* multiprocessors probed */
};

/* One probe: multiprocessor sm read level at bytes. */
struct chase_sm_row {
    int sm;
    const char *level;
    uint64_t bytes;
    double cycles, ns;
};

extern const struct chase_table chase_sms_table;
extern const struct chase_table chase_spread_table;

/* Probes every level past the first from every multiprocessor, at the
 * middle of its plateau; fills sp (one per level probed).  rows, when not
 * NULL, receives every probe (it must hold nlv x units) and *nrows their
 * count.  Returns 0 or an exit status (chase_stop on a signal). */
int chase_sms_probe(struct chase_session *s, const struct chase_measure *m, const struct chase_curve *c,
                    uint64_t stride, const struct chase_level *lv, size_t nlv, struct chase_sm_spread *sp,
                    size_t *nsp, struct chase_sm_row *rows, size_t *nrows);
/* The sweep's use: the spread alone. */
int chase_sms_spread(struct chase_session *s, const struct chase_measure *m, const struct chase_curve *c,
                     uint64_t stride, const struct chase_level *lv, size_t nlv, struct chase_sm_spread *sp,
                     size_t *nsp);
int chase_sms_write_spread(struct chase_writer *w, const struct chase_sm_spread *sp, size_t nsp);
/* The map at a terminal: a line a level. */
void chase_sms_report(FILE *f, const struct chase_sm_spread *sp, size_t nsp);
/* chase sms: each multiprocessor's latency, a series a level. */
int chase_plot_sms(const struct chase_sm_row *rows, size_t n, const struct chase_meta *meta,
                   const struct chase_opts *o, const char *out, char *err, size_t len);
/* chase sms */
extern const struct chase_measurement chase_sms_measurement;

struct chase_doc;
/* Its section of report.md and its summary line (sms_out.c). */
void chase_sms_markdown(FILE *f, const struct chase_doc *d, const char *file);
void chase_sms_headline(FILE *f, const struct chase_doc *d);

#endif
