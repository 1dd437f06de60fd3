/* options.h: what the command line asks for. */
#ifndef CHASE_OPTIONS_H
#define CHASE_OPTIONS_H

#include <stdint.h>

#include "output.h"

struct chase_opts {
    const char *backend;        /* auto, cpu, sim, cuda, hip */
    int device;
    uint64_t min, max, stride;  /* 0: default */
    unsigned steps;
    int pattern;
    unsigned repeat;
    uint64_t seed;
    enum chase_format fmt;
    int fmt_given;
    const char *output;
    const char *plot;           /* --plot FILE.png */
    const char *script;         /* --script FILE: keep the gnuplot script */
    int ns;                     /* plot ns rather than cycles */
    int quiet, verbose;
    const char *spec;
    const char *cache_op;
    int carveout;
    int no_warm;
    int sm;                     /* -2: the backend's default, -1: any */
    char command[1024];         /* the command line, for the metadata */
};

#endif
