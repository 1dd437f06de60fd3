/* banks.h: the science of chase banks, as pure functions: the access
 * patterns it measures, the cost a bank model predicts for a pattern, the
 * bank model that best explains a stride sweep, and the lane groups found
 * by probing.  Nothing here touches a device: banks_cmd.c measures, and
 * the unit tests drive these functions with models of known truth. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_BANKS_H
#define CHASE_BANKS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "abi/chase_backend.h"

#define CHASE_BANKS_NWIDTH 3            /* 4, 8 and 16 bytes: b32, b64, b128 */
#define CHASE_BANKS_NSTRIDE 22          /* the stride sweep's points */
#define CHASE_BANKS_NROW 11             /* the conflict table's patterns */
#define CHASE_BANKS_MAX_HYP 128         /* bank hypotheses the fit tries */

/* 0, 1, 2 for 4, 8, 16 bytes; -1 for any other width. */
int chase_banks_width_index(unsigned width);
unsigned chase_banks_width_bytes(int index);

/* How one access width's lanes are served: in lane groups (phases), each
 * taking as many passes through the banks as its most loaded bank needs.
 * With merge, consecutive groups (ordered by their first lane) share a
 * pass while together they ask no bank for two different words: the
 * NVIDIA-like behaviour, where a warp's multicast reads cost less than
 * its groups' count. */
struct chase_banks_layout {
    unsigned ngroups;
    unsigned char group[CHASE_MAX_LANES];   /* each lane's group, numbered from 0 */
    int merge;
};

/* A bank model: banks of bank_bytes each (bank = (byte / bank_bytes) mod
 * banks, and a bank serves one bank_bytes word a pass), a warp of lanes,
 * and each width's layout. */
struct chase_banks_model {
    unsigned banks, bank_bytes, lanes;
    struct chase_banks_layout w[CHASE_BANKS_NWIDTH];
};

/* Consecutive groups of n lanes (n a divisor of lanes), no merging. */
void chase_banks_layout_blocks(struct chase_banks_layout *L, unsigned lanes, unsigned n);

/* What a pattern costs under a model, and where. */
struct chase_banks_cost {
    unsigned passes;                        /* passes through the banks, in all */
    unsigned npass;                         /* groups of lanes served together (after merging) */
    unsigned char pass[CHASE_MAX_LANES];    /* each lane's group of service */
    unsigned char depth[CHASE_MAX_LANES];   /* distinct words its worst bank gives that group */
    unsigned char bank[CHASE_MAX_LANES];    /* the first bank each lane reads */
};

/* Passes through the banks for lanes reading width bytes at off[lane]
 * (bytes); fills c when not NULL.  Returns 0 for a width the model lacks. */
unsigned chase_banks_cost(const struct chase_banks_model *m, unsigned width, const uint32_t *off,
                          struct chase_banks_cost *c);

/* The stride sweep: 0..5, then 2^k and 2^k + 1 dwords for k = 3..10. */
extern const unsigned chase_banks_strides[CHASE_BANKS_NSTRIDE];
/* Lane i reads the dword (i * stride) mod (shared_bytes / 4). */
void chase_banks_stride_pattern(unsigned lanes, unsigned stride, uint64_t shared_bytes, uint32_t *off);

/* The conflict table's rows (the shared-memory seed's): lane i reads
 * element e(i) of width bytes: conflict-free e = i; multicast k: i / k;
 * broadcast: 0; conflict k: (i mod k) * R + i / k, where R elements put
 * the k lanes of a set in one bank at different rows (R x width is a
 * multiple of the bank row, as in the seed's 32-element rows). */
enum chase_banks_kind { CHASE_BANKS_FREE, CHASE_BANKS_MULTICAST, CHASE_BANKS_BROADCAST, CHASE_BANKS_CONFLICT,
                        CHASE_BANKS_USER };
struct chase_banks_row {
    const char *name;
    int kind;
    unsigned ways;              /* k; broadcast: 0 (all lanes) */
};
extern const struct chase_banks_row chase_banks_rows[CHASE_BANKS_NROW];
/* Fills off; returns -1 when the row does not fit lanes (k > lanes) or
 * shared_bytes. */
int chase_banks_row_pattern(const struct chase_banks_row *r, unsigned lanes, unsigned width, unsigned row_bytes,
                            uint64_t shared_bytes, uint32_t *off);
/* Lanes that share one bank at different rows, per set of k (the row's ways). */
unsigned chase_banks_row_ways(const struct chase_banks_row *r, unsigned lanes);

/* One hypothesis of the fit and how well it explains the sweep. */
struct chase_banks_hyp {
    unsigned banks, bank_bytes, phase_lanes;    /* phase_lanes: b32 lanes served together */
    double a, b;                                /* cost = a + b x max(predicted passes, floor) */
    double floor;                               /* passes below it cost as much (1: no floor) */
    double rms;                                 /* relative rms residual */
};

struct chase_banks_fit {
    int ok;                     /* a hypothesis explains the sweep */
    struct chase_banks_hyp best;
    struct chase_banks_hyp runner_up;           /* the best with other banks or bank width; rms < 0: none */
    int clear;                  /* the best fits and the runner-up clearly does not */
    struct chase_banks_hyp hyp[CHASE_BANKS_MAX_HYP];    /* every hypothesis, best first */
    unsigned nhyp;
};

/* Fits cost[i] measured at stride[i] (n points, b32 reads by lanes, with
 * the wrap at shared_bytes) against every hypothesis of banks (8..128),
 * bank bytes (4, 8, 16) and b32 phase lanes (4..lanes), by least squares
 * on relative residuals.  Returns 0, or -1 when nothing can be fitted
 * (too few points, a flat sweep). */
int chase_banks_fit(const unsigned *stride, const double *cost, size_t n, unsigned lanes, uint64_t shared_bytes,
                    struct chase_banks_fit *fit);
/* With the b32 lanes served together known (the measured groups), the
 * best and the runner-up are chosen among the hypotheses that agree with
 * it: a sweep alone cannot always tell 16-lane phases of 32 banks from
 * whole-warp phases of 16 wider banks. */
void chase_banks_fit_refine(struct chase_banks_fit *fit, unsigned phase_lanes);
/* n when the layout's groups are lanes 0..n-1, n..2n-1, ...; else 0. */
unsigned chase_banks_layout_block(const struct chase_banks_layout *L, unsigned lanes);
/* The predicted passes of stride s under a hypothesis. */
unsigned chase_banks_fit_predict(const struct chase_banks_hyp *h, unsigned lanes, uint64_t shared_bytes,
                                 unsigned stride);

/* Lane groups by probing, as the bank-count seed does: every lane reads
 * word A, a reference lane reads word B in another bank, and a swept lane
 * reads word C, in B's bank but another row; a swept lane whose read adds
 * a pass is in the reference's group.  The probes are made by measure,
 * which returns a pattern's cost in cycles (0 on success). */
typedef int (*chase_banks_measure_fn)(void *arg, const uint32_t *off, double *cycles);

struct chase_banks_probe {
    unsigned lane, ref;         /* the swept lane and its reference (lane == ref: the reference alone) */
    double cycles;
};

struct chase_banks_groups {
    struct chase_banks_layout layout;
    double base_excess;         /* median over references of (other groups' probes - reference alone), in units */
    struct chase_banks_probe probe[CHASE_MAX_LANES * CHASE_MAX_LANES * 2];
    unsigned nprobe;
};

/* Finds the groups of width's lanes under banks of bank_bytes (from the
 * fit); unit is the cost of one pass in the measure's cycles (the fit's
 * b), for telling a pass from noise.  Returns 0, -1 when the banks leave
 * no room for the three words, or measure's nonzero status. */
int chase_banks_find_groups(unsigned lanes, unsigned width, unsigned banks, unsigned bank_bytes, double unit,
                            chase_banks_measure_fn measure, void *arg, struct chase_banks_groups *g);
/* The groups as text: "0-15 16-31", a group's lanes joined by ','. */
void chase_banks_groups_text(const struct chase_banks_layout *L, unsigned lanes, char *buf, size_t len);

/* A --lanes file: one element index a line (decimal or 0x hex), '#'
 * comments and blank lines allowed, exactly lanes of them; byte offsets
 * index x width must leave width bytes below shared_bytes.  Returns 0, or
 * -1 with the reason (naming the line) in why. */
int chase_banks_read_lanes(FILE *f, const char *name, unsigned lanes, unsigned width, uint64_t shared_bytes,
                           uint32_t *off, char *why, size_t len);

/* ---- one run of chase banks: what it measured and concluded ---- */

/* The operations a sweep and lane groups are measured for: reads and
 * stores (enum chase_shared_op's first two); the two-address reads have
 * table rows only. */
#define CHASE_BANKS_NSIDE 2

/* A conflict-table cell: one pattern at one width, of one operation. */
struct chase_banks_entry {
    char pattern[24];
    const char *op;             /* chase_shared_op_name: read, write, read2, read2st64 */
    int opn;                    /* enum chase_shared_op */
    unsigned ways, width;       /* width in bytes */
    double latency;             /* chain: cycles an access; NAN for a store (nothing returns) */
    double issue_warp;          /* burst: (T(N) - T(1)) / (N - 1) */
    double issue_block;         /* block: the multiprocessor's cycles per warp instruction */
    double ratio, latency_ratio;        /* issue_block and latency over the conflict-free row's */
    double passes;              /* issue_block in passes, by the fit's pass cost */
    double predicted;           /* the model's passes; NAN without one */
};

/* One operation's stride sweep, bank fit and lane groups. */
struct chase_banks_side {
    int measured;               /* this operation was asked for */
    unsigned nstride;
    unsigned stride[CHASE_BANKS_NSTRIDE];
    double stride_cycles[CHASE_BANKS_NSTRIDE];
    double stride_pred[CHASE_BANKS_NSTRIDE];    /* the best hypothesis's passes */
    int fitted;                 /* fit holds a result */
    struct chase_banks_fit fit;
    struct chase_banks_groups *groups[CHASE_BANKS_NWIDTH];   /* NULL: not measured */
    int resolved[CHASE_BANKS_NWIDTH];   /* the probes rose above the floor */
};

struct chase_banks_result {
    unsigned lanes;
    uint64_t shared_bytes;      /* where the stride sweep wraps */
    struct chase_banks_side side[CHASE_BANKS_NSIDE];    /* reads, stores */
    /* Every width and operation (reads, stores, and on AMD the two
     * two-address reads at 64 bits) of every pattern. */
    struct chase_banks_entry entry[(CHASE_BANKS_NWIDTH * CHASE_BANKS_NSIDE + 2) * (CHASE_BANKS_NROW + 1)];
    unsigned nentry;
    char read2_why[CHASE_ERRLEN];       /* why no two-address read rows ("": there are, or reads not asked) */
    /* --lanes: the user's pattern and where the model puts each lane. */
    int user;
    unsigned user_width;
    uint32_t user_off[CHASE_MAX_LANES];
    struct chase_banks_cost user_cost;
    int user_costed;
};

struct chase_meta;
struct chase_opts;
/* Draws the stride sweep, the cost against ways and the lane groups in
 * one image (banks_plot.c); returns 0 or an exit status, err saying why. */
int chase_plot_banks(const struct chase_banks_result *r, const struct chase_meta *meta, const struct chase_opts *o,
                     const char *out, char *err, size_t len);

/* chase banks (banks_cmd.c). */
/* banks_out.c: the tables.  0 or -1 (w->err). */
struct chase_writer;
int chase_banks_write(struct chase_writer *w, const struct chase_banks_result *r);

/* banks_out.c: the results and the report for a person (mhz: the clock
 * measured, NAN where none was; calls: the timed launches). */
struct chase_session;
void chase_banks_results(struct chase_meta *res, const struct chase_banks_result *r, double mhz, unsigned calls);
void chase_banks_report(FILE *f, const struct chase_session *s, const struct chase_banks_result *r, double mhz,
                        unsigned calls);
struct chase_doc;
/* Its section of report.md (banks_out.c; the descriptor's markdown hook). */
void chase_banks_markdown(FILE *f, const struct chase_doc *d, const char *file);
void chase_banks_headline(FILE *f, const struct chase_doc *d);
struct chase_measurement;
extern const struct chase_measurement chase_banks_measurement;

#endif
