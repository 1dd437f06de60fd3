/* report_md.c: a report as one Markdown page.
 * Every figure on the page is read from the parts' own files, and the
 * driver's figures are marked as the driver's. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "io/doc.h"
#include "io/md.h"
#include "core/exitcode.h"
#include "core/fresh.h"
#include "report/parts.h"
#include "report/report_md.h"

static void driver_table(FILE *f, const struct chase_meta *m)
{
    int k, any = 0;
    for (k = 0; k < m->n; k++) {
        if (strncmp(m->kv[k].key, "driver.", 7))
            continue;
        if (!any)
            fputs("| figure (the driver's or OS's, not measured) | value |\n|---|---|\n", f);
        any = 1;
        fputs("| ", f);
        chase_md_text(f, m->kv[k].key + 7);
        fputs(" | ", f);
        if (!strncmp(m->kv[k].key, "driver.cache.", 13) && m->kv[k].is_num) {
            char a[32];
            fputs(chase_md_size(m->kv[k].num, a, sizeof a), f);
        } else {
            chase_md_text(f, m->kv[k].val);
        }
        fputs(" |\n", f);
    }
    if (any)
        fputc('\n', f);
}

static const char *part_state(const struct chase_report_part *p)
{
    return chase_exit_state(p->status, 0);
}

/* What a reader wants first: each part's main figures in a line (its
 * headline hook), and what was not measured, and why. */
static void summary(FILE *f, const struct chase_report_part *p, size_t n)
{
    size_t i;
    int missing = 0;

    fputs("## Summary\n\n", f);
    for (i = 0; i < n; i++) {
        const struct chase_measurement *m = p[i].doc ? chase_measurement_find(p[i].doc->kind) : NULL;
        if (!p[i].doc)
            continue;
        fprintf(f, "- **%s**", p[i].name);
        if (p[i].status != 0 && p[i].status != CHASE_EXIT_PLOT)
            fprintf(f, " (%s)", part_state(&p[i]));
        fputs(": ", f);
        if (m && m->headline)
            m->headline(f, p[i].doc);
        else
            fprintf(f, "%s: see its section", p[i].what);
        fputs(".\n", f);
    }
    for (i = 0; i < n; i++)
        if (!p[i].doc) {
            if (!missing)
                fputs("\nNot measured:\n\n", f);
            missing = 1;
            fprintf(f, "- **%s** (%s): %s", p[i].name, p[i].what, part_state(&p[i]));
            if (p[i].reason && p[i].reason[0]) {
                fputs(": ", f);
                chase_md_text(f, p[i].reason);
            }
            fputs(".\n", f);
        }
    fputc('\n', f);
}

int chase_report_markdown(const char *path, const struct chase_meta *meta, const struct chase_report_part *p,
                          size_t n, const char *status)
{
    FILE *f = chase_fresh_fopen(path);
    const char *dev = chase_meta_get(meta, "device"), *be = chase_meta_get(meta, "backend");
    const char *date = chase_meta_get(meta, "date"), *cmd = chase_meta_get(meta, "command");
    const struct chase_report_part *first = NULL;
    double elapsed = 0;
    size_t i;

    if (!f) {
        fprintf(stderr, "chase: cannot write '%s': %s\n", path, strerror(errno));
        return CHASE_EXIT_FILE;
    }
    chase_meta_get_num(meta, "elapsed_s", &elapsed);
    fputs("# chase report: ", f);
    chase_md_text(f, dev ? dev : "unknown device");
    fputs(" (", f);
    chase_md_text(f, be ? be : "?");
    fputs(")\n\n", f);
    fprintf(f, "Measured by %s %s", PACKAGE_NAME, PACKAGE_VERSION);
    if (date) {
        fputs(" on ", f);
        chase_md_text(f, date);
    }
    fprintf(f, " in %.1f s; status: %s.", elapsed, status);
    if (cmd) {
        fputs(" Command: ", f);
        chase_md_code(f, cmd);
        fputs(".", f);
    }
    fputs(" Every figure below was measured by the part named, except where marked as the driver's; "
          "the driver's figures are in the appendix.\n\n", f);

    summary(f, p, n);

    for (i = 0; i < n; i++) {
        const struct chase_doc *d = p[i].doc;
        if (p[i].status != 0 && !d)
            continue;   /* listed under what was not measured */
        fprintf(f, "## %s: %s\n\n", p[i].name, p[i].what);
        if (!d) {
            fprintf(f, "%s; nothing was kept.\n\n", part_state(&p[i]));
            continue;
        }
        if (p[i].status != 0 && p[i].status != CHASE_EXIT_PLOT)
            fprintf(f, "**%s**: the rows measured before it stopped are shown.\n\n", part_state(&p[i]));
        /* The method in full once; later parts say what differs. */
        chase_md_how_since(f, d, first ? first->doc : NULL, first ? first->name : NULL);
        if (!first)
            first = &p[i];
        {
            /* The part's own section, or the generic one where it has none. */
            const struct chase_measurement *m = chase_measurement_find(d->kind);
            if (m && m->markdown)
                m->markdown(f, d, p[i].file);
            else
                chase_md_generic(f, d, p[i].file);
        }
        if (p[i].plot && p[i].plot[0])
            fprintf(f, "![%s](%s)\n\n", p[i].name, p[i].plot);
        else if (p[i].status == CHASE_EXIT_PLOT)
            /* One line of a fixed form: bench/replot.sh, having drawn the
             * plot from the script elsewhere, puts the image here. */
            fprintf(f, "Plot: not drawn here; its gnuplot script is `%s.gp`.\n\n", p[i].name);
        fprintf(f, "Data: `%s` (%.1f s).\n\n", p[i].file, p[i].seconds);
    }
    fputs("## Time\n\n| part | state | seconds |\n|---|---|---|\n", f);
    for (i = 0; i < n; i++)
        fprintf(f, "| %s | %s | %.1f |\n", p[i].name, part_state(&p[i]), p[i].status < 0 ? 0.0 : p[i].seconds);
    fprintf(f, "| all | %s | %.1f |\n\n", status, elapsed);
    fputs("## Appendix: the device as its driver describes it\n\n", f);
    driver_table(f, meta);
    if (ferror(f) | fclose(f)) {
        fprintf(stderr, "chase: writing '%s' failed\n", path);
        return CHASE_EXIT_FILE;
    }
    return 0;
}
