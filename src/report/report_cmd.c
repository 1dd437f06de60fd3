/* report_cmd.c: chase report: every measurement a backend can make on one
 * device, into one directory (each part's TSV and plot, report.json and
 * report.md), and chase report --compare: reports side by side.
 *
 * Each part runs as its own chase process (the same options a user would
 * give it), so a part that fails or is interrupted leaves the others'
 * results whole, and its time and messages are its own.  What the parts
 * need from each other is data: the later parts read the sweep's file
 * (--from).  The report is composed from the parts' files, read back
 * through the same parser as any saved file.
 */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "io/doc.h"
#include "core/exitcode.h"
#include "core/fresh.h"
#include "core/message.h"
#include "io/output.h"
#include "io/table.h"
#include "plot/plot.h"
#include "report/parts.h"
#include "report/report_dir.h"
#include "report/report_md.h"
#include "report/report_place.h"
#include "report/worker.h"
#include "run/session.h"
#include "core/size.h"

/* The parts: every measurement a report takes (report/parts.c, in the
 * order they run), each with what its options say of it. */
#define MAX_PARTS 16
static struct part_def {
    const char *name;           /* the subcommand, and the files' stem */
    const char *what;           /* for people */
    int from_sweep;             /* reads the sweep's levels */
    int sweep_optional;         /* ... where the sweep completed; runs without them where not */
    int cache_op;               /* takes --cache-op */
} parts[MAX_PARTS];
static size_t nparts;

static void load_parts(void)
{
    size_t i;

    for (i = nparts = 0; i < chase_nmeasurements && nparts < MAX_PARTS; i++) {
        const struct chase_measurement *m = chase_measurements[i];
        if (!(m->flags & CHASE_M_REPORT))
            continue;
        parts[nparts].name = m->kind;
        parts[nparts].what = m->summary;
        parts[nparts].from_sweep = (m->options & CHASE_G_FROM) != 0;
        parts[nparts].sweep_optional = (m->flags & CHASE_M_LEVELS_OPT) != 0;
        parts[nparts].cache_op = (m->options & CHASE_G_CACHE_OP) != 0;
        nparts++;
    }
}
#define NPARTS nparts

/* Set when the report runs as a launcher's task (report_place.h). */
static struct chase_place place;
static int placed;

struct part_run {
    int status;                 /* exit status; -1: not run */
    double seconds;
    char reason[640];           /* why it did not complete: its last message */
    char file[64], plot[64];
    struct chase_doc *docs;
    size_t ndocs;
};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* path = dir/name, refusing names that do not fit. */
static int join(char *buf, size_t len, const char *dir, const char *name)
{
    return (size_t)snprintf(buf, len, "%s/%s", dir, name) < len ? 0 : -1;
}

/* The last line a part wrote on stderr, without the "chase: " prefix. */
static void last_line(const char *log, char *buf, size_t len)
{
    char line[512];
    FILE *f = fopen(log, "r");

    buf[0] = 0;
    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (line[0] && strncmp(line, "Try ", 4))
            snprintf(buf, len, "%.500s", !strncmp(line, "chase: ", 7) ? line + 7 : line);
    }
    fclose(f);
}

#define MAX_ARGS 40

/* The part's command line: the options the report was given that the part
 * takes, its output, its plot, and the sweep's file where it needs one. */
static int part_argv(const struct chase_opts *o, const struct part_def *p, const char *backend, int device,
                     const char *dir, const char *ext, int sweep_ok, char (*buf)[4200], char **argv)
{
    int n = 0, b = 0;

    argv[n++] = "chase";
    if (strcmp(p->name, "sweep"))
        argv[n++] = (char *)p->name;
    if (backend) {
        argv[n++] = "-b";
        argv[n++] = (char *)backend;
    }
    snprintf(buf[b], sizeof buf[b], "%d", device);
    argv[n++] = "-d";
    argv[n++] = buf[b++];
    if (o->spec) {
        argv[n++] = "--sim";
        argv[n++] = (char *)o->spec;
    }
    snprintf(buf[b], sizeof buf[b], "%llu", (unsigned long long)o->seed);
    argv[n++] = "--seed";
    argv[n++] = buf[b++];
    if (o->sm != -2) {
        argv[n++] = "--sm";
        if (o->sm == -1)
            argv[n++] = "any";
        else {
            snprintf(buf[b], sizeof buf[b], "%d", o->sm);
            argv[n++] = buf[b++];
        }
    }
    /* The carveout shapes the caches the other parts measure; banks
     * takes the most shared memory unless asked, so it keeps its own. */
    if (o->carveout >= 0 && strcmp(p->name, "banks")) {
        snprintf(buf[b], sizeof buf[b], "%d", o->carveout);
        argv[n++] = "--carveout";
        argv[n++] = buf[b++];
    }
    if (o->verbose)
        argv[n++] = "-v";
    /* --max ends the curves (a last cache of hundreds of MiB makes the
     * default sweep, to four times it, take minutes); the parts that size
     * themselves from the sweep's levels or the device keep their own. */
    if (o->max && (!strcmp(p->name, "sweep") || !strcmp(p->name, "bandwidth"))) {
        snprintf(buf[b], sizeof buf[b], "%llu", (unsigned long long)o->max);
        argv[n++] = "--max";
        argv[n++] = buf[b++];
    }
    if (o->cache_op && p->cache_op) {
        argv[n++] = "--cache-op";
        argv[n++] = (char *)o->cache_op;
    }
    /* A GPU's L1 at the report's carveout (the cuda backend's 0 unless
     * asked) and at the other end: whether its ways move with the carveout
     * (the hip backend sets none; the L1 is skipped under cg or nc). */
    if (!strcmp(p->name, "assoc") && backend && !strcmp(backend, "cuda") &&
        (!o->cache_op || !strcmp(o->cache_op, "ca"))) {
        argv[n++] = "--also-carveout";
        argv[n++] = o->carveout == 100 ? "0" : "100";
    }
    if (p->from_sweep && sweep_ok) {
        if (join(buf[b], sizeof buf[b], dir, "sweep.tsv"))
            return -1;
        argv[n++] = "--from";
        argv[n++] = buf[b++];
    }
    if (snprintf(buf[b], sizeof buf[b], "%s/%s.tsv", dir, p->name) >= (int)sizeof buf[b])
        return -1;
    argv[n++] = "-o";
    argv[n++] = buf[b++];
    if (snprintf(buf[b], sizeof buf[b], "%s/%s.%s", dir, p->name, ext) >= (int)sizeof buf[b])
        return -1;
    argv[n++] = "--plot";
    argv[n++] = buf[b++];
    /* The plot's gnuplot script is kept beside it: the data inline, so the
     * plot can be restyled, or drawn on another machine where this one
     * has no gnuplot (bench/replot.sh). */
    if (snprintf(buf[b], sizeof buf[b], "%s/%s.gp", dir, p->name) >= (int)sizeof buf[b])
        return -1;
    argv[n++] = "--script";
    argv[n++] = buf[b++];
    argv[n++] = "-q";
    argv[n] = NULL;
    return n;
}

/* Removes what an earlier report left of a part in dir (its data, rows
 * kept when stopped, plot and script), which this run writes anew. */
static void forget_part(const char *dir, const char *name)
{
    static const char *const ext[] = {"tsv", "tsv.partial", "png", "pdf", "svg", "gp", "log"};
    char path[4200];
    size_t i;

    for (i = 0; i < sizeof ext / sizeof ext[0]; i++)
        if ((size_t)snprintf(path, sizeof path, "%s/%s.%s", dir, name, ext[i]) < sizeof path)
            unlink(path);
}

/* Reads what a part left: its file, or the rows it kept when stopped. */
static void read_part(const char *dir, const struct part_def *p, struct part_run *r)
{
    char path[4200], err[600];

    snprintf(r->file, sizeof r->file, "%s.tsv", p->name);
    if (join(path, sizeof path, dir, r->file) || access(path, R_OK)) {
        snprintf(r->file, sizeof r->file, "%s.tsv.partial", p->name);
        if (join(path, sizeof path, dir, r->file) || access(path, R_OK)) {
            r->file[0] = 0;
            return;
        }
    }
    if (chase_docs_read(path, &r->docs, &r->ndocs, err, sizeof err)) {
        if (!r->reason[0])
            snprintf(r->reason, sizeof r->reason, "%.600s", err);
        r->docs = NULL;
        r->ndocs = 0;
    }
}

/* A row of the report's parts table; NAN or "": not run, none. */
struct part_row {
    const char *name, *what, *status;
    double exit, seconds;
    const char *file, *plot, *reason;
};

#define PART(NAME, TYPE, F, FIELD, ROUND, FLAGS) CHASE_COL(NAME, TYPE, struct part_row, F, FIELD, ROUND, FLAGS)
static const struct chase_column part_cols[] = {
    PART("name", CHASE_TEXT, name, CHASE_F_STR, CHASE_R_NONE, 0),
    PART("what", CHASE_TEXT, what, CHASE_F_STR, CHASE_R_NONE, 0),
    PART("status", CHASE_TEXT, status, CHASE_F_STR, CHASE_R_NONE, 0),
    PART("exit", CHASE_INT, exit, CHASE_F_DOUBLE, CHASE_R_NONE, 0),
    PART("seconds", CHASE_REAL, seconds, CHASE_F_DOUBLE, CHASE_R_R2, 0),
    PART("file", CHASE_TEXT, file, CHASE_F_STR, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    PART("plot", CHASE_TEXT, plot, CHASE_F_STR, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    PART("reason", CHASE_TEXT, reason, CHASE_F_STR, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
};
static const struct chase_table parts_table = {"parts", part_cols, CHASE_COLS(part_cols), NULL};

/* The report's own document: the parts, then each part as an object
 * under its name holding what its own file holds ("sweep": {"meta": {...},
 * "points": [...], "levels": [...], "results": {...}}), so .sweep.levels
 * reads as it does in sweep.json. */
static int write_json(const char *path, const struct chase_opts *o, const struct part_run *runs,
                      const char *status, const struct chase_meta *meta)
{
    struct chase_writer w;
    size_t i, k, t;
    int bad;

    (void)o;
    if (chase_writer_open(&w, path, CHASE_FMT_JSON)) {
        fprintf(stderr, "chase: %s\n", w.err);
        return CHASE_EXIT_FILE;
    }
    bad = chase_writer_begin(&w, "report", meta) || chase_writer_table(&w, &parts_table);
    for (i = 0; i < NPARTS && !bad; i++) {
        const char *st = chase_exit_state(runs[i].status, 0);
        struct part_row p = {parts[i].name, parts[i].what, st, runs[i].status < 0 ? NAN : runs[i].status,
                             runs[i].status < 0 ? NAN : runs[i].seconds, runs[i].file, runs[i].plot, runs[i].reason};
        bad = chase_writer_put(&w, &p);
    }
    for (i = 0; i < NPARTS && !bad; i++) {
        const struct chase_doc *d = runs[i].ndocs ? &runs[i].docs[0] : NULL;
        if (!d)
            continue;
        bad = chase_writer_object(&w, parts[i].name, 1) || chase_writer_keyvalues(&w, "meta", &d->meta);
        for (t = 0; t < d->ntables && !bad; t++) {
            const struct chase_doc_table *dt = &d->tables[t];
            struct chase_column *cols = calloc(dt->ncols ? dt->ncols : 1, sizeof *cols);
            struct chase_table def;
            size_t r;
            if (!cols) {
                bad = 1;
                break;
            }
            for (k = 0; k < dt->ncols; k++) {
                enum chase_type ty = CHASE_REAL;
                for (r = 0; r < dt->nrows; r++)
                    if (dt->cells[r * dt->ncols + k].text)
                        ty = CHASE_TEXT;
                cols[k].name = dt->cols[k];
                cols[k].type = ty;
            }
            def.name = dt->name;
            def.col = cols;
            def.ncol = dt->ncols;
            def.row = NULL;
            bad = chase_writer_table(&w, &def);
            for (r = 0; r < dt->nrows && !bad; r++)
                bad = chase_writer_row(&w, &dt->cells[r * dt->ncols]);
            free(cols);
        }
        if (!bad)
            bad = chase_writer_keyvalues(&w, "results", &d->results) || chase_writer_object(&w, NULL, 0);
    }
    if (!bad)
        bad = chase_writer_end(&w, status);
    if (chase_writer_close(&w, !bad, NULL, 0) || bad) {
        fprintf(stderr, "chase: %s\n", w.err);
        return CHASE_EXIT_FILE;
    }
    return 0;
}

/* Is name one a report writes (report.json, report.md, PART.EXT)? */
static int report_name(const char *name)
{
    static const char *const ext[] = {".tsv", ".tsv.partial", ".png", ".pdf", ".svg", ".gp", ".log"};
    size_t i, j, n;

    if (!strcmp(name, "report.json") || !strcmp(name, "report.md") || !strcmp(name, "report.lock"))
        return 1;
    for (i = 0; i < NPARTS; i++) {
        n = strlen(parts[i].name);
        if (strncmp(name, parts[i].name, n))
            continue;
        for (j = 0; j < sizeof ext / sizeof ext[0]; j++)
            if (!strcmp(name + n, ext[j]))
                return 1;
    }
    return 0;
}

/* The options, the backend and the device, tried before the directory is
 * made: a usage error (a bad --sim, an option the backend cannot take)
 * leaves nothing behind. */
/* Takes away the links left among the report's names: a part writes its
 * file where a link points, and a link there is never one chase made. */
static void drop_links(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[4200];
    struct stat st;

    if (!d)
        return;
    while ((e = readdir(d)))
        if (report_name(e->d_name) && !join(path, sizeof path, dir, e->d_name) && !lstat(path, &st) &&
            S_ISLNK(st.st_mode))
            unlink(path);
    closedir(d);
}

/* One report a directory at a time: two tasks given one device (or two
 * users one directory) would write each other's parts.  The lock goes
 * with the process; its file is taken away when the report is written. */
static int lock_dir(const char *dir)
{
    char path[4200];
    int fd;

    if (join(path, sizeof path, dir, "report.lock"))
        return -1;
    fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0) {
        fprintf(stderr, "chase: report: cannot make '%s': %s\n", path, strerror(errno));
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB)) {
        fprintf(stderr, "chase: report: another chase report is writing '%s'%s\n", dir,
                placed ? " (two tasks given one device?)" : "");
        close(fd);
        return -1;
    }
    return fd;
}

static void unlock_dir(const char *dir, int fd)
{
    char path[4200];

    if (!join(path, sizeof path, dir, "report.lock"))
        unlink(path);
    close(fd);
}

static int run_report(const struct chase_opts *o)
{
    struct part_run runs[MAX_PARTS];
    const char *dir = o->output, *ext = o->plot_format ? o->plot_format : "png";
    char path[4200], backend[32] = "", used[32] = "", log[4200], why[600], env[256];
    const char *status = "complete";
    struct chase_meta meta;
    double t0 = now();
    size_t i, k;
    int code = 0, progress = !o->quiet && isatty(STDERR_FILENO), lock, device, named;
    struct chase_worker worker;

    memset(runs, 0, sizeof runs);
    memset(&meta, 0, sizeof meta);
    for (i = 0; i < NPARTS; i++)
        runs[i].status = -1;
    /* Each part draws its image in dir: a directory name no image there
     * could be drawn under (a control character) is refused before the
     * directory is made, not by every part in turn. */
    if ((size_t)snprintf(path, sizeof path, "%s/sweep.%s", dir, ext) < sizeof path &&
        chase_gp_check(path, why, sizeof why)) {
        fprintf(stderr, "chase: report: -o: %s\nTry 'chase --help' for more information.\n", why);
        return CHASE_EXIT_USAGE;
    }
    if ((code = chase_report_dir_check(dir, report_name, "report")))
        return code;
    /* The device is checked before the directory is made: a backend named
     * by the parts' worker, as they will see it (the driver started once,
     * not twice); "auto" here first, since the devices the worker may see
     * depend on the backend it finds. */
    named = o->backend && strcmp(o->backend, "auto");
    if (named)
        snprintf(used, sizeof used, "%s", o->backend);
    else if ((code = chase_session_check(o, used, sizeof used)))
        return code;
    /* The parts see only the device measured, as their device 0. */
    device = chase_place_child_env(used, &o->device, 1, env, sizeof env) ? o->device : 0;
    chase_worker_init(&worker, env[0] ? env : NULL);
    if (named) {
        char buf[12][4200], *argv[MAX_ARGS];
        int n = part_argv(o, &parts[0], used, device, dir, ext, 0, buf, argv);
        /* The sweep's options up to its files: the device as it opens it,
         * with room for 64 KiB, not the sweep's working set: the worker's
         * first large allocation is then the sweep's, as in a process of
         * its own (after a check that took 1 GiB, an H100's L2 near part
         * ended a sweep step lower in 7 runs of 9; bench/NOTES.md). */
        while (n > 0 && strcmp(argv[n - 1], "-o"))
            n--;
        if (n <= 0) {
            fprintf(stderr, "chase: report: the directory name '%s' is too long\n", dir);
            return CHASE_EXIT_USAGE;
        }
        argv[n - 1] = "--max";
        argv[n] = "64K";
        argv[n + 1] = NULL;
        if ((code = chase_worker_check(&worker, argv, "", used, sizeof used)) < 0) {
            fprintf(stderr, "chase: report: cannot start a worker process: %s\n", strerror(errno));
            return CHASE_EXIT_FAIL;
        }
        if (code)
            return code;
    }
    if ((code = chase_report_dir_make(dir))) {
        chase_worker_stop(&worker);
        return code;
    }
    drop_links(dir);
    if ((lock = lock_dir(dir)) < 0) {
        chase_worker_stop(&worker);
        return CHASE_EXIT_FILE;
    }
    if (named)
        snprintf(backend, sizeof backend, "%s", o->backend);
    chase_catch_signals();
    for (i = 0; i < NPARTS && !chase_stop; i++) {
        char buf[12][4200], *argv[MAX_ARGS];
        double p0 = now();
        int n, sweep_ok;

        /* A reused directory: the part's files from before go first, so a
         * part that writes nothing now (or is not run) shows no old rows. */
        forget_part(dir, parts[i].name);
        sweep_ok = runs[0].status == 0 || runs[0].status == CHASE_EXIT_PLOT;
        if (parts[i].from_sweep && !parts[i].sweep_optional && !sweep_ok) {
            snprintf(runs[i].reason, sizeof runs[i].reason, "needs the sweep's levels, and the sweep did not complete");
            continue;
        }
        n = part_argv(o, &parts[i], backend[0] ? backend : NULL, device, dir, ext, sweep_ok, buf, argv);
        if (n < 0 || join(log, sizeof log, dir, "") || snprintf(log, sizeof log, "%s/%s.log", dir, parts[i].name) >=
                                                             (int)sizeof log) {
            fprintf(stderr, "chase: report: the directory name '%s' is too long\n", dir);
            chase_worker_stop(&worker);
            for (k = 0; k < NPARTS; k++)
                chase_docs_free(runs[k].docs, runs[k].ndocs);
            return CHASE_EXIT_USAGE;
        }
        if (progress) {
            fprintf(stderr, "\r\033[Kreport [%zu/%zu] %s: %s (%.1f s so far)", i + 1, NPARTS, parts[i].name,
                    parts[i].what, now() - t0);
            fflush(stderr);
        }
        runs[i].status = chase_worker_run(&worker, argv, log);
        runs[i].seconds = now() - p0;
        if (runs[i].status < 0) {
            runs[i].status = CHASE_EXIT_FAIL;
            snprintf(runs[i].reason, sizeof runs[i].reason, "no worker process could be started for it");
        }
        else if (runs[i].status != 0)
            last_line(log, runs[i].reason, sizeof runs[i].reason);
        /* Past a bound, the part was measured and drawn whole. */
        if (runs[i].status == 0 || runs[i].status == CHASE_EXIT_BOUND)
            snprintf(runs[i].plot, sizeof runs[i].plot, "%s.%s", parts[i].name, ext);
        if (runs[i].status == CHASE_EXIT_PLOT) {
            /* The data is whole; only the picture is missing. */
            runs[i].plot[0] = 0;
        } else if (runs[i].status != 0 && runs[i].status != CHASE_EXIT_BOUND && runs[i].plot[0]) {
            runs[i].plot[0] = 0;
        }
        if (chase_stop_signal(runs[i].status))
            chase_stop = chase_stop_signal(runs[i].status);
        else if (runs[i].status > 128 && runs[i].status < 192)
            snprintf(runs[i].reason, sizeof runs[i].reason, "killed by signal %d (%s)", runs[i].status - 128,
                     strsignal(runs[i].status - 128));
        /* The sweep names the backend the other parts must use. */
        if (i == 0 && !backend[0]) {
            read_part(dir, &parts[0], &runs[0]);
            if (runs[0].ndocs) {
                const char *b = chase_meta_get(&runs[0].docs[0].meta, "backend");
                if (b)
                    snprintf(backend, sizeof backend, "%s", b);
            }
        }
    }
    chase_worker_stop(&worker);
    if (progress)
        fputs("\r\033[K", stderr);
    for (i = 0; i < NPARTS; i++)
        if (!runs[i].docs && runs[i].status >= 0)
            read_part(dir, &parts[i], &runs[i]);
    if (chase_stop) {
        status = "interrupted";
        code = chase_signal_exit();
    }
    /* The report's metadata: the device as the sweep saw it. */
    chase_meta_add(&meta, "tool", "%s %s", PACKAGE_NAME, PACKAGE_VERSION);
    chase_meta_add(&meta, "command", "%s", o->command);
    if (runs[0].ndocs) {
        const struct chase_meta *sm = &runs[0].docs[0].meta;
        for (k = 0; k < (size_t)sm->n; k++)
            if (!strcmp(sm->kv[k].key, "backend") || !strcmp(sm->kv[k].key, "device") ||
                !strcmp(sm->kv[k].key, "arch") || !strcmp(sm->kv[k].key, "date") ||
                !strncmp(sm->kv[k].key, "driver", 6)) {
                if (sm->kv[k].is_num)
                    chase_meta_num(&meta, sm->kv[k].key, sm->kv[k].num);
                else
                    chase_meta_add(&meta, sm->kv[k].key, "%s", sm->kv[k].val);
            }
    }
    if (placed) {
        chase_meta_add(&meta, "launcher", "%s", place.launcher);
        chase_meta_num(&meta, "rank", place.rank);
        chase_meta_num(&meta, "ranks", place.ranks);
        chase_meta_num(&meta, "local_rank", place.local_rank);
        chase_meta_add(&meta, "host", "%s", place.host);
    }
    chase_meta_num(&meta, "elapsed_s", floor((now() - t0) * 100 + 0.5) / 100);

    if (join(path, sizeof path, dir, "report.json") == 0) {
        int rc = write_json(path, o, runs, status, &meta);
        if (rc && !code)
            code = rc;
    }
    {
        struct chase_report_part rp[MAX_PARTS];
        for (i = 0; i < NPARTS; i++) {
            rp[i].name = parts[i].name;
            rp[i].what = parts[i].what;
            rp[i].status = runs[i].status;
            rp[i].seconds = runs[i].seconds;
            rp[i].reason = runs[i].reason;
            rp[i].file = runs[i].file;
            rp[i].plot = runs[i].plot;
            rp[i].doc = runs[i].ndocs ? &runs[i].docs[0] : NULL;
        }
        if (join(path, sizeof path, dir, "report.md") == 0) {
            int rc = chase_report_markdown(path, &meta, rp, NPARTS, status);
            if (rc && !code)
                code = rc;
        }
    }
    if (!o->quiet) {
        for (i = 0; i < NPARTS; i++)
            fprintf(stderr, "chase: report: %-6s %-8s %6.1f s%s%s\n", parts[i].name,
                    chase_exit_state(runs[i].status, 1),
                    runs[i].seconds, runs[i].reason[0] ? ": " : "", runs[i].reason);
        fprintf(stderr, "chase: report: %s/report.md, %.1f s in all\n", dir, now() - t0);
    }
    for (i = 0; i < NPARTS; i++)
        chase_docs_free(runs[i].docs, runs[i].ndocs);
    chase_meta_free(&meta);
    unlock_dir(dir, lock);
    /* A part that could not run here is the report's to say, not a failure;
     * one that failed is. */
    for (i = 0; i < NPARTS && !code; i++)
        if (runs[i].status > 0 && runs[i].status != CHASE_EXIT_UNSUPPORTED && runs[i].status != CHASE_EXIT_PLOT &&
            runs[i].status != CHASE_EXIT_BOUND)
            code = CHASE_EXIT_FAIL;
    /* A part measured whole with a figure past its bound: the report is
     * written, and its status says it holds a flagged figure. */
    for (i = 0; i < NPARTS && !code; i++)
        if (runs[i].status == CHASE_EXIT_BOUND)
            code = CHASE_EXIT_BOUND;
    return code;
}

/* The device and the name a driver gives it ("uuid" among its facts). */
static int device_facts(const struct chase_opts *o, int *ndevices, char *uuid, size_t len)
{
    struct chase_session s;
    struct chase_opts small = *o;
    int code, k;

    /* Room for 64 KiB, not a sweep's working set: the facts need none. */
    small.max = 65536;
    code = chase_session_open(&s, &small, NULL);

    if (!code) {
        *ndevices = s.slot->ndevices;
        for (k = 0; k < s.info.nfacts; k++)
            if (!strcmp(s.info.facts[k].key, "uuid"))
                snprintf(uuid, len, "%s", s.info.facts[k].val);
    }
    chase_session_close(&s);
    return code;
}

/* A launcher's task takes the device of its local rank (where it sees
 * more than one and -d was not given) and writes DIR/HOST-UUID. */
static int run_placed(const struct chase_opts *o)
{
    struct chase_opts po = *o;
    char err[200], uuid[96] = "", name[200], *dir;
    int rc = chase_place_find(&place, err, sizeof err), ndev = 0, code;

    if (rc < 0) {
        fprintf(stderr, "chase: report: %s\n", err);
        return CHASE_EXIT_USAGE;
    }
    if (rc == 0)
        return run_report(o);
    placed = 1;
    if (!o->device_given) {
        po.device = 0;
        if ((code = device_facts(&po, &ndev, uuid, sizeof uuid)))
            return code;
        if (ndev > 1 && place.local_rank >= ndev) {
            fprintf(stderr, "chase: report: %s task %d is the %d-th on %s, which shows %d devices: give each task "
                    "a device of its own (srun --gpus-per-task=1) or -d\n", place.launcher, place.rank,
                    place.local_rank + 1, place.host, ndev);
            return CHASE_EXIT_NODEV;
        }
        po.device = ndev > 1 ? place.local_rank : 0;
        uuid[0] = 0;
    }
    if ((code = device_facts(&po, &ndev, uuid, sizeof uuid)))
        return code;
    chase_place_name(&place, uuid, po.device, name, sizeof name);
    if ((code = chase_report_dir_make(o->output)))
        return code;
    if (!(dir = malloc(strlen(o->output) + strlen(name) + 2)))
        return CHASE_EXIT_FAIL;
    sprintf(dir, "%s/%s", o->output, name);
    po.output = dir;
    if (!o->quiet)
        fprintf(stderr, "chase: report: %s task %d of %d on %s: device %d, into %s\n", place.launcher, place.rank,
                place.ranks, place.host, po.device, dir);
    code = run_report(&po);
    free(dir);
    return code;
}

int chase_report_main(const struct chase_opts *o)
{
    load_parts();
    if (!o->output) {
        fprintf(stderr, "chase: report: name the directory to write with -o DIR\n"
                        "Try 'chase --help' for more information.\n");
        return CHASE_EXIT_USAGE;
    }
    if (o->compare && o->devices) {
        fprintf(stderr, "chase: report: --compare reads reports and --devices measures them: give one\n"
                        "Try 'chase --help' for more information.\n");
        return CHASE_EXIT_USAGE;
    }
    if (o->compare)
        return chase_report_compare(o);
    if (o->devices && o->device_given) {
        fprintf(stderr, "chase: report: --devices names the devices; -d names one: give one of them\n"
                        "Try 'chase --help' for more information.\n");
        return CHASE_EXIT_USAGE;
    }
    if (o->nargs) {
        fprintf(stderr, "chase: report: unexpected argument '%s' (--compare takes report directories)\n"
                        "Try 'chase --help' for more information.\n", o->args[0]);
        return CHASE_EXIT_USAGE;
    }
    if (o->devices)
        return chase_report_node(o);
    return run_placed(o);
}
