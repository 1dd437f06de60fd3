/* source.h: a curve measured and refined, and the levels another
 * measurement needs (from a file or a default sweep). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_SOURCE_H
#define CHASE_SOURCE_H

#include "core/curve.h"
#include "core/measure.h"
#include "run/session.h"

/* Measures plan's sizes and refines the bends (unless refine is 0), on an
 * open session; the levels are found and named.  stream: each row goes to
 * s->w as measured.
 * Returns 0 or an exit status (*failed set when a point failed; a signal
 * leaves chase_stop set). */
int chase_curve_measure(struct chase_session *s, const struct chase_measure *m, const uint64_t *plan, size_t nplan,
                        uint64_t stride, int stream, int refine, struct chase_curve *c, struct chase_level *lv,
                        size_t *nlv, int *failed);
/* The window of a LOCAL chain (--pattern local): 16 pages of 4 KiB,
 * within any first TLB (48 entries and more). */
#define CHASE_LOCAL_WINDOW 65536
/* The order a sweep's chain takes: --pattern's (RANDOM unless given).  LOCAL is
 * asked for, never the default: it keeps a TLB's misses out of the
 * latency (a guest's pages may be 4 KiB, the host's under its huge ones,
 * and a first TLB's reach then lies inside the L2), but a window's lines
 * come close together in time, which spatial prefetchers use (a Xeon
 * guest read memory at 137 cycles in windows, 317-326 random).  Sets m's
 * pattern and sub; returns the metadata's words for it. */
const char *chase_sweep_order(const struct chase_opts *o, struct chase_measure *m);
/* The levels another measurement needs: read from o->from (a sweep file,
 * analysed as `chase analyze` does; s may be NULL) or measured by a
 * default sweep on the open session s.  Returns 0 or an exit status. */
int chase_levels_source(const struct chase_opts *o, struct chase_session *s, struct chase_curve *c,
                        struct chase_level *lv, size_t *nlv);
/* Whether --from's file (its curve c, read) came from the session's
 * backend and device (the file's backend and device lines against the
 * open session's): 0 when it did, when --mixed asks for it anyway, or
 * when the file does not say (a file written by hand); else
 * CHASE_EXIT_MIXED after saying which differ.  Levels of one device do
 * not place another's working sets. */
int chase_levels_source_check(const struct chase_opts *o, const struct chase_session *s, const struct chase_curve *c);

/* A level a per-level measurement (lines, assoc) probes: the one --level
 * names, else every cache level (a TLB's reach is a plateau of the sweep,
 * not a cache: it has no line or set to find).  The last level, memory,
 * is the caller's to leave out. */
int chase_level_probed(const struct chase_opts *o, const struct chase_level *lv);
/* --level NAME where the sweep found no level of that name but split that
 * cache into parts ("L1 near" and "L1 far", "L2 part 1" ...: the finder
 * cannot tell a partition from a step that noise made inside one cache,
 * and a loaded host makes such steps): the first part, the part the sizes
 * of the driver's (or the OS's) cache NAME hold nearest the core, is the
 * cache asked for.  It is renamed NAME, and stderr says so unless -q.
 * Nothing changes where a level is named NAME, or none is a part of it. */
void chase_level_asked(const struct chase_opts *o, struct chase_level *lv, size_t nlv, const char *kind);
/* The refusal when no level was left to probe: what names what a level
 * has ("line", "sets").  Returns CHASE_EXIT_USAGE for a --level that
 * named none, else CHASE_EXIT_FAIL. */
int chase_levels_none(const struct chase_opts *o, const char *kind, const char *what);

#endif
