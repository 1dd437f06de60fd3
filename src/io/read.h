/* read.h: reading saved curves back (chase's TSV, CSV, JSON, plain columns, lmbench). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_READ_H
#define CHASE_READ_H

#include <stddef.h>

#include "core/curve.h"

/* A path, or the name of a reference curve shipped in the data directory
 * ("h100" for .../h100.tsv).  Fills buf; returns 0, or -1 if neither exists. */
int chase_data_resolve(const char *name, char *buf, size_t len);
/* The first data directory (paths.h) holding file. */
int chase_data_find(const char *file, char *buf, size_t len);

/* Every curve the file holds (a file may hold several: chase analyze's
 * output, lmbench's strides).  Fills *out (free each with
 * chase_curve_free, then the array) and *n; returns 0, or -1 with a reason
 * naming the file and line. */
int chase_curves_read(const char *path, struct chase_curve **out, size_t *n, char *err, size_t len);
/* The first curve alone. */
int chase_curve_read(const char *path, struct chase_curve *c, char *err, size_t len);

#endif
