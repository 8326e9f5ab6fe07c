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
over such x bounds alpha / n (maximised by scipy's HiGHS dual simplex, over one variable per
orbit of the stabiliser on the patterns). Only one image of each orbit of the stabiliser on
the images is tied to P, since an invariant x that agrees with a(P) agrees with b(a(P)) for
every b in the stabiliser. The bound printed last is certified from the dual values in exact
arithmetic (`certified_bound`), whatever the solver's tolerances. The group is found by a
depth-first search of its own: the maps that fix one vertex, and one map from it to each of
its neighbours, generate it.

Needs networkx, numpy and scipy.
"""
import sys
import time
from fractions import Fraction

import networkx as nx
import numpy as np
from scipy.optimize import linprog
from scipy.sparse import coo_matrix, csr_matrix, vstack

from cells import read, read_cover  # bench/cells.py, beside this script


def maps_from(adj, root, target, order, parent, first_only):
    """The automorphisms a with a[root] = target, or the first of them: depth-first over the
    vertices in breadth-first order, each mapped to a neighbour of its parent's image that
    has the same degree and the same already-mapped neighbours. An injective map that keeps
    every edge keeps the number of edges, so each complete map is an automorphism."""
    n = len(adj)
    image = [-1] * n
    used = [False] * n
    found = []

    def fits(v, c):
        if used[c] or len(adj[c]) != len(adj[v]):
            return False
        mapped = [image[u] for u in adj[v] if image[u] >= 0]
        return all(m in adj[c] for m in mapped) and \
            sum(used[w] for w in adj[c]) == len(mapped)

    if n == 1:
        return [[target]]
    image[root], used[target] = target, True
    choices = [None] * n  # the candidates still to try at each depth
    depth = 1
    choices[1] = [c for c in adj[target] if fits(order[1], c)]
    while depth > 0:
        v = order[depth]
        if image[v] >= 0:  # undo the choice made here before
            used[image[v]] = False
            image[v] = -1
        if not choices[depth]:
            depth -= 1
            continue
        c = choices[depth].pop()
        image[v], used[c] = c, True
        if depth == n - 1:
            found.append(list(image))
            if first_only:
                return found
            continue
        depth += 1
        w = order[depth]
        choices[depth] = [c for c in adj[image[parent[w]]] if fits(w, c)]
    return found


def automorphisms(g, nodes):
    """Every automorphism of a connected vertex-transitive graph, one row per automorphism
    over positions in nodes: the maps that fix the first vertex, times one map from it to
    each vertex (grown along the edges from the maps to its neighbours)."""
    pos = {v: i for i, v in enumerate(nodes)}
    adj = [set(pos[u] for u in g[v]) for v in nodes]
    n = len(nodes)
    order, parent, seen = [0], [0] * n, {0}
    for v in order:
        for u in sorted(adj[v]):
            if u not in seen:
                seen.add(u)
                parent[u] = v
                order.append(u)
    if len(order) != n:
        sys.exit("the graph is not connected")
    stabiliser = np.array(maps_from(adj, 0, 0, order, parent, False))
    steps = []
    for u in sorted(adj[0]):
        step = maps_from(adj, 0, u, order, parent, True)
        if not step:
            sys.exit("the graph is not vertex-transitive")
        steps.append(np.array(step[0]))
    to = {0: np.arange(n)}  # to[v]: an automorphism taking vertex 0 to v
    frontier = [0]
    while frontier:
        grown = []
        for v in frontier:
            for step in steps:
                t = step[to[v]]
                if int(t[0]) not in to:
                    to[int(t[0])] = t
                    grown.append(int(t[0]))
        frontier = grown
    if len(to) != n:
        sys.exit("the graph is not vertex-transitive")
    cosets = np.array([to[v] for v in range(n)])
    return cosets[:, stabiliser].reshape(-1, n)


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
    """Every independent subset of the piece, as a sorted array of bit masks (bit i: piece[i])."""
    if len(piece) > 62:
        sys.exit(f"a piece of {len(piece)} vertices: at most 62")
    idx = {v: i for i, v in enumerate(piece)}
    masks = np.zeros(1, dtype=np.int64)
    for i, v in enumerate(piece):
        earlier = sum(1 << idx[u] for u in adj[v] if u in idx and idx[u] < i)
        masks = np.concatenate([masks, masks[(masks & earlier) == 0] | (1 << i)])
    return np.sort(masks)


def bit(masks, i):
    """Bit i of each mask, 0 or 1."""
    return (masks >> i) & 1


def moved(masks, targets):
    """Each mask with its bit i moved to bit targets[i] (None: dropped), a byte at a time."""
    out = np.zeros_like(masks)
    for low in range(0, len(targets), 8):
        table = np.zeros(256, dtype=np.int64)
        for value in range(256):
            for i in range(8):
                if value >> i & 1 and low + i < len(targets) and targets[low + i] is not None:
                    table[value] |= 1 << targets[low + i]
        out |= table[(masks >> low) & 255]
    return out


def pattern_orbits(group, piece, masks, least=1):
    """The piece's patterns merged into orbits of its stabiliser, and the rows that make a
    distribution over them agree with its images on their overlaps.

    Returns (orbit, size, agree, overlapping): orbit[p] is pattern p's orbit, size[o] the
    orbit's number of patterns, and agree the integer rows R with R w = 0, over w[o], the
    probability of each single pattern of orbit o (the same for all of them: the
    distribution is invariant under the stabiliser). Only images sharing at least `least`
    vertices with the piece are used, and one of each orbit of the stabiliser on them: the
    rows of b(a(piece)) for b in the stabiliser are those of a(piece) moved by b, which an
    invariant distribution meets as soon as it meets those of a(piece). Rows equal up to sign
    are kept once. Fewer images give a bound no better, still valid."""
    idx = {v: i for i, v in enumerate(piece)}
    whole = frozenset(piece)
    images = {}
    stabiliser = []
    for a in group:
        image = frozenset(a[piece].tolist())
        if image == whole:
            stabiliser.append(a)
        elif len(image & whole) >= least:
            images.setdefault(image, a)
    smallest = masks.copy()
    for a in stabiliser:
        smallest = np.minimum(smallest, moved(masks, [idx[int(a[v])] for v in piece]))
    _, orbit = np.unique(smallest, return_inverse=True)
    size = np.bincount(orbit)
    chosen, reached = [], set()
    for image, a in images.items():
        if image not in reached:
            chosen.append(a)
            reached.update(frozenset(b[list(image)].tolist()) for b in stabiliser)
    count, orbits = len(masks), len(size)
    blocks = []
    for a in chosen:
        overlap = sorted(whole & frozenset(a[piece].tolist()))
        here = moved(masks, [overlap.index(v) if v in overlap else None for v in piece])
        there = moved(masks, [overlap.index(int(a[v])) if int(a[v]) in overlap else None
                              for v in piece])
        _, key = np.unique(np.concatenate([here, there]), return_inverse=True)
        each = np.concatenate([orbit, orbit])
        ones = np.concatenate([np.ones(count, dtype=np.int64), -np.ones(count, dtype=np.int64)])
        rows = coo_matrix((ones, (key, each)), shape=(key.max() + 1, orbits)).tocsr()
        rows.sum_duplicates()
        rows.eliminate_zeros()
        blocks.append(rows[np.diff(rows.indptr) > 0])
    agree = vstack(blocks).tocsr() if blocks else csr_matrix((0, orbits), dtype=np.int64)
    seen, keep = set(), []
    for r in range(agree.shape[0]):
        lo, hi = agree.indptr[r], agree.indptr[r + 1]
        data = agree.data[lo:hi] * (1 if agree.data[lo] > 0 else -1)
        key = (agree.indices[lo:hi].tobytes(), data.tobytes())
        if key not in seen:
            seen.add(key)
            keep.append(r)
    return orbit, size, agree[keep], len(images)


def certified_bound(numerator, k, a_eq, size, y):
    """An exact upper bound on the objective (numerator / k) . w over w >= 0 with a_eq w = 0
    (all rows but the last) and size . w = 1 (the last), from any dual values y: the
    objective equals y . (a_eq w) + (objective - a_eq^T y) . w, at most y_last +
    max_o (objective - a_eq^T y)_o / size_o. y is rounded to integers over a power of two and
    the rest is done in exact integers and fractions, so the bound holds whatever the
    solver's tolerances (a_eq's entries are integers)."""
    scale = 1 << 40
    reach = (abs(a_eq).T @ np.abs(y)).max() * k  # keeps the integer products in int64
    while reach * scale >= 2.0 ** 61:
        scale >>= 4
    whole = np.round(y * scale).astype(np.int64)
    slack = numerator * scale - k * (a_eq.T @ whole)
    best = max(Fraction(int(s), int(z)) for s, z in zip(slack, size))
    return (Fraction(int(whole[-1])) + best / k) / scale


def group_average(group, piece, masks, orbit, size, inside):
    """w, each pattern's probability under the group average of the independent set
    `inside` (0/1 over all vertices): the pattern it leaves on a(piece), for every a."""
    seen = inside.astype(np.int64)[group[:, piece]] @ (1 << np.arange(len(piece), dtype=np.int64))
    counts = np.bincount(orbit[np.searchsorted(masks, seen)], minlength=len(size))
    return counts / (len(group) * size)


def cover_distribution(group, piece, masks, orbit, size, path, pos):
    """group_average of COVER's independent set (a feasible point of the program), and the
    set's size."""
    cover = read_cover(path, pos)
    inside = np.array([v not in cover for v in range(len(pos))], dtype=np.int64)
    return group_average(group, piece, masks, orbit, size, inside), int(inside.sum())


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
    if len(args) < 2:
        sys.exit(__doc__)
    start = time.time()
    g = read(args[0])
    kind = args[1]
    radius = int(args[2]) if len(args) > 2 else 0
    nodes = sorted(g)
    n = len(nodes)
    pos = {v: i for i, v in enumerate(nodes)}
    adj = [set(pos[u] for u in g[v]) for v in nodes]
    piece = piece_of(g, nodes, adj, kind, radius)
    k = len(piece)
    masks = independent_subsets(piece, adj)
    group = automorphisms(g, nodes)
    orbit, size, agree, overlapping = pattern_orbits(group, piece, masks, share)
    a_eq = vstack([agree, csr_matrix(size.reshape(1, -1))]).tocsr()
    b_eq = np.zeros(a_eq.shape[0])
    b_eq[-1] = 1
    # the mean over the piece's vertices of the chance to be in the pattern, times k
    numerator = np.bincount(orbit, weights=sum(bit(masks, i) for i in range(k)),
                            minlength=len(size)).astype(np.int64)
    built = time.time() - start
    res = linprog(-numerator / k, A_eq=a_eq, b_eq=b_eq, bounds=(0, None), method="highs-ds")
    if res.status != 0:
        sys.exit(res.message)
    ratio = -res.fun
    certified = certified_bound(numerator, k, a_eq, size, -res.eqlin.marginals)
    alpha = (certified * n).__floor__()
    name = f"{kind}{f' {radius}' if kind in ('ball', 'edge') else ''}"
    print(f"{args[0]}: {n} vertices, {len(group)} automorphisms; piece {name} of {k} "
          f"vertices, {len(masks)} independent subsets in {len(size)} orbits, {overlapping} "
          f"images sharing at least {share} vertices, {a_eq.shape[0]} rows")
    print(f"alpha / n <= {ratio:.6f}: alpha <= {ratio * n:.3f}, minimum cover >= "
          f"{n - ratio * n:.3f}")
    print(f"certified exactly from the dual values: alpha <= {float(certified * n):.4f}, so "
          f"alpha <= {alpha} and the minimum cover >= {n - alpha}; built in {built:.0f} s, "
          f"{time.time() - start:.0f} s in all")
    if cover_path:
        w, size_of_set = cover_distribution(group, piece, masks, orbit, size, cover_path, pos)
        print(f"{cover_path}: independent set of {size_of_set}; its group average violates the "
              f"rows by at most {np.abs(a_eq @ w - b_eq).max():.1e}, objective "
              f"{numerator @ w / k:.6f} against {size_of_set / n:.6f}")


if __name__ == "__main__":
    main()
