/* replay.c: feeds a harness every file of its corpus without libFuzzer, so
 * make check keeps the regression inputs tested on every build. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The file's bytes in a buffer of exactly their size, so ASan sees a read
 * past the end as libFuzzer's builds do. */
static int replay(const char *path)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    long size;
    int rc = -1;

    if (!f)
        return -1;
    if (!fseek(f, 0, SEEK_END) && (size = ftell(f)) >= 0 && !fseek(f, 0, SEEK_SET) &&
        (buf = malloc(size ? (size_t)size : 1)) && fread(buf, 1, (size_t)size, f) == (size_t)size) {
        LLVMFuzzerTestOneInput(buf, (size_t)size);
        rc = 0;
    }
    free(buf);
    fclose(f);
    return rc;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : FUZZ_CORPUS;
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL, path[4096];
    size_t n = 0, i;
    int failed = 0;

    if (!d) {
        printf("not ok 1 - cannot open the corpus %s\n1..1\n", dir);
        return 1;
    }
    while ((e = readdir(d))) {
        char **more;
        if (e->d_name[0] == '.')
            continue;
        more = realloc(names, (n + 1) * sizeof *names);
        if (!more || !(more[n] = strdup(e->d_name))) {
            printf("Bail out! out of memory\n");
            return 1;
        }
        names = more;
        n++;
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, by_name);
    for (i = 0; i < n; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        /* A crash ends the program here; the harness reports the file. */
        printf("# %s\n", names[i]);
        fflush(stdout);
        if (replay(path)) {
            printf("not ok %zu - cannot read %s\n", i + 1, names[i]);
            failed = 1;
        } else {
            printf("ok %zu - %s\n", i + 1, names[i]);
        }
        free(names[i]);
    }
    free(names);
    if (!n) {
        printf("not ok 1 - the corpus %s is empty\n1..1\n", dir);
        return 1;
    }
    printf("1..%zu\n", n);
    return failed;
}
