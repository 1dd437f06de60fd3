/* assoc_out.c: chase assoc's tables, results, report for a person and report.md section. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "assoc/assoc.h"
#include "io/md.h"
#include "core/size.h"
#include "io/doc.h"
#include "io/table.h"

/* Figures to four decimals: a median of medians says no more. */
#define POINT(NAME, TYPE, F, FIELD, ROUND) CHASE_COL(NAME, TYPE, struct chase_assoc_point, F, FIELD, ROUND, 0)
static const struct chase_column points_cols[] = {
    POINT("level", CHASE_TEXT, level, CHASE_F_STR, CHASE_R_NONE),
    POINT("stride", CHASE_INT, stride, CHASE_F_U64, CHASE_R_NONE),
    POINT("lines", CHASE_INT, lines, CHASE_F_U64, CHASE_R_NONE),
    POINT("bytes", CHASE_INT, bytes, CHASE_F_U64, CHASE_R_NONE),
    POINT("cycles", CHASE_REAL, cycles, CHASE_F_DOUBLE, CHASE_R_R4),
    POINT("ns", CHASE_REAL, ns, CHASE_F_DOUBLE, CHASE_R_R4),
    POINT("samples", CHASE_INT, samples, CHASE_F_UNSIGNED, CHASE_R_NONE),
};
const struct chase_table chase_assoc_points_table = {"points", points_cols, CHASE_COLS(points_cols), NULL};

/* A stride's knee: the most lines before the first miss (unknown: no miss
 * among the lines measured). */
struct knee_row {
    const char *level;
    uint64_t stride;
    unsigned measured, knee;
    double at, after;           /* cycles at the knee and one line past it */
};

#define KNEE(NAME, TYPE, F, FIELD, ROUND, FLAGS) CHASE_COL(NAME, TYPE, struct knee_row, F, FIELD, ROUND, FLAGS)
static const struct chase_column knees_cols[] = {
    KNEE("level", CHASE_TEXT, level, CHASE_F_STR, CHASE_R_NONE, 0),
    KNEE("stride", CHASE_INT, stride, CHASE_F_U64, CHASE_R_NONE, 0),
    KNEE("lines_measured", CHASE_INT, measured, CHASE_F_UNSIGNED, CHASE_R_NONE, 0),
    KNEE("knee_lines", CHASE_INT, knee, CHASE_F_UNSIGNED, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    KNEE("knee_cycles", CHASE_REAL, at, CHASE_F_DOUBLE, CHASE_R_R4, 0),
    KNEE("miss_cycles", CHASE_REAL, after, CHASE_F_DOUBLE, CHASE_R_R4, 0),
};
const struct chase_table chase_assoc_knees_table = {"knees", knees_cols, CHASE_COLS(knees_cols), NULL};

/* A figure not resolved (0) is unknown. */
#define LEVEL(NAME, TYPE, F, FIELD, ROUND, FLAGS) \
    CHASE_COL(NAME, TYPE, struct chase_assoc_level, F, FIELD, ROUND, FLAGS)
static const struct chase_column assoc_cols[] = {
    LEVEL("level", CHASE_TEXT, name, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LEVEL("lo", CHASE_INT, lo, CHASE_F_U64, CHASE_R_NONE, 0),
    LEVEL("hi", CHASE_INT, hi, CHASE_F_U64, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LEVEL("cycles", CHASE_REAL, h, CHASE_F_DOUBLE, CHASE_R_R4, 0),
    LEVEL("next_cycles", CHASE_REAL, m, CHASE_F_DOUBLE, CHASE_R_R4, 0),
    LEVEL("line", CHASE_INT, line, CHASE_F_U64, CHASE_R_NONE, 0),
    LEVEL("ways", CHASE_INT, ways, CHASE_F_UNSIGNED, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LEVEL("sets", CHASE_INT, sets, CHASE_F_U64, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LEVEL("way_bytes", CHASE_INT, way_bytes, CHASE_F_U64, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LEVEL("capacity", CHASE_INT, capacity, CHASE_F_U64, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LEVEL("miss_share", CHASE_REAL, miss_share, CHASE_F_DOUBLE, CHASE_R_R4, 0),
    LEVEL("indexing", CHASE_TEXT, indexing, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LEVEL("replacement", CHASE_TEXT, replacement, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LEVEL("capacity_check", CHASE_TEXT, check, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LEVEL("ways_how", CHASE_TEXT, ways_how, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LEVEL("sets_how", CHASE_TEXT, sets_how, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LEVEL("replacement_how", CHASE_TEXT, repl_how, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LEVEL("policy", CHASE_TEXT, policy, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LEVEL("policy_how", CHASE_TEXT, policy_how, CHASE_F_CHARS, CHASE_R_NONE, 0),
    LEVEL("evict_how", CHASE_TEXT, evict_how, CHASE_F_CHARS, CHASE_R_NONE, 0),
};
const struct chase_table chase_assoc_table = {"assoc", assoc_cols, CHASE_COLS(assoc_cols), "assoc"};

int chase_assoc_write(struct chase_writer *w, const struct chase_assoc_level *lv, size_t n)
{
    size_t k, i;

    if (chase_writer_table(w, &chase_assoc_knees_table))
        return -1;
    for (k = 0; k < n; k++)
        for (i = lv[k].nst; i-- > 0;) {
            const struct chase_assoc_curve *C = &lv[k].st[i];
            struct knee_row p = {lv[k].name, C->stride, C->n, C->knee, NAN, NAN};
            if (!C->n)
                continue;
            if (C->knee) {
                p.at = C->cycles[C->knee - 1];
                p.after = C->cycles[C->knee];
            }
            if (chase_writer_put(w, &p))
                return -1;
        }
    return chase_writer_rows(w, &chase_assoc_table, lv, n, sizeof *lv);
}

/* Typed results: a number, or NAN (null in JSON) where the figure was
 * not resolved; the texts say how and why. */
void chase_assoc_results(struct chase_meta *r, const struct chase_assoc_level *lv, size_t n)
{
    char key[48];
    size_t k;

    for (k = 0; k < n; k++) {
        const struct chase_assoc_level *L = &lv[k];
        chase_meta_level_key(key, sizeof key, L->name, "ways");
        chase_meta_num(r, key, L->ways ? (double)L->ways : NAN);
        chase_meta_level_key(key, sizeof key, L->name, "sets");
        chase_meta_num(r, key, L->sets ? (double)L->sets : NAN);
        chase_meta_level_key(key, sizeof key, L->name, "line");
        chase_meta_num(r, key, (double)L->line);
        chase_meta_level_key(key, sizeof key, L->name, "way_bytes");
        chase_meta_num(r, key, L->way_bytes ? (double)L->way_bytes : NAN);
        chase_meta_level_key(key, sizeof key, L->name, "capacity_check");
        chase_meta_add(r, key, "%s", L->check);
        chase_meta_level_key(key, sizeof key, L->name, "indexing");
        chase_meta_add(r, key, "%s", L->indexing);
        chase_meta_level_key(key, sizeof key, L->name, "replacement");
        chase_meta_add(r, key, "%s", L->replacement);
        chase_meta_level_key(key, sizeof key, L->name, "policy");
        chase_meta_add(r, key, "%s", L->policy[0] ? L->policy : "undetermined");
        chase_meta_level_key(key, sizeof key, L->name, "index");
        chase_meta_add(r, key, "%s", L->plain ? "plain" : L->evicted ? "hashed" : "undetermined");
    }
}

/* --also-carveout: what the second reading was, and the first level's
 * ways (and sets) at the two carveouts side by side. */
void chase_assoc_carve_results(struct chase_meta *r, const struct chase_assoc_level *lv, size_t n, size_t k,
                               int first, int second, const char *how)
{
    const struct chase_assoc_level *A = NULL, *B = k < n && how[0] && strncmp(how, "not ", 4) ? &lv[k] : NULL;
    char at[40], sa[32], sb[32];
    size_t i, base;

    chase_meta_add(r, "also_carveout", "%s", how[0] ? how : "not measured: the run ended before it");
    if (first >= 0)
        snprintf(at, sizeof at, "carveout %d", first);
    else
        snprintf(at, sizeof at, "the driver's default carveout");
    /* The first reading of the same level: its name without " cPCT". */
    if (B) {
        const char *sp = strrchr(B->name, ' ');
        base = sp ? (size_t)(sp - B->name) : strlen(B->name);
        for (i = 0; i < n && !A; i++)
            if (i != k && strlen(lv[i].name) == base && !strncmp(lv[i].name, B->name, base))
                A = &lv[i];
    }
    if (!B)
        chase_meta_add(r, "also_carveout_ways", "not compared: the level was not measured at carveout %d", second);
    else if (!A)
        chase_meta_add(r, "also_carveout_ways", "not compared: %.*s was not measured at %s (--level)", (int)base,
                       B->name, at);
    else if (!A->ways || !B->ways)
        chase_meta_add(r, "also_carveout_ways", "not compared: %s's ways at %s %s, at carveout %d %s", A->name, at,
                       A->ways ? "resolved" : "not resolved", second, B->ways ? "resolved" : "not resolved");
    else
        chase_meta_add(r, "also_carveout_ways", "%s: %u ways x %s sets at %s, %u ways x %s sets at carveout %d: the "
                       "ways %s with the carveout", A->name, A->ways, A->sets ? (snprintf(sa, sizeof sa, "%llu",
                       (unsigned long long)A->sets), sa) : "?", at, B->ways,
                       B->sets ? (snprintf(sb, sizeof sb, "%llu", (unsigned long long)B->sets), sb) : "?", second,
                       A->ways == B->ways ? "stay the same" : "change");
}

static const char *num_or(uint64_t v, char *buf, size_t len)
{
    if (!v)
        return "-";
    snprintf(buf, len, "%llu", (unsigned long long)v);
    return buf;
}

static const char *size_or(uint64_t v, char *buf, size_t len)
{
    return v ? chase_size_format(v, buf, len) : "-";
}

void chase_assoc_report(FILE *f, const struct chase_meta *meta, const struct chase_assoc_level *lv, size_t n)
{
    const char *what[] = {"backend", "device", "cache_op", "carveout", "timer", "levels_from", "line_from"};
    char a[32], b[32], c[32], d[32], cap[64];
    size_t k;

    for (k = 0; k < sizeof what / sizeof what[0]; k++) {
        const char *t = chase_meta_get(meta, what[k]);
        if (t)
            fprintf(f, "%-11s %s\n", what[k], t);
    }
    /* Within 80 columns: the replacement class opens its own line below. */
    fprintf(f, "\n%-8s %-22s %-7s %-5s %-7s %-9s %s\n", "level", "capacity (sweep)", "line", "ways", "sets", "way",
            "capacity");
    for (k = 0; k < n; k++) {
        const struct chase_assoc_level *L = &lv[k];
        snprintf(cap, sizeof cap, "%s .. %s", chase_size_format(L->lo, a, sizeof a),
                 chase_size_format(L->hi ? L->hi : L->lo, b, sizeof b));
        fprintf(f, "%-8s %-22s %-7s %-5s %-7s %-9s %s\n", L->name, cap,
                chase_size_format(L->line, a, sizeof a), num_or(L->ways, b, sizeof b), num_or(L->sets, c, sizeof c),
                size_or(L->way_bytes, d, sizeof d), L->capacity ? (L->in_interval ? "inside" : "outside") : "-");
        fprintf(f, "         indexing: %s\n         ways: %s\n         sets: %s\n         capacity: %s\n"
                   "         replacement: %s; %s\n         policy: %s: %s\n", L->indexing, L->ways_how,
                L->sets_how, L->check, L->replacement, L->repl_how, L->policy[0] ? L->policy : "undetermined",
                L->policy_how);
    }
    fprintf(f, "ways: the knee (the most lines of one stride that still hit) where it stops halving as the "
               "stride doubles;\nway: the smallest stride it settles at; sets: way / line; capacity: ways x sets x "
               "line against the sweep's interval\n");
}

/* report.md: Markdown's table cells take no '|' nor a line break. */

static void md_cell(FILE *f, const struct chase_doc_table *t, size_t r, const char *col)
{
    int c = chase_doc_col(t, col);
    const struct chase_cell *v;

    v = c >= 0 ? chase_doc_cell(t, r, (size_t)c) : NULL;
    if (!v || (!v->text && isnan(v->num)))
        fputs("-", f);
    else if (v->text)
        chase_md_text(f, v->text);
    else
        fprintf(f, "%.0f", v->num);
}

void chase_assoc_markdown(FILE *f, const struct chase_doc *d, const char *file)
{
    const struct chase_doc_table *t = chase_doc_table(d, "assoc");
    static const char *const cols[] = {"level", "line", "ways", "sets", "way_bytes", "indexing", "replacement",
                                       "policy", "capacity_check"};
    size_t r, i;

    if (!t) {
        fputs("No level was measured.\n\n", f);
        return;
    }
    fputs("| level | line, bytes | ways | sets | way, bytes | indexing | replacement | policy | ways x sets x line |\n"
          "|---|---|---|---|---|---|---|---|---|\n", f);
    for (r = 0; r < t->nrows; r++) {
        for (i = 0; i < sizeof cols / sizeof cols[0]; i++) {
            fputs(i ? " | " : "| ", f);
            md_cell(f, t, r, cols[i]);
        }
        fputs(" |\n", f);
    }
    fputs("\nWays: the knee (the most lines a stride apart that still hit) where it stops halving as the stride "
          "doubles; the way is the smallest stride it settles at, the sets the way over the line. ", f);
    fputs("Replacement: a cycle of ways + 1 lines in one set (LRU and FIFO miss all of it, random replacement "
          "2 / (ways + 1)). Where strides show no knee (hashed indexing), the ways are an eviction set's: the "
          "lines of a random group a probe line needs to miss. Policy: the cycle and a sequence of hot lines "
          "visited twice a lap (LRU keeps them, FIFO does not), each policy's misses simulated; named only "
          "where the others are ruled out (policy_how in the data says by which). Every chain's latency is in `", f);
    chase_md_text(f, file);
    fputs("` (table points), each stride's knee in its table knees.\n\n", f);
    {
        /* --also-carveout: the L1 at two carveouts, side by side. */
        const char *two = chase_meta_get(&d->results, "also_carveout_ways"), *how = chase_meta_get(&d->results,
                                                                                                      "also_carveout");
        if (two) {
            fputs("The L1 at two carveouts (shared memory takes the rest of its array): ", f);
            chase_md_text(f, two);
            fputs(". ", f);
            if (how) {
                chase_md_text(f, how);
                fputs(".", f);
            }
            fputs("\n\n", f);
        }
    }
}

/* The summary's line: each level's ways, sets and replacement. */
void chase_assoc_headline(FILE *f, const struct chase_doc *d)
{
    const struct chase_doc_table *t = chase_doc_table(d, "assoc");
    size_t r;

    if (!t || !t->nrows) {
        fputs("no level measured", f);
        return;
    }
    for (r = 0; r < t->nrows; r++) {
        const struct chase_cell *name = chase_md_cellv(t, r, "level"), *rep = chase_md_cellv(t, r, "replacement");
        double ways = chase_md_cellv(t, r, "ways")->num, sets = chase_md_cellv(t, r, "sets")->num;
        fputs(r ? "; " : "", f);
        chase_md_text(f, name->text ? name->text : "?");
        if (isnan(ways)) {
            fputs(": not resolved (see its section)", f);
            continue;
        }
        fprintf(f, ": %.0f ways", ways);
        if (!isnan(sets))
            fprintf(f, " x %.0f sets", sets);
        {
            /* The policy where the sequences named it, else the class. */
            const struct chase_cell *pol = chase_md_cellv(t, r, "policy");
            if (pol && pol->text && strcmp(pol->text, "undetermined") && strcmp(pol->text, "-")) {
                fputs(", policy ", f);
                chase_md_text(f, pol->text);
                continue;
            }
        }
        if (rep->text && strcmp(rep->text, "-")) {
            fputs(", ", f);
            chase_md_text(f, rep->text);
        }
    }
}
