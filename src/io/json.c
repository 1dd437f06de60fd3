/* json.c: the JSON tree chase reads documents from, whichever parser built
 * it (json_jsonc.c with json-c, json_own.c without): freeing and the
 * accessors. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "io/json.h"

int chase_json_parse(const char *text, size_t len, struct chase_json **out, struct chase_json_error *err)
{
    return chase_json_parse_max(text, len, CHASE_JSON_MAX_VALUES, out, err);
}

void chase_json_free(struct chase_json *v)
{
    size_t i;
    if (!v)
        return;
    for (i = 0; i < v->count; i++)
        chase_json_free(v->items[i]);
    free(v->items);
    free(v->string);
    free(v->key);
    free(v);
}

int chase_json_is(const struct chase_json *v, enum chase_json_type type)
{
    return v && v->type == type;
}

const struct chase_json *chase_json_get(const struct chase_json *obj, const char *key)
{
    size_t i;
    if (!chase_json_is(obj, CHASE_JSON_OBJECT) || !key)
        return NULL;
    for (i = 0; i < obj->count; i++)
        if (!strcmp(obj->items[i]->key, key))
            return obj->items[i];
    return NULL;
}

size_t chase_json_length(const struct chase_json *v)
{
    return chase_json_is(v, CHASE_JSON_ARRAY) || chase_json_is(v, CHASE_JSON_OBJECT) ? v->count : 0;
}

const struct chase_json *chase_json_at(const struct chase_json *v, size_t i)
{
    return i < chase_json_length(v) ? v->items[i] : NULL;
}

const char *chase_json_as_string(const struct chase_json *v)
{
    return chase_json_is(v, CHASE_JSON_STRING) ? v->string : NULL;
}

int chase_json_as_number(const struct chase_json *v, double *out)
{
    if (!chase_json_is(v, CHASE_JSON_NUMBER))
        return -1;
    *out = v->number;
    return 0;
}
