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

/* The CUDA_VISIBLE_DEVICES a node report's child is given, so that its
 * CUDA start sets up only the devices it uses: the devices idx[0..count)
 * as this process numbers them, from the list it inherited (its entries,
 * trimmed; NULL: none set, every device by its index), joined by commas
 * in that order (the child's device 0 is idx[0]).  Returns 0, or -1 where
 * the list cannot say (too short, an entry of other characters, buf too
 * small): the child then sees what this process sees. */
int chase_place_visible(const char *inherited, const int *idx, int count, char *buf, size_t len);
/* What a report's part or a node report's child is given so that it sees
 * only the devices it uses, as its devices 0, 1...: with the cuda backend,
 * "CUDA_VISIBLE_DEVICES=LIST" from chase_place_visible and this process's
 * own list (a CUDA process's start sets up every device it sees: on four
 * H100s a lone 4 KiB sweep took 0.89-1.25 s seeing all four, 0.40-0.46 s
 * seeing one; bench/NOTES.md).  Returns 0 with env set, or -1 with env empty: the
 * child sees what this process sees and is given the same indices
 * (another backend: the sim's devices are its spec's, and the hip
 * backend's HIP_VISIBLE_DEVICES is not tried, no AMD GPU having run it;
 * or a list that cannot say).  The child's files say what it saw
 * (visible_devices). */
int chase_place_child_env(const char *backend, const int *idx, int count, char *env, size_t len);

#endif
