#!/usr/bin/env python3
"""A lifted semidefinite bound on the independence number of the cell graphs, to measure how
far one round of lifting is from a proof.

    bench/cells_sdp.py GRAPH.gr            # the bound
    bench/cells_sdp.py GRAPH.gr COVER.vc   # also check that COVER's independent set fits it
    bench/cells_sdp.py GRAPH.gr --piece ball R   # and tie Y to cells_lp.py's patterns of a
    bench/cells_sdp.py GRAPH.gr --piece cell     # piece (ball R, edge R or cell)

The relaxation is Lovasz and Schrijver's N+ round applied to the packing rows of
cells_exact.py (every edge holds at most 1 vertex of an independent set, every pentagon 2,
every dodecahedral cell 8), with products of two rows added. For an independent set x, the
matrix Y = [1 x^T; x x x^T] is positive semidefinite, nonnegative, zero on edges, and each row
sum(x_S) <= b multiplied by x_v and by 1 - x_v, and by another row b' - sum(x_T) >= 0, stays
valid and is linear in Y. Averaging Y over the automorphism group keeps all of this, so Y may
be taken constant on each orbital (orbit of vertex pairs): one variable per orbital. The PSD
condition then splits into small blocks, one per irreducible piece of the orbital algebra
(found numerically: the algebra is not commutative here), and CLARABEL solves the whole
program in seconds.

With --piece, Y also agrees with cells_lp.py's local program: a distribution over the
independent subsets of the piece, invariant under its stabiliser and consistent on overlaps
with its images, whose pair marginals are Y's entries on the pairs inside the piece. That joins
the local view (every pattern of the piece) to the global one (Y PSD). The patterns are merged
into orbits of the piece's stabiliser (40,933 subsets of an edge's balls: 3,567 orbits).

Needs networkx, numpy, scipy and cvxpy.
"""
import sys
import time

import cvxpy as cp
import numpy as np

from cells import read, read_cover  # bench/cells.py, beside this script
from cells_exact import packing_rows
from cells_lp import (automorphisms, bit, group_average, independent_subsets, pattern_orbits,
                      piece_of)


def orbitals(group, n):
    """O[u, v]: the orbit of the unordered pair {u, v} under the group (0 .. K-1)."""
    stabiliser = [p for p in group if p[0] == 0]
    suborbit = -np.ones(n, dtype=int)
    count = 0
    for v in range(n):
        if suborbit[v] < 0:
            for p in stabiliser:
                suborbit[p[v]] = count
            count += 1
    to_zero = {}
    for p in group:
        to_zero.setdefault(int(np.argmin(p)), p)  # p maps that vertex to 0
    ordered = np.array([suborbit[to_zero[u]] for u in range(n)])
    parent = list(range(count))  # (u, v) and (v, u) are one unordered orbital

    def find(x):
        while parent[x] != x:
            x = parent[x]
        return x

    for u in range(n):
        for v in range(u + 1, n):
            parent[find(ordered[u, v])] = find(ordered[v, u])
    roots = sorted({find(x) for x in range(count)})
    number = {r: i for i, r in enumerate(roots)}
    return np.vectorize(lambda x: number[find(x)])(ordered), len(roots)


def blocks(basis, seed=1):
    """Each basis matrix restricted to the irreducible pieces of the algebra it spans.

    The eigenspaces of a random element are the pieces' copies; copies that some basis matrix
    links form one isotypic component, and the orbit of one vector under the algebra meets
    each copy in one direction, which gives that component's small block.
    """
    rng = np.random.default_rng(seed)
    values, vectors = np.linalg.eigh(sum(rng.standard_normal() * b for b in basis))
    spaces, start = [], 0
    for i in range(1, len(values) + 1):
        if i == len(values) or values[i] - values[i - 1] > 1e-7:
            spaces.append(vectors[:, start:i])
            start = i
    linked = [[any(np.abs(s.T @ b @ t).max() > 1e-7 for b in basis) for t in spaces]
              for s in spaces]
    component = [-1] * len(spaces)
    out = []
    for first in range(len(spaces)):
        if component[first] >= 0:
            continue
        members, stack = [], [first]
        component[first] = first
        while stack:
            i = stack.pop()
            members.append(i)
            for j, link in enumerate(linked[i]):
                if link and component[j] < 0:
                    component[j] = first
                    stack.append(j)
        seed_vector = spaces[members[0]][:, 0]
        directions = []
        for i in sorted(members):
            project = spaces[i] @ spaces[i].T
            reached = np.array([project @ (b @ seed_vector) for b in basis]).T
            directions.append(np.linalg.svd(reached, full_matrices=False)[0][:, 0])
        w = np.array(directions).T
        out.append([w.T @ b @ w for b in basis])
    return out


def piece_patterns(g, nodes, group, orbital, y, kind, radius):
    """Constraints tying Y to a distribution over the piece's independent subsets."""
    pos = {v: i for i, v in enumerate(nodes)}
    adj = [set(pos[u] for u in g[v]) for v in nodes]
    piece = piece_of(g, nodes, adj, kind, radius)
    masks = independent_subsets(piece, adj)
    orbit, size, agree, _ = pattern_orbits(group, piece, masks)
    w = cp.Variable(len(size))  # the probability of each single pattern of an orbit
    out = [w >= 0, size @ w == 1]
    if agree.shape[0]:
        out.append(agree @ w == 0)
    links = {}  # one row per distinct (orbital, patterns of each orbit holding the pair)
    for i in range(len(piece)):
        for j in range(i, len(piece)):
            both = np.bincount(orbit, weights=bit(masks, i) & bit(masks, j), minlength=len(size))
            links.setdefault((orbital[piece[i], piece[j]], both.tobytes()), both)
    for (o, _), both in links.items():
        out.append(both @ w == y[o])
    print(f"piece {kind} of {len(piece)} vertices: {len(masks)} independent subsets in "
          f"{len(size)} orbits, {agree.shape[0]} distinct consistency rows", flush=True)

    def average(x):
        """w for the group average of the independent set x (0/1 over all vertices)."""
        w.value = group_average(group, piece, masks, orbit, size, x)

    return out, average


def main():
    args = sys.argv[1:]
    piece = None
    if "--piece" in args:
        at = args.index("--piece")
        take = 3 if args[at + 1] in ("ball", "edge") else 2
        piece = (args[at + 1], int(args[at + 2]) if take == 3 else 0)
        del args[at:at + take]
    if len(args) not in (1, 2):
        sys.exit(__doc__)
    started = time.time()
    g = read(args[0])
    nodes = sorted(g)
    n = len(nodes)
    pos = {v: i for i, v in enumerate(nodes)}
    adj = {v: set(g[v]) for v in g}
    group = automorphisms(g, nodes)
    orbital, k = orbitals(group, n)
    basis = [(orbital == j).astype(float) for j in range(k)]
    diagonal = orbital[0, 0]
    edge = orbital[pos[nodes[0]], pos[min(adj[nodes[0]])]]
    rows = [([pos[v] for v in members], bound) for members, bound in packing_rows(g, adj)]

    # Every lifted row, as (bound, row size, orbital counts): distinct ones only.
    single = set()
    for members, bound in rows:
        for v in range(n):
            single.add((bound, tuple(np.bincount(orbital[members, v], minlength=k))))
    double = set()
    for i, (left, bound) in enumerate(rows):
        for right, other in rows[i:]:
            counts = np.bincount(orbital[np.ix_(left, right)].ravel(), minlength=k)
            double.add((bound, len(left), other, len(right), tuple(counts)))

    y = cp.Variable(k)  # Y's value on each orbital; y[diagonal] = P(v in I) = alpha / n
    a = y[diagonal]
    constraints = [y >= 0, y[edge] == 0]
    for block in blocks(basis):
        m = sum(y[j] * block[j] for j in range(k))
        if block[0].shape == (1, 1) and abs(sum(b[0, 0] for b in block) - n) < 1e-6:
            constraints.append(m[0, 0] >= n * cp.square(a))  # the all-ones direction, with x
        else:
            constraints.append((m + m.T) / 2 >> 0)
    for bound, counts in single:
        c = np.array(counts, dtype=float)
        constraints.append(c @ y <= bound * a)  # times x_v
        constraints.append(c.sum() * a - c @ y <= bound * (1 - a))  # times 1 - x_v
    for bound, size, other, other_size, counts in double:
        c = np.array(counts, dtype=float)
        constraints.append(bound * other - bound * other_size * a - other * size * a + c @ y >= 0)
    if piece is not None:
        tied, average = piece_patterns(g, nodes, group, orbital, y, *piece)
        constraints += tied
    problem = cp.Problem(cp.Maximize(n * a), constraints)
    problem.solve(solver="CLARABEL")
    print(f"{args[0]}: {n} vertices, {len(group)} automorphisms, {k} orbitals, "
          f"{len(single)} + {len(double)} distinct lifted rows; {problem.status}")
    print(f"alpha <= {problem.value:.3f}, minimum cover >= {n - problem.value:.3f} "
          f"({time.time() - started:.1f} s)")

    if len(args) == 2:  # the group average of a real answer must satisfy every row
        cover = read_cover(args[1], pos)
        x = np.array([0.0 if v in cover else 1.0 for v in range(n)])
        outer = np.outer(x, x)
        y.value = np.array([outer[orbital == j].mean() for j in range(k)])
        if piece is not None:
            average(x)
        worst = max(c.violation().max() if c.violation().size else c.violation()
                    for c in constraints)
        print(f"{args[1]}: independent set of {int(x.sum())}, worst violation {worst:.2e}")


if __name__ == "__main__":
    main()
