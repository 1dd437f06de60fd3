/* fuzz_read.c: libFuzzer harness for the reader of saved files: any text
 * is read as documents or refused with a reason; what is read, written
 * back as chase's JSON, reads back with the same tables, and a document of
 * metadata alone reads back from TSV too. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io/doc.h"
#include "fuzz.h"
#include "io/output.h"

/* Writes doc to a memory stream in fmt and reads it back. */
static void round_trip(const struct chase_doc *d, enum chase_format fmt)
{
    struct chase_writer w;
    struct chase_doc *back = NULL;
    char *buf = NULL, err[600];
    size_t len = 0, n = 0, i;
    FILE *f = open_memstream(&buf, &len);

    if (!f)
        abort();
    memset(&w, 0, sizeof w);
    w.f = f;
    w.fmt = fmt;
    if (chase_doc_write(&w, d))
        abort();
    fclose(f);
    err[0] = 0;
    if (chase_docs_parse("round trip", buf, len, &back, &n, err, sizeof err)) {
        fprintf(stderr, "what chase wrote does not read back: %s\n%s\n", err, buf);
        abort();
    }
    if (n != 1 || back[0].ntables != d->ntables)
        abort();
    /* JSON learns a table's columns from its rows: an empty one has none. */
    for (i = 0; i < d->ntables; i++)
        if (back[0].tables[i].nrows != d->tables[i].nrows ||
            (d->tables[i].nrows && back[0].tables[i].ncols != d->tables[i].ncols) ||
            strcmp(back[0].tables[i].name, d->tables[i].name))
            abort();
    chase_docs_free(back, n);
    free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct chase_doc *docs = NULL;
    char err[600];
    size_t n = 0, i, t;

    err[0] = 0;
    if (chase_docs_parse("input", (const char *)data, size, &docs, &n, err, sizeof err)) {
        if (!err[0])
            abort();    /* a refusal always says why */
        return 0;
    }
    for (i = 0; i < n; i++) {
        int usable = 1;
        /* Only tables with columns and names the writer can put back. */
        for (t = 0; t < docs[i].ntables; t++)
            if (!docs[i].tables[t].ncols || strpbrk(docs[i].tables[t].name, "\t\n\r") )
                usable = 0;
        if (usable && docs[i].ntables) {
            round_trip(&docs[i], CHASE_FMT_JSON);
        }
        /* Metadata and results (any file's keys and values), kind and
         * status read back from TSV too: nothing written breaks a line or
         * becomes a structure line. */
        if (!docs[i].ntables)
            round_trip(&docs[i], CHASE_FMT_TSV);
    }
    chase_docs_free(docs, n);
    return 0;
}
