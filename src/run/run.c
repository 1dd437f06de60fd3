/* run.c: the one life every measurement lives (run.h says which). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/exitcode.h"
#include "core/message.h"
#include "core/wrap.h"
#include "run/run.h"
#include "run/source.h"

int chase_run_nothing_measured(struct chase_run *r, size_t rows, size_t measured, const char *what)
{
    if (chase_stop || measured)
        return 0;
    fprintf(stderr, "chase: %s: nothing was measured: the %s backend has none of the %s%s\n", r->m->kind,
            r->s.slot->name, what, rows ? " this device can run (the rows' notes say why)" : "");
    r->failed = 1;
    return CHASE_EXIT_FAIL;
}

int chase_run_reopen(struct chase_run *r, const struct chase_params *p)
{
    int code;

    chase_session_close(&r->s);
    r->p = *p;
    r->described = 0;
    if ((code = chase_session_open(&r->s, r->o, &r->p)))
        return code;
    chase_session_describe(&r->s, r->m->kind);
    r->described = 1;
    return 0;
}

/* --table names one of the measurement's data tables, or it is a usage
 * error that lists them (before any device: no measurement is lost). */
static int table_check(const struct chase_measurement *m, const char *name)
{
    char names[256] = "";
    size_t i, used = 0;

    for (i = 0; m->tables && m->tables[i]; i++) {
        if (!strcmp(m->tables[i], name))
            return 0;
        if (used < sizeof names)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", m->tables[i]);
    }
    if (!i)
        chase_error("chase %s writes no data table to pick with --table", m->kind);
    else
        chase_error("chase %s writes no table '%s' (its data tables: %s)", m->kind, name, names);
    fprintf(stderr, "Try 'chase %s --help' for more information.\n", m->kind);
    return CHASE_EXIT_USAGE;
}

/* Everything before the points: the levels (--from's before any device),
 * the device, the metadata. */
static int start(struct chase_run *r)
{
    const struct chase_measurement *m = r->m;
    const struct chase_opts *o = r->o;
    struct chase_params p;
    int code, from = (m->flags & (CHASE_M_LEVELS | CHASE_M_LEVELS_OPT)) && o->from, own = 0;

    if (m->check && (code = m->check(o)))
        return code;
    if (o->table && (code = table_check(m, o->table)))
        return code;
    if (from && (code = chase_levels_source(o, NULL, &r->curve, r->lv, &r->nlv)))
        return code;
    memset(&p, 0, sizeof p);
    if (m->params) {
        code = m->params(r, &p);
        if (code > 0)
            return code;
        own = code == 0;
    }
    r->p = p;
    if ((code = chase_session_open(&r->s, o, own ? &r->p : NULL)))
        return code;
    if (from && (code = chase_levels_source_check(o, &r->s, &r->curve)))
        return code;
    if (m->supported && (code = m->supported(r)))
        return code;
    if ((m->flags & CHASE_M_LEVELS) && !from) {
        /* The default sweep names its levels by the driver's caches: it
         * reads them from the session's metadata. */
        chase_session_describe(&r->s, m->kind);
        r->described = 1;
        if ((code = chase_levels_source(o, &r->s, &r->curve, r->lv, &r->nlv)))
            return code;
    }
    if (m->prepare && (code = m->prepare(r)))
        return code;
    if (!r->described) {
        chase_session_describe(&r->s, m->kind);
        r->described = 1;
    }
    return m->describe ? m->describe(r) : 0;
}

/* The status line's word, and the exit status, once measure is done. */
static const char *state(struct chase_run *r, int *code)
{
    if (chase_stop) {
        *code = chase_signal_exit();
        /* A reader that went away (`chase | head`) took what it wanted:
         * nothing to say, as cat or grep say nothing.  Rows that went to
         * standard output are the reader's, not kept by chase. */
        if (r->m->unit && *code != CHASE_EXIT_SIGPIPE)
            fprintf(stderr, "chase: stopped by %s after %zu %s%s%s\n", chase_signal_name(), r->kept, r->m->unit,
                    r->kept == 1 ? "" : "s", r->o->output ? "; they are kept" : "");
        return "interrupted";
    }
    return *code || r->failed ? "failed" : "complete";
}

/* Tables, results, the report, the file put in place: what was measured
 * is written whatever became of the points. */
static int write_out(struct chase_run *r, const char **status, int code)
{
    struct chase_session *s = &r->s;
    const struct chase_measurement *m = r->m;
    int rc;

    if (m->results)
        m->results(r, &r->results);
    chase_meta_num(&r->results, "elapsed_s", floor(chase_session_elapsed(s) * 100 + 0.5) / 100);
    if (!(m->flags & CHASE_M_STREAM) && (rc = chase_session_output(s, m->kind)))
        return code ? code : rc;
    if (!s->human && !s->w.failed &&
        ((m->write && m->write(&s->w, r)) || chase_writer_results(&s->w, &r->results))) {
        rc = chase_session_write_failed(s);
        if (!code)
            code = rc;
        *status = "failed";
    }
    if (m->report && (s->human || !r->o->quiet)) {
        struct chase_wrap wr;
        m->report(chase_wrap_begin(&wr, s->human ? stdout : stderr), r);
        chase_wrap_end(&wr);
    }
    rc = r->aside && !strcmp(*status, "complete") ? chase_session_finish_aside(s, *status)
                                                  : chase_session_finish(s, *status);
    if (rc && !code)
        code = rc;
    if (!rc && m->finished && !strcmp(*status, "complete") && (rc = m->finished(r)) && !code)
        code = rc;
    return code;
}

/* --plot, from what was measured; a run that did not complete leaves an
 * older image as it was, as it leaves an older data file. */
static void plot(struct chase_run *r, const char *status, int *code)
{
    char err[600];
    int prc;

    if (!r->o->plot || !r->m->plot)
        return;
    if (strcmp(status, "complete")) {
        if (access(r->o->plot, F_OK) == 0)
            fprintf(stderr, "chase: no plot drawn: the run is %s; '%s' was left as it was\n", status, r->o->plot);
        else
            fprintf(stderr, "chase: no plot drawn: the run is %s\n", status);
        return;
    }
    prc = r->m->plot(r, r->o->plot, err, sizeof err);
    if (prc != CHASE_PLOT_NOTHING)
        chase_plot_failed(code, prc, err);
    /* Say where it went: a plot is often asked for beside data on stdout. */
    if (!prc && !r->o->quiet)
        fprintf(stderr, "chase: plot: %s\n", r->o->plot);
}

int chase_run(const struct chase_measurement *m, const struct chase_opts *o)
{
    struct chase_run *r = calloc(1, sizeof *r);
    const char *status;
    int code;

    if (!r || (m->state_size && !(r->state = calloc(1, m->state_size)))) {
        free(r);
        chase_error("out of memory");
        return CHASE_EXIT_FAIL;
    }
    r->m = m;
    r->o = o;
    /* From the start: a signal while --from's file is read (a FIFO may
     * block) stops the run as it stops a measurement. */
    chase_catch_signals();
    code = start(r);
    if (code && chase_stop)
        code = chase_signal_exit();
    if (!code && (m->flags & CHASE_M_STREAM))
        code = chase_session_output(&r->s, m->kind);
    if (!code) {
        code = m->measure(r);
        chase_progress_done(&r->s);
        status = state(r, &code);
        code = write_out(r, &status, code);
        plot(r, status, &code);
        /* Written and drawn whole, for the flagged figure to be looked at;
         * the status tells a script not to take it. */
        if (!code && r->past_bound)
            code = CHASE_EXIT_BOUND;
    }
    chase_session_close(&r->s);
    if (m->free)
        m->free(r);
    chase_curve_free(&r->curve);
    chase_meta_free(&r->results);
    free(r->state);
    free(r);
    return code;
}
