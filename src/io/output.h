/* output.h: writing what chase measured as TSV, CSV or JSON, streamed. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_OUTPUT_H
#define CHASE_OUTPUT_H

#include <stdio.h>

#include "core/curve.h"
#include "core/format.h"
#include "io/table.h"


/* The version of the file layout below, written in every file; a reader
 * takes this one and every one before it.
 * 2: tables named, summary tables, results.
 * 3: JSON typed (true/false for yes/no, null for nan); a report's
 *    report.json nests each part ("sweep": {"meta", "points", "levels",
 *    "results"}) where version 2 flattened it ("sweep.points"). */
#define CHASE_FORMAT_VERSION 3

/*
 * A file holds one measurement of one kind (sweep, banks, loads, ...):
 *
 *   TSV  '# format: chase 2', '# kind: K', then '# key: value' metadata;
 *        each table begins '# table: NAME'; a data table then has a
 *        'col<TAB>col...' header (format 2: '#col...') and tab-separated rows, data tables
 *        apart by two blank lines (gnuplot's 'index'); a summary table's
 *        rows are lines '# ROW: first<TAB>col=value...' (the sweep's
 *        '# level:' lines); results are '# key: value' lines after the
 *        tables; the last line is '# status: S'.
 *   CSV  one data table alone (w->only's, else the first): a header row
 *        and rows.
 *   JSON {"format": "chase", "version": 2, "kind": K, "meta": {...},
 *        "TABLE": [{col: value, ...}, ...] for each table, "results": {...},
 *        "status": S}; numbers as numbers, null where unknown.
 *
 * Rows are flushed as they are written, so a crash or a signal loses
 * nothing measured.
 */
struct chase_writer {
    FILE *f;
    enum chase_format fmt;
    const char *path;           /* what the user named; NULL: stdout */
    char tmp[4096];             /* the file written until it is complete, or "" */
    char dest[4096];            /* where tmp goes when complete: path, or the file its link names */
    const char *only;           /* CSV: the data table it holds (--table); NULL: the first */
    int only_seen;              /* that table was begun */
    int tables;                 /* tables begun */
    const struct chase_table *table;    /* the one being written */
    size_t rows;                /* rows of that table */
    size_t data_rows;           /* rows of data tables, in all */
    long long good;             /* bytes of the temporary that were written whole */
    size_t good_rows;           /* data rows within them */
    int results;                /* results written */
    int depth;                  /* JSON: objects opened within the document (chase_writer_object) */
    int first;                  /* JSON: the next member is its object's first (no comma before it) */
    long long bytes;            /* written so far: at most what chase reads back (CHASE_READ_MAX_BYTES) */
    size_t docs;                /* documents begun after the first (CHASE_READ_MAX_DOCS) */
    int failed;
    char err[4400];
};


/* Where an output named path goes.  Returns 1 when it is written in place
 * (a device, a pipe, or one of chase's own standard streams, as
 * /dev/stdout is), 0 when it is a regular file or a new one, to be written
 * under a temporary name beside dest and renamed to dest (path, or the
 * file a symbolic link names: the link stays a link), or -1 (dest too long). */
int chase_output_dest(const char *path, char *dest, size_t len);

/* path NULL or "-": stdout.  A regular file is written under a temporary
 * name in its directory and renamed over path only when chase_writer_close
 * is told the measurement completed, so a failed or interrupted run never
 * replaces an older file.  Each call below returns 0, or -1 with the
 * reason (naming the file) in w->err; after a failure every call fails.
 * What chase writes, chase reads: a file that would hold more bytes or
 * documents than the reader takes (doc.h) fails as a write does. */
int chase_writer_open(struct chase_writer *w, const char *path, enum chase_format fmt);
int chase_writer_begin(struct chase_writer *w, const char *kind, const struct chase_meta *meta);
int chase_writer_table(struct chase_writer *w, const struct chase_table *t);
int chase_writer_row(struct chase_writer *w, const struct chase_cell *cells);
/* Key/values that sum the measurement up (after every table). */
int chase_writer_results(struct chase_writer *w, const struct chase_meta *results);
/* JSON: key/value pairs as an object member named member ("meta",
 * "results"), inside the object open now; TSV: '# key: value' lines. */
int chase_writer_keyvalues(struct chase_writer *w, const char *member, const struct chase_meta *m);
/* JSON: opens (open 1) or closes (open 0) an object member named name in
 * the document, which tables and key/values then go into (a report's parts:
 * "sweep": {"meta": {...}, "points": [...]}); TSV and CSV: nothing. */
int chase_writer_object(struct chase_writer *w, const char *name, int open);
int chase_writer_end(struct chase_writer *w, const char *status);
/* Several documents in one file (chase analyze of several curves): TSV
 * documents follow each other; JSON ones make an array, opened by
 * chase_writer_array before the first and closed after the last. */
int chase_writer_array(struct chase_writer *w, int open);
int chase_writer_next(struct chase_writer *w);
/* Closes the file.  complete: flush it to the disk (fsync), then rename it
 * into place.  Otherwise the rows so far are kept under PATH.partial (an
 * older PATH stays as it was) and saved names it.  Returns 0, or -1 with
 * the reason in w->err. */
int chase_writer_close(struct chase_writer *w, int complete, char *saved, size_t len);
/* complete for a file that is complete but is not to be put in place: it
 * is closed (on the disk) and left under its temporary name, w->tmp, for
 * the caller to rename or remove (a sweep writes its rows again in order
 * of size and puts that file in place instead).  Standard output and
 * devices close as when complete. */
#define CHASE_WRITER_ASIDE 2

/* The length of the valid UTF-8 sequence at s (not at its NUL), or 0 if it
 * is not one (overlong forms, surrogates, past U+10FFFF): what the writer
 * escapes and the reader takes as text, one rule. */
size_t chase_utf8_len(const unsigned char *s);

/* Writes s as a JSON string, quoted and escaped; returns -1 on a write error. */
int chase_json_string(FILE *f, const char *s);

#endif
