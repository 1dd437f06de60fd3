/* table.c: a table's cells from its row structs, by the columns' offsets. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/output.h"
#include "io/table.h"

#define ROW(NAME, TYPE, F, FIELD) CHASE_COL(NAME, TYPE, struct chase_row, F, FIELD, CHASE_R_NONE, 0)
/* The clock over a point, derived: its cycles over its ns (MHz).  The
 * GPU's cycles are the multiprocessor's clock and the cpu backend's are
 * core cycles (the counter's ticks times the core clock timed beside each
 * sample), so this is the core clock the point ran at; a point whose clock
 * differs from its neighbours' ran while the clock moved. */
static void row_mhz(const void *row, struct chase_cell *cell)
{
    const struct chase_row *r = row;
    cell->num = r->ns > 0 && isfinite(r->ns) ? r->cycles / r->ns * 1000 : NAN;
}

const struct chase_column chase_row_cols[7] = {
    ROW("bytes", CHASE_INT, bytes, CHASE_F_U64), ROW("cycles", CHASE_REAL, cycles, CHASE_F_DOUBLE),
    ROW("p5", CHASE_REAL, p5, CHASE_F_DOUBLE), ROW("p95", CHASE_REAL, p95, CHASE_F_DOUBLE),
    ROW("ns", CHASE_REAL, ns, CHASE_F_DOUBLE), ROW("samples", CHASE_INT, samples, CHASE_F_UNSIGNED),
    CHASE_GET("mhz", CHASE_REAL, row_mhz, CHASE_R_SIG6),
};

/* A figure to 6 significant digits, through its shortest text. */
static double sig6(double v)
{
    char buf[32];
    if (!isfinite(v))
        return v;
    snprintf(buf, sizeof buf, "%.6g", v);
    return strtod(buf, NULL);
}

double chase_round(double v, enum chase_round r)
{
    switch (r) {
    case CHASE_R_R2:
        return floor(v * 100 + 0.5) / 100;
    case CHASE_R_R4:
        return isfinite(v) ? floor(v * 1e4 + 0.5) / 1e4 : v;
    case CHASE_R_SIG6:
        return sig6(v);
    case CHASE_R_NONE:
        break;
    }
    return v;
}

/* The field's value (memcpy: a row need not be aligned for it). */
static void field(const struct chase_column *k, const char *p, struct chase_cell *c)
{
    double d;
    uint64_t u;
    unsigned un;
    int i;
    size_t z;

    switch (k->field) {
    case CHASE_F_NONE:
        c->num = NAN;
        break;
    case CHASE_F_DOUBLE:
        memcpy(&d, p, sizeof d);
        c->num = d;
        break;
    case CHASE_F_U64:
        memcpy(&u, p, sizeof u);
        c->num = (double)u;
        break;
    case CHASE_F_UNSIGNED:
        memcpy(&un, p, sizeof un);
        c->num = un;
        break;
    case CHASE_F_INT:
        memcpy(&i, p, sizeof i);
        c->num = i;
        break;
    case CHASE_F_SIZE:
        memcpy(&z, p, sizeof z);
        c->num = (double)z;
        break;
    case CHASE_F_CHARS:
        c->text = p;
        break;
    case CHASE_F_STR:
        memcpy(&c->text, p, sizeof c->text);
        break;
    }
}

void chase_table_cells(const struct chase_table *t, const void *row, struct chase_cell *cells)
{
    size_t j;

    for (j = 0; j < t->ncol; j++) {
        const struct chase_column *k = &t->col[j];
        struct chase_cell *c = &cells[j];
        c->num = 0;
        c->text = NULL;
        if (k->get)
            k->get(row, c);
        else
            field(k, (const char *)row + k->off, c);
        if (k->flags & CHASE_ZERO_UNKNOWN) {
            if (c->num == 0)
                c->num = NAN;
            if (c->text && !c->text[0])
                c->text = NULL;
        }
        if (!c->text)
            c->num = chase_round(c->num, k->round);
    }
}

int chase_writer_put(struct chase_writer *w, const void *row)
{
    struct chase_cell cells[CHASE_TABLE_MAX_COLS];

    if (w->table && w->table->ncol > CHASE_TABLE_MAX_COLS) {
        snprintf(w->err, sizeof w->err, "internal error: table %s has too many columns", w->table->name);
        w->failed = 1;
        return -1;
    }
    if (w->table)
        chase_table_cells(w->table, row, cells);
    return chase_writer_row(w, cells);
}

int chase_writer_rows(struct chase_writer *w, const struct chase_table *t, const void *rows, size_t n, size_t size)
{
    size_t i;

    if (chase_writer_table(w, t))
        return -1;
    for (i = 0; i < n; i++)
        if (chase_writer_put(w, (const char *)rows + i * size))
            return -1;
    return 0;
}

int chase_writer_curve(struct chase_writer *w, const struct chase_table *t, const struct chase_curve *c)
{
    return chase_writer_rows(w, t, c->rows, c->n, sizeof *c->rows);
}
