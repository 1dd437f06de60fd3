/* fuzz_report.c: libFuzzer harness for the report's reading of a part's file: any text read as documents has the first written as its report.md section, without a crash or a leak. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io/doc.h"
#include "report/report_md.h"
#include "fuzz.h"

/* The page goes to a directory of its own under $TMPDIR (or /tmp), made
 * once and removed at exit. */
static char dir[4096], page[4096 + 16];

static void cleanup(void)
{
    unlink(page);
    rmdir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct chase_doc *docs = NULL;
    struct chase_report_part part;
    char err[600];
    size_t n = 0;

    if (!page[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(dir, sizeof dir, "%s/chase-fuzz-report.XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
        if (!mkdtemp(dir))
            abort();
        snprintf(page, sizeof page, "%s/report.md", dir);
        atexit(cleanup);
    }
    err[0] = 0;
    if (chase_docs_parse("part.tsv", (const char *)data, size, &docs, &n, err, sizeof err)) {
        if (!err[0])
            abort();    /* a refusal always says why */
        return 0;
    }
    if (n) {
        /* One part that completed, named as the report names it: the
         * sweep's section for a sweep, the kind's own for the others. */
        memset(&part, 0, sizeof part);
        part.name = docs[0].kind[0] ? docs[0].kind : "part";
        part.what = "what the part measures";
        part.status = 0;
        part.seconds = 1.5;
        part.reason = "";
        part.file = "part.tsv";
        part.plot = "";
        part.doc = &docs[0];
        if (chase_report_markdown(page, &docs[0].meta, &part, 1, "complete"))
            abort();    /* a page in a directory of our own is written */
    }
    chase_docs_free(docs, n);
    return 0;
}
