/* report_place.h: where a report runs among many (a task of srun or
 * mpirun), so that each task measures a device of its own and writes a
 * directory of its own. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_REPORT_PLACE_H
#define CHASE_REPORT_PLACE_H

#include <stddef.h>

struct chase_place {
    char launcher[16];          /* "slurm" or "open-mpi" */
    int rank, ranks;            /* this task among all of the job's */
    int local_rank;             /* among this host's */
    char host[64];              /* the host, as the launcher names it (else gethostname) */
};

/* Reads the launcher's environment (CHASE_LAUNCHER=none ignores it).
 * Returns 1 when running as a launcher's task (p filled), 0 when not, -1
 * when the environment is malformed (err says which variable). */
int chase_place_find(struct chase_place *p, char *err, size_t len);
/* The task's directory name: HOST-UUID, each kept to letters, digits and
 * '.', '_', '-' (a UUID the driver did not give: HOST-deviceN). */
void chase_place_name(const struct chase_place *p, const char *uuid, int device, char *buf, size_t len);

#endif
