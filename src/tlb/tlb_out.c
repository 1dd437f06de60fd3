/* tlb_out.c: chase tlb's tables: its curves, the probes, the levels, the
 * entries' pass; its report.md section. */
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

/* chase tlb: the TLB levels, apart from the data caches' steps. */
void chase_tlb_markdown(FILE *f, const struct chase_doc *d, const char *file)
{
    const struct chase_doc_table *t = chase_doc_table(d, "tlb");
    const char *page = chase_meta_get(&d->results, "page_bytes");
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
    if (page && isdigit((unsigned char)*page))
        fprintf(f, "\nPage size: %s, as measured (`%s` says how).\n",
                chase_size_format(strtoull(page, NULL, 10), pg, sizeof pg), file);
    else if (page)
        fprintf(f, "\nPage size: %s.\n", page);
    fputs("\n", f);
}
