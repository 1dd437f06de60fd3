/* banks_out.c: chase banks' tables: the conflicts, the stride sweep, the
 * lane groups, a pattern's cost and the bank hypotheses; its results, its report
 * for a person and its report.md section. */
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
#include "run/session.h"

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
    CF("op", CHASE_TEXT, op, CHASE_F_STR),
};
static const struct chase_table conflict_table = {"conflicts", conflict_cols, CHASE_COLS(conflict_cols), NULL};

/* One stride of the sweep (b32 reads or stores by a block); NAN: no fit. */
struct stride_row {
    unsigned stride, width;
    const char *mode;
    double cycles, predicted, fitted;
    const char *op;
};

#define ST(NAME, TYPE, F, FIELD) CHASE_COL(NAME, TYPE, struct stride_row, F, FIELD, CHASE_R_NONE, 0)
static const struct chase_column stride_cols[] = {
    ST("stride_words", CHASE_INT, stride, CHASE_F_UNSIGNED), ST("width", CHASE_INT, width, CHASE_F_UNSIGNED),
    ST("mode", CHASE_TEXT, mode, CHASE_F_STR), ST("cycles", CHASE_REAL, cycles, CHASE_F_DOUBLE),
    ST("predicted_passes", CHASE_REAL, predicted, CHASE_F_DOUBLE), ST("fitted", CHASE_REAL, fitted, CHASE_F_DOUBLE),
    ST("op", CHASE_TEXT, op, CHASE_F_STR),
};
static const struct chase_table stride_table = {"strides", stride_cols, CHASE_COLS(stride_cols), NULL};

/* One lane of a width's groups; NAN: unresolved, or no probe. */
struct group_row {
    unsigned width, lane;
    double group, reference, cycles;
    const char *op;
};

#define GR(NAME, TYPE, F, FIELD) CHASE_COL(NAME, TYPE, struct group_row, F, FIELD, CHASE_R_NONE, 0)
static const struct chase_column group_cols[] = {
    GR("width", CHASE_INT, width, CHASE_F_UNSIGNED), GR("lane", CHASE_INT, lane, CHASE_F_UNSIGNED),
    GR("group", CHASE_INT, group, CHASE_F_DOUBLE), GR("reference", CHASE_INT, reference, CHASE_F_DOUBLE),
    GR("cycles", CHASE_REAL, cycles, CHASE_F_DOUBLE), GR("op", CHASE_TEXT, op, CHASE_F_STR),
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

/* The operation each side is measured with. */
static const char *side_op(int side)
{
    return chase_shared_op_name(side ? CHASE_SHARED_WRITE : CHASE_SHARED_READ);
}

/* The side whose fit speaks for the banks: the reads', else the stores'. */
static const struct chase_banks_side *main_side(const struct chase_banks_result *r)
{
    return r->side[0].measured || !r->side[1].measured ? &r->side[0] : &r->side[1];
}

static int write_groups(struct chase_writer *w, const struct chase_banks_result *r)
{
    unsigned i, k, wi;
    int sdi;

    if (chase_writer_table(w, &group_table))
        return -1;
    for (sdi = 0; sdi < CHASE_BANKS_NSIDE; sdi++)
    for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++) {
        const struct chase_banks_side *sd = &r->side[sdi];
        const struct chase_banks_groups *g = sd->groups[wi];
        if (!g)
            continue;
        for (i = 0; i < r->lanes; i++) {
            struct group_row p = {32u << wi, i, sd->resolved[wi] ? g->layout.group[i] : NAN, NAN, NAN, side_op(sdi)};
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
    const struct chase_banks_side *ms = main_side(r);
    unsigned i;
    int sdi;

    if (chase_writer_rows(w, &conflict_table, r->entry, r->nentry, sizeof *r->entry))
        return -1;
    if (chase_writer_table(w, &stride_table))
        return -1;
    for (sdi = 0; sdi < CHASE_BANKS_NSIDE; sdi++) {
        const struct chase_banks_side *sd = &r->side[sdi];
        for (i = 0; i < sd->nstride; i++) {
            const struct chase_banks_hyp *h = &sd->fit.best;
            struct stride_row p = {sd->stride[i], 32, "block", sd->stride_cycles[i],
                                   sd->fitted ? sd->stride_pred[i] : NAN,
                                   sd->fitted ? h->a + h->b * fmax(sd->stride_pred[i], h->floor) : NAN, side_op(sdi)};
            if (chase_writer_put(w, &p))
                return -1;
        }
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
    /* The hypotheses of the reads' fit (the stores' where only they were measured). */
    if (ms->fitted)
        return chase_writer_rows(w, &hyp_table, ms->fit.hyp, ms->fit.nhyp < 8 ? ms->fit.nhyp : 8,
                                 sizeof *ms->fit.hyp);
    return 0;
}

/* One side's figures; the stores' keys begin with write_ (write_banks,
 * write_groups_128). */
static void side_results(struct chase_meta *res, const struct chase_banks_result *r, int sdi)
{
    const struct chase_banks_side *sd = &r->side[sdi];
    const char *pre = sdi ? "write_" : "";
    char buf[512], key[40];
    int wi;

#define KEY(NAME) (snprintf(key, sizeof key, "%s%s", pre, NAME), key)
    if (sd->fitted) {
        const struct chase_banks_fit *f = &sd->fit;
        chase_meta_num(res, KEY("banks"), f->best.banks);
        chase_meta_num(res, KEY("bank_bytes"), f->best.bank_bytes);
        chase_meta_num(res, KEY("bank_row_bytes"), (double)f->best.banks * f->best.bank_bytes);
        chase_meta_num(res, KEY("phase_lanes_b32"), f->best.phase_lanes);
        chase_meta_num(res, KEY("fit_rms"), f->best.rms);
        chase_meta_add(res, KEY("fit_clear"), "%s", f->clear ? "yes" : "no");
        if (f->runner_up.rms >= 0)
            chase_meta_add(res, KEY("fit_runner_up"), "%u banks of %u B: rms %.3g", f->runner_up.banks,
                           f->runner_up.bank_bytes, f->runner_up.rms);
        chase_meta_num(res, KEY("cycles_per_pass"), f->best.b);
        chase_meta_num(res, KEY("cycles_intercept"), f->best.a);
        chase_meta_num(res, KEY("floor_passes"), f->best.floor);
    } else {
        chase_meta_add(res, KEY("banks"), "unknown: the stride sweep fits no bank model");
    }
    for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++) {
        if (!sd->groups[wi])
            continue;
        snprintf(key, sizeof key, "%sgroups_%d", pre, 32 << wi);
        if (sd->resolved[wi]) {
            chase_banks_groups_text(&sd->groups[wi]->layout, r->lanes, buf, sizeof buf);
            chase_meta_add(res, key, "%s", buf);
            snprintf(key, sizeof key, "%sgroups_%d_merge", pre, 32 << wi);
            chase_meta_add(res, key, "%s", sd->groups[wi]->layout.merge ? "yes" : "no");
        } else {
            chase_meta_add(res, key, "unresolved: no probe rose above the floor");
        }
    }
#undef KEY
}

void chase_banks_results(struct chase_meta *res, const struct chase_banks_result *r, double mhz, unsigned calls)
{
    int sdi;

    for (sdi = 0; sdi < CHASE_BANKS_NSIDE; sdi++)
        if (r->side[sdi].measured)
            side_results(res, r, sdi);
    if (r->read2_why[0])
        chase_meta_add(res, "read2", "not measured: %s", r->read2_why);
    if (r->user && r->user_costed)
        chase_meta_num(res, "lanes_predicted_passes", r->user_cost.passes);
    chase_meta_num(res, "clock_mhz_measured", mhz);
    chase_meta_num(res, "launches", calls);
}

/* ---- the report at a terminal ---- */

static const struct chase_banks_entry *find(const struct chase_banks_result *r, const char *pat, int op,
                                            unsigned width)
{
    unsigned i;
    for (i = 0; i < r->nentry; i++)
        if (r->entry[i].width == width && r->entry[i].opn == op && !strcmp(r->entry[i].pattern, pat))
            return &r->entry[i];
    return NULL;
}

/* One table of the seed's layout: rows = a pattern and an operation (the
 * stores' row under the reads'), columns = widths. */
static void grid(FILE *f, const struct chase_banks_result *r, const char *title, int what)
{
    const struct chase_banks_entry *seen[CHASE_BANKS_NROW * (CHASE_BANKS_NSIDE + 2) + 4];
    unsigned nseen = 0, i, j, wi;
    int op;

    fprintf(f, "\n%s\n%-14s %-9s %5s", title, "pattern", "op", "ways");
    for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++)
        fprintf(f, " %11u-bit", 32u << wi);
    fprintf(f, "\n");
    /* Patterns in the table's first order; under each, its operations. */
    for (i = 0; i < r->nentry; i++) {
        for (j = 0; j < nseen && strcmp(seen[j]->pattern, r->entry[i].pattern); j++)
            ;
        if (j < nseen || nseen == sizeof seen / sizeof seen[0])
            continue;
        seen[nseen++] = &r->entry[i];
    }
    for (j = 0; j < nseen; j++)
        for (op = 0; op < CHASE_SHARED_NOPS; op++) {
            const struct chase_banks_entry *any = NULL;
            for (wi = 0; wi < CHASE_BANKS_NWIDTH && !any; wi++)
                any = find(r, seen[j]->pattern, op, 4u << wi);
            if (!any)
                continue;
            fprintf(f, "%-14s %-9s %5u", any->pattern, any->op, any->ways);
            for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++) {
                const struct chase_banks_entry *e = find(r, seen[j]->pattern, op, 4u << wi);
                char cellbuf[40];
                if (!e || (what == 1 && isnan(e->latency)))
                    snprintf(cellbuf, sizeof cellbuf, "-");
                else if (what == 0)
                    snprintf(cellbuf, sizeof cellbuf, "%.2f x%.2f", e->issue_block, e->ratio);
                else if (what == 1)
                    snprintf(cellbuf, sizeof cellbuf, "%.1f x%.2f", e->latency, e->latency_ratio);
                else if (what == 2)
                    snprintf(cellbuf, sizeof cellbuf, "%.2f", e->issue_warp);
                else if (isnan(e->predicted))
                    snprintf(cellbuf, sizeof cellbuf, "%.1f / -", e->passes);
                else
                    snprintf(cellbuf, sizeof cellbuf, "%.1f / %.0f", e->passes, e->predicted);
                fprintf(f, " %15s", cellbuf);
            }
            fprintf(f, "\n");
        }
}

/* One side's bank model in three lines (label: "banks:" or "stores:"). */
static void report_fit(FILE *f, const struct chase_banks_side *sd, const char *label, const char *what)
{
    const struct chase_banks_fit *fit = &sd->fit;

    if (!sd->fitted) {
        fprintf(f, "%-13s unknown: the %s stride sweep fits no bank model\n", label, what);
        return;
    }
    fprintf(f, "%-13s %u banks of %u bytes (a %u-byte row); b32: %u lanes a pass\n", label,
            fit->best.banks, fit->best.bank_bytes, fit->best.banks * fit->best.bank_bytes, fit->best.phase_lanes);
    fprintf(f, "fit:          rms %.1f%% of the cost", 100 * fit->best.rms);
    if (fit->runner_up.rms >= 0)
        fprintf(f, "; next best %u x %u B at %.1f%%", fit->runner_up.banks, fit->runner_up.bank_bytes,
                100 * fit->runner_up.rms);
    fprintf(f, ": %s\n", fit->clear ? "clear" : "NOT clear (see the notes)");
    fprintf(f, "pass cost:    %.3g cycles a pass (block, b32 %s)", fit->best.b, what);
    if (fit->best.floor > 1.01)
        fprintf(f, ", nothing cheaper than %.2g passes", fit->best.floor);
    fprintf(f, "\n");
}

/* The device, the bank model each sweep fitted, the clock and the shared memory. */
static void report_head(FILE *f, const struct chase_session *s, const struct chase_banks_result *r, double mhz)
{
    unsigned i;

    fprintf(f, "shared memory: %s (%s, %s)", s->info.name, s->slot->name, s->info.arch);
    if (chase_meta_get(&s->meta, "sm"))
        fprintf(f, ", SM %s", chase_meta_get(&s->meta, "sm"));
    fprintf(f, "\n");
    if (r->side[0].measured)
        report_fit(f, &r->side[0], "banks:", "reads");
    if (r->side[1].measured)
        report_fit(f, &r->side[1], "stores:", "stores");
    if (!isnan(mhz))
        fprintf(f, "clock:        %.0f MHz (measured)", mhz);
    else
        fprintf(f, "clock:        not measured");
    if (s->info.clock_mhz > 0)
        fprintf(f, "; the driver's: %.0f MHz", s->info.clock_mhz);
    fprintf(f, "\n");
    if (s->info.shared_bytes)
        fprintf(f, "shared:       %llu bytes a block (the driver's)", (unsigned long long)s->info.shared_bytes);
    for (i = 0; i < (unsigned)s->info.nfacts; i++)
        if (strstr(s->info.facts[i].key, "shared_per_sm") || strstr(s->info.facts[i].key, "lds_per_cu"))
            fprintf(f, "; %s %s (the driver's)", s->info.facts[i].key, s->info.facts[i].val);
    if (s->info.shared_bytes)
        fprintf(f, "\n");
}

/* The lane groups at each width, reads and stores, and the --lanes pattern's conflicts. */
static void report_lanes(FILE *f, const struct chase_banks_result *r)
{
    char buf[512];
    unsigned i, wi;
    int sdi;

    fprintf(f, "\nlane groups (lanes served in one pass):\n");
    for (sdi = 0; sdi < CHASE_BANKS_NSIDE; sdi++)
        for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++) {
            const struct chase_banks_side *sd = &r->side[sdi];
            const char *what = sdi ? " store" : "";
            if (!sd->groups[wi])
                continue;
            if (!sd->resolved[wi]) {
                fprintf(f, "  %3u-bit%s: unresolved (no probe rose above the floor)\n", 32u << wi, what);
                continue;
            }
            chase_banks_groups_text(&sd->groups[wi]->layout, r->lanes, buf, sizeof buf);
            fprintf(f, "  %3u-bit%s: %s%s\n", 32u << wi, what, buf,
                    sd->groups[wi]->layout.merge ? "  (groups share a pass while together conflict-free)" : "");
        }
    if (r->user && r->user_costed) {
        const struct chase_banks_entry *e =
            find(r, "lanes", r->side[0].measured ? CHASE_SHARED_READ : CHASE_SHARED_WRITE, r->user_width);
        fprintf(f, "\n--lanes pattern (%u-bit): %u passes predicted", r->user_width * 8, r->user_cost.passes);
        if (e)
            fprintf(f, ", %.1f measured (%.2f cycles per warp instruction, x%.2f over conflict-free)", e->passes,
                    e->issue_block, e->ratio);
        fprintf(f, "\n");
        for (i = 0; i < r->user_cost.npass; i++) {
            unsigned most = 0, l, n = 0;
            for (l = 0; l < r->lanes; l++)
                if (r->user_cost.pass[l] == i && r->user_cost.depth[l] > most)
                    most = r->user_cost.depth[l];
            if (most < 2)
                continue;
            fprintf(f, "  group %u: %u-way: lanes", i, most);
            for (l = 0; l < r->lanes; l++)
                if (r->user_cost.pass[l] == i && r->user_cost.depth[l] == most)
                    fprintf(f, "%s%u (bank %u)", n++ ? ", " : " ", l, r->user_cost.bank[l]);
            fprintf(f, "\n");
        }
    }
}

/* Notes: what the figures mean where they surprise. */
static void report_notes(FILE *f, const struct chase_banks_result *r, unsigned calls)
{
    unsigned i, wi, off_rows = 0;
    int sdi, fitted = 0;

    fprintf(f, "\nnotes:\n");
    for (sdi = 0; sdi < CHASE_BANKS_NSIDE; sdi++) {
        const struct chase_banks_side *sd = &r->side[sdi];
        const char *what = sdi ? " (stores)" : "";
        fitted |= sd->fitted;
        if (sd->fitted && !sd->fit.clear)
            fprintf(f, "- the%s stride sweep does not single out one bank model: read banks and width as a guess\n",
                    sdi ? " store" : "");
        for (wi = 0; wi < CHASE_BANKS_NWIDTH; wi++) {
            if (!sd->groups[wi] || !sd->resolved[wi])
                continue;
            if (sd->groups[wi]->layout.ngroups == 1)
                fprintf(f, "- %u-bit%s: every lane can conflict with every other: the warp is served as one group\n",
                        32u << wi, what);
            if (sd->groups[wi]->layout.merge)
                fprintf(f,
                        "- %u-bit%s: a lane of another group costs %.1f passes more than the reference alone: groups "
                        "share passes while together conflict-free (multicast and broadcast cost less than the "
                        "groups' count)\n",
                        32u << wi, what, sd->groups[wi]->base_excess);
        }
    }
    if (r->side[1].measured)
        fprintf(f, "- stores have no latency (nothing returns to wait for): their latency cells are '-'; several "
                   "lanes storing one word cost one word, as a multicast read\n");
    if (r->read2_why[0])
        fprintf(f, "- no two-address read rows: %s\n", r->read2_why);
    for (i = 0; i < r->nentry; i++) {
        const struct chase_banks_entry *e = &r->entry[i];
        if (!isnan(e->predicted) && fabs(e->passes - e->predicted) > 0.25 * e->predicted + 0.25)
            off_rows++;
    }
    if (off_rows)
        fprintf(f, "- %u table cells cost other than the model predicts (passes column): the model does not explain "
                   "them\n", off_rows);
    else if (r->nentry && fitted)
        fprintf(f, "- every table cell costs what the bank model predicts (within a quarter)\n");
    fprintf(f, "- %u timed launches; cycles are medians, the timer's own cost removed\n", calls);
}

void chase_banks_report(FILE *f, const struct chase_session *s, const struct chase_banks_result *r, double mhz,
                        unsigned calls)
{
    report_head(f, s, r, mhz);
    if (r->nentry) {
        grid(f, r, "throughput: cycles per warp instruction, a full block; x: over conflict-free", 0);
        grid(f, r, "latency: cycles an access, one warp, each access waiting for the one before", 1);
        grid(f, r, "issue: cycles per instruction, one warp, 8 independent accesses", 2);
        grid(f, r, "passes: measured (throughput / pass cost) / predicted by the model", 3);
    }
    report_lanes(f, r);
    report_notes(f, r, calls);
}

/* A conflicts row's operation: reads in a file written before stores were measured. */
static const char *row_op(const struct chase_doc_table *t, size_t r)
{
    const struct chase_cell *c = chase_md_cellv(t, r, "op");
    return c && c->text ? c->text : "read";
}

/* The lane groups of reads, then of stores ("write_groups_32"), in a sentence's tail. */
static void md_groups(FILE *f, const struct chase_doc *d, const char *sep)
{
    static const char *const pre[2] = {"", "write_"};
    int w, k;

    for (k = 0; k < 2; k++)
        for (w = 32; w <= 128; w *= 2) {
            char key[40];
            const char *g;
            snprintf(key, sizeof key, "%sgroups_%d", pre[k], w);
            if ((g = chase_meta_get(&d->results, key))) {
                fprintf(f, "; %d-bit %slane groups%s", w, k ? "store " : "", sep);
                chase_md_text(f, g);
            }
        }
}

/* chase banks: the structure in a sentence, the conflict table in the
 * seed's layout (rows: pattern and operation, the stores' under the
 * reads'; columns: width; cells: latency, and the block's cycles a warp
 * instruction with its ratio), the lane groups. */
void chase_banks_markdown(FILE *f, const struct chase_doc *d, const char *file)
{
    const struct chase_doc_table *t = chase_doc_table(d, "conflicts");
    const char *banks = chase_meta_get(&d->results, "banks"), *bb = chase_meta_get(&d->results, "bank_bytes");
    static const char *const widths[] = {"32", "64", "128"};
    size_t r, k;
    int w;

    if (!banks && !bb) {
        banks = chase_meta_get(&d->results, "write_banks");
        bb = chase_meta_get(&d->results, "write_bank_bytes");
    }
    fprintf(f, "**%s banks of %s bytes**", banks ? banks : "?", bb ? bb : "?");
    md_groups(f, d, ": ");
    fputs(".\n\n", f);
    if (!t || !t->nrows) {
        chase_md_generic(f, d, file);
        return;
    }
    fputs("Cycles per warp instruction: latency (one warp, dependent accesses; a store has none: -) / a full "
          "block's throughput, and that throughput's ratio to conflict-free of the same operation.\n\n"
          "| pattern | op | ways | 32-bit | 64-bit | 128-bit |\n|---|---|---|---|---|---|\n", f);
    for (r = 0; r < t->nrows; r++) {
        const struct chase_cell *pat = chase_md_cellv(t, r, "pattern");
        const char *op = row_op(t, r);
        /* A row a pattern and operation: its first row leads. */
        if (!pat->text)
            continue;
        for (k = 0; k < r; k++) {
            const struct chase_cell *pk = chase_md_cellv(t, k, "pattern");
            if (pk->text && !strcmp(pk->text, pat->text) && !strcmp(row_op(t, k), op))
                break;
        }
        if (k < r)
            continue;
        fputs("| ", f);
        chase_md_text(f, pat->text);
        fputs(" | ", f);
        chase_md_text(f, op);
        fputs(" | ", f);
        chase_md_put_cellv(f, t, r, "ways");
        for (w = 0; w < 3; w++) {
            fputs(" | ", f);
            for (k = 0; k < t->nrows; k++) {
                const struct chase_cell *pk = chase_md_cellv(t, k, "pattern"), *wk = chase_md_cellv(t, k, "width");
                char wt[16];
                double lat;
                snprintf(wt, sizeof wt, "%.0f", wk->num);
                if (pk->text && !strcmp(pk->text, pat->text) && !strcmp(row_op(t, k), op) && !strcmp(wt, widths[w])) {
                    lat = chase_md_cellv(t, k, "latency")->num;
                    if (isnan(lat))
                        fputs("-", f);
                    else
                        fprintf(f, "%.1f", lat);
                    fprintf(f, " / %.1f (x%.2f)", chase_md_cellv(t, k, "issue_block")->num,
                            chase_md_cellv(t, k, "ratio")->num);
                    break;
                }
            }
        }
        fputs(" |\n", f);
    }
    fprintf(f, "\nThe stride sweeps, the lane probes and every hypothesis the fit weighed are in `%s`.\n\n", file);
}

/* The summary's line: the banks and the lane groups. */
void chase_banks_headline(FILE *f, const struct chase_doc *d)
{
    double banks = NAN, width = NAN;

    if ((chase_meta_get_num(&d->results, "banks", &banks) || chase_meta_get_num(&d->results, "bank_bytes", &width)) &&
        (chase_meta_get_num(&d->results, "write_banks", &banks) ||
         chase_meta_get_num(&d->results, "write_bank_bytes", &width))) {
        fputs("no bank layout resolved (see its section)", f);
        return;
    }
    fprintf(f, "%.0f banks of %.0f bytes", banks, width);
    md_groups(f, d, " ");
}
