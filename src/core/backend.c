/* backend.c: the backend registry; cuda and hip are modules opened with dlopen. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/backend.h"
#include "core/paths.h"

/* Every backend, in the order --backend auto tries them: the one table of
 * their names. */
static const struct known {
    const char *name;
    const struct chase_backend *builtin;    /* NULL: a module, chase_NAME.so */
    int automatic;                          /* auto considers it */
    int built;                              /* this build made it */
} known[] = {
#ifdef CHASE_BUILT_CUDA
    {"cuda", NULL, 1, 1},
#else
    {"cuda", NULL, 1, 0},
#endif
#ifdef CHASE_BUILT_HIP
    {"hip", NULL, 1, 1},
#else
    {"hip", NULL, 1, 0},
#endif
    {"cpu", &chase_backend_cpu, 1, 1},
    {"sim", &chase_backend_sim, 0, 1},
};
#define NKNOWN (sizeof known / sizeof known[0])
static void *handles[NKNOWN];

int chase_backend_known(const char *name)
{
    size_t i;
    for (i = 0; i < NKNOWN; i++)
        if (!strcmp(known[i].name, name))
            return 1;
    return 0;
}

int chase_backend_auto(const char *name)
{
    size_t i;
    for (i = 0; i < NKNOWN; i++)
        if (!strcmp(known[i].name, name))
            return known[i].automatic;
    return 0;
}

const char *chase_backend_names(void)
{
    static char buf[128];
    size_t i, n = 0;
    for (i = 0; i < NKNOWN; i++)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s", i ? ", " : "", known[i].name);
    return buf;
}

const char *chase_backends_built(void)
{
    static char buf[128];
    size_t i, n = 0;
    for (i = 0; i < NKNOWN; i++)
        if (known[i].built)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s%s", n ? " " : "", known[i].name,
                                  known[i].builtin ? "" : " (module)");
    return buf;
}

/* A module that passes this is safe to call: hwloc and fio check the same. */
static int check_ops(const struct chase_backend *ops, const char *name, char *why, size_t len)
{
    if (ops->abi != CHASE_BACKEND_ABI) {
        snprintf(why, len, "module ABI %u, this chase needs %u (rebuild the module)",
                 ops->abi, CHASE_BACKEND_ABI);
        return -1;
    }
    if (!ops->name || strcmp(ops->name, name) || !ops->probe || !ops->open ||
        !ops->measure || !ops->close) {
        snprintf(why, len, "module lacks a required entry point");
        return -1;
    }
    return 0;
}

static const struct chase_backend *load_module(size_t i, char *why, size_t len)
{
    const char *name = known[i].name;
    char dirs[4096], path[4200];
    char *dir, *save = NULL;
    int found = 0;

    chase_dirs(CHASE_DIR_MODULES, dirs, sizeof dirs);
    why[0] = 0;
    for (dir = strtok_r(dirs, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
        size_t f;
        for (f = 0; f < 2; f++) {
            chase_backend_entry_fn entry;
            const struct chase_backend *ops;
            void *h;

            /* Installed modules, or a build tree's libtool output. */
            snprintf(path, sizeof path, f ? "%s/.libs/chase_%s.so" : "%s/chase_%s.so", dir, name);
            if (access(path, F_OK))
                continue;
            found = 1;
            h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
            if (!h) {
                /* The module is there but does not load: say why (a
                 * library it needs is missing, say), once. */
                const char *e = dlerror();
                if (!why[0])
                    snprintf(why, len, "%s", e ? e : "dlopen failed");
                continue;
            }
            *(void **)&entry = dlsym(h, CHASE_BACKEND_SYMBOL);
            if (!entry) {
                snprintf(why, len, "%.180s: no %s symbol", path, CHASE_BACKEND_SYMBOL);
                dlclose(h);
                return NULL;
            }
            ops = entry();
            if (!ops) {
                snprintf(why, len, "%.200s: entry returned nothing", path);
                dlclose(h);
                return NULL;
            }
            if (check_ops(ops, name, why, len)) {
                dlclose(h);
                return NULL;
            }
            handles[i] = h;
            return ops;
        }
    }
    if (!found)
        snprintf(why, len, known[i].built ? "module chase_%s.so not found (set CHASE_BACKEND_PATH?)"
                                          : "built without %s support (module chase_%s.so not installed)",
                 name, name);
    return NULL;
}

static void probe(struct chase_backend_slot *s)
{
    if (!s->ops)
        return;
    s->ndevices = 0;
    if (s->ops->probe(&s->ndevices, s->why, sizeof s->why) != CHASE_OK || s->ndevices <= 0) {
        if (!s->why[0])
            snprintf(s->why, sizeof s->why, "no device found");
        s->ndevices = 0;
    }
}

int chase_backends_load(struct chase_backend_slot *slots, int max, const char *only)
{
    int n = 0;
    size_t i;

    for (i = 0; i < NKNOWN && n < max; i++) {
        if (only && strcmp(only, known[i].name))
            continue;
        memset(&slots[n], 0, sizeof slots[n]);
        slots[n].name = known[i].name;
        slots[n].ops = known[i].builtin ? known[i].builtin : load_module(i, slots[n].why, sizeof slots[n].why);
        probe(&slots[n++]);
    }
    return n;
}

struct chase_backend_slot *chase_backends_find(struct chase_backend_slot *slots, int n,
                                               const char *name)
{
    int i;
    for (i = 0; i < n; i++)
        if (!strcmp(slots[i].name, name))
            return &slots[i];
    return NULL;
}

static int held;

void chase_backends_hold(void)
{
    held = 1;
}

void chase_backends_unload(void)
{
    size_t i;
    if (held)
        return;
    for (i = 0; i < NKNOWN; i++)
        if (handles[i]) {
            dlclose(handles[i]);
            handles[i] = NULL;
        }
}
