/* tlb_cmd.c: chase tlb: a PAGE chain at the page size the allocation is
 * believed to get, from a few pages to most of the device's memory, and
 * pair probes between its TLB steps; TLB levels (reach, page size, cost of a
 * miss) kept apart from the data-cache steps the same curve shows (tlb.c). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/commands.h"
#include "core/exitcode.h"
#include "levels/levels.h"
#include "core/measure.h"
#include "core/plan.h"
#include "plot/plot.h"
#include "core/session.h"
#include "core/size.h"
#include "tlb/tlb.h"

#define MAX_BLOCKS (1ull << 18) /* the curve stops where its chain would hold more blocks */
#define WIDE_MAX 10             /* chains at up to 2^10 x the stride bound a page from above */
#define REVISIT_SPANS 16        /* room for one level's REVISIT spans */

/* A numeric driver figure by key, or 0. */
static double fact(const struct chase_devinfo *info, const char *key)
{
    int i;
    for (i = 0; i < info->nfacts; i++)
        if (!strcmp(info->facts[i].key, key) && info->facts[i].is_num)
            return info->facts[i].num;
    return 0;
}

static int is_gpu(const struct chase_session *s)
{
    return !strcmp(s->slot->name, "cuda") || !strcmp(s->slot->name, "hip");
}

/* Twice the largest reach of the data TLBs cpuid describes (driver
 * dtlbN_4k_entries, dtlbN_2m_entries) at the page the allocation is
 * believed to get, rounded up to 2 MiB; 0 where none is known. */
static uint64_t cpu_span(const struct chase_devinfo *info)
{
    double page = fact(info, "alloc_page_bytes"), best = 0;
    const char *kind = page >= 2097152 ? "_2m_entries" : "_4k_entries";
    int i;

    for (i = 0; i < info->nfacts; i++) {
        const char *k = info->facts[i].key;
        if (!strncmp(k, "dtlb", 4) && strstr(k, kind) && info->facts[i].is_num)
            best = fmax(best, info->facts[i].num * (page >= 2097152 ? 2097152 : 4096));
    }
    if (!(best > 0) || 2 * best > 1e18)
        return 0;
    return ((uint64_t)(2 * best) + (2ULL << 20) - 1) & ~((2ULL << 20) - 1);
}

/* The process's own transparent huge pages (the cpu backend's mapping is
 * in this process), from /proc/self/smaps_rollup; -1 where unknown. */
static double anon_huge_bytes(void)
{
    char buf[256];
    double v = -1;
    FILE *f = fopen("/proc/self/smaps_rollup", "r");
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

/* The twin curve: the main curve's blocks, two lines each in one page. */
static const struct chase_column twin_cols[] = {
    {"bytes", CHASE_INT}, {"cycles", CHASE_REAL}, {"p5", CHASE_REAL}, {"p95", CHASE_REAL}, {"ns", CHASE_REAL},
    {"samples", CHASE_INT},
};
static const struct chase_table twin_table = {"twin", twin_cols, 6, NULL};
/* The REVISIT curve: loads to the same units at random pages, around each
 * TLB's reach. */
static const struct chase_table revisit_table = {"revisit", twin_cols, 6, NULL};
/* The pass at the entries' stride (tlb_entry.c) and its twin. */
static const struct chase_table entry_table = {"entry", twin_cols, 6, NULL};
static const struct chase_table entry_twin_table = {"entry_twin", twin_cols, 6, NULL};
/* The spans that tell a level found by that pass its page. */
static const struct chase_column entry_page_cols[] = {
    {"level", CHASE_TEXT}, {"stride", CHASE_INT}, {"blocks", CHASE_INT}, {"bytes", CHASE_INT},
    {"cycles", CHASE_REAL},
};
static const struct chase_table entry_page_table = {"entry_page", entry_page_cols, 5, NULL};

/* One level's page test: pairs of chains (tlb_entry.c). */
struct entry_test {
    char level[16];         /* the level's name once the levels are joined */
    struct chase_tlb_entry_test t[CHASE_TLB_ENTRY_TESTS];
    size_t n;
};

static const char *kind_name(int kind)
{
    return kind == CHASE_STEP_TLB ? "tlb" : kind == CHASE_STEP_CACHE ? "cache" : "unclassified";
}

static double r4(double v)
{
    return isfinite(v) ? floor(v * 1e4 + 0.5) / 1e4 : v;
}

static int write_curve(struct chase_writer *w, const struct chase_table *t, const struct chase_curve *cv)
{
    struct chase_cell c[8];
    size_t i;

    if (chase_writer_table(w, t))
        return -1;
    for (i = 0; i < cv->n; i++) {
        chase_point_cells(&cv->rows[i], c);
        if (chase_writer_row(w, c))
            return -1;
    }
    return 0;
}

/* The entries pass's curves and page tests, where it ran. */
static int write_entry(struct chase_writer *w, const struct chase_curve *ec, const struct chase_curve *et,
                       const struct entry_test *t, size_t nt)
{
    struct chase_cell c[5];
    size_t i, k;

    if (!ec->n)
        return 0;
    if (write_curve(w, &entry_table, ec) || write_curve(w, &entry_twin_table, et) ||
        chase_writer_table(w, &entry_page_table))
        return -1;
    for (i = 0; i < nt; i++)
        for (k = 0; k < CHASE_TLB_PAIR_POINTS * t[i].n; k++) {
            const struct chase_tlb_entry_test *x = &t[i].t[k / CHASE_TLB_PAIR_POINTS];
            size_t j = k % CHASE_TLB_PAIR_POINTS;
            memset(c, 0, sizeof c);
            c[0].text = t[i].level;
            c[1].num = (double)x->stride;
            c[2].num = (double)(x->span[j] / x->stride);
            c[3].num = (double)x->span[j];
            c[4].num = r4(x->cycles[j]);
            if (chase_writer_row(w, c))
                return -1;
        }
    return 0;
}

static int write_tables(struct chase_writer *w, const struct chase_curve *twin, const struct chase_curve *rv,
                        const struct chase_tlb_probe *pr, size_t npr, const struct chase_tlb_level *lv, size_t nlv)
{
    struct chase_cell c[29];
    size_t i, k;

    if (write_curve(w, &twin_table, twin) || write_curve(w, &revisit_table, rv))
        return -1;
    if (chase_writer_table(w, &chase_tlb_probes_table))
        return -1;
    for (k = 0; k < npr; k++)
        for (i = 0; i < pr[k].nsub; i++) {
            memset(c, 0, sizeof c);
            c[0].num = (double)k;
            c[1].num = (double)pr[k].blocks;
            c[2].num = (double)pr[k].stride;
            c[3].num = (double)(pr[k].blocks * pr[k].stride);
            c[4].num = (double)pr[k].sub[i];
            c[5].num = r4(pr[k].cycles[i]);
            c[6].num = r4(pr[k].se[i]);
            c[7].num = r4(pr[k].ns[i]);
            c[8].num = k && i < pr[k - 1].nsub && pr[k - 1].sub[i] == pr[k].sub[i]
                           ? r4(pr[k].cycles[i] - pr[k - 1].cycles[i]) : NAN;
            if (chase_writer_row(w, c))
                return -1;
        }
    if (chase_writer_table(w, &chase_tlb_levels_table))
        return -1;
    for (i = 0; i < nlv; i++) {
        const struct chase_tlb_level *L = &lv[i];
        int tlb = L->kind == CHASE_STEP_TLB;
        memset(c, 0, sizeof c);
        c[0].text = L->name;
        c[1].text = kind_name(L->kind);
        c[2].num = (double)L->lo;
        c[3].num = (double)L->hi;
        c[4].num = r4(L->blocks_lo);
        c[5].num = r4(L->blocks_hi);
        c[6].num = tlb && L->page ? (double)L->page : NAN;    /* 0: the probes could not tell */
        c[7].num = tlb || L->kind == CHASE_STEP_CACHE ? r4(L->entries_lo) : NAN;
        c[8].num = tlb || L->kind == CHASE_STEP_CACHE ? r4(L->entries_hi) : NAN;
        c[9].num = r4(L->cycles);
        c[10].num = r4(L->ns);
        c[11].num = r4(L->miss);
        c[12].num = r4(L->miss_ns);
        c[13].num = r4(L->twin);
        c[14].num = r4(L->jump);
        c[15].num = r4(L->noise);
        c[16].num = r4(L->confidence);
        c[17].text = L->how;
        c[18].num = L->walk_miss > 0 ? r4(L->walk_miss) : NAN;
        c[19].num = L->walk_miss > 0 ? r4(L->walk_rms) : NAN;
        c[20].num = L->open;
        c[21].num = L->page_at_least;
        c[22].num = tlb && L->revisit_points ? r4(L->revisit_miss) : NAN;
        c[23].num = tlb && L->revisit_points ? r4(L->revisit_se) : NAN;
        c[24].num = tlb && L->revisit_points ? r4(L->revisit_rms) : NAN;
        c[25].num = tlb ? (double)L->revisit_points : 0;
        c[26].text = tlb && L->replacement[0] ? L->replacement : "-";
        c[27].num = tlb && L->page_below ? (double)L->page_below : NAN;
        c[28].num = (double)L->stride;
        if (chase_writer_row(w, c))
            return -1;
    }
    return 0;
}

/* The summary: the page size, each TLB level, the latency past them all. */
static void results(struct chase_meta *r, const struct chase_curve *c, const struct chase_level *clv, size_t ncl,
                    const struct chase_tlb_level *lv, size_t nlv, int cpu)
{
    uint64_t page = 0;
    size_t i, ntlb = 0, ncache = 0;
    int agree = 1, at_least = 0;
    char key[48];

    (void)c;
    for (i = 0; i < nlv; i++) {
        const struct chase_tlb_level *L = &lv[i];
        if (L->kind == CHASE_STEP_CACHE)
            ncache++;
        if (L->kind != CHASE_STEP_TLB)
            continue;
        ntlb++;
        if (L->page) {  /* a level not told says nothing against the others */
            if (page && page != L->page)
                agree = 0;
            page = L->page;
            at_least |= L->page_at_least;
        }
        snprintf(key, sizeof key, "%.15s.lo", L->name);
        chase_meta_num(r, key, (double)L->lo);
        snprintf(key, sizeof key, "%.15s.hi", L->name);
        chase_meta_num(r, key, (double)L->hi);
        snprintf(key, sizeof key, "%.15s.page", L->name);
        chase_meta_num(r, key, L->page ? (double)L->page : NAN);
        snprintf(key, sizeof key, "%.15s.stride", L->name);
        chase_meta_num(r, key, (double)L->stride);
        snprintf(key, sizeof key, "%.15s.entries_lo", L->name);
        chase_meta_num(r, key, floor(L->entries_lo * 10 + 0.5) / 10);
        snprintf(key, sizeof key, "%.15s.entries_hi", L->name);
        chase_meta_num(r, key, floor(L->entries_hi * 10 + 0.5) / 10);
        snprintf(key, sizeof key, "%.15s.cycles", L->name);
        chase_meta_num(r, key, floor(L->cycles * 100 + 0.5) / 100);
        snprintf(key, sizeof key, "%.15s.miss_cycles", L->name);
        chase_meta_num(r, key, floor(L->miss * 100 + 0.5) / 100);
        snprintf(key, sizeof key, "%.15s.probe_miss_cycles", L->name);
        chase_meta_num(r, key, floor(2 * L->jump * 100 + 0.5) / 100);
        if (L->revisit_points && isfinite(L->revisit_miss)) {
            snprintf(key, sizeof key, "%.15s.miss_se", L->name);
            chase_meta_num(r, key, floor(L->revisit_se * 100 + 0.5) / 100);
            snprintf(key, sizeof key, "%.15s.miss_from", L->name);
            chase_meta_add(r, key, "%s", chase_tlb_miss_from(L));
            snprintf(key, sizeof key, "%.15s.replacement", L->name);
            chase_meta_add(r, key, "%s", L->replacement);
        }
    }
    chase_meta_num(r, "tlb_levels", (double)ntlb);
    chase_meta_num(r, "cache_steps", (double)ncache);
    if (ntlb && agree && page && at_least) {
        char a[32];
        chase_meta_num(r, "page_bytes_min", (double)page);
        chase_meta_add(r, "page_bytes", "at least %s: the probes bound it from below (see tlb)",
                       chase_size_format(page, a, sizeof a));
    } else if (ntlb && agree && page)
        chase_meta_num(r, "page_bytes", (double)page);
    else
        chase_meta_add(r, "page_bytes", "%s", !ntlb ? "no TLB level found" : !agree ? "the levels map different pages: "
                       "see tlb" : "not measured: the probes could not tell (see tlb)");
    if (ncl)
        chase_meta_num(r, "walk_cycles", floor(clv[ncl - 1].cycles * 100 + 0.5) / 100);
    if (cpu) {
        double h = anon_huge_bytes();
        if (h >= 0)
            chase_meta_num(r, "process_anon_huge_bytes", h);
    }
}

static void report(FILE *f, const struct chase_session *s, uint64_t stride, uint64_t unit,
                   const struct chase_tlb_level *lv, size_t nlv, const struct chase_meta *res)
{
    const char *what[] = {"backend", "device", "alloc", "cache_op", "sm", "timer"};
    char a[32], b[32], reach[64], ent[48], lat[40], miss[96], pg[40];
    double v;
    size_t i, k;

    for (k = 0; k < sizeof what / sizeof what[0]; k++) {
        const char *t = chase_meta_get(&s->meta, what[k]);
        if (t)
            fprintf(f, "%-9s %s\n", what[k], t);
    }
    fprintf(f, "%-9s one %s load a block of %s (PAGE chain), its twin (two lines a block), pair probes, REVISIT "
            "(the same lines, each page back at random moments), wider strides, and where an entry maps several "
            "blocks, the chain and its twin at its size\n", "pattern",
            chase_size_format(unit, a, sizeof a), chase_size_format(stride, b, sizeof b));
    if ((v = fact(&s->info, "alloc_page_bytes")) > 0)
        fprintf(f, "%-9s %s believed (the driver's or OS's figure); ", "page",
                chase_size_format((uint64_t)v, a, sizeof a));
    else
        fprintf(f, "%-9s none believed; ", "page");
    if (!chase_meta_get_num(res, "page_bytes", &v))
        fprintf(f, "measured: %s\n", chase_size_format((uint64_t)v, a, sizeof a));
    else
        fprintf(f, "measured: %s\n", chase_meta_get(res, "page_bytes"));
    fprintf(f, "\n%-7s %-24s %-16s %-9s %-12s %s\n", "level", "reach (bytes spanned)", "entries", "page", "hit",
            "a miss adds");
    for (i = 0; i < nlv; i++) {
        const struct chase_tlb_level *L = &lv[i];
        if (L->kind != CHASE_STEP_TLB)
            continue;
        snprintf(reach, sizeof reach, "%s .. %s", chase_size_format(L->lo, a, sizeof a),
                 chase_size_format(L->hi, b, sizeof b));
        snprintf(ent, sizeof ent, "%.0f .. %.0f", L->entries_lo, L->entries_hi);
        snprintf(lat, sizeof lat, "%.1f cyc", L->cycles);
        if (isnan(L->miss))
            snprintf(miss, sizeof miss, "unknown (step +%.1f; see how in the file)", L->to_cycles - L->cycles);
        else if (L->pass_stride)
            snprintf(miss, sizeof miss, "+%.1f cyc (the step at %s stride)", L->miss,
                     chase_size_format(L->pass_stride, b, sizeof b));
        else if (L->revisit_points && L->miss == L->revisit_miss)
            snprintf(miss, sizeof miss, "+%.1f +- %.1f cyc (REVISIT; replacement: %s)", L->miss,
                     L->revisit_se, L->replacement);
        else
            snprintf(miss, sizeof miss, "+%.1f cyc (step +%.1f; probes +%.1f)", L->miss, L->to_cycles - L->cycles,
                     2 * L->jump);
        if (L->page)
            snprintf(pg, sizeof pg, "%s%s", L->page_at_least ? ">=" : "", chase_size_format(L->page, a, sizeof a));
        fprintf(f, "%-7s %-24s %-16s %-9s %-12s %s%s\n", L->name, reach, ent, L->page ? pg : "unknown", lat, miss,
                L->open ? " (the span ended in the rise)" : "");
    }
    if (!chase_meta_get_num(res, "walk_cycles", &v))
        fprintf(f, "past the last step: %.1f cycles a load\n", v);
    for (i = k = 0; i < nlv; i++)
        if (lv[i].kind != CHASE_STEP_TLB) {
            if (!k++)
                fprintf(f, "\nother steps (not TLB levels):\n");
            fprintf(f, "%-7s %s .. %s (%.0f .. %.0f blocks), +%.1f cyc: %s\n", lv[i].name,
                    chase_size_format(lv[i].lo, a, sizeof a), chase_size_format(lv[i].hi, b, sizeof b),
                    lv[i].blocks_lo, lv[i].blocks_hi, lv[i].to_cycles - lv[i].cycles, lv[i].how);
        }
    fprintf(f, "reach: [the last span still on the plateau .. the first clearly above]; entries: reach over "
               "the larger of the page and the stride\n");
    for (k = 0; k < (size_t)s->info.nfacts; k++) {
        const char *key = s->info.facts[k].key;
        if (strstr(key, "tlb") || strstr(key, "page") || strstr(key, "granularity") || strstr(key, "thp"))
            fprintf(f, "driver.%s: %s\n", key, s->info.facts[k].val);
    }
}

struct tlb_plot_arg {
    const struct chase_curve *c, *twin, *entry;     /* entry: the pass at the entries' stride (may be empty) */
    uint64_t entry_stride;
    const struct chase_tlb_level *lv;
    size_t nlv;
    const struct chase_meta *meta;
    const char *title;
};

/* IEC labels on the log2 size axis (every other octave over a wide range). */
static void iec_xtics(FILE *f, double xmin, double xmax)
{
    unsigned step = log2(xmax / xmin) > 16 ? 2 : 1, k = 0;
    const char *sep = "";
    char a[32];
    uint64_t t;

    fprintf(f, "set xrange [%g:%g]\nset xtics (", xmin / 1.15, xmax * 1.15);
    for (t = 1; t && (double)t <= xmax * 1.15; t <<= 1, k++) {
        if ((double)t < xmin / 1.15 || k % step)
            continue;
        fprintf(f, "%s\"%s\" %llu", sep, chase_size_format(t, a, sizeof a), (unsigned long long)t);
        sep = ", ";
    }
    fprintf(f, ")\n");
}

/* Latency against span; each step marked with what it is. */
static int write_plot(FILE *f, const void *arg, const char *out)
{
    const struct tlb_plot_arg *a = arg;
    const char *dev = chase_meta_get(a->meta, "device");
    char title[300], sz[32], lab[96];
    size_t i;

    if (chase_gp_begin(f, out, NULL, 0))
        return -1;
    if (a->title)
        snprintf(title, sizeof title, "%s", a->title);
    else
        snprintf(title, sizeof title, "%s: TLB reach (one load a page)", dev ? dev : "device");
    fprintf(f, "\nset title ");
    chase_gp_string(f, title);
    fprintf(f, "\nset xlabel \"bytes the chain spans\"\nset ylabel \"load-to-use latency (cycles)\"\n");
    if (a->c->n)
        iec_xtics(f, (double)a->c->rows[0].bytes, (double)a->c->rows[a->c->n - 1].bytes);
    fprintf(f, "$curve << EOD\n");
    for (i = 0; i < a->c->n; i++)
        fprintf(f, "%llu %g\n", (unsigned long long)a->c->rows[i].bytes, a->c->rows[i].cycles);
    fprintf(f, "EOD\n$twin << EOD\n");
    for (i = 0; i < a->twin->n; i++)
        fprintf(f, "%llu %g\n", (unsigned long long)a->twin->rows[i].bytes, a->twin->rows[i].cycles);
    fprintf(f, "EOD\n$entry << EOD\n");
    for (i = 0; i < a->entry->n; i++)
        fprintf(f, "%llu %g\n", (unsigned long long)a->entry->rows[i].bytes, a->entry->rows[i].cycles);
    fprintf(f, "EOD\n");
    for (i = 0; i < a->nlv; i++) {
        const struct chase_tlb_level *L = &a->lv[i];
        int tlb = L->kind == CHASE_STEP_TLB;
        fprintf(f, "set arrow from %llu, graph 0 to %llu, graph 1 nohead dt %d lc rgb \"%s\"\n",
                (unsigned long long)L->hi, (unsigned long long)L->hi, tlb ? 2 : 3, tlb ? "#D55E00" : "#808080");
        if (tlb && L->page)
            snprintf(lab, sizeof lab, "%s: %.0f x %s", L->name, L->entries_lo,
                     chase_size_format(L->page, sz, sizeof sz));
        else if (tlb)
            snprintf(lab, sizeof lab, "%s: %.0f blocks", L->name, L->entries_lo);
        else
            snprintf(lab, sizeof lab, "%s (%s)", L->name, kind_name(L->kind));
        fprintf(f, "set label %zu ", i + 1);
        chase_gp_string(f, lab);
        fprintf(f, " at %llu, graph 0.97 rotate by 90 right offset -0.8, 0 font \",10\"\n",
                (unsigned long long)L->hi);
    }
    fprintf(f, "plot $curve using 1:2 with linespoints ls 1 title \"one line a block\", "
               "$twin using 1:2 with linespoints ls 2 title \"two lines a block, one page (twin)\"");
    if (a->entry->n) {
        snprintf(lab, sizeof lab, "one line a block of %s (an entry)", chase_size_format(a->entry_stride, sz, sizeof sz));
        fprintf(f, ", $entry using 1:2 with linespoints ls 3 title ");
        chase_gp_string(f, lab);
    }
    fprintf(f, "\n");
    return 0;
}

/* The probes' seconds: +2 x unit (always the first's page) and +page/16
 * up to half the probes' block (their base is in its first half). */
static size_t probe_subs(uint64_t page, uint64_t unit, uint64_t pstride, uint64_t *subs)
{
    size_t n = 0;
    uint64_t k;

    subs[n++] = 2 * unit;
    for (k = page / 16; k <= pstride / 2 && n < CHASE_TLB_MAX_SUBS; k *= 2)
        if (k > 2 * unit)
            subs[n++] = k;
    return n;
}

/* A point's median's standard error: 1.2533 sigma / sqrt(n), sigma from
 * the 5-95% spread (3.29 sigma for a normal sample). */
static double median_se(const struct chase_row *row)
{
    return row->samples ? 1.2533 * (row->p95 - row->p5) / 3.29 / sqrt((double)row->samples) : 0;
}

/* Measures one point into row; prints why on failure.  Returns 0, or an
 * exit status (chase_stop set: the caller stops). */
static int point(struct chase_session *s, const struct chase_measure *m, uint64_t bytes, uint64_t stride,
                 struct chase_row *row)
{
    char err[CHASE_ERRLEN], a[32], b[32];
    int rc = chase_measure_point(m, bytes, stride, row, err, sizeof err);
    if (rc == CHASE_EINTR || chase_stop)
        return chase_signal_exit();
    if (rc != CHASE_OK) {
        chase_progress_done(s);
        fprintf(stderr, "chase: %s at %s, stride %s: %s\n", s->slot->name, chase_size_format(bytes, a, sizeof a),
                chase_size_format(stride, b, sizeof b), err);
        return chase_exit_for(rc);
    }
    return 0;
}

/* The REVISIT curve: every TLB level's spans (tlb.c's plan) in one curve,
 * in order, each measured once.  Returns 0 or an exit status. */
static int revisit_points(struct chase_session *s, struct chase_measure *m, const struct chase_tlb_level *lv,
                          size_t nlv, uint64_t page, uint64_t unit, uint64_t cmax, struct chase_curve *rv,
                          size_t *done, size_t *total)
{
    uint64_t all[CHASE_MAX_LEVELS * REVISIT_SPANS];
    size_t na = 0, i, j, k;
    char detail[96], a[32];
    int code;

    for (k = 0; k < nlv; k++)
        na += chase_tlb_revisit_plan(lv, nlv, k, page, cmax, all + na, REVISIT_SPANS);
    qsort(all, na, sizeof *all, chase_size_cmp);
    for (i = j = 0; i < na; i++)
        if (!j || all[i] != all[j - 1])
            all[j++] = all[i];
    *total += j;
    m->pattern = CHASE_PATTERN_REVISIT;
    m->sub = unit;
    for (i = 0; i < j; i++) {
        struct chase_row row;
        if ((code = point(s, m, all[i], page, &row)))
            return code;
        if (chase_curve_push(rv, &row))
            return CHASE_EXIT_FAIL;
        snprintf(detail, sizeof detail, "revisit %10s %8.1f cyc", chase_size_format(row.bytes, a, sizeof a),
                 row.cycles);
        chase_progress(s, "tlb", ++*done, *total, detail);
    }
    return 0;
}

/* Level lv[k]'s page from above, where the probes bound it from below
 * only: PAGE chains at 2, 4, ... x the stride, at the level's start and
 * past its reach, each beside the curve's chain at the same span, until
 * one does not rise as the curve's (tlb.c).  Returns 0 or an exit status. */
static int wide_points(struct chase_session *s, struct chase_measure *m, struct chase_tlb_level *lv, size_t nlv,
                       size_t k, uint64_t page, uint64_t unit, uint64_t cmax, size_t *done, size_t *total)
{
    struct chase_tlb_wide w[WIDE_MAX];
    struct chase_row rb, r0, r1, r2;
    size_t n = 0;
    char detail[96], a[32];
    int code;

    if (!chase_tlb_wide_span(lv, nlv, k, page, 2 * page, cmax))
        return 0;
    m->pattern = CHASE_PATTERN_PAGE;
    m->sub = unit;
    if ((code = point(s, m, lv[k].lo, page, &rb)))
        return code;
    ++*total;
    chase_progress(s, "tlb", ++*done, *total, "wider strides");
    while (n < WIDE_MAX && (n == 0 || chase_tlb_wide_same(&lv[k], &w[n - 1]))) {
        uint64_t wide = page << (n + 1), at = chase_tlb_wide_span(lv, nlv, k, page, wide, cmax);
        if (!at)
            break;
        if ((code = point(s, m, lv[k].lo / wide * wide, wide, &r0)) || (code = point(s, m, at, wide, &r1)) ||
            (code = point(s, m, at, page, &r2)))
            return code;
        w[n].wide = wide;
        w[n].span = at;
        w[n].base = r0.cycles;
        w[n].at = r1.cycles;
        w[n].ref_base = rb.cycles;
        w[n].ref = r2.cycles;
        n++;
        *total += 3;
        *done += 3;
        snprintf(detail, sizeof detail, "stride %s: +%.1f cyc", chase_size_format(wide, a, sizeof a),
                 r1.cycles - r0.cycles);
        chase_progress(s, "tlb", *done, *total, detail);
    }
    if (n)
        chase_tlb_page_above(&lv[k], w, n);
    return 0;
}

/* The pass at the entries' stride (tlb_entry.c): where the first TLB
 * level's entry maps several of the curve's blocks, a PAGE chain and its
 * twin at the entry's size from two entries up to that level's start.
 * Each sharp step they show is a TLB level of its own, its page told by
 * pairs of chains at half that stride, halving while they rise, or at
 * twice it (tlb_entry.c).  Returns 0 or an exit status. */
static int entry_points(struct chase_session *s, struct chase_measure *m, unsigned steps, struct chase_tlb_level *lv,
                        size_t *nlv, uint64_t page, uint64_t unit, struct chase_curve *ec, struct chase_curve *et,
                        struct entry_test *t, size_t *nt, uint64_t *e_out, size_t *done, size_t *total)
{
    struct chase_tlb_level found[CHASE_MAX_LEVELS];
    struct chase_row row;
    uint64_t e, until, *plan = NULL;
    size_t np = 0, nf, i, k;
    char err[CHASE_ERRLEN], names[CHASE_MAX_LEVELS][16], detail[96], a[32];
    int code = 0, pass;

    *nt = 0;
    if (*nlv >= CHASE_MAX_LEVELS || !chase_tlb_entry_plan(lv, *nlv, page, &e, &until) || e < 4 * unit ||
        chase_plan_make(2 * e, until, steps, e, &plan, &np, err, sizeof err))
        return 0;
    *total += 2 * np;
    for (pass = 0; pass < 2 && !code; pass++) {
        struct chase_curve *cv = pass ? et : ec;
        m->pattern = pass ? CHASE_PATTERN_SPREAD : CHASE_PATTERN_PAGE;
        m->sub = pass ? 2 * unit : unit;
        for (i = 0; i < np && !code; i++) {
            if ((code = point(s, m, plan[i], e, &row)))
                break;
            if (chase_curve_push(cv, &row))
                code = CHASE_EXIT_FAIL;
            snprintf(detail, sizeof detail, "%s %s %10s %8.1f cyc", pass ? "entry twin" : "entry",
                     chase_size_format(e, a, sizeof a), chase_size_format(row.bytes, err, sizeof err), row.cycles);
            chase_progress(s, "tlb", ++*done, *total, detail);
        }
    }
    free(plan);
    if (ec->n)
        *e_out = e;     /* the pass measured something: its tables are written */
    if (code)
        return code;
    nf = chase_tlb_sharp_steps(ec, et, e, found, CHASE_MAX_LEVELS - *nlv);
    m->pattern = CHASE_PATTERN_PAGE;
    m->sub = unit;
    for (k = 0; k < nf; k++) {
        struct entry_test *x = &t[(*nt)++];
        struct chase_tlb_entry_test next;
        while (!code && chase_tlb_entry_next(&found[k], x->t, x->n, page > 4 * unit ? page : 4 * unit, &next)) {
            *total += CHASE_TLB_PAIR_POINTS;
            for (i = 0; i < CHASE_TLB_PAIR_POINTS && !code; i++) {
                if ((code = point(s, m, next.span[i], next.stride, &row)))
                    break;
                next.cycles[i] = row.cycles;
                next.se[i] = median_se(&row);
                snprintf(detail, sizeof detail, "entry page: stride %s", chase_size_format(next.stride, a, sizeof a));
                chase_progress(s, "tlb", ++*done, *total, detail);
            }
            x->t[x->n++] = next;    /* kept whole or in part: a failed chain's cycles are NAN */
        }
        chase_tlb_entry_page(&found[k], x->t, x->n, !code);
    }
    /* A chain that failed leaves each level's page as far as told. */
    chase_tlb_entry_join(lv, nlv, CHASE_MAX_LEVELS, found, nf, names);
    for (k = 0; k < *nt; k++)
        memcpy(t[k].level, names[k], sizeof t[k].level);
    return code;
}

int chase_tlb_main(const struct chase_opts *o)
{
    struct chase_session s;
    struct chase_params p;
    struct chase_curve curve, twin, revisit, entry, entry_twin;
    struct entry_test etest[CHASE_MAX_LEVELS];
    struct chase_level clv[CHASE_MAX_LEVELS], tlv[CHASE_MAX_LEVELS];
    struct chase_tlb_probe pr[CHASE_MAX_LEVELS + 1];
    struct chase_tlb_level lv[CHASE_MAX_LEVELS];
    struct chase_meta res;
    struct chase_measure m;
    struct chase_cell cells[8];
    uint64_t page, unit, max, cmax, min, pstride, subs[CHASE_TLB_MAX_SUBS], *plan = NULL;
    size_t nplan = 0, ncl = 0, ntl = 0, nlv = 0, nsub = 0, npr = 0, total, done = 0, k, i, netest = 0;
    uint64_t pblocks[CHASE_MAX_LEVELS + 1], cap = 0, capped = 0, estride = 0;
    char err[CHASE_ERRLEN] = "", a[32], b[32], detail[96];
    const char *status = "complete";
    int code, failed = 0;

    memset(&res, 0, sizeof res);
    memset(&curve, 0, sizeof curve);
    memset(&twin, 0, sizeof twin);
    memset(&revisit, 0, sizeof revisit);
    memset(&entry, 0, sizeof entry);
    memset(etest, 0, sizeof etest);
    memset(&entry_twin, 0, sizeof entry_twin);
    memset(pr, 0, sizeof pr);
    if (o->min && o->max && o->min > o->max) {
        fprintf(stderr, "chase: --min %s is above --max %s\n", chase_size_format(o->min, a, sizeof a),
                chase_size_format(o->max, b, sizeof b));
        return CHASE_EXIT_USAGE;
    }
    if (o->stride && o->max && o->stride > o->max / 16) {
        fprintf(stderr, "chase: tlb: --max %s holds fewer than 16 blocks of the stride %s\n",
                chase_size_format(o->max, a, sizeof a), chase_size_format(o->stride, b, sizeof b));
        return CHASE_EXIT_USAGE;
    }
    memset(&p, 0, sizeof p);
    p.pattern = CHASE_PATTERN_PAGE;
    p.stride = o->stride;
    p.max_bytes = o->max ? o->max : CHASE_MAX_MOST;
    p.carveout = o->carveout;
    p.sm = o->sm;
    if ((code = chase_session_open(&s, o, &p)))
        goto out;
    /* On a GPU the L1 data cache would add a step of its own where the
     * chain's lines outgrow it: loads that skip it (cg) leave the TLBs
     * alone to step.  Both operators translate alike. */
    if (is_gpu(&s) && !o->cache_op) {
        chase_session_close(&s);
        p.cache_op = "cg";
        if ((code = chase_session_open(&s, o, &p)))
            goto out;
    }
    /* On the CPU the span would be most of the memory (17 GiB on a 24 GiB
     * VM: 45 s of faulting pages in): twice the largest data TLB's reach
     * that cpuid reports shows its step and what lies past it. */
    if (!o->max && !strcmp(s.slot->name, "cpu") && (cap = cpu_span(&s.info)) && cap < s.info.default_max) {
        chase_session_close(&s);
        p.max_bytes = cap;
        if ((code = chase_session_open(&s, o, &p)))
            goto out;
        capped = cap;
    }
    chase_session_describe(&s, "tlb");
    if (capped)
        chase_meta_add(&s.meta, "max", "%s: twice the largest data TLB's reach (cpuid's entries x the page the "
                       "allocation is believed to get)", chase_size_format(capped, a, sizeof a));
    snprintf(curve.name, sizeof curve.name, "%s", s.slot->name);

    page = o->stride ? o->stride : (uint64_t)fact(&s.info, "alloc_page_bytes");
    if (!page)
        page = 4096;
    unit = s.info.default_stride ? s.info.default_stride : 64;
    max = o->max ? o->max : capped ? capped : s.info.default_max;
    min = o->min ? o->min : 2 * page;
    if (page < 4 * unit) {
        fprintf(stderr, "chase: tlb: a block of %s holds fewer than four %s lines (the twin curve loads two a "
                "block); use a larger --stride\n", chase_size_format(page, a, sizeof a),
                chase_size_format(unit, b, sizeof b));
        code = CHASE_EXIT_USAGE;
        goto out;
    }
    if (max / 16 < page) {
        fprintf(stderr, "chase: tlb: --max %s holds fewer than 16 blocks of %s\n", chase_size_format(max, a, sizeof a),
                chase_size_format(page, b, sizeof b));
        code = CHASE_EXIT_USAGE;
        goto out;
    }
    cmax = max / page > MAX_BLOCKS ? MAX_BLOCKS * page : max;
    if (chase_plan_make(min, cmax, o->steps, page, &plan, &nplan, err, sizeof err)) {
        fprintf(stderr, "chase: tlb: %s\n", err);
        code = CHASE_EXIT_USAGE;
        goto out;
    }
    pstride = 4 * page;
    nsub = probe_subs(page, unit, pstride, subs);
    total = 2 * nplan + 6 * nsub;

    chase_meta_add(&s.meta, "pattern", "page: one %llu B load a block of the stride (PAGE chain), at an offset "
                   "that varies from block to block", (unsigned long long)unit);
    chase_meta_num(&s.meta, "stride", (double)page);
    chase_meta_add(&s.meta, "stride_why", "%s", o->stride ? "--stride" : "the page size the allocation is "
                   "believed to get (driver.alloc_page_bytes)");
    chase_meta_num(&s.meta, "unit", (double)unit);
    chase_meta_add(&s.meta, "twin", "the same blocks, two lines each in one page (SPREAD, the second load at "
                   "+%llu B): a TLB's step stays at its count of blocks, a data cache's comes at half of it",
                   (unsigned long long)(2 * unit));
    chase_meta_add(&s.meta, "probes", "between TLB steps, pair chains (SPREAD): blocks of 4 x the stride, two "
                   "loads a block, the second at +sub (+2 lines, +stride/16 .. +2 x stride); the rise from one "
                   "stretch to the next, against sub, shows where a second load needs a translation of its own: "
                   "the page");
    chase_meta_add(&s.meta, "revisit", "past each TLB level's reach, the same lines a block (REVISIT): each 8 B word "
                   "of a line a position of its own, all shuffled together, so a page comes back %llu times a lap at "
                   "random moments; table revisit", (unsigned long long)(unit / 8));
    chase_meta_add(&s.meta, "entry", "where the first TLB level's entry maps more than the stride: the PAGE chain and "
                   "its twin at the entry's size from two entries up to that level's start (tables entry, entry_twin), "
                   "each sharp step a level of its own, its page from pairs of chains over the step's blocks at half that "
                   "stride, halving while they rise, or at twice it (table entry_page)");
    chase_meta_add(&s.meta, "wider", "where the probes bound a page from below only: the PAGE chain at 2, 4, ... x "
                   "the stride at the level's start and past its reach, beside the stride's at the same span");
    if (p.cache_op && !o->cache_op)
        chase_meta_add(&s.meta, "cache_op_why", "cg by default: the chain's lines stay in the L2, so the L1 data "
                       "cache adds no step of its own");
    chase_meta_num(&s.meta, "steps", o->steps);
    chase_meta_num(&s.meta, "repeats", o->repeat);
    if ((code = chase_session_output(&s, "tlb")))
        goto out;
    if (!s.human && chase_writer_table(&s.w, &chase_points_table)) {
        code = chase_session_write_failed(&s);
        goto out;
    }

    memset(&m, 0, sizeof m);
    m.ops = s.ops;
    m.dev = s.dev;
    m.pattern = CHASE_PATTERN_PAGE;
    m.sub = unit;
    m.repeat = o->repeat;
    m.seed = o->seed;
    m.sm = -2;
    for (k = 0; k < nplan && !failed; k++) {
        struct chase_row row;
        if ((code = point(&s, &m, plan[k], page, &row))) {
            failed = 1;
            break;
        }
        if (chase_curve_push(&curve, &row)) {
            code = CHASE_EXIT_FAIL;
            failed = 1;
            break;
        }
        if (!s.human) {
            chase_point_cells(&row, cells);
            if (chase_writer_row(&s.w, cells)) {
                code = chase_session_write_failed(&s);
                failed = 1;
                break;
            }
        }
        snprintf(detail, sizeof detail, "%10s %8.1f cyc", chase_size_format(row.bytes, a, sizeof a), row.cycles);
        chase_progress(&s, "tlb", ++done, total, detail);
    }
    /* The twin: the same blocks, two lines each in one page. */
    m.pattern = CHASE_PATTERN_SPREAD;
    m.sub = 2 * unit;
    for (k = 0; k < nplan && !failed; k++) {
        struct chase_row row;
        if ((code = point(&s, &m, plan[k], page, &row))) {
            failed = 1;
            break;
        }
        if (chase_curve_push(&twin, &row)) {
            code = CHASE_EXIT_FAIL;
            failed = 1;
            break;
        }
        snprintf(detail, sizeof detail, "twin %10s %8.1f cyc", chase_size_format(row.bytes, a, sizeof a), row.cycles);
        chase_progress(&s, "tlb", ++done, total, detail);
    }
    ncl = chase_levels_find(&curve, clv, CHASE_MAX_LEVELS);
    ntl = chase_levels_find(&twin, tlv, CHASE_MAX_LEVELS);
    nlv = chase_tlb_classify(clv, ncl, tlv, ntl, page, lv, CHASE_MAX_LEVELS);
    chase_tlb_walks(&curve, &twin, clv, ncl, page, lv, &nlv, CHASE_MAX_LEVELS);
    /* The pair probes, one a stretch between TLB steps. */
    npr = chase_tlb_probe_plan(&curve, clv, ncl, tlv, ntl, lv, nlv, page, max / pstride, pblocks);
    /* No room past the last TLB's reach for blocks of 4 pages: blocks of
     * 2, seconds up to +page (a page twice the one believed would then
     * show no rise); then blocks of one page, seconds up to +page/2 (no
     * rise at any: the page is the stride or larger).  Past a reach the
     * span ended in, only blocks of one page fit. */
    while (npr > 1 && !pblocks[npr - 1] && pstride > page) {
        pstride /= 2;
        nsub = probe_subs(page, unit, pstride, subs);
        npr = chase_tlb_probe_plan(&curve, clv, ncl, tlv, ntl, lv, nlv, page, max / pstride, pblocks);
        chase_meta_add(&s.meta, "probes_note", "blocks of %s x the stride, seconds up to +%sthe stride: the memory "
                       "holds too few blocks of 4 past the last TLB's reach", pstride == page ? "1" : "2",
                       pstride == page ? "half " : "");
    }
    for (k = 0; k < npr && !failed; k++) {
        pr[k].blocks = pblocks[k];
        pr[k].stride = pstride;
        for (i = 0; i < nsub && pblocks[k] && !failed; i++) {
            struct chase_row row;
            m.sub = subs[i];
            if ((code = point(&s, &m, pblocks[k] * pstride, pstride, &row))) {
                failed = 1;
                break;
            }
            pr[k].sub[i] = subs[i];
            pr[k].cycles[i] = row.cycles;
            pr[k].ns[i] = row.ns;
            pr[k].se[i] = median_se(&row);
            pr[k].nsub = i + 1;
            snprintf(detail, sizeof detail, "probe %zu +%s %8.1f cyc", k, chase_size_format(subs[i], a, sizeof a),
                     row.cycles);
            done++;
            chase_progress(&s, "tlb", done, total > done ? total : done, detail);
        }
    }
    if (!failed && (code = revisit_points(&s, &m, lv, nlv, page, unit, cmax, &revisit, &done, &total)))
        failed = 1;
    chase_progress_done(&s);
    chase_tlb_pages(lv, nlv, pr, npr, page, &curve);
    /* A page bounded from below only: PAGE chains at 2, 4, ... x the
     * stride bound it from above (tlb.c). */
    for (k = 0; k < nlv && !failed; k++)
        if ((code = wide_points(&s, &m, lv, nlv, k, page, unit, cmax, &done, &total)))
            failed = 1;
    /* The miss cost, once the page is known (a page of several blocks
     * comes back at random moments in both chains). */
    for (k = 0; k < nlv && !failed; k++) {
        uint64_t spans[REVISIT_SPANS];
        size_t ns = chase_tlb_revisit_plan(lv, nlv, k, page, cmax, spans, REVISIT_SPANS);
        if (ns)
            chase_tlb_revisit(&lv[k], &revisit, &curve, spans[0], spans[ns - 1], (unsigned)(unit / 8), page);
    }
    /* A smaller level in front of the first, smeared on the curve where
     * an entry of that one maps several blocks: a pass at the entries'
     * stride (tlb_entry.c), after the REVISIT fits, which plan their
     * spans from the levels as the curve shows them. */
    if (!failed && (code = entry_points(&s, &m, o->steps, lv, &nlv, page, unit, &entry, &entry_twin, etest, &netest,
                                        &estride, &done, &total)))
        failed = 1;
    chase_progress_done(&s);
    if (estride)
        chase_meta_num(&res, "entry_stride", (double)estride);
    results(&res, &curve, clv, ncl, lv, nlv, !strcmp(s.slot->name, "cpu"));
    chase_meta_num(&res, "elapsed_s", floor(chase_session_elapsed(&s) * 100 + 0.5) / 100);
    if (chase_stop) {
        status = "interrupted";
        code = chase_signal_exit();
    } else if (failed) {
        status = "failed";
    }
    if (!s.human && !s.w.failed &&
        (write_tables(&s.w, &twin, &revisit, pr, npr, lv, nlv) || write_entry(&s.w, &entry, &entry_twin, etest, netest) ||
         chase_writer_results(&s.w, &res))) {
        code = chase_session_write_failed(&s);
        status = "failed";
    }
    if (s.human || !o->quiet)
        report(s.human ? stdout : stderr, &s, page, unit, lv, nlv, &res);
    {
        int fc = chase_session_finish(&s, status);
        if (fc && !code)
            code = fc;
    }
    if (o->plot && curve.n) {
        struct tlb_plot_arg pa = {&curve, &twin, &entry, estride, lv, nlv, &s.meta, o->title};
        char perr[600];
        int prc = chase_gp_run(write_plot, &pa, o->script, o->plot, perr, sizeof perr);
        chase_plot_failed(&code, prc, perr);
    }
out:
    chase_session_close(&s);
    chase_meta_free(&res);
    free(plan);
    chase_curve_free(&curve);
    chase_curve_free(&twin);
    chase_curve_free(&revisit);
    chase_curve_free(&entry);
    chase_curve_free(&entry_twin);
    return code;
}
