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

/* The slot for key: its own, or a new one at the end (its key set, its
 * value NULL); -1 when full or out of memory.  A key too long to keep is
 * kept cut, and two keys that cut alike are one. */
static int slot(struct chase_meta *m, const char *key)
{
    size_t len = strlen(key);
    int i;

    if (len >= CHASE_META_KEY)
        len = CHASE_META_KEY - 1;
    for (i = 0; i < m->n; i++)
        if (!strncmp(m->kv[i].key, key, len) && !m->kv[i].key[len])
            return i;
    if (m->n == CHASE_META_MAX)
        return -1;
    if (m->n == m->cap) {
        /* Grown as keys come: a document read from a file holds a few. */
        int cap = m->cap ? 2 * m->cap : 8;
        struct chase_meta_kv *kv;
        if (cap > CHASE_META_MAX)
            cap = CHASE_META_MAX;
        kv = realloc(m->kv, (size_t)cap * sizeof *kv);
        if (!kv)
            return -1;
        m->kv = kv;
        m->cap = cap;
    }
    if (!(m->kv[m->n].key = malloc(len + 1)))
        return -1;
    memcpy(m->kv[m->n].key, key, len);
    m->kv[m->n].key[len] = 0;
    m->kv[m->n].val = NULL;
    m->kv[m->n].is_num = 0;
    m->kv[m->n].num = 0;
    return m->n++;
}

/* Sets entry i (from slot) to text; a new entry that cannot hold it is
 * taken back, so m is as it was.  Returns 0 or -1. */
static int set_val(struct chase_meta *m, int i, const char *text, int is_num, double num)
{
    size_t len = strlen(text);
    char *v;

    if (len >= CHASE_META_VAL)
        len = CHASE_META_VAL - 1;
    v = malloc(len + 1);
    if (!v) {
        if (!m->kv[i].val) {    /* the slot was new: the key goes too */
            free(m->kv[i].key);
            m->n--;
        }
        return -1;
    }
    memcpy(v, text, len);
    v[len] = 0;
    free(m->kv[i].val);
    m->kv[i].val = v;
    m->kv[i].is_num = is_num;
    m->kv[i].num = num;
    return 0;
}

int chase_meta_add(struct chase_meta *m, const char *key, const char *fmt, ...)
{
    char buf[CHASE_META_VAL];
    va_list ap;
    int i = slot(m, key);

    if (i < 0)
        return -1;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return set_val(m, i, buf, 0, 0);
}

void chase_meta_level_key(char *buf, size_t len, const char *level, const char *field)
{
    size_t i;
    int n = snprintf(buf, len, "%.15s", level);

    for (i = 0; n > 0 && i < (size_t)n && i < len; i++)
        if ((unsigned char)buf[i] <= ' ' || buf[i] == ':' || buf[i] == 0x7f)
            buf[i] = '_';
    if (n >= 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, ".%s", field);
}

int chase_meta_num(struct chase_meta *m, const char *key, double v)
{
    char buf[CHASE_META_VAL];
    int i = slot(m, key);

    if (i < 0)
        return -1;
    chase_num_text(v, buf, sizeof buf);
    return set_val(m, i, buf, 1, v);
}

int chase_meta_copy(struct chase_meta *dst, const struct chase_meta *src)
{
    struct chase_meta c;

    if (dst == src)
        return 0;
    memset(&c, 0, sizeof c);
    if (src->n) {
        if (!(c.kv = calloc((size_t)src->n, sizeof *c.kv)))
            return -1;
        c.cap = src->n;
        for (c.n = 0; c.n < src->n; c.n++) {
            c.kv[c.n] = src->kv[c.n];
            c.kv[c.n].key = strdup(src->kv[c.n].key);
            c.kv[c.n].val = strdup(src->kv[c.n].val);
            if (!c.kv[c.n].key || !c.kv[c.n].val) {
                c.n++;
                chase_meta_free(&c);
                return -1;
            }
        }
    }
    chase_meta_free(dst);
    *dst = c;
    return 0;
}

void chase_meta_free(struct chase_meta *m)
{
    int i;
    for (i = 0; i < m->n; i++) {
        free(m->kv[i].key);
        free(m->kv[i].val);
    }
    free(m->kv);
    memset(m, 0, sizeof *m);
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
    chase_meta_free(&c->meta);
    free(c->rows);
    c->rows = NULL;
    c->n = c->cap = 0;
}
