/* table.h: a table's columns as the fields of a row struct, and writing a
 * table from an array of rows (or a curve) with them. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_TABLE_H
#define CHASE_TABLE_H

#include <stddef.h>

#include "core/curve.h"

enum chase_type { CHASE_INT, CHASE_REAL, CHASE_TEXT };

/* What a column's field is in its row struct (CHASE_F_NONE: no field, the
 * cell comes from the column's get, or is unknown). */
enum chase_field {
    CHASE_F_NONE, CHASE_F_DOUBLE, CHASE_F_U64, CHASE_F_UNSIGNED, CHASE_F_INT, CHASE_F_SIZE,
    CHASE_F_CHARS,              /* a char array: its text */
    CHASE_F_STR,                /* a const char *: its text */
};

/* How a number is rounded as it is written: a derived figure says no more
 * than it knows (13.999999999999996 is 14). */
enum chase_round {
    CHASE_R_NONE,
    CHASE_R_R2,                 /* to 2 decimals: a rough figure */
    CHASE_R_R4,                 /* to 4 decimals: a median of medians */
    CHASE_R_SIG6,               /* to 6 significant digits: a median of logarithms */
};

#define CHASE_ZERO_UNKNOWN 0x1u /* 0 (or "") is unknown: nan, null */

/* One cell: a number, or text where the column is CHASE_TEXT; NAN (or a
 * NULL text) is unknown: "nan" in TSV and CSV, null in JSON. */
struct chase_cell {
    double num;
    const char *text;
};

struct chase_column {
    const char *name;
    enum chase_type type;
    size_t off;                 /* offsetof(row struct, field) */
    enum chase_field field;
    enum chase_round round;
    unsigned flags;             /* CHASE_ZERO_UNKNOWN */
    /* A derived cell (the field is then CHASE_F_NONE): sets cell from the
     * row; rounded as the column says. */
    void (*get)(const void *row, struct chase_cell *cell);
};

/* A column of field F of struct S, and a derived one. */
#define CHASE_COL(NAME, TYPE, S, F, FIELD, ROUND, FLAGS) {NAME, TYPE, offsetof(S, F), FIELD, ROUND, FLAGS, NULL}
#define CHASE_GET(NAME, TYPE, GET, ROUND) {NAME, TYPE, 0, CHASE_F_NONE, ROUND, 0, GET}
/* The number of columns of an array of them. */
#define CHASE_COLS(a) (sizeof(a) / sizeof((a)[0]))

struct chase_table {
    const char *name;                   /* JSON member, TSV '# table:' name */
    const struct chase_column *col;
    size_t ncol;
    const char *row;                    /* summary tables: the TSV line's label ("level"); NULL: data */
};

/* The most columns a table written from rows has. */
#define CHASE_TABLE_MAX_COLS 32

/* The columns of a struct chase_row (a curve's points), one list: the
 * sweep's points, the TLB's curves and the reader's names. */
extern const struct chase_column chase_row_cols[7];

/* Rounds v as r says. */
double chase_round(double v, enum chase_round r);

/* The cells of one row of t (cells must hold t->ncol). */
void chase_table_cells(const struct chase_table *t, const void *row, struct chase_cell *cells);

struct chase_writer;
/* Begins t and writes its n rows, each size bytes apart from rows.  0 or
 * -1 (w->err). */
int chase_writer_rows(struct chase_writer *w, const struct chase_table *t, const void *rows, size_t n, size_t size);
/* One row of the table being written (a streamed one), from its struct. */
int chase_writer_put(struct chase_writer *w, const void *row);
/* Begins t and writes one row a point of c (t's columns: chase_row_cols). */
int chase_writer_curve(struct chase_writer *w, const struct chase_table *t, const struct chase_curve *c);

#endif
