/* fuzz.h: the entry point every harness defines, for libFuzzer and for replay.c. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_FUZZ_H
#define CHASE_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* Feeds one input to the code under test.  Returns 0; a property that
 * fails aborts, which libFuzzer and make check both report as a crash. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
