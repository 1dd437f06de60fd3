/* kfd.h: GPU cache sizes from the amdgpu driver's KFD topology in sysfs. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_KFD_H
#define CHASE_KFD_H

#include <stdint.h>

#define KFD_TOPOLOGY "/sys/class/kfd/kfd/topology/nodes"

/* The largest cache level the topology lists for the ordinal-th GPU node
 * (nodes with SIMDs, in node order, as the runtime numbers devices), and
 * its size.  Returns 0, or -1 if the topology says nothing. */
int kfd_last_cache(const char *root, int ordinal, int *level, uint64_t *bytes);

#endif
