/* cpu_topo.c: the caches of the core the cpu backend measures on, and the
 * pinning of its measuring thread there: with hwloc where chase was built
 * with it (configure found it), else with sysfs and sched_setaffinity.
 * The fallback stays because a GPU machine builds chase from its tarball
 * with no package registry to install hwloc from, and the host must still
 * be described and the thread pinned there. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if HAVE_HWLOC
#include <hwloc.h>
#endif

#include "core/size.h"
#include "cpu_topo.h"

struct cpu_topo {
#if HAVE_HWLOC
    hwloc_topology_t topo;      /* NULL where hwloc could not load one */
    hwloc_bitmap_t before;      /* the thread's binding before pinning */
#endif
    cpu_set_t before_set;       /* the same, without hwloc */
    int pinned;                 /* the logical CPU (the OS's number), or -1 */
};

struct cpu_topo *cpu_topo_open(void)
{
    struct cpu_topo *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->pinned = -1;
#if HAVE_HWLOC
    if (hwloc_topology_init(&t->topo)) {
        t->topo = NULL;
    } else if (hwloc_topology_load(t->topo)) {
        hwloc_topology_destroy(t->topo);
        t->topo = NULL;
    }
#endif
    return t;
}

void cpu_topo_close(struct cpu_topo *t)
{
    if (!t)
        return;
    cpu_topo_unpin(t);
#if HAVE_HWLOC
    if (t->before)
        hwloc_bitmap_free(t->before);
    if (t->topo)
        hwloc_topology_destroy(t->topo);
#endif
    free(t);
}

#if HAVE_HWLOC
static int pin_hwloc(struct cpu_topo *t, struct chase_devinfo *info)
{
    hwloc_bitmap_t one;
    hwloc_obj_t pu, core, pkg;
    int last;

    if (!(t->before = hwloc_bitmap_alloc()) || !(one = hwloc_bitmap_alloc()))
        return -1;
    if (hwloc_get_cpubind(t->topo, t->before, HWLOC_CPUBIND_THREAD))
        hwloc_bitmap_copy(t->before, hwloc_topology_get_allowed_cpuset(t->topo));
    hwloc_bitmap_and(one, t->before, hwloc_topology_get_allowed_cpuset(t->topo));
    last = hwloc_bitmap_last(one);
    if (last < 0 || !(pu = hwloc_get_pu_obj_by_os_index(t->topo, (unsigned)last))) {
        hwloc_bitmap_free(one);
        chase_kv_set(info->settings, &info->nsettings, "pinning", "none: hwloc finds no CPU this process may run on");
        return -1;
    }
    hwloc_bitmap_only(one, (unsigned)last);
    if (hwloc_set_cpubind(t->topo, one, HWLOC_CPUBIND_THREAD)) {
        hwloc_bitmap_free(one);
        chase_kv_set(info->settings, &info->nsettings, "pinning", "none: hwloc_set_cpubind refused CPU %d", last);
        return -1;
    }
    hwloc_bitmap_free(one);
    t->pinned = last;
    core = hwloc_get_ancestor_obj_by_type(t->topo, HWLOC_OBJ_CORE, pu);
    pkg = hwloc_get_ancestor_obj_by_type(t->topo, HWLOC_OBJ_PACKAGE, pu);
    chase_kv_num(info->settings, &info->nsettings, "pinned_cpu", last);
    chase_kv_set(info->settings, &info->nsettings, "pinning",
                 "the pointer chase's thread on logical CPU %d (core %d, package %d), the last this process "
                 "may run on: hwloc_set_cpubind (bandwidth: a thread a core)", last, core ? (int)core->os_index : -1, pkg ? (int)pkg->os_index : -1);
    return 0;
}
#endif

int cpu_topo_pin(struct cpu_topo *t, struct chase_devinfo *info)
{
    cpu_set_t one;
    int c, last = -1;

    if (!t)
        return -1;
#if HAVE_HWLOC
    if (t->topo)
        return pin_hwloc(t, info);
#endif
    if (pthread_getaffinity_np(pthread_self(), sizeof t->before_set, &t->before_set)) {
        chase_kv_set(info->settings, &info->nsettings, "pinning", "none: pthread_getaffinity_np failed");
        return -1;
    }
    for (c = 0; c < CPU_SETSIZE; c++)
        if (CPU_ISSET(c, &t->before_set))
            last = c;
    CPU_ZERO(&one);
    if (last >= 0)
        CPU_SET(last, &one);
    if (last < 0 || pthread_setaffinity_np(pthread_self(), sizeof one, &one)) {
        chase_kv_set(info->settings, &info->nsettings, "pinning", "none: pthread_setaffinity_np refused CPU %d", last);
        return -1;
    }
    t->pinned = last;
    chase_kv_num(info->settings, &info->nsettings, "pinned_cpu", last);
    chase_kv_set(info->settings, &info->nsettings, "pinning",
                 "the pointer chase's thread on logical CPU %d, the last this process may run on: "
                 "pthread_setaffinity_np, built without hwloc (bandwidth: a thread a core)", last);
    return 0;
}

void cpu_topo_unpin(struct cpu_topo *t)
{
    if (!t || t->pinned < 0)
        return;
#if HAVE_HWLOC
    if (t->topo) {
        hwloc_set_cpubind(t->topo, t->before, HWLOC_CPUBIND_THREAD);
        return;
    }
#endif
    pthread_setaffinity_np(pthread_self(), sizeof t->before_set, &t->before_set);
}

void cpu_topo_repin(struct cpu_topo *t)
{
    cpu_set_t one;

    if (!t || t->pinned < 0)
        return;
#if HAVE_HWLOC
    if (t->topo) {
        hwloc_bitmap_t b = hwloc_bitmap_alloc();
        if (b) {
            hwloc_bitmap_only(b, (unsigned)t->pinned);
            hwloc_set_cpubind(t->topo, b, HWLOC_CPUBIND_THREAD);
            hwloc_bitmap_free(b);
        }
        return;
    }
#endif
    CPU_ZERO(&one);
    CPU_SET(t->pinned, &one);
    pthread_setaffinity_np(pthread_self(), sizeof one, &one);
}

/* One cache's facts, whichever source gave them. */
static void put_cache(struct chase_devinfo *info, uint64_t *largest, unsigned level, int data, uint64_t bytes,
                      unsigned line, int ways, unsigned shared)
{
    char key[40];
    const char *d = data ? "d" : "";

    if (info->ncaches < CHASE_MAX_CACHES) {
        snprintf(info->caches[info->ncaches].name, sizeof info->caches[0].name, "L%u", level);
        info->caches[info->ncaches++].bytes = bytes;
    }
    snprintf(key, sizeof key, "l%u%s_bytes", level, d);
    chase_kv_num(info->facts, &info->nfacts, key, (double)bytes);
    if (line) {
        snprintf(key, sizeof key, "l%u%s_line_bytes", level, d);
        chase_kv_num(info->facts, &info->nfacts, key, line);
        if (level == 1)
            info->default_stride = line;
    }
    /* -1: fully associative (hwloc's word for it); 0: not known. */
    if (ways) {
        snprintf(key, sizeof key, "l%u%s_ways", level, d);
        chase_kv_num(info->facts, &info->nfacts, key, ways);
    }
    if (shared) {
        snprintf(key, sizeof key, "l%u%s_shared_cpus", level, d);
        chase_kv_num(info->facts, &info->nfacts, key, shared);
    }
    if (bytes > *largest)
        *largest = bytes;
}

void cpu_read_line(const char *path, char *buf, size_t len)
{
    FILE *f = fopen(path, "r");
    buf[0] = 0;
    if (!f)
        return;
    if (fgets(buf, (int)len, f))
        buf[strcspn(buf, "\n")] = 0;
    fclose(f);
}

/* The logical CPUs a sysfs list names ("0-3,8"). */
static unsigned list_count(const char *s)
{
    unsigned n = 0;
    while (*s) {
        char *end;
        long a = strtol(s, &end, 10), b = a;
        if (end == s)
            break;
        if (*end == '-')
            b = strtol(end + 1, &end, 10);
        if (b >= a && b - a < 65536)
            n += (unsigned)(b - a + 1);
        s = *end == ',' ? end + 1 : end;
        if (*end != ',')
            break;
    }
    return n;
}

static void caches_sysfs(int cpu, struct chase_devinfo *info, uint64_t *largest)
{
    char path[128], type[32], level[8], size[32], line[16], ways[16], shared[256], why[64];
    int i;

    for (i = 0; i < 16; i++) {
        uint64_t bytes;
#define SYSFS(file, buf) \
    (snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index%d/" file, cpu, i), \
     cpu_read_line(path, buf, sizeof buf))
        SYSFS("type", type);
        if (!type[0])
            break;
        if (!strcmp(type, "Instruction"))
            continue;
        SYSFS("level", level);
        SYSFS("size", size);
        SYSFS("coherency_line_size", line);
        SYSFS("ways_of_associativity", ways);
        SYSFS("shared_cpu_list", shared);
#undef SYSFS
        if (chase_size_parse(size, &bytes, why, sizeof why) || atoi(level) < 1)
            continue;
        put_cache(info, largest, (unsigned)atoi(level), !strcmp(type, "Data"), bytes,
                  atoi(line) > 0 ? (unsigned)atoi(line) : 0, atoi(ways), list_count(shared));
    }
    chase_kv_set(info->facts, &info->nfacts, "cache_source", "sysfs (/sys/devices/system/cpu/cpu%d/cache)", cpu);
}

void cpu_topo_caches(struct cpu_topo *t, struct chase_devinfo *info, uint64_t *largest)
{
    int cpu = t && t->pinned >= 0 ? t->pinned : 0;

    *largest = 0;
#if HAVE_HWLOC
    if (t && t->topo) {
        hwloc_obj_t pu = hwloc_get_pu_obj_by_os_index(t->topo, (unsigned)cpu), o;
        if (!pu)
            pu = hwloc_get_obj_by_type(t->topo, HWLOC_OBJ_PU, 0);
        /* From the core outwards: L1, L2, L3, the order sysfs lists them. */
        for (o = pu ? pu->parent : NULL; o; o = o->parent) {
            if (!hwloc_obj_type_is_dcache(o->type) || !o->attr)
                continue;
            put_cache(info, largest, o->attr->cache.depth, o->attr->cache.type == HWLOC_OBJ_CACHE_DATA,
                      o->attr->cache.size, o->attr->cache.linesize, o->attr->cache.associativity,
                      (unsigned)hwloc_bitmap_weight(o->cpuset));
        }
        chase_kv_set(info->facts, &info->nfacts, "cache_source", "hwloc %s (the caches above logical CPU %d)",
                     CHASE_HWLOC_VERSION, pu ? (int)pu->os_index : cpu);
        return;
    }
#endif
    caches_sysfs(cpu, info, largest);
}
