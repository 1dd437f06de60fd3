/* loads_out.c: chase loads' report.md section. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>

#include "io/md.h"
#include "loads/loads.h"

/* chase loads: the seed's table. */
void chase_loads_markdown(FILE *f, const struct chase_doc *d, const char *file)
{
    const struct chase_doc_table *t = chase_doc_table(d, "loads");
    size_t r;

    if (!t) {
        chase_md_generic(f, d, file);
        return;
    }
    fputs("| level | working set | load | lanes | latency, cycles: median (mean) | the sweep's | issue, cycles (N) | "
          "B/cycle, warp | B/cycle, SM | note |\n|---|---|---|---|---|---|---|---|---|---|\n", f);
    for (r = 0; r < t->nrows; r++) {
        char a[32];
        double bytes = chase_md_cellv(t, r, "bytes")->num;
        fputs("| ", f);
        chase_md_put_cellv(f, t, r, "level");
        fprintf(f, " | %s | b%.0f | ", chase_md_size(bytes, a, sizeof a),
                chase_md_cellv(t, r, "width")->num * 8);
        chase_md_put_cellv(f, t, r, "lanes");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "latency");
        /* Files written before the mean was kept have no such column. */
        if (chase_doc_col(t, "latency_mean") >= 0 && !isnan(chase_md_cellv(t, r, "latency_mean")->num)) {
            fputs(" (", f);
            chase_md_put_cellv(f, t, r, "latency_mean");
            fputs(")", f);
        }
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "sweep_latency");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "issue");
        fputs(" (", f);
        chase_md_put_cellv(f, t, r, "n");
        fputs(chase_md_cellv(t, r, "settled")->num == 0 ? ", not settled) | " : ") | ", f);
        chase_md_put_cellv(f, t, r, "bytes_per_cycle_warp");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "bytes_per_cycle_sm");
        fputs(" | ", f);
        if (chase_md_cellv(t, r, "note")->text)
            chase_md_text(f, chase_md_cellv(t, r, "note")->text);
        fputs(" |\n", f);
    }
    fprintf(f, "\nLatency: from the first clock read to the use of one load's result, the median of its samples (their mean in brackets: a sweep's figure is a chain's mean); issue: (T(N) - T(1)) / (N - 1), "
               "the cycles each further independent load adds; T(N) for every N is in `%s` (table convergence).\n\n",
            file);
}
