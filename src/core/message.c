/* message.c: error messages, one line each whatever the text they quote. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/exitcode.h"
#include "core/message.h"

void chase_verror(const char *fmt, va_list ap)
{
    char text[8192];
    const char *p;

    vsnprintf(text, sizeof text, fmt, ap);
    fputs("chase: ", stderr);
    for (p = text; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if (c == '\n')
            fputs("\\n", stderr);
        else if (c == '\t')
            fputs("\\t", stderr);
        else if (c < 0x20 || c == 0x7f)
            fprintf(stderr, "\\x%02x", c);
        else
            fputc(c, stderr);
    }
    fputc('\n', stderr);
}

void chase_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    chase_verror(fmt, ap);
    va_end(ap);
}

int chase_stdout_done(void)
{
    if (fflush(stdout) == 0 && !ferror(stdout))
        return CHASE_EXIT_OK;
    chase_error("writing standard output failed: %s", strerror(errno ? errno : EIO));
    return CHASE_EXIT_FILE;
}
