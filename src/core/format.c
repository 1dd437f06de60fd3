/* format.c: the file formats' names. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <string.h>

#include "core/format.h"

int chase_format_parse(const char *name, enum chase_format *fmt)
{
    if (!strcmp(name, "tsv"))
        *fmt = CHASE_FMT_TSV;
    else if (!strcmp(name, "csv"))
        *fmt = CHASE_FMT_CSV;
    else if (!strcmp(name, "json"))
        *fmt = CHASE_FMT_JSON;
    else
        return -1;
    return 0;
}

const char *chase_format_name(enum chase_format fmt)
{
    return fmt == CHASE_FMT_CSV ? "csv" : fmt == CHASE_FMT_JSON ? "json" : "tsv";
}
