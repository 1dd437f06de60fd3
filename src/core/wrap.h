/* wrap.h: the reports chase prints for people, kept within a terminal's
 * 80 columns. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_WRAP_H
#define CHASE_WRAP_H

#include <stddef.h>
#include <stdio.h>

/* The width a report's lines are kept within: the terminal's classic 80
 * columns (a wider terminal loses nothing; a narrower one is rare). */
#define CHASE_WRAP_COLUMNS 80

/* A report written to a buffer first: chase_wrap_begin gives the stream to
 * write to (out itself where no buffer can be had: the report is then
 * printed as it is written, unwrapped); chase_wrap_end prints what was
 * written to out, each line longer than CHASE_WRAP_COLUMNS broken at
 * spaces, its continuation lines indented under the line's text after its
 * label ("key: ", "key   "), so prose reads as a hanging paragraph.
 * Tables are laid out to fit and pass through unchanged. */
struct chase_wrap {
    FILE *out, *mem;
    char *buf;
    size_t len;
};
FILE *chase_wrap_begin(struct chase_wrap *w, FILE *out);
void chase_wrap_end(struct chase_wrap *w);

/* A figure in a report's table: v with prec decimals, "-" where unknown. */
void chase_wrap_cell(char *buf, size_t len, double v, int prec);

/* Prints one line (without its newline) to out, wrapped as above. */
void chase_wrap_line(FILE *out, const char *line, size_t len, int width);

#endif
