/* report_place.c: a report's place among a launcher's tasks.
 *
 * chase never launches tasks itself: Slurm (srun) or Open MPI (mpirun)
 * starts one chase a GPU, and each learns from the environment the
 * launcher gives it which it is: its rank, how many there are, its rank
 * on this host (the device it takes when it may see several).  Its report
 * goes to DIR/HOST-UUID, a name no other task's can have (one GPU, one
 * directory; a lock in it refuses a second task given the same GPU). */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/report_place.h"

/* A whole number from the environment: 1 when set and well formed, 0 when
 * unset, -1 when set to anything else. */
static int env_int(const char *name, int *v)
{
    const char *s = getenv(name), *p;
    long n = 0;

    if (!s)
        return 0;
    for (p = s; *p >= '0' && *p <= '9' && n < 10000000; p++)
        n = n * 10 + (*p - '0');
    if (p == s || *p)
        return -1;
    *v = (int)n;
    return 1;
}

/* Keeps a name to what a directory name may safely hold. */
static void clean(char *s)
{
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '.' ||
              *s == '_' || *s == '-'))
            *s = '_';
}

int chase_place_find(struct chase_place *p, char *err, size_t len)
{
    static const struct {
        const char *launcher, *rank, *ranks, *local, *host;
    } kinds[] = {
        {"slurm", "SLURM_PROCID", "SLURM_NTASKS", "SLURM_LOCALID", "SLURMD_NODENAME"},
        {"open-mpi", "OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_RANK", NULL},
    };
    const char *off = getenv("CHASE_LAUNCHER");
    size_t i;

    memset(p, 0, sizeof *p);
    if (off && !strcmp(off, "none"))
        return 0;
    if (off && *off && strcmp(off, "auto")) {
        snprintf(err, len, "CHASE_LAUNCHER='%.40s': give auto or none", off);
        return -1;
    }
    for (i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        const char *bad = NULL, *h;
        int rc = env_int(kinds[i].rank, &p->rank);
        if (rc == 0)
            continue;
        if (rc < 0)
            bad = kinds[i].rank;
        else if (env_int(kinds[i].ranks, &p->ranks) < 0)
            bad = kinds[i].ranks;
        else if (env_int(kinds[i].local, &p->local_rank) < 0)
            bad = kinds[i].local;
        if (bad) {
            snprintf(err, len, "%s='%.40s' is not a whole number", bad, getenv(bad));
            return -1;
        }
        if (p->ranks <= p->rank)
            p->ranks = p->rank + 1;
        snprintf(p->launcher, sizeof p->launcher, "%s", kinds[i].launcher);
        h = kinds[i].host ? getenv(kinds[i].host) : NULL;
        if (h && *h)
            snprintf(p->host, sizeof p->host, "%s", h);
        else if (gethostname(p->host, sizeof p->host - 1) || !p->host[0])
            snprintf(p->host, sizeof p->host, "host");
        clean(p->host);
        return 1;
    }
    return 0;
}

void chase_place_name(const struct chase_place *p, const char *uuid, int device, char *buf, size_t len)
{
    if (uuid && *uuid)
        snprintf(buf, len, "%s-%.80s", p->host, uuid);
    else
        snprintf(buf, len, "%s-device%d", p->host, device);
    clean(buf);
}

int chase_place_visible(const char *inherited, const int *idx, int count, char *buf, size_t len)
{
    size_t used = 0;
    int i;

    if (!len || count < 1)
        return -1;
    buf[0] = 0;
    for (i = 0; i < count; i++) {
        char one[80];
        if (idx[i] < 0)
            return -1;
        if (!inherited) {
            snprintf(one, sizeof one, "%d", idx[i]);
        } else {
            /* The idx-th entry of the inherited list: an index, a UUID
             * or a MIG instance, as the driver takes them. */
            const char *p = inherited, *e;
            int k;
            for (k = 0; k < idx[i] && p; k++)
                p = (e = strchr(p, ',')) ? e + 1 : NULL;
            if (!p)
                return -1;
            e = p + strcspn(p, ",");
            while (p < e && *p == ' ')
                p++;
            while (e > p && e[-1] == ' ')
                e--;
            if (e == p || (size_t)(e - p) >= sizeof one)
                return -1;
            for (k = 0; p + k < e; k++) {
                unsigned char c = (unsigned char)p[k];
                /* Nothing the driver's list could not hold. */
                if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' ||
                      c == '/' || c == ':' || c == '.' || c == '_'))
                    return -1;
                one[k] = (char)c;
            }
            one[k] = 0;
        }
        if (used + strlen(one) + (i > 0) >= len)
            return -1;
        used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? "," : "", one);
    }
    return 0;
}

int chase_place_child_env(const char *backend, const int *idx, int count, char *env, size_t len)
{
    char list[1024];

    if (!len)
        return -1;
    env[0] = 0;
    if (strcmp(backend, "cuda") ||
        chase_place_visible(getenv("CUDA_VISIBLE_DEVICES"), idx, count, list, sizeof list) ||
        (size_t)snprintf(env, len, "CUDA_VISIBLE_DEVICES=%s", list) >= len) {
        env[0] = 0;
        return -1;
    }
    return 0;
}
