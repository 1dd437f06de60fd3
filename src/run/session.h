/* session.h: what every measurement does around its own work: choose and
 * open the backend, describe what is measured, catch signals, write the
 * output file safely, show progress. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_SESSION_H
#define CHASE_SESSION_H

#include <signal.h>
#include <time.h>

#include "core/backend.h"
#include "core/signals.h"
#include "core/curve.h"
#include "core/options.h"
#include "io/output.h"

#define CHASE_MAX_SLOTS 8

struct chase_session {
    const struct chase_opts *o;
    struct chase_backend_slot slots[CHASE_MAX_SLOTS];
    int nslots;
    struct chase_backend_slot *slot;
    const struct chase_backend *ops;
    void *dev;
    struct chase_devinfo info;
    struct chase_params params;
    struct chase_meta meta;     /* what was measured and how */
    struct chase_writer w;
    int writing;                /* w is open */
    int told;                   /* the writer's error was printed */
    int human;                  /* stdout is a terminal and no file or format was asked for */
    int progress;               /* progress lines on stderr */
    struct timespec t0;
};


/* Chooses the backend the options name (or the first usable one) and opens
 * device o->device with params (the caller fills what the measurement
 * needs; device, spec, cache_op, carveout, sm and max come from o unless
 * set).  Returns 0, or an exit status after printing why. */
int chase_session_open(struct chase_session *s, const struct chase_opts *o, const struct chase_params *params);
/* Fills s->meta with the tool, command, date, backend, device, timer, the
 * backend's settings and the driver's figures, under the kind given. */
void chase_session_describe(struct chase_session *s, const char *kind);
/* Opens the output (o->output or stdout) and writes the metadata.
 * Returns 0, or CHASE_EXIT_FILE after printing why. */
int chase_session_output(struct chase_session *s, const char *kind);
/* Ends the output with status, closes it (in place when complete), says
 * on stderr where partial rows were kept.  Returns 0 or CHASE_EXIT_FILE. */
int chase_session_finish(struct chase_session *s, const char *status);
/* The same, but a complete file is left under its temporary name
 * (s->w.tmp, CHASE_WRITER_ASIDE) for the caller to put in place or keep. */
int chase_session_finish_aside(struct chase_session *s, const char *status);

/* A plot drawn after the data is written: a failure (prc, err saying why)
 * is said on stderr and becomes *code unless an earlier failure already is
 * (the data stays, whatever became of the picture). */
void chase_plot_failed(int *code, int prc, const char *err);
/* Prints the writer's error once; returns CHASE_EXIT_FILE. */
int chase_session_write_failed(struct chase_session *s);
void chase_session_close(struct chase_session *s);
/* The device closed and opened again with params p (its info with it),
 * the output and metadata kept: a measurement's second setting.  0, or the
 * backend's CHASE_E* with its reason in err (the session then has no
 * device). */
int chase_session_reopen_device(struct chase_session *s, const struct chase_params *p, char *err, size_t len);
/* Opens the device o names and closes it: is it there?  Its backend's
 * name to backend.  Returns the exit status (0: there). */
int chase_session_check(const struct chase_opts *o, char *backend, size_t len);
/* The backend o names (or auto finds) and its count of devices, from its
 * probe alone: no device opened. */
int chase_session_backend(const struct chase_opts *o, char *backend, size_t len, int *ndevices);
/* Seconds since the session opened. */
double chase_session_elapsed(const struct chase_session *s);
/* One progress line on a terminal: what runs, how far. */
void chase_progress(const struct chase_session *s, const char *what, size_t done, size_t total,
                    const char *detail);
void chase_progress_done(const struct chase_session *s);

#endif
