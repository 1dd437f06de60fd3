/* format.h: the file formats chase writes and reads: their names. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_FORMAT_H
#define CHASE_FORMAT_H

enum chase_format { CHASE_FMT_TSV, CHASE_FMT_CSV, CHASE_FMT_JSON };

/* 0 and *fmt for "tsv", "csv" or "json"; -1 for any other name. */
int chase_format_parse(const char *name, enum chase_format *fmt);
const char *chase_format_name(enum chase_format fmt);

#endif
