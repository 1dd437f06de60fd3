/* cuda_nvml.c: the links NVML names (cuda_nvml.h).  libnvidia-ml ships
 * with the driver, not the toolkit: it is opened at run time, and where
 * it is missing the link is said to be unknown.  Only the few types used
 * are declared here, as NVML's documentation gives them. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <dlfcn.h>
#include <math.h>
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
    nvml_ret (*version)(nvml_dev, unsigned, unsigned *);
} nv;

/* GB/s one NVLink carries each way, by the version code NVML gives
 * (nvmlNvlinkVersion_t: 1 is 1.0, 2 and 3 are 2.x, 4 and 5 are 3.x, 6 is
 * 4.0, 7 is 5.0; drivers before that enum gave 1 to 4, which map to the
 * same rates): 20 for NVLink 1, 25 for 2 to 4, 50 for 5.  0: not known. */
static double nvlink_gbs(unsigned code)
{
    return code == 1 ? 20 : code >= 2 && code <= 6 ? 25 : code == 7 ? 50 : 0;
}

/* GB/s one PCIe lane carries each way at generation g (after its line
 * code: 8b/10b to Gen2, 128b/130b to Gen5, Gen6's flits 242 of 256).
 * 0: not known. */
static double pcie_lane_gbs(unsigned g)
{
    static const double rate[] = {0, 0.25, 0.5, 8.0 * 128 / 130 / 8, 16.0 * 128 / 130 / 8, 32.0 * 128 / 130 / 8,
                                  64.0 * 242 / 256 / 8};
    return g < sizeof rate / sizeof rate[0] ? rate[g] : 0;
}

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
            *(void **)&nv.version = dlsym(nv.lib, "nvmlDeviceGetNvLinkVersion");
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

/* Does an active NVLink of d lead to something neither a GPU nor an
 * NVSwitch (a CPU: POWER9's NVLink to its V100s), or one NVML cannot
 * name?  Then the host may not lie behind the PCIe link alone. */
static int nvlink_elsewhere(nvml_dev d)
{
    unsigned i;

    if (!nv.link_state)
        return 0;
    for (i = 0; i < NVML_LINKS; i++) {
        int on = 0, type = -1;
        if (nv.link_state(d, i, &on) != 0 || !on)
            continue;
        if (!nv.remote_type || nv.remote_type(d, i, &type) != 0 ||
            (type != NVML_TYPE_GPU && type != NVML_TYPE_SWITCH))
            return 1;
    }
    return 0;
}

int cuda_nvml_nvlink(const struct cuda_pci *a, const struct cuda_pci *b, char *out, size_t len, double *gbs)
{
    nvml_dev d;
    unsigned i, active = 0, direct = 0, sw = 0, code = 0;
    double sum = 0;
    int known = 1, mixed = 0;

    *gbs = NAN;
    if (open_nvml(out, len))
        return -1;
    if (!nv.link_state || handle(a, &d)) {
        snprintf(out, len, "unknown: NVML does not know this GPU's links");
        return -1;
    }
    for (i = 0; i < NVML_LINKS; i++) {
        int on = 0, type = -1, reaches = 0;
        unsigned v = 0;
        struct nvml_pci r;
        if (nv.link_state(d, i, &on) != 0 || !on)
            continue;
        active++;
        /* A link whose far end NVML cannot name may reach the peer through
         * a switch: no bound is reckoned then. */
        if (!nv.remote_type || nv.remote_type(d, i, &type) != 0)
            known = 0;
        else if (type == NVML_TYPE_SWITCH) {
            sw++;
            reaches = 1;
        } else {
            memset(&r, 0, sizeof r);
            if (nv.remote_pci && nv.remote_pci(d, i, &r) == 0 && r.domain == b->domain && r.bus == b->bus &&
                r.device == b->device) {
                direct++;
                reaches = 1;
            }
        }
        /* The links that reach the peer, each at its version's rate. */
        if (reaches) {
            if (nv.version && nv.version(d, i, &v) == 0 && nvlink_gbs(v) > 0) {
                sum += nvlink_gbs(v);
                mixed |= code && code != v;
                code = v;
            } else
                known = 0;
        }
    }
    if (!active)
        snprintf(out, len, "no NVLink active (NVML): PCIe");
    else if (sw)
        snprintf(out, len, "NVLink: %u links active, %u to NVSwitches, %u to the peer directly (NVML)", active, sw,
                 direct);
    else
        snprintf(out, len, "NVLink: %u links active, %u to the peer (NVML)%s", active, direct,
                 direct ? "" : ": the peer is reached over PCIe");
    if (sw + direct && known) {
        size_t n = strlen(out);
        *gbs = sum;
        if (!mixed)
            snprintf(out + n, len - n, "; version code %u, %g GB/s a link each way: %g GB/s", code,
                     nvlink_gbs(code), sum);
        else
            snprintf(out + n, len - n, "; links of several versions: %g GB/s each way", sum);
    } else if (!(sw + direct) && known) {
        /* No NVLink reaches the peer: the reads cross this GPU's PCIe link
         * (its words are in the host's runs; here only its figure). */
        char pcie[200];
        double p = NAN;
        size_t n = strlen(out);
        if (!cuda_nvml_pcie(a, pcie, sizeof pcie, &p) && p > 0) {
            *gbs = p;
            snprintf(out + n, len - n, "; PCIe: %.4g GB/s each way at most", p);
        }
    }
    return 0;
}

int cuda_nvml_pcie(const struct cuda_pci *a, char *out, size_t len, double *gbs)
{
    nvml_dev d;
    unsigned g = 0, w = 0, mg = 0, mw = 0;

    *gbs = NAN;
    if (open_nvml(out, len))
        return -1;
    if (!nv.gen || !nv.width || handle(a, &d) || nv.gen(d, &g) || nv.width(d, &w)) {
        snprintf(out, len, "unknown: NVML does not know this GPU's PCIe link");
        return -1;
    }
    if (nv.max_gen && nv.max_width && !nv.max_gen(d, &mg) && !nv.max_width(d, &mw)) {
        /* The bound is the most the link may run at: an idle one reads a
         * lower generation now than it runs at under load (and where NVML
         * says more now than at most, the more). */
        unsigned bg = g > mg ? g : mg, bw = w > mw ? w : mw;
        if (pcie_lane_gbs(bg) > 0 && bw > 0 && bw <= 32 && !nvlink_elsewhere(d))
            *gbs = pcie_lane_gbs(bg) * bw;
        snprintf(out, len, "PCIe Gen%u x%u now, Gen%u x%u at most (NVML; an idle link may run slower)", g, w, mg, mw);
        if (*gbs > 0) {
            size_t n = strlen(out);
            snprintf(out + n, len - n, ": %.4g GB/s each way", *gbs);
        }
    } else
        snprintf(out, len, "PCIe Gen%u x%u now (NVML; its most not known)", g, w);
    return 0;
}
