#!/usr/bin/env python3
# prune-model.py: a model of chase assoc's pruning by shares (random
# replacement), to weigh how many laps a test takes against the loads it
# costs.  A pool of MULT x ways x sets lines, each of x's set with chance
# 1 / sets; a test of a group of K lines of x's set reads x missing in a
# share q(K) of its laps, q from a simulated set of `ways` ways under
# random replacement (x last in each lap); a test costs its lines x its
# laps.  The rounds, chunks and limits are src/assoc/assoc_evict.c's
# prune() by shares.  Prints, per variant and shape, the loads each pool
# took and the lines of x's set / lines left.
# Usage: bench/prune-model.py [POOLS]   (default 4)
# SPDX-License-Identifier: BSD-3-Clause
# Copyright (c) 2026 the chase developers
import math
import random
import sys


def share_table(w, laps=3000, seed=1):
    """q[K]: the share of laps x misses after K other lines of its set."""
    q = [0.0] * w
    for k in range(w, 4 * w + 1):
        r, where, slots, miss = random.Random(seed), {}, [None] * w, 0
        lines = list(range(k)) + [-1]
        for lap in range(laps + 30):
            for line in lines:
                if line in where:
                    continue
                if len(where) < w:
                    slot = len(where)
                else:
                    slot = r.randrange(w)
                    del where[slots[slot]]
                slots[slot], where[line] = line, slot
                if line == -1 and lap >= 30:
                    miss += 1
        q.append(miss / laps)
    return q


def prune(w, sets, q_of, seed, laps_for, mult=3):
    r = random.Random(seed)
    g = [r.random() < 1.0 / sets for _ in range(int(mult * w * sets))]
    cost = 0

    def share(group, laps):
        nonlocal cost
        m = len(group) + 1
        laps = max(laps, 16384 // m, 2)
        laps = min(laps, max((1 << 20) // m, 2))
        k = sum(group)
        q = q_of[k] if k < len(q_of) else 1.0
        cost += m * (laps + 1)
        return sum(r.random() < q for _ in range(laps)) / laps

    q, chunks = share(g, 32), 17
    for _ in range(60):
        n = len(g)
        chunks = min(chunks, n)
        size, start, kept, dropped = (n + chunks - 1) // chunks, 0, 0, 0
        while start < n:
            end = min(start + size, n)
            rest = g[:start] + g[end:]
            need = max(0.5 * q, 0.015)
            got = share(rest, laps_for(min(q, 0.75))) if rest else 0
            if rest and got > need:
                g, n, q, dropped = rest, len(rest), got, dropped + 1
            else:
                start, kept = end, kept + 1
        if size == 1 and not dropped:
            break
        chunks = 2 * kept + 1 if dropped else 2 * chunks
        if cost > 5e9:
            break
    return cost, sum(g), len(g)


def main():
    pools = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    variants = (("six standard errors", lambda q: math.ceil(36 * (1 - q) / q)),
                ("8 / q", lambda q: math.ceil(8 / q)),
                ("5 / q", lambda q: math.ceil(5 / q)))
    shapes = ((16, 256), (24, 128), (32, 512), (48, 256), (64, 128))
    tables = {w: share_table(w) for w, _ in shapes}
    for name, laps_for in variants:
        for w, sets in shapes:
            runs = [prune(w, sets, tables[w], s, laps_for) for s in range(pools)]
            print("%-20s %2d ways x %4d sets: %s" % (name, w, sets, " ".join(
                "%.0fM(%d/%d)" % (c / 1e6, k, n) for c, k, n in runs)), flush=True)


if __name__ == "__main__":
    main()
