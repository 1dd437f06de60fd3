/* md.c: Markdown for report.md: text in a table cell, numbers, sizes, a document's tables. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/size.h"
#include "io/md.h"

#define SMALL_TABLE 40      /* rows shown on the page; longer tables stay in their file */

/* Text in a Markdown table cell: no line breaks, no column bars. */
void chase_md_text(FILE *f, const char *s)
{
    /* Text from data (a device's name, another person's report) is text:
     * every character that could start Markdown or HTML (emphasis, code,
     * a link, a heading, a tag, an entity, a table cell) is escaped, and
     * line breaks become spaces, so no cell can open a block of its own. */
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\n' || c == '\r' || c == '\t')
            fputc(' ', f);
        else if (c < 0x20 || c == 0x7f)
            fputc('?', f);
        else if (c == '&')
            fputs("&amp;", f);
        else if (c == '<')
            fputs("&lt;", f);
        else if (c == '>')
            fputs("&gt;", f);
        else if (strchr("\\`*_[]#|!~", c))
            fprintf(f, "\\%c", c);
        else
            fputc(c, f);
    }
}

void chase_md_code(FILE *f, const char *s)
{
    size_t run = 0, most = 0, i;
    const char *p;

    /* A code span's fence is one backquote longer than the longest run in
     * the text, so no backquote in it can close the span early. */
    for (p = s ? s : ""; *p; p++) {
        run = *p == '`' ? run + 1 : 0;
        if (run > most)
            most = run;
    }
    for (i = 0; i <= most; i++)
        fputc('`', f);
    if (most)
        fputc(' ', f);
    for (p = s ? s : ""; *p; p++)
        fputc(*p == '\n' || *p == '\r' || *p == '\t' || (unsigned char)*p < 0x20 ? ' ' : *p, f);
    if (most)
        fputc(' ', f);
    for (i = 0; i <= most; i++)
        fputc('`', f);
}

void chase_md_num(FILE *f, double v)
{
    if (isnan(v))
        fputs("-", f);
    else if ((v == floor(v) || fabs(v) >= 1e4) && fabs(v) < 1e15)
        fprintf(f, "%.0f", v);     /* 31370 GB/s, not 3.137e+04 */
    else
        fprintf(f, "%.4g", v);
}

void chase_md_cell(FILE *f, const struct chase_cell *c)
{
    if (c->text)
        chase_md_text(f, c->text);
    else
        chase_md_num(f, c->num);
}

/* A document's table as a Markdown table (the first rows of a long one). */
void chase_md_table(FILE *f, const struct chase_doc_table *t, const char *file)
{
    size_t r, k, rows = t->nrows < SMALL_TABLE ? t->nrows : SMALL_TABLE;

    fputs("|", f);
    for (k = 0; k < t->ncols; k++) {
        fputc(' ', f);
        chase_md_text(f, t->cols[k]);
        fputs(" |", f);
    }
    fputs("\n|", f);
    for (k = 0; k < t->ncols; k++)
        fputs("---|", f);
    fputc('\n', f);
    for (r = 0; r < rows; r++) {
        fputs("|", f);
        for (k = 0; k < t->ncols; k++) {
            fputc(' ', f);
            chase_md_cell(f, chase_doc_cell(t, r, k));
            fputs(" |", f);
        }
        fputc('\n', f);
    }
    if (rows < t->nrows)
        fprintf(f, "\n(%zu more rows in `%s`, table `%s`.)\n", t->nrows - rows, file, t->name);
    fputc('\n', f);
}

const char *chase_md_meta_text(const struct chase_doc *d, const char *key)
{
    const char *v = d ? chase_meta_get(&d->meta, key) : NULL;
    return v ? v : "";
}

static const char *const how_keys[] = {"pattern", "stride", "cache_op", "carveout", "sm", "warm", "timer",
                                       "samples", "widths", "lanes", "block", "pages", "alloc", NULL};

/* What the part measured and how, from its metadata. */
void chase_md_how(FILE *f, const struct chase_doc *d)
{
    chase_md_how_since(f, d, NULL, NULL);
}

void chase_md_how_since(FILE *f, const struct chase_doc *d, const struct chase_doc *base, const char *base_name)
{
    int i, any = 0, same = 0;
    for (i = 0; how_keys[i]; i++) {
        const char *v = chase_meta_get(&d->meta, how_keys[i]);
        const char *b = base ? chase_meta_get(&base->meta, how_keys[i]) : NULL;
        if (!v)
            continue;
        if (b && !strcmp(b, v)) {
            same++;     /* said in the earlier part's section */
            continue;
        }
        if (!any) {
            if (same) {
                fputs("How it was measured: as ", f);
                chase_md_text(f, base_name);
                fputs(", except ", f);
            } else {
                fputs("How it was measured: ", f);
            }
        } else {
            fputs("; ", f);
        }
        fprintf(f, "%s: ", how_keys[i]);
        chase_md_text(f, v);
        any = 1;
    }
    if (any) {
        fputs(".\n\n", f);
    } else if (same) {
        fputs("How it was measured: as ", f);
        chase_md_text(f, base_name);
        fputs(".\n\n", f);
    }
}

/* A size from a file, as chase_size_format writes it; "-" for a figure
 * that is no size (NAN, negative, 2^64 or more: converting it to an
 * integer would be undefined). */
const char *chase_md_size(double v, char *buf, size_t len)
{
    if (!(v >= 0 && v < 18446744073709551616.0))
        return "-";
    return chase_size_format((uint64_t)v, buf, len);
}

/* Any other part: its results, its summary tables and its small tables. */
void chase_md_generic(FILE *f, const struct chase_doc *d, const char *file)
{
    size_t t;
    int k;

    if (d->results.n) {
        fputs("| result | value |\n|---|---|\n", f);
        for (k = 0; k < d->results.n; k++) {
            fputs("| ", f);
            chase_md_text(f, d->results.kv[k].key);
            fputs(" | ", f);
            chase_md_text(f, d->results.kv[k].val);
            fputs(" |\n", f);
        }
        fputc('\n', f);
    }
    for (t = 0; t < d->ntables; t++) {
        const struct chase_doc_table *dt = &d->tables[t];
        if (!strcmp(dt->name, "points"))
            continue;   /* the curve: in the plot and the file */
        fprintf(f, "Table `%s`:\n\n", dt->name);
        chase_md_table(f, dt, file);
    }
}

/* A cell's text or number, by column name (NULL or NAN when absent). */
const struct chase_cell *chase_md_cellv(const struct chase_doc_table *t, size_t r, const char *col)
{
    int c = chase_doc_col(t, col);
    return chase_doc_cell(t, r, c < 0 ? (size_t)-1 : (size_t)c);
}

void chase_md_put_cellv(FILE *f, const struct chase_doc_table *t, size_t r, const char *col)
{
    chase_md_cell(f, chase_md_cellv(t, r, col));
}
