/* exitcode.h: chase's exit statuses, documented in chase(1). */
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
    CHASE_EXIT_SIGINT = 130,    /* interrupted; rows measured so far were kept */
    CHASE_EXIT_SIGTERM = 143
};

#endif
