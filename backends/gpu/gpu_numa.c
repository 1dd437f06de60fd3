/* gpu_numa.c: the host memory a device reads, on the device's NUMA node
 * (gpu_numa.h). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include "gpu_numa.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gpu_numa_cpulist(const char *s, cpu_set_t *set)
{
    int count = 0;

    CPU_ZERO(set);
    while (*s == ' ')
        s++;
    if (!*s || *s == '\n')
        return -1;
    for (;;) {
        char *e;
        long a, b;

        if (*s < '0' || *s > '9')
            return -1;
        a = strtol(s, &e, 10);
        b = a;
        if (*e == '-') {
            if (e[1] < '0' || e[1] > '9')
                return -1;
            b = strtol(e + 1, &e, 10);
        }
        if (a < 0 || b < a || b >= CPU_SETSIZE)
            return -1;
        for (; a <= b; a++)
            if (!CPU_ISSET((int)a, set)) {
                CPU_SET((int)a, set);
                count++;
            }
        s = e;
        if (*s == ',') {
            s++;
            continue;
        }
        while (*s == '\n' || *s == ' ')
            s++;
        return *s ? -1 : count;
    }
}

/* The first line of root/bus/pci/devices/D:B:V.0/name, or -1. */
static int read_attr(const char *root, unsigned domain, unsigned bus, unsigned device, const char *name, char *buf,
                     size_t len)
{
    char path[512];
    FILE *f;
    int ok;

    if ((size_t)snprintf(path, sizeof path, "%s/bus/pci/devices/%04x:%02x:%02x.0/%s", root, domain, bus, device,
                         name) >= sizeof path ||
        !(f = fopen(path, "r")))
        return -1;
    ok = fgets(buf, (int)len, f) != NULL;
    fclose(f);
    if (!ok)
        return -1;
    buf[strcspn(buf, "\n")] = 0;
    return 0;
}

int gpu_numa_bind(const char *root, unsigned domain, unsigned bus, unsigned device, struct gpu_numa *n, int *node,
                  char *words, size_t len)
{
    char list[4096], nd[32];
    cpu_set_t local, use;
    int k, count = 0;

    n->bound = 0;
    *node = -1;
    if (read_attr(root, domain, bus, device, "numa_node", nd, sizeof nd) == 0) {
        char *e;
        long v = strtol(nd, &e, 10);
        if (e != nd && !*e && v >= 0 && v < 4096)
            *node = (int)v;
    }
    if (read_attr(root, domain, bus, device, "local_cpulist", list, sizeof list) || gpu_numa_cpulist(list, &local) < 1) {
        snprintf(words, len, "not bound: sysfs gives no readable local_cpulist for the device %04x:%02x:%02x.0", domain, bus,
                 device);
        return 0;
    }
    if (pthread_getaffinity_np(pthread_self(), sizeof n->before, &n->before)) {
        snprintf(words, len, "not bound: pthread_getaffinity_np failed");
        return 0;
    }
    CPU_AND(&use, &local, &n->before);
    for (k = 0; k < CPU_SETSIZE; k++)
        count += CPU_ISSET(k, &use) != 0;
    if (!count) {
        snprintf(words, len, "not bound: this process may run on none of the device's local CPUs (%.100s)", list);
        return 0;
    }
    if ((errno = pthread_setaffinity_np(pthread_self(), sizeof use, &use))) {
        snprintf(words, len, "not bound: pthread_setaffinity_np: %s", strerror(errno));
        return 0;
    }
    n->bound = 1;
    if (*node >= 0)
        snprintf(words, len, "taken by a thread bound to the device's local CPUs %.100s (sysfs local_cpulist; %d of "
                 "them this process may use): its pages on NUMA node %d, the device's, where the process's memory "
                 "policy is the default (first touch)", list, count, *node);
    else
        snprintf(words, len, "taken by a thread bound to the device's local CPUs %.100s (sysfs local_cpulist; %d of "
                 "them this process may use); sysfs names no NUMA node for the device", list, count);
    return 1;
}

void gpu_numa_restore(struct gpu_numa *n)
{
    if (n->bound)
        pthread_setaffinity_np(pthread_self(), sizeof n->before, &n->before);
    n->bound = 0;
}
