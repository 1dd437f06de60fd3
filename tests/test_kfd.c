/* test_kfd.c: the KFD topology reader on a made-up sysfs tree. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kfd.h"
#include "tap.h"

static char root[256];

static void put(const char *rel, const char *text)
{
    char path[512], dir[512], *slash;
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", root, rel);
    snprintf(dir, sizeof dir, "%s", path);
    for (slash = strchr(dir + strlen(root) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
        *slash = 0;
        mkdir(dir, 0755);
        *slash = '/';
    }
    f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

int main(void)
{
    int level = -1, rc;
    uint64_t bytes = 0;
    char cmd[300];
    char *tmp = getenv("TMPDIR");

    snprintf(root, sizeof root, "%s/chase-kfd-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(root)) {
        printf("1..0 # SKIP no temporary directory\n");
        return 0;
    }
    /* Node 0 a CPU; nodes 1 and 2 GPUs; node 2 has an L3 (the MALL). */
    put("0/properties", "cpu_cores_count 64\nsimd_count 0\n");
    put("0/caches/0/properties", "level 3\nsize 262144\n");
    put("1/properties", "cpu_cores_count 0\nsimd_count 1216\n");
    put("1/caches/0/properties", "processor_id_low 4097\nlevel 1\nsize 16\ncache_line_size 64\n");
    put("1/caches/1/properties", "processor_id_low 4097\nlevel 2\nsize 8192\ncache_line_size 128\n");
    put("2/properties", "simd_count 1216\n");
    put("2/caches/0/properties", "level 2\nsize 4096\n");
    put("2/caches/1/properties", "level 3\nsize 262144\n");
    put("2/caches/2/properties", "level 1\nsize 32\n");

    rc = kfd_last_cache(root, 0, &level, &bytes);
    tap_ok(rc == 0 && level == 2 && bytes == 8192ull * 1024,
           "GPU 0 (node 1, after a CPU node): last level L2, 8 MiB (got L%d, %llu B)", level,
           (unsigned long long)bytes);
    rc = kfd_last_cache(root, 1, &level, &bytes);
    tap_ok(rc == 0 && level == 3 && bytes == 262144ull * 1024,
           "GPU 1 (node 2): last level L3, 256 MiB (got L%d, %llu B)", level, (unsigned long long)bytes);
    tap_ok(kfd_last_cache(root, 2, &level, &bytes) == -1, "GPU 2 does not exist");
    tap_ok(kfd_last_cache("/nonexistent/kfd", 0, &level, &bytes) == -1, "no topology: nothing found");
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", root);
    return tap_done();
}
