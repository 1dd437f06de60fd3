/* exitcode.h: chase's exit statuses, documented in chase(1). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_EXITCODE_H
#define CHASE_EXITCODE_H

enum {
    CHASE_EXIT_OK = 0,
    CHASE_EXIT_FAIL = 1,        /* a measurement, device or runtime failure */
    CHASE_EXIT_USAGE = 2,       /* bad command line */
    CHASE_EXIT_NODEV = 3,       /* backend or device unavailable */
    CHASE_EXIT_NOMEM = 4,       /* the working set does not fit */
    CHASE_EXIT_FILE = 5,        /* a file could not be read, parsed or written */
    CHASE_EXIT_PLOT = 6,        /* plotting failed; the data was still written */
    CHASE_EXIT_UNSUPPORTED = 7, /* the backend cannot make this measurement */
    CHASE_EXIT_BOUND = 8,       /* measured, but a figure lies past a physical bound (a defect, flagged) */
    CHASE_EXIT_MIXED = 9,       /* files of different devices or backends combined without --compare */
    CHASE_EXIT_OUTLIERS = 10,   /* chase fleet: done, and some GPU's figure lies outside its peers' */
    CHASE_EXIT_TARGET = 11,     /* --memory: the target memory is not available (no such device, no peer
                                   access, a backend with no such memory) */
    /* Stopped by a signal; what was measured so far is kept. */
    CHASE_EXIT_SIGHUP = 129,
    CHASE_EXIT_SIGINT = 130,
    CHASE_EXIT_SIGPIPE = 141,
    CHASE_EXIT_SIGTERM = 143
};

/* A part's exit status in words: a report's ("complete", "not supported by
 * this backend", "measured, no plot", "measured, past a physical bound", "interrupted",
 * "failed"; "not run" for a negative one), or terse for a line on stderr
 * ("done", "n/a", "no plot", "bound", "stopped", "failed"). */
const char *chase_exit_state(int code, int terse);

#endif
