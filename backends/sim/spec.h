/* spec.h: the sim backend's hierarchy description. */
#ifndef CHASE_SIM_SPEC_H
#define CHASE_SIM_SPEC_H

#include <stddef.h>
#include <stdint.h>

#define SIM_MAX_LEVELS 6
#define SIM_MAX_TLB 4           /* tlb: and tlb2: .. tlb4: */

enum sim_policy { SIM_LRU, SIM_FIFO, SIM_RANDOM };

struct sim_level_spec {
    char name[16];
    uint64_t size, line;
    unsigned ways;
    double lat;
    enum sim_policy policy;
    uint64_t sector;            /* sector=: bytes a miss fills (0: the whole line) */
    int hashed;                 /* index=hash: sets chosen by a hash of the line number */
};

/* A TLB level after the first (tlb2: .. tlb4:): looked up when the one
 * before misses; lat is added when this one misses too. */
struct sim_tlb_spec {
    unsigned entries, ways;
    uint64_t page;
    double lat;
};

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
    struct sim_tlb_spec tlb_more[SIM_MAX_TLB - 1];
    int ntlb_more;
};

/* The hierarchy used when none is given. */
#define SIM_DEFAULT_SPEC "L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200"

/* Returns 0, or -1 with a reason. */
int sim_spec_parse(const char *text, struct sim_spec *s, char *why, size_t len);

#endif
