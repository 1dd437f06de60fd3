/* spec.h: the sim backend's hierarchy description. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_SIM_SPEC_H
#define CHASE_SIM_SPEC_H

#include <stddef.h>
#include <stdint.h>

#include "sim_async.h"
#include "sim_lanes.h"

#define SIM_MAX_LEVELS 6
#define SIM_MAX_TLB 4           /* tlb: and tlb2: .. tlb4: */

/* plru: a tree pseudo-LRU (a bit a node of a binary tree over the ways,
 * pointing away from the last used side; ways a power of two). */
enum sim_policy { SIM_LRU, SIM_FIFO, SIM_RANDOM, SIM_PLRU };

/* chase loads' model of a level (sim_loads.c); 0 takes the default. */
struct sim_loads_spec {
    double issue;       /* the fewest cycles between two independent loads of a warp */
    double bpc;         /* bytes a cycle the level gives one warp */
    double smbpc;       /* bytes a cycle it gives the whole multiprocessor */
    double mlp;         /* loads a warp keeps in flight at most (0: no limit) */
};

/* chase bandwidth's model of a level (sim_bandwidth.c); 0 takes the default. */
struct sim_bw_spec {
    double bw;          /* bytes a cycle the level gives each multiprocessor, every one streaming reads */
    double wbw;         /* the same for writes (0: bw) */
};

struct sim_level_spec {
    char name[16];
    uint64_t size, line;
    unsigned ways;
    double lat;
    enum sim_policy policy;
    struct sim_loads_spec loads;
    uint64_t sector;            /* sector=: bytes a miss fills (0: the whole line) */
    int hashed;                 /* index=hash: sets chosen by a hash of the line number (1: one hash all
                                 * such levels share; 2, index=xhash: the level's own) */
    struct sim_bw_spec bw;      /* chase bandwidth */
    /* csize=, cways=: the size and ways at a carveout of CARVE_SHARED or
     * more (--carveout), as a GPU's L1 gives its memory to shared memory
     * (0: the level has no carveout; cways 0: ways). */
    uint64_t csize;
    unsigned cways;
};
/* The carveout (percent) from which a level takes its csize and cways. */
#define SIM_CARVE_SHARED 50

/* A TLB level after the first (tlb2: .. tlb4:): looked up when the one
 * before misses; lat is added when this one misses too. */
struct sim_tlb_spec {
    unsigned entries, ways;
    uint64_t page;
    double lat;
};

/* sms: the device's multiprocessors, and a far group of them that pays
 * more at one level, as an H100's SMs reaching the L2 partition across the
 * chip do: chase sms and the sweep's spread have known truth. */
struct sim_sms_spec {
    unsigned count;             /* multiprocessors; 0: no sms: section (one, not pinnable) */
    unsigned far;               /* the last `far` of them are far */
    double extra;               /* cycles a far SM's load adds where the level serves it */
    char level[16];             /* the level's name, or mem; "": the last cache level */
    int at;                     /* parsed: its index (nlevels: mem) */
};

/* peer: and host: what a load of another device's memory (--memory
 * peer:N) or of host memory (--memory host) costs, for a reader whose
 * first `cached` levels keep the remote lines (an H100's L1 keeps a
 * peer's; its L2, the memory side of its own memory, does not).  A peer's
 * line its own last cache level holds costs lat; one from its memory, lat
 * plus what its memory costs past that level (mem's lat less the level's).
 * Every host line costs lat.  bw: bytes a cycle the link carries, the
 * whole device's (chase bandwidth). */
struct sim_remote_spec {
    int given;
    double lat;
    unsigned cached;            /* default 1 */
    double bw;                  /* default SIM_REMOTE_BW */
    double peak;                /* GB/s the link carries each way, as a driver gives it (0: none given) */
};

#define SIM_REMOTE_BW 16.0

struct sim_spec {
    struct sim_level_spec level[SIM_MAX_LEVELS];
    int nlevels;
    double mem_lat;
    double noise;               /* relative sd of multiplicative noise, 0: none */
    double mhz;                 /* clock for the ns column */
    uint64_t seed;
    int has_tlb;
    unsigned tlb_entries, tlb_ways;
    uint64_t tlb_page;
    double tlb_lat;
    int tlb_policy;             /* tlb's policy= (lru by default; random: as GPUs' last TLB behaves) */
    struct sim_loads_spec mem_loads;    /* chase loads at memory */
    unsigned lanes;                     /* a warp's lanes (mem's lanes=; 0: 32) */
    struct sim_tlb_spec tlb_more[SIM_MAX_TLB - 1];
    int ntlb_more;
    struct sim_sms_spec sms;
    struct sim_bw_spec mem_bw;          /* chase bandwidth at memory */
    double shared_bw;                   /* mem's sbw=: shared memory's bytes a cycle a multiprocessor */
    uint64_t throttle;                  /* mem's throttle=: working sets from this size run at 3/4 clock */
    double memclk, bus, l1peak;         /* mem's memclk=, bus=, l1peak=: the driver's and architecture's
                                           figures chase bandwidth sets its peaks by (0: not reported) */
    struct sim_remote_spec peer, host;  /* peer: and host: sections */
    struct sim_lanes_spec xlane;        /* lanes: chase lanes' operations (sim_lanes.c's table by default) */
    struct sim_async_spec xasync;       /* async: chase async's copies (sim_async.c's table by default) */
};

/* Limits, so no spec can make the simulator's arrays or walks unbounded:
 * the ways and entries ranges are what the spec accepts; a level holds at
 * most SIM_MAX_CACHE_LINES lines (each costs SIM_BYTES_PER_LINE of tag and
 * stamp); a chain walks at most SIM_MAX_WALK_LINES lines. */
#define SIM_MAX_WAYS 64
/* A miss asks the next level for the whole line, one of that level's
 * lines at a time: a line of an exbibyte took the fuzzer's input 22 s a
 * load.  Real lines are 32 to 256 bytes. */
#define SIM_MAX_LINE 65536ULL
#define SIM_MAX_TLB_ENTRIES 65536
#define SIM_MAX_CACHE_LINES (1ULL << 24)
#define SIM_MAX_WALK_LINES (1ULL << 24)
#define SIM_BYTES_PER_LINE 16
/* sms:count= at most: chase sms probes each level from every one. */
#define SIM_MAX_SMS 1024

/* The hierarchy used when none is given. */
#define SIM_DEFAULT_SPEC "L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200"

/* Returns 0, or -1 with a reason.  A spec that parses is within the limits
 * above; only its memory against the machine's is left to check. */
int sim_spec_parse(const char *text, struct sim_spec *s, char *why, size_t len);

/* The bytes of tag and stamp arrays a parsed spec needs. */
uint64_t sim_spec_array_bytes(const struct sim_spec *s);

/* Returns 0 if those arrays fit in budget bytes, or -1 with a reason that
 * names the budget as budget_name ("a quarter of this machine's memory"). */
int sim_spec_check_memory(const struct sim_spec *s, uint64_t budget, const char *budget_name,
                          char *why, size_t len);

#endif
