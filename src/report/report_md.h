/* report_md.h: the report's page (report.md) and the comparison of reports. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_REPORT_MD_H
#define CHASE_REPORT_MD_H

#include <stddef.h>

#include "io/doc.h"
#include "core/options.h"

/* One part of a report as it ran. */
struct chase_report_part {
    const char *name, *what;
    int status;                 /* exit status; -1: not run */
    double seconds;
    const char *reason;         /* why it did not complete, or "" */
    const char *file, *plot;    /* in the report's directory, or "" */
    const struct chase_doc *doc;
};

/* Writes the one page a reader takes in.  Returns 0 or an exit status. */
int chase_report_markdown(const char *path, const struct chase_meta *meta, const struct chase_report_part *p,
                          size_t n, const char *status);
/* chase report -o DIR (report_cmd.c) */
int chase_report_main(const struct chase_opts *o);
/* chase report --devices all|LIST -o DIR (report_node.c): every device of a node */
int chase_report_node(const struct chase_opts *o);
/* chase report --compare DIR... -o OUT (report_compare.c) */
int chase_report_compare(const struct chase_opts *o);
/* chase fleet DIR... -o OUT (report_fleet.c): 0, CHASE_EXIT_OUTLIERS, or an error's status */
int chase_fleet_main(const struct chase_opts *o);

#endif
