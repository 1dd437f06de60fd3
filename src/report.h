/* report.h: the human-readable account of a curve and its levels. */
#ifndef CHASE_REPORT_H
#define CHASE_REPORT_H

#include <stdio.h>

#include "chase_backend.h"
#include "curve.h"

/* The curve as a table a person reads. */
void chase_report_table(FILE *f, const struct chase_curve *c);
/* What was measured, and the levels beside the driver's figures (caches may be NULL). */
void chase_report_levels(FILE *f, const struct chase_curve *c, const struct chase_level *lv,
                         size_t nlv);

#endif
