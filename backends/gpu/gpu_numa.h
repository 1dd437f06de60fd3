/* gpu_numa.h: where the host memory a device reads lives.  The kernel
 * puts a page on the NUMA node of the CPU whose thread first touches it,
 * and a driver's pinned allocation touches its pages in the calling
 * thread: bound to the device's local CPUs (sysfs local_cpulist) while it
 * allocates, the pages are the device's node's, as a user who reads the
 * host from a GPU would place them.  Without the binding they are the
 * node of whichever CPU the thread happened to run on. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_GPU_NUMA_H
#define CHASE_GPU_NUMA_H

#include <sched.h>             /* cpu_set_t: config.h, first in every file, asks for it */
#include <stddef.h>

struct gpu_numa {
    int bound;                  /* this thread's CPUs were changed */
    cpu_set_t before;
};

/* A sysfs CPU list ("0-31,64-95") into set.  Returns how many CPUs it
 * names, or -1 where it is not such a list. */
int gpu_numa_cpulist(const char *s, cpu_set_t *set);
/* Binds this thread to the CPUs local to the PCI device
 * domain:bus:device.0 (sysfs under root: "/sys"), those of them it may
 * use.  *node: the device's NUMA node (-1: none named or not known);
 * words: what was done, or why not.  Returns 1 (bound) or 0. */
int gpu_numa_bind(const char *root, unsigned domain, unsigned bus, unsigned device, struct gpu_numa *n, int *node,
                  char *words, size_t len);
/* The thread's CPUs as they were before gpu_numa_bind. */
void gpu_numa_restore(struct gpu_numa *n);

#endif
