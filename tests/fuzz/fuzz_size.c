/* fuzz_size.c: libFuzzer harness for size parsing, and printing what it parsed. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "core/size.h"

/* A parse that fails must say why; one that succeeds must not have
 * touched why's promise.  Either way nothing is read past the text. */
static int parse(const char *text, uint64_t *v)
{
    char why[256];
    int rc;
    why[0] = 0;
    rc = chase_size_parse(text, v, why, sizeof why);
    if (rc && !why[0])
        abort();
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text, *padded, buf[32], plain[32];
    uint64_t v = 0, again = 0, back = 0, diff;
    unsigned u;
    size_t n;

    if (size > 4096)
        return 0;
    text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    n = strlen(text);

    /* Blanks on either side change nothing. */
    padded = malloc(n + 3);
    if (padded) {
        snprintf(padded, n + 3, " %s\t", text);
        if (parse(text, &v) != parse(padded, &again) || v != again)
            abort();
        free(padded);
    }
    if (parse(text, &v)) {
        free(text);
        return 0;
    }

    /* The value in plain digits reads back exactly. */
    snprintf(plain, sizeof plain, "%llu", (unsigned long long)v);
    if (parse(plain, &back) || back != v)
        abort();

    /* What chase prints, it reads back: exactly where the print is exact (a
     * whole number of its unit), else within its three digits' rounding. */
    for (u = 0; u < 6 && v >> (10 * (u + 1)); u++)
        ;
    chase_size_format(v, buf, sizeof buf);
    if (parse(buf, &back)) {
        if (!(v & ((1ULL << (10 * u)) - 1)))
            abort();
    } else {
        if (!(v & ((1ULL << (10 * u)) - 1)) && back != v)
            abort();
        diff = back > v ? back - v : v - back;
        if (diff > v / 100 + 1)
            abort();
    }
    free(text);
    return 0;
}
