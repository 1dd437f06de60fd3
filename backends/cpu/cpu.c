/* cpu.c: the host CPU backend: a pointer chase through one mapping, timed
 * with the cycle counter and the monotonic clock. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <x86intrin.h>
#endif

#include "abi/chain.h"
#include "abi/chase_backend.h"
#include "core/size.h"
#include "cpu_bandwidth.h"
#include "cpu_topo.h"

#define CPU_SAMPLES 5
#define MIN_LOADS (1u << 14)
#define MAX_LOADS (1u << 18)
#define MAX_WARM (1u << 22)
#define CLOCK_ADDS 4096         /* the dependent adds that time the core clock */
#define CLOCK_MOVED 0.02        /* a sample whose clock moved more than this is taken again */
#define CLOCK_TRIES 4           /* ... at most this many times */

struct cpu_dev {
    char *raw;                  /* the mapping; base is its 2 MiB-aligned start */
    char *base;
    size_t mapped;
    uint64_t largest_cache;
    double counter_overhead;    /* ticks for an empty timed region */
    double clock_overhead;      /* ns for an empty timed region */
    double hz;                  /* the counter's rate */
    unsigned step;              /* ticks the counter moves by at once (1; 26 in a guest seen, whose counter
                                   the host advances in steps of 100 MHz) */
    int core_clock;             /* the core clock can be timed (core_per_tick) */
    int no_warm;
    struct cpu_topo *topo;      /* the caches, and the core the measuring thread is pinned to */
};

/* The counter: x86's TSC and Arm's virtual counter tick at a constant
 * rate, not the core clock, and the metadata says so. */
static inline uint64_t ticks(void)
{
#if defined(__x86_64__) || defined(__i386__)
    /* lfence: the read waits for the chain's last load, and the chain's
     * first load waits for the read. */
    uint64_t t;
    _mm_lfence();
    t = __rdtsc();
    _mm_lfence();
    return t;
#elif defined(__aarch64__)
    uint64_t v;
    __asm__ __volatile__("isb; mrs %0, cntvct_el0" : "=r"(v));
    return v;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
#endif
}

/* The counter's step: the median of the nonzero differences between two
 * reads in a row.  1 where it counts every tick; a guest's counter may
 * be advanced by the host in coarse steps (26 ticks of 2596 MHz, seen). */
static unsigned counter_step(void)
{
    uint64_t d[257];
    unsigned n = 0, i, j, tries;

    for (tries = 0; tries < 100000 && n < 257; tries++) {
        uint64_t x = ticks(), y = ticks();
        if (y > x)
            d[n++] = y - x;
    }
    if (!n)
        return 1;
    for (i = 1; i < n; i++)
        for (j = i; j > 0 && d[j - 1] > d[j]; j--) {
            uint64_t t = d[j];
            d[j] = d[j - 1];
            d[j - 1] = t;
        }
    return d[n / 2] > 1 ? (unsigned)(d[n / 2] < 1000 ? d[n / 2] : 1000) : 1;
}

static const char *counter_name(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return "rdtsc";
#elif defined(__aarch64__)
    return "cntvct_el0";
#else
    return "clock_gettime";
#endif
}

static void *volatile sink;

/* The core's cycles a counter tick, now: a chain of CLOCK_ADDS dependent
 * adds (one core cycle each: an integer add's latency is 1 on every x86
 * and Arm core) timed by the counter, the faster of two (an interrupt or
 * the hypervisor only ever lengthens one).  The counter runs at a constant
 * rate whatever the core's clock does, so a latency in ticks moves when
 * the clock does (seen: an L2 plateau dipping 4% for a few points); times
 * this ratio it is in core cycles and stays.  0 where no chain is known. */
static double core_per_tick(double overhead)
{
#if defined(__x86_64__) || defined(__aarch64__)
    uint64_t best = UINT64_MAX, x = 1, one = 1;
    int t;

    for (t = 0; t < 2; t++) {
        uint64_t c0 = ticks(), c1;
        unsigned i;
        for (i = 0; i < CLOCK_ADDS / 8; i++)
#if defined(__x86_64__)
            __asm__ __volatile__("add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\t"
                                 "add %1, %0\n\tadd %1, %0\n\tadd %1, %0\n\tadd %1, %0"
                                 : "+r"(x) : "r"(one));
#else
            __asm__ __volatile__("add %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\t"
                                 "add %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1\n\tadd %0, %0, %1"
                                 : "+r"(x) : "r"(one));
#endif
        c1 = ticks();
        if (c1 - c0 < best)
            best = c1 - c0;
    }
    sink = (void *)(uintptr_t)x;
    return (double)best > overhead ? CLOCK_ADDS / ((double)best - overhead) : 0;
#else
    (void)overhead;
    return 0;
#endif
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cpu_probe(int *ndevices, char *why, size_t len)
{
    (void)why;
    (void)len;
    *ndevices = 1;
    return CHASE_OK;
}

static void describe(struct chase_devinfo *info)
{
    char buf[256];
    FILE *f = fopen("/proc/cpuinfo", "r");

    snprintf(info->name, sizeof info->name, "host CPU");
    if (f) {
        while (fgets(buf, sizeof buf, f)) {
            char *colon = strchr(buf, ':');
            if (colon && (!strncmp(buf, "model name", 10) || !strncmp(buf, "Model", 5))) {
                colon++;
                while (*colon == ' ')
                    colon++;
                colon[strcspn(colon, "\n")] = 0;
                snprintf(info->name, sizeof info->name, "%s", colon);
                break;
            }
        }
        fclose(f);
    }
#if defined(__x86_64__)
    snprintf(info->arch, sizeof info->arch, "x86_64");
#elif defined(__aarch64__)
    snprintf(info->arch, sizeof info->arch, "aarch64");
#else
    snprintf(info->arch, sizeof info->arch, "unknown");
#endif
    chase_kv_num(info->facts, &info->nfacts, "cpus_online", (double)sysconf(_SC_NPROCESSORS_ONLN));
}

/* A number from /proc/meminfo ("Hugepagesize:   2048 kB" -> bytes), or 0. */
static uint64_t meminfo(const char *key)
{
    char buf[256];
    size_t n = strlen(key);
    uint64_t v = 0;
    FILE *f = fopen("/proc/meminfo", "r");

    if (!f)
        return 0;
    while (fgets(buf, sizeof buf, f))
        if (!strncmp(buf, key, n) && buf[n] == ':') {
            char *end;
            unsigned long long x = strtoull(buf + n + 1, &end, 10);
            v = strstr(end, "kB") ? x * 1024 : x;
            break;
        }
    fclose(f);
    return v;
}

/* The data TLBs as the CPU describes them (cpuid): entries for 4 KiB and
 * 2 MiB pages at each level.  The OS publishes nothing on TLBs. */
static void tlb_facts(struct chase_devinfo *info)
{
#if defined(__x86_64__) || defined(__i386__)
    unsigned a = 0, b = 0, c = 0, d = 0, max = 0, vendor[3], i;

    if (!__get_cpuid(0, &max, &vendor[0], &vendor[2], &vendor[1]))
        return;
    if (!memcmp(vendor, "AuthenticAMD", 12) || !memcmp(vendor, "HygonGenuine", 12)) {
        /* 0x80000005: L1 TLBs (2M/4M in eax, 4K in ebx: entries in bits
         * 23:16); 0x80000006: L2 TLBs (entries in bits 27:16). */
        if (!__get_cpuid(0x80000000, &max, &b, &c, &d) || max < 0x80000006)
            return;
        __get_cpuid(0x80000005, &a, &b, &c, &d);
        chase_kv_num(info->facts, &info->nfacts, "dtlb1_4k_entries", (b >> 16) & 0xff);
        chase_kv_num(info->facts, &info->nfacts, "dtlb1_2m_entries", (a >> 16) & 0xff);
        __get_cpuid(0x80000006, &a, &b, &c, &d);
        if ((b >> 16) & 0xfff)
            chase_kv_num(info->facts, &info->nfacts, "dtlb2_4k_entries", (b >> 16) & 0xfff);
        if ((a >> 16) & 0xfff)
            chase_kv_num(info->facts, &info->nfacts, "dtlb2_2m_entries", (a >> 16) & 0xfff);
        chase_kv_set(info->facts, &info->nfacts, "tlb_source", "cpuid 0x80000005 and 0x80000006 (data TLBs)");
        return;
    }
    if (!memcmp(vendor, "GenuineIntel", 12) && max >= 0x18) {
        /* Leaf 0x18: one subleaf a TLB: type (edx 4:0; 1 data, 3 unified,
         * 4 load), level (edx 7:5), page sizes (ebx 0: 4K, 1: 2M), ways
         * (ebx 31:16) and sets (ecx). */
        unsigned subs;
        char key[40];
        __cpuid_count(0x18, 0, subs, b, c, d);
        for (i = 0; i <= subs && i < 32; i++) {
            unsigned type, level, entries;
            __cpuid_count(0x18, i, a, b, c, d);
            type = d & 0x1f;
            level = (d >> 5) & 7;
            entries = (b >> 16) * c;
            if ((type != 1 && type != 3 && type != 4) || !entries)
                continue;
            if (b & 1) {
                snprintf(key, sizeof key, "dtlb%u_4k_entries", level);
                chase_kv_num(info->facts, &info->nfacts, key, entries);
            }
            if (b & 2) {
                snprintf(key, sizeof key, "dtlb%u_2m_entries", level);
                chase_kv_num(info->facts, &info->nfacts, key, entries);
            }
        }
        chase_kv_set(info->facts, &info->nfacts, "tlb_source", "cpuid 0x18 (data, load and unified TLBs)");
    }
#else
    (void)info;
#endif
}

/* What chase tlb spans here unless --max says: twice the largest reach of
 * the data TLBs cpuid describes (tlb_facts: dtlbN_4k_entries,
 * dtlbN_2m_entries) at the page the allocation is believed to get,
 * rounded up to 2 MiB; left 0 where none is known.  Its default, most of
 * the memory, would be 17 GiB on a 24 GiB VM: 45 s of faulting pages in,
 * where this shows the last TLB's step and what lies past it. */
static void tlb_span(struct chase_devinfo *info, uint64_t page)
{
    const char *kind = page >= 2097152 ? "_2m_entries" : "_4k_entries";
    double best = 0;
    int i;

    for (i = 0; i < info->nfacts; i++) {
        const char *k = info->facts[i].key;
        double reach = info->facts[i].num * (page >= 2097152 ? 2097152 : 4096);
        if (!strncmp(k, "dtlb", 4) && strstr(k, kind) && info->facts[i].is_num && reach > best)
            best = reach;
    }
    if (!(best > 0) || 2 * best > 1e18)
        return;
    info->tlb.max = ((uint64_t)(2 * best) + (2ULL << 20) - 1) & ~((2ULL << 20) - 1);
    snprintf(info->tlb.max_why, sizeof info->tlb.max_why, "twice the largest data TLB's reach (cpuid's "
             "entries x the page the allocation is believed to get)");
}

static void *walk(void *p, uint64_t count)
{
    void **q = p;
    for (; count >= 8; count -= 8) {
        q = *q; q = *q; q = *q; q = *q;
        q = *q; q = *q; q = *q; q = *q;
    }
    for (; count; count--)
        q = *q;
    return q;
}


/* A number from a cgroup file ("max" or unreadable: 0, no limit). */
static uint64_t cgroup_value(const char *path)
{
    char buf[64];
    unsigned long long v;
    FILE *f = fopen(path, "r");
    int ok;

    if (!f)
        return 0;
    ok = fgets(buf, sizeof buf, f) && sscanf(buf, "%llu", &v) == 1;
    fclose(f);
    return ok ? (uint64_t)v : 0;
}

/* The most this process may map without swapping or being killed: 80% of
 * the machine's memory, what the OS says is available, the process's own
 * limits (RLIMIT_AS, RLIMIT_DATA) and its cgroup's (v2 memory.max less
 * memory.current; v1 memory.limit_in_bytes less usage), the smallest of
 * them; why names which. */
static uint64_t usable_memory(uint64_t phys, const char **why)
{
    uint64_t best = phys / 10 * 8, v, used;
    struct rlimit rl;

    *why = "80% of the machine's memory";
    if ((v = meminfo("MemAvailable")) && v < best) {
        best = v;
        *why = "the memory the OS has available (MemAvailable)";
    }
    if (!getrlimit(RLIMIT_AS, &rl) && rl.rlim_cur != RLIM_INFINITY && (uint64_t)rl.rlim_cur < best) {
        best = (uint64_t)rl.rlim_cur;
        *why = "this process's address-space limit (ulimit -v)";
    }
    if (!getrlimit(RLIMIT_DATA, &rl) && rl.rlim_cur != RLIM_INFINITY && (uint64_t)rl.rlim_cur < best) {
        best = (uint64_t)rl.rlim_cur;
        *why = "this process's data limit (ulimit -d)";
    }
    if ((v = cgroup_value("/sys/fs/cgroup/memory.max"))) {
        used = cgroup_value("/sys/fs/cgroup/memory.current");
        if (v > used && v - used < best) {
            best = v - used;
            *why = "its cgroup's memory.max, less what the cgroup uses";
        }
    } else if ((v = cgroup_value("/sys/fs/cgroup/memory/memory.limit_in_bytes")) && v < (1ULL << 62)) {
        used = cgroup_value("/sys/fs/cgroup/memory/memory.usage_in_bytes");
        if (v > used && v - used < best) {
            best = v - used;
            *why = "its cgroup's memory.limit_in_bytes, less what the cgroup uses";
        }
    }
    return best;
}

static int cpu_open(const struct chase_params *p, void **devp, struct chase_devinfo *info,
                    char *err, size_t len)
{
    struct cpu_dev *dev;
    uint64_t phys = (uint64_t)sysconf(_SC_PHYS_PAGES) * (uint64_t)sysconf(_SC_PAGESIZE);
    uint64_t base_page = (uint64_t)sysconf(_SC_PAGESIZE), huge_page = meminfo("Hugepagesize"), alloc_page;
    double t0, best = 1e30, bestc = 1e30, hz, core;
    uint64_t c0, usable;
    const char *limit;
    char a[32], b[32], thp[128];
    int i, huge = !p->alloc || !strcmp(p->alloc, "huge");

    if (p->cache_op) {
        snprintf(err, len, "--cache-op is not available on the cpu backend");
        return CHASE_EINVAL;
    }
    if (p->carveout >= 0 || p->sm >= -1 || p->l2_fetch) {
        snprintf(err, len, "--carveout, --sm and --l2-fetch are not available on the cpu backend");
        return CHASE_EINVAL;
    }
    if (p->alloc && strcmp(p->alloc, "huge") && strcmp(p->alloc, "base")) {
        snprintf(err, len, "--alloc %s is not available on the cpu backend (huge or base)", p->alloc);
        return CHASE_EINVAL;
    }
    /* The host's memory is this backend's own; it has no peer, and no
     * managed memory apart from its own. */
    if (p->target.memory == CHASE_MEMORY_PEER || p->target.memory == CHASE_MEMORY_MANAGED) {
        snprintf(err, len, "--memory %s: the cpu backend reads only its own memory (local, or host: the same)",
                 p->target.memory == CHASE_MEMORY_PEER ? "peer" : "managed");
        return CHASE_ETARGET;
    }
    dev = calloc(1, sizeof *dev);
    if (!dev) {
        snprintf(err, len, "out of memory");
        return CHASE_ENOMEM;
    }
    if (p->target.memory == CHASE_MEMORY_HOST)
        chase_kv_set(info->settings, &info->nsettings, "memory_alloc",
                     "host: the host's memory is the cpu backend's own: measured as local");
    info->default_stride = 64;
    describe(info);
    /* One core measures, always the same: the scheduler moving the thread
     * would leave its chain behind in the caches of the core it left. */
    dev->topo = cpu_topo_open();
    cpu_topo_pin(dev->topo, info);
    cpu_topo_caches(dev->topo, info, &dev->largest_cache);
    info->units = (unsigned)sysconf(_SC_NPROCESSORS_ONLN);
    info->memory_bytes = phys;
    /* Sweep past the last cache far enough to see memory. */
    info->default_max = 1ULL << 20;
    while (info->default_max < 4 * dev->largest_cache && info->default_max < (1ULL << 30))
        info->default_max <<= 1;
    dev->no_warm = p->no_warm;
    usable = usable_memory(phys, &limit);
    if (p->max_bytes == CHASE_MAX_MOST) {
        /* Three quarters of what this process may use without swapping. */
        info->default_max = usable / 4 * 3;
        info->default_max &= ~((2ULL << 20) - 1);
        chase_kv_set(info->settings, &info->nsettings, "max", "%s: three quarters of %s",
                     chase_size_format(info->default_max, a, sizeof a), limit);
    }
    dev->mapped = (size_t)(p->max_bytes && p->max_bytes != CHASE_MAX_MOST ? p->max_bytes : info->default_max);
    if (dev->mapped > usable) {
        snprintf(err, len, "a %s working set does not fit in this machine's memory (%s: %s)",
                 chase_size_format(dev->mapped, a, sizeof a), chase_size_format(usable, b, sizeof b), limit);
        cpu_topo_close(dev->topo);
        free(dev);
        return CHASE_ENOMEM;
    }
    if (dev->mapped) {
        /* Huge pages keep TLB misses out of the cache levels: with 4 KiB
         * pages a random chain leaves the first-level TLB's reach (a few
         * hundred KiB) long before it leaves the L2.  Map 2 MiB-aligned. */
        size_t align = 2u << 20;
        char *raw;
        dev->mapped = (dev->mapped + align - 1) / align * align;
        raw = mmap(NULL, dev->mapped + align, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (raw == MAP_FAILED) {
            snprintf(err, len, "cannot map a %s working set: %s",
                     chase_size_format(dev->mapped, a, sizeof a), strerror(errno));
            cpu_topo_close(dev->topo);
            free(dev);
            return CHASE_ENOMEM;
        }
        dev->raw = raw;
        dev->base = (char *)(((uintptr_t)raw + align - 1) / align * align);
#if defined(MADV_HUGEPAGE) && defined(MADV_NOHUGEPAGE)
        madvise(dev->base, dev->mapped, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
#endif
    }
    cpu_read_line("/sys/kernel/mm/transparent_hugepage/enabled", thp, sizeof thp);
    if (huge)
        chase_kv_set(info->settings, &info->nsettings, "alloc",
                     "huge: mmap, 2 MiB-aligned, madvise(MADV_HUGEPAGE): transparent huge pages where the "
                     "kernel has them");
    else
        chase_kv_set(info->settings, &info->nsettings, "alloc",
                     "base: mmap, madvise(MADV_NOHUGEPAGE): base pages only");
    chase_kv_set(info->facts, &info->nfacts, "thp_enabled", "%s (/sys/kernel/mm/transparent_hugepage/enabled)",
                 thp[0] ? thp : "unknown");
    chase_kv_num(info->facts, &info->nfacts, "base_page_bytes", (double)base_page);
    if (huge_page)
        chase_kv_num(info->facts, &info->nfacts, "huge_page_bytes", (double)huge_page);
    /* The page the OS is believed to give: a huge page where THP can act. */
    alloc_page = huge && huge_page && strstr(thp, "[never]") == NULL ? huge_page : base_page;
    chase_kv_num(info->facts, &info->nfacts, "alloc_page_bytes", (double)alloc_page);
    tlb_facts(info);
    tlb_span(info, alloc_page);

    /* The counter's rate, against the monotonic clock, over 20 ms. */
    t0 = now_ns();
    c0 = ticks();
    while (now_ns() - t0 < 2e7)
        ;
    hz = (double)(ticks() - c0) / ((now_ns() - t0) * 1e-9);
    for (i = 0; i < 1000; i++) {
        uint64_t x = ticks(), y = ticks();
        double u = now_ns(), v = now_ns();
        if ((double)(y - x) < bestc)
            bestc = (double)(y - x);
        if (v - u < best)
            best = v - u;
    }
    dev->counter_overhead = bestc;
    dev->clock_overhead = best;
    dev->step = counter_step();
    if (dev->step > 1)
        chase_kv_num(info->facts, &info->nfacts, "counter_step_ticks", (double)dev->step);
    dev->hz = hz;
    core = core_per_tick(bestc);
    dev->core_clock = core > 0;
    if (dev->core_clock) {
        snprintf(info->timer, sizeof info->timer,
                 "cycles: core cycles (%s ticks at %.0f MHz times the core clock timed beside each sample); "
                 "ns: CLOCK_MONOTONIC", counter_name(), hz / 1e6);
        chase_kv_set(info->settings, &info->nsettings, "core_clock",
                     "%d dependent adds (one cycle each) timed by %s before and after each sample, which is "
                     "taken again (up to %d times) where the two differ by over %.0f%%",
                     CLOCK_ADDS, counter_name(), CLOCK_TRIES, CLOCK_MOVED * 100);
        /* A number of its own: it did not fit the sentence (cut at 160 bytes). */
        chase_kv_num(info->settings, &info->nsettings, "core_mhz", floor(core * hz / 1e6 + 0.5));
    } else {
        snprintf(info->timer, sizeof info->timer,
                 "cycles: %s at %.0f MHz (a constant-rate counter, not the core clock: no timed add chain on "
                 "this architecture); ns: CLOCK_MONOTONIC", counter_name(), hz / 1e6);
    }
    /* Measured against CLOCK_MONOTONIC (the timer says so): a number, not a sentence. */
    chase_kv_num(info->settings, &info->nsettings, "counter_mhz", floor(hz / 1e5 + 0.5) / 10);
    chase_kv_set(info->settings, &info->nsettings, "warm", "%s",
                 dev->no_warm ? "none: timed from a cold start (--no-warm)"
                              : "one traversal of the chain (at most 4M loads) before timing");
    *devp = dev;
    return CHASE_OK;
}

static int cpu_measure(void *d, const struct chase_point *pt, struct chase_samples *out,
                       char *err, size_t len)
{
    struct cpu_dev *dev = d;
    struct chase_chain c;
    uint64_t k, cur, warm, loads;
    char *base = dev->base;
    const char *why;
    unsigned s, samples = pt->samples ? pt->samples : CPU_SAMPLES;
    void *p;

    if ((why = chase_chain_check(pt->stride, pt->pattern, pt->sub))) {
        snprintf(err, len, "%s", why);
        return CHASE_EINVAL;
    }
    if (pt->bytes > dev->mapped || pt->bytes < pt->stride) {
        snprintf(err, len, "working set outside the mapping");
        return CHASE_EINVAL;
    }
    if (pt->sm != -2) {
        snprintf(err, len, "the cpu backend does not run on a chosen multiprocessor");
        return CHASE_EINVAL;
    }
    if (samples > CHASE_MAX_SAMPLES)
        samples = CHASE_MAX_SAMPLES;
    chase_chain_init(&c, pt->bytes, pt->stride, pt->pattern, pt->sub, pt->seed);
    cur = chase_chain_offset(&c, 0);
    for (k = 0; k < c.n; k++) {
        uint64_t next = chase_chain_next(&c, k);
        *(void **)(base + cur) = base + next;
        cur = next;
    }
    p = base + chase_chain_offset(&c, 0);

    /* One traversal puts the chain where it lives in the steady state. */
    warm = dev->no_warm ? 0 : c.n < MAX_WARM ? c.n : MAX_WARM;
    for (k = 0; k < warm; k += MIN_LOADS) {
        if (*pt->stop)
            return CHASE_EINTR;
        p = walk(p, warm - k < MIN_LOADS ? warm - k : MIN_LOADS);
    }

    loads = c.n < MIN_LOADS ? MIN_LOADS : c.n > MAX_LOADS ? MAX_LOADS : c.n;
    out->n = 0;
    for (s = 0; s < samples; s++) {
        double t0, t1, r0 = 1, r1 = 1;
        uint64_t c0, c1;
        unsigned tries = 0;
        do {
            if (*pt->stop)
                return CHASE_EINTR;
            if (dev->core_clock)
                r0 = core_per_tick(dev->counter_overhead);
            t0 = now_ns();
            c0 = ticks();
            p = walk(p, loads);
            c1 = ticks();
            t1 = now_ns();
            if (dev->core_clock)
                r1 = core_per_tick(dev->counter_overhead);
            /* The clock moved during the sample (or a chain was
             * interrupted): its ticks have no one rate to convert by. */
        } while (dev->core_clock && ++tries < CLOCK_TRIES && fabs(r0 - r1) > CLOCK_MOVED * fmin(r0, r1));
        out->cycles[s] = ((double)(c1 - c0) - dev->counter_overhead) * (r0 + r1) / 2 / (double)loads;
        out->ns[s] = (t1 - t0 - dev->clock_overhead) / (double)loads;
        out->n++;
    }
    sink = p;
    return CHASE_OK;
}

/* Laps a sample takes for a tail of `timed` loads: where the counter
 * moves in steps, a tail of a few loads reads 0 or a step each lap, and
 * the mean over K laps of two such reads (the tail's, less the empty
 * region's) errs by about step / sqrt(6 K) ticks: at least step^2 / 6
 * laps (113 for a step of 26) bring that to a tick, up to MAX_TAIL_LAPS. */
#define MAX_TAIL_LAPS 128
#define SHORT_TAIL 4            /* loads a tail holds at most to take more laps */
static unsigned tail_laps(const struct cpu_dev *dev, unsigned laps, uint32_t timed)
{
    unsigned want;

    if (dev->step <= 1 || timed > SHORT_TAIL)
        return laps;
    want = dev->step * dev->step / 6;
    if (want > MAX_TAIL_LAPS)
        want = MAX_TAIL_LAPS;
    return laps > want ? laps : want;
}

/* The list hook: the host's chain written into the mapping, warm laps,
 * then each sample's laps, the tail of each lap between two counter
 * reads (their own cost removed), in core cycles as a point's are. */
static int cpu_list(void *d, const struct chase_list_req *rq, struct chase_samples *out, char *err, size_t len)
{
    struct cpu_dev *dev = d;
    char *base = dev->base;
    uint32_t k, first;
    unsigned s, lap;
    void *p;
    unsigned laps;
    int rc;

    if (!rq)
        return CHASE_OK;
    if ((rc = chase_list_req_check(rq, dev->mapped, err, len)) != CHASE_OK)
        return rc;
    for (k = 0; k < rq->n; k++)
        *(void **)(base + rq->offset[k]) = base + rq->offset[k + 1 == rq->n ? 0 : k + 1];
    first = rq->n - rq->timed;
    laps = tail_laps(dev, rq->laps, rq->timed);
    p = base + rq->offset[0];
    for (lap = 0; lap < rq->warm; lap++) {
        if (*rq->stop)
            return CHASE_EINTR;
        p = walk(p, rq->n);
    }
    out->n = 0;
    out->laps = 0;
    for (s = 0; s < rq->samples; s++) {
        double ticks_sum, ns_sum, r0 = 1, r1 = 1;
        unsigned tries = 0;
        do {
            ticks_sum = ns_sum = 0;
            if (*rq->stop)
                return CHASE_EINTR;
            if (dev->core_clock)
                r0 = core_per_tick(dev->counter_overhead);
            /* What the host's load budget is charged: these laps, not
             * the fewer it may have asked for (tail_laps). */
            out->laps += laps;
            for (lap = 0; lap < laps; lap++) {
                uint64_t c0, c1, e0, e1;
                double t0, t1;
                p = walk(p, first);
                /* An empty region beside each timed one, subtracted: a
                 * tail of one load is a few cycles against the counter's
                 * own cost, whose mean (not its least, which the sweep's
                 * long regions can subtract) is what the tail carries.
                 * The empty asm statements keep the compiler from moving
                 * a load of so short a walk across a counter read (the
                 * lfence orders the hardware, not the compiler). */
                __asm__ __volatile__("" : "+r"(p) : : "memory");
                /* The first counter read after a walk of misses runs
                 * long (seen: 140 ticks for a pair against 80): one read
                 * thrown away first, so the empty region is the tail's. */
                (void)ticks();
                e0 = ticks();
                e1 = ticks();
                t0 = now_ns();
                c0 = ticks();
                __asm__ __volatile__("" : "+r"(p) : : "memory");
                p = walk(p, rq->timed);
                __asm__ __volatile__("" : "+r"(p) : : "memory");
                c1 = ticks();
                t1 = now_ns();
                ticks_sum += (double)(c1 - c0) - (double)(e1 - e0);
                ns_sum += t1 - t0 - dev->clock_overhead;
            }
            if (dev->core_clock)
                r1 = core_per_tick(dev->counter_overhead);
        } while (dev->core_clock && ++tries < CLOCK_TRIES && fabs(r0 - r1) > CLOCK_MOVED * fmin(r0, r1));
        out->cycles[s] = ticks_sum * (r0 + r1) / 2 / ((double)laps * rq->timed);
        out->ns[s] = ns_sum / ((double)laps * rq->timed);
        out->n++;
    }
    sink = p;
    return CHASE_OK;
}

/* No loads hook can time a burst here: the reason, asked or not. */
static int cpu_loads(void *d, const struct chase_loads_req *rq, struct chase_samples *out, char *err, size_t len)
{
    (void)d;
    (void)rq;
    (void)out;
    snprintf(err, len, "an out-of-order core overlaps independent loads with its timer reads, so a burst of N "
             "loads and one wait has no cycle count of its own (the sweep gives the CPU's latencies)");
    return CHASE_ENOTSUP;
}

/* The bandwidth hook spreads a thread over every core: the measuring
 * thread is let go of its core meanwhile, so the cores it may run on are
 * all the process's, as before it was pinned. */
static int cpu_bandwidth_all(void *d, const struct chase_bw_req *rq, struct chase_bw_samples *out, char *err,
                             size_t len)
{
    struct cpu_dev *dev = d;
    int rc;

    cpu_topo_unpin(dev->topo);
    rc = cpu_bandwidth(d, rq, out, err, len);
    cpu_topo_repin(dev->topo);
    return rc;
}

/* The process's own transparent huge pages (the mapping is in this
 * process), from /proc/self/smaps_rollup; -1 where unknown. */
static double cpu_huge_bytes(void *d)
{
    char buf[256];
    double v = -1;
    FILE *f = fopen("/proc/self/smaps_rollup", "r");

    (void)d;
    if (!f)
        return -1;
    while (fgets(buf, sizeof buf, f))
        if (!strncmp(buf, "AnonHugePages:", 14)) {
            v = strtod(buf + 14, NULL) * 1024;
            break;
        }
    fclose(f);
    return v;
}

static void cpu_close(void *d)
{
    struct cpu_dev *dev = d;
    if (!dev)
        return;
    if (dev->raw)
        munmap(dev->raw, dev->mapped + (2u << 20));
    cpu_topo_close(dev->topo);
    free(dev);
}

const struct chase_backend chase_backend_cpu = {
    .abi = CHASE_BACKEND_ABI,
    .name = "cpu",
    .summary = "the host CPU: a pointer chase timed with the cycle counter",
    .probe = cpu_probe,
    .open = cpu_open,
    .measure = cpu_measure,
    .close = cpu_close,
    .loads = cpu_loads,
    .huge_bytes = cpu_huge_bytes,
    .bandwidth = cpu_bandwidth_all,
    .list = cpu_list,
};
