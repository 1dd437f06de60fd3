/* cpu_bandwidth.h: the cpu backend's bandwidth hook (cpu_bandwidth.c). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_CPU_BANDWIDTH_H
#define CHASE_CPU_BANDWIDTH_H

#include <stddef.h>

#include "abi/chase_backend.h"

/* Every core at once, a thread pinned to each (chase_backend.h's hook). */
int cpu_bandwidth(void *dev, const struct chase_bw_req *rq, struct chase_bw_samples *out, char *err, size_t len);

#endif
