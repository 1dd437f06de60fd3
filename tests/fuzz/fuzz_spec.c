/* fuzz_spec.c: libFuzzer harness for the simulator spec, and the sim backend opened on it. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "core/backend.h"
#include "abi/chase_backend.h"
#include "fuzz.h"
#include "shared.h"
#include "spec.h"

/* The open-time check runs against a quarter of the machine; here it runs
 * first against this, so every spec that gets opened stays cheap. */
#define FUZZ_ARRAY_BUDGET (64u << 20)
#define FUZZ_MAX_BYTES (16u << 10)

static void open_and_measure(const char *text)
{
    static const volatile sig_atomic_t no_stop = 0;
    const struct chase_backend *ops = &chase_backend_sim;
    struct chase_params p;
    struct chase_devinfo info;
    struct chase_point pt;
    struct chase_samples out;
    char err[CHASE_ERRLEN];
    void *dev = NULL;
    unsigned i;

    memset(&p, 0, sizeof p);
    p.pattern = CHASE_PATTERN_RANDOM;
    p.stride = 64;
    p.max_bytes = FUZZ_MAX_BYTES;
    p.spec = text;
    p.carveout = -1;
    p.sm = -2;
    memset(&info, 0, sizeof info);
    err[0] = 0;
    /* It parsed and fits the budget: opening it must work. */
    if (ops->open(&p, &dev, &info, err, sizeof err) != CHASE_OK)
        abort();
    memset(&pt, 0, sizeof pt);
    pt.bytes = FUZZ_MAX_BYTES;
    pt.stride = 64;
    pt.pattern = CHASE_PATTERN_RANDOM;
    pt.seed = 1;
    pt.sm = -2;
    pt.stop = &no_stop;
    memset(&out, 0, sizeof out);
    if (ops->measure(dev, &pt, &out, err, sizeof err) != CHASE_OK || out.n == 0 || out.n > CHASE_MAX_SAMPLES)
        abort();
    for (i = 0; i < out.n; i++)
        if (!isfinite(out.cycles[i]) || out.cycles[i] < 0 || !isfinite(out.ns[i]))
            abort();
    /* An sms: section's device: its last multiprocessor (a far one, if
     * any) must measure too. */
    if (info.pinnable) {
        pt.sm = (int)info.units - 1;
        if (!info.units || ops->measure(dev, &pt, &out, err, sizeof err) != CHASE_OK || out.n == 0 ||
            !isfinite(out.cycles[0]) || out.cycles[0] < 0)
            abort();
    }
    ops->close(dev);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct sim_spec s;
    struct sim_shared sh;
    char *text, why[CHASE_ERRLEN];

    if (size > 4096)
        return 0;
    text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = 0;
    why[0] = 0;
    /* Parsed as the backend parses it (the shared: section apart). */
    if (sim_parse_all(text, &s, &sh, why, sizeof why)) {
        if (!why[0])
            abort();
    } else if (sim_spec_check_memory(&s, FUZZ_ARRAY_BUDGET, "the fuzzer's budget", why, sizeof why) == 0) {
        open_and_measure(text);
    }
    free(text);
    return 0;
}
