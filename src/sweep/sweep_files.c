/* sweep_files.c: chase analyze and chase plot: the levels and plots of saved
 * curves, through the same functions a sweep uses. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/exitcode.h"
#include "core/message.h"
#include "core/wrap.h"
#include "levels/levels.h"
#include "io/output.h"
#include "plot/plot.h"
#include "io/read.h"
#include "sweep/sweep_out.h"
#include "sweep/sweep.h"

struct loaded {
    struct chase_curve *c;
    struct chase_level (*lv)[CHASE_MAX_LEVELS];
    size_t *nlv;
    size_t n, cap;
};

static void loaded_free(struct loaded *l)
{
    size_t i;
    for (i = 0; i < l->n; i++)
        chase_curve_free(&l->c[i]);
    free(l->c);
    free(l->lv);
    free(l->nlv);
}

/* Reads every operand (a file may hold several curves); returns 0 or an
 * exit status after saying why. */
static int load(const struct chase_opts *o, struct loaded *l)
{
    char path[4096], err[600];
    int i;

    memset(l, 0, sizeof *l);
    for (i = 0; i < o->nargs; i++) {
        struct chase_curve *got = NULL;
        size_t ngot = 0, k;

        if (chase_data_resolve(o->args[i], path, sizeof path)) {
            chase_error("cannot read '%s': no such file or reference curve", o->args[i]);
            return CHASE_EXIT_FILE;
        }
        if (chase_curves_read(path, &got, &ngot, err, sizeof err)) {
            chase_error("%s", err);     /* it quotes the file */
            return CHASE_EXIT_FILE;
        }
        if (l->n + ngot > l->cap) {
            size_t cap = (l->n + ngot) * 2;
            struct chase_curve *c = realloc(l->c, cap * sizeof *c);
            struct chase_level (*lv)[CHASE_MAX_LEVELS] = c ? realloc(l->lv, cap * sizeof *lv) : NULL;
            size_t *nlv = lv ? realloc(l->nlv, cap * sizeof *nlv) : NULL;
            if (c)
                l->c = c;
            if (lv)
                l->lv = lv;
            if (!c || !lv || !nlv) {
                for (k = 0; k < ngot; k++)
                    chase_curve_free(&got[k]);
                free(got);
                fprintf(stderr, "chase: out of memory\n");
                return CHASE_EXIT_FAIL;
            }
            l->nlv = nlv;
            l->cap = cap;
        }
        for (k = 0; k < ngot; k++, l->n++) {
            struct chase_curve *c = &l->c[l->n];
            *c = got[k];
            /* The cache levels are a sweep's (or another tool's latency
             * curve's): a tlb file's curve climbs at TLB steps, which the
             * finder would name L1, L2 (an "L1, 293 cyc" on an H100's).
             * Such a curve is drawn and written without levels. */
            if (*c->kind && strcmp(c->kind, "sweep")) {
                l->nlv[l->n] = 0;
                if (!o->quiet)
                    fprintf(stderr, "chase: %s: a %s file's curve is not a sweep's: no cache levels are found on it "
                                    "(chase %s names its own)\n", c->name, c->kind, c->kind);
                continue;
            }
            l->nlv[l->n] = chase_levels_find(c, l->lv[l->n], CHASE_MAX_LEVELS);
        }
        free(got);
    }
    return 0;
}

int chase_analyze_main(const struct chase_opts *o)
{
    struct loaded l;
    struct chase_writer w;
    size_t i;
    int code = 0, rewrite = o->fmt_given || o->output;

    if (o->nargs < 1) {
        fprintf(stderr, "chase: analyze: name at least one FILE\nTry 'chase --help' for more information.\n");
        return CHASE_EXIT_USAGE;
    }
    if (o->fmt_given && o->fmt == CHASE_FMT_CSV) {
        fprintf(stderr, "chase: analyze: CSV has no place for levels; use --format tsv or json\n"
                        "Try 'chase --help' for more information.\n");
        return CHASE_EXIT_USAGE;
    }
    if ((code = load(o, &l)))
        goto out;
    if (!rewrite) {
        for (i = 0; i < l.n; i++) {
            struct chase_wrap wr;
            FILE *f = chase_wrap_begin(&wr, stdout);
            fprintf(f, "%s%s\n", i ? "\n" : "", l.c[i].name);
            chase_report_levels(f, &l.c[i], l.lv[i], l.nlv[i], NULL, 0);
            chase_wrap_end(&wr);
        }
        code = chase_stdout_done();
        goto out;
    }
    /* Each curve goes back out as a sweep writes it, its levels included;
     * several make several documents in one file, which chase reads back. */
    if (chase_writer_open(&w, o->output, o->fmt)) {
        fprintf(stderr, "chase: %s\n", w.err);
        code = CHASE_EXIT_FILE;
        goto out;
    }
    if (l.n > 1)
        chase_writer_array(&w, 1);
    for (i = 0; i < l.n && !w.failed; i++) {
        if (i && chase_writer_next(&w))
            break;
        if (chase_writer_begin(&w, "sweep", &l.c[i].meta) || chase_writer_curve(&w, &chase_points_table, &l.c[i]))
            break;
        if (chase_sweep_write_tail(&w, l.lv[i], l.nlv[i], NULL, 0) || chase_writer_end(&w, "analyzed"))
            break;
    }
    if (l.n > 1 && !w.failed)
        chase_writer_array(&w, 0);
    if (chase_writer_close(&w, !w.failed, NULL, 0) || w.failed) {
        fprintf(stderr, "chase: %s\n", w.err);
        code = CHASE_EXIT_FILE;
    }
out:
    loaded_free(&l);
    return code;
}

int chase_plot_main(const struct chase_opts *o)
{
    struct loaded l;
    struct chase_plot_curve *pc = NULL;
    char err[600];
    size_t i;
    int code;

    if (o->nargs < 1) {
        fprintf(stderr, "chase: plot: name at least one FILE\nTry 'chase --help' for more information.\n");
        return CHASE_EXIT_USAGE;
    }
    if (!o->output) {
        fprintf(stderr, "chase: plot: name the image to write with -o OUT.png (or .pdf, .svg)\n"
                        "Try 'chase --help' for more information.\n");
        return CHASE_EXIT_USAGE;
    }
    if ((code = load(o, &l)))
        goto out;
    pc = calloc(l.n, sizeof *pc);
    if (!pc) {
        code = CHASE_EXIT_FAIL;
        goto out;
    }
    for (i = 0; i < l.n; i++) {
        pc[i].curve = &l.c[i];
        pc[i].levels = l.lv[i];
        pc[i].nlevels = l.nlv[i];
    }
    code = chase_plot(pc, l.n, o, o->output, err, sizeof err);
    if (code)
        fprintf(stderr, "chase: %s\n", err);
out:
    free(pc);
    loaded_free(&l);
    return code;
}
