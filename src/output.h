/* output.h: streaming a curve to TSV, CSV or JSON. */
#ifndef CHASE_OUTPUT_H
#define CHASE_OUTPUT_H

#include <stdio.h>

#include "curve.h"

enum chase_format { CHASE_FMT_TSV, CHASE_FMT_CSV, CHASE_FMT_JSON };

struct chase_writer {
    FILE *f;
    int own;            /* opened by us: close it */
    enum chase_format fmt;
    size_t rows;
};

int chase_format_parse(const char *name, enum chase_format *fmt);

/* path NULL or "-": stdout.  Returns 0, or -1 with a reason. */
int chase_writer_open(struct chase_writer *w, const char *path, enum chase_format fmt,
                      char *why, size_t len);
void chase_writer_begin(struct chase_writer *w, const struct chase_meta *meta);
/* Writes one row and flushes it, so a crash or signal loses nothing measured. */
void chase_writer_row(struct chase_writer *w, const struct chase_row *r);
void chase_writer_end(struct chase_writer *w, const struct chase_level *lv, size_t nlv,
                      const char *status);
/* Returns 0, or -1 if anything failed to reach the file. */
int chase_writer_close(struct chase_writer *w);

/* Writes s as a JSON string, quoted and escaped. */
void chase_json_string(FILE *f, const char *s);

/* The column names, shared with the reader. */
#define CHASE_COLUMNS "bytes", "cycles", "p5", "p95", "ns", "samples"

#endif
