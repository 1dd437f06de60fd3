/* test_numa.c: the gpu modules' NUMA binding for host memory
 * (backends/gpu/gpu_numa.c) on a made-up sysfs tree. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gpu_numa.h"
#include "tap.h"

static char root[256];

static void put(const char *dev, const char *name, const char *text)
{
    char path[512];
    FILE *f;

    snprintf(path, sizeof path, "%s/bus", root);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/bus/pci", root);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/bus/pci/devices", root);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/bus/pci/devices/%s", root, dev);
    mkdir(path, 0755);
    snprintf(path, sizeof path, "%s/bus/pci/devices/%s/%s", root, dev, name);
    if ((f = fopen(path, "w"))) {
        fputs(text, f);
        fclose(f);
    }
}

static void drop(const char *dev, const char *name)
{
    char path[512];

    snprintf(path, sizeof path, "%s/bus/pci/devices/%s/%s", root, dev, name);
    unlink(path);
    if (!name[0] || !strcmp(name, "local_cpulist")) {
        snprintf(path, sizeof path, "%s/bus/pci/devices/%s", root, dev);
        rmdir(path);
    }
}

int main(void)
{
    static const struct {
        const char *list;
        int count;
    } lists[] = {
        {"0-31\n", 32}, {"0-3,8,10-11", 7}, {"5", 1}, {"0-1,1-2", 3}, {"", -1}, {"\n", -1}, {"3-1", -1},
        {"a", -1}, {"0-", -1}, {"1,,2", -1}, {"0-99999", -1}, {"-1", -1}, {"1 2", -1},
    };
    cpu_set_t set, before, now;
    struct gpu_numa n;
    char words[400], text[64];
    int node = 7, first = -1, k, rc;
    char *tmp = getenv("TMPDIR");
    size_t i;

    for (i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        char shown[32];
        snprintf(shown, sizeof shown, "%.*s%s", (int)strcspn(lists[i].list, "\n"), lists[i].list,
                 strchr(lists[i].list, '\n') ? "\\n" : "");
        rc = gpu_numa_cpulist(lists[i].list, &set);
        tap_ok(rc == lists[i].count, "CPU list '%s': %d CPUs (got %d)", shown, lists[i].count, rc);
    }
    snprintf(root, sizeof root, "%s/chase-numa-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(root) || pthread_getaffinity_np(pthread_self(), sizeof before, &before)) {
        printf("1..0 # SKIP no temporary directory, or no affinity to read\n");
        return 0;
    }
    for (k = 0; k < CPU_SETSIZE && first < 0; k++)
        if (CPU_ISSET(k, &before))
            first = k;

    /* A device on node 1 whose local CPU is one this process may use. */
    snprintf(text, sizeof text, "%d\n", first);
    put("0000:17:00.0", "numa_node", "1\n");
    put("0000:17:00.0", "local_cpulist", text);
    rc = gpu_numa_bind(root, 0, 0x17, 0, &n, &node, words, sizeof words);
    pthread_getaffinity_np(pthread_self(), sizeof now, &now);
    tap_ok(rc == 1 && node == 1 && CPU_COUNT(&now) == 1 && CPU_ISSET(first, &now),
           "bound to the device's local CPU %d, node 1 (got %d, node %d: %s)", first, rc, node, words);
    tap_ok(strstr(words, "NUMA node 1") != NULL, "... and says so: %s", words);
    gpu_numa_restore(&n);
    pthread_getaffinity_np(pthread_self(), sizeof now, &now);
    tap_ok(CPU_EQUAL(&now, &before), "restored: the CPUs it had before");

    /* No node named (-1), as on a host of one node. */
    put("0000:17:00.0", "numa_node", "-1\n");
    rc = gpu_numa_bind(root, 0, 0x17, 0, &n, &node, words, sizeof words);
    tap_ok(rc == 1 && node == -1 && strstr(words, "names no NUMA node"), "numa_node -1: bound, no node said (%s)",
           words);
    gpu_numa_restore(&n);

    /* Local CPUs this process may not use: not bound, its CPUs unchanged. */
    snprintf(text, sizeof text, "%d\n", CPU_SETSIZE - 1);
    put("0000:17:00.0", "local_cpulist", text);
    rc = CPU_ISSET(CPU_SETSIZE - 1, &before) ? 0 : gpu_numa_bind(root, 0, 0x17, 0, &n, &node, words, sizeof words);
    pthread_getaffinity_np(pthread_self(), sizeof now, &now);
    tap_ok(rc == 0 && CPU_EQUAL(&now, &before), "local CPUs out of reach: not bound (%s)", words);
    gpu_numa_restore(&n);

    /* A list that is not one, and a device sysfs does not know. */
    put("0000:17:00.0", "local_cpulist", "garbage\n");
    rc = gpu_numa_bind(root, 0, 0x17, 0, &n, &node, words, sizeof words);
    tap_ok(rc == 0 && strstr(words, "not bound"), "a malformed local_cpulist: not bound (%s)", words);
    rc = gpu_numa_bind(root, 0, 0x18, 0, &n, &node, words, sizeof words);
    tap_ok(rc == 0 && node == -1 && strstr(words, "0000:18:00.0"), "no such device: not bound (%s)", words);

    drop("0000:17:00.0", "numa_node");
    drop("0000:17:00.0", "local_cpulist");
    snprintf(words, sizeof words, "%s/bus/pci/devices", root);
    rmdir(words);
    snprintf(words, sizeof words, "%s/bus/pci", root);
    rmdir(words);
    snprintf(words, sizeof words, "%s/bus", root);
    rmdir(words);
    rmdir(root);
    return tap_done();
}
