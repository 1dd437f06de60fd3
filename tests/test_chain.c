/* test_chain.c: every pattern is one cycle through every position, for many
 * sizes and seeds, and each reads the offsets its definition says. */
/* SPDX-License-Identifier: BSD-3-Clause
 * Copyright (c) 2026 the chase developers */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "abi/chain.h"
#include "abi/chase_backend.h"
#include "tap.h"

/* Builds the chain as the backends do (the word at each position's offset
 * points to the next position's) and walks it from its head.  Checks each
 * offset is in the working set, 8-aligned and read by one position only. */
static int one_cycle(uint64_t blocks, uint64_t stride, int pattern, uint64_t sub, uint64_t seed, double *adjacent)
{
    struct chase_chain c;
    uint64_t bytes = blocks * stride, words = bytes / 8;
    uint64_t *next = malloc(words * sizeof *next), k, p, steps = 0, adj = 0;
    unsigned char *seen = calloc(words, 1);
    int ok = next && seen;

    chase_chain_init(&c, bytes, stride, pattern, sub, seed);
    ok = ok && c.blocks == blocks && c.n == (pattern == CHASE_PATTERN_PAIR || pattern == CHASE_PATTERN_LATE ||
                         pattern == CHASE_PATTERN_SPREAD ? 2 : pattern == CHASE_PATTERN_REVISIT ? sub / 8 : 1) * blocks;
    for (k = 0; ok && k < c.n; k++) {
        uint64_t off = chase_chain_offset(&c, k);
        if (off >= bytes || off % 8 || seen[off / 8])
            ok = 0;     /* outside, misaligned, or not a bijection */
        else
            seen[off / 8] = 1;
        if (ok)
            next[off / 8] = chase_chain_next(&c, k);
    }
    memset(seen, 0, ok ? words : 0);
    for (p = ok ? chase_chain_offset(&c, 0) : 0; ok && !seen[p / 8]; p = next[p / 8]) {
        seen[p / 8] = 1;
        adj += next[p / 8] == p + stride;
        steps++;
    }
    ok = ok && steps == c.n && p == chase_chain_offset(&c, 0);
    if (adjacent)
        *adjacent = c.n > 1 ? (double)adj / (double)c.n : 0;
    free(next);
    free(seen);
    return ok;
}

int main(void)
{
    static const uint64_t sizes[] = {1, 2, 3, 5, 7, 8, 16, 17, 100, 127, 128, 129, 1000, 4096, 65535,
                                     65536, 100003, 262144, 1000000};
    size_t i;
    uint64_t seed;
    double adj;

    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int ok = 1;
        for (seed = 1; seed <= 3; seed++)
            ok &= one_cycle(sizes[i], 64, CHASE_PATTERN_RANDOM, 0, seed, NULL);
        tap_ok(ok, "random chain over %llu lines is one cycle (3 seeds)", (unsigned long long)sizes[i]);
        tap_ok(one_cycle(sizes[i], 64, CHASE_PATTERN_SEQ, 0, 1, &adj) &&
               (sizes[i] < 2 || adj >= 1 - 1.0 / (double)sizes[i] - 1e-12),
               "sequential chain over %llu lines is one cycle, line to next line", (unsigned long long)sizes[i]);
        tap_ok(one_cycle(sizes[i], 256, CHASE_PATTERN_PAIR, 64, 5, NULL),
               "pair chain over %llu blocks is one cycle, two loads a block", (unsigned long long)sizes[i]);
        tap_ok(one_cycle(sizes[i], 512, CHASE_PATTERN_LATE, 64, 5, NULL),
               "late-pair chain over %llu blocks is one cycle, two loads a block", (unsigned long long)sizes[i]);
        tap_ok(one_cycle(sizes[i] < 4096 ? sizes[i] : 4096, 16384, CHASE_PATTERN_SPREAD, 4096, 5, NULL),
               "spread-pair chain over %llu blocks is one cycle", (unsigned long long)(sizes[i] < 4096 ? sizes[i] : 4096));
        tap_ok(one_cycle(sizes[i] < 4096 ? sizes[i] : 4096, 4096, CHASE_PATTERN_PAGE, 128, 5, NULL),
               "page chain over %llu pages is one cycle", (unsigned long long)(sizes[i] < 4096 ? sizes[i] : 4096));
        tap_ok(one_cycle(sizes[i] < 4096 ? sizes[i] : 4096, 4096, CHASE_PATTERN_REVISIT, 128, 5, NULL),
               "revisit chain over %llu pages is one cycle", (unsigned long long)(sizes[i] < 4096 ? sizes[i] : 4096));
        ok = 1;
        for (seed = 1; seed <= 3; seed++)
            ok &= one_cycle(sizes[i], 64, CHASE_PATTERN_LOCAL, 65536, seed, NULL) &&
                  one_cycle(sizes[i], 64, CHASE_PATTERN_LOCAL, 128, seed, NULL) &&
                  one_cycle(sizes[i], 64, CHASE_PATTERN_LOCAL, 64, seed, NULL);
        tap_ok(ok, "local chain over %llu lines is one cycle (windows of 1, 2 and 1024 lines, 3 seeds)",
               (unsigned long long)sizes[i]);
    }
    /* LOCAL: the positions of each window's run read its 64 KiB only, the
     * windows come in a random order, and no two windows are walked in the
     * same order within (so no window repeats a pattern a prefetcher
     * could learn). */
    {
        struct chase_chain c;
        uint64_t lines = 100003, per = 65536 / 64, k, outside = 0, inorder = 0, same = 0, w;
        chase_chain_init(&c, lines * 64, 64, CHASE_PATTERN_LOCAL, 65536, 11);
        for (k = 0; k < lines; k++) {
            uint64_t off = chase_chain_offset(&c, k), slot = k / per;
            uint64_t first = chase_chain_offset(&c, slot * per) / 65536;
            outside += off / 65536 != first;
        }
        for (w = 0; w + 1 < lines / per; w++)
            inorder += chase_chain_offset(&c, (w + 1) * per) / 65536 == chase_chain_offset(&c, w * per) / 65536 + 1;
        for (w = 1; w < lines / per; w++) {
            uint64_t a = chase_chain_offset(&c, 0) % 65536, b = chase_chain_offset(&c, w * per) % 65536;
            uint64_t a2 = chase_chain_offset(&c, 1) % 65536, b2 = chase_chain_offset(&c, w * per + 1) % 65536;
            same += a == b && a2 == b2;
        }
        tap_ok(!outside, "local chain: every position of a window's run reads that window (%llu outside)",
               (unsigned long long)outside);
        tap_ok(inorder < 10, "local chain: the windows come in a random order (%llu of %llu followed their "
               "neighbour)", (unsigned long long)inorder, (unsigned long long)(lines / per));
        tap_ok(same < 3, "local chain: each window has an order of its own (%llu began as the first did)",
               (unsigned long long)same);
        one_cycle(1 << 20, 64, CHASE_PATTERN_LOCAL, 65536, 7, &adj);
        tap_ok(adj < 0.01, "local chain: few steps to the next line (%.4f)", adj);
    }
    /* A random order must not walk neighbours in order, or a prefetcher follows it. */
    one_cycle(1 << 20, 64, CHASE_PATTERN_RANDOM, 0, 7, &adj);
    tap_ok(adj < 0.001, "random chain rarely steps to the next line (%.5f of steps)", adj);
    {
        struct chase_chain a, b;
        uint64_t k, same = 0;
        chase_chain_init(&a, 4096 * 64, 64, CHASE_PATTERN_RANDOM, 0, 1);
        chase_chain_init(&b, 4096 * 64, 64, CHASE_PATTERN_RANDOM, 0, 2);
        for (k = 0; k < 4096; k++)
            same += chase_chain_offset(&a, k) == chase_chain_offset(&b, k);
        tap_ok(same < 64, "different seeds give different orders (%llu of 4096 positions agree)",
               (unsigned long long)same);
    }
    {
        /* PAIR: the two loads of a block follow each other, second at +sub. */
        struct chase_chain c;
        uint64_t k, good = 0;
        chase_chain_init(&c, 1024 * 512, 512, CHASE_PATTERN_PAIR, 192, 3);
        for (k = 0; k < c.n; k += 2)
            good += chase_chain_offset(&c, k + 1) == chase_chain_offset(&c, k) + 192 &&
                    chase_chain_offset(&c, k) % 512 == 0;
        tap_ok(good == 1024, "pair chain: each block's second load is at +192 (%llu of 1024)",
               (unsigned long long)good);
    }
    {
        /* LATE: a block's second load at +sub comes a group after its first. */
        struct chase_chain c;
        uint64_t k, good = 0, blocks = 1000, g = CHASE_CHAIN_LATE_GROUP;
        chase_chain_init(&c, blocks * 1024, 1024, CHASE_PATTERN_LATE, 64, 4);
        for (k = 0; k < c.n; k++) {
            uint64_t first = k / (2 * g) * g, m = blocks - first < g ? blocks - first : g;
            if (k - 2 * first < m)
                good += chase_chain_offset(&c, k + m) == chase_chain_offset(&c, k) + 64 &&
                        chase_chain_offset(&c, k) % 128 < 64;
        }
        tap_ok(good == blocks, "late-pair chain: each block's second load is %llu positions later at +64 "
               "(%llu of %llu)", (unsigned long long)g, (unsigned long long)good, (unsigned long long)blocks);
    }
    {
        /* PAGE: one unit a page, at offsets that spread over the page's units. */
        struct chase_chain c;
        uint64_t k, used[32] = {0}, distinct = 0;
        chase_chain_init(&c, 4096ull * 65536, 65536, CHASE_PATTERN_PAGE, 2048, 9);
        for (k = 0; k < c.n; k++)
            used[(chase_chain_offset(&c, k) % 65536) / 2048]++;
        for (k = 0; k < 32; k++)
            distinct += used[k] > 0;
        tap_ok(distinct == 32, "page chain: offsets in a page spread over all 32 units (%llu used)",
               (unsigned long long)distinct);
    }
    {
        /* SPREAD: base and base + sub share each aligned unit of 2 x sub
         * or more and none of sub or less; the bases reach every line of a
         * 4 KiB page. */
        struct chase_chain c;
        uint64_t k, same = 0, apart = 0, lines[64] = {0}, used = 0;
        chase_chain_init(&c, 2048ull * 32768, 32768, CHASE_PATTERN_SPREAD, 4096, 6);
        for (k = 0; k < c.n; k += 2) {
            uint64_t x = chase_chain_offset(&c, k), y = chase_chain_offset(&c, k + 1);
            same += y == x + 4096 && x / 8192 == y / 8192 && x / 32768 == y / 32768;
            apart += x / 4096 != y / 4096 && x / 2048 != y / 2048;
            lines[x % 4096 / 64]++;
        }
        for (k = 0; k < 64; k++)
            used += lines[k] > 0;
        tap_ok(same == 2048 && apart == 2048, "spread-pair chain: +4096 stays in 8 KiB units, leaves 4 KiB ones "
               "(%llu, %llu of 2048)", (unsigned long long)same, (unsigned long long)apart);
        tap_ok(used == 64, "spread-pair chain: first loads reach all 64 lines of a page (%llu)", (unsigned long long)used);
    }
    {
        /* REVISIT: each page's words are PAGE's unit, and a lap comes back
         * to a page at random moments: the gaps between returns spread as
         * those of 16 points dropped at random on a circle (coefficient of
         * variation sqrt(15/17) = 0.94; PAGE's are all one lap: 0). */
        struct chase_chain c, pg;
        uint64_t k, pages = 4096, *last = calloc(pages, sizeof *last), *seen = calloc(pages, sizeof *seen);
        uint64_t unit_ok = 0, gaps = 0;
        double sum = 0, sq = 0, mean, cv;
        chase_chain_init(&c, pages * 65536, 65536, CHASE_PATTERN_REVISIT, 128, 9);
        chase_chain_init(&pg, pages * 65536, 65536, CHASE_PATTERN_PAGE, 128, 9);
        for (k = 0; last && seen && k < 2 * c.n; k++) {
            uint64_t off = chase_chain_offset(&c, k % c.n), b = off / 65536;
            unit_ok += k < c.n && off % 65536 / 128 * 128 == chase_chain_scatter(&pg, b, 128);
            if (k >= c.n && seen[b]) {
                double g = (double)(k - last[b]);
                sum += g;
                sq += g * g;
                gaps++;
            }
            seen[b] = 1;
            last[b] = k;
        }
        mean = gaps ? sum / (double)gaps : 0;
        cv = gaps ? sqrt(sq / (double)gaps - mean * mean) / mean : 0;
        tap_ok(unit_ok == 16 * pages, "revisit chain: a page's 16 words are in PAGE's unit of it (%llu of %llu)",
               (unsigned long long)unit_ok, (unsigned long long)(16 * pages));
        tap_ok(gaps == 16 * pages && fabs(mean - (double)pages) < 0.01 * (double)pages && cv > 0.85 && cv < 1.0,
               "revisit chain: returns to a page a lap apart on average (%.0f positions for %llu pages), spread as at "
               "random (cv %.3f)", mean, (unsigned long long)pages, cv);
        free(last);
        free(seen);
    }
    tap_ok(chase_chain_check(4096, CHASE_PATTERN_SPREAD, 192) != NULL, "a spread-pair offset not a power of two is refused");
    tap_ok(chase_chain_check(4096, CHASE_PATTERN_LATE, 96) != NULL, "a late-pair offset not a power of two is refused");
    tap_ok(chase_chain_check(48, CHASE_PATTERN_RANDOM, 0) != NULL, "a stride of 48 is refused");
    tap_ok(chase_chain_check(64, CHASE_PATTERN_PAIR, 64) != NULL, "a pair offset as large as the block is refused");
    tap_ok(chase_chain_check(64, CHASE_PATTERN_PAIR, 12) != NULL, "a pair offset not a multiple of 8 is refused");
    tap_ok(chase_chain_check(64, CHASE_PATTERN_LATE, 64) != NULL, "a late-pair offset as large as the block is refused");
    tap_ok(chase_chain_check(4096, CHASE_PATTERN_PAGE, 96) != NULL, "a page unit not a power of two is refused");
    tap_ok(chase_chain_check(4096, CHASE_PATTERN_PAGE, 128) == NULL, "a 128 B unit in 4 KiB pages is fine");
    tap_ok(chase_chain_check(128, CHASE_PATTERN_LOCAL, 64) != NULL, "a local window under the stride is refused");
    tap_ok(chase_chain_check(64, CHASE_PATTERN_LOCAL, 96 * 1024) != NULL, "a local window not a power of two is refused");
    tap_ok(chase_chain_check(64, CHASE_PATTERN_LOCAL, 65536) == NULL, "a local window of 64 KiB over lines is fine");
    return tap_done();
}
