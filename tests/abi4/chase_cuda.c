/* chase_cuda.c (tests/abi4): a stand-in module built against the previous
 * backend ABI, 4, so tests/modules.sh can check that the loader refuses it. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include "abi/chase_backend.h"

/* The loader reads abi first and must stop there: an ABI 4 module's struct
 * lacks what ABI 5 added (huge_bytes), so nothing past abi may be trusted.
 * Every entry point refuses, should a broken loader call one anyway. */
static int probe(int *ndevices, char *why, size_t len)
{
    *ndevices = 0;
    snprintf(why, len, "the ABI 4 stand-in module was called");
    return CHASE_EFAIL;
}

static const struct chase_backend abi4 = {
    .abi = 4,
    .name = "cuda",
    .summary = "a stand-in built against ABI 4 (tests/modules.sh)",
    .probe = probe,
};

const struct chase_backend *chase_backend_entry(void);
const struct chase_backend *chase_backend_entry(void)
{
    return &abi4;
}
