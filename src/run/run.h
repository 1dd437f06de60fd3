/* run.h: a measurement as a descriptor, and the one runner that gives
 * every measurement the same life: check, open, describe, levels, header,
 * measure, status, tables, results, report, finish, plot, close.
 *
 * A measurement is a folder of src/ (sweep, banks, ...) and one const
 * struct chase_measurement with designated initializers (fio's
 * ioengine_ops, UCX perftest's tests[]); cli/commands.c lists them.  The
 * runner owns everything the measurements share, so a measurement holds
 * only what is its own: its options' checks, its metadata, its points,
 * its analysis, its tables, its report and its plot.
 *
 * The rule of the file: the metadata is frozen once the header is
 * written (before measure for a measurement that streams rows, after it
 * otherwise: the hooks are called in the same order either way, so no
 * measurement depends on which); what is learnt while measuring goes to
 * r->results, written after the tables, with the run's elapsed_s last. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_RUN_H
#define CHASE_RUN_H

#include <stdio.h>

#include "core/curve.h"
#include "core/options.h"
#include "io/output.h"
#include "run/session.h"

/* Flags of a measurement. */
#define CHASE_M_LEVELS 0x1u     /* needs the sweep's levels: --from FILE, or a default sweep first */
#define CHASE_M_STREAM 0x2u     /* writes rows while it measures: the header goes out before measure */
#define CHASE_M_REPORT 0x4u     /* a part of chase report */
#define CHASE_M_LEVELS_OPT 0x8u /* takes the sweep's levels where --from names a file; none (no sweep) without */

struct chase_run;
struct chase_doc;

struct chase_measurement {
    const char *kind;           /* the subcommand, the file's kind, the report's part and file stem */
    const char *summary;        /* one line: help, the report's table of parts */
    unsigned flags;             /* CHASE_M_* */
    size_t state_size;          /* bytes of r->state, zeroed before the first hook */
    const char *unit;           /* what measure counts in r->kept, singular ("point", "row"): said when a signal stops it */
    unsigned options;           /* the option groups it takes (CHASE_G_*, core/options.h) */
    /* Its data tables' names, NULL-terminated, in the order written: the
     * names --table takes (checked before any device), the first being a
     * CSV's table by default. */
    const char *const *tables;

    /* Usage errors, before any device or file: 0 or an exit status
     * (after saying why).  NULL: none of its own. */
    int (*check)(const struct chase_opts *o);
    /* The backend's parameters to open with (r->lv holds --from's levels
     * already): 0 to open with p (zeroed before), CHASE_PARAMS_DEFAULT for
     * the session's defaults from the options (as a NULL hook), or an exit
     * status. */
    int (*params)(struct chase_run *r, struct chase_params *p);
    /* On the open device: 0, or CHASE_EXIT_UNSUPPORTED (or another
     * status) after saying why it cannot be measured here. */
    int (*supported)(struct chase_run *r);
    /* After the levels, before the metadata: may open the device again
     * with other parameters (chase_run_reopen).  0 or an exit status. */
    int (*prepare)(struct chase_run *r);
    /* The measurement's own metadata lines (r->s.meta already holds the
     * tool, device and driver's lines).  0 or an exit status. */
    int (*describe)(struct chase_run *r);
    /* Points and analysis.  Returns 0 or an exit status; a point that
     * failed sets r->failed (the status is then "failed"); chase_stop
     * ends it early (the runner turns that into "interrupted").  A
     * streaming measurement writes its rows to r->s.w as it goes. */
    int (*measure)(struct chase_run *r);
    /* What was learnt: results lines (the runner adds elapsed_s after). */
    void (*results)(struct chase_run *r, struct chase_meta *res);
    /* The tables after measure (and after a streamed table). 0 or -1 (w->err). */
    int (*write)(struct chase_writer *w, struct chase_run *r);
    /* For a person: on stdout when the data would go to a terminal, else
     * on stderr unless -q. */
    void (*report)(FILE *f, struct chase_run *r);
    /* After the file is closed in place (the sweep writes a refined file
     * again in order of size).  0 or an exit status. */
    int (*finished)(struct chase_run *r);
    /* Draws --plot: 0, an exit status with err saying why, or
     * CHASE_PLOT_NOTHING (no point to draw: no image, no error). */
    int (*plot)(struct chase_run *r, const char *out, char *err, size_t len);
    /* Frees r->state's own allocations (the runner frees the rest). */
    void (*free)(struct chase_run *r);
    /* Its section of report.md, from its file read back (file: the file's
     * name in the report's directory).  NULL: the report's generic one. */
    void (*markdown)(FILE *f, const struct chase_doc *d, const char *file);
    /* Its line in report.md's summary: the figures a reader wants first,
     * from its file read back, as Markdown text (no line break).  NULL:
     * the summary names the part and points to its section. */
    void (*headline)(FILE *f, const struct chase_doc *d);
};

#define CHASE_PLOT_NOTHING (-1)
#define CHASE_PARAMS_DEFAULT (-1)

struct chase_run {
    const struct chase_measurement *m;
    const struct chase_opts *o;
    struct chase_session s;
    struct chase_params p;                  /* what the device was opened with */
    int described;                          /* s.meta holds the session's lines */
    /* CHASE_M_LEVELS (CHASE_M_LEVELS_OPT with --from): the curve the levels
     * were found on, and them. */
    struct chase_curve curve;
    struct chase_level lv[CHASE_MAX_LEVELS];
    size_t nlv;
    struct chase_meta results;              /* written after the tables */
    void *state;                            /* the measurement's own */
    int failed;                             /* a point failed */
    int past_bound;                         /* a figure lies past a physical bound (core/bounds.h):
                                             * flagged in the data; the run exits CHASE_EXIT_BOUND */
    size_t kept;                            /* what was measured, in m->unit */
    int aside;                              /* finished writes the file again: a complete run's file is
                                             * set aside whole (s.w.tmp), not put in place */
};

/* Runs m with the options; returns chase's exit status. */
int chase_run(const struct chase_measurement *m, const struct chase_opts *o);

/* After a measurement's rows: none measured (every row's note says why,
 * or there is no row) is a failed run, said once on stderr naming what
 * it lacked ("operations", "copies"); measured: the rows holding a figure.
 * Returns 0 (something measured, or stopped by a signal) or
 * CHASE_EXIT_FAIL. */
int chase_run_nothing_measured(struct chase_run *r, size_t rows, size_t measured, const char *what);

/* Opens the device again with p (a measurement whose allocation or cache
 * operator depends on what the first open told), describing it again.
 * 0 or an exit status (said). */
int chase_run_reopen(struct chase_run *r, const struct chase_params *p);

#endif
