/* size.c: parsing and printing byte sizes in IEC units. */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "size.h"

static const struct {
    const char *name;
    unsigned shift;
} units[] = {
    {"", 0}, {"b", 0},
    {"k", 10}, {"kib", 10},
    {"m", 20}, {"mib", 20},
    {"g", 30}, {"gib", 30},
    {"t", 40}, {"tib", 40},
};

int chase_size_parse(const char *text, uint64_t *bytes, char *why, size_t len)
{
    const char *p = text;
    uint64_t whole = 0, frac = 0, frac_div = 1;
    int digits = 0;
    size_t i;

    while (isspace((unsigned char)*p))
        p++;
    if (*p == '-') {
        snprintf(why, len, "'%s' is negative", text);
        return -1;
    }
    for (; isdigit((unsigned char)*p); p++, digits++) {
        if (whole > (UINT64_MAX - 9) / 10) {
            snprintf(why, len, "'%s' is too large", text);
            return -1;
        }
        whole = whole * 10 + (uint64_t)(*p - '0');
    }
    if (*p == '.') {
        for (p++; isdigit((unsigned char)*p); p++, digits++) {
            if (frac_div < 1000000000ULL) {
                frac = frac * 10 + (uint64_t)(*p - '0');
                frac_div *= 10;
            }
        }
    }
    if (digits == 0) {
        snprintf(why, len, "'%s' is not a size (expected a number such as 4096, 64K or 1.5MiB)", text);
        return -1;
    }
    while (isspace((unsigned char)*p))
        p++;
    if (!strcasecmp(p, "kb") || !strcasecmp(p, "mb") || !strcasecmp(p, "gb") || !strcasecmp(p, "tb")) {
        snprintf(why, len, "'%s': unit '%s' is ambiguous; use %c or %ciB (powers of 1024)",
                 text, p, toupper((unsigned char)p[0]), toupper((unsigned char)p[0]));
        return -1;
    }
    for (i = 0; i < sizeof units / sizeof units[0]; i++) {
        if (!strcasecmp(p, units[i].name)) {
            unsigned s = units[i].shift;
            uint64_t v, f;
            if (s && whole > (UINT64_MAX >> s)) {
                snprintf(why, len, "'%s' is too large", text);
                return -1;
            }
            v = whole << s;
            /* The fraction must come out to whole bytes. */
            if (frac) {
                if ((frac << s) % frac_div) {
                    snprintf(why, len, "'%s' is not a whole number of bytes", text);
                    return -1;
                }
                f = (frac << s) / frac_div;
                if (v > UINT64_MAX - f) {
                    snprintf(why, len, "'%s' is too large", text);
                    return -1;
                }
                v += f;
            }
            *bytes = v;
            return 0;
        }
    }
    snprintf(why, len, "'%s': unknown unit '%s' (use K, M, G, T or KiB, MiB, GiB, TiB)", text, p);
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
