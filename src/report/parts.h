/* parts.h: the measurements chase has, in the order a report runs them:
 * the one list that the commands, the help, the report and its Markdown
 * take them from. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_PARTS_H
#define CHASE_PARTS_H

#include <stddef.h>

#include "run/run.h"

/* The sweep first (the others read its levels), the fast ones before the
 * long ones. */
extern const struct chase_measurement *const chase_measurements[];
extern const size_t chase_nmeasurements;

/* The measurement of that kind, or NULL. */
const struct chase_measurement *chase_measurement_find(const char *kind);

#endif
