/* tap.h: a small Test Anything Protocol producer for the C unit tests. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#ifndef CHASE_TAP_H
#define CHASE_TAP_H

#include <stdarg.h>
#include <stdio.h>

static int tap_n, tap_failed;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static int tap_ok(int cond, const char *fmt, ...)
{
    va_list ap;
    printf("%sok %d - ", cond ? "" : "not ", ++tap_n);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    if (!cond)
        tap_failed++;
    return cond;
}

static int tap_done(void)
{
    printf("1..%d\n", tap_n);
    return tap_failed ? 1 : 0;
}

#endif
