/* spawn.h: the report's children: this very program run again with a
 * part's (or a device's) arguments, its stderr to a log, its stdout to
 * nowhere. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_SPAWN_H
#define CHASE_SPAWN_H

#include <sys/types.h>

/* Starts chase with argv (argv[0] is only a name), stderr to log (made
 * afresh, never through a link), and env ("NAME=VALUE", or NULL) added to
 * its environment.  Returns the child's pid, or -1. */
pid_t chase_spawn_start(char *const *argv, const char *log, const char *env);
/* The same, with in (where not -1) as its standard input, and log NULL
 * for this process's stderr. */
pid_t chase_spawn_start_in(char *const *argv, const char *log, const char *env, int in);
/* Waits for one child; a signal the parent caught (chase_stop) goes on to
 * it, which keeps what it measured.  Returns its exit status, 128 + the
 * signal if one killed it, or -1. */
int chase_spawn_wait(pid_t pid);
/* Both: runs one child to its end. */
int chase_spawn(char *const *argv, const char *log, const char *env);

#endif
