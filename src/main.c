/* main.c: the chase command line: sweep, analyze and plot. */
#include "config.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chase_backend.h"
#include "exitcode.h"
#include "levels.h"
#include "options.h"
#include "output.h"
#include "plot.h"
#include "read.h"
#include "report.h"
#include "size.h"
#include "sweep.h"

static void usage(FILE *f)
{
    fprintf(f,
"Usage: chase [OPTION]...                 measure load latency against working-set size\n"
"       chase analyze [OPTION]... FILE...  find the levels of saved curves\n"
"       chase plot [OPTION]... FILE... -o OUT.png   draw saved curves\n"
"\n"
"Sweep:\n"
"  -b, --backend NAME    auto (default: cuda, then hip, then cpu), cuda, hip, cpu, sim\n"
"  -d, --device N        device index (default 0)\n"
"      --min SIZE        smallest working set (default 1 KiB)\n"
"      --max SIZE        largest working set (default: the backend's, past its last cache)\n"
"  -s, --steps N         points per octave (default 8)\n"
"      --stride SIZE     bytes between chained lines, a power of two (default: the line size)\n"
"  -p, --pattern P       random (default: lines in a random cycle) or sequential\n"
"  -r, --repeat N        fresh chains per point at least (default 1); more while unsettled\n"
"      --seed N          seed of the random orders (default 1)\n"
"      --cache-op OP     cuda, hip: ca (cache in L1, default), cg (skip L1); cuda: nc\n"
"      --no-warm         time from a cold start, without a warm traversal\n"
"      --sm N|any        cuda: walk on multiprocessor N (default 0) or any\n"
"      --carveout PCT    cuda: percent of L1/shared memory given to shared (default 0)\n"
"      --sim SPEC        the simulated hierarchy (implies --backend sim; see chase(1))\n"
"      --list-backends   list the backends and why any is unavailable\n"
"Output:\n"
"  -f, --format FMT      tsv (default), csv or json\n"
"  -o, --output FILE     data to FILE (plot: the PNG); default stdout\n"
"      --plot FILE.png   draw the measured curve with gnuplot\n"
"      --ns              plot nanoseconds rather than cycles\n"
"      --script FILE     keep the gnuplot script in FILE\n"
"  -q, --quiet           no progress bar or report on stderr\n"
"  -v, --verbose         say more on stderr\n"
"  -h, --help            this help\n"
"  -V, --version         the version\n"
"\n"
"SIZE is bytes, or a number with K, M, G, T (or KiB, MiB, GiB, TiB): powers of 1024.\n"
"Exit status: 0 ok, 1 measurement failed, 2 usage, 3 backend or device unavailable,\n"
"4 working set too large, 5 file unreadable or unwritable, 6 plot failed,\n"
"130/143 interrupted (the rows measured so far are kept).  See chase(1).\n");
}

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static int usage_error(const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "chase: ");
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'chase --help' for more information.\n");
    return CHASE_EXIT_USAGE;
}

static int parse_size(const char *opt, const char *arg, uint64_t *v)
{
    char why[200];
    if (chase_size_parse(arg, v, why, sizeof why)) {
        fprintf(stderr, "chase: %s: %s\nTry 'chase --help' for more information.\n", opt, why);
        return -1;
    }
    if (*v == 0) {
        fprintf(stderr, "chase: %s must not be zero\nTry 'chase --help' for more information.\n", opt);
        return -1;
    }
    return 0;
}

static int parse_uint(const char *opt, const char *arg, long lo, long hi, long *v)
{
    char *end;
    long x = strtol(arg, &end, 10);
    if (end == arg || *end || x < lo || x > hi) {
        fprintf(stderr, "chase: %s: '%s' is not a whole number from %ld to %ld\n"
                "Try 'chase --help' for more information.\n", opt, arg, lo, hi);
        return -1;
    }
    *v = x;
    return 0;
}

static void record_command(struct chase_opts *o, int argc, char **argv)
{
    size_t n = 0;
    int i;
    o->command[0] = 0;
    for (i = 0; i < argc && n + 1 < sizeof o->command; i++) {
        int quote = strpbrk(argv[i], " \t;") != NULL;
        int w = snprintf(o->command + n, sizeof o->command - n, quote ? "%s'%s'" : "%s%s",
                         i ? " " : "", argv[i]);
        if (w < 0)
            break;
        n += (size_t)w;
    }
}

enum {
    OPT_MIN = 256, OPT_MAX, OPT_STRIDE, OPT_SEED, OPT_CACHE_OP, OPT_CARVEOUT, OPT_SIM,
    OPT_LIST, OPT_PLOT, OPT_NS, OPT_SCRIPT, OPT_NO_WARM, OPT_SM
};

static const struct option long_opts[] = {
    {"backend", required_argument, NULL, 'b'},
    {"device", required_argument, NULL, 'd'},
    {"min", required_argument, NULL, OPT_MIN},
    {"max", required_argument, NULL, OPT_MAX},
    {"steps", required_argument, NULL, 's'},
    {"stride", required_argument, NULL, OPT_STRIDE},
    {"pattern", required_argument, NULL, 'p'},
    {"repeat", required_argument, NULL, 'r'},
    {"seed", required_argument, NULL, OPT_SEED},
    {"cache-op", required_argument, NULL, OPT_CACHE_OP},
    {"carveout", required_argument, NULL, OPT_CARVEOUT},
    {"sim", required_argument, NULL, OPT_SIM},
    {"no-warm", no_argument, NULL, OPT_NO_WARM},
    {"sm", required_argument, NULL, OPT_SM},
    {"list-backends", no_argument, NULL, OPT_LIST},
    {"format", required_argument, NULL, 'f'},
    {"output", required_argument, NULL, 'o'},
    {"plot", required_argument, NULL, OPT_PLOT},
    {"ns", no_argument, NULL, OPT_NS},
    {"script", required_argument, NULL, OPT_SCRIPT},
    {"quiet", no_argument, NULL, 'q'},
    {"verbose", no_argument, NULL, 'v'},
    {"help", no_argument, NULL, 'h'},
    {"version", no_argument, NULL, 'V'},
    {NULL, 0, NULL, 0},
};

/* Returns -1 to go on, or an exit status. */
static int parse(int argc, char **argv, struct chase_opts *o, int *list)
{
    int c;
    long v;

    memset(o, 0, sizeof *o);
    o->backend = "auto";
    o->steps = 8;
    o->repeat = 1;
    o->seed = 1;
    o->carveout = -1;
    o->sm = -2;
    o->fmt = CHASE_FMT_TSV;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":b:d:s:p:r:f:o:qvhV", long_opts, NULL)) != -1) {
        switch (c) {
        case 'b':
            if (strcmp(optarg, "auto") && strcmp(optarg, "cpu") && strcmp(optarg, "sim") &&
                strcmp(optarg, "cuda") && strcmp(optarg, "hip"))
                return usage_error("unknown backend '%s' (auto, cuda, hip, cpu, sim)", optarg);
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
        case 'q':
            o->quiet = 1;
            break;
        case 'v':
            o->verbose = 1;
            break;
        case 'h':
            usage(stdout);
            return CHASE_EXIT_OK;
        case 'V':
            printf("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
            return CHASE_EXIT_OK;
        case ':':
            return usage_error("option '%s' needs a value", argv[optind - 1]);
        default:
            return usage_error("unknown option '%s'", argv[optind - 1]);
        }
    }
    return -1;
}

static int read_all(int n, char **names, struct chase_curve *curves, struct chase_level (*lv)[CHASE_MAX_LEVELS],
                    size_t *nlv)
{
    char path[4096], err[600];
    int i;
    for (i = 0; i < n; i++) {
        if (chase_data_resolve(names[i], path, sizeof path)) {
            fprintf(stderr, "chase: cannot read '%s': no such file or reference curve\n", names[i]);
            return i;
        }
        if (chase_curve_read(path, &curves[i], err, sizeof err)) {
            fprintf(stderr, "chase: %s\n", err);
            return i;
        }
        nlv[i] = chase_levels_find(&curves[i], lv[i], CHASE_MAX_LEVELS);
    }
    return n;
}

static int analyze_or_plot(int plot, int argc, char **argv, struct chase_opts *o)
{
    struct chase_curve *curves;
    struct chase_level (*lv)[CHASE_MAX_LEVELS];
    size_t *nlv;
    int n = argc - optind, done, i, code = CHASE_EXIT_OK;
    char err[600];

    if (n < 1)
        return usage_error("%s: name at least one FILE", plot ? "plot" : "analyze");
    if (plot && !o->output)
        return usage_error("%s", "plot: name the PNG to write with -o OUT.png");
    if (!plot && o->fmt_given && o->fmt == CHASE_FMT_CSV)
        return usage_error("%s", "analyze: CSV has no place for levels; use --format tsv or json");
    curves = calloc((size_t)n, sizeof *curves);
    lv = calloc((size_t)n, sizeof *lv);
    nlv = calloc((size_t)n, sizeof *nlv);
    if (!curves || !lv || !nlv) {
        fprintf(stderr, "chase: out of memory\n");
        code = CHASE_EXIT_FAIL;
        goto out;
    }
    done = read_all(n, argv + optind, curves, lv, nlv);
    if (done < n) {
        code = CHASE_EXIT_FILE;
        n = done;
        goto out;
    }
    if (plot) {
        struct chase_plot_curve *pc = calloc((size_t)n, sizeof *pc);
        if (!pc) {
            code = CHASE_EXIT_FAIL;
            goto out;
        }
        for (i = 0; i < n; i++) {
            pc[i].curve = &curves[i];
            pc[i].levels = lv[i];
            pc[i].nlevels = nlv[i];
        }
        code = chase_plot(pc, (size_t)n, o->output, o->script, o->ns, err, sizeof err);
        if (code)
            fprintf(stderr, "chase: %s\n", err);
        free(pc);
        goto out;
    }
    /* With --format, each curve goes back out as a sweep writes it, its
     * levels included; several JSON curves make an array. */
    if (o->fmt_given && o->fmt == CHASE_FMT_JSON && n > 1)
        fputs("[\n", stdout);
    for (i = 0; i < n; i++) {
        if (o->fmt_given) {
            struct chase_writer w;
            size_t r;
            chase_writer_open(&w, NULL, o->fmt, err, sizeof err);
            if (o->fmt == CHASE_FMT_JSON && i)
                fputs(",\n", stdout);
            chase_writer_begin(&w, &curves[i].meta);
            for (r = 0; r < curves[i].n; r++)
                chase_writer_row(&w, &curves[i].rows[r]);
            chase_writer_end(&w, lv[i], nlv[i], "analyzed");
            if (chase_writer_close(&w))
                code = CHASE_EXIT_FILE;
        } else {
            printf("%s%s\n", i ? "\n" : "", curves[i].name);
            chase_report_levels(stdout, &curves[i], lv[i], nlv[i]);
        }
    }
    if (o->fmt_given && o->fmt == CHASE_FMT_JSON && n > 1)
        fputs("]\n", stdout);
out:
    for (i = 0; i < n; i++)
        chase_curve_free(&curves[i]);
    free(curves);
    free(lv);
    free(nlv);
    return code;
}

int main(int argc, char **argv)
{
    struct chase_opts o;
    int list = 0, rc, sub = 0;

    if (argc > 1 && (!strcmp(argv[1], "analyze") || !strcmp(argv[1], "plot"))) {
        sub = !strcmp(argv[1], "plot") ? 2 : 1;
        argv++;
        argc--;
    }
    rc = parse(argc, argv, &o, &list);
    if (rc >= 0)
        return rc;
    record_command(&o, argc + (sub != 0), argv - (sub != 0));
    if (sub)
        return analyze_or_plot(sub == 2, argc, argv, &o);
    if (optind < argc)
        return usage_error("unexpected argument '%s'", argv[optind]);
    if (list)
        return chase_list_backends(&o);
    return chase_sweep(&o);
}
