/* curve.c: building curves and their metadata in memory. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "curve.h"

void chase_meta_add(struct chase_meta *m, const char *key, const char *fmt, ...)
{
    va_list ap;
    int i;

    for (i = 0; i < m->n; i++)
        if (!strcmp(m->kv[i].key, key))
            break;
    if (i == m->n) {
        if (m->n == CHASE_META_MAX)
            return;
        m->n++;
        snprintf(m->kv[i].key, sizeof m->kv[i].key, "%s", key);
    }
    va_start(ap, fmt);
    vsnprintf(m->kv[i].val, sizeof m->kv[i].val, fmt, ap);
    va_end(ap);
}

const char *chase_meta_get(const struct chase_meta *m, const char *key)
{
    int i;
    for (i = 0; i < m->n; i++)
        if (!strcmp(m->kv[i].key, key))
            return m->kv[i].val;
    return NULL;
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
