/* doc.h: a file chase (or another tool) wrote, read back as documents:
 * metadata, named tables of typed cells, results and status. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_DOC_H
#define CHASE_DOC_H

#include <stddef.h>

#include "core/curve.h"
#include "io/output.h"

struct chase_doc_table {
    char name[48];
    char **cols;
    size_t ncols;
    struct chase_cell *cells;   /* nrows x ncols; texts are owned */
    unsigned *line;             /* each row's line in a text file; 0 for JSON */
    size_t nrows, cap;
    int summary;                /* TSV: '# ROW: ...' lines */
};

struct chase_doc {
    char kind[32];              /* sweep, banks, ...; "sweep" for files of other tools */
    int version;                /* chase's format version; 0: not chase's */
    struct chase_meta meta, results;
    struct chase_doc_table *tables;
    size_t ntables;
    char status[32];
    char source[64];            /* what the text was: chase, csv, columns, lmbench, gpu-benches */
};

/* What one file may hold at most; more is refused with a reason naming the
 * file, so no input makes the reader hold much more memory than the file
 * is large.  A document costs a few hundred bytes and its metadata, a row
 * 16 bytes a field, a JSON value (JSON is parsed whole first) about 150
 * bytes.  chase's own files stay within them: the writer fails past the
 * bytes and the documents (output.h), CHASE_READ_MAX_BYTES is
 * CHASE_JSON_MAX_BYTES, a sweep's JSON holds fewer values than
 * CHASE_JSON_MAX_VALUES in that many bytes (a row of 7 values takes 75
 * bytes), and a TSV row takes 16 bytes or more, so no file chase writes
 * reaches CHASE_READ_MAX_ROWS.  chase(1) documents them (Limits). */
#define CHASE_READ_MAX_BYTES (256L << 20)
#define CHASE_READ_MAX_DOCS 65536
#define CHASE_READ_MAX_ROWS (1L << 24)      /* rows of every table of the file together */

/* Every document in the file: chase's TSV, CSV or JSON (one, or several
 * as chase analyze writes them), plain columns (bytes, latency), lmbench's
 * lat_mem_rd.  Fills *docs and *n; returns 0, or -1 with a reason naming
 * the file and line. */
int chase_docs_read(const char *path, struct chase_doc **docs, size_t *n, char *err, size_t len);
/* The same from text already in memory (need not end in a NUL). */
int chase_docs_parse(const char *name, const char *text, size_t size, struct chase_doc **docs, size_t *n,
                     char *err, size_t len);
void chase_docs_free(struct chase_doc *docs, size_t n);

/* A table by name, or NULL; a column's index by name, or -1. */
const struct chase_doc_table *chase_doc_table(const struct chase_doc *d, const char *name);
int chase_doc_col(const struct chase_doc_table *t, const char *name);
/* A cell; NULL text and NAN for a missing one. */
const struct chase_cell *chase_doc_cell(const struct chase_doc_table *t, size_t row, size_t col);

/* Writes the document out again through a writer (already open), tables,
 * results and status included.  Returns 0 or -1 (w->err). */
int chase_doc_write(struct chase_writer *w, const struct chase_doc *d);

#endif
