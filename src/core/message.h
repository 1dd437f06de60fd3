/* message.h: error messages, one line each whatever the text they quote. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_MESSAGE_H
#define CHASE_MESSAGE_H

#include <stdarg.h>

/* Prints "chase: " and the formatted text as one line on stderr.  What it
 * quotes from outside (an argument, a file name, a file's bytes) may hold
 * line breaks or terminal escapes: control characters are shown as \n, \t
 * or \xHH, so a message is one line and never drives the terminal. */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
void chase_error(const char *fmt, ...);
#if defined(__GNUC__)
__attribute__((format(printf, 1, 0)))
#endif
void chase_verror(const char *fmt, va_list ap);

/* Flushes standard output: CHASE_EXIT_OK, or CHASE_EXIT_FILE after saying
 * that writing it failed and why. */
int chase_stdout_done(void);

#endif
