/* test_spec.c: the simulator spec's numbers, products and limits. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <string.h>

#include "spec.h"
#include "tap.h"

static int parse(const char *text, struct sim_spec *s, char *why, size_t len)
{
    why[0] = 0;
    return sim_spec_parse(text, s, why, len);
}

static void accepts(const char *text)
{
    struct sim_spec s;
    char why[256];
    int rc = parse(text, &s, why, sizeof why);
    tap_ok(rc == 0, "'%s' is a spec%s%s", text, why[0] ? ": " : "", why);
}

static void rejects(const char *text, const char *reason)
{
    struct sim_spec s;
    const unsigned char *b = (const unsigned char *)&s;
    char why[256];
    size_t i, same = 1;
    int rc;

    memset(&s, 0x5a, sizeof s);
    rc = parse(text, &s, why, sizeof why);
    for (i = 0; i < sizeof s; i++)
        same &= b[i] == 0x5a;
    tap_ok(rc != 0 && strstr(why, reason) && same, "'%s' is refused, the output untouched: %s", text, why);
}

int main(void)
{
    struct sim_spec s;
    char why[256];

    accepts(SIM_DEFAULT_SPEC);
    accepts("L1:size=4K,lat=4,ways=64;mem:lat=9,seed=18446744073709551615");
    accepts("L1:size=4K,lat=4;mem:lat=9;tlb:entries=65536,page=128T");

    /* Whole numbers are whole; reals are finite decimals. */
    rejects("L1:size=4K,lat=4,ways=1.5;mem:lat=9", "ways=1.5 is not a whole number");
    rejects("L1:size=4K,lat=4,ways=0;mem:lat=9", "ways=0 is not a whole number from 1 to 64");
    rejects("L1:size=4K,lat=4,ways=65;mem:lat=9", "ways=65 is not a whole number");
    rejects("L1:size=4K,lat=4,ways=+8;mem:lat=9", "ways=+8 is not a whole number");
    rejects("L1:size=4K,lat=4;mem:lat=9;tlb:entries=1e3", "entries=1e3 is not a whole number");
    rejects("L1:size=4K,lat=4;mem:lat=9,seed=18446744073709551616", "seed=18446744073709551616 is not");
    rejects("L1:size=4K,lat=4;mem:lat=9,seed=99999999999999999999999999", "is not a whole number");
    rejects("L1:size=4K,lat=nan;mem:lat=9", "lat=nan is not a number");
    rejects("L1:size=4K,lat=4;mem:lat=inf", "lat=inf is not a number");
    rejects("L1:size=4K,lat=4;mem:lat=1e999", "lat=1e999 is not a number");
    rejects("L1:size=4K,lat=0x10;mem:lat=9", "lat=0x10 is not a number");
    rejects("L1:size=4K,lat= 4;mem:lat=9", "lat= 4 is not a number");
    rejects("L1:size=4K,lat=-1;mem:lat=9", "lat=-1 is not a number");
    rejects("L1:size=4K,lat=4;mem:lat=9,noise=1.5", "noise=1.5 is not a number from 0 to 1");
    tap_ok(parse("L1:size=4K,lat=2.5;mem:lat=1e2,mhz=1500.5", &s, why, sizeof why) == 0 &&
           s.level[0].lat == 2.5 && s.mem_lat == 100 && s.mhz == 1500.5,
           "reals keep their fractions (lat 2.5, mem 100, mhz 1500.5)");

    /* Products of user numbers never wrap: a line is at most 64 KiB (a
     * miss fetches it from the next level a line of that level at a time:
     * an exbibyte line took the fuzzer 22 s a load), so line x ways cannot
     * wrap, and what could is refused for its line. */
    rejects("L1:line=2097152T,size=4,lat=2;mem:lat=9", "line must be a power of two from 8 bytes to 65536");
    rejects("L1:line=8E,ways=2,size=8E,lat=2;mem:lat=9", "line must be a power of two from 8 bytes to 65536");
    rejects("L1:line=64K,size=4,lat=2;mem:lat=9", "line x ways is larger than size");
    rejects("L1:size=0,lat=2;mem:lat=9", "size: must not be zero");
    rejects("L:size=2K,lat=3;mem:lat=2;tlb:entries=4,page=8388608T", "reach beyond 2^64 bytes");
    rejects("L:size=2K,lat=3;mem:lat=2;tlb:entries=65536,page=256T", "reach beyond 2^64 bytes");
    rejects("L:size=2K,lat=3;mem:lat=2;tlb:entries=12,ways=4", "ways x a power of two");
    rejects("L1:line=1E,ways=8,size=8E,lat=2;mem:lat=9", "line must be a power of two from 8 bytes to 65536");
    accepts("L1:line=64K,ways=8,size=512K,lat=2;mem:lat=9");

    /* sms: the multiprocessors, anywhere in the spec; its level resolved
     * once every level is known (default: the last cache level). */
    tap_ok(parse("sms:count=8,extra=20;L1:size=4K,lat=4;L2:size=64K,lat=20;mem:lat=9", &s, why, sizeof why) == 0 &&
           s.sms.count == 8 && s.sms.far == 4 && s.sms.extra == 20 && s.sms.at == 1 &&
           !strcmp(s.sms.level, "L2"), "sms: 8 SMs, far half by default, the last cache level by default");
    tap_ok(parse("L1:size=4K,lat=4;mem:lat=9;sms:count=3,far=0,level=mem", &s, why, sizeof why) == 0 &&
           s.sms.count == 3 && s.sms.far == 0 && s.sms.at == 1, "sms: level=mem is past the caches");
    tap_ok(parse(SIM_DEFAULT_SPEC, &s, why, sizeof why) == 0 && s.sms.count == 0,
           "no sms: section: no multiprocessors described");
    rejects("L1:size=4K,lat=4;mem:lat=9;sms:count=1025", "count=1025 is not a whole number from 1 to 1024");
    rejects("L1:size=4K,lat=4;mem:lat=9;sms:count=4,far=5", "far=5 is more than count=4");
    rejects("L1:size=4K,lat=4;mem:lat=9;sms:count=4,level=L2", "level=L2 names no level");
    rejects("L1:size=4K,lat=4;mem:lat=9;sms:count=4,extra=inf", "extra=inf is not a number");
    rejects("L1:size=4K,lat=4;mem:lat=9;sms:extra=4", "sms needs count=");

    /* A level holds at most 2^24 lines. */
    accepts("L1:size=1G,lat=4;mem:lat=9");
    rejects("L1:size=2G,lat=4;mem:lat=9", "is 33554432 lines; the simulator holds at most 16777216");
    rejects("L1:size=8G,lat=4;mem:lat=9", "8 GiB of 64 B lines is 134217728 lines");
    accepts("L1:size=2G,line=128,lat=4;mem:lat=9");

    /* The arrays against a budget: 16 bytes a line or TLB entry. */
    if (tap_ok(parse(SIM_DEFAULT_SPEC ";tlb:entries=64", &s, why, sizeof why) == 0, "default spec with a tlb")) {
        uint64_t want = (32768 / 64 + 1048576 / 64 + 64) * 16;
        tap_ok(sim_spec_array_bytes(&s) == want, "its arrays take %llu bytes (got %llu)",
               (unsigned long long)want, (unsigned long long)sim_spec_array_bytes(&s));
        tap_ok(sim_spec_check_memory(&s, want, "the test's budget", why, sizeof why) == 0, "they fit in exactly that");
        why[0] = 0;
        tap_ok(sim_spec_check_memory(&s, want - 1, "the test's budget", why, sizeof why) != 0 &&
               strstr(why, "tag arrays need ") && strstr(why, "allowed (the test's budget)"),
               "but not in a byte less: %s", why);
    }
    return tap_done();
}
