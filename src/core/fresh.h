/* fresh.h: a file made anew in a directory chase writes into, never
 * written through a link someone else left there. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_FRESH_H
#define CHASE_FRESH_H

#include <stdio.h>

/* Removes path when it is a link or a regular file (a link goes, never
 * what it names), then creates it new (O_EXCL, O_NOFOLLOW): a descriptor,
 * or -1 with errno.  A directory or a device there is an error. */
int chase_fresh_open(const char *path);
/* The same as a stream for writing, or NULL with errno. */
FILE *chase_fresh_fopen(const char *path);

#endif
