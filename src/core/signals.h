/* signals.h: the signals that stop a measurement, and exit statuses. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_SIGNALS_H
#define CHASE_SIGNALS_H

#include <signal.h>

/* Set by SIGINT, SIGTERM, SIGHUP and SIGPIPE; measurements stop at the next point. */
extern volatile sig_atomic_t chase_stop;
void chase_catch_signals(void);
/* The exit status for the signal that stopped us (129, 130, 141, 143). */
int chase_signal_exit(void);
const char *chase_signal_name(void);
/* The signal a child's exit status says it was stopped by (one of the
 * four above: it exited 129, 130, 141 or 143, or they killed it), else 0:
 * a child killed by another signal (SIGKILL, SIGSEGV) failed, and the
 * parent goes on. */
int chase_stop_signal(int status);

/* An exit status for a backend's status. */
int chase_exit_for(int status);

#endif
