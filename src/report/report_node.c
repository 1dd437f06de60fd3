/* report_node.c: chase report --devices all|LIST -o DIR: every GPU of a
 * node.  One report a device (DIR/deviceN, made as `chase report -d N`
 * makes it), the devices side by side (DIR/fleet.md, as `chase fleet`
 * merges any reports), and the topology: for every device, how far and
 * how fast each other device's memory and the host's are (DIR/topology/,
 * one sweep and one bandwidth file a pair), with the link the driver
 * reports beside it (DIR/node.json, DIR/node.md).
 *
 * What runs at once, and why:
 * - the devices' reports run concurrently: each device measures its own
 *   memory hierarchy, which no other device's report touches;
 * - the topology runs after them (a peer's chain lives in the peer's L2
 *   and would disturb its own report); first every device reads the
 *   host's memory at once (a dependent chain keeps one load in flight,
 *   too little traffic to disturb another), then the latencies between
 *   devices in rounds where each device reads one peer's memory and
 *   serves one peer, every device at once;
 * - the bandwidths one pair at a time, and those to the host one device
 *   at a time: in rounds where each device read one peer and served
 *   another, two H100s read each other at 336-344 GB/s in 3 rounds of 4,
 *   375 alone, and four H100s read some pair at 337.6-352.7 in 4 rounds
 *   of 4 (bench/NOTES.md); to the host they would share its memory and
 *   links;
 * - the devices side by side (chase fleet) beside the topology: it reads
 *   the reports' files on the host's CPU and measures nothing.
 * The runs of the topology from one device go to one worker (worker.h),
 * its process for all of them: the driver starts once a reading device,
 * at the first round, every device's at once.  The cuda backend's
 * children see only the devices they use (chase_place_child_env): a
 * CUDA process's start sets up every device it sees (a device's report
 * sees that device; its topology worker that device first, then the
 * node's others).
 *
 * Every figure is read back from the files the children wrote, through
 * the same parser as any saved file. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "core/exitcode.h"
#include "core/fresh.h"
#include "core/message.h"
#include "core/signals.h"
#include "io/doc.h"
#include "io/md.h"
#include "io/output.h"
#include "io/table.h"
#include "report/report_dir.h"
#include "report/report_md.h"
#include "report/report_place.h"
#include "report/spawn.h"
#include "report/worker.h"
#include "run/session.h"

#define NODE_MAX 64             /* devices a node report takes (a sim's most) */
#define NODE_ARGS 32

struct node_dev {
    int index;
    int status;                 /* its report's exit status; -1: not run */
    double seconds;
    char name[128], uuid[80];
    uint64_t last_cache;        /* bytes: its sweep's last cache level ends here (0: none found) */
    pid_t pid;
    double t0;
    /* The topology's runs from this device: one worker (worker.h) that
     * sees this device first (its device 0) and then every other device of
     * the node in order, where own; else every device by its index. */
    struct chase_worker topo;
    int own;
};

/* One ordered pair: device `from` reading `target` (peer:N or host). */
struct node_link {
    int from, to;               /* to: the peer, or -1 for the host */
    char target[24];            /* as --memory takes it */
    char stem[24];              /* in the files' names: peerN or host */
    int lat_status, bw_status;  /* exit statuses; -1: not run */
    double near_bytes, near_cycles, near_ns, far_bytes, far_cycles, far_ns;
    double read_gbs, read_bytes;
    double link_gbs;            /* the link's bound each way, the driver's words for it (NAN: none said) */
    double rank;                /* the driver's P2P performance rank, NAN: none said */
    char link[200];             /* the driver's (or NVML's) words for the link */
    char reason[300];           /* why a figure is missing */
    char placement[400];        /* the host: where its memory was taken (the backend's words), or "" */
};

struct node {
    const struct chase_opts *o;
    const char *dir;
    char backend[32];
    struct node_dev dev[NODE_MAX];
    int ndev, have;             /* chosen; the backend's count */
    struct node_link *link;
    int nlink;
    double t_reports, t_latency, t_bandwidth;
};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* --devices: "all", or a comma list of distinct indices below the count. */
static int parse_devices(struct node *n, const char *s)
{
    const char *p = s;
    int seen[NODE_MAX] = {0};

    n->ndev = 0;
    if (!strcmp(s, "all")) {
        for (n->ndev = 0; n->ndev < n->have && n->ndev < NODE_MAX; n->ndev++)
            n->dev[n->ndev].index = n->ndev;
        return 0;
    }
    while (*p) {
        long v = 0;
        const char *d = p;
        while (*p >= '0' && *p <= '9' && v < 100000)
            v = v * 10 + (*p++ - '0');
        if (p == d || (*p && *p != ',') || v >= n->have || v >= NODE_MAX) {
            chase_error("report: --devices '%.60s': give all, or device indices below %d separated by commas", s,
                        n->have);
            return CHASE_EXIT_USAGE;
        }
        if (seen[v]++) {
            chase_error("report: --devices '%.60s' names device %ld twice", s, v);
            return CHASE_EXIT_USAGE;
        }
        n->dev[n->ndev++].index = (int)v;
        if (*p == ',' && !*++p)
            break;
    }
    if (!n->ndev) {
        chase_error("report: --devices '%.60s' names no device", s);
        return CHASE_EXIT_USAGE;
    }
    return 0;
}

/* The node's own names in DIR: what an earlier node report may have left. */
static int node_name(const char *name)
{
    static const char *const fixed[] = {"node.json", "node.md", "fleet.tsv", "fleet.md", "fleet.log", "topology"};
    size_t i;
    const char *p;

    for (i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (!strcmp(name, fixed[i]))
            return 1;
    if (strncmp(name, "device", 6))
        return 0;
    for (p = name + 6; *p >= '0' && *p <= '9'; p++)
        ;
    return p > name + 6 && (!*p || !strcmp(p, ".log"));
}

/* The options every child takes from the node's: the backend, the
 * simulated hierarchy, the seed. */
static int common_args(const struct node *n, char **argv, int k, char (*buf)[4200], int *b)
{
    argv[k++] = "-b";
    argv[k++] = (char *)n->backend;
    if (n->o->spec) {
        argv[k++] = "--sim";
        argv[k++] = (char *)n->o->spec;
    }
    snprintf(buf[*b], sizeof buf[*b], "%llu", (unsigned long long)n->o->seed);
    argv[k++] = "--seed";
    argv[k++] = buf[(*b)++];
    return k;
}

/* ---- the devices' reports ---------------------------------------------- */

static int start_report(struct node *n, struct node_dev *d)
{
    char buf[8][4200], *argv[NODE_ARGS], log[4200];
    int k = 0, b = 0;

    /* Its parts see only its device: the report sees to that
     * (chase_place_child_env), given the device by the node's index. */
    argv[k++] = "chase";
    argv[k++] = "report";
    k = common_args(n, argv, k, buf, &b);
    snprintf(buf[b], sizeof buf[b], "%d", d->index);
    argv[k++] = "-d";
    argv[k++] = buf[b++];
    if (n->o->carveout >= 0) {
        snprintf(buf[b], sizeof buf[b], "%d", n->o->carveout);
        argv[k++] = "--carveout";
        argv[k++] = buf[b++];
    }
    if (n->o->sm != -2) {
        argv[k++] = "--sm";
        if (n->o->sm == -1)
            argv[k++] = "any";
        else {
            snprintf(buf[b], sizeof buf[b], "%d", n->o->sm);
            argv[k++] = buf[b++];
        }
    }
    if (n->o->cache_op) {
        argv[k++] = "--cache-op";
        argv[k++] = (char *)n->o->cache_op;
    }
    if (n->o->plot_format) {
        argv[k++] = "--plot-format";
        argv[k++] = (char *)n->o->plot_format;
    }
    if (n->o->max) {
        snprintf(buf[b], sizeof buf[b], "%llu", (unsigned long long)n->o->max);
        argv[k++] = "--max";
        argv[k++] = buf[b++];
    }
    if ((size_t)snprintf(buf[b], sizeof buf[b], "%s/device%d", n->dir, d->index) >= sizeof buf[b] ||
        (size_t)snprintf(log, sizeof log, "%s/device%d.log", n->dir, d->index) >= sizeof log)
        return -1;
    argv[k++] = "-o";
    argv[k++] = buf[b++];
    argv[k++] = "-q";
    argv[k] = NULL;
    d->t0 = now();
    d->pid = chase_spawn_start(argv, log, NULL);
    return d->pid < 0 ? -1 : 0;
}

/* The device's name and UUID (the driver's), and where its last cache
 * level ends, from its report's sweep. */
static void read_device(struct node *n, struct node_dev *d)
{
    char path[4200], err[300];
    struct chase_doc *docs = NULL;
    size_t nd = 0, r;
    const char *v;

    if ((size_t)snprintf(path, sizeof path, "%s/device%d/sweep.tsv", n->dir, d->index) >= sizeof path ||
        chase_docs_read(path, &docs, &nd, err, sizeof err) || !nd)
        return;
    if ((v = chase_meta_get(&docs[0].meta, "device")))
        snprintf(d->name, sizeof d->name, "%s", v);
    if ((v = chase_meta_get(&docs[0].meta, "driver.uuid")))
        snprintf(d->uuid, sizeof d->uuid, "%s", v);
    {
        const struct chase_doc_table *lv = chase_doc_table(&docs[0], "levels");
        for (r = 0; lv && r < lv->nrows; r++) {
            double hi = chase_md_cellv(lv, r, "hi")->num;
            if (isfinite(hi) && hi > (double)d->last_cache && hi < 1e15)
                d->last_cache = (uint64_t)hi;
        }
    }
    chase_docs_free(docs, nd);
}

static void run_reports(struct node *n, int progress)
{
    double t0 = now();
    int i, left = 0;

    for (i = 0; i < n->ndev; i++) {
        n->dev[i].status = -1;
        if (start_report(n, &n->dev[i]) == 0)
            left++;
    }
    if (progress) {
        fprintf(stderr, "\r\033[Knode: the reports of %d devices, at once", n->ndev);
        fflush(stderr);
    }
    /* Children end in any order; each is waited for in turn, and its time
     * is its own (taken when it is reaped, so at most the later ones'). */
    for (i = 0; i < n->ndev; i++) {
        if (n->dev[i].pid < 0)
            continue;
        n->dev[i].status = chase_spawn_wait(n->dev[i].pid);
        n->dev[i].seconds = now() - n->dev[i].t0;
        if (chase_stop_signal(n->dev[i].status) && !chase_stop)
            chase_stop = chase_stop_signal(n->dev[i].status);
    }
    for (i = 0; i < n->ndev; i++)
        read_device(n, &n->dev[i]);
    n->t_reports = now() - t0;
}

/* ---- the topology ------------------------------------------------------- */

static uint64_t clamp_size(double v)
{
    if (!(v >= 4096))
        return 4096;
    return v > 1e15 ? (uint64_t)1e15 : (uint64_t)v;
}

/* The devices d's topology worker sees: d first, then every other device
 * of the node in order, so the cuda driver starts once a reading device,
 * not once a run (on an H100 a start is 0.3 s alone, 0.5-0.6 s beside
 * another; bench/NOTES.md). */
static void topo_init(struct node *n, struct node_dev *d)
{
    int idx[NODE_MAX], k = 0, i;
    char env[1100];

    idx[k++] = d->index;
    for (i = 0; i < n->ndev; i++)
        if (n->dev[i].index != d->index)
            idx[k++] = n->dev[i].index;
    d->own = !chase_place_child_env(n->backend, idx, k, env, sizeof env);
    chase_worker_init(&d->topo, d->own ? env : NULL);
}

/* The number d's worker knows device index by. */
static int topo_number(const struct node *n, const struct node_dev *d, int index)
{
    int i, k = 1;

    if (!d->own || index == d->index)
        return d->own ? 0 : index;
    for (i = 0; i < n->ndev; i++)
        if (n->dev[i].index != d->index) {
            if (n->dev[i].index == index)
                return k;
            k++;
        }
    return index;
}

/* The arguments every run of a pair takes: the node's, the reading
 * device, the target memory (as the reading device's worker numbers
 * them); then, by pair_send, the file and its log
 * (topology/WHAT-FROM-TO.tsv and .log) and -q. */
static int pair_args(struct node *n, const struct node_link *l, const struct node_dev *d, char **argv, int k,
                     char (*buf)[4200], int *b)
{
    k = common_args(n, argv, k, buf, b);
    snprintf(buf[*b], sizeof buf[*b], "%d", topo_number(n, d, l->from));
    argv[k++] = "-d";
    argv[k++] = buf[(*b)++];
    argv[k++] = "--memory";
    if (l->to >= 0) {
        snprintf(buf[*b], sizeof buf[*b], "peer:%d", topo_number(n, d, l->to));
        argv[k++] = buf[(*b)++];
    } else {
        argv[k++] = (char *)l->target;
    }
    return k;
}

static int pair_send(struct node *n, const struct node_link *l, struct node_dev *d, const char *what, char **argv,
                     int k, char (*buf)[4200], int b)
{
    char log[4200];

    if ((size_t)snprintf(buf[b], sizeof buf[b], "%s/topology/%s-%d-%s.tsv", n->dir, what, l->from, l->stem) >=
            sizeof buf[b] ||
        (size_t)snprintf(log, sizeof log, "%s/topology/%s-%d-%s.log", n->dir, what, l->from, l->stem) >= sizeof log)
        return -1;
    argv[k++] = "-o";
    argv[k++] = buf[b];
    argv[k++] = "-q";
    argv[k] = NULL;
    return chase_worker_send(&d->topo, argv, log);
}

/* The sweep of one pair at two working sets: a quarter of the reader's
 * last cache (a peer holds such a set in its own last cache) and four
 * times it (past any cache: its memory). */
static int send_latency(struct node *n, struct node_link *l, struct node_dev *d)
{
    char buf[10][4200], *argv[NODE_ARGS];
    int k = 0, b = 0;

    argv[k++] = "chase";
    k = pair_args(n, l, d, argv, k, buf, &b);
    snprintf(buf[b], sizeof buf[b], "%llu,%llu", (unsigned long long)clamp_size((double)d->last_cache / 4),
             (unsigned long long)clamp_size((double)d->last_cache * 4));
    argv[k++] = "--sizes";
    argv[k++] = buf[b++];
    return pair_send(n, l, d, "latency", argv, k, buf, b);
}

/* One streamed read past every cache of either end. */
static int send_bandwidth(struct node *n, struct node_link *l, struct node_dev *d)
{
    char buf[10][4200], *argv[NODE_ARGS];
    int k = 0, b = 0;

    argv[k++] = "chase";
    argv[k++] = "bandwidth";
    k = pair_args(n, l, d, argv, k, buf, &b);
    argv[k++] = "--op";
    argv[k++] = "read";
    argv[k++] = "--placement";
    argv[k++] = "stream";
    snprintf(buf[b], sizeof buf[b], "%llu", (unsigned long long)clamp_size((double)d->last_cache * 4));
    argv[k++] = "--min";
    argv[k++] = buf[b];
    argv[k++] = "--max";
    argv[k++] = buf[b++];
    return pair_send(n, l, d, "bandwidth", argv, k, buf, b);
}

/* The last line a child wrote on stderr, for the reason a figure is missing. */
static void last_line(struct node *n, const struct node_link *l, const char *what, char *out, size_t len)
{
    char path[4200], line[512];
    FILE *f;

    if ((size_t)snprintf(path, sizeof path, "%s/topology/%s-%d-%s.log", n->dir, what, l->from, l->stem) >=
            sizeof path ||
        !(f = fopen(path, "r")))
        return;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = 0;
        if (line[0] && strncmp(line, "Try ", 4))
            snprintf(out, len, "%s: %.250s", what, !strncmp(line, "chase: ", 7) ? line + 7 : line);
    }
    fclose(f);
}

static int read_doc(struct node *n, const struct node_link *l, const char *what, struct chase_doc **docs,
                    size_t *nd)
{
    char path[4200], err[300];

    *docs = NULL;
    *nd = 0;
    if ((size_t)snprintf(path, sizeof path, "%s/topology/%s-%d-%s.tsv", n->dir, what, l->from, l->stem) >=
        sizeof path)
        return -1;
    if (chase_docs_read(path, docs, nd, err, sizeof err) || !*nd) {
        chase_docs_free(*docs, *nd);
        *docs = NULL;
        return -1;
    }
    return 0;
}

/* The pair's figures: the latency at the sweep's first and last points,
 * the read bandwidth of the streamed point, the driver's link words. */
static void read_link(struct node *n, struct node_link *l)
{
    struct chase_doc *docs;
    size_t nd, r;
    const char *v;

    l->near_bytes = l->near_cycles = l->near_ns = l->far_bytes = l->far_cycles = l->far_ns = NAN;
    l->read_gbs = l->read_bytes = l->rank = l->link_gbs = NAN;
    if (!read_doc(n, l, "latency", &docs, &nd)) {
        const struct chase_doc_table *pt = chase_doc_table(&docs[0], "points");
        for (r = 0; pt && r < pt->nrows; r++) {
            double by = chase_md_cellv(pt, r, "bytes")->num;
            if (!isfinite(by))
                continue;
            if (isnan(l->near_bytes) || by < l->near_bytes) {
                l->near_bytes = by;
                l->near_cycles = chase_md_cellv(pt, r, "cycles")->num;
                l->near_ns = chase_md_cellv(pt, r, "ns")->num;
            }
            if (isnan(l->far_bytes) || by > l->far_bytes) {
                l->far_bytes = by;
                l->far_cycles = chase_md_cellv(pt, r, "cycles")->num;
                l->far_ns = chase_md_cellv(pt, r, "ns")->num;
            }
        }
        if ((v = chase_meta_get(&docs[0].meta, "driver.link")))
            snprintf(l->link, sizeof l->link, "%s", v);
        if ((v = chase_meta_get(&docs[0].meta, "driver.p2p_performance_rank")))
            l->rank = strtod(v, NULL);
        if ((v = chase_meta_get(&docs[0].meta, "host_memory_placement")))
            snprintf(l->placement, sizeof l->placement, "%s", v);
        chase_docs_free(docs, nd);
    }
    if (!read_doc(n, l, "bandwidth", &docs, &nd)) {
        const struct chase_doc_table *pt = chase_doc_table(&docs[0], "points");
        for (r = 0; pt && r < pt->nrows; r++) {
            const struct chase_cell *op = chase_md_cellv(pt, r, "op");
            double by = chase_md_cellv(pt, r, "bytes")->num;
            if (op->text && !strcmp(op->text, "read") && isfinite(by) && !(by < l->read_bytes)) {
                l->read_bytes = by;
                l->read_gbs = chase_md_cellv(pt, r, "gbs")->num;
            }
        }
        if (!l->link[0] && (v = chase_meta_get(&docs[0].meta, "driver.link")))
            snprintf(l->link, sizeof l->link, "%s", v);
        if ((v = chase_meta_get(&docs[0].meta, "driver.link_peak_gbs")) && strtod(v, NULL) > 0)
            l->link_gbs = strtod(v, NULL);
        chase_docs_free(docs, nd);
    }
    if (l->lat_status != 0)
        last_line(n, l, "latency", l->reason, sizeof l->reason);
    if (l->bw_status != 0 && !l->reason[0])
        last_line(n, l, "bandwidth", l->reason, sizeof l->reason);
}

static int make_links(struct node *n)
{
    int i, j, k = 0;

    n->link = calloc((size_t)n->ndev * (size_t)(n->ndev + 1), sizeof *n->link);
    if (!n->link)
        return -1;
    for (i = 0; i < n->ndev; i++)
        for (j = 0; j <= n->ndev; j++) {
            struct node_link *l;
            if (j < n->ndev && j == i)
                continue;
            l = &n->link[k++];
            l->from = n->dev[i].index;
            l->to = j < n->ndev ? n->dev[j].index : -1;
            if (l->to >= 0) {
                snprintf(l->target, sizeof l->target, "peer:%d", l->to);
                snprintf(l->stem, sizeof l->stem, "peer%d", l->to);
            } else {
                snprintf(l->target, sizeof l->target, "host");
                snprintf(l->stem, sizeof l->stem, "host");
            }
            l->lat_status = l->bw_status = -1;
        }
    n->nlink = k;
    return 0;
}

static struct node_dev *dev_of(struct node *n, int index)
{
    int i;
    for (i = 0; i < n->ndev; i++)
        if (n->dev[i].index == index)
            return &n->dev[i];
    return NULL;
}

/* The link from the i-th device to the t-th (t == ndev: the host), or -1. */
static int link_of(const struct node *n, int i, int t)
{
    int k, to = t < n->ndev ? n->dev[t].index : -1;

    for (k = 0; k < n->nlink; k++)
        if (n->link[k].from == n->dev[i].index && n->link[k].to == to)
            return k;
    return -1;
}

/* Runs the measurement (latency or bandwidth) of the links named in set,
 * all at once (each from a device of its own: its worker), and waits for
 * them. */
static void run_set(struct node *n, const int *set, int count, int bandwidth)
{
    int sent[NODE_MAX], j;

    for (j = 0; j < count; j++) {
        struct node_link *l = &n->link[set[j]];
        struct node_dev *d = dev_of(n, l->from);
        sent[j] = 0;
        if (!d || !d->last_cache) {
            snprintf(l->reason, sizeof l->reason, "device %d's report found no cache level to size the working "
                     "sets by", l->from);
            continue;
        }
        if (bandwidth && (l->lat_status == CHASE_EXIT_TARGET || l->lat_status == CHASE_EXIT_UNSUPPORTED))
            continue;       /* no way there: the latency's run said why */
        sent[j] = (bandwidth ? send_bandwidth(n, l, d) : send_latency(n, l, d)) == 0;
        if (!sent[j] && !chase_stop) {
            *(bandwidth ? &l->bw_status : &l->lat_status) = CHASE_EXIT_FAIL;
            snprintf(l->reason, sizeof l->reason, "the run could not be given to device %d's worker (no worker "
                     "process could be started, or a path too long)", l->from);
        }
    }
    for (j = 0; j < count; j++) {
        struct node_link *l = &n->link[set[j]];
        int st;
        if (!sent[j])
            continue;
        st = chase_worker_wait(&dev_of(n, l->from)->topo);
        if (bandwidth)
            l->bw_status = st;
        else
            l->lat_status = st;
        if (chase_stop_signal(st) && !chase_stop)
            chase_stop = chase_stop_signal(st);
    }
}

/* The host's memory from every device: the latencies at once (a
 * dependent chain keeps one load in flight: too little traffic to disturb
 * another), the bandwidths one device at a time (they would share the
 * host's memory and links). */
static void host_round(struct node *n, int bandwidth, int progress)
{
    int set[NODE_MAX], i, count;
    double t0 = now();

    if (progress) {
        fprintf(stderr, "\r\033[Knode: topology, %s to the host", bandwidth ? "bandwidths" : "latencies");
        fflush(stderr);
    }
    for (i = count = 0; i < n->ndev && !chase_stop; i++)
        if ((set[count] = link_of(n, i, n->ndev)) >= 0) {
            count++;
            if (bandwidth) {
                run_set(n, set, 1, 1);
                count = 0;
            }
        }
    if (count && !chase_stop)
        run_set(n, set, count, 0);
    *(bandwidth ? &n->t_bandwidth : &n->t_latency) += now() - t0;
}

/* Between devices: rounds where the i-th device reads the (i + r)-th's
 * memory.  Latencies run a round at once (each device runs one chain and
 * serves one other's: the latencies read at once and alone agreed within
 * 0.1%); bandwidths one at a time: streams at once slowed each other by up
 * to 10% (the reverse direction's traffic on the same links). */
static void peer_rounds(struct node *n, int bandwidth, int progress)
{
    int set[NODE_MAX], r, i, count;
    double t0 = now();

    for (r = 1; r < n->ndev && !chase_stop; r++) {
        if (progress) {
            fprintf(stderr, "\r\033[Knode: topology, %s between devices, round %d of %d",
                    bandwidth ? "bandwidths" : "latencies", r, n->ndev - 1);
            fflush(stderr);
        }
        for (i = count = 0; i < n->ndev; i++)
            if ((set[count] = link_of(n, i, (i + r) % n->ndev)) >= 0) {
                count++;
                if (bandwidth && !chase_stop) {
                    run_set(n, set, 1, 1);
                    count = 0;
                }
            }
        if (count && !chase_stop)
            run_set(n, set, count, 0);
    }
    *(bandwidth ? &n->t_bandwidth : &n->t_latency) += now() - t0;
}

/* The host first: its latency is the first memory a device's worker
 * takes, as in a process of its own (on two H100s, the far point read
 * 2600-2770 cycles where the worker had run other runs first, 2440-2540
 * in fresh processes; bench/NOTES.md), and its bandwidth next; then the
 * peers.  The latency and bandwidth runs each once a link, each phase's
 * time summed over its rounds. */
static void run_topology(struct node *n, int progress)
{
    int k, i;

    for (i = 0; i < n->ndev; i++)
        topo_init(n, &n->dev[i]);
    n->t_latency = n->t_bandwidth = 0;
    host_round(n, 0, progress);
    if (!chase_stop)
        host_round(n, 1, progress);
    if (!chase_stop)
        peer_rounds(n, 0, progress);
    if (!chase_stop)
        peer_rounds(n, 1, progress);
    for (i = 0; i < n->ndev; i++)
        chase_worker_stop(&n->dev[i].topo);
    for (k = 0; k < n->nlink; k++)
        read_link(n, &n->link[k]);
}

/* ---- the devices side by side ------------------------------------------ */

/* chase fleet over the devices' reports, started beside the topology:
 * it reads files and draws plots on the host's CPU, and measures nothing
 * (the topology's chains run on the devices, from memory the CPU does not
 * touch meanwhile).  Returns its pid, or -1. */
static pid_t start_fleet(struct node *n)
{
    char buf[NODE_MAX + 8][4200];
    char *argv[NODE_MAX + 12], log[4200];
    int k = 0, i, b = 0;

    if (n->ndev < 2)
        return -1;
    argv[k++] = "chase";
    argv[k++] = "fleet";
    for (i = 0; i < n->ndev; i++) {
        if ((size_t)snprintf(buf[b], sizeof buf[b], "%s/device%d", n->dir, n->dev[i].index) >= sizeof buf[b])
            return -1;
        argv[k++] = buf[b++];
    }
    argv[k++] = "-o";
    argv[k++] = (char *)n->dir;
    argv[k++] = "-q";
    argv[k] = NULL;
    if ((size_t)snprintf(log, sizeof log, "%s/fleet.log", n->dir) >= sizeof log)
        return -1;
    return chase_spawn_start(argv, log, NULL);
}

/* ---- node.json and node.md --------------------------------------------- */

struct dev_row {
    double index, exit, seconds, last_cache;
    const char *name, *uuid, *report, *status;
};
#define DR(NAME, TYPE, F, FIELD, ROUND, FLAGS) CHASE_COL(NAME, TYPE, struct dev_row, F, FIELD, ROUND, FLAGS)
static const struct chase_column dev_cols[] = {
    DR("device", CHASE_INT, index, CHASE_F_DOUBLE, CHASE_R_NONE, 0),
    DR("name", CHASE_TEXT, name, CHASE_F_STR, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    DR("uuid", CHASE_TEXT, uuid, CHASE_F_STR, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    DR("report", CHASE_TEXT, report, CHASE_F_STR, CHASE_R_NONE, 0),
    DR("status", CHASE_TEXT, status, CHASE_F_STR, CHASE_R_NONE, 0),
    DR("exit", CHASE_INT, exit, CHASE_F_DOUBLE, CHASE_R_NONE, 0),
    DR("seconds", CHASE_REAL, seconds, CHASE_F_DOUBLE, CHASE_R_R2, 0),
    DR("last_cache_bytes", CHASE_INT, last_cache, CHASE_F_DOUBLE, CHASE_R_NONE, 0),
};
static const struct chase_table devices_table = {"devices", dev_cols, CHASE_COLS(dev_cols), NULL};

struct link_row {
    double from, to, rank;
    const char *target, *link;
    double near_bytes, near_cycles, near_ns, far_bytes, far_cycles, far_ns, read_bytes, read_gbs, link_gbs;
    const char *latency, *bandwidth, *reason, *placement;
};
#define LR(NAME, TYPE, F, FIELD, ROUND, FLAGS) CHASE_COL(NAME, TYPE, struct link_row, F, FIELD, ROUND, FLAGS)
static const struct chase_column link_cols[] = {
    LR("from", CHASE_INT, from, CHASE_F_DOUBLE, CHASE_R_NONE, 0),
    LR("target", CHASE_TEXT, target, CHASE_F_STR, CHASE_R_NONE, 0),
    LR("to", CHASE_INT, to, CHASE_F_DOUBLE, CHASE_R_NONE, 0),
    LR("link", CHASE_TEXT, link, CHASE_F_STR, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LR("p2p_rank", CHASE_INT, rank, CHASE_F_DOUBLE, CHASE_R_NONE, 0),
    LR("near_bytes", CHASE_INT, near_bytes, CHASE_F_DOUBLE, CHASE_R_NONE, 0),
    LR("near_cycles", CHASE_REAL, near_cycles, CHASE_F_DOUBLE, CHASE_R_R2, 0),
    LR("near_ns", CHASE_REAL, near_ns, CHASE_F_DOUBLE, CHASE_R_R2, 0),
    LR("far_bytes", CHASE_INT, far_bytes, CHASE_F_DOUBLE, CHASE_R_NONE, 0),
    LR("far_cycles", CHASE_REAL, far_cycles, CHASE_F_DOUBLE, CHASE_R_R2, 0),
    LR("far_ns", CHASE_REAL, far_ns, CHASE_F_DOUBLE, CHASE_R_R2, 0),
    LR("read_bytes", CHASE_INT, read_bytes, CHASE_F_DOUBLE, CHASE_R_NONE, 0),
    LR("read_gbs", CHASE_REAL, read_gbs, CHASE_F_DOUBLE, CHASE_R_R2, 0),
    LR("link_peak_gbs", CHASE_REAL, link_gbs, CHASE_F_DOUBLE, CHASE_R_R2, 0),
    LR("latency_status", CHASE_TEXT, latency, CHASE_F_STR, CHASE_R_NONE, 0),
    LR("bandwidth_status", CHASE_TEXT, bandwidth, CHASE_F_STR, CHASE_R_NONE, 0),
    LR("reason", CHASE_TEXT, reason, CHASE_F_STR, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
    LR("host_memory_placement", CHASE_TEXT, placement, CHASE_F_STR, CHASE_R_NONE, CHASE_ZERO_UNKNOWN),
};
static const struct chase_table links_table = {"topology", link_cols, CHASE_COLS(link_cols), NULL};

static const char concurrency[] =
    "the devices' reports at once (each measures its own memory, which no other report touches); then the "
    "topology, its runs from a device in one worker process: the latencies to the host every device's at once "
    "(a dependent chain keeps one load in flight), the bandwidths to the host one device at a time, the "
    "latencies between devices in rounds where every device reads one peer's memory and serves one peer, at "
    "once, and the bandwidths between devices one pair at a time (streams at once slowed each other by up to "
    "10% between devices, and would share the host's memory and links); the devices side by side (chase "
    "fleet) beside the topology: it reads files and measures nothing";

static void describe(const struct node *n, struct chase_meta *m, struct chase_meta *res, const char *host)
{
    chase_meta_add(m, "tool", "%s %s", PACKAGE_NAME, PACKAGE_VERSION);
    chase_meta_add(m, "command", "%s", n->o->command);
    chase_meta_add(m, "backend", "%s", n->backend);
    chase_meta_add(m, "host", "%s", host);
    chase_meta_num(m, "devices", n->ndev);
    chase_meta_num(m, "devices_present", n->have);
    chase_meta_add(m, "concurrency", "%s", concurrency);
    chase_meta_add(m, "latency", "a sweep from the reading device at two working sets (chase --memory TARGET "
                   "--sizes NEAR,FAR): a quarter of its last cache level (near: a peer holds it in its own last "
                   "cache) and four times it (far: its memory); the cycles are the reading device's SM clock, the "
                   "ns its timer's");
    chase_meta_add(m, "bandwidth", "chase bandwidth --memory TARGET --op read --placement stream, one point of "
                   "four times the reader's last cache; GB/s are 10^9 bytes a second");
    chase_meta_add(m, "link", "the driver's words for the pair (NVML's NVLink count where the driver has NVML), "
                   "never measured; link_peak_gbs: the most those links carry each way (chase bandwidth's bound of "
                   "the read)");
    chase_meta_num(res, "reports_s", floor(n->t_reports * 100 + 0.5) / 100);
    chase_meta_num(res, "topology_latency_s", floor(n->t_latency * 100 + 0.5) / 100);
    chase_meta_num(res, "topology_bandwidth_s", floor(n->t_bandwidth * 100 + 0.5) / 100);
}

static void fill_dev_row(const struct node *n, int i, struct dev_row *r, char *rep, size_t len)
{
    const struct node_dev *d = &n->dev[i];

    snprintf(rep, len, "device%d", d->index);
    r->index = d->index;
    r->name = d->name;
    r->uuid = d->uuid;
    r->report = rep;
    r->status = chase_exit_state(d->status, 0);
    r->exit = d->status < 0 ? NAN : d->status;
    r->seconds = d->status < 0 ? NAN : d->seconds;
    r->last_cache = d->last_cache ? (double)d->last_cache : NAN;
}

static void fill_link_row(const struct node_link *l, struct link_row *r)
{
    r->from = l->from;
    r->to = l->to < 0 ? NAN : l->to;
    r->rank = l->rank;
    r->target = l->target;
    r->link = l->link;
    r->near_bytes = l->near_bytes;
    r->near_cycles = l->near_cycles;
    r->near_ns = l->near_ns;
    r->far_bytes = l->far_bytes;
    r->far_cycles = l->far_cycles;
    r->far_ns = l->far_ns;
    r->read_bytes = l->read_bytes;
    r->read_gbs = l->read_gbs;
    r->link_gbs = l->link_gbs;
    r->latency = chase_exit_state(l->lat_status, 0);
    r->bandwidth = chase_exit_state(l->bw_status, 0);
    r->reason = l->reason;
    r->placement = l->placement;
}

static int write_json(const struct node *n, const char *path, const char *status, const char *host)
{
    struct chase_writer w;
    struct chase_meta m, res;
    char rep[32];
    int i, bad;

    memset(&m, 0, sizeof m);
    memset(&res, 0, sizeof res);
    describe(n, &m, &res, host);
    if (chase_writer_open(&w, path, CHASE_FMT_JSON)) {
        chase_error("%s", w.err);
        chase_meta_free(&m);
        chase_meta_free(&res);
        return CHASE_EXIT_FILE;
    }
    bad = chase_writer_begin(&w, "node", &m) || chase_writer_table(&w, &devices_table);
    for (i = 0; i < n->ndev && !bad; i++) {
        struct dev_row r;
        fill_dev_row(n, i, &r, rep, sizeof rep);
        bad = chase_writer_put(&w, &r);
    }
    bad = bad || chase_writer_table(&w, &links_table);
    for (i = 0; i < n->nlink && !bad; i++) {
        struct link_row r;
        fill_link_row(&n->link[i], &r);
        bad = chase_writer_put(&w, &r);
    }
    bad = bad || chase_writer_results(&w, &res) || chase_writer_end(&w, status);
    if (chase_writer_close(&w, !bad, NULL, 0) || bad) {
        chase_error("%s", w.err);
        bad = 1;
    }
    chase_meta_free(&m);
    chase_meta_free(&res);
    return bad ? CHASE_EXIT_FILE : 0;
}

static void md_cell(FILE *f, const struct node_link *l)
{
    if (isnan(l->near_cycles) && isnan(l->read_gbs)) {
        fputs("not measured", f);
        return;
    }
    if (!isnan(l->near_cycles))
        fprintf(f, "%.0f / %.0f cyc (%.0f / %.0f ns)", l->near_cycles, l->far_cycles, l->near_ns, l->far_ns);
    if (!isnan(l->read_gbs))
        fprintf(f, "%s%.1f GB/s", isnan(l->near_cycles) ? "" : "<br>", l->read_gbs);
    if (!isnan(l->read_gbs) && l->link_gbs > 0 && l->read_gbs > l->link_gbs)
        fprintf(f, " (**above the link's %.4g GB/s: a defect**)", l->link_gbs);
    else if (!isnan(l->read_gbs) && l->link_gbs > 0)
        fprintf(f, " (%.0f%% of the link's %.4g)", 100 * l->read_gbs / l->link_gbs, l->link_gbs);
    if (l->link[0]) {
        fputs("<br>", f);
        chase_md_text(f, l->link);
    }
    if (l->placement[0]) {
        fputs("<br>host memory ", f);
        chase_md_text(f, l->placement);
    }
}

static int write_md(const struct node *n, const char *path, const char *status, const char *host, int fleet)
{
    FILE *f = chase_fresh_fopen(path);
    int i, j, k;

    if (!f) {
        chase_error("cannot write '%s': %s", path, strerror(errno));
        return CHASE_EXIT_FILE;
    }
    fprintf(f, "# chase node report: %d device%s of ", n->ndev, n->ndev == 1 ? "" : "s");
    chase_md_text(f, host);
    fprintf(f, "\n\n%s in %.1f s: the devices' reports at once in %.1f s, the topology's latencies in %.1f s "
            "and its bandwidths in %.1f s (backend ", !strcmp(status, "complete") ? "Measured" : "Stopped",
            n->t_reports + n->t_latency + n->t_bandwidth, n->t_reports, n->t_latency, n->t_bandwidth);
    chase_md_text(f, n->backend);
    fprintf(f, "). What ran at once: %s.\n\n## Devices\n\n", concurrency);
    fputs("| device | name | UUID (the driver's) | report | status | seconds |\n"
          "|---|---|---|---|---|---|\n", f);
    for (i = 0; i < n->ndev; i++) {
        const struct node_dev *d = &n->dev[i];
        fprintf(f, "| %d | ", d->index);
        chase_md_text(f, d->name[0] ? d->name : "?");
        fputs(" | ", f);
        chase_md_text(f, d->uuid[0] ? d->uuid : "not said");
        fprintf(f, " | [device%d](device%d/report.md) | %s | %.1f |\n", d->index, d->index,
                chase_exit_state(d->status, 1), d->status < 0 ? 0.0 : d->seconds);
    }
    /* Only a merge that wrote its files (0, or outliers found): one a
     * signal stopped may have left none, or an earlier run's. */
    if (fleet == 0 || fleet == CHASE_EXIT_OUTLIERS)
        fprintf(f, "\nEvery figure of the devices' reports side by side, with the rule that marks an outlier: "
                "[fleet.md](fleet.md)%s.\n", n->ndev < 3 ? " (with fewer than three devices no figure is called "
                "an outlier: the table shows the differences)" : "");
    fputs("\n## Topology\n\nA row a reading device, a column a memory it reads: the latency of a dependent chain "
          "near (a quarter of the reader's last cache: a peer serves it from its own last cache) and far (four "
          "times it: the memory), the read bandwidth of the whole reading device streaming from it, and the "
          "link as the driver names it (not measured).\n\n| reads from | ", f);
    for (j = 0; j < n->ndev; j++)
        fprintf(f, "device %d | ", n->dev[j].index);
    fputs("host |\n|---|", f);
    for (j = 0; j <= n->ndev; j++)
        fputs("---|", f);
    fputc('\n', f);
    for (i = 0; i < n->ndev; i++) {
        fprintf(f, "| device %d | ", n->dev[i].index);
        for (j = 0; j <= n->ndev; j++) {
            int to = j < n->ndev ? n->dev[j].index : -1;
            if (j == i) {
                fputs("(own: its report) | ", f);
                continue;
            }
            for (k = 0; k < n->nlink; k++)
                if (n->link[k].from == n->dev[i].index && n->link[k].to == to)
                    md_cell(f, &n->link[k]);
            fputs(" | ", f);
        }
        fputc('\n', f);
    }
    for (k = 0; k < n->nlink; k++)
        if (n->link[k].reason[0]) {
            fprintf(f, "\n- device %d, %s: ", n->link[k].from, n->link[k].target);
            chase_md_text(f, n->link[k].reason);
        }
    fputs("\n\nThe files: topology/latency-FROM-TO.tsv (the sweep; TO: peerN or host), topology/bandwidth-FROM-TO.tsv, "
          "node.json (every figure above, typed).\n", f);
    if (ferror(f) | fclose(f)) {
        chase_error("writing '%s' failed", path);
        return CHASE_EXIT_FILE;
    }
    return 0;
}

int chase_report_node(const struct chase_opts *o)
{
    struct node n;
    char path[4200], host[256] = "";
    const char *status = "complete";
    int code, i, fleet = -1, progress = !o->quiet && isatty(STDERR_FILENO);
    pid_t fleet_pid = -1;

    memset(&n, 0, sizeof n);
    n.o = o;
    n.dir = o->output;
    /* The backend and how many devices it has, before the directory: its
     * probe, no device opened (each device's report opens its own). */
    if ((code = chase_session_backend(o, n.backend, sizeof n.backend, &n.have)))
        return code;
    if ((code = parse_devices(&n, o->devices)) || (code = chase_report_dir_check(n.dir, node_name, "node report")) ||
        (code = chase_report_dir_make(n.dir)))
        return code;
    if ((size_t)snprintf(path, sizeof path, "%s/topology", n.dir) >= sizeof path || (code = chase_report_dir_make(path)))
        return code ? code : CHASE_EXIT_USAGE;
    gethostname(host, sizeof host - 1);
    chase_catch_signals();
    /* The devices' reports are this node's, not a launcher's tasks. */
    setenv("CHASE_LAUNCHER", "none", 1);
    run_reports(&n, progress);
    if (make_links(&n)) {
        chase_error("out of memory");
        return CHASE_EXIT_FAIL;
    }
    if (!chase_stop)
        fleet_pid = start_fleet(&n);
    if (!chase_stop)
        run_topology(&n, progress);
    if (fleet_pid > 0)
        fleet = chase_spawn_wait(fleet_pid);
    if (progress)
        fputs("\r\033[K", stderr);
    if (chase_stop) {
        status = "interrupted";
        code = chase_signal_exit();
    }
    if ((size_t)snprintf(path, sizeof path, "%s/node.json", n.dir) < sizeof path) {
        int rc = write_json(&n, path, status, host);
        code = code ? code : rc;
    }
    if ((size_t)snprintf(path, sizeof path, "%s/node.md", n.dir) < sizeof path) {
        int rc = write_md(&n, path, status, host, fleet);
        code = code ? code : rc;
    }
    if (!o->quiet) {
        for (i = 0; i < n.ndev; i++)
            fprintf(stderr, "chase: report: device %d %-8s %6.1f s\n", n.dev[i].index, chase_exit_state(n.dev[i].status, 1),
                       n.dev[i].status < 0 ? 0.0 : n.dev[i].seconds);
        fprintf(stderr, "chase: report: topology, %d pairs: latencies %.1f s, bandwidths %.1f s\n", n.nlink, n.t_latency,
                   n.t_bandwidth);
        fprintf(stderr, "chase: report: %s/node.md, %.1f s in all\n", n.dir, n.t_reports + n.t_latency + n.t_bandwidth);
    }
    /* A device whose report failed fails the node; the others' stay. */
    for (i = 0; i < n.ndev && !code; i++)
        if (n.dev[i].status > 0 && n.dev[i].status != CHASE_EXIT_BOUND)
            code = CHASE_EXIT_FAIL;
    for (i = 0; i < n.nlink && !code; i++)
        if ((n.link[i].lat_status > 0 && n.link[i].lat_status != CHASE_EXIT_TARGET &&
             n.link[i].lat_status != CHASE_EXIT_UNSUPPORTED) ||
            (n.link[i].bw_status > 0 && n.link[i].bw_status != CHASE_EXIT_UNSUPPORTED &&
             n.link[i].bw_status != CHASE_EXIT_BOUND))
            code = CHASE_EXIT_FAIL;
    if (!code && fleet == CHASE_EXIT_OUTLIERS)
        code = CHASE_EXIT_OUTLIERS;
    free(n.link);
    return code;
}
