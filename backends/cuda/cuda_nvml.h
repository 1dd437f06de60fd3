/* cuda_nvml.h: what NVML (the driver's management library) says of the
 * links between GPUs and to the host, where the driver has it: the driver
 * API says whether a peer can be reached, not by what. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_CUDA_NVML_H
#define CHASE_CUDA_NVML_H

#include <stddef.h>

/* A PCI address as the driver API gives its parts. */
struct cuda_pci {
    unsigned domain, bus, device;
};

/* The NVLinks of GPU a: how many are active, to the peer b directly, and
 * to NVSwitches, in words ("NVLink: 18 links active, 18 to NVSwitches
 * (NVML)").  Returns 0, or -1 when NVML cannot say (out says why). */
int cuda_nvml_nvlink(const struct cuda_pci *a, const struct cuda_pci *b, char *out, size_t len);
/* GPU a's PCIe link: the generation and width now and at most. */
int cuda_nvml_pcie(const struct cuda_pci *a, char *out, size_t len);

#endif
