/* fuzz_lanes.c: libFuzzer harness for the banks --lanes file parser: any text is read as lanes or refused with a reason, and no offset accepted lies outside the shared memory. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "banks/banks.h"
#include "fuzz.h"

#define HEADER 8

/* The first 8 bytes choose the call: lanes (1 to 64) from byte 0, the
 * width (1 to 65536 bytes) from bytes 1-2, the shared memory (0 to 2^40
 * bytes) from bytes 3-7; the rest is the file. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned lanes, width, i;
    uint64_t shared = 0;
    uint32_t *off;
    char why[300], *text;
    FILE *f;
    int rc;

    if (size < HEADER)
        return 0;
    lanes = 1u + data[0] % 64u;
    width = 1u + ((unsigned)data[1] | (unsigned)data[2] << 8);
    for (i = 0; i < 5; i++)
        shared |= (uint64_t)data[3 + i] << (8 * i);
    /* The file in a buffer of its own (never empty: fmemopen may refuse
     * size 0), and the offsets in one of exactly lanes entries, so ASan
     * sees a write past either. */
    text = malloc(size - HEADER + 1);
    off = malloc(lanes * sizeof *off);
    if (!text || !off)
        abort();
    memcpy(text, data + HEADER, size - HEADER);
    text[size - HEADER] = 0;
    f = fmemopen(text, size - HEADER ? size - HEADER : 1, "r");
    if (!f)
        abort();
    why[0] = 0;
    rc = chase_banks_read_lanes(f, "lanes", lanes, width, shared, off, why, sizeof why);
    fclose(f);
    if (rc) {
        if (rc != -1 || !why[0])
            abort();    /* a refusal is -1 and says why */
    } else {
        /* Every lane's word, width bytes at a multiple of width, lies
         * within the shared memory. */
        for (i = 0; i < lanes; i++)
            if (off[i] % width || (uint64_t)off[i] + width > shared)
                abort();
    }
    free(off);
    free(text);
    return 0;
}
