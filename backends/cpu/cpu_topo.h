/* cpu_topo.h: the cpu backend's view of the CPU: the caches of the core it
 * measures on, and the pinning of its measuring thread to that core. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_CPU_TOPO_H
#define CHASE_CPU_TOPO_H

#include <stdint.h>

#include "abi/chase_backend.h"

struct cpu_topo;

/* The topology, from hwloc where chase was built with it, else from sysfs;
 * NULL only where memory runs out. */
struct cpu_topo *cpu_topo_open(void);
void cpu_topo_close(struct cpu_topo *t);

/* Pins the calling thread to one logical CPU, the last one this process
 * may run on (the first is where the OS most often runs its own work),
 * and says which and how in info's settings (pinned_cpu, pinning).
 * Returns 0, or -1 where it could not (the settings say why). */
int cpu_topo_pin(struct cpu_topo *t, struct chase_devinfo *info);

/* Lets the calling thread run where it could before cpu_topo_pin (the
 * bandwidth hook spreads its threads over every core), and pins it again. */
void cpu_topo_unpin(struct cpu_topo *t);
void cpu_topo_repin(struct cpu_topo *t);

/* The data and unified caches of the pinned CPU (cpu0 where none is) into
 * info: caches[], the facts lN[d]_bytes, lN[d]_line_bytes, lN[d]_ways and
 * lN[d]_shared_cpus, the default stride (the L1's line) and cache_source;
 * *largest is the largest cache's bytes. */
void cpu_topo_caches(struct cpu_topo *t, struct chase_devinfo *info, uint64_t *largest);

/* The first line of a sysfs (or procfs) file into buf, without its
 * newline; "" where the file cannot be read (a kernel without it). */
void cpu_read_line(const char *path, char *buf, size_t len);

#endif
