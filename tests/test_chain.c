/* test_chain.c: every pattern is one cycle through every line, for many sizes and seeds. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "chain.h"
#include "chase_backend.h"
#include "tap.h"

/* Builds the chain as the backends do and walks it from its head. */
static int one_cycle(uint64_t n, int pattern, uint64_t seed, double *adjacent)
{
    struct chase_chain c;
    uint64_t *next = malloc(n * sizeof *next), k, p, steps = 0, adj = 0;
    unsigned char *seen = calloc(n, 1);
    int ok = next && seen;

    chase_chain_init(&c, n, pattern, seed);
    for (k = 0; ok && k < n; k++) {
        uint64_t line = chase_chain_line(&c, k);
        if (line >= n || seen[line])
            ok = 0;     /* not a bijection */
        else
            seen[line] = 1;
        if (ok)
            next[line] = chase_chain_next(&c, k);
    }
    memset(seen, 0, ok ? n : 0);
    for (p = ok ? chase_chain_line(&c, 0) : 0; ok && !seen[p]; p = next[p]) {
        seen[p] = 1;
        adj += next[p] == p + 1;
        steps++;
    }
    ok = ok && steps == n && p == chase_chain_line(&c, 0);
    if (adjacent)
        *adjacent = n > 1 ? (double)adj / (double)n : 0;
    free(next);
    free(seen);
    return ok;
}

int main(void)
{
    static const uint64_t sizes[] = {1, 2, 3, 5, 7, 8, 16, 17, 100, 127, 128, 129, 1000, 4096, 65535,
                                     65536, 100003, 262144, 1000000, 1 << 21};
    size_t i;
    uint64_t seed;
    double adj;

    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        int ok = 1;
        for (seed = 1; seed <= 3; seed++)
            ok &= one_cycle(sizes[i], CHASE_PATTERN_RANDOM, seed, NULL);
        tap_ok(ok, "random chain over %llu lines is one cycle (3 seeds)", (unsigned long long)sizes[i]);
        tap_ok(one_cycle(sizes[i], CHASE_PATTERN_SEQ, 1, &adj) && (sizes[i] < 2 || adj >= 1 - 1.0 / (double)sizes[i] - 1e-12),
               "sequential chain over %llu lines is one cycle, line to next line", (unsigned long long)sizes[i]);
    }
    /* A random order must not walk neighbours in order, or a prefetcher follows it. */
    one_cycle(1 << 20, CHASE_PATTERN_RANDOM, 7, &adj);
    tap_ok(adj < 0.001, "random chain rarely steps to the next line (%.5f of steps)", adj);
    {
        struct chase_chain a, b;
        uint64_t k, same = 0;
        chase_chain_init(&a, 4096, CHASE_PATTERN_RANDOM, 1);
        chase_chain_init(&b, 4096, CHASE_PATTERN_RANDOM, 2);
        for (k = 0; k < 4096; k++)
            same += chase_chain_line(&a, k) == chase_chain_line(&b, k);
        tap_ok(same < 64, "different seeds give different orders (%llu of 4096 positions agree)",
               (unsigned long long)same);
    }
    return tap_done();
}
