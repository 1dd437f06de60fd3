/* lines_out.c: chase lines' tables, results, report for a person and report.md section. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "abi/chain.h"
#include "core/size.h"
#include "io/md.h"
#include "io/table.h"
#include "lines/lines.h"

/* The probes' rows, one a point (a level's arrays, one element each). */
struct pair_row {
    const char *level;
    uint64_t sub, blocks, block, bytes;
    double pair, late;
};

struct stride_row {
    const char *level;
    uint64_t stride, bytes;
    double cycles;
    int miss;
};

struct scan_row {
    const char *level;
    uint64_t bytes, stride;
    double cycles;
};

/* Figures to four decimals: a median of medians says no more. */
#define PAIR(NAME, TYPE, F, FIELD, ROUND) CHASE_COL(NAME, TYPE, struct pair_row, F, FIELD, ROUND, 0)
static const struct chase_column pairs_cols[] = {
    PAIR("level", CHASE_TEXT, level, CHASE_F_STR, CHASE_R_NONE), PAIR("sub", CHASE_INT, sub, CHASE_F_U64, CHASE_R_NONE),
    PAIR("blocks", CHASE_INT, blocks, CHASE_F_U64, CHASE_R_NONE), PAIR("block", CHASE_INT, block, CHASE_F_U64, CHASE_R_NONE),
    PAIR("bytes", CHASE_INT, bytes, CHASE_F_U64, CHASE_R_NONE),
    PAIR("pair_cycles", CHASE_REAL, pair, CHASE_F_DOUBLE, CHASE_R_R4),
    PAIR("late_cycles", CHASE_REAL, late, CHASE_F_DOUBLE, CHASE_R_R4),
};
const struct chase_table chase_lines_pairs_table = {"pairs", pairs_cols, CHASE_COLS(pairs_cols), NULL};

#define STRIDE(NAME, TYPE, F, FIELD, ROUND) CHASE_COL(NAME, TYPE, struct stride_row, F, FIELD, ROUND, 0)
static const struct chase_column strides_cols[] = {
    STRIDE("level", CHASE_TEXT, level, CHASE_F_STR, CHASE_R_NONE),
    STRIDE("stride", CHASE_INT, stride, CHASE_F_U64, CHASE_R_NONE),
    STRIDE("bytes", CHASE_INT, bytes, CHASE_F_U64, CHASE_R_NONE),
    STRIDE("cycles", CHASE_REAL, cycles, CHASE_F_DOUBLE, CHASE_R_R4),
    STRIDE("miss", CHASE_INT, miss, CHASE_F_INT, CHASE_R_NONE),
};
const struct chase_table chase_lines_strides_table = {"strides", strides_cols, CHASE_COLS(strides_cols), NULL};

#define SCAN(NAME, TYPE, F, FIELD, ROUND) CHASE_COL(NAME, TYPE, struct scan_row, F, FIELD, ROUND, 0)
static const struct chase_column scan_cols[] = {
    SCAN("level", CHASE_TEXT, level, CHASE_F_STR, CHASE_R_NONE), SCAN("bytes", CHASE_INT, bytes, CHASE_F_U64, CHASE_R_NONE),
    SCAN("stride", CHASE_INT, stride, CHASE_F_U64, CHASE_R_NONE),
    SCAN("cycles", CHASE_REAL, cycles, CHASE_F_DOUBLE, CHASE_R_R4),
};
const struct chase_table chase_lines_scan_table = {"scan", scan_cols, CHASE_COLS(scan_cols), NULL};

/* A size not resolved (0) is unknown. */
#define LINE(NAME, TYPE, F, FIELD, ROUND, FLAGS) CHASE_COL(NAME, TYPE, struct chase_lines_level, F, FIELD, ROUND, FLAGS)
static const struct chase_column lines_cols[] = {
    LINE("level", CHASE_TEXT, name, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LINE("lo", CHASE_INT, lo, CHASE_F_U64, CHASE_R_NONE, 0),
    LINE("hi", CHASE_INT, hi, CHASE_F_U64, CHASE_R_NONE, 0),
    LINE("cycles", CHASE_REAL, h, CHASE_F_DOUBLE, CHASE_R_R4, 0),
    LINE("next_cycles", CHASE_REAL, m, CHASE_F_DOUBLE, CHASE_R_R4, 0),
    LINE("fetch", CHASE_INT, fetch, CHASE_F_U64, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LINE("late_fetch", CHASE_INT, late_fetch, CHASE_F_U64, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LINE("alloc", CHASE_INT, alloc, CHASE_F_U64, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LINE("line", CHASE_INT, line, CHASE_F_U64, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LINE("sector", CHASE_INT, sector, CHASE_F_U64, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LINE("fetch_how", CHASE_TEXT, fetch_how, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LINE("alloc_how", CHASE_TEXT, alloc_how, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LINE("verdict", CHASE_TEXT, verdict, CHASE_F_CHARS, CHASE_R_NONE, 0),
};
const struct chase_table chase_lines_table = {"lines", lines_cols, CHASE_COLS(lines_cols), "line"};

int chase_lines_write(struct chase_writer *w, const struct chase_lines_level *lv, size_t n, size_t measured)
{
    size_t k, i;

    if (chase_writer_table(w, &chase_lines_pairs_table))
        return -1;
    for (k = 0; k < measured; k++)
        for (i = 0; i < lv[k].nsub; i++) {
            struct pair_row p = {lv[k].name, lv[k].sub[i], lv[k].blocks, lv[k].block, lv[k].blocks * lv[k].block,
                                 lv[k].pair[i], lv[k].late[i]};
            if (chase_writer_put(w, &p))
                return -1;
        }
    if (chase_writer_table(w, &chase_lines_strides_table))
        return -1;
    for (k = 0; k < measured; k++)
        for (i = 0; i < lv[k].nstride; i++) {
            struct stride_row p = {lv[k].name, lv[k].stride[i], lv[k].beyond_bytes, lv[k].beyond[i],
                                   lv[k].beyond[i] > lv[k].h + 0.5 * (lv[k].m - lv[k].h)};
            if (chase_writer_put(w, &p))
                return -1;
        }
    if (chase_writer_table(w, &chase_lines_scan_table))
        return -1;
    for (k = 0; k < measured; k++)
        for (i = 0; i < lv[k].nscan; i++) {
            struct scan_row p = {lv[k].name, lv[k].scan_bytes[i], lv[k].scan_stride, lv[k].scan[i]};
            if (chase_writer_put(w, &p))
                return -1;
        }
    return chase_writer_rows(w, &chase_lines_table, lv, measured < n ? measured : n, sizeof *lv);
}

/* Typed results: a number, or NAN (null in JSON) where the figure was
 * not resolved; the tables say why. */
void chase_lines_results(struct chase_meta *r, const struct chase_lines_level *lv, size_t n)
{
    char key[48];
    size_t k;

    for (k = 0; k < n; k++) {
        const struct chase_lines_level *L = &lv[k];
        chase_meta_level_key(key, sizeof key, L->name, "line_bytes");
        chase_meta_num(r, key, L->line ? (double)L->line : NAN);
        /* No sectors (a miss fills the line) is an answer: sectored no. */
        chase_meta_level_key(key, sizeof key, L->name, "sectored");
        if (L->line || L->sector)
            chase_meta_add(r, key, "%s", L->sector ? "yes" : "no");
        else
            chase_meta_num(r, key, NAN);
        chase_meta_level_key(key, sizeof key, L->name, "sector_bytes");
        chase_meta_num(r, key, L->sector ? (double)L->sector : NAN);
        chase_meta_level_key(key, sizeof key, L->name, "fetch_bytes");
        if (L->fetch)
            chase_meta_num(r, key, (double)L->fetch);
        /* The OS's figure beside the measured one, never instead of it. */
        snprintf(key, sizeof key, "%.15s.line_bytes_os", L->name);
        if (L->os_line)
            chase_meta_num(r, key, (double)L->os_line);
        snprintf(key, sizeof key, "%.15s.line_note", L->name);
        if (L->os_note[0])
            chase_meta_add(r, key, "%s", L->os_note);
    }
}

static const char *size_or(uint64_t v, char *buf, size_t len)
{
    if (!v)
        return "-";
    return chase_size_format(v, buf, len);
}

void chase_lines_report(FILE *f, const struct chase_meta *meta, const struct chase_lines_level *lv, size_t n)
{
    const char *what[] = {"backend", "device", "cache_op", "sm", "timer", "levels_from"};
    char a[32], b[32], c[32], d[32], e[32], cap[64];
    size_t k;

    for (k = 0; k < sizeof what / sizeof what[0]; k++) {
        const char *t = chase_meta_get(meta, what[k]);
        if (t)
            fprintf(f, "%-11s %s\n", what[k], t);
    }
    fprintf(f, "\n%-8s %-22s %-8s %-8s %-8s %-8s %s\n", "level", "capacity (sweep)", "fetch", "later", "alloc",
            "line", "sector");
    for (k = 0; k < n; k++) {
        const struct chase_lines_level *L = &lv[k];
        snprintf(cap, sizeof cap, "%s .. %s", chase_size_format(L->lo, a, sizeof a),
                 chase_size_format(L->hi, b, sizeof b));
        fprintf(f, "%-8s %-22s %-8s %-8s %-8s %-8s %s\n", L->name, cap, size_or(L->fetch, a, sizeof a),
                size_or(L->late_fetch, b, sizeof b), size_or(L->alloc, c, sizeof c), size_or(L->line, d, sizeof d),
                size_or(L->sector, e, sizeof e));
        fprintf(f, "         %s\n         fetch: %s\n         alloc: %s\n", L->verdict, L->fetch_how, L->alloc_how);
        if (L->os_line)
            fprintf(f, "         OS: %s lines%s%s\n", chase_size_format(L->os_line, a, sizeof a),
                    L->os_note[0] ? "; " : " (agrees)", L->os_note);
    }
    fprintf(f, "fetch: the smallest +sub whose second load misses at once (pair chains); later: a group of %d "
               "blocks later;\nalloc: the largest stride that misses just past the capacity (one load a block)\n",
            CHASE_CHAIN_LATE_GROUP);
}

/* chase lines: per level, the line and what a miss fetches. */
void chase_lines_markdown(FILE *f, const struct chase_doc *d, const char *file)
{
    const struct chase_doc_table *t = chase_doc_table(d, "lines");
    size_t r;

    if (!t) {
        chase_md_generic(f, d, file);
        return;
    }
    fputs("| level | line, bytes | sector, bytes | a miss fetches, bytes | reading |\n|---|---|---|---|---|\n", f);
    for (r = 0; r < t->nrows; r++) {
        fputs("| ", f);
        chase_md_put_cellv(f, t, r, "level");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "line");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "sector");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "fetch");
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "verdict");
        fputs(" |\n", f);
    }
    fprintf(f, "\nHow each figure was read (the pair and stride probes, with thresholds) is in `%s`.\n\n", file);
}

/* The summary's line: each level's verdict. */
void chase_lines_headline(FILE *f, const struct chase_doc *d)
{
    const struct chase_doc_table *t = chase_doc_table(d, "lines");
    size_t r;

    if (!t || !t->nrows) {
        fputs("no level measured", f);
        return;
    }
    for (r = 0; r < t->nrows; r++) {
        const struct chase_cell *name = chase_md_cellv(t, r, "level"), *v = chase_md_cellv(t, r, "verdict");
        fputs(r ? "; " : "", f);
        chase_md_text(f, name->text ? name->text : "?");
        fputs(": ", f);
        chase_md_text(f, v->text ? v->text : "no verdict");
    }
}
