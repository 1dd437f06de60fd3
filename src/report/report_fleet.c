/* report_fleet.c: chase fleet DIR... -o OUT: any number of reports (one a
 * GPU, from a node or a whole fleet) merged figure by figure, and the GPUs
 * whose figure lies outside its peers' spread named.
 *
 * A figure is a level's latency and capacity from each report's sweep, or
 * a part's numeric result.  Real failures are relative and small (a slow
 * link, a board at a lower clock), and two good boards already differ by
 * a percent or two, so the rule is robust and relative at once: a figure
 * is an outlier when it lies more than FLEET_Z robust standard deviations
 * (1.4826 x the median absolute deviation) from the median AND more than
 * FLEET_REL of the median away from it (of the latency it rises from, for
 * a step such as a TLB miss's cycles).  Both are stated in the output. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <dirent.h>
#include <unistd.h>

#include "core/exitcode.h"
#include "core/fresh.h"
#include "core/stats.h"
#include "io/doc.h"
#include "io/md.h"
#include "io/output.h"
#include "io/table.h"
#include "plot/plot.h"
#include "report/report_md.h"

#define FLEET_Z 3.5         /* robust z past which a figure is apart (Iglewicz and Hoaglin's 3.5) */
/* ... and at least this share of the median: two H100s' sweeps differed by
 * 1.8% at the L2 (issue 24's facts), and four healthy H100s of one node by
 * 2.6% in a TLB miss's step (bench/NOTES.md): 1% called those outliers. */
#define FLEET_REL 0.03
#define FLEET_MIN 3         /* reports a figure needs before anything is called an outlier */
#define FLEET_KEY 112
#define FLEET_SIDE 16       /* reports up to which fleet.md has every value side by side */

struct fleet_report {
    const char *dir;
    struct chase_doc *docs;
    size_t ndocs;
};

struct fleet_figure {
    char key[FLEET_KEY];
    double *v;              /* one a report, NAN where it has none */
    double median, mad, lo, hi;
    double scale;           /* what FLEET_REL is a share of: |median|, or a step's base latency */
    size_t n, outliers;
};

struct fleet {
    struct fleet_report *r;
    size_t nr;
    struct fleet_figure *fig;
    size_t nfig, cap;
};

/* The figure named key, made (every report NAN) when new; NULL: no memory. */
static struct fleet_figure *figure(struct fleet *fl, const char *key)
{
    size_t i;

    for (i = 0; i < fl->nfig; i++)
        if (!strcmp(fl->fig[i].key, key))
            return &fl->fig[i];
    if (fl->nfig == fl->cap) {
        size_t cap = fl->cap ? 2 * fl->cap : 64;
        struct fleet_figure *g = realloc(fl->fig, cap * sizeof *g);
        if (!g)
            return NULL;
        fl->fig = g;
        fl->cap = cap;
    }
    {
        struct fleet_figure *f = &fl->fig[fl->nfig];
        memset(f, 0, sizeof *f);
        snprintf(f->key, sizeof f->key, "%s", key);
        if (!(f->v = malloc(fl->nr * sizeof *f->v)))
            return NULL;
        for (i = 0; i < fl->nr; i++)
            f->v[i] = NAN;
        fl->nfig++;
        return f;
    }
}

static int put(struct fleet *fl, size_t r, const char *key, double v)
{
    struct fleet_figure *f;

    if (!isfinite(v))
        return 0;
    if (!(f = figure(fl, key)))
        return -1;
    f->v[r] = v;
    return 0;
}

/* A result that describes the device, not the run: not the time a part
 * took, a count of its rows or launches, or how well a fit fits (a fit's
 * rms, a standard error, an intercept: they vary from run to run on one
 * board, and a board is not judged by them). */
static int judged(const char *key)
{
    static const char *const run[] = {"elapsed_s", "rows", "points", "level_rows", "launches"};
    static const char *const fit[] = {"_rms", "_se", "_intercept"};
    const char *dot = strrchr(key, '.'), *last = dot ? dot + 1 : key;
    size_t i, n = strlen(last);

    for (i = 0; i < sizeof run / sizeof *run; i++)
        if (!strcmp(last, run[i]))
            return 0;
    for (i = 0; i < sizeof fit / sizeof *fit; i++)
        if (n >= strlen(fit[i]) && !strcmp(last + n - strlen(fit[i]), fit[i]))
            return 0;
    return strcmp(last, "rms") && strcmp(last, "intercept");
}


/* Report r's figures: the sweep's levels, then every numeric result but
 * the time a part took. */
static int gather(struct fleet *fl, size_t r)
{
    const struct chase_doc *d = &fl->r[r].docs[0];
    const struct chase_doc_table *lv = chase_doc_table(d, "sweep.levels");
    char key[FLEET_KEY];
    size_t i;
    int k;

    for (i = 0; lv && i < lv->nrows; i++) {
        const struct chase_cell *name = chase_md_cellv(lv, i, "name");
        if (!name->text)
            continue;
        snprintf(key, sizeof key, "sweep %.40s cycles", name->text);
        if (put(fl, r, key, chase_md_cellv(lv, i, "cycles")->num))
            return -1;
        snprintf(key, sizeof key, "sweep %.40s ns", name->text);
        if (put(fl, r, key, chase_md_cellv(lv, i, "ns")->num))
            return -1;
        snprintf(key, sizeof key, "sweep %.40s capacity_lo", name->text);
        if (put(fl, r, key, chase_md_cellv(lv, i, "lo")->num))
            return -1;
    }
    for (k = 0; k < d->results.n; k++) {
        const struct chase_meta_kv *kv = &d->results.kv[k];
        if (!kv->is_num || !judged(kv->key))
            continue;
        if (put(fl, r, kv->key, kv->num))
            return -1;
    }
    return 0;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median, MAD and range of a figure over the reports that have it. */
static int spread(struct fleet *fl, struct fleet_figure *f, double *tmp)
{
    size_t i, n = 0;

    for (i = 0; i < fl->nr; i++)
        if (!isnan(f->v[i]))
            tmp[n++] = f->v[i];
    f->n = n;
    f->median = f->mad = f->lo = f->hi = NAN;
    if (!n)
        return 0;
    qsort(tmp, n, sizeof *tmp, by_value);
    f->lo = tmp[0];
    f->hi = tmp[n - 1];
    f->median = chase_median(tmp, n);
    for (i = 0; i < n; i++)
        tmp[i] = fabs(tmp[i] - f->median);
    f->mad = chase_median(tmp, n);
    return 0;
}

/* How far report r's value is from the figure's median, in robust
 * standard deviations (INFINITY past a spread of zero). */
static double robust_z(const struct fleet_figure *f, double v)
{
    double d = fabs(v - f->median), s = 1.4826 * f->mad;
    return s > 0 ? d / s : d > 0 ? INFINITY : 0;
}

static int is_outlier(const struct fleet_figure *f, double v)
{
    return f->n >= FLEET_MIN && !isnan(v) && robust_z(f, v) > FLEET_Z && fabs(v - f->median) > FLEET_REL * f->scale;
}

/* A step measured on a latency (a TLB level's miss_cycles: the cycles a
 * miss adds to its cycles) carries that latency's spread: four healthy
 * H100s read TLB1's 9.1-10.6 cycles on an L2 hit of 278-284 (a board's
 * L2 near), 10% apart in the step and 2% in what it rose from.  Its
 * share is taken of that latency. */
static void set_scale(struct fleet *fl, struct fleet_figure *f)
{
    const char *dot = strrchr(f->key, '.');
    size_t i;

    f->scale = fabs(f->median);
    if (!dot || strcmp(dot + 1, "miss_cycles"))
        return;
    for (i = 0; i < fl->nfig; i++) {
        const struct fleet_figure *b = &fl->fig[i];
        if (!strncmp(b->key, f->key, (size_t)(dot - f->key) + 1) && !strcmp(b->key + (dot - f->key) + 1, "cycles") &&
            isfinite(b->median))
            f->scale = fmax(f->scale, fabs(b->median));
    }
}

/* A report's name in the tables: its directory, and the device. */
static const char *device_of(const struct fleet_report *r)
{
    const char *d = chase_meta_get(&r->docs[0].meta, "device");
    return d ? d : "?";
}

struct out_row {
    const char *figure, *report, *device;
    double value, median, rel, z;
};
#define OR(NAME, TYPE, F, FIELD) CHASE_COL(NAME, TYPE, struct out_row, F, FIELD, CHASE_R_NONE, 0)
static const struct chase_column out_cols[] = {
    OR("figure", CHASE_TEXT, figure, CHASE_F_STR), OR("report", CHASE_TEXT, report, CHASE_F_STR),
    OR("device", CHASE_TEXT, device, CHASE_F_STR), OR("value", CHASE_REAL, value, CHASE_F_DOUBLE),
    OR("median", CHASE_REAL, median, CHASE_F_DOUBLE), OR("rel", CHASE_REAL, rel, CHASE_F_DOUBLE),
    OR("z", CHASE_REAL, z, CHASE_F_DOUBLE),
};
static const struct chase_table outliers_table = {"outliers", out_cols, CHASE_COLS(out_cols), NULL};

struct fig_row {
    const char *figure;
    double n, median, mad, lo, hi, outliers;
};
#define FR(NAME, TYPE, F, FIELD) CHASE_COL(NAME, TYPE, struct fig_row, F, FIELD, CHASE_R_NONE, 0)
static const struct chase_column fig_cols[] = {
    FR("figure", CHASE_TEXT, figure, CHASE_F_STR), FR("n", CHASE_INT, n, CHASE_F_DOUBLE),
    FR("median", CHASE_REAL, median, CHASE_F_DOUBLE), FR("mad", CHASE_REAL, mad, CHASE_F_DOUBLE),
    FR("min", CHASE_REAL, lo, CHASE_F_DOUBLE), FR("max", CHASE_REAL, hi, CHASE_F_DOUBLE),
    FR("outliers", CHASE_INT, outliers, CHASE_F_DOUBLE),
};
static const struct chase_table figures_table = {"figures", fig_cols, CHASE_COLS(fig_cols), NULL};

static int write_tsv(const char *path, const struct fleet *fl, size_t nout)
{
    struct chase_writer w;
    struct chase_meta meta, res;
    size_t i, r;
    int bad;

    memset(&meta, 0, sizeof meta);
    memset(&res, 0, sizeof res);
    chase_meta_add(&meta, "tool", "%s %s", PACKAGE_NAME, PACKAGE_VERSION);
    chase_meta_num(&meta, "reports", (double)fl->nr);
    chase_meta_add(&meta, "rule", "an outlier lies more than %.1f x 1.4826 x MAD from the median and more than "
                   "%.0f%% of the median from it (a step, X.miss_cycles, %.0f%% of the latency X.cycles it rises "
                   "from); a figure fewer than %d reports give has none", FLEET_Z, 100 * FLEET_REL, 100 * FLEET_REL,
                   FLEET_MIN);
    chase_meta_num(&res, "figures", (double)fl->nfig);
    chase_meta_num(&res, "outliers", (double)nout);
    if (chase_writer_open(&w, path, CHASE_FMT_TSV)) {
        fprintf(stderr, "chase: %s\n", w.err);
        chase_meta_free(&meta);
        chase_meta_free(&res);
        return CHASE_EXIT_FILE;
    }
    bad = chase_writer_begin(&w, "fleet", &meta) || chase_writer_table(&w, &figures_table);
    for (i = 0; i < fl->nfig && !bad; i++) {
        const struct fleet_figure *f = &fl->fig[i];
        struct fig_row row = {f->key, (double)f->n, f->median, f->mad, f->lo, f->hi, (double)f->outliers};
        bad = chase_writer_put(&w, &row);
    }
    if (!bad)
        bad = chase_writer_table(&w, &outliers_table);
    for (i = 0; i < fl->nfig && !bad; i++)
        for (r = 0; r < fl->nr && !bad; r++) {
            const struct fleet_figure *f = &fl->fig[i];
            if (is_outlier(f, f->v[r])) {
                struct out_row row = {f->key, fl->r[r].dir, device_of(&fl->r[r]), f->v[r], f->median,
                                      (f->v[r] - f->median) / fabs(f->median), robust_z(f, f->v[r])};
                bad = chase_writer_put(&w, &row);
            }
        }
    bad = bad || chase_writer_results(&w, &res) || chase_writer_end(&w, "complete");
    if (chase_writer_close(&w, !bad, NULL, 0) || bad) {
        fprintf(stderr, "chase: %s\n", w.err);
        bad = 1;
    }
    chase_meta_free(&meta);
    chase_meta_free(&res);
    return bad ? CHASE_EXIT_FILE : 0;
}

static int write_md(const char *path, const struct fleet *fl, size_t nout)
{
    FILE *f = chase_fresh_fopen(path);
    size_t i, r;

    if (!f) {
        fprintf(stderr, "chase: cannot write '%s': %s\n", path, strerror(errno));
        return CHASE_EXIT_FILE;
    }
    fprintf(f, "# chase fleet: %zu reports\n\n", fl->nr);
    fprintf(f, "A figure is an outlier when it lies more than %.1f robust standard deviations (1.4826 x the median "
            "absolute deviation) from the median of the reports that give it, and more than %.0f%% of that "
            "median from it (a step, as a TLB miss's cycles, %.0f%% of the latency it rises from); a figure fewer "
            "than %d reports give is not judged. Every figure is one the reports measured (a sweep level's "
            "latency and capacity, a part's result).\n\n",
            FLEET_Z, 100 * FLEET_REL, 100 * FLEET_REL, FLEET_MIN);
    fprintf(f, "## Outliers: %zu\n\n", nout);
    if (nout) {
        fputs("| figure | report | device | value | median | off by |\n|---|---|---|---|---|---|\n", f);
        for (i = 0; i < fl->nfig; i++)
            for (r = 0; r < fl->nr; r++) {
                const struct fleet_figure *g = &fl->fig[i];
                if (!is_outlier(g, g->v[r]))
                    continue;
                fputs("| ", f);
                chase_md_text(f, g->key);
                fputs(" | ", f);
                chase_md_text(f, fl->r[r].dir);
                fputs(" | ", f);
                chase_md_text(f, device_of(&fl->r[r]));
                fputs(" | ", f);
                chase_md_num(f, g->v[r]);
                fputs(" | ", f);
                chase_md_num(f, g->median);
                /* Off by what it was judged against: a step's base
                 * latency where that is larger than its median. */
                if (g->scale > fabs(g->median))
                    fprintf(f, " | %+.1f%% of its base latency (%+.1f%% of the median) |\n",
                            100 * (g->v[r] - g->median) / g->scale, 100 * (g->v[r] - g->median) / fabs(g->median));
                else
                    fprintf(f, " | %+.1f%% |\n", 100 * (g->v[r] - g->median) / fabs(g->median));
            }
        fputc('\n', f);
    } else {
        fputs("None: every figure lies within its peers' spread.\n\n", f);
    }
    /* Few reports (a node's devices): every value in a column of its own. */
    if (fl->nr <= FLEET_SIDE) {
        fputs("## Side by side\n\nOutliers in bold.\n\n| figure |", f);
        for (r = 0; r < fl->nr; r++) {
            const char *slash = strrchr(fl->r[r].dir, '/');
            fputc(' ', f);
            chase_md_text(f, slash && slash[1] ? slash + 1 : fl->r[r].dir);
            fputs(" |", f);
        }
        fputs("\n|---|", f);
        for (r = 0; r < fl->nr; r++)
            fputs("---|", f);
        fputc('\n', f);
        for (i = 0; i < fl->nfig; i++) {
            const struct fleet_figure *g = &fl->fig[i];
            fputs("| ", f);
            chase_md_text(f, g->key);
            fputs(" |", f);
            for (r = 0; r < fl->nr; r++) {
                int out = is_outlier(g, g->v[r]);
                fputs(out ? " **" : " ", f);
                chase_md_num(f, g->v[r]);
                fputs(out ? "** |" : " |", f);
            }
            fputc('\n', f);
        }
        fputc('\n', f);
    }
    fputs("## Every figure\n\n| figure | reports | median | MAD | min | max | outliers |\n"
          "|---|---|---|---|---|---|---|\n", f);
    for (i = 0; i < fl->nfig; i++) {
        const struct fleet_figure *g = &fl->fig[i];
        fputs("| ", f);
        chase_md_text(f, g->key);
        fprintf(f, " | %zu | ", g->n);
        chase_md_num(f, g->median);
        fputs(" | ", f);
        chase_md_num(f, g->mad);
        fputs(" | ", f);
        chase_md_num(f, g->lo);
        fputs(" | ", f);
        chase_md_num(f, g->hi);
        fprintf(f, " | %zu |\n", g->outliers);
    }
    fputs("\n## Every report\n\n| report | device | outlying figures |\n|---|---|---|\n", f);
    for (r = 0; r < fl->nr; r++) {
        size_t k = 0;
        for (i = 0; i < fl->nfig; i++)
            k += (size_t)is_outlier(&fl->fig[i], fl->fig[i].v[r]);
        fputs("| ", f);
        chase_md_text(f, fl->r[r].dir);
        fputs(" | ", f);
        chase_md_text(f, device_of(&fl->r[r]));
        fprintf(f, " | %zu |\n", k);
    }
    if (ferror(f) | fclose(f)) {
        fprintf(stderr, "chase: writing '%s' failed\n", path);
        return CHASE_EXIT_FILE;
    }
    return 0;
}

/* fleet.png: a column a figure, each report's value as its distance from
 * the figure's median (percent, so every figure shares one axis), the
 * outliers apart in colour and named. */
static const char *short_name(const char *dir)
{
    const char *slash = strrchr(dir, '/');
    return slash && slash[1] ? slash + 1 : dir;
}

static int write_plot(FILE *f, const void *arg, const char *out)
{
    const struct fleet *fl = arg;
    size_t i, r, k = 0, labels = 0;

    if (chase_gp_begin(f, out, NULL, 0))
        return -1;
    fprintf(f, "unset logscale x\nunset logscale y\nset xlabel \"figure\"\nset ylabel \"off its median (%%)\"\n"
               "set key above\nset offsets 0, 0, graph 0.08, graph 0.08\nset xtics rotate by -60 font ',7'\nunset label\nunset arrow\nset grid ytics\n"
               "set title ");
    {
        char t[200];
        snprintf(t, sizeof t, "chase fleet: %zu reports; an outlier lies past %.1f robust SDs and %.0f%% of its "
                 "median", fl->nr, FLEET_Z, 100 * FLEET_REL);
        chase_gp_text(f, t);
    }
    fprintf(f, "\nset xrange [-0.6:%zu.6]\nset xtics (", fl->nfig ? fl->nfig - 1 : 0);
    for (i = 0; i < fl->nfig; i++) {
        fprintf(f, "%s", i ? ", " : "");
        chase_gp_string(f, fl->fig[i].key);
        fprintf(f, " %zu", i);
    }
    fprintf(f, ")\n$all << EOD\n");
    for (i = 0; i < fl->nfig; i++)
        for (r = 0; r < fl->nr; r++) {
            const struct fleet_figure *g = &fl->fig[i];
            if (!isnan(g->v[r]) && g->median != 0 && !is_outlier(g, g->v[r]))
                fprintf(f, "%zu %.6g\n", i, 100 * (g->v[r] - g->median) / fabs(g->median)), k++;
        }
    if (!k)
        fprintf(f, "0 NaN\n");
    fprintf(f, "EOD\n$out << EOD\n");
    for (i = k = 0; i < fl->nfig; i++)
        for (r = 0; r < fl->nr; r++) {
            const struct fleet_figure *g = &fl->fig[i];
            if (!is_outlier(g, g->v[r]) || g->median == 0)
                continue;
            fprintf(f, "%zu %.6g\n", i, 100 * (g->v[r] - g->median) / fabs(g->median));
            k++;
        }
    if (!k)
        fprintf(f, "0 NaN\n");
    fprintf(f, "EOD\n");
    /* Each outlier named beside its point (the first 40: more would hide
     * the plot; fleet.md lists them all). */
    for (i = 0; i < fl->nfig && labels < 40; i++)
        for (r = 0; r < fl->nr && labels < 40; r++) {
            const struct fleet_figure *g = &fl->fig[i];
            if (!is_outlier(g, g->v[r]) || g->median == 0)
                continue;
            fprintf(f, "set label %zu ", ++labels);
            chase_gp_string(f, short_name(fl->r[r].dir));
            fprintf(f, " at %zu, %.6g left offset 0.6, 0 font ',7' tc rgb '%s'\n", i,
                    100 * (g->v[r] - g->median) / fabs(g->median), chase_gp_color(1));
        }
    fprintf(f, "plot $all using 1:2 with points ls 1 title \"a report's figure\", "
               "$out using 1:2 with points ls 2 ps 1.6 title \"outlier\"\n");
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The reports an operand names: itself when it holds report.json, else
 * every directory in it that does (what srun's tasks wrote under one -o,
 * or a node report's devices), in name order.  Returns how many were
 * added to *list (grown as needed), or -1 after saying why. */
static int expand(const char *arg, char ***list, size_t *n, size_t *cap)
{
    char path[4200];
    DIR *d;
    struct dirent *e;
    size_t first = *n;
    int found = 0;

    if ((size_t)snprintf(path, sizeof path, "%s/report.json", arg) >= sizeof path) {
        fprintf(stderr, "chase: fleet: the path '%s' is too long\n", arg);
        return -1;
    }
    d = access(path, F_OK) ? opendir(arg) : NULL;
    for (;;) {
        const char *name = NULL;
        char *dup;
        if (!d) {
            if (found)
                break;
            name = "";      /* the operand itself */
        } else {
            if (!(e = readdir(d)))
                break;
            if (e->d_name[0] == '.')
                continue;
            if ((size_t)snprintf(path, sizeof path, "%s/%s/report.json", arg, e->d_name) >= sizeof path ||
                access(path, F_OK))
                continue;
            name = e->d_name;
        }
        if (*n == *cap) {
            size_t c = *cap ? 2 * *cap : 16;
            char **g = realloc(*list, c * sizeof *g);
            if (!g)
                break;
            *list = g;
            *cap = c;
        }
        dup = malloc(strlen(arg) + strlen(name) + 2);
        if (!dup)
            break;
        if (*name)
            sprintf(dup, "%s/%s", arg, name);
        else
            strcpy(dup, arg);
        (*list)[(*n)++] = dup;
        found++;
        if (!d)
            break;
    }
    if (d)
        closedir(d);
    if (d && !found) {
        fprintf(stderr, "chase: fleet: '%s' is not a report, and holds none\n", arg);
        return -1;
    }
    qsort(*list + first, *n - first, sizeof **list, by_name);
    return found;
}

int chase_fleet_main(const struct chase_opts *o)
{
    struct fleet fl;
    char path[4200], err[600];
    double *tmp = NULL;
    size_t i, r, nout = 0;
    int code = 0;
    struct stat st;
    char **names = NULL;
    size_t nnames = 0, cap = 0;

    memset(&fl, 0, sizeof fl);
    if (o->nargs < 1 || !o->output) {
        fprintf(stderr, "chase: fleet: name two or more report directories (or directories holding them) and "
                        "-o DIR\nTry 'chase help fleet' for more information.\n");
        return CHASE_EXIT_USAGE;
    }
    for (i = 0; i < (size_t)o->nargs; i++)
        if (expand(o->args[i], &names, &nnames, &cap) < 0) {
            code = CHASE_EXIT_FILE;
            goto out;
        }
    if (nnames < 2) {
        fprintf(stderr, "chase: fleet: %zu report%s found: a fleet needs two or more\n", nnames,
                nnames == 1 ? "" : "s");
        code = CHASE_EXIT_USAGE;
        goto out;
    }
    fl.nr = nnames;
    if (!(fl.r = calloc(fl.nr, sizeof *fl.r)) || !(tmp = malloc(fl.nr * sizeof *tmp))) {
        code = CHASE_EXIT_FAIL;
        goto out;
    }
    for (r = 0; r < fl.nr; r++) {
        fl.r[r].dir = names[r];
        if ((size_t)snprintf(path, sizeof path, "%s/report.json", fl.r[r].dir) >= sizeof path) {
            fprintf(stderr, "chase: fleet: the path '%s' is too long\n", fl.r[r].dir);
            code = CHASE_EXIT_FILE;
            goto out;
        }
        if (chase_docs_read(path, &fl.r[r].docs, &fl.r[r].ndocs, err, sizeof err)) {
            fprintf(stderr, "chase: fleet: %s\n", err);
            code = CHASE_EXIT_FILE;
            goto out;
        }
        if (!fl.r[r].ndocs || strcmp(fl.r[r].docs[0].kind, "report")) {
            fprintf(stderr, "chase: fleet: '%s' is not a chase report\n", path);
            code = CHASE_EXIT_FILE;
            goto out;
        }
        if (gather(&fl, r)) {
            fprintf(stderr, "chase: out of memory\n");
            code = CHASE_EXIT_FAIL;
            goto out;
        }
    }
    for (i = 0; i < fl.nfig; i++)
        spread(&fl, &fl.fig[i], tmp);
    for (i = 0; i < fl.nfig; i++) {
        set_scale(&fl, &fl.fig[i]);
        for (r = 0; r < fl.nr; r++)
            fl.fig[i].outliers += (size_t)is_outlier(&fl.fig[i], fl.fig[i].v[r]);
        nout += fl.fig[i].outliers;
    }
    if (mkdir(o->output, 0777) && !(errno == EEXIST && !stat(o->output, &st) && S_ISDIR(st.st_mode))) {
        fprintf(stderr, "chase: cannot make '%s': %s\n", o->output, strerror(errno));
        code = CHASE_EXIT_FILE;
        goto out;
    }
    if ((size_t)snprintf(path, sizeof path, "%s/fleet.tsv", o->output) >= sizeof path ||
        (code = write_tsv(path, &fl, nout)))
        goto out;
    if ((size_t)snprintf(path, sizeof path, "%s/fleet.md", o->output) >= sizeof path ||
        (code = write_md(path, &fl, nout)))
        goto out;
    {
        /* The picture: its failure (no gnuplot) is said, the files stand,
         * and the status stays the health check's (outliers or not). */
        char png[4200], gp[4200], why[600];
        if ((size_t)snprintf(png, sizeof png, "%s/fleet.png", o->output) < sizeof png &&
            (size_t)snprintf(gp, sizeof gp, "%s/fleet.gp", o->output) < sizeof gp &&
            chase_gp_run(write_plot, &fl, gp, png, why, sizeof why))
            fprintf(stderr, "chase: fleet: no plot: %s\n", why);
    }
    if (!o->quiet)
        fprintf(stderr, "chase: fleet: %zu reports, %zu figures, %zu outliers: %s\n", fl.nr, fl.nfig, nout, path);
    /* A health check reads the status: outliers are not an error, but not 0. */
    code = nout ? CHASE_EXIT_OUTLIERS : 0;
out:
    for (r = 0; fl.r && r < fl.nr; r++)
        chase_docs_free(fl.r[r].docs, fl.r[r].ndocs);
    for (i = 0; i < fl.nfig; i++)
        free(fl.fig[i].v);
    free(fl.fig);
    free(fl.r);
    free(tmp);
    for (i = 0; i < nnames; i++)
        free(names[i]);
    free(names);
    return code;
}
