/* size.c: parsing and printing byte sizes in IEC units. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "abi/checked.h"
#include "core/size.h"

static const struct {
    const char *name;
    unsigned shift;
} units[] = {
    {"", 0}, {"b", 0},
    {"k", 10}, {"kib", 10},
    {"m", 20}, {"mib", 20},
    {"g", 30}, {"gib", 30},
    {"t", 40}, {"tib", 40},
    {"p", 50}, {"pib", 50},
    {"e", 60}, {"eib", 60},
};

static const char *const ambiguous[] = {"kb", "mb", "gb", "tb", "pb", "eb"};

/* Does the unit text [u, u + n) name this unit, in either case? */
static int unit_is(const char *u, size_t n, const char *name)
{
    return strlen(name) == n && !strncasecmp(u, name, n);
}

/* The bytes in a decimal fraction ".digits" of a unit of 2^shift bytes,
 * exactly: the fraction is doubled shift times in decimal, each doubling
 * carrying one bit into the whole part, and must come out with nothing left
 * after the point.  No floating point, so 0.25T is 2^38 and 1.0000000001K is
 * refused, not rounded to 1024. */
static int fraction_bytes(const char *digits, size_t n, unsigned shift, uint64_t *bytes)
{
    unsigned char d[64];
    uint64_t whole = 0;
    size_t i, j;

    /* Trailing zeros change nothing; without them the last digit is odd or
     * 5, so n digits need 5^n to divide them and, with it, n <= shift. */
    while (n && digits[n - 1] == '0')
        n--;
    if (n > shift || n > sizeof d)
        return -1;
    for (i = 0; i < n; i++)
        d[i] = (unsigned char)(digits[i] - '0');
    for (i = 0; i < shift; i++) {
        unsigned carry = 0;
        for (j = n; j-- > 0;) {
            unsigned x = d[j] * 2u + carry;
            d[j] = (unsigned char)(x % 10);
            carry = x / 10;
        }
        whole = whole * 2 + carry;      /* < 2^shift: the fraction is below 1 */
    }
    for (i = 0; i < n; i++)
        if (d[i])
            return -1;
    *bytes = whole;
    return 0;
}

int chase_size_parse(const char *text, uint64_t *bytes, char *why, size_t len)
{
    const char *p = text, *end = text + strlen(text);
    const char *int_s, *int_e, *frac_s = NULL, *frac_e = NULL, *unit;
    uint64_t v = 0, part;
    unsigned shift = 0;
    size_t i, ulen;
    int found = 0;

    /* Blanks around the size are trimmed alike, so '4K ' means what ' 4K'
     * does (a size read from sysfs ends in one). */
    while (p < end && isspace((unsigned char)*p))
        p++;
    while (end > p && isspace((unsigned char)end[-1]))
        end--;
    if (p < end && *p == '-' && p + 1 < end && (isdigit((unsigned char)p[1]) || p[1] == '.')) {
        snprintf(why, len, "'%s' is negative", text);
        return -1;
    }
    for (int_s = p; p < end && isdigit((unsigned char)*p); p++)
        ;
    int_e = p;
    if (p < end && *p == '.') {
        for (frac_s = ++p; p < end && isdigit((unsigned char)*p); p++)
            ;
        frac_e = p;
    }
    if (int_e == int_s && frac_e == frac_s) {
        snprintf(why, len, "'%s' is not a size (expected a number such as 4096, 64K or 1.5MiB)", text);
        return -1;
    }
    while (p < end && isspace((unsigned char)*p))
        p++;
    unit = p;
    ulen = (size_t)(end - p);
    for (i = 0; i < sizeof ambiguous / sizeof ambiguous[0]; i++)
        if (unit_is(unit, ulen, ambiguous[i])) {
            snprintf(why, len, "'%s': unit '%.2s' is ambiguous; use %c or %ciB (powers of 1024)",
                     text, unit, toupper((unsigned char)unit[0]), toupper((unsigned char)unit[0]));
            return -1;
        }
    for (i = 0; i < sizeof units / sizeof units[0] && !found; i++)
        if (unit_is(unit, ulen, units[i].name)) {
            shift = units[i].shift;
            found = 1;
        }
    if (!found) {
        snprintf(why, len, "'%s': unknown unit '%.*s' (use K, M, G, T, P, E or KiB, MiB, GiB, TiB, PiB, EiB)",
                 text, (int)(ulen > 32 ? 32 : ulen), unit);
        return -1;
    }

    for (p = int_s; p < int_e; p++)
        if (chase_mul_u64(v, 10, &v) || chase_add_u64(v, (uint64_t)(*p - '0'), &v))
            goto too_large;
    if (chase_shl_u64(v, shift, &v))
        goto too_large;
    if (frac_s && fraction_bytes(frac_s, (size_t)(frac_e - frac_s), shift, &part)) {
        snprintf(why, len, "'%s' is not a whole number of bytes", text);
        return -1;
    }
    if (frac_s && chase_add_u64(v, part, &v))
        goto too_large;
    *bytes = v;
    return 0;

too_large:
    snprintf(why, len, "'%s' is too large (the largest size is 2^64-1 bytes)", text);
    return -1;
}

const char *chase_size_format(uint64_t bytes, char *buf, size_t len)
{
    static const char *const names[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    unsigned u = 0;
    double v = (double)bytes;

    while (v >= 1024.0 && u + 1 < sizeof names / sizeof names[0]) {
        v /= 1024.0;
        u++;
    }
    if (u == 0 || v == (double)(uint64_t)v)
        snprintf(buf, len, "%.0f %s", v, names[u]);
    else if (v < 10)
        snprintf(buf, len, "%.2f %s", v, names[u]);
    else if (v < 100)
        snprintf(buf, len, "%.1f %s", v, names[u]);
    else
        snprintf(buf, len, "%.0f %s", v, names[u]);
    return buf;
}

int chase_size_cmp(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}
