/* md.h: Markdown for report.md: text in a table cell, numbers, sizes, a document's tables. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_MD_H
#define CHASE_MD_H

#include <stddef.h>
#include <stdio.h>

#include "io/doc.h"

/* Text in a Markdown table cell: no line breaks, no column bars (NULL: nothing). */
void chase_md_text(FILE *f, const char *s);
/* s as an inline code span, whatever backquotes it holds. */
void chase_md_code(FILE *f, const char *s);
/* A figure: "-" for NAN, an integer or one of 10^4 and more without
 * decimals, else four figures. */
void chase_md_num(FILE *f, double v);
/* A cell: its text, else its figure. */
void chase_md_cell(FILE *f, const struct chase_cell *c);
/* A document's table as a Markdown table (the first rows of a long one;
 * file: where the rest are). */
void chase_md_table(FILE *f, const struct chase_doc_table *t, const char *file);
/* A metadata line's value, or "" (d may be NULL). */
const char *chase_md_meta_text(const struct chase_doc *d, const char *key);
/* "How it was measured: ...", from the document's metadata (nothing when
 * it has none of the keys). */
void chase_md_how(FILE *f, const struct chase_doc *d);
/* The same, said once: with an earlier part's document (base, NULL: none)
 * only what differs from it ("as sweep, except samples: 4"). */
void chase_md_how_since(FILE *f, const struct chase_doc *d, const struct chase_doc *base, const char *base_name);
/* A size as chase_size_format writes it into buf; "-" for a figure that is
 * no size (NAN, negative, 2^64 or more). */
const char *chase_md_size(double v, char *buf, size_t len);
/* Row r's cell of column col (a cell that reads as NAN when there is no
 * such column). */
const struct chase_cell *chase_md_cellv(const struct chase_doc_table *t, size_t r, const char *col);
/* That cell, written as chase_md_cell does. */
void chase_md_put_cellv(FILE *f, const struct chase_doc_table *t, size_t r, const char *col);
/* A document's results, its summary tables and its small tables: a
 * part's section when it has none of its own. */
void chase_md_generic(FILE *f, const struct chase_doc *d, const char *file);

#endif
