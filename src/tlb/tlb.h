/* tlb.h: address translation from a page-stride curve and pair probes:
 * each TLB level's reach, the page size it maps and the cost of a miss
 * (chase tlb). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_TLB_H
#define CHASE_TLB_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/curve.h"
#include "core/options.h"
#include "io/output.h"

#define CHASE_TLB_MAX_SUBS 12

/* A pair probe on one stretch of the curve: SPREAD chains over
 * `blocks` blocks of `stride` bytes, the second load of each at +sub[i]. */
struct chase_tlb_probe {
    uint64_t blocks, stride;
    uint64_t sub[CHASE_TLB_MAX_SUBS];
    double cycles[CHASE_TLB_MAX_SUBS], ns[CHASE_TLB_MAX_SUBS];
    double se[CHASE_TLB_MAX_SUBS];      /* the median's standard error, from the samples' spread */
    size_t nsub;
};

/* Where a TLB level's miss cost came from (chase_tlb_miss_from says it). */
enum chase_miss_from {
    CHASE_MISS_CURVE,           /* the curve's step or climb */
    CHASE_MISS_STEP_LRU,        /* the step, REVISIT and PAGE agreeing every load misses past the reach */
    CHASE_MISS_LRU_FIFO,        /* REVISIT, between its LRU and random fits */
    CHASE_MISS_RANDOM,          /* REVISIT as random replacement */
    CHASE_MISS_UNIFORM,         /* REVISIT as misses at random pages */
    CHASE_MISS_MIDDLE           /* REVISIT, the middle of the three */
};

enum chase_step_kind {
    CHASE_STEP_UNCLASSIFIED,    /* neither the twin curve nor the probes could tell */
    CHASE_STEP_TLB,             /* it stays at one count of pages with two lines a page: a translation's reach */
    CHASE_STEP_CACHE            /* it comes at half the blocks with two lines a block: a data cache's capacity */
};

/* A step of the curve: what a plateau's end is, as the probes tell it. */
struct chase_tlb_level {
    char name[16];              /* TLB1, TLB2, ...; cache1, ... for data-cache steps */
    int kind;
    uint64_t lo, hi;            /* bytes spanned: the last on the plateau, the first clearly above */
    uint64_t stride;            /* the stride of the chains whose spans lo and hi are: the curve's, or for a
                                   level the entries' pass found, the pass's or the page it told (tlb_entry.c) */
    uint64_t pass_stride;       /* the entries' pass that found it (0: the curve's levels) */
    double blocks_lo, blocks_hi;/* the same in blocks of the curve's stride */
    uint64_t page;              /* the page size the probes show (0: not told) */
    int page_at_least;          /* page is a lower bound: the largest sub stayed in one page */
    uint64_t page_below;        /* the page is smaller than this: the reach moved with a doubled stride (0: not told) */
    double entries_lo, entries_hi;  /* reach over the page size (TLB levels) */
    double cycles, ns;          /* latency on the plateau before the step (the level hits) */
    double to_cycles, to_ns;    /* on the plateau after */
    double twin;                /* where the twin curve has it, in octaves from here (0: a TLB's; -1: a cache's) */
    int merged;                 /* a data cache's step is in it too (its cost is both's) */
    double miss, miss_ns;       /* what a miss here costs: the curve's step, or twice the probes'
                                   rise where the page is larger than the stride (the step smears) */
    double jump;                /* the probes' rise at the page: half of what a miss here costs */
    double noise;               /* what the probes' rise is judged against */
    double walk_miss, walk_rms; /* past the reach the curve climbs as 1 - reach/span: the miss cost
                                   that fits it and the rms residual (0: the curve steps instead) */
    int open;                   /* the span ended in the rise: no plateau after it was measured */
    double revisit_miss, revisit_se, revisit_rms;   /* the miss cost from the REVISIT chain (revisit_points 0: none) */
    int miss_from;              /* enum chase_miss_from: where miss came from */
    size_t revisit_points;      /* the REVISIT rows the fit used */
    char replacement[16];       /* what the PAGE chain's climb past the reach says of it: random, lru, unknown */
    double confidence;          /* the level finder's, of the plateau after */
    size_t step;                /* index of the step (the plateau before it) */
    char how[1280];
};

/* Classifies each step of the curve (levels lv, found on latency against
 * the bytes a PAGE chain of `stride` spans) with the twin curve's levels
 * (tw: the same blocks, two lines each in one page): a TLB's step stays
 * at its count of blocks, a data cache's comes at half of it.  Fills out
 * (one a step, in order; entries counted in blocks until the page is
 * known); returns how many. */
size_t chase_tlb_classify(const struct chase_level *lv, size_t nlv, const struct chase_level *tw, size_t ntw,
                          uint64_t stride, struct chase_tlb_level *out, size_t max);
/* Where to probe each stretch between TLB steps (stretch r: past r TLB
 * steps), in blocks of the curve's stride: inside the stretch with twice
 * as many pages (a second load in another page) still short of the next
 * TLB step, and away from the twin's steps (the probes' two lines a block
 * are the twin's).  blocks[r] for r = 0 .. TLB levels; 0 where no place
 * fits.  The last stretch goes up to max_blocks.  Returns how many. */
size_t chase_tlb_probe_plan(const struct chase_curve *c, const struct chase_level *lv, size_t nlv,
                            const struct chase_level *tw, size_t ntw, const struct chase_tlb_level *out, size_t nout,
                            uint64_t stride, uint64_t max_blocks, uint64_t *blocks);
/* The page of each TLB level from the probes of the stretches before and
 * after it (pr[r]: stretch r; nsub 0 where not probed): a pair's latency,
 * against sub, rises from one to the other by half a miss's cost where
 * sub reaches the page; where it rises alike at every sub, by half what
 * the curve c rises over as many pages, the page is at least twice the
 * largest sub (page_at_least).  Fills page, jump, noise, entries and how. */
void chase_tlb_pages(struct chase_tlb_level *out, size_t nout, const struct chase_tlb_probe *pr, size_t npr,
                     uint64_t stride, const struct chase_curve *c);

/* Past each TLB level's reach the curve may climb as 1 - reach/span
 * (random replacement) rather than step: fits the miss cost where it does
 * (walk_miss).  A rise where the curve ends (a reach the memory holds only
 * the start of) becomes a level of its own, open: a TLB's where the twin
 * rises about half as much there.  Appends at most one to out (*nout, at
 * most max). */
void chase_tlb_walks(const struct chase_curve *c, const struct chase_curve *twin, const struct chase_level *lv,
                     size_t nlv, uint64_t stride, struct chase_tlb_level *out, size_t *nout, size_t max);

/* Where to measure a REVISIT chain for TLB level out[i]: two spans
 * below its reach (the plateau) and REVISIT_PAST from its reach to the
 * next TLB level's (or max), multiples of stride, in order.  Returns how
 * many (at most max_spans). */
size_t chase_tlb_revisit_plan(const struct chase_tlb_level *out, size_t nout, size_t i, uint64_t stride,
                              uint64_t max, uint64_t *spans, size_t max_spans);
/* The miss cost of TLB level L from the REVISIT curve rv (each block
 * `visits` times a lap at random moments, each page as many times more as
 * it has blocks of `stride`: its misses grow nearly alike under any
 * replacement), fitted over the spans its plan gave (from .. end) under
 * LRU, random replacement and as at random pages (uniform); the PAGE
 * chain c's climb past the reach says which it is.  Run after the page is
 * known.  Sets revisit_*, replacement, miss_from, and miss where the fit
 * is clear; appends to how. */
void chase_tlb_revisit(struct chase_tlb_level *L, const struct chase_curve *rv, const struct chase_curve *c,
                       uint64_t from, uint64_t end, unsigned visits, uint64_t stride);
/* A sentence on where L's miss cost came from. */
const char *chase_tlb_miss_from(const struct chase_tlb_level *L);

/* A PAGE chain at a wider stride, past a level's reach: its latency at
 * the level's start (base) and at a span past the reach (at), beside the
 * curve's chain at the same two (ref_base, ref). */
struct chase_tlb_wide {
    uint64_t wide, span;
    double base, at, ref_base, ref;
};
/* Where to measure a chain at stride `wide` for level out[i], whose page
 * the probes bound from below only: a multiple of wide at or past the
 * reach, at most twice the reach's start (or max) and short of the next
 * step of any kind; 0 where none fits. */
uint64_t chase_tlb_wide_span(const struct chase_tlb_level *out, size_t nout, size_t i, uint64_t stride, uint64_t wide,
                             uint64_t max);
/* The page from above, from chains at 2, 4, ... x the stride (w[0..n),
 * in order): while one rises past the reach as the curve's chain does
 * (over three quarters of its rise), an entry maps that much or more; the
 * first to rise under a quarter of it bounds the page below its stride
 * (page_below), which with the bound from below gives the page. */
void chase_tlb_page_above(struct chase_tlb_level *L, const struct chase_tlb_wide *w, size_t n);
/* Whether w rose past the reach as the curve's chain did (a wider stride
 * is worth trying). */
int chase_tlb_wide_same(const struct chase_tlb_level *L, const struct chase_tlb_wide *w);

/* A pass at the entries' stride (tlb_entry.c): where the first TLB
 * level's entry maps more than the curve's stride (its page, or the bound
 * from below), a smaller level in front of it smears on the curve.
 * Returns 1 with that size and the span the pass goes up to (the level's
 * start), 0 where no pass is due. */
int chase_tlb_entry_plan(const struct chase_tlb_level *out, size_t nout, uint64_t stride, uint64_t *entry,
                         uint64_t *until);
/* The TLB steps of a pass at `stride` (c and its twin at the same spans):
 * a rise from one point to the next that stands above every rise near it,
 * holds at the point after and that the twin shares at about half.  Fills
 * out (stride set, page not yet told); returns how many. */
size_t chase_tlb_sharp_steps(const struct chase_curve *c, const struct chase_curve *twin, uint64_t stride,
                             struct chase_tlb_level *out, size_t max);
/* A pair of PAGE chain spans at one stride, two points each, that tells
 * such a level's page. */
#define CHASE_TLB_ENTRY_TESTS 16
#define CHASE_TLB_PAIR_POINTS 4
struct chase_tlb_entry_test {
    uint64_t stride;
    uint64_t span[CHASE_TLB_PAIR_POINTS];   /* two spans each side of the step's blocks (or of half of them at
                                               twice its stride): one block apart */
    double cycles[CHASE_TLB_PAIR_POINTS], se[CHASE_TLB_PAIR_POINTS];   /* NAN: not measured */
};
/* The next pair to measure for level L (found by the pass, page not yet
 * told) after t[0..n): at half its stride over as many blocks as its step
 * (a page that small makes every block an entry: the step comes at the
 * same blocks), halving while the pair rises, not below min_stride; where
 * half the stride stayed flat, at twice the stride over half as many
 * blocks (an entry mapping that much keeps the step in bytes).  A pair
 * (the mean of its two points after the step against its two before)
 * rises by over two thirds of the step and three of its standard errors,
 * stays flat under a third; between, the search stops.  Returns 0 where
 * it is done, or where no pair fits the step (under 4 blocks). */
int chase_tlb_entry_next(const struct chase_tlb_level *L, const struct chase_tlb_entry_test *t, size_t n,
                         uint64_t min_stride, struct chase_tlb_entry_test *next);
/* The page from those pairs: the last stride that rose, halving, where
 * the next stayed flat; at most the smallest that rose where the search
 * stopped there (page_below); the stride where half of it and twice it
 * stayed flat; twice the stride or more where twice it rose.  complete 0:
 * a chain failed, and the search ended with it.  Sets page, page_below,
 * entries and, where the page is under the pass's stride, stride, lo and
 * hi (the step's blocks at the page); adds to how. */
void chase_tlb_entry_page(struct chase_tlb_level *L, const struct chase_tlb_entry_test *t, size_t n, int complete);
/* Adds found[0..nf) to lv (*nlv levels, room for max) in order of reach,
 * except where a TLB level of lv spans the same bytes, and names every TLB
 * level again in that order.  names[k]: found[k]'s name now, the level's
 * that spans its bytes, or "-" where there was no room. */
void chase_tlb_entry_join(struct chase_tlb_level *lv, size_t *nlv, size_t max, const struct chase_tlb_level *found,
                          size_t nf, char (*names)[16]);

/* The tables of a tlb file. */
/* One level's page test: pairs of chains (tlb_entry.c). */
struct chase_tlb_entry_level {
    char level[16];         /* the level's name once the levels are joined */
    struct chase_tlb_entry_test t[CHASE_TLB_ENTRY_TESTS];
    size_t n;
};

/* tlb_out.c: "tlb", "cache" or "unclassified". */
const char *chase_tlb_kind_name(int kind);
/* 1 and *v the page measured (the results' page_bytes); else 0 and *why
 * the reason there is none (page_why; a format 3 file of 0.2.0's
 * development held it in page_bytes), or NULL. */
int chase_tlb_page(const struct chase_meta *res, double *v, const char **why);
/* The tables: the twin and REVISIT curves, the probes, the levels; then
 * the entries' pass (its curves and page tests) where it ran. */
int chase_tlb_write(struct chase_writer *w, const struct chase_curve *twin, const struct chase_curve *rv,
                    const struct chase_tlb_probe *pr, size_t npr, const struct chase_tlb_level *lv, size_t nlv);
int chase_tlb_write_entry(struct chase_writer *w, const struct chase_curve *ec, const struct chase_curve *et,
                          const struct chase_tlb_entry_level *t, size_t nt);
/* The results: the page size, each TLB level, the latency past them all
 * (clv: the curve's levels; huge: the process's huge-page bytes, or -1). */
void chase_tlb_results(struct chase_meta *r, const struct chase_level *clv, size_t ncl,
                       const struct chase_tlb_level *lv, size_t nlv, double huge);
/* The report for a person (believed: the page the driver or OS says, 0 for none). */
struct chase_session;
void chase_tlb_report(FILE *f, const struct chase_session *s, double believed, uint64_t stride, uint64_t unit,
                      const struct chase_tlb_level *lv, size_t nlv, const struct chase_meta *res);
/* tlb_plot.c: --plot: the PAGE curve, its twin and the entries' pass.
 * 0 or an exit status, err saying why. */
int chase_tlb_plot(const struct chase_curve *c, const struct chase_curve *twin, const struct chase_curve *entry,
                   uint64_t entry_stride, const struct chase_tlb_level *lv, size_t nlv, const struct chase_meta *meta,
                   const char *title, const char *script, const char *out, char *err, size_t len);
struct chase_doc;
/* Its section of report.md (tlb_out.c; the descriptor's markdown hook). */
void chase_tlb_markdown(FILE *f, const struct chase_doc *d, const char *file);
void chase_tlb_headline(FILE *f, const struct chase_doc *d);
/* chase tlb */
struct chase_measurement;
extern const struct chase_measurement chase_tlb_measurement;

#endif
