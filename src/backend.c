/* backend.c: the backend registry; cuda and hip are modules opened with dlopen. */
#include "config.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend.h"

/* The order --backend auto tries them in. */
static const char *const module_names[] = {"cuda", "hip"};
static void *handles[sizeof module_names / sizeof module_names[0]];

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
    const char *env = getenv("CHASE_BACKEND_PATH");
    char dirs[1024], path[1100], first[CHASE_ERRLEN] = "";
    char *dir, *save = NULL;

    snprintf(dirs, sizeof dirs, "%s", env && *env ? env : CHASE_MODULE_DIR);
    for (dir = strtok_r(dirs, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
        size_t f;
        for (f = 0; f < 2; f++) {
            chase_backend_entry_fn entry;
            const struct chase_backend *ops;
            void *h;

            /* Installed modules, or a build tree's libtool output. */
            snprintf(path, sizeof path, f ? "%s/.libs/chase_%s.so" : "%s/chase_%s.so", dir, module_names[i]);
            h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
            if (!h) {
                /* Keep the first error that is not a plain missing file. */
                const char *e = dlerror();
                if (!first[0] && e && !strstr(e, "No such file"))
                    snprintf(first, sizeof first, "%s", e);
                continue;
            }
            *(void **)&entry = dlsym(h, CHASE_BACKEND_SYMBOL);
            if (!entry) {
                snprintf(why, len, "%.180s: no %s symbol", path, CHASE_BACKEND_SYMBOL);
                dlclose(h);
                return NULL;
            }
            ops = entry();
            if (!ops || check_ops(ops, module_names[i], why, len)) {
                if (!ops)
                    snprintf(why, len, "%.200s: entry returned nothing", path);
                dlclose(h);
                return NULL;
            }
            handles[i] = h;
            return ops;
        }
    }
    if (first[0])
        snprintf(why, len, "%s", first);
    else
        snprintf(why, len, "module chase_%s.so not installed (built without %s support?)",
                 module_names[i], module_names[i]);
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

    for (i = 0; i < sizeof module_names / sizeof module_names[0] && n < max; i++) {
        if (only && strcmp(only, module_names[i]))
            continue;
        memset(&slots[n], 0, sizeof slots[n]);
        slots[n].name = module_names[i];
        slots[n].ops = load_module(i, slots[n].why, sizeof slots[n].why);
        probe(&slots[n++]);
    }
    if (n < max && (!only || !strcmp(only, "cpu"))) {
        memset(&slots[n], 0, sizeof slots[n]);
        slots[n].name = "cpu";
        slots[n].ops = &chase_backend_cpu;
        probe(&slots[n++]);
    }
    if (n < max && (!only || !strcmp(only, "sim"))) {
        memset(&slots[n], 0, sizeof slots[n]);
        slots[n].name = "sim";
        slots[n].ops = &chase_backend_sim;
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

void chase_backends_unload(void)
{
    size_t i;
    for (i = 0; i < sizeof handles / sizeof handles[0]; i++)
        if (handles[i]) {
            dlclose(handles[i]);
            handles[i] = NULL;
        }
}
