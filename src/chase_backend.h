/* chase_backend.h: the interface between the chase core and its backends. */
#ifndef CHASE_BACKEND_H
#define CHASE_BACKEND_H

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

/* Bumped whenever struct chase_backend or what it passes changes; the
 * loader refuses a module built against another number. */
#define CHASE_BACKEND_ABI 1

/* What a backend call returns. */
enum chase_status {
    CHASE_OK = 0,
    CHASE_EINVAL,   /* a parameter the backend cannot use (bad spec, device index) */
    CHASE_ENODEV,   /* no usable device or runtime */
    CHASE_ENOMEM,   /* the working set does not fit */
    CHASE_EFAIL,    /* a runtime call or kernel failed */
    CHASE_EINTR     /* stopped by a signal */
};

enum chase_pattern { CHASE_PATTERN_RANDOM = 0, CHASE_PATTERN_SEQ = 1 };

#define CHASE_ERRLEN 256
#define CHASE_MAX_KV 24
#define CHASE_MAX_CACHES 8
#define CHASE_MAX_SAMPLES 64

struct chase_kv {
    char key[40];
    char val[160];
};

/* What a backend says about the device it opened.  facts and caches are the
 * driver's (or the OS's) figures, never measured ones: the core prints them
 * as such beside what it measured. */
struct chase_devinfo {
    char name[128];
    char arch[64];
    char timer[128];            /* what the cycles and ns columns come from */
    uint64_t default_stride;    /* bytes; the line size the device is best read at */
    uint64_t default_max;       /* bytes; the sweep's default upper end */
    struct chase_kv settings[CHASE_MAX_KV];   /* how it measures: cache op, carveout... */
    int nsettings;
    struct chase_kv facts[CHASE_MAX_KV];      /* driver's figures */
    int nfacts;
    struct {
        char name[16];          /* L1, L2, L3, LLC... as the driver calls them */
        uint64_t bytes;
    } caches[CHASE_MAX_CACHES];
    int ncaches;
};

/* Fixed for one sweep. */
struct chase_params {
    int device;
    int pattern;                /* enum chase_pattern */
    uint64_t stride;            /* bytes between chained lines; 0 = device default */
    uint64_t max_bytes;         /* largest working set the sweep will ask for; 0: default_max */
    const char *spec;           /* sim: the hierarchy; others: NULL */
    const char *cache_op;       /* NULL: the backend's default */
    int carveout;               /* percent of L1/shared given to shared; -1: default */
    int no_warm;                /* time from a cold start: no warm traversal */
    int sm;                     /* GPUs: walk on this multiprocessor; -1 any; -2 the default */
};

/* One point: a chain over bytes/stride lines, keyed by seed. */
struct chase_point {
    uint64_t bytes;
    uint64_t stride;
    int pattern;
    uint64_t seed;
    const volatile sig_atomic_t *stop;  /* set when the user interrupts */
};

/* Per-access latency of each timed sample of one point. */
struct chase_samples {
    double cycles[CHASE_MAX_SAMPLES];
    double ns[CHASE_MAX_SAMPLES];
    unsigned n;
};

struct chase_backend {
    unsigned abi;               /* CHASE_BACKEND_ABI */
    const char *name;
    const char *summary;        /* one line for --list-backends */
    /* Is the backend usable here?  Fills the device count, or a reason. */
    int (*probe)(int *ndevices, char *why, size_t len);
    /* Opens a device for a sweep; allocates what the largest point needs. */
    int (*open)(const struct chase_params *p, void **dev,
                struct chase_devinfo *info, char *err, size_t len);
    /* Builds the point's chain, warms it and times it. */
    int (*measure)(void *dev, const struct chase_point *pt,
                   struct chase_samples *out, char *err, size_t len);
    void (*close)(void *dev);
};

/* Each loadable module exports this symbol. */
#define CHASE_BACKEND_SYMBOL "chase_backend_entry"
typedef const struct chase_backend *(*chase_backend_entry_fn)(void);

/* Appends key: value to a settings or facts list; modules use it too, so it
 * lives here rather than in the core. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static inline void chase_kv_set(struct chase_kv *kv, int *n, const char *key, const char *fmt, ...)
{
    va_list ap;
    if (*n >= CHASE_MAX_KV)
        return;
    snprintf(kv[*n].key, sizeof kv[*n].key, "%s", key);
    va_start(ap, fmt);
    vsnprintf(kv[*n].val, sizeof kv[*n].val, fmt, ap);
    va_end(ap);
    (*n)++;
}

#endif
