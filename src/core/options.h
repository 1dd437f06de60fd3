/* options.h: what the command line asks for. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_OPTIONS_H
#define CHASE_OPTIONS_H

#include <stdint.h>

#include "core/format.h"

/* Option groups: a command takes the options of the groups it names (a
 * measurement's descriptor, cli/commands.c for the others), and says so
 * when given one it does not take. */
enum {
    CHASE_G_DEVICE = 1u << 0,   /* -b, -d, --sim, --seed, --sm, --carveout: every measurement */
    CHASE_G_CACHE_OP = 1u << 1, /* --cache-op */
    CHASE_G_ALLOC = 1u << 2,    /* --alloc, --l2-fetch */
    CHASE_G_RANGE = 1u << 3,    /* --min, --max, --steps, --stride, --repeat */
    CHASE_G_SWEEP = 1u << 4,    /* --pattern, --no-warm, --list-backends, --sizes */
    CHASE_G_FORMAT = 1u << 5,   /* -f */
    CHASE_G_OUTPUT = 1u << 6,   /* -o, -q, -v, -h, -V: every command */
    CHASE_G_PLOT = 1u << 7,     /* --plot */
    CHASE_G_STYLE = 1u << 8,    /* --script, --title */
    CHASE_G_CURVE = 1u << 9,    /* --ns, --spread: curves */
    CHASE_G_FROM = 1u << 10,    /* --from: the levels from a sweep's file */
    CHASE_G_LEVEL = 1u << 11,   /* --level */
    CHASE_G_BANKS = 1u << 12,   /* --lanes, --width, --op */
    CHASE_G_LOADS = 1u << 13,   /* --bytes, --lane-stride */
    CHASE_G_REPORT = 1u << 14,  /* --plot-format, --compare, --devices */
    CHASE_G_BW = 1u << 15,      /* --op, --placement */
    CHASE_G_MEMORY = 1u << 16,  /* --memory: sweep, loads, bandwidth */
    CHASE_G_END = 1u << 17,     /* --max alone: report (its sweep's and bandwidth's end) */
    CHASE_G_CARVE = 1u << 18,   /* --also-carveout: assoc */
};

struct chase_opts {
    const char *cmd;            /* the subcommand ("sweep": what chase alone runs) */
    const char *backend;        /* auto, cpu, sim, cuda, hip */
    int device;
    int device_given;           /* -d was given (a launcher's task otherwise takes its local rank's) */
    uint64_t min, max, stride;  /* 0: default */
    unsigned steps;
    int steps_given;            /* -s was given */
    const char *sizes;          /* --sizes LIST: the sweep measures these working sets only */
    int pattern;
    unsigned repeat;
    uint64_t seed;
    enum chase_format fmt;
    int fmt_given;
    const char *table;          /* --table NAME: the data table a CSV holds (NULL: the first) */
    const char *output;
    const char *plot;           /* --plot FILE: draw what was measured */
    const char *script;         /* --script FILE: keep the gnuplot script */
    const char *title;          /* --title TEXT: the plot's title */
    int spread;                 /* --spread: draw the p5-p95 band */
    int ns;                     /* plot ns rather than cycles */
    int quiet, verbose;
    const char *spec;
    const char *cache_op;
    int carveout;
    int also_carveout;          /* assoc: the first level again at this carveout; -1: not asked */
    int no_warm;
    int sm;                     /* -2: the backend's default, -1: any */
    const char *alloc;          /* --alloc: how the working set is allocated (NULL: the backend's way) */
    unsigned l2_fetch;          /* --l2-fetch: the L2 fetch granularity limit to set (0: leave it) */
    int memory;                 /* --memory: enum chase_memory (0: the device's own) */
    int peer;                   /* --memory peer:N: N */
    /* Measurements beyond the sweep. */
    const char *lanes;          /* banks --lanes FILE: a pattern of per-lane word offsets */
    unsigned width;             /* banks --width: bytes each lane of --lanes reads (0: 4) */
    const char *from;           /* loads, lines, sms: the levels from this sweep file */
    int mixed;                  /* --mixed: take --from's file though another device or backend measured it */
    const char *level;          /* loads, lines: only this level */
    uint64_t bytes;             /* loads: this working set (0: from the levels) */
    uint64_t lane_stride;       /* loads: bytes between lanes (0: the access width) */
    unsigned bw_ops;            /* bandwidth, banks --op: a bit an operation (1 << enum chase_bw_op:
                                   read 1, write 2, copy 4); 0: the command's default */
    int bw_place;               /* bandwidth --placement: enum chase_bw_place; -1: replicated */
    const char *plot_format;    /* report: png (default), pdf or svg */
    int compare;                /* report --compare DIR... */
    const char *devices;        /* report --devices all|LIST: every device of a node */
    int list, help, version;    /* --list-backends, --help, --version */
    char command[2048];         /* the command line, for the metadata */
    char **args;                /* operands (files, directories) */
    int nargs;
};


#endif
