/* curve.c: building curves and their metadata in memory. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "abi/chase_backend.h"
#include "core/curve.h"

/* The slot for key: its own, or a new one at the end; -1 when full.  A
 * key too long to keep is kept cut, and two keys that cut alike are one. */
static int slot(struct chase_meta *m, const char *key)
{
    char cut[sizeof m->kv[0].key];
    int i;
    snprintf(cut, sizeof cut, "%s", key);
    for (i = 0; i < m->n; i++)
        if (!strcmp(m->kv[i].key, cut))
            return i;
    if (m->n == CHASE_META_MAX)
        return -1;
    memcpy(m->kv[m->n].key, cut, sizeof cut);
    return m->n++;
}

void chase_meta_add(struct chase_meta *m, const char *key, const char *fmt, ...)
{
    va_list ap;
    int i = slot(m, key);

    if (i < 0)
        return;
    va_start(ap, fmt);
    vsnprintf(m->kv[i].val, sizeof m->kv[i].val, fmt, ap);
    va_end(ap);
    m->kv[i].is_num = 0;
    m->kv[i].num = 0;
}

void chase_meta_num(struct chase_meta *m, const char *key, double v)
{
    int i = slot(m, key);

    if (i < 0)
        return;
    chase_num_text(v, m->kv[i].val, sizeof m->kv[i].val);
    m->kv[i].is_num = 1;
    m->kv[i].num = v;
}

const char *chase_meta_get(const struct chase_meta *m, const char *key)
{
    int i;
    for (i = 0; i < m->n; i++)
        if (!strcmp(m->kv[i].key, key))
            return m->kv[i].val;
    return NULL;
}

int chase_meta_get_num(const struct chase_meta *m, const char *key, double *v)
{
    int i;
    for (i = 0; i < m->n; i++)
        if (!strcmp(m->kv[i].key, key)) {
            if (!m->kv[i].is_num)
                return -1;
            *v = m->kv[i].num;
            return 0;
        }
    return -1;
}

int chase_curve_push(struct chase_curve *c, const struct chase_row *r)
{
    if (c->n == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 64;
        struct chase_row *rows = realloc(c->rows, cap * sizeof *rows);
        if (!rows)
            return -1;
        c->rows = rows;
        c->cap = cap;
    }
    c->rows[c->n++] = *r;
    return 0;
}

void chase_curve_free(struct chase_curve *c)
{
    free(c->rows);
    c->rows = NULL;
    c->n = c->cap = 0;
}
