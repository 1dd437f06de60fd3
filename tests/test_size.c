/* test_size.c: parsing and printing sizes. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include "core/size.h"
#include "tap.h"

static void parses(const char *text, uint64_t want)
{
    uint64_t v = 0;
    char why[200] = "";
    int rc = chase_size_parse(text, &v, why, sizeof why);
    tap_ok(rc == 0 && v == want, "'%s' parses to %llu (got %llu%s%s)", text,
           (unsigned long long)want, (unsigned long long)v, rc ? ", error: " : "", why);
}

static void rejects(const char *text, const char *reason)
{
    uint64_t v = 0;
    char why[200] = "";
    int rc = chase_size_parse(text, &v, why, sizeof why);
    tap_ok(rc != 0 && strstr(why, reason) != NULL, "'%s' is rejected: %s", text, why);
}

static void prints(uint64_t v, const char *want)
{
    char buf[32];
    chase_size_format(v, buf, sizeof buf);
    tap_ok(!strcmp(buf, want), "%llu prints as '%s' (got '%s')", (unsigned long long)v, want, buf);
}

/* What chase prints, chase reads back, where the print is exact. */
static void round_trip(uint64_t v)
{
    char buf[32], why[200] = "";
    uint64_t back = 0;
    int rc = chase_size_parse(chase_size_format(v, buf, sizeof buf), &back, why, sizeof why);
    tap_ok(rc == 0 && back == v, "'%s' reads back as %llu (got %llu%s)", buf, (unsigned long long)v,
           (unsigned long long)back, why);
}

/* A failed parse leaves the output alone. */
static void untouched(const char *text)
{
    uint64_t v = 12345;
    char why[200] = "";
    tap_ok(chase_size_parse(text, &v, why, sizeof why) != 0 && v == 12345,
           "'%s' fails and leaves the output as it was", text);
}

int main(void)
{
    parses("4096", 4096);
    parses("64K", 65536);
    parses("64k", 65536);
    parses("64KiB", 65536);
    parses("1M", 1048576);
    parses("1MiB", 1048576);
    parses("1.5M", 1572864);
    parses("1G", 1073741824ULL);
    parses("2GiB", 2147483648ULL);
    parses("1T", 1099511627776ULL);
    parses("16777215T", 16777215ULL << 40);
    parses("100B", 100);
    parses(" 8 K", 8192);
    rejects("1Q", "unknown unit");
    rejects("-5", "negative");
    rejects("99999999T", "too large");
    rejects("18446744073709551616", "too large");
    rejects("", "not a size");
    rejects("K", "not a size");
    rejects("1.3K", "whole number");
    rejects("4KB", "ambiguous");
    rejects("1 pb", "ambiguous");

    /* Fractions are exact: no rounding, no digits dropped. */
    parses("0.25000000T", 1ULL << 38);
    parses("0.25T", 1ULL << 38);
    parses("0.5000000000000000000000000000000000000000K", 512);
    parses("1.5E", 3ULL << 59);
    parses("0.0009765625K", 1);                 /* 2^-10 K: ten decimals, one byte */
    parses("0.0000000000000000008673617379884035472059622406959533691406250E", 1); /* 2^-60 E */
    rejects("1.16777216T", "whole number");
    rejects("0.16777216T", "whole number");
    rejects("1.0000000001K", "whole number");
    rejects("0.00048828125K", "whole number");  /* half a byte */
    rejects("0.5", "whole number");
    rejects("1.00000000000000000000000000000000000000000000000000000000000000000001E", "whole number");

    /* The edges of uint64. */
    parses("18446744073709551615", UINT64_MAX);
    parses("18446744073709551615B", UINT64_MAX);
    parses("15.9999999999999999991326382620115964527940377593040466308593750E", UINT64_MAX);
    parses("16383P", 16383ULL << 50);
    parses("15E", 15ULL << 60);
    rejects("18446744073709551616", "too large");
    rejects("16E", "too large");
    rejects("16384P", "too large");
    rejects("16777216T", "too large");
    rejects("15.9999999999999999995E", "whole number");
    rejects("99999999999999999999999999999999999999999999999999", "too large");
    parses("00000000000000000000000000000000000000000000000000064K", 65536);

    /* Blanks: trimmed on both sides alike, and between number and unit. */
    parses(" 4K", 4096);
    parses("4K ", 4096);
    parses("\t4K\n", 4096);
    parses("4 K", 4096);

    /* What is not a number here. */
    parses("0", 0);
    parses(".5K", 512);
    parses("5.K", 5120);
    rejects(".", "not a size");
    rejects(" ", "not a size");
    rejects("+4K", "not a size");
    rejects("1e3", "unknown unit 'e3'");
    rejects("0x10", "unknown unit 'x10'");
    rejects("4K4", "unknown unit 'K4'");
    rejects("1.2.3K", "unknown unit '.3K'");
    rejects("-0.5K", "negative");
    rejects("4 KiB s", "unknown unit");
    untouched("16E");
    untouched("0.3K");
    prints(0, "0 B");
    prints(512, "512 B");
    prints(1024, "1 KiB");
    prints(49152, "48 KiB");
    prints(1536, "1.50 KiB");
    prints(1048576, "1 MiB");
    prints(23697408, "22.6 MiB");
    prints(1073741824ULL, "1 GiB");
    prints(5ULL << 40, "5 TiB");
    prints(3ULL << 59, "1.50 EiB");
    prints(UINT64_MAX, "16 EiB");
    round_trip(1536);
    round_trip(48ULL << 20);
    round_trip(3ULL << 59);
    round_trip(1000ULL << 50);
    return tap_done();
}
