/* commands.c: the subcommands (git's commands[]): the measurements from
 * report/parts.c, the commands on saved files, and the parser that checks
 * every option against the command it was given to. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_md.h"
#include "sweep/sweep.h"
#include "bandwidth/bandwidth.h"
#include "io/doc.h"
#include "cli/files.h"
#include "cli/options.h"
#include "core/backend.h"
#include "core/exitcode.h"
#include "core/message.h"
#include "io/json.h"
#include "report/parts.h"

#define ALL_OUTPUT (CHASE_G_OUTPUT | CHASE_G_FORMAT)

/* chase plot: bandwidth files (the first operand's kind says) as their
 * overlay, every other file as latency curves. */
static int plot_main(const struct chase_opts *o)
{
    struct chase_doc *d = NULL;
    size_t n = 0;
    char err[600];
    int bw = 0;

    if (o->nargs >= 1 && o->output && !chase_docs_read(o->args[0], &d, &n, err, sizeof err)) {
        bw = n && !strcmp(d[0].kind, "bandwidth");
        chase_docs_free(d, n);
    }
    return bw ? chase_bw_plot_files(o) : chase_plot_main(o);
}

/* The commands that are not measurements, after them in the help. */
static const struct chase_command others[] = {
    {"analyze", NULL, chase_analyze_main, CHASE_G_FORMAT | CHASE_G_OUTPUT, 1, "[OPTION]... FILE...",
     "the levels of saved curves"},
    {"plot", NULL, plot_main, CHASE_G_OUTPUT | CHASE_G_STYLE | CHASE_G_CURVE, 1,
     "[OPTION]... FILE... -o OUT.png|pdf|svg", "draw saved curves"},
    {"report", NULL, chase_report_main,
     CHASE_G_DEVICE | CHASE_G_CACHE_OP | CHASE_G_REPORT | CHASE_G_END | CHASE_G_OUTPUT, 1,
     "[OPTION]... -o DIR  |  chase report --compare DIR... -o DIR",
     "every measurement, one directory; or reports side by side"},
    {"fleet", NULL, chase_fleet_main, CHASE_G_OUTPUT, 1, "[OPTION]... DIR... -o OUT",
     "reports of many GPUs merged, the outliers named (exit 10)"},
};

static struct chase_command table[16];
static size_t ntable;

size_t chase_commands(const struct chase_command **out)
{
    size_t i;

    if (!ntable) {
        for (i = 0; i < chase_nmeasurements && ntable < sizeof table / sizeof table[0]; i++) {
            const struct chase_measurement *m = chase_measurements[i];
            struct chase_command *c = &table[ntable++];
            memset(c, 0, sizeof *c);
            c->name = m->kind;
            c->m = m;
            c->groups = m->options;
            c->synopsis = "[OPTION]...";
            c->summary = m->summary;
        }
        for (i = 0; i < sizeof others / sizeof others[0] && ntable < sizeof table / sizeof table[0]; i++)
            table[ntable++] = others[i];
    }
    *out = table;
    return ntable;
}

const struct chase_command *chase_command_find(const char *name)
{
    const struct chase_command *c;
    size_t n = chase_commands(&c), i;

    for (i = 0; i < n; i++)
        if (!strcmp(c[i].name, name))
            return &c[i];
    return NULL;
}

static void trailer(FILE *f)
{
    fprintf(f,
"\nSIZE is bytes, or a number with K, M, G, T (or KiB, MiB, GiB, TiB): powers of 1024.\n"
"Exit status: 0 ok, 1 measurement failed, 2 usage, 3 backend or device unavailable,\n"
"4 working set too large, 5 file unreadable or unwritable, 6 plot failed, 7 the backend\n"
"cannot make this measurement, 8 a figure past a physical bound (flagged), 9 files of\n"
"different devices mixed, 10 fleet: outliers found, 11 --memory unavailable,\n"
"129/130/141/143 stopped by SIGHUP/SIGINT/SIGPIPE/SIGTERM\n"
"(what was measured is kept).  See chase(1).\n");
    fprintf(f, "\nReport bugs to: <%s>\n", PACKAGE_BUGREPORT);
    if (*PACKAGE_URL)
        fprintf(f, "%s home page: <%s>\n", PACKAGE_NAME, PACKAGE_URL);
}

void chase_usage(FILE *f, const struct chase_command *cmd)
{
    const struct chase_command *c;
    size_t n = chase_commands(&c), i;
    unsigned all = 0;

    if (cmd) {
        int sweep = !strcmp(cmd->name, "sweep");
        fprintf(f, "Usage: chase %s%s%s\n%s.\n\n", sweep ? "" : cmd->name, sweep ? "" : " ", cmd->synopsis,
                cmd->summary);
        chase_options_help(f, cmd->groups, 0);
        trailer(f);
        return;
    }
    for (i = 0; i < n; i++) {
        char left[96];
        int sweep = !strcmp(c[i].name, "sweep");
        snprintf(left, sizeof left, "%s%s%s", sweep ? "" : c[i].name, sweep ? "" : " ", c[i].synopsis);
        if (strlen(left) <= 28)
            fprintf(f, "%s chase %-28s %s\n", i ? "      " : "Usage:", left, c[i].summary);
        else
            fprintf(f, "%s chase %s\n%42s%s\n", i ? "      " : "Usage:", left, "", c[i].summary);
        all |= c[i].groups;
    }
    fprintf(f, "\nchase CMD --help (or chase help CMD): the options CMD takes.\n\n");
    chase_options_help(f, all, 1);
    trailer(f);
}

static void version(void)
{
    printf("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
    printf("backends: %s\n", chase_backends_built());
    printf("JSON read by: %s\n", chase_json_parser());
    printf("CPU described by: %s\n", CHASE_CPU_FACTS);
    printf("Copyright (C) 2026 the chase developers.\n"
           "License BSD-3-Clause: <https://spdx.org/licenses/BSD-3-Clause.html>.\n"
           "This is free software: you are free to change and redistribute it.\n"
           "There is NO WARRANTY, to the extent permitted by law.\n");
}

/* Appends text to buf (of len, holding *n bytes), keeping it terminated;
 * what does not fit is dropped. */
static void append(char *buf, size_t len, size_t *n, const char *text)
{
    size_t k = strlen(text);
    if (*n + k >= len)
        return;
    memcpy(buf + *n, text, k + 1);
    *n += k;
}

/* The command line as one line for the metadata: arguments that hold
 * spaces, quotes or control characters are quoted so the line reads back,
 * and control characters never reach the file. */
static void record_command(struct chase_opts *o, int argc, char **argv)
{
    size_t n = 0;
    int i;

    o->command[0] = 0;
    for (i = 0; i < argc; i++) {
        const char *a = argv[i];
        int quote = !*a || strpbrk(a, " \t\n\r;'\"$`\\|&<>*?()") != NULL;
        if (i)
            append(o->command, sizeof o->command, &n, " ");
        if (quote)
            append(o->command, sizeof o->command, &n, "'");
        for (; *a; a++) {
            unsigned char c = (unsigned char)*a;
            char one[8];
            if (c == '\'')
                snprintf(one, sizeof one, "'\\''");
            else if (c < 0x20 || c == 0x7f)
                snprintf(one, sizeof one, "\\x%02x", c);
            else
                snprintf(one, sizeof one, "%c", c);
            append(o->command, sizeof o->command, &n, one);
        }
        if (quote)
            append(o->command, sizeof o->command, &n, "'");
    }
}

static void defaults(struct chase_opts *o)
{
    memset(o, 0, sizeof *o);
    o->cmd = "sweep";
    o->backend = "auto";
    o->steps = 8;
    o->repeat = 1;
    o->seed = 1;
    o->carveout = -1;
    o->also_carveout = -1;
    o->sm = -2;
    o->bw_place = -1;
    o->fmt = CHASE_FMT_TSV;
}

/* The refusal of an unknown option, with the one it most likely meant. */
static int unknown_option(const char *typed)
{
    char name[128];
    const char *eq, *best;

    snprintf(name, sizeof name, "%s", typed);
    if ((eq = strchr(name, '=')))
        name[eq - name] = 0;
    best = strncmp(name, "--", 2) ? NULL : chase_option_suggest(name);
    if (best)
        return chase_usage_error("unknown option '%s' (did you mean --%s?)", name, best);
    return chase_usage_error("unknown option '%s'", typed);
}

/* The groups a command takes as it was given: report --compare reads
 * reports, and measures nothing. */
static unsigned takes(const struct chase_command *cmd, const struct chase_opts *o)
{
    if (!strcmp(cmd->name, "report") && o->compare)
        return CHASE_G_OUTPUT | CHASE_G_REPORT;
    return cmd->groups;
}

int chase_opts_parse(int argc, char **argv, struct chase_opts *o, const struct chase_command **cmd)
{
    struct option lo[64];
    const char *given[64];
    const struct chase_command *c = chase_command_find("sweep");
    char shorts[64] = ":";
    size_t i, ns = 1;
    unsigned groups;
    int k, sub = 0, help_cmd = 0;

    defaults(o);
    record_command(o, argc, argv);
    if (chase_noptions >= sizeof lo / sizeof lo[0])
        return CHASE_EXIT_FAIL;
    /* chase help [CMD] is chase [CMD] --help. */
    if (argc > 1 && !strcmp(argv[1], "help")) {
        const struct chase_command *h = argc > 2 ? chase_command_find(argv[2]) : NULL;
        if (argc > 3 || (argc > 2 && !h)) {
            const struct chase_command *all;
            size_t n = chase_commands(&all), used = 0;
            char names[256] = "";
            for (i = 0; i < n && used < sizeof names; i++)
                used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", all[i].name);
            return chase_usage_error("help: no command '%s' (%s)", argc > 2 ? argv[argc > 3 ? 3 : 2] : "", names);
        }
        chase_usage(stdout, h);
        return chase_stdout_done();
    }
    if (argc > 1 && argv[1][0] != '-') {
        const struct chase_command *named = chase_command_find(argv[1]);
        if (named) {
            c = named;
            sub = 1;
        }
    }
    o->cmd = c->name;
    argv += sub;
    argc -= sub;
    for (i = 0; i < chase_noptions; i++) {
        const struct chase_option *op = &chase_options[i];
        lo[i].name = op->name;
        lo[i].has_arg = op->arg ? required_argument : no_argument;
        lo[i].flag = NULL;
        lo[i].val = op->key ? op->key : 256 + (int)i;
        if (op->key && ns + 3 < sizeof shorts) {
            shorts[ns++] = (char)op->key;
            if (op->arg)
                shorts[ns++] = ':';
        }
        given[i] = NULL;
    }
    shorts[ns] = 0;
    memset(&lo[chase_noptions], 0, sizeof lo[0]);
    opterr = 0;
    optind = 0;             /* glibc: begin afresh (a report's worker parses many command lines) */
    while ((k = getopt_long(argc, argv, shorts, lo, NULL)) != -1) {
        const struct chase_option *op = NULL;
        int rc;

        if (k == ':')
            return chase_usage_error("option '%s' needs a value", argv[optind - 1]);
        if (k == '?')
            return unknown_option(argv[optind - 1]);
        for (i = 0; i < chase_noptions; i++)
            if (lo[i].val == k)
                op = &chase_options[i];
        if (!op)
            return unknown_option(argv[optind - 1]);
        given[op - chase_options] = argv[optind - 1];
        if (!strcmp(op->name, "device"))
            o->device_given = 1;
        if (!strcmp(op->name, "steps"))
            o->steps_given = 1;
        if (!strcmp(op->name, "help"))
            help_cmd = 1;
        if ((rc = chase_option_set(op, optarg, o)))
            return rc;
        if (!strcmp(op->name, "version")) {
            version();
            return chase_stdout_done();
        }
    }
    if (help_cmd) {
        chase_usage(stdout, sub ? c : NULL);
        return chase_stdout_done();
    }
    /* An option the command would not use is an error, not a no-op. */
    groups = takes(c, o);
    for (i = 0; i < chase_noptions; i++)
        if (given[i] && !(chase_options[i].group & groups)) {
            if (!strcmp(c->name, "sweep"))
                return chase_usage_error("the sweep does not take --%s", chase_options[i].name);
            return chase_usage_error("chase %s%s does not take --%s", c->name,
                                     groups != c->groups ? " --compare" : "", chase_options[i].name);
        }
    if (o->width && !o->lanes && !strcmp(c->name, "banks"))
        return chase_usage_error("--width applies to a --lanes pattern");
    /* Its own memory is --memory local: peer access to itself is none. */
    if (o->memory == CHASE_MEMORY_PEER && o->peer == o->device)
        return chase_usage_error("--memory peer:%d names the measuring device itself (-d %d); use local, or "
                                 "another device", o->peer, o->device);
    if (o->script && !o->plot && strcmp(c->name, "plot") && strcmp(c->name, "report"))
        return chase_usage_error("--script keeps the script of a --plot: give one");
    /* -o x.json writes JSON: a data file's name says its format unless
     * -f says otherwise (a plot's and a report's -o are not data files). */
    if (o->output && !o->fmt_given && (c->groups & CHASE_G_FORMAT)) {
        const char *dot = strrchr(o->output, '.');
        if (dot && strchr(dot, '/') == NULL && (!strcmp(dot, ".json") || !strcmp(dot, ".csv")))
            chase_format_parse(dot + 1, &o->fmt);
    }
    /* CSV holds one table; TSV and JSON hold them all, so --table there
     * would be a no-op taken for a choice. */
    if (o->table && o->fmt != CHASE_FMT_CSV)
        return chase_usage_error("--table picks the table a CSV holds: give -f csv or an -o name ending .csv");
    o->args = argv + optind;
    o->nargs = argc - optind;
    if (o->nargs && !c->operands && !o->list) {
        const struct chase_command *all;
        size_t n = chase_commands(&all), used = 0;
        char names[256] = "";
        if (sub)
            return chase_usage_error("unexpected argument '%s' (chase %s takes no operands)", o->args[0], c->name);
        for (i = 0; i < n && used < sizeof names; i++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", all[i].name);
        return chase_usage_error("unexpected argument '%s' (not a command: %s)", o->args[0], names);
    }
    if (o->list && o->nargs)
        return chase_usage_error("unexpected argument '%s'", o->args[0]);
    /* No output may destroy an input or another output; every command. */
    if (chase_check_files(o))
        return CHASE_EXIT_USAGE;
    *cmd = c;
    return -1;
}
