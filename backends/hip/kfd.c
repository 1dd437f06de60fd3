/* kfd.c: reads cache levels from the KFD topology (nodes/N/properties and
 * nodes/N/caches/M/properties, "key value" lines; cache sizes in KiB). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kfd.h"

/* The value of key in a properties file, or -1. */
static long long prop(const char *path, const char *key)
{
    char line[256], k[128];
    long long v, found = -1;
    FILE *f = fopen(path, "r");

    if (!f)
        return -1;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "%127s %lld", k, &v) == 2 && !strcmp(k, key)) {
            found = v;
            break;
        }
    fclose(f);
    return found;
}

int kfd_last_cache(const char *root, int ordinal, int *level, uint64_t *bytes)
{
    char path[1024];
    int node, seen = -1, c;

    for (node = 0; node < 256; node++) {
        long long simds;
        snprintf(path, sizeof path, "%s/%d/properties", root, node);
        simds = prop(path, "simd_count");
        if (simds < 0)
            break;          /* no more nodes */
        if (simds == 0 || ++seen != ordinal)
            continue;       /* a CPU node, or another GPU */
        *level = 0;
        *bytes = 0;
        for (c = 0; c < 1024; c++) {
            long long l, kib;
            snprintf(path, sizeof path, "%s/%d/caches/%d/properties", root, node, c);
            l = prop(path, "level");
            kib = prop(path, "size");
            if (l < 0 || kib < 0)
                break;
            if (l > *level || (l == *level && (uint64_t)kib * 1024 > *bytes)) {
                *level = (int)l;
                *bytes = (uint64_t)kib * 1024;
            }
        }
        return *level > 0 ? 0 : -1;
    }
    return -1;
}
