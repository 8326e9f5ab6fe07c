#!/usr/bin/env python3
"""An upper bound on the independence number of a vertex-transitive graph from local
consistency: a linear program over the independent subsets of one piece of the graph.

    bench/cells_lp.py GRAPH.gr ball R     # piece: the ball of radius R around a vertex
    bench/cells_lp.py GRAPH.gr edge R     # the union of the balls around an edge's ends
    bench/cells_lp.py GRAPH.gr cell       # a dodecahedral cell (graphs of girth 5, degree 4)
    bench/cells_lp.py GRAPH.gr cells      # two dodecahedral cells with a face in common
  options: --share K     keep only the images that share at least K vertices with the piece
           --cover FILE  check that the group average of FILE's independent set satisfies
                         the program (a real optimum must: the program is a relaxation)

For an independent set I and g uniform in the automorphism group, the pattern g^-1(I) on the
piece P is a random independent subset of P: its distribution x is invariant under the
stabiliser of P, its marginals on P and a(P) (a an automorphism) agree on their overlap, and
every vertex of P is in it with probability |I| / n. The largest mean of those probabilities
over such x bounds alpha / n (maximised by scipy's HiGHS, over one variable per orbit of the
stabiliser on the patterns). The bound printed last is certified by the dual solution: for
the dual values y of the equality rows and the reduced costs s = c - A^T y, every feasible x
has c^T x >= b^T y + min(0, min s), since x >= 0 sums to 1, whatever the solver's tolerances. The group comes from networkx's
VF2 matcher: the stabiliser of one vertex and one map to each of its neighbours generate it.

Needs networkx, numpy and scipy.
"""
import sys
import time

import networkx as nx
import numpy as np
from networkx.algorithms.isomorphism import GraphMatcher
from scipy.optimize import linprog
from scipy.sparse import coo_matrix, csr_matrix, vstack

from cells import read, read_cover  # bench/cells.py, beside this script


def automorphisms(g, nodes):
    """Every automorphism, as arrays over positions in nodes (vertex-transitive, connected g)."""
    pos = {v: i for i, v in enumerate(nodes)}
    root = nodes[0]

    def matcher(dst):
        h1, h2 = g.copy(), g.copy()
        nx.set_node_attributes(h1, 0, "m")
        nx.set_node_attributes(h2, 0, "m")
        h1.nodes[root]["m"] = h2.nodes[dst]["m"] = 1
        return GraphMatcher(h1, h2, node_match=lambda a, b: a["m"] == b["m"])

    gens = [np.array([pos[a[v]] for v in nodes]) for a in matcher(root).isomorphisms_iter()]
    for u in g[root]:
        a = next(matcher(u).isomorphisms_iter())
        gens.append(np.array([pos[a[v]] for v in nodes]))
    seen, frontier = {tuple(range(len(nodes)))}, [np.arange(len(nodes))]
    while frontier:
        grown = []
        for p in frontier:
            for q in gens:
                r = tuple(q[p])
                if r not in seen:
                    seen.add(r)
                    grown.append(np.array(r))
        frontier = grown
    return [np.array(p) for p in seen]


def cell(adj, v, three):
    """The dodecahedron through v and three of its neighbours: pentagons closed under pairs."""
    def pentagon(x, u, y):
        for p in adj[x] - {u}:
            for q in adj[p] - {x, u}:
                if y in adj[q]:
                    return [x, u, y, q, p]
        sys.exit("no pentagon through a path of length 2: not a cell complex")

    nbr = {v: set(three)}
    changed = True
    while changed:
        changed = False
        for u in list(nbr):
            k = sorted(nbr[u])
            for i in range(len(k)):
                for j in range(i + 1, len(k)):
                    cyc = pentagon(k[i], u, k[j])
                    for t in range(5):
                        have = nbr.setdefault(cyc[t], set())
                        if not {cyc[t - 1], cyc[(t + 1) % 5]} <= have:
                            have |= {cyc[t - 1], cyc[(t + 1) % 5]}
                            changed = True
    return set(nbr)


def piece_of(g, nodes, adj, kind, radius):
    """The piece's vertices (positions in nodes), sorted: a ball, an edge's balls or a cell."""
    pos = {v: i for i, v in enumerate(nodes)}

    def ball(c):
        return {pos[v] for v in nx.single_source_shortest_path_length(g, nodes[c], cutoff=radius)}

    if kind == "ball":
        return sorted(ball(0))
    if kind == "edge":
        return sorted(ball(0) | ball(min(adj[0])))
    if kind == "cell":
        return sorted(cell(adj, 0, sorted(adj[0])[:3]))
    if kind == "cells":
        # the cells through vertex 0 and three of its neighbours: two triples that share two
        # neighbours give the two cells on the face through 0 and those two
        near = sorted(adj[0])
        return sorted(cell(adj, 0, near[:3]) | cell(adj, 0, near[1:4]))
    sys.exit("piece: ball R, edge R, cell or cells")


def independent_subsets(piece, adj):
    """Every independent subset of the piece, one row of 0/1 per subset (columns: piece)."""
    idx = {v: i for i, v in enumerate(piece)}
    inside = [sum(1 << idx[u] for u in adj[v] if u in idx) for v in piece]
    subsets = []

    def grow(i, mask, barred):
        if i == len(piece):
            subsets.append(mask)
            return
        grow(i + 1, mask, barred)
        if not (barred >> i) & 1:
            grow(i + 1, mask | (1 << i), barred | inside[i])

    grow(0, 0, 0)
    return np.array([[(s >> i) & 1 for i in range(len(piece))] for s in subsets], dtype=np.int64)


def pattern_orbits(group, piece, bits, least=1):
    """The piece's patterns merged into orbits of its stabiliser: the matrix M with x = M z
    (z: each orbit's probability, shared evenly by its patterns), the rows C with C z = 0 that
    make x agree with its images on their overlaps, one per distinct row (the invariance
    under the stabiliser holds by construction), and how many images overlap the piece.
    Only images sharing at least `least` vertices with the piece are used: fewer rows, a
    bound no better, still valid."""
    idx = {v: i for i, v in enumerate(piece)}
    whole = frozenset(piece)
    stabiliser, images = [], {}
    for a in group:
        image = frozenset(int(a[v]) for v in piece)
        if image == whole:
            stabiliser.append([idx[int(a[v])] for v in piece])
        elif len(image & whole) >= least and image not in images:
            images[image] = a
    weights = 1 << np.arange(len(piece), dtype=np.int64)
    smallest = bits @ weights
    for perm in stabiliser:
        moved = np.zeros_like(bits)
        moved[:, perm] = bits
        smallest = np.minimum(smallest, moved @ weights)
    _, orbit = np.unique(smallest, return_inverse=True)
    size = np.bincount(orbit).astype(float)
    count = len(bits)
    m = csr_matrix((1.0 / size[orbit], (np.arange(count), orbit)), shape=(count, len(size)))
    seen, indices, data, starts = set(), [], [], [0]
    for image, a in images.items():
        back = {int(a[v]): v for v in piece}
        overlap = sorted(whole & image)
        w = 1 << np.arange(len(overlap), dtype=np.int64)
        here = bits[:, [idx[v] for v in overlap]] @ w
        there = bits[:, [idx[back[v]] for v in overlap]] @ w
        _, key = np.unique(np.concatenate([here, there]), return_inverse=True)
        each = np.arange(count)
        r = coo_matrix((np.concatenate([np.ones(count), -np.ones(count)]),
                        (key, np.concatenate([each, each]))), shape=(key.max() + 1, count))
        rows = (r.tocsr() @ m).tocsr()
        rows.data = np.round(rows.data, 12)
        rows.eliminate_zeros()
        for i in range(rows.shape[0]):
            lo, hi = rows.indptr[i], rows.indptr[i + 1]
            if lo == hi:
                continue
            sig = hash((rows.indices[lo:hi].tobytes(), rows.data[lo:hi].tobytes()))
            if sig not in seen:
                seen.add(sig)
                indices.append(rows.indices[lo:hi])
                data.append(rows.data[lo:hi])
                starts.append(starts[-1] + hi - lo)
    agree = csr_matrix((np.concatenate(data) if data else np.zeros(0),
                        np.concatenate(indices) if indices else np.zeros(0, dtype=np.int32),
                        np.array(starts)), shape=(len(starts) - 1, len(size)))
    return m, agree, len(images)


def cover_distribution(group, piece, bits, m, path, pos):
    """The orbit probabilities z of the patterns that COVER's independent set leaves on the
    piece's images under the whole group (a feasible point of the program), and |I|."""
    cover = read_cover(path, pos)
    n = len(pos)
    inside = np.array([v not in cover for v in range(n)])
    index = {int(k): i for i, k in enumerate(bits @ (1 << np.arange(len(piece), dtype=np.int64)))}
    weights = 1 << np.arange(len(piece), dtype=np.int64)
    x = np.zeros(len(bits))
    for a in group:
        x[index[int(inside[a[piece]] @ weights)]] += 1.0 / len(group)
    # z_o is the sum of x over the orbit's patterns (m shares z_o evenly among them)
    return (m.T > 0).astype(float) @ x, int(inside.sum())


def main():
    args = sys.argv[1:]
    share, cover_path = 1, None
    if "--share" in args:
        at = args.index("--share")
        share = int(args[at + 1])
        del args[at:at + 2]
    if "--cover" in args:
        at = args.index("--cover")
        cover_path = args[at + 1]
        del args[at:at + 2]
    start = time.time()
    g = read(args[0])
    kind = args[1]
    radius = int(args[2]) if len(args) > 2 else 0
    nodes = sorted(g)
    n = len(nodes)
    pos = {v: i for i, v in enumerate(nodes)}
    adj = [set(pos[u] for u in g[v]) for v in nodes]
    piece = piece_of(g, nodes, adj, kind, radius)
    bits = independent_subsets(piece, adj)
    group = automorphisms(g, nodes)
    m, agree, overlapping = pattern_orbits(group, piece, bits, share)
    a_eq = vstack([agree, coo_matrix(np.ones((1, m.shape[1])))]).tocsr()
    b_eq = np.zeros(a_eq.shape[0])
    b_eq[-1] = 1
    objective = m.T @ (bits.sum(axis=1) / len(piece))
    res = linprog(-objective, A_eq=a_eq, b_eq=b_eq, bounds=(0, None), method="highs-ipm")
    if res.status != 0:
        sys.exit(res.message)
    ratio = -res.fun
    y = res.eqlin.marginals
    reduced = -objective - a_eq.T @ y
    certified = -(b_eq @ y) - min(0.0, reduced.min())
    name = f"{kind}{f' {radius}' if kind in ('ball', 'edge') else ''}"
    print(f"{args[0]}: {n} vertices, {len(group)} automorphisms; piece {name} of {len(piece)} "
          f"vertices, {len(bits)} independent subsets in {m.shape[1]} orbits, {overlapping} "
          f"images sharing at least {share} vertices, {a_eq.shape[0]} rows")
    print(f"alpha / n <= {ratio:.6f}: alpha <= {ratio * n:.3f}, minimum cover >= "
          f"{n - ratio * n:.3f}")
    print(f"certified by the dual values: alpha <= {certified * n:.4f} (least reduced cost "
          f"{reduced.min():.2e}), so alpha <= {int(np.floor(certified * n + 1e-9))} and the "
          f"minimum cover >= {n - int(np.floor(certified * n + 1e-9))}; {time.time() - start:.0f} s")
    if cover_path:
        z, size = cover_distribution(group, piece, bits, m, cover_path, pos)
        print(f"{cover_path}: independent set of {size}; its group average violates the rows by "
              f"at most {np.abs(a_eq @ z - b_eq).max():.1e}, objective {objective @ z:.6f} "
              f"against {size / n:.6f}")


if __name__ == "__main__":
    main()
