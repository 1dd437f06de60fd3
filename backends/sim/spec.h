/* spec.h: the sim backend's hierarchy description. */
#ifndef CHASE_SIM_SPEC_H
#define CHASE_SIM_SPEC_H

#include <stddef.h>
#include <stdint.h>

#define SIM_MAX_LEVELS 6

enum sim_policy { SIM_LRU, SIM_FIFO, SIM_RANDOM };

/* chase loads' model of a level (sim_loads.c); 0 takes the default. */
struct sim_loads_spec {
    double issue;       /* the fewest cycles between two independent loads of a warp */
    double bpc;         /* bytes a cycle the level gives one warp */
    double smbpc;       /* bytes a cycle it gives the whole multiprocessor */
    double mlp;         /* loads a warp keeps in flight at most (0: no limit) */
};

struct sim_level_spec {
    char name[16];
    uint64_t size, line;
    unsigned ways;
    double lat;
    enum sim_policy policy;
    struct sim_loads_spec loads;
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
    struct sim_loads_spec mem_loads;    /* chase loads at memory */
    unsigned lanes;                     /* a warp's lanes (mem's lanes=; 0: 32) */
};

/* The hierarchy used when none is given. */
#define SIM_DEFAULT_SPEC "L1:size=32K,lat=4;L2:size=1M,ways=16,lat=14;mem:lat=200"

/* Returns 0, or -1 with a reason. */
int sim_spec_parse(const char *text, struct sim_spec *s, char *why, size_t len);

#endif
