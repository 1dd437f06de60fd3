/* cli.c: the command line: subcommands, options, and which option each
 * subcommand takes (one table, so none silently ignores an option). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/backend.h"
#include "core/exitcode.h"
#include "cli/files.h"
#include "core/message.h"
#include "core/options.h"
#include "core/size.h"

static const char *const cmd_names[CHASE_NCMD] = {
    "sweep", "analyze", "plot", "banks", "loads", "lines", "tlb", "sms", "report",
};

const char *chase_cmd_name(enum chase_cmd cmd)
{
    return cmd < CHASE_NCMD ? cmd_names[cmd] : "?";
}

/* Which subcommands take an option. */
#define S (1u << CHASE_CMD_SWEEP)
#define A (1u << CHASE_CMD_ANALYZE)
#define P (1u << CHASE_CMD_PLOT)
#define B (1u << CHASE_CMD_BANKS)
#define L (1u << CHASE_CMD_LOADS)
#define N (1u << CHASE_CMD_LINES)
#define T (1u << CHASE_CMD_TLB)
#define M (1u << CHASE_CMD_SMS)
#define R (1u << CHASE_CMD_REPORT)
#define MEASURE (S | B | L | N | T | M | R)     /* everything that opens a device */
#define ALL (MEASURE | A | P)

enum {
    OPT_MIN = 256, OPT_MAX, OPT_STRIDE, OPT_SEED, OPT_CACHE_OP, OPT_CARVEOUT, OPT_SIM,
    OPT_LIST, OPT_PLOT, OPT_NS, OPT_SCRIPT, OPT_NO_WARM, OPT_SM, OPT_TITLE, OPT_SPREAD,
    OPT_LANES, OPT_FROM, OPT_LEVEL, OPT_BYTES, OPT_LANE_STRIDE, OPT_PLOT_FORMAT, OPT_COMPARE,
    OPT_WIDTH, OPT_ALLOC, OPT_L2_FETCH
};

struct opt {
    struct option lo;
    unsigned cmds;
};

static const struct opt table[] = {
    {{"backend", required_argument, NULL, 'b'}, MEASURE},
    {{"device", required_argument, NULL, 'd'}, MEASURE},
    {{"min", required_argument, NULL, OPT_MIN}, S | T},
    {{"max", required_argument, NULL, OPT_MAX}, S | T},
    {{"steps", required_argument, NULL, 's'}, S | T},
    {{"stride", required_argument, NULL, OPT_STRIDE}, S | T},
    {{"pattern", required_argument, NULL, 'p'}, S},
    {{"repeat", required_argument, NULL, 'r'}, S | T},
    {{"seed", required_argument, NULL, OPT_SEED}, MEASURE},
    {{"cache-op", required_argument, NULL, OPT_CACHE_OP}, S | L | N | T | M | R},
    {{"carveout", required_argument, NULL, OPT_CARVEOUT}, MEASURE},
    {{"sim", required_argument, NULL, OPT_SIM}, MEASURE},
    {{"no-warm", no_argument, NULL, OPT_NO_WARM}, S},
    {{"sm", required_argument, NULL, OPT_SM}, MEASURE},
    {{"alloc", required_argument, NULL, OPT_ALLOC}, S | N | T},
    {{"l2-fetch", required_argument, NULL, OPT_L2_FETCH}, S | N | T},
    {{"list-backends", no_argument, NULL, OPT_LIST}, S},
    {{"format", required_argument, NULL, 'f'}, S | A | B | L | N | T | M},
    {{"output", required_argument, NULL, 'o'}, ALL},
    {{"plot", required_argument, NULL, OPT_PLOT}, S | B | L | N | T | M},
    {{"ns", no_argument, NULL, OPT_NS}, S | P},
    {{"script", required_argument, NULL, OPT_SCRIPT}, S | P | B | L | N | T | M},
    {{"title", required_argument, NULL, OPT_TITLE}, S | P | B | L | N | T | M},
    {{"spread", no_argument, NULL, OPT_SPREAD}, S | P},
    {{"lanes", required_argument, NULL, OPT_LANES}, B},
    {{"width", required_argument, NULL, OPT_WIDTH}, B},
    {{"from", required_argument, NULL, OPT_FROM}, L | N | M},
    {{"level", required_argument, NULL, OPT_LEVEL}, L | N},
    {{"bytes", required_argument, NULL, OPT_BYTES}, L},
    {{"lane-stride", required_argument, NULL, OPT_LANE_STRIDE}, L},
    {{"plot-format", required_argument, NULL, OPT_PLOT_FORMAT}, R},
    {{"compare", no_argument, NULL, OPT_COMPARE}, R},
    {{"quiet", no_argument, NULL, 'q'}, ALL},
    {{"verbose", no_argument, NULL, 'v'}, ALL},
    {{"help", no_argument, NULL, 'h'}, ALL},
    {{"version", no_argument, NULL, 'V'}, ALL},
};
#define NOPT (sizeof table / sizeof table[0])

static void usage(FILE *f)
{
    fprintf(f,
"Usage: chase [OPTION]...                 load latency against working-set size (the sweep)\n"
"       chase analyze [OPTION]... FILE...  the levels of saved curves\n"
"       chase plot [OPTION]... FILE... -o OUT.png|pdf|svg   draw saved curves\n"
"       chase banks [OPTION]...            shared memory (LDS): banks, conflicts, lane groups\n"
"       chase loads [OPTION]...            load latency and issue cost per level and width\n"
"       chase lines [OPTION]...            line and sector size per level\n"
"       chase tlb [OPTION]...              TLB reach, page size and miss cost\n"
"       chase sms [OPTION]...              a level's latency from every multiprocessor\n"
"       chase report [OPTION]... -o DIR    all of them, one directory\n"
"       chase report --compare DIR... -o DIR   reports side by side\n"
"\n"
"Device (every measurement):\n"
"  -b, --backend NAME    auto (default: cuda, then hip, then cpu), cuda, hip, cpu, sim\n"
"  -d, --device N        device index (default 0)\n"
"      --sim SPEC        the simulated hierarchy (implies --backend sim; see chase(1))\n"
"      --cache-op OP     cuda, hip: ca (cache in L1, default), cg (skip L1); cuda: nc\n"
"      --sm N|any        cuda: run on multiprocessor N (default 0) or any\n"
"      --carveout PCT    cuda: percent of L1/shared memory given to shared (default 0;\n"
"                        banks: the most shared memory)\n"
"      --seed N          seed of the random orders (default 1)\n"
"      --alloc HOW       sweep, lines, tlb: how the working set is allocated: cpu: huge (2 MiB\n"
"                        transparent huge pages, default) or base (base pages, 4 KiB on x86);\n"
"                        cuda: malloc (cuMemAlloc, default) or vmm (cuMemCreate and cuMemMap)\n"
"      --l2-fetch BYTES  sweep, lines, tlb: cuda: set this process's context's L2 fetch\n"
"                        granularity limit (32, 64 or 128; default: leave the driver's)\n"
"      --list-backends   list the backends and why any is unavailable\n"
"Sweep (and tlb):\n"
"      --min SIZE        smallest working set (default 1 KiB; tlb: two strides)\n"
"      --max SIZE        largest working set (default: the backend's, past its last cache;\n"
"                        tlb: most of the device's free memory)\n"
"  -s, --steps N         points per octave of the coarse grid (default 8; refined at bends)\n"
"      --stride SIZE     bytes between chained lines, a power of two (default: the line size;\n"
"                        tlb: one load a block of this (default: the page size believed))\n"
"  -p, --pattern P       random (default: lines in a random cycle) or sequential\n"
"  -r, --repeat N        fresh chains per point at least (default 1); more while unsettled\n"
"      --no-warm         time from a cold start, without a warm traversal\n"
"Measurements:\n"
"      --lanes FILE      banks: measure this pattern (one element index per lane, a line each)\n"
"      --width BITS      banks --lanes: each lane reads 32 (default), 64 or 128 bits\n"
"      --from FILE       loads, lines, sms: take the levels from this sweep's file\n"
"      --level NAME      loads, lines: only this level (L1, L2, memory, shared, ...)\n"
"      --bytes SIZE      loads: this working set instead of the levels'\n"
"      --lane-stride SIZE  loads: bytes between lanes' addresses (default: the width)\n"
"      --compare         report: put the reports named as operands side by side\n"
"      --plot-format F   report: png (default), pdf or svg\n"
"Output:\n"
"  -f, --format FMT      tsv (default), csv or json\n"
"  -o, --output FILE     data to FILE (plot: the image; report: the directory); default stdout\n"
"      --plot FILE       draw what was measured (png, pdf or svg by the name's extension)\n"
"      --ns              plot nanoseconds rather than cycles\n"
"      --spread          plot the p5-p95 spread as a band\n"
"      --title TEXT      the plot's title\n"
"      --script FILE     keep the gnuplot script in FILE\n"
"  -q, --quiet           no progress or report on stderr\n"
"  -v, --verbose         say more on stderr\n"
"  -h, --help            this help\n"
"  -V, --version         the version, the backends built and the licence\n"
"\n"
"SIZE is bytes, or a number with K, M, G, T (or KiB, MiB, GiB, TiB): powers of 1024.\n"
"Exit status: 0 ok, 1 measurement failed, 2 usage, 3 backend or device unavailable,\n"
"4 working set too large, 5 file unreadable or unwritable, 6 plot failed, 7 the backend\n"
"cannot make this measurement, 129/130/141/143 stopped by SIGHUP/SIGINT/SIGPIPE/SIGTERM\n"
"(what was measured is kept).  See chase(1).\n");
    fprintf(f, "\nReport bugs to: <%s>\n", PACKAGE_BUGREPORT);
    if (*PACKAGE_URL)
        fprintf(f, "%s home page: <%s>\n", PACKAGE_NAME, PACKAGE_URL);
}

static void version(void)
{
    printf("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
    printf("backends: %s\n", chase_backends_built());
    printf("Copyright (C) 2026 the chase developers.\n"
           "License BSD-3-Clause: <https://spdx.org/licenses/BSD-3-Clause.html>.\n"
           "This is free software: you are free to change and redistribute it.\n"
           "There is NO WARRANTY, to the extent permitted by law.\n");
}

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    chase_verror(fmt, ap);      /* what the user typed may hold line breaks */
    va_end(ap);
    fprintf(stderr, "Try 'chase --help' for more information.\n");
    return CHASE_EXIT_USAGE;
}

static int parse_size(const char *opt, const char *arg, uint64_t *v)
{
    char why[200];
    if (chase_size_parse(arg, v, why, sizeof why))
        return usage_error("%s: %s", opt, why);
    if (*v == 0)
        return usage_error("%s must not be zero", opt);
    return 0;
}

static int parse_uint(const char *opt, const char *arg, long lo, long hi, long *v)
{
    char *end;
    long x = strtol(arg, &end, 10);
    if (end == arg || *end || x < lo || x > hi)
        return usage_error("%s: '%s' is not a whole number from %ld to %ld", opt, arg, lo, hi);
    *v = x;
    return 0;
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

static const struct opt *find_opt(int val)
{
    size_t i;
    for (i = 0; i < NOPT; i++)
        if (table[i].lo.val == val)
            return &table[i];
    return NULL;
}

int chase_opts_parse(int argc, char **argv, struct chase_opts *o, int *list)
{
    struct option lo[NOPT + 1];
    const char *given[NOPT];
    int c, sub = 0;
    long v;
    size_t i;

    memset(o, 0, sizeof *o);
    memset(given, 0, sizeof given);
    o->cmd = CHASE_CMD_SWEEP;
    o->backend = "auto";
    o->steps = 8;
    o->repeat = 1;
    o->seed = 1;
    o->carveout = -1;
    o->sm = -2;
    o->fmt = CHASE_FMT_TSV;
    *list = 0;
    record_command(o, argc, argv);

    if (argc > 1) {
        enum chase_cmd k;
        for (k = CHASE_CMD_ANALYZE; k < CHASE_NCMD; k++)
            if (!strcmp(argv[1], cmd_names[k])) {
                o->cmd = k;
                sub = 1;
            }
    }
    argv += sub;
    argc -= sub;
    for (i = 0; i < NOPT; i++)
        lo[i] = table[i].lo;
    memset(&lo[NOPT], 0, sizeof lo[NOPT]);
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":b:d:s:p:r:f:o:qvhV", lo, NULL)) != -1) {
        const struct opt *op = find_opt(c);
        if (op)
            given[op - table] = argv[optind - 1];
        switch (c) {
        case 'b':
            if (strcmp(optarg, "auto") && !chase_backend_known(optarg))
                return usage_error("unknown backend '%s' (auto, %s)", optarg, chase_backend_names());
            o->backend = optarg;
            break;
        case 'd':
            if (parse_uint("--device", optarg, 0, 1023, &v))
                return CHASE_EXIT_USAGE;
            o->device = (int)v;
            break;
        case OPT_MIN:
            if (parse_size("--min", optarg, &o->min))
                return CHASE_EXIT_USAGE;
            break;
        case OPT_MAX:
            if (parse_size("--max", optarg, &o->max))
                return CHASE_EXIT_USAGE;
            break;
        case 's':
            if (parse_uint("--steps", optarg, 1, 64, &v))
                return CHASE_EXIT_USAGE;
            o->steps = (unsigned)v;
            break;
        case OPT_STRIDE:
            if (parse_size("--stride", optarg, &o->stride))
                return CHASE_EXIT_USAGE;
            if (o->stride & (o->stride - 1))
                return usage_error("--stride: '%s' is not a power of two", optarg);
            if (o->stride < 8)
                return usage_error("--stride: '%s' is smaller than a pointer (8 bytes)", optarg);
            break;
        case 'p':
            if (!strcmp(optarg, "random"))
                o->pattern = CHASE_PATTERN_RANDOM;
            else if (!strcmp(optarg, "sequential") || !strcmp(optarg, "seq"))
                o->pattern = CHASE_PATTERN_SEQ;
            else
                return usage_error("unknown pattern '%s' (random, sequential)", optarg);
            break;
        case 'r':
            if (parse_uint("--repeat", optarg, 1, 64, &v))
                return CHASE_EXIT_USAGE;
            o->repeat = (unsigned)v;
            break;
        case OPT_SEED:
            if (parse_uint("--seed", optarg, 0, 0x7fffffffL, &v))
                return CHASE_EXIT_USAGE;
            o->seed = (uint64_t)v;
            break;
        case OPT_CACHE_OP:
            if (strcmp(optarg, "ca") && strcmp(optarg, "cg") && strcmp(optarg, "nc"))
                return usage_error("unknown cache operator '%s' (ca, cg, nc)", optarg);
            o->cache_op = optarg;
            break;
        case OPT_CARVEOUT:
            if (parse_uint("--carveout", optarg, 0, 100, &v))
                return CHASE_EXIT_USAGE;
            o->carveout = (int)v;
            break;
        case OPT_SIM:
            o->spec = optarg;
            break;
        case OPT_NO_WARM:
            o->no_warm = 1;
            break;
        case OPT_SM:
            if (!strcmp(optarg, "any"))
                o->sm = -1;
            else if (parse_uint("--sm", optarg, 0, 4095, &v))
                return CHASE_EXIT_USAGE;
            else
                o->sm = (int)v;
            break;
        case OPT_ALLOC:
            if (strcmp(optarg, "huge") && strcmp(optarg, "base") && strcmp(optarg, "malloc") && strcmp(optarg, "vmm"))
                return usage_error("unknown allocation '%s' (cpu: huge, base; cuda: malloc, vmm)", optarg);
            o->alloc = optarg;
            break;
        case OPT_L2_FETCH:
            if (parse_uint("--l2-fetch", optarg, 32, 128, &v))
                return CHASE_EXIT_USAGE;
            if (v != 32 && v != 64 && v != 128)
                return usage_error("--l2-fetch takes 32, 64 or 128 (bytes), not %s", optarg);
            o->l2_fetch = (unsigned)v;
            break;
        case OPT_LIST:
            *list = 1;
            break;
        case 'f':
            if (chase_format_parse(optarg, &o->fmt))
                return usage_error("unknown format '%s' (tsv, csv, json)", optarg);
            o->fmt_given = 1;
            break;
        case 'o':
            o->output = optarg;
            break;
        case OPT_PLOT:
            o->plot = optarg;
            break;
        case OPT_NS:
            o->ns = 1;
            break;
        case OPT_SCRIPT:
            o->script = optarg;
            break;
        case OPT_TITLE:
            o->title = optarg;
            break;
        case OPT_SPREAD:
            o->spread = 1;
            break;
        case OPT_LANES:
            o->lanes = optarg;
            break;
        case OPT_WIDTH:
            if (strcmp(optarg, "32") && strcmp(optarg, "64") && strcmp(optarg, "128"))
                return usage_error("--width: '%s' is not 32, 64 or 128 (bits)", optarg);
            o->width = (unsigned)atoi(optarg) / 8;
            break;
        case OPT_FROM:
            o->from = optarg;
            break;
        case OPT_LEVEL:
            o->level = optarg;
            break;
        case OPT_BYTES:
            if (parse_size("--bytes", optarg, &o->bytes))
                return CHASE_EXIT_USAGE;
            break;
        case OPT_LANE_STRIDE:
            if (parse_size("--lane-stride", optarg, &o->lane_stride))
                return CHASE_EXIT_USAGE;
            break;
        case OPT_PLOT_FORMAT:
            if (strcmp(optarg, "png") && strcmp(optarg, "pdf") && strcmp(optarg, "svg"))
                return usage_error("unknown plot format '%s' (png, pdf, svg)", optarg);
            o->plot_format = optarg;
            break;
        case OPT_COMPARE:
            o->compare = 1;
            break;
        case 'q':
            o->quiet = 1;
            break;
        case 'v':
            o->verbose = 1;
            break;
        case 'h':
            usage(stdout);
            return chase_stdout_done();
        case 'V':
            version();
            return chase_stdout_done();
        case ':':
            return usage_error("option '%s' needs a value", argv[optind - 1]);
        default:
            return usage_error("unknown option '%s'", argv[optind - 1]);
        }
    }
    /* An option a subcommand would not use is an error, not a no-op. */
    for (i = 0; i < NOPT; i++)
        if (given[i] && !(table[i].cmds & (1u << o->cmd)))
            return usage_error("%s%s does not take --%s", o->cmd == CHASE_CMD_SWEEP ? "the sweep" : "chase ",
                               o->cmd == CHASE_CMD_SWEEP ? "" : cmd_names[o->cmd], table[i].lo.name);
    if (o->width && !o->lanes)
        return usage_error("--width applies to a --lanes pattern");
    o->args = argv + optind;
    o->nargs = argc - optind;
    /* No output may destroy an input or another output; every command. */
    if (chase_check_files(o))
        return CHASE_EXIT_USAGE;
    return -1;
}
