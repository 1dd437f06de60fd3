/* banks_out.c: chase banks' tables: the conflicts, the stride sweep, the
 * lane groups, a pattern's cost and the bank hypotheses; its report.md section. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "banks/banks.h"
#include "io/md.h"
#include "io/output.h"
#include "io/table.h"

/* A width in bytes, written in bits as the patterns name it (b32). */
static void get_bits(const void *row, struct chase_cell *c)
{
    const struct chase_banks_entry *e = row;
    c->num = e->width * 8;
}

#define CF(NAME, TYPE, F, FIELD) CHASE_COL(NAME, TYPE, struct chase_banks_entry, F, FIELD, CHASE_R_NONE, 0)
static const struct chase_column conflict_cols[] = {
    CF("pattern", CHASE_TEXT, pattern, CHASE_F_CHARS), CF("ways", CHASE_INT, ways, CHASE_F_UNSIGNED),
    CHASE_GET("width", CHASE_INT, get_bits, CHASE_R_NONE), CF("latency", CHASE_REAL, latency, CHASE_F_DOUBLE),
    CF("issue_warp", CHASE_REAL, issue_warp, CHASE_F_DOUBLE), CF("issue_block", CHASE_REAL, issue_block, CHASE_F_DOUBLE),
    CF("ratio", CHASE_REAL, ratio, CHASE_F_DOUBLE), CF("latency_ratio", CHASE_REAL, latency_ratio, CHASE_F_DOUBLE),
    CF("passes", CHASE_REAL, passes, CHASE_F_DOUBLE), CF("predicted_passes", CHASE_REAL, predicted, CHASE_F_DOUBLE),
};
static const struct chase_table conflict_table = {"conflicts", conflict_cols, CHASE_COLS(conflict_cols), NULL};

/* One stride of the sweep (b32 reads by a block); NAN: no fit. */
struct stride_row {
    unsigned stride, width;
    const char *mode;
    double cycles, predicted, fitted;
};

#define ST(NAME, TYPE, F, FIELD) CHASE_COL(NAME, TYPE, struct stride_row, F, FIELD, CHASE_R_NONE, 0)
static const struct chase_column stride_cols[] = {
    ST("stride_words", CHASE_INT, stride, CHASE_F_UNSIGNED), ST("width", CHASE_INT, width, CHASE_F_UNSIGNED),
    ST("mode", CHASE_TEXT, mode, CHASE_F_STR), ST("cycles", CHASE_REAL, cycles, CHASE_F_DOUBLE),
    ST("predicted_passes", CHASE_REAL, predicted, CHASE_F_DOUBLE), ST("fitted", CHASE_REAL, fitted, CHASE_F_DOUBLE),
};
static const struct chase_table stride_table = {"strides", stride_cols, CHASE_COLS(stride_cols), NULL};

/* One lane of a width's groups; NAN: unresolved, or no probe. */
struct group_row {
    unsigned width, lane;
    double group, reference, cycles;
};

#define GR(NAME, TYPE, F, FIELD) CHASE_COL(NAME, TYPE, struct group_row, F, FIELD, CHASE_R_NONE, 0)
static const struct chase_column group_cols[] = {
    GR("width", CHASE_INT, width, CHASE_F_UNSIGNED), GR("lane", CHASE_INT, lane, CHASE_F_UNSIGNED),
    GR("group", CHASE_INT, group, CHASE_F_DOUBLE), GR("reference", CHASE_INT, reference, CHASE_F_DOUBLE),
    GR("cycles", CHASE_REAL, cycles, CHASE_F_DOUBLE),
};
static const struct chase_table group_table = {"groups", group_cols, CHASE_COLS(group_cols), NULL};

/* One lane of --pattern; NAN: not costed. */
struct pattern_row {
    unsigned lane, element, offset;
    double bank, pass, depth;
};

#define PT(NAME, TYPE, F, FIELD) CHASE_COL(NAME, TYPE, struct pattern_row, F, FIELD, CHASE_R_NONE, 0)
static const struct chase_column pattern_cols[] = {
    PT("lane", CHASE_INT, lane, CHASE_F_UNSIGNED), PT("element", CHASE_INT, element, CHASE_F_UNSIGNED),
    PT("offset", CHASE_INT, offset, CHASE_F_UNSIGNED), PT("bank", CHASE_INT, bank, CHASE_F_DOUBLE),
    PT("pass", CHASE_INT, pass, CHASE_F_DOUBLE), PT("depth", CHASE_INT, depth, CHASE_F_DOUBLE),
};
static const struct chase_table pattern_table = {"pattern", pattern_cols, CHASE_COLS(pattern_cols), NULL};

#define HY(NAME, TYPE, F, FIELD) CHASE_COL(NAME, TYPE, struct chase_banks_hyp, F, FIELD, CHASE_R_NONE, 0)
static const struct chase_column hyp_cols[] = {
    HY("banks", CHASE_INT, banks, CHASE_F_UNSIGNED), HY("bank_bytes", CHASE_INT, bank_bytes, CHASE_F_UNSIGNED),
    HY("phase_lanes", CHASE_INT, phase_lanes, CHASE_F_UNSIGNED), HY("rms", CHASE_REAL, rms, CHASE_F_DOUBLE),
    HY("cycles_per_pass", CHASE_REAL, b, CHASE_F_DOUBLE), HY("intercept", CHASE_REAL, a, CHASE_F_DOUBLE),
    HY("floor", CHASE_REAL, floor, CHASE_F_DOUBLE),
};
static const struct chase_table hyp_table = {"hypothesis", hyp_cols, CHASE_COLS(hyp_cols), "hypothesis"};

static int write_groups(struct chase_writer *w, const struct chase_banks_result *r)
{
    unsigned i, k, wi;

    if (chase_writer_table(w, &group_table))
        return -1;
    for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++) {
        const struct chase_banks_groups *g = r->groups[wi];
        if (!g)
            continue;
        for (i = 0; i < r->lanes; i++) {
            struct group_row p = {32u << wi, i, r->resolved[wi] ? g->layout.group[i] : NAN, NAN, NAN};
            for (k = 0; k < g->nprobe; k++)
                if (g->probe[k].lane == i) {
                    p.reference = g->probe[k].ref;
                    p.cycles = g->probe[k].cycles;
                    /* the probe against its own group's reference */
                    if (g->layout.group[g->probe[k].ref] == g->layout.group[i])
                        break;
                }
            if (chase_writer_put(w, &p))
                return -1;
        }
    }
    return 0;
}

int chase_banks_write(struct chase_writer *w, const struct chase_banks_result *r)
{
    unsigned i;

    if (chase_writer_rows(w, &conflict_table, r->entry, r->nentry, sizeof *r->entry))
        return -1;
    if (chase_writer_table(w, &stride_table))
        return -1;
    for (i = 0; i < r->nstride; i++) {
        const struct chase_banks_hyp *h = &r->fit.best;
        struct stride_row p = {r->stride[i], 32, "block", r->stride_cycles[i],
                               r->fitted ? r->stride_pred[i] : NAN,
                               r->fitted ? h->a + h->b * fmax(r->stride_pred[i], h->floor) : NAN};
        if (chase_writer_put(w, &p))
            return -1;
    }
    if (write_groups(w, r))
        return -1;
    if (r->user) {
        if (chase_writer_table(w, &pattern_table))
            return -1;
        for (i = 0; i < r->lanes; i++) {
            struct pattern_row p = {i, r->user_off[i] / r->user_width, r->user_off[i],
                                    r->user_costed ? r->user_cost.bank[i] : NAN,
                                    r->user_costed ? r->user_cost.pass[i] : NAN,
                                    r->user_costed ? r->user_cost.depth[i] : NAN};
            if (chase_writer_put(w, &p))
                return -1;
        }
    }
    if (r->fitted)
        return chase_writer_rows(w, &hyp_table, r->fit.hyp, r->fit.nhyp < 8 ? r->fit.nhyp : 8, sizeof *r->fit.hyp);
    return 0;
}

/* chase banks: the structure in a sentence, the conflict table in the
 * seed's layout (rows: pattern; columns: width; cells: latency, and the
 * block's cycles a warp instruction with its ratio), the lane groups. */
void chase_banks_markdown(FILE *f, const struct chase_doc *d, const char *file)
{
    const struct chase_doc_table *t = chase_doc_table(d, "conflicts");
    const char *banks = chase_meta_get(&d->results, "banks"), *bb = chase_meta_get(&d->results, "bank_bytes");
    static const char *const widths[] = {"32", "64", "128"};
    size_t r, k;
    int w;

    fprintf(f, "**%s banks of %s bytes**", banks ? banks : "?", bb ? bb : "?");
    for (w = 0; w < 3; w++) {
        char key[32];
        const char *g;
        snprintf(key, sizeof key, "groups_%d", (w == 0 ? 32 : w == 1 ? 64 : 128));
        g = chase_meta_get(&d->results, key);
        if (g)
            fprintf(f, "; %d-bit lane groups: %s", w == 0 ? 32 : w == 1 ? 64 : 128, g);
    }
    fputs(".\n\n", f);
    if (!t || !t->nrows) {
        chase_md_generic(f, d, file);
        return;
    }
    fputs("Cycles per warp instruction: latency (one warp, dependent accesses) / a full block's throughput, "
          "and that throughput's ratio to conflict-free.\n\n| pattern | ways | 32-bit | 64-bit | 128-bit |\n"
          "|---|---|---|---|---|\n", f);
    for (r = 0; r < t->nrows; r++) {
        const struct chase_cell *pat = chase_md_cellv(t, r, "pattern");
        /* A row a pattern: its first width's row leads. */
        if (!pat->text || chase_md_cellv(t, r, "width")->num != chase_md_cellv(t, 0, "width")->num)
            continue;
        fputs("| ", f);
        chase_md_text(f, pat->text);
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "ways");
        for (w = 0; w < 3; w++) {
            fputs(" | ", f);
            for (k = 0; k < t->nrows; k++) {
                const struct chase_cell *pk = chase_md_cellv(t, k, "pattern"), *wk = chase_md_cellv(t, k, "width");
                char wt[16];
                snprintf(wt, sizeof wt, "%.0f", wk->num);
                if (pk->text && !strcmp(pk->text, pat->text) && !strcmp(wt, widths[w])) {
                    fprintf(f, "%.1f / %.1f (x%.2f)", chase_md_cellv(t, k, "latency")->num, chase_md_cellv(t, k, "issue_block")->num,
                            chase_md_cellv(t, k, "ratio")->num);
                    break;
                }
            }
        }
        fputs(" |\n", f);
    }
    fprintf(f, "\nThe stride sweep, the lane probes and every hypothesis the fit weighed are in `%s`.\n\n", file);
}
