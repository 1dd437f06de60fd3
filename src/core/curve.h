/* curve.h: a latency curve (metadata and rows) and the levels found on it. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_CURVE_H
#define CHASE_CURVE_H

#include <stddef.h>
#include <stdint.h>

/* Metadata entries at most (later keys are dropped), and the longest key
 * and value kept (longer ones are cut): a value is one line of text. */
#define CHASE_META_MAX 128
#define CHASE_META_KEY 48
#define CHASE_META_VAL 4096

/* Ordered key/value metadata, as written in '# key: value' lines.  A value
 * is text, or a number (is_num) whose text is its shortest exact form, so
 * JSON writes numbers as numbers.  The entries and their texts are
 * allocated as they are added, so a document of little metadata costs
 * little (a reader holds one a document); all zero is empty.  A copy is
 * made with chase_meta_copy, never by assigning the struct (the two would
 * share, and free, the same texts); each one set is freed with
 * chase_meta_free. */
struct chase_meta_kv {
    char *key;          /* NUL-terminated, shorter than CHASE_META_KEY */
    char *val;          /* NUL-terminated, shorter than CHASE_META_VAL */
    int is_num;
    double num;
};

struct chase_meta {
    struct chase_meta_kv *kv;
    int n, cap;
};

/* Sets key to text (replacing an earlier value of the same key).  Returns
 * 0, or -1 when out of memory or when the metadata already holds
 * CHASE_META_MAX keys (m is then as it was). */
int chase_meta_add(struct chase_meta *m, const char *key, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* Sets key to a number; returns as chase_meta_add. */
int chase_meta_num(struct chase_meta *m, const char *key, double v);
/* A result's key for one level: "L2_near.line_bytes" for level "L2 near"
 * and field "line_bytes" (a blank, a colon or a control character in the
 * level's name as '_': a key with one would not read back from TSV). */
void chase_meta_level_key(char *buf, size_t len, const char *level, const char *field);
/* The value's text, or NULL. */
const char *chase_meta_get(const struct chase_meta *m, const char *key);
/* 0 and the number if key holds one, else -1. */
int chase_meta_get_num(const struct chase_meta *m, const char *key, double *v);
/* Makes *dst a copy of *src (what dst held is freed).  Returns 0, or -1
 * when out of memory (dst is then as it was). */
int chase_meta_copy(struct chase_meta *dst, const struct chase_meta *src);
/* Frees what m holds; m is empty after, and may be used again. */
void chase_meta_free(struct chase_meta *m);

/* One measured point: per-access latency over its samples. */
struct chase_row {
    uint64_t bytes;
    double cycles;      /* median */
    double p5, p95;     /* spread of the samples, cycles */
    double ns;          /* median, NAN where the clock is unknown */
    unsigned samples;
};

struct chase_curve {
    struct chase_meta meta;
    struct chase_row *rows;
    size_t n, cap;
    char name[256];     /* file it came from, or the backend */
    char kind[32];      /* read from a file: the kind it names (sweep, tlb, ...); "" for other tools' files */
};

int chase_curve_push(struct chase_curve *c, const struct chase_row *r);
/* Frees the rows and the metadata; the curve is empty after. */
void chase_curve_free(struct chase_curve *c);

/* A plateau of the curve. */
/* A level's note: room for the finder's notes joined ("in 1 of 2 halves;
 * ends on a ramp, 686 KiB .. 1.04 MiB" was cut at 47 bytes with no mark). */
#define CHASE_LEVEL_NOTE 192

struct chase_level {
    char name[32];      /* L1, L2, ..., memory; parts of one cache ("L2 near"), "TLB reach",
                         * "beyond L2": see chase_levels_name */
    uint64_t lo;        /* largest size still on the plateau */
    uint64_t hi;        /* first size clearly above it; 0 for the last level */
    double cycles;      /* latency where the plateau is flattest */
    double ns;          /* NAN where unknown */
    double confidence;  /* 0..1 */
    size_t first, last; /* row indices of the level */
    int onset;          /* begins at a gradual onset (a TLB's reach: 1 - reach/size), not a step */
    int noise_limited;  /* [lo, hi] holds points too noisy to place: more points cannot narrow it */
    uint64_t shoulder;  /* first size off the flat plateau where a shoulder precedes the edge; 0: none */
    double shoulder_rise; /* the shoulder's highest point over the plateau, as a ratio (1.05: 5%) */
    char note[CHASE_LEVEL_NOTE];    /* e.g. "sweep ended at 4 MiB"; empty if none */
    char cache[32];     /* the driver's cache this level was matched to by size; empty if none */
    uint64_t cache_bytes; /* that cache's size as the driver reports it (never measured); 0: none */
};

#define CHASE_MAX_LEVELS 12

#endif
