/* options.c: every option as data (fio's options, git's parse-options):
 * its type, where it goes in struct chase_opts, its limits or words, its
 * group and its help; one parser for them all, and the help made from
 * the same table. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi/chain.h"
#include "cli/options.h"
#include "core/backend.h"
#include "core/exitcode.h"
#include "core/message.h"
#include "core/size.h"

int chase_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    chase_verror(fmt, ap);
    va_end(ap);
    fprintf(stderr, "Try 'chase --help' for more information.\n");
    return CHASE_EXIT_USAGE;
}

/* The options whose words or checks are their own. */
static int set_backend(const char *arg, struct chase_opts *o)
{
    if (strcmp(arg, "auto") && !chase_backend_known(arg))
        return chase_usage_error("unknown backend '%s' (auto, %s)", arg, chase_backend_names());
    o->backend = arg;
    return 0;
}

static int set_pattern(const char *arg, struct chase_opts *o)
{
    if (!strcmp(arg, "random"))
        o->pattern = CHASE_PATTERN_RANDOM;
    else if (!strcmp(arg, "sequential") || !strcmp(arg, "seq"))
        o->pattern = CHASE_PATTERN_SEQ;
    else if (!strcmp(arg, "local"))
        o->pattern = CHASE_PATTERN_LOCAL;
    else
        return chase_usage_error("unknown pattern '%s' (random, local, sequential)", arg);
    return 0;
}

static int set_format(const char *arg, struct chase_opts *o)
{
    if (chase_format_parse(arg, &o->fmt))
        return chase_usage_error("unknown format '%s' (tsv, csv, json)", arg);
    o->fmt_given = 1;
    return 0;
}

static int set_stride(const char *arg, struct chase_opts *o)
{
    if (o->stride & (o->stride - 1))
        return chase_usage_error("--stride: '%s' is not a power of two", arg);
    if (o->stride < 8)
        return chase_usage_error("--stride: '%s' is smaller than a pointer (8 bytes)", arg);
    return 0;
}

static int set_l2_fetch(const char *arg, struct chase_opts *o)
{
    if (o->l2_fetch != 32 && o->l2_fetch != 64 && o->l2_fetch != 128)
        return chase_usage_error("--l2-fetch takes 32, 64 or 128 (bytes), not %s", arg);
    return 0;
}

/* bandwidth --op read,write,copy, banks --op read,write: a comma list,
 * each word once (banks refuses copy: banks_cmd.c's check). */
static int set_ops(const char *arg, struct chase_opts *o)
{
    static const char *const words[] = {"read", "write", "copy"};
    const char *p = arg;
    unsigned set = 0;

    while (*p) {
        size_t n = strcspn(p, ","), k;
        for (k = 0; k < 3; k++)
            if (n == strlen(words[k]) && !strncmp(p, words[k], n))
                break;
        if (k == 3 || (set & (1u << k)))
            return chase_usage_error("--op: '%s' is not a list of read, write and copy, each once", arg);
        set |= 1u << k;
        p += n;
        if (*p == ',' && !*++p)
            return chase_usage_error("--op: '%s' ends with a comma", arg);
    }
    if (!set)
        return chase_usage_error("--op: name read, write or copy");
    o->bw_ops = set;
    return 0;
}

/* bandwidth --placement: enum chase_bw_place's words. */
static int set_placement(const char *arg, struct chase_opts *o)
{
    if (!strcmp(arg, "stream"))
        o->bw_place = CHASE_BW_STREAM;
    else if (!strcmp(arg, "replicated"))
        o->bw_place = CHASE_BW_REPLICATED;
    else if (!strcmp(arg, "partitioned"))
        o->bw_place = CHASE_BW_PARTITIONED;
    else
        return chase_usage_error("unknown placement '%s' (replicated, partitioned, stream)", arg);
    return 0;
}

static int set_width(const char *arg, struct chase_opts *o)
{
    if (strcmp(arg, "32") && strcmp(arg, "64") && strcmp(arg, "128"))
        return chase_usage_error("--width: '%s' is not 32, 64 or 128 (bits)", arg);
    o->width = (unsigned)atoi(arg) / 8;
    return 0;
}

static int set_sm(const char *arg, struct chase_opts *o)
{
    char *end;
    long v;

    if (!strcmp(arg, "any")) {
        o->sm = -1;
        return 0;
    }
    v = strtol(arg, &end, 10);
    if (end == arg || *end || v < 0 || v > 4095 || arg[0] < '0' || arg[0] > '9')
        return chase_usage_error("--sm: '%s' is not a whole number from 0 to 4095", arg);
    o->sm = (int)v;
    return 0;
}

/* --memory local|peer:N|host|managed.  N as --device takes it: digits
 * only (no sign, no blank, no base), at most 1023, so no value wraps; that
 * it is another device than -d's, and one the backend has, is checked
 * once both are known (cli/commands.c, run/session.c). */
static int set_memory(const char *arg, struct chase_opts *o)
{
    static const char *const words[] = {"local", "peer", "host", "managed"};
    const char *colon = strchr(arg, ':'), *p;
    size_t n = colon ? (size_t)(colon - arg) : strlen(arg), k;
    unsigned long v = 0;

    for (k = 0; k < 4; k++)
        if (n == strlen(words[k]) && !strncmp(arg, words[k], n))
            break;
    if (k == 4)
        return chase_usage_error("unknown memory '%s' (local, peer:N, host, managed)", arg);
    if (k != CHASE_MEMORY_PEER) {
        if (colon)
            return chase_usage_error("--memory %.*s takes no ':' (only peer:N names a device)", (int)n, arg);
        o->memory = (int)k;
        o->peer = 0;
        return 0;
    }
    if (!colon || !colon[1])
        return chase_usage_error("--memory peer needs the device that holds the memory: peer:N");
    for (p = colon + 1; *p; p++) {
        if (*p < '0' || *p > '9' || v > 1023)
            break;
        v = v * 10 + (unsigned long)(*p - '0');
    }
    if (*p || v > 1023)
        return chase_usage_error("--memory '%s': N is not a whole number from 0 to 1023", arg);
    o->memory = CHASE_MEMORY_PEER;
    o->peer = (int)v;
    return 0;
}

static const char *const cache_ops[] = {"ca", "cg", "nc", "const", "tex", NULL};
static const char *const allocs[] = {"huge", "base", "malloc", "vmm", NULL};
static const char *const plot_formats[] = {"png", "pdf", "svg", NULL};

#define OFF(f) offsetof(struct chase_opts, f)

/* In the order the help lists them, a group after another. */
const struct chase_option chase_options[] = {
    {"backend", 'b', CHASE_OPT_CALL, 0, 0, 0, 0, NULL, NULL, CHASE_G_DEVICE, "NAME",
     "auto (default: cuda, then hip, then cpu), cuda, hip, cpu, sim", set_backend},
    {"device", 'd', CHASE_OPT_UINT, CHASE_OF_INT, OFF(device), 0, 1023, NULL, NULL, CHASE_G_DEVICE, "N",
     "device index (default 0)", NULL},
    {"sim", 0, CHASE_OPT_STR, CHASE_OF_STR, OFF(spec), 0, 0, NULL, NULL, CHASE_G_DEVICE, "SPEC",
     "the simulated hierarchy (implies --backend sim; see chase(1))", NULL},
    {"cache-op", 0, CHASE_OPT_ENUM, CHASE_OF_STR, OFF(cache_op), 0, 0, cache_ops, "cache operator", CHASE_G_CACHE_OP,
     "OP", "cuda, hip: ca (cache in L1, default), cg (skip L1); cuda: nc", NULL},
    {"sm", 0, CHASE_OPT_CALL, 0, 0, 0, 0, NULL, NULL, CHASE_G_DEVICE, "N|any",
     "cuda: run on multiprocessor N (default 0) or any", set_sm},
    {"carveout", 0, CHASE_OPT_UINT, CHASE_OF_INT, OFF(carveout), 0, 100, NULL, NULL, CHASE_G_DEVICE, "PCT",
     "cuda: percent of L1/shared memory given to shared (default 0;\nbanks: the most shared memory)", NULL},
    {"seed", 0, CHASE_OPT_UINT, CHASE_OF_U64, OFF(seed), 0, 0x7fffffffL, NULL, NULL, CHASE_G_DEVICE, "N",
     "seed of the random orders (default 1)", NULL},
    {"alloc", 0, CHASE_OPT_ENUM, CHASE_OF_STR, OFF(alloc), 0, 0, allocs, "allocation", CHASE_G_ALLOC, "HOW",
     "how the working set is allocated: cpu: huge (2 MiB transparent huge\npages, default) or base (base "
     "pages, 4 KiB on x86); cuda: malloc\n(cuMemAlloc, default) or vmm (cuMemCreate and cuMemMap)", NULL},
    {"l2-fetch", 0, CHASE_OPT_UINT, CHASE_OF_UNSIGNED, OFF(l2_fetch), 32, 128, NULL, NULL, CHASE_G_ALLOC, "BYTES",
     "cuda: set this process's context's L2 fetch granularity limit\n(32, 64 or 128; default: leave the driver's)",
     set_l2_fetch},
    {"memory", 0, CHASE_OPT_CALL, 0, 0, 0, 0, NULL, NULL, CHASE_G_MEMORY, "WHERE",
     "where the working set lives: local (default: the device's own),\npeer:N (device N's, through peer access), "
     "host (pinned host\nmemory mapped into the device) or managed", set_memory},
    {"list-backends", 0, CHASE_OPT_FLAG, CHASE_OF_INT, OFF(list), 0, 0, NULL, NULL, CHASE_G_SWEEP, NULL,
     "list the backends and why any is unavailable", NULL},
    {"min", 0, CHASE_OPT_SIZE, CHASE_OF_U64, OFF(min), 0, 0, NULL, NULL, CHASE_G_RANGE, "SIZE",
     "smallest working set (default 1 KiB; tlb: two strides)", NULL},
    {"max", 0, CHASE_OPT_SIZE, CHASE_OF_U64, OFF(max), 0, 0, NULL, NULL, CHASE_G_RANGE | CHASE_G_END, "SIZE",
     "largest working set (default: the backend's, past its last cache;\ntlb: most of the device's free memory; "
     "report: the sweep's and\nbandwidth's, the other parts as they are)",
     NULL},
    {"steps", 's', CHASE_OPT_UINT, CHASE_OF_UNSIGNED, OFF(steps), 1, 64, NULL, NULL, CHASE_G_RANGE, "N",
     "points per octave of the coarse grid (default 8; refined at bends)", NULL},
    {"stride", 0, CHASE_OPT_SIZE, CHASE_OF_U64, OFF(stride), 0, 0, NULL, NULL, CHASE_G_RANGE, "SIZE",
     "bytes between chained lines, a power of two (default: the line size;\ntlb: one load a block of this "
     "(default: the page size believed))", set_stride},
    {"pattern", 'p', CHASE_OPT_CALL, 0, 0, 0, 0, NULL, NULL, CHASE_G_SWEEP, "P",
     "random (default: lines in a random cycle), local (a\nrandom order 64 KiB at a time: a TLB misses once a "
     "page,\nbut spatial prefetchers may help) or sequential", set_pattern},
    {"repeat", 'r', CHASE_OPT_UINT, CHASE_OF_UNSIGNED, OFF(repeat), 1, 64, NULL, NULL, CHASE_G_RANGE, "N",
     "fresh chains per point at least (default 1); more while unsettled", NULL},
    {"sizes", 0, CHASE_OPT_STR, CHASE_OF_STR, OFF(sizes), 0, 0, NULL, NULL, CHASE_G_SWEEP, "LIST",
     "measure these working sets only (SIZE,SIZE,...): no grid, no\nrefinement, no spread between multiprocessors", NULL},
    {"no-warm", 0, CHASE_OPT_FLAG, CHASE_OF_INT, OFF(no_warm), 0, 0, NULL, NULL, CHASE_G_SWEEP, NULL,
     "time from a cold start, without a warm traversal", NULL},
    {"lanes", 0, CHASE_OPT_STR, CHASE_OF_STR, OFF(lanes), 0, 0, NULL, NULL, CHASE_G_BANKS, "FILE",
     "measure this pattern (one element index per lane, a line each)", NULL},
    {"width", 0, CHASE_OPT_CALL, 0, 0, 0, 0, NULL, NULL, CHASE_G_BANKS, "BITS",
     "banks --lanes: each lane reads 32 (default), 64 or 128 bits;\nbandwidth: each thread's access "
     "(default 128)", set_width},
    {"op", 0, CHASE_OPT_CALL, 0, 0, 0, 0, NULL, NULL, CHASE_G_BW | CHASE_G_BANKS, "LIST",
     "read, write, copy or a comma list of them (bandwidth's default: all\nthree; banks: read, write or both, "
     "the default)", set_ops},
    {"placement", 0, CHASE_OPT_CALL, 0, 0, 0, 0, NULL, NULL, CHASE_G_BW, "P",
     "replicated (default: every SM reads the same lines), partitioned\n(each SM its own slice) or stream "
     "(the grid strides over all of it)", set_placement},
    {"from", 0, CHASE_OPT_STR, CHASE_OF_STR, OFF(from), 0, 0, NULL, NULL, CHASE_G_FROM, "FILE",
     "take the levels from this sweep's file", NULL},
    {"mixed", 0, CHASE_OPT_FLAG, CHASE_OF_INT, OFF(mixed), 0, 0, NULL, NULL, CHASE_G_FROM, NULL,
     "with --from: take a file another backend or device measured", NULL},
    {"level", 0, CHASE_OPT_STR, CHASE_OF_STR, OFF(level), 0, 0, NULL, NULL, CHASE_G_LEVEL, "NAME",
     "only this level (L1, L2, memory, shared, ...)", NULL},
    {"also-carveout", 0, CHASE_OPT_UINT, CHASE_OF_INT, OFF(also_carveout), 0, 100, NULL, NULL, CHASE_G_CARVE,
     "PCT", "the L1 again at this carveout (a sweep of it there first): its\nways and sets beside the first's", NULL},
    {"bytes", 0, CHASE_OPT_SIZE, CHASE_OF_U64, OFF(bytes), 0, 0, NULL, NULL, CHASE_G_LOADS, "SIZE",
     "this working set instead of the levels'", NULL},
    {"lane-stride", 0, CHASE_OPT_SIZE, CHASE_OF_U64, OFF(lane_stride), 0, 0, NULL, NULL, CHASE_G_LOADS, "SIZE",
     "bytes between lanes' addresses (default: the width)", NULL},
    {"compare", 0, CHASE_OPT_FLAG, CHASE_OF_INT, OFF(compare), 0, 0, NULL, NULL, CHASE_G_REPORT, NULL,
     "put the reports named as operands side by side", NULL},
    {"devices", 0, CHASE_OPT_STR, CHASE_OF_STR, OFF(devices), 0, 0, NULL, NULL, CHASE_G_REPORT, "LIST",
     "all, or device indices (0,2,3): a report of each device, at once,\nthe topology between them and the host, and a "
     "node summary", NULL},
    {"plot-format", 0, CHASE_OPT_ENUM, CHASE_OF_STR, OFF(plot_format), 0, 0, plot_formats, "plot format",
     CHASE_G_REPORT, "F", "png (default), pdf or svg", NULL},
    {"format", 'f', CHASE_OPT_CALL, 0, 0, 0, 0, NULL, NULL, CHASE_G_FORMAT, "FMT", "tsv (default), csv or json",
     set_format},
    {"table", 0, CHASE_OPT_STR, CHASE_OF_STR, OFF(table), 0, 0, NULL, NULL, CHASE_G_FORMAT, "NAME",
     "csv: hold this data table (default: the first; a pandas\nDataFrame a table)", NULL},
    {"output", 'o', CHASE_OPT_STR, CHASE_OF_STR, OFF(output), 0, 0, NULL, NULL, CHASE_G_OUTPUT, "FILE",
     "data to FILE (plot: the image; report: the directory); default stdout", NULL},
    {"plot", 0, CHASE_OPT_STR, CHASE_OF_STR, OFF(plot), 0, 0, NULL, NULL, CHASE_G_PLOT, "FILE",
     "draw what was measured (png, pdf or svg by the name's extension)", NULL},
    {"ns", 0, CHASE_OPT_FLAG, CHASE_OF_INT, OFF(ns), 0, 0, NULL, NULL, CHASE_G_CURVE, NULL,
     "plot nanoseconds rather than cycles", NULL},
    {"spread", 0, CHASE_OPT_FLAG, CHASE_OF_INT, OFF(spread), 0, 0, NULL, NULL, CHASE_G_CURVE, NULL,
     "plot the p5-p95 spread as a band", NULL},
    {"title", 0, CHASE_OPT_STR, CHASE_OF_STR, OFF(title), 0, 0, NULL, NULL, CHASE_G_STYLE, "TEXT", "the plot's title",
     NULL},
    {"script", 0, CHASE_OPT_STR, CHASE_OF_STR, OFF(script), 0, 0, NULL, NULL, CHASE_G_STYLE, "FILE",
     "keep the gnuplot script in FILE", NULL},
    {"quiet", 'q', CHASE_OPT_FLAG, CHASE_OF_INT, OFF(quiet), 0, 0, NULL, NULL, CHASE_G_OUTPUT, NULL,
     "no progress or report on stderr", NULL},
    {"verbose", 'v', CHASE_OPT_FLAG, CHASE_OF_INT, OFF(verbose), 0, 0, NULL, NULL, CHASE_G_OUTPUT, NULL,
     "say more on stderr", NULL},
    {"help", 'h', CHASE_OPT_FLAG, CHASE_OF_INT, OFF(help), 0, 0, NULL, NULL, CHASE_G_OUTPUT, NULL,
     "this help (chase CMD --help: the command's)", NULL},
    {"version", 'V', CHASE_OPT_FLAG, CHASE_OF_INT, OFF(version), 0, 0, NULL, NULL, CHASE_G_OUTPUT, NULL,
     "the version, the backends built and the licence", NULL},
};
const size_t chase_noptions = sizeof chase_options / sizeof chase_options[0];

/* The group headings of the help, in its order. */
const struct chase_option_group chase_option_groups[] = {
    {CHASE_G_DEVICE | CHASE_G_CACHE_OP | CHASE_G_ALLOC | CHASE_G_MEMORY, "Device"},
    {CHASE_G_RANGE | CHASE_G_SWEEP | CHASE_G_END, "Working sets"},
    {CHASE_G_BANKS | CHASE_G_FROM | CHASE_G_LEVEL | CHASE_G_CARVE | CHASE_G_LOADS | CHASE_G_REPORT | CHASE_G_BW,
     "Measurements"},
    {CHASE_G_FORMAT | CHASE_G_OUTPUT | CHASE_G_PLOT | CHASE_G_CURVE | CHASE_G_STYLE, "Output"},
    {0, NULL},
};

int chase_option_set(const struct chase_option *op, const char *arg, struct chase_opts *o)
{
    char *p = (char *)o + op->off, why[200];
    uint64_t size;
    long v;
    int rc;

    switch (op->type) {
    case CHASE_OPT_FLAG:
        *(int *)p = 1;
        return 0;
    case CHASE_OPT_STR:
        *(const char **)p = arg;
        return 0;
    case CHASE_OPT_ENUM: {
        size_t i, n = 0;
        char list[200] = "";
        for (i = 0; op->values[i]; i++)
            if (!strcmp(arg, op->values[i])) {
                *(const char **)p = arg;
                return 0;
            }
        if (!strcmp(op->name, "alloc"))
            return chase_usage_error("unknown allocation '%s' (cpu: huge, base; cuda: malloc, vmm)", arg);
        for (i = 0; op->values[i] && n < sizeof list; i++)
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", i ? ", " : "", op->values[i]);
        return chase_usage_error("unknown %s '%s' (%s)", op->what, arg, list);
    }
    case CHASE_OPT_SIZE:
        if (chase_size_parse(arg, &size, why, sizeof why))
            return chase_usage_error("--%s: %s", op->name, why);
        if (size == 0)
            return chase_usage_error("--%s must not be zero", op->name);
        /* Every size the user can give lies below what the backends take
         * as "most of the memory" (CHASE_MAX_MOST, 2^64 - 1). */
        if (size > (UINT64_MAX >> 1))
            return chase_usage_error("--%s: '%s' is too large (at most 8 EiB)", op->name, arg);
        *(uint64_t *)p = size;
        break;
    case CHASE_OPT_UINT: {
        char *end;
        v = strtol(arg, &end, 10);
        if (end == arg || *end || v < op->lo || v > op->hi)
            return chase_usage_error("--%s: '%s' is not a whole number from %ld to %ld", op->name, arg, op->lo, op->hi);
        if (op->field == CHASE_OF_INT)
            *(int *)p = (int)v;
        else if (op->field == CHASE_OF_UNSIGNED)
            *(unsigned *)p = (unsigned)v;
        else
            *(uint64_t *)p = (uint64_t)v;
        break;
    }
    case CHASE_OPT_CALL:
        break;
    }
    rc = op->parse ? op->parse(arg, o) : 0;
    return rc;
}

const struct chase_option *chase_option_find(const char *name)
{
    size_t i;
    for (i = 0; i < chase_noptions; i++)
        if (!strcmp(chase_options[i].name, name))
            return &chase_options[i];
    return NULL;
}

/* How many edits make a into b (at most a few letters matter here). */
static size_t distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b), i, j, row[64], prev, tmp;

    if (la >= 63 || lb >= 63)
        return 64;
    for (j = 0; j <= lb; j++)
        row[j] = j;
    for (i = 1; i <= la; i++) {
        prev = row[0];
        row[0] = i;
        for (j = 1; j <= lb; j++) {
            size_t best = prev + (a[i - 1] != b[j - 1]);
            tmp = row[j];
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            prev = tmp;
        }
    }
    return row[lb];
}

const char *chase_option_suggest(const char *typed)
{
    const char *best = NULL;
    size_t i, d, bd = 3;

    while (*typed == '-')
        typed++;
    for (i = 0; i < chase_noptions; i++) {
        const char *n = chase_options[i].name;
        d = distance(typed, n);
        /* A prefix of two letters or more names the option it begins. */
        if (strlen(typed) >= 2 && !strncmp(n, typed, strlen(typed)))
            d = 1;
        if (d < bd) {
            bd = d;
            best = n;
        }
    }
    return best;
}

/* The commands that take op, when only a few do ("" otherwise). */
static const char *takers(const struct chase_option *op, char *buf, size_t len)
{
    const struct chase_command *c;
    size_t n = chase_commands(&c), i, k = 0, used = 0;

    buf[0] = 0;
    for (i = 0; i < n; i++)
        k += (c[i].groups & op->group) != 0;
    if (k > 3)
        return buf;
    for (i = 0; i < n && used < len; i++)
        if (c[i].groups & op->group)
            used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? ", " : " (", c[i].name);
    if (used && used + 2 < len)
        snprintf(buf + used, len - used, ")");
    return buf;
}

void chase_options_help(FILE *f, unsigned groups, int which)
{
    size_t g, i;
    char who[96];

    for (g = 0; chase_option_groups[g].title; g++) {
        int head = 0;
        for (i = 0; i < chase_noptions; i++) {
            const struct chase_option *op = &chase_options[i];
            char left[64];
            const char *h = op->help, *nl;
            int n;

            if (!(op->group & groups & chase_option_groups[g].groups))
                continue;
            if (!head++)
                fprintf(f, "%s:\n", chase_option_groups[g].title);
            if (op->key)
                n = snprintf(left, sizeof left, "  -%c, --%s%s%s", op->key, op->name, op->arg ? " " : "",
                             op->arg ? op->arg : "");
            else
                n = snprintf(left, sizeof left, "      --%s%s%s", op->name, op->arg ? " " : "", op->arg ? op->arg : "");
            /* The help in a column of its own; a long name puts it under. */
            if (n < 24)
                fprintf(f, "%-24s", left);
            else
                fprintf(f, "%s\n%24s", left, "");
            while ((nl = strchr(h, '\n'))) {
                fprintf(f, "%.*s\n%24s", (int)(nl - h), h, "");
                h = nl + 1;
            }
            fprintf(f, "%s%s\n", h, which ? takers(op, who, sizeof who) : "");
        }
    }
}
