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
 * (NVML)"), and *gbs the most a read of b's memory can move each way: the
 * links that reach b (directly or through NVSwitches) times the rate of
 * their version, or where none does a's PCIe link's (NAN: not known,
 * among them where NVML cannot say where an active link leads).
 * Returns 0, or -1 when NVML cannot say (out says why). */
int cuda_nvml_nvlink(const struct cuda_pci *a, const struct cuda_pci *b, char *out, size_t len, double *gbs);
/* GPU a's PCIe link: the generation and width now and at most, and *gbs
 * the most it moves each way at its most generation and width (NAN: not
 * known, or an active NVLink leads to something neither a GPU nor an
 * NVSwitch, as a CPU: the host may be reached over it). */
int cuda_nvml_pcie(const struct cuda_pci *a, char *out, size_t len, double *gbs);

#endif
