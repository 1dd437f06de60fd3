/* signals.c: the signals that stop a measurement, the exit status each
 * stop and each backend status becomes, and a status in words. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <string.h>

#include "abi/chase_backend.h"
#include "core/exitcode.h"
#include "core/signals.h"

volatile sig_atomic_t chase_stop;

static void on_signal(int sig)
{
    if (!chase_stop)
        chase_stop = sig;
}

void chase_catch_signals(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
    struct sigaction sa;
    size_t i;

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaction(sigs[i], &sa, NULL);
}

int chase_signal_exit(void)
{
    switch (chase_stop) {
    case SIGHUP:
        return CHASE_EXIT_SIGHUP;
    case SIGTERM:
        return CHASE_EXIT_SIGTERM;
    case SIGPIPE:
        return CHASE_EXIT_SIGPIPE;
    default:
        return CHASE_EXIT_SIGINT;
    }
}

const char *chase_signal_name(void)
{
    switch (chase_stop) {
    case SIGHUP:
        return "SIGHUP";
    case SIGTERM:
        return "SIGTERM";
    case SIGPIPE:
        return "SIGPIPE";
    default:
        return "SIGINT";
    }
}

int chase_stop_signal(int status)
{
    switch (status) {
    case CHASE_EXIT_SIGHUP:
        return SIGHUP;
    case CHASE_EXIT_SIGINT:
        return SIGINT;
    case CHASE_EXIT_SIGPIPE:
        return SIGPIPE;
    case CHASE_EXIT_SIGTERM:
        return SIGTERM;
    default:
        return 0;
    }
}

int chase_exit_for(int status)
{
    switch (status) {
    case CHASE_OK:
        return CHASE_EXIT_OK;
    case CHASE_EINVAL:
        return CHASE_EXIT_USAGE;
    case CHASE_ENODEV:
        return CHASE_EXIT_NODEV;
    case CHASE_ENOMEM:
        return CHASE_EXIT_NOMEM;
    case CHASE_ENOTSUP:
        return CHASE_EXIT_UNSUPPORTED;
    case CHASE_ETARGET:
        return CHASE_EXIT_TARGET;
    case CHASE_EINTR:
        return chase_signal_exit();
    default:
        return CHASE_EXIT_FAIL;
    }
}

const char *chase_exit_state(int code, int terse)
{
    if (code < 0)
        return "not run";
    if (code == CHASE_EXIT_OK)
        return terse ? "done" : "complete";
    if (code == CHASE_EXIT_UNSUPPORTED)
        return terse ? "n/a" : "not supported by this backend";
    if (code == CHASE_EXIT_PLOT)
        return terse ? "no plot" : "measured, no plot";
    if (code == CHASE_EXIT_BOUND)
        return terse ? "bound" : "measured, past a physical bound";
    if (chase_stop_signal(code))
        return terse ? "stopped" : "interrupted";
    return code >= 128 ? "killed" : "failed";
}
