#!/usr/bin/env python3
"""Two general exact methods on the cell graphs, to measure how far they are from a proof.

    bench/cells_exact.py GRAPH.gr mip SECONDS    # HiGHS branch-and-cut, prints its bounds
    bench/cells_exact.py GRAPH.gr cnf K > F.cnf  # is there an independent set of K? (CaDiCaL)
    bench/cells_exact.py GRAPH.gr cnf-lex K > F.cnf  # the same, symmetry broken
    bench/cells_exact.py GRAPH.gr cnf-lex-all K > F.cnf  # no vertex fixed, the whole group

Both get what the graph's geometry gives for free, beyond its edges: every pentagon holds at
most 2 vertices of an independent set and every dodecahedral cell at most 8 (the 120-cell's
and the hemi-120-cell's cells, found as in cells_lp.py). Both fix one vertex in the set: the
graphs are vertex-transitive, so some largest set holds any given vertex. cnf-lex also asks
the set to be the lexicographically least of its images under every automorphism that fixes
that vertex (the lex-leader clauses of Crawford et al., in Aloul et al.'s linear encoding);
cnf-lex-all fixes no vertex and asks it of every automorphism.

Needs networkx, numpy and scipy.
"""
import itertools
import sys

import numpy as np
from scipy.optimize import Bounds, LinearConstraint, milp
from scipy.sparse import coo_matrix

from cells import read  # bench/cells.py, beside this script
from cells_lp import automorphisms, cell


def faces(adj):
    """The pentagons and the dodecahedral cells, as sorted vertex tuples."""
    pentagons, cells = set(), set()
    for v in adj:
        for a, b in itertools.combinations(sorted(adj[v]), 2):
            for p in adj[a] - {v}:
                for q in adj[p] - {a, v}:
                    if b in adj[q]:
                        pentagons.add(tuple(sorted((v, a, b, p, q))))
        for three in itertools.combinations(sorted(adj[v]), 3):
            cells.add(tuple(sorted(cell(adj, v, three))))
    return sorted(pentagons), sorted(cells)


def packing_rows(g, adj):
    """(vertex list, bound) for every edge, pentagon and cell."""
    pentagons, cells = faces(adj)
    return [(e, 1) for e in g.edges()] + [(p, 2) for p in pentagons] + [(c, 8) for c in cells]


def mip(g, adj, seconds):
    nodes = sorted(g)
    pos = {v: i for i, v in enumerate(nodes)}
    rows = packing_rows(g, adj)
    r = [i for i, (vs, _) in enumerate(rows) for _ in vs]
    c = [pos[v] for vs, _ in rows for v in vs]
    a = coo_matrix((np.ones(len(r)), (r, c)), shape=(len(rows), len(nodes))).tocsr()
    lower = np.zeros(len(nodes))
    lower[0] = 1
    res = milp(-np.ones(len(nodes)), constraints=LinearConstraint(a, -np.inf, [b for _, b in rows]),
               integrality=np.ones(len(nodes)), bounds=Bounds(lower, np.ones(len(nodes))),
               options={"time_limit": seconds})
    found = int(round(-res.fun)) if res.x is not None else None
    print(f"{len(nodes)} vertices, {len(rows)} packing rows; {res.message}")
    print(f"independent set found {found}, upper bound {-res.mip_dual_bound:.3f}, "
          f"nodes {getattr(res, 'mip_node_count', '?')}")


def cnf(g, adj, k, lex):
    nodes = sorted(g)
    var = {v: i + 1 for i, v in enumerate(nodes)}
    clauses, top = [], [len(nodes)]

    def fresh():
        top[0] += 1
        return top[0]

    def at_most(lits, bound):
        """Sinz's sequential counter: s[i][j] means at least j + 1 of lits[0..i] hold."""
        s = [[fresh() for _ in range(bound)] for _ in lits]
        for i, x in enumerate(lits):
            clauses.append([-x, s[i][0]])
            if i == 0:
                continue
            clauses.append([-x, -s[i - 1][bound - 1]])
            for j in range(bound):
                clauses.append([-s[i - 1][j], s[i][j]])
                if j > 0:
                    clauses.append([-x, -s[i - 1][j - 1], s[i][j]])

    for vs, bound in packing_rows(g, adj):
        if bound == 1:
            clauses.append([-var[vs[0]], -var[vs[1]]])
        else:
            at_most([var[v] for v in vs], bound)
    at_most([-var[v] for v in nodes], len(nodes) - k)  # at least k in the set
    if lex != "all":
        clauses.append([var[nodes[0]]])
    if lex:
        for a in automorphisms(g, nodes):
            if (a[0] == 0 or lex == "all") and any(a != range(len(a))):
                lex_leader([var[v] for v in nodes], a, clauses, fresh)
    print(f"p cnf {top[0]} {len(clauses)}")
    for clause in clauses:
        print(" ".join(map(str, clause)), 0)


def lex_leader(x, a, clauses, fresh):
    """x is at most x permuted by a, lexicographically (x[i] against x[a[i]], i ascending):
    where the two first differ, x holds 0. equal: every earlier moved position agreed."""
    moved = [i for i in range(len(x)) if a[i] != i]
    equal = None
    for at, i in enumerate(moved):
        first = [-equal] if equal else []
        clauses.append(first + [-x[i], x[a[i]]])
        if at + 1 < len(moved):
            nxt = fresh()
            clauses.append(first + [-x[i], nxt])  # both 1 (x[a[i]] follows from x[i])
            clauses.append(first + [x[a[i]], nxt])  # both 0
            equal = nxt


def main():
    if len(sys.argv) != 4 or sys.argv[2] not in ("mip", "cnf", "cnf-lex", "cnf-lex-all"):
        sys.exit(__doc__)
    g = read(sys.argv[1])
    adj = {v: set(g[v]) for v in g}
    if sys.argv[2] == "mip":
        mip(g, adj, float(sys.argv[3]))
    else:
        lex = {"cnf": None, "cnf-lex": "fixed", "cnf-lex-all": "all"}[sys.argv[2]]
        cnf(g, adj, int(sys.argv[3]), lex)


if __name__ == "__main__":
    main()
