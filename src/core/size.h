/* size.h: byte sizes as users write them (64K, 1.5MiB) and as chase prints them. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_SIZE_H
#define CHASE_SIZE_H

#include <stddef.h>
#include <stdint.h>

/* Parses "4096", "64K", "1.5MiB", "2G": K M G T P E (or KiB...EiB) are
 * powers of 1024, in either case.  A fraction is exact: accepted only where
 * it comes to whole bytes, with no rounding.  Blanks before and after are
 * ignored.  Returns 0, or -1 with a reason in why (bytes untouched). */
int chase_size_parse(const char *text, uint64_t *bytes, char *why, size_t len);

/* "512 B", "48 KiB", "1.5 MiB": three significant digits at most. */
const char *chase_size_format(uint64_t bytes, char *buf, size_t len);

/* qsort's comparison of two sizes (uint64_t), smallest first. */
int chase_size_cmp(const void *a, const void *b);

#endif
