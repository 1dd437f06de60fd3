/* test_size.c: parsing and printing sizes. */
#include "config.h"

#include <string.h>

#include "size.h"
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
    prints(0, "0 B");
    prints(512, "512 B");
    prints(1024, "1 KiB");
    prints(49152, "48 KiB");
    prints(1536, "1.50 KiB");
    prints(1048576, "1 MiB");
    prints(23697408, "22.6 MiB");
    prints(1073741824ULL, "1 GiB");
    prints(5ULL << 40, "5 TiB");
    return tap_done();
}
