/* tlb_out.c: chase tlb's tables: its curves, the probes, the levels, the
 * entries' pass; the results, the report for a person and its report.md section. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <ctype.h>
#include <stdlib.h>

#include "core/size.h"
#include "io/md.h"
#include "io/table.h"
#include "run/session.h"
#include "tlb/tlb.h"

#define CURVE(NAME) {NAME, chase_row_cols, CHASE_COLS(chase_row_cols), NULL}
/* The twin curve: the main curve's blocks, two lines each in one page. */
static const struct chase_table twin_table = CURVE("twin");
/* The REVISIT curve: loads to the same units at random pages, around each
 * TLB's reach. */
static const struct chase_table revisit_table = CURVE("revisit");
/* The pass at the entries' stride (tlb_entry.c) and its twin. */
static const struct chase_table entry_table = CURVE("entry");
static const struct chase_table entry_twin_table = CURVE("entry_twin");

/* The page measured (results' page_bytes, a number), or 0 with *why the
 * reason there is none: page_why, or the text page_bytes held in format 3
 * files written before page_why (read back, they are still read). */
int chase_tlb_page(const struct chase_meta *res, double *v, const char **why)
{
    const char *t = chase_meta_get(res, "page_bytes");
    *why = chase_meta_get(res, "page_why");
    if (!chase_meta_get_num(res, "page_bytes", v) && isfinite(*v) && *v > 0)
        return 1;
    if (!*why && t && strcmp(t, "nan") && !isdigit((unsigned char)*t))
        *why = t;
    return 0;
}

const char *chase_tlb_kind_name(int kind)
{
    return kind == CHASE_STEP_TLB ? "tlb" : kind == CHASE_STEP_CACHE ? "cache" : "unclassified";
}

/* A probe's point: its stretch k, one sub; rise: over the stretch before
 * at the same sub (NAN: none). */
struct probe_row {
    size_t stretch;
    uint64_t blocks, stride, bytes, sub;
    double cycles, se, ns, rise;
};

/* Figures to four decimals: a median of medians says no more. */
#define PR(NAME, TYPE, F, FIELD, ROUND) CHASE_COL(NAME, TYPE, struct probe_row, F, FIELD, ROUND, 0)
static const struct chase_column probes_cols[] = {
    PR("stretch", CHASE_INT, stretch, CHASE_F_SIZE, CHASE_R_NONE), PR("blocks", CHASE_INT, blocks, CHASE_F_U64, CHASE_R_NONE),
    PR("stride", CHASE_INT, stride, CHASE_F_U64, CHASE_R_NONE), PR("bytes", CHASE_INT, bytes, CHASE_F_U64, CHASE_R_NONE),
    PR("sub", CHASE_INT, sub, CHASE_F_U64, CHASE_R_NONE), PR("cycles", CHASE_REAL, cycles, CHASE_F_DOUBLE, CHASE_R_R4),
    PR("se", CHASE_REAL, se, CHASE_F_DOUBLE, CHASE_R_R4), PR("ns", CHASE_REAL, ns, CHASE_F_DOUBLE, CHASE_R_R4),
    PR("rise", CHASE_REAL, rise, CHASE_F_DOUBLE, CHASE_R_R4),
};
static const struct chase_table probes_table = {"probes", probes_cols, CHASE_COLS(probes_cols), NULL};

#define TLB_LEVEL(row) const struct chase_tlb_level *L = row; int tlb = L->kind == CHASE_STEP_TLB
static void get_kind(const void *row, struct chase_cell *c)
{
    const struct chase_tlb_level *L = row;
    c->text = chase_tlb_kind_name(L->kind);
}

static void get_page(const void *row, struct chase_cell *c)
{
    TLB_LEVEL(row);
    c->num = tlb && L->page ? (double)L->page : NAN;    /* 0: the probes could not tell */
}

static void get_entries_lo(const void *row, struct chase_cell *c)
{
    TLB_LEVEL(row);
    c->num = tlb || L->kind == CHASE_STEP_CACHE ? L->entries_lo : NAN;
}

static void get_entries_hi(const void *row, struct chase_cell *c)
{
    TLB_LEVEL(row);
    c->num = tlb || L->kind == CHASE_STEP_CACHE ? L->entries_hi : NAN;
}

static void get_walk_miss(const void *row, struct chase_cell *c)
{
    const struct chase_tlb_level *L = row;
    c->num = L->walk_miss > 0 ? L->walk_miss : NAN;
}

static void get_walk_rms(const void *row, struct chase_cell *c)
{
    const struct chase_tlb_level *L = row;
    c->num = L->walk_miss > 0 ? L->walk_rms : NAN;
}

static void get_revisit_miss(const void *row, struct chase_cell *c)
{
    TLB_LEVEL(row);
    c->num = tlb && L->revisit_points ? L->revisit_miss : NAN;
}

static void get_revisit_se(const void *row, struct chase_cell *c)
{
    TLB_LEVEL(row);
    c->num = tlb && L->revisit_points ? L->revisit_se : NAN;
}

static void get_revisit_rms(const void *row, struct chase_cell *c)
{
    TLB_LEVEL(row);
    c->num = tlb && L->revisit_points ? L->revisit_rms : NAN;
}

static void get_revisit_points(const void *row, struct chase_cell *c)
{
    TLB_LEVEL(row);
    c->num = tlb ? (double)L->revisit_points : 0;
}

static void get_replacement(const void *row, struct chase_cell *c)
{
    TLB_LEVEL(row);
    c->text = tlb && L->replacement[0] ? L->replacement : "-";
}

static void get_page_below(const void *row, struct chase_cell *c)
{
    TLB_LEVEL(row);
    c->num = tlb && L->page_below ? (double)L->page_below : NAN;
}

#define LV(NAME, TYPE, F, FIELD, ROUND) CHASE_COL(NAME, TYPE, struct chase_tlb_level, F, FIELD, ROUND, 0)
#define LV4(NAME, F) LV(NAME, CHASE_REAL, F, CHASE_F_DOUBLE, CHASE_R_R4)
static const struct chase_column levels_cols[] = {
    LV("name", CHASE_TEXT, name, CHASE_F_CHARS, CHASE_R_NONE), CHASE_GET("kind", CHASE_TEXT, get_kind, CHASE_R_NONE),
    LV("lo", CHASE_INT, lo, CHASE_F_U64, CHASE_R_NONE), LV("hi", CHASE_INT, hi, CHASE_F_U64, CHASE_R_NONE),
    LV4("blocks_lo", blocks_lo), LV4("blocks_hi", blocks_hi), CHASE_GET("page", CHASE_INT, get_page, CHASE_R_NONE),
    CHASE_GET("entries_lo", CHASE_REAL, get_entries_lo, CHASE_R_R4),
    CHASE_GET("entries_hi", CHASE_REAL, get_entries_hi, CHASE_R_R4),
    LV4("cycles", cycles), LV4("ns", ns), LV4("miss_cycles", miss), LV4("miss_ns", miss_ns),
    LV4("twin_octaves", twin), LV4("probe_rise", jump), LV4("probe_noise", noise), LV4("confidence", confidence),
    LV("how", CHASE_TEXT, how, CHASE_F_CHARS, CHASE_R_NONE),
    CHASE_GET("walk_miss_cycles", CHASE_REAL, get_walk_miss, CHASE_R_R4),
    CHASE_GET("walk_rms", CHASE_REAL, get_walk_rms, CHASE_R_R4),
    LV("open", CHASE_INT, open, CHASE_F_INT, CHASE_R_NONE),
    LV("page_at_least", CHASE_INT, page_at_least, CHASE_F_INT, CHASE_R_NONE),
    CHASE_GET("revisit_miss_cycles", CHASE_REAL, get_revisit_miss, CHASE_R_R4),
    CHASE_GET("revisit_se", CHASE_REAL, get_revisit_se, CHASE_R_R4),
    CHASE_GET("revisit_rms", CHASE_REAL, get_revisit_rms, CHASE_R_R4),
    CHASE_GET("revisit_points", CHASE_INT, get_revisit_points, CHASE_R_NONE),
    CHASE_GET("replacement", CHASE_TEXT, get_replacement, CHASE_R_NONE),
    CHASE_GET("page_below", CHASE_INT, get_page_below, CHASE_R_NONE),
    LV("stride", CHASE_INT, stride, CHASE_F_U64, CHASE_R_NONE),
};
static const struct chase_table levels_table = {"tlb", levels_cols, CHASE_COLS(levels_cols), "tlb"};

/* The spans that tell a level found by the entries' pass its page. */
struct page_row {
    const char *level;
    uint64_t stride, blocks, bytes;
    double cycles;
};

#define PG(NAME, TYPE, F, FIELD, ROUND) CHASE_COL(NAME, TYPE, struct page_row, F, FIELD, ROUND, 0)
static const struct chase_column entry_page_cols[] = {
    PG("level", CHASE_TEXT, level, CHASE_F_STR, CHASE_R_NONE), PG("stride", CHASE_INT, stride, CHASE_F_U64, CHASE_R_NONE),
    PG("blocks", CHASE_INT, blocks, CHASE_F_U64, CHASE_R_NONE), PG("bytes", CHASE_INT, bytes, CHASE_F_U64, CHASE_R_NONE),
    PG("cycles", CHASE_REAL, cycles, CHASE_F_DOUBLE, CHASE_R_R4),
};
static const struct chase_table entry_page_table = {"entry_page", entry_page_cols, CHASE_COLS(entry_page_cols), NULL};

int chase_tlb_write_entry(struct chase_writer *w, const struct chase_curve *ec, const struct chase_curve *et,
                          const struct chase_tlb_entry_level *t, size_t nt)
{
    size_t i, k;

    if (!ec->n)
        return 0;
    if (chase_writer_curve(w, &entry_table, ec) || chase_writer_curve(w, &entry_twin_table, et) ||
        chase_writer_table(w, &entry_page_table))
        return -1;
    for (i = 0; i < nt; i++)
        for (k = 0; k < CHASE_TLB_PAIR_POINTS * t[i].n; k++) {
            const struct chase_tlb_entry_test *x = &t[i].t[k / CHASE_TLB_PAIR_POINTS];
            size_t j = k % CHASE_TLB_PAIR_POINTS;
            struct page_row p = {t[i].level, x->stride, x->span[j] / x->stride, x->span[j], x->cycles[j]};
            if (chase_writer_put(w, &p))
                return -1;
        }
    return 0;
}

int chase_tlb_write(struct chase_writer *w, const struct chase_curve *twin, const struct chase_curve *rv,
                    const struct chase_tlb_probe *pr, size_t npr, const struct chase_tlb_level *lv, size_t nlv)
{
    size_t i, k;

    if (chase_writer_curve(w, &twin_table, twin) || chase_writer_curve(w, &revisit_table, rv))
        return -1;
    if (chase_writer_table(w, &probes_table))
        return -1;
    for (k = 0; k < npr; k++)
        for (i = 0; i < pr[k].nsub; i++) {
            struct probe_row p = {k, pr[k].blocks, pr[k].stride, pr[k].blocks * pr[k].stride, pr[k].sub[i],
                                  pr[k].cycles[i], pr[k].se[i], pr[k].ns[i],
                                  k && i < pr[k - 1].nsub && pr[k - 1].sub[i] == pr[k].sub[i]
                                      ? pr[k].cycles[i] - pr[k - 1].cycles[i] : NAN};
            if (chase_writer_put(w, &p))
                return -1;
        }
    return chase_writer_rows(w, &levels_table, lv, nlv, sizeof *lv);
}

/* The summary: the page size, each TLB level, the latency past them all. */
void chase_tlb_results(struct chase_meta *r, const struct chase_level *clv, size_t ncl,
                       const struct chase_tlb_level *lv, size_t nlv, double huge)
{
    uint64_t page = 0;
    size_t i, ntlb = 0, ncache = 0;
    int agree = 1, at_least = 0;
    char key[48];

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
    /* page_bytes is a number or null (JSON readers compare it); why it is
     * null, or only a lower bound, is page_why's text. */
    if (ntlb && agree && page && at_least) {
        char a[32];
        chase_meta_num(r, "page_bytes_min", (double)page);
        chase_meta_num(r, "page_bytes", NAN);
        chase_meta_add(r, "page_why", "at least %s: the probes bound it from below (see tlb)",
                       chase_size_format(page, a, sizeof a));
    } else if (ntlb && agree && page) {
        chase_meta_num(r, "page_bytes", (double)page);
    } else {
        chase_meta_num(r, "page_bytes", NAN);
        chase_meta_add(r, "page_why", "%s", !ntlb ? "no TLB level found" : !agree ? "the levels map different pages: "
                       "see tlb" : "not measured: the probes could not tell (see tlb)");
    }
    if (ncl)
        chase_meta_num(r, "walk_cycles", floor(clv[ncl - 1].cycles * 100 + 0.5) / 100);
    if (huge >= 0)
        chase_meta_num(r, "process_anon_huge_bytes", huge);
}

void chase_tlb_report(FILE *f, const struct chase_session *s, double believed, uint64_t stride, uint64_t unit,
                      const struct chase_tlb_level *lv, size_t nlv, const struct chase_meta *res)
{
    const char *what[] = {"backend", "device", "alloc", "cache_op", "sm", "timer"};
    char a[32], b[32], reach[64], ent[48], lat[40], miss[96], pg[40];
    const char *why;
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
    if (believed > 0)
        fprintf(f, "%-9s %s believed (the driver's or OS's figure); ", "page",
                chase_size_format((uint64_t)believed, a, sizeof a));
    else
        fprintf(f, "%-9s none believed; ", "page");
    if (chase_tlb_page(res, &v, &why))
        fprintf(f, "measured: %s\n", chase_size_format((uint64_t)v, a, sizeof a));
    else
        fprintf(f, "measured: %s\n", why ? why : "none");
    if (chase_meta_get(res, "page_note"))
        fprintf(f, "%-9s %s\n", "", chase_meta_get(res, "page_note"));
    /* Within 80 columns: what a miss adds on a line under each level's. */
    fprintf(f, "\n%-7s %-22s %-14s %-9s %s\n", "level", "reach (bytes spanned)", "entries", "page", "hit");
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
        fprintf(f, "%-7s %-22s %-14s %-9s %s\n", L->name, reach, ent, L->page ? pg : "unknown", lat);
        fprintf(f, "%-7s a miss adds %s%s\n", "", miss, L->open ? " (the span ended in the rise)" : "");
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

/* chase tlb: the TLB levels, apart from the data caches' steps. */
void chase_tlb_markdown(FILE *f, const struct chase_doc *d, const char *file)
{
    const struct chase_doc_table *t = chase_doc_table(d, "tlb");
    const char *why;
    double page;
    int measured = chase_tlb_page(&d->results, &page, &why);
    char pg[32];
    size_t r;
    int any = 0;

    for (r = 0; t && r < t->nrows; r++) {
        const struct chase_cell *kind = chase_md_cellv(t, r, "kind");
        char a[32], b[32];
        if (!kind->text || strcmp(kind->text, "tlb"))
            continue;
        if (!any)
            fputs("| TLB level | reach (bytes spanned) | entries | page | a miss adds, cycles | how |\n"
                  "|---|---|---|---|---|---|\n", f);
        any = 1;
        fputs("| ", f);
        chase_md_put_cellv(f, t, r, "name");
        fprintf(f, " | %s .. %s | ", chase_md_size(chase_md_cellv(t, r, "lo")->num, a, sizeof a),
                chase_md_size(chase_md_cellv(t, r, "hi")->num, b, sizeof b));
        chase_md_put_cellv(f, t, r, "entries_lo");
        fputs(" .. ", f);
        chase_md_put_cellv(f, t, r, "entries_hi");
        fputs(" | ", f);
        if (isnan(chase_md_cellv(t, r, "page")->num))
            fputs("-", f);
        else
            fprintf(f, "%s%s", chase_md_cellv(t, r, "page_at_least")->num > 0 ? ">= " : "",
                    chase_md_size(chase_md_cellv(t, r, "page")->num, a, sizeof a));
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "miss_cycles");
        if (chase_md_cellv(t, r, "revisit_se") && isfinite(chase_md_cellv(t, r, "revisit_se")->num) &&
            chase_md_cellv(t, r, "revisit_miss_cycles")->num == chase_md_cellv(t, r, "miss_cycles")->num)
            fprintf(f, " +- %.2f", chase_md_cellv(t, r, "revisit_se")->num);
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "how");
        fputs(" |\n", f);
    }
    if (!any)
        fputs("No TLB step was found over the span measured (see the curve and the probes).\n", f);
    if (measured)
        fprintf(f, "\nPage size: %s, as measured (`%s` says how).\n",
                chase_size_format((uint64_t)page, pg, sizeof pg), file);
    else if (why)
        fprintf(f, "\nPage size: %s.\n", why);
    fputs("\n", f);
}

/* The summary's line: each TLB level's reach, page and miss cost, or why
 * none was found. */
void chase_tlb_headline(FILE *f, const struct chase_doc *d)
{
    const struct chase_doc_table *t = chase_doc_table(d, "tlb");
    size_t r;
    int any = 0;

    for (r = 0; t && r < t->nrows; r++) {
        const struct chase_cell *name = chase_md_cellv(t, r, "name"), *kind = chase_md_cellv(t, r, "kind");
        double page = chase_md_cellv(t, r, "page")->num, miss = chase_md_cellv(t, r, "miss_cycles")->num;
        char a[32];
        if (kind->text && strcmp(kind->text, "tlb"))
            continue;
        fputs(any++ ? "; " : "", f);
        chase_md_text(f, name->text ? name->text : "?");
        fputs(": ", f);
        chase_md_num(f, chase_md_cellv(t, r, "entries_lo")->num);
        fputs(" .. ", f);
        chase_md_num(f, chase_md_cellv(t, r, "entries_hi")->num);
        fputs(" entries", f);
        if (!isnan(page))
            fprintf(f, " of %s pages", chase_md_size(page, a, sizeof a));
        if (!isnan(miss)) {
            fputs(", a miss ", f);
            chase_md_num(f, miss);
            fputs(" cycles", f);
        }
    }
    if (!any) {
        const char *why;
        double page;
        chase_tlb_page(&d->results, &page, &why);
        fputs("no TLB level found", f);
        if (why && strcmp(why, "no TLB level found")) {
            fputs(": ", f);
            chase_md_text(f, why);
        }
    }
}
