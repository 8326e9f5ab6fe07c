#!/usr/bin/env python3
"""A forced-satisfiable model RB instance as a vertex cover graph, BHOSLIB-style (frbN-D).

    bench/gen_rb.py 50 23 1 > frb50-23-s1.gr

Model RB (Xu, Boussemart, Hemery, Lecoutre, "Random constraint satisfaction: easy
generation of hard (satisfiable) instances", AIJ 171, 2007), with the parameters of the
BHOSLIB benchmark: N variables of D values (vertices v * D + a), each variable's values a
clique; round(r N ln N) constraints, r = alpha / ln(4/3) with alpha = 0.8, each between two
random variables and forbidding round(p D^2) random value pairs (edges), p = 0.25, never the
pair of a solution drawn first. So the graph has an independent set of N vertices, one per
clique, and its minimum vertex cover is N D - N, which the clique-cover bound proves: what
is left to a solver is finding the cover (PACE 2019's vc-exact_195 to 199 are of this kind).
Writes PACE 2019 .gr (1-based vertices) to standard output; the same arguments give the
same graph.
"""
import math
import random
import sys


def rb_edges(n, d, seed):
    """The graph's edges as sorted pairs of 0-based vertices (vertex x * d + a: value a of x)."""
    rnd = random.Random(seed)
    constraints = round(0.8 / math.log(4 / 3) * n * math.log(n))
    forbidden = round(0.25 * d * d)
    solution = [rnd.randrange(d) for _ in range(n)]
    edges = set()
    for x in range(n):
        for a in range(d):
            for b in range(a + 1, d):
                edges.add((x * d + a, x * d + b))
    for _ in range(constraints):
        x, y = rnd.sample(range(n), 2)
        pairs = set()
        while len(pairs) < min(forbidden, d * d - 1):
            a, b = rnd.randrange(d), rnd.randrange(d)
            if (a, b) != (solution[x], solution[y]):
                pairs.add((a, b))
        for a, b in pairs:
            u, v = x * d + a, y * d + b
            edges.add((min(u, v), max(u, v)))
    return sorted(edges)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: gen_rb.py VARIABLES VALUES SEED")
    n, d, seed = (int(a) for a in sys.argv[1:])
    if n < 2 or d < 2:
        sys.exit("gen_rb.py: at least 2 variables of 2 values")
    edges = rb_edges(n, d, seed)
    out = [f"c forced model RB: {n} variables, {d} values, seed {seed}; minimum vertex cover "
           f"{n * d - n}", f"p td {n * d} {len(edges)}"]
    out += [f"{u + 1} {v + 1}" for u, v in edges]
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
