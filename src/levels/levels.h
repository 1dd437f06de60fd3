/* levels.h: finding cache levels (plateaus) on a latency curve, naming them, and where to measure next. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_LEVELS_H
#define CHASE_LEVELS_H

#include "core/curve.h"

/* The method (fit.c, merge.c, bounds.c).
 *
 * A level is a plateau: a stretch of sizes the latency dwells at.  The
 * finder works on log latency over log2 size, where a level's step is a
 * ratio, so one rule serves curves of 4 cycles and of 900.
 *
 * Fit.  The rows are binned (a 1/1024 octave, wider on huge curves so that a
 * million rows make a few thousand points) and cut into straight pieces by
 * penalised least squares (optimal partitioning, pruned as in PELT), each
 * point weighed by its own noise: the scatter of the points around it, which
 * differs along a curve (memory is often far noisier than L1).  Pieces may
 * slope: a plateau can climb as TLB or conflict misses grow, which a
 * staircase fit would cut into false levels.
 *
 * Merge.  Pieces of three points or more can be plateaus; between two of
 * them the curve rises at the rate of the chord joining their facing points.
 * A level boundary is where the rate peaks: it at least doubles from a
 * plateau before and halves to a plateau after (the curve rises and
 * settles), and the plateaus differ by 4% and four times their noise or
 * more.  So a step is a boundary however gradual it is, a smooth climb that
 * keeps steepening into the next step (the H100's L1) is one level with its
 * exit, and a plateau lower than the one before is no new level.  Within a
 * level, a second one begins at a kink: a piece as flat as the level's
 * flattest, after which the curve climbs at least twice as steeply, by a
 * level's step, over an octave or more, without accelerating and without
 * being the next transition (a TLB's reach adds misses as 1 - reach/size: a
 * corner, then a concave climb that need not settle before the next step,
 * as on the MI300X).  A climb that accelerates (convex in log size) is the
 * way out of a plateau, not a level.  Once named, a part of one cache
 * (or a level past them all) that is a narrow climb is that way out too,
 * and joins the level before it (find.c's join_ramps: a hashed cache of
 * few ways leaves its plateau over a ramp).
 *
 * Bounds.  The capacity interval runs from the last point still on the
 * plateau to the first point clearly above it, against the plateau's trend
 * near its edge (its last piece's line, or the parabola through it where it
 * bends up) and the scatter about it: on means within that scatter or two
 * standard errors, off means three.  Points in between are too noisy to
 * place, and the level says so (noise_limited).  The latency is the median
 * of the level's flattest piece: a plateau that climbs is purest where it
 * is flattest (its start on the H100's L1; its end where random
 * replacement or a TLB's misses settle).
 */

/* Fits plateaus to the curve's median latencies over log(size) (rows sorted
 * by bytes) and names them: by the driver's caches where the curve's
 * metadata carries 'driver.cache.NAME: BYTES' lines, else L1, L2, ... and
 * memory (chase_levels_name).  Returns how many were found (0 for a curve
 * too short to say), at most max. */
size_t chase_levels_find(const struct chase_curve *c, struct chase_level *lv, size_t max);
/* The same for the sweep's refinement, which bisects each level's
 * interval: a piece of a ramp stays an edge there (joined to its plateau,
 * the interval spans the ramp, which no bisection narrows), unless its
 * last few points climb (join_ramps). */
size_t chase_levels_find_edges(const struct chase_curve *c, struct chase_level *lv, size_t max);

/* A cache as the driver or the OS reports it, never a measured figure. */
struct chase_cache_fact {
    char name[32];
    uint64_t bytes;
};

/* Names levels by size against the driver's caches (any order; none is
 * fine): the level whose capacity lies within one cache takes its name,
 * several within one are its parts ("L2 near", "L2 far"; "L2 part 3"), one
 * far below the smallest reported is an unreported L1, a level past every
 * cache that ends where the next begins at a gradual onset is the "TLB
 * reach"; the last level is "memory" only when the sweep went an octave
 * past every cache and its plateau starts past them, else "beyond L<n>" with
 * a note saying where the sweep ended.  With no caches: L1, L2, ... and
 * memory when the last plateau reaches an octave past its knee.  Fills
 * name, note, cache and cache_bytes. */
void chase_levels_name(struct chase_level *lv, size_t nlv, const struct chase_cache_fact *caches,
                       size_t ncaches, uint64_t swept_max);
/* Where a level's name says it is a part of a cache (" near", " far",
 * " part N": the suffix), or NULL for a whole level. */
const char *chase_level_part(const char *name);
/* Whether levels a and b are parts of one cache (their names before
 * chase_level_part's cut alike: "L2 near" and "L2 far", "L2" and "L2 part 2"). */
int chase_level_same_cache(const char *a, const char *b);

/* Names for what the levels are when the working set was not the device's
 * own memory (metadata 'memory_target: peer:N', 'host' or 'managed'): the
 * first 'memory_reader_caches' levels (the backend's count of its own
 * caches that hold the target's lines) are "L1 (reader)" and so on; past
 * them a peer's levels are its own ("peer L2", "peer memory"), the host's
 * "host cache" and "host memory".  Without both lines (a target the backend measures as its own
 * memory: the cpu's host, managed memory on the device) it changes nothing. */
void chase_levels_name_target(struct chase_level *lv, size_t nlv, const struct chase_meta *m);

/* Names for the levels of a path through caches the driver does not
 * report (metadata 'path_caches: P', e.g. "const": the constant caches,
 * which the driver's L2 and the L1 it implies are not): "P L1", "P L2",
 * ... in order of latency, and the last "beyond P L<n>" with a note where
 * the sweep ended, for what lies past the last plateau the sweep could
 * bound (the next cache of the path, or the L2 its misses go to) the
 * sizes alone cannot say.  One level is "P L1".  Without the line it
 * changes nothing. */
void chase_levels_name_path(struct chase_level *lv, size_t nlv, const struct chase_meta *m, uint64_t swept_max);

/* The driver's caches from 'driver.cache.NAME: BYTES' metadata; returns how many, at most max. */
size_t chase_levels_caches(const struct chase_meta *m, struct chase_cache_fact *caches, size_t max);

/* Sizes (multiples of align, not already in the curve, increasing) to measure next so
 * that every level's capacity interval narrows toward `octaves` wide (1/32 typical);
 * fills sizes (at most max) and returns how many: 0 when every interval is narrow
 * enough or cannot be narrowed (noise-limited, or align too coarse).  Besides
 * bisecting each interval it halves every gap wider than 2 * octaves across
 * which the curve moves by more than its noise, so that a level hidden in a
 * transition (two capacities close together) gets points to show on. */
size_t chase_levels_refine(const struct chase_curve *c, const struct chase_level *lv, size_t nlv,
                           uint64_t align, double octaves, uint64_t *sizes, size_t max);

/* The finder's steps, exported so that each can be tested on its own:
 * fit (points and straight pieces) -> merge (pieces into levels) -> bounds
 * (capacity interval, latency, confidence). */

/* One point of the fit: rows whose sizes lie within a bin (a 1/1024 octave,
 * wider for huge curves so that there are at most a few thousand). */
struct chase_fit_point {
    double x;           /* log2 bytes, the rows' mean */
    double z;           /* log cycles, the rows' median */
    double sd;          /* its noise in log latency: the scatter of the points around it */
    size_t first, last; /* the rows it holds */
};

/* A straight piece of the fit: z = icpt + slope * x over points a..b. */
struct chase_fit_piece {
    size_t a, b;
    double slope;       /* log latency per octave */
    double icpt;
    double sd;          /* noise of its points (their median) */
    double se;          /* the slope's standard error */
};

struct chase_fit {
    struct chase_fit_point *pt;
    size_t n;
    struct chase_fit_piece *pc;
    size_t npc;
    double sigma;       /* the curve's typical noise of one point, log latency */
};

/* Bins the rows and partitions them into straight pieces (penalised least
 * squares weighted by each point's noise, exact, pruned).  Returns 0 (npc is 0 for a curve too short), or
 * -1 when out of memory.  Free with chase_levels_fit_free. */
int chase_levels_fit(const struct chase_curve *c, struct chase_fit *f);
void chase_levels_fit_free(struct chase_fit *f);

/* A level in the fit's terms. */
struct chase_span {
    size_t a, b;        /* its points, from the end of the transition before it */
    size_t flat;        /* its flattest plateau piece, which gives its latency */
    size_t ref;         /* the plateau piece the next level's edge is measured against */
    size_t limit;       /* where to stop looking for that edge: the next level's plateau */
    double step;        /* log latency from this level's plateau to the next one's */
    double rate;        /* the transition's steepest climb, log latency per octave (0: last level) */
    double rate_in;     /* the same of the climb it began with (INFINITY: a gradual onset, or none) */
    int kink;           /* the next level begins at a gradual onset, not after a step */
};

/* Groups the pieces into levels; returns how many, at most max. */
size_t chase_levels_merge(const struct chase_fit *f, struct chase_span *sp, size_t max);

/* Fills lv[0 .. n) from the spans: capacity interval, latency, confidence,
 * onset and noise_limited; names L1, L2, ... by position (last: memory). */
void chase_levels_bounds(const struct chase_curve *c, const struct chase_fit *f, const struct chase_span *sp,
                         size_t n, struct chase_level *lv);

#endif
