/* cuda_nvml.c: the links NVML names (cuda_nvml.h).  libnvidia-ml ships
 * with the driver, not the toolkit: it is opened at run time, and where
 * it is missing the link is said to be unknown.  Only the few types used
 * are declared here, as NVML's documentation gives them. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "cuda_nvml.h"

typedef int nvml_ret;
typedef struct nvml_device *nvml_dev;
/* nvmlPciInfo_t: the legacy bus id, domain, bus, device, the PCI ids, the
 * bus id; the tail is room to spare. */
struct nvml_pci {
    char bus_id_legacy[16];
    unsigned domain, bus, device, pci_device_id, pci_subsystem_id;
    char bus_id[32];
    char spare[64];
};

#define NVML_LINKS 18           /* the most any GPU has had (Hopper) */
#define NVML_TYPE_GPU 0         /* nvmlIntNvLinkDeviceType_t */
#define NVML_TYPE_SWITCH 2

static struct {
    void *lib;
    int tried, ok;
    nvml_ret (*init)(void);
    nvml_ret (*by_bus)(const char *, nvml_dev *);
    nvml_ret (*link_state)(nvml_dev, unsigned, int *);
    nvml_ret (*remote_pci)(nvml_dev, unsigned, struct nvml_pci *);
    nvml_ret (*remote_type)(nvml_dev, unsigned, int *);
    nvml_ret (*gen)(nvml_dev, unsigned *);
    nvml_ret (*width)(nvml_dev, unsigned *);
    nvml_ret (*max_gen)(nvml_dev, unsigned *);
    nvml_ret (*max_width)(nvml_dev, unsigned *);
} nv;

static int open_nvml(char *out, size_t len)
{
    if (!nv.tried) {
        nv.tried = 1;
        nv.lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
        if (nv.lib) {
            *(void **)&nv.init = dlsym(nv.lib, "nvmlInit_v2");
            *(void **)&nv.by_bus = dlsym(nv.lib, "nvmlDeviceGetHandleByPciBusId_v2");
            *(void **)&nv.link_state = dlsym(nv.lib, "nvmlDeviceGetNvLinkState");
            *(void **)&nv.remote_pci = dlsym(nv.lib, "nvmlDeviceGetNvLinkRemotePciInfo_v2");
            *(void **)&nv.remote_type = dlsym(nv.lib, "nvmlDeviceGetNvLinkRemoteDeviceType");
            *(void **)&nv.gen = dlsym(nv.lib, "nvmlDeviceGetCurrPcieLinkGeneration");
            *(void **)&nv.width = dlsym(nv.lib, "nvmlDeviceGetCurrPcieLinkWidth");
            *(void **)&nv.max_gen = dlsym(nv.lib, "nvmlDeviceGetMaxPcieLinkGeneration");
            *(void **)&nv.max_width = dlsym(nv.lib, "nvmlDeviceGetMaxPcieLinkWidth");
            nv.ok = nv.init && nv.by_bus && nv.init() == 0;
        }
    }
    if (!nv.ok)
        snprintf(out, len, "unknown: %s", nv.lib ? "NVML did not start" : "no NVML (libnvidia-ml.so.1) here");
    return nv.ok ? 0 : -1;
}

static int handle(const struct cuda_pci *p, nvml_dev *d)
{
    char id[32];

    snprintf(id, sizeof id, "%08x:%02x:%02x.0", p->domain, p->bus, p->device);
    return nv.by_bus(id, d) == 0 ? 0 : -1;
}

int cuda_nvml_nvlink(const struct cuda_pci *a, const struct cuda_pci *b, char *out, size_t len)
{
    nvml_dev d;
    unsigned i, active = 0, direct = 0, sw = 0;

    if (open_nvml(out, len))
        return -1;
    if (!nv.link_state || handle(a, &d)) {
        snprintf(out, len, "unknown: NVML does not know this GPU's links");
        return -1;
    }
    for (i = 0; i < NVML_LINKS; i++) {
        int on = 0, type = -1;
        struct nvml_pci r;
        if (nv.link_state(d, i, &on) != 0 || !on)
            continue;
        active++;
        if (nv.remote_type && nv.remote_type(d, i, &type) == 0 && type == NVML_TYPE_SWITCH) {
            sw++;
            continue;
        }
        memset(&r, 0, sizeof r);
        if (nv.remote_pci && nv.remote_pci(d, i, &r) == 0 && r.domain == b->domain && r.bus == b->bus &&
            r.device == b->device)
            direct++;
    }
    if (!active)
        snprintf(out, len, "no NVLink active (NVML): PCIe");
    else if (sw)
        snprintf(out, len, "NVLink: %u links active, %u to NVSwitches, %u to the peer directly (NVML)", active, sw,
                 direct);
    else
        snprintf(out, len, "NVLink: %u links active, %u to the peer (NVML)%s", active, direct,
                 direct ? "" : ": the peer is reached over PCIe");
    return 0;
}

int cuda_nvml_pcie(const struct cuda_pci *a, char *out, size_t len)
{
    nvml_dev d;
    unsigned g = 0, w = 0, mg = 0, mw = 0;

    if (open_nvml(out, len))
        return -1;
    if (!nv.gen || !nv.width || handle(a, &d) || nv.gen(d, &g) || nv.width(d, &w)) {
        snprintf(out, len, "unknown: NVML does not know this GPU's PCIe link");
        return -1;
    }
    if (nv.max_gen && nv.max_width && !nv.max_gen(d, &mg) && !nv.max_width(d, &mw))
        snprintf(out, len, "PCIe Gen%u x%u now, Gen%u x%u at most (NVML; an idle link may run slower)", g, w, mg,
                 mw);
    else
        snprintf(out, len, "PCIe Gen%u x%u now (NVML)", g, w);
    return 0;
}
