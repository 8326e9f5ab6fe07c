#!/usr/bin/env python3
"""What the two symmetric graphs of table1 are, so that the optima known for them apply:
120-cell.gr is the skeleton of the 120-cell (600 vertices, 4-regular, girth 5 with its 720
pentagons, diameter 15, every vertex one antipode at distance 15), and 60-cell.gr is its
quotient by the antipodal map (the hemi-120-cell).

    bench/cells.py TABLE1_DIR > bench/results/cells.md

Needs networkx (isomorphism of the quotient with 60-cell.gr).
"""
import sys

import networkx as nx


def read(path):
    g = nx.Graph()
    for line in open(path):
        words = line.split()
        if not words or words[0] == "c":
            continue
        if words[0] == "p":
            g.add_nodes_from(range(1, int(words[2]) + 1))
            continue
        g.add_edge(int(words[0]), int(words[1]))
    return g


def read_cover(path, pos):
    """The vertices of a PACE .vc answer, as positions (pos: vertex -> position)."""
    cover = set()
    for line in open(path):
        words = line.split()
        if words and words[0] not in ("c", "s"):
            cover.add(pos[int(words[0])])
    return cover


def cycles(g, k):
    """Cycles of length k, each counted once."""
    count = 0
    for s in g:
        stack = [(s, [s])]
        while stack:
            v, path = stack.pop()
            if len(path) == k:
                count += g.has_edge(v, s)
                continue
            stack.extend((u, path + [u]) for u in g[v] if u > s and u not in path)
    return count // 2


def main():
    folder = sys.argv[1]
    big, small = read(f"{folder}/120-cell.gr"), read(f"{folder}/60-cell.gr")
    far = {}
    for v in big:
        dist = nx.single_source_shortest_path_length(big, v)
        top = max(dist.values())
        far[v] = [u for u, d in dist.items() if d == top]
    antipode = {v: ends[0] for v, ends in far.items()}
    quotient = nx.Graph()
    quotient.add_edges_from((min(u, antipode[u]), min(v, antipode[v])) for u, v in big.edges())
    facts = [
        ("120-cell.gr: vertices, edges", f"{big.number_of_nodes()}, {big.number_of_edges()}"),
        ("degrees", ", ".join(str(d) for d in sorted({d for _, d in big.degree()}))),
        ("cycles of length 3, 4, 5", f"{cycles(big, 3)}, {cycles(big, 4)}, {cycles(big, 5)}"),
        ("diameter", str(nx.diameter(big))),
        ("vertices at distance 15 from each vertex",
         ", ".join(str(c) for c in sorted({len(e) for e in far.values()}))),
        ("the antipodal map is an automorphism and an involution",
         str(all(big.has_edge(antipode[u], antipode[v]) for u, v in big.edges()) and
             all(antipode[antipode[v]] == v for v in big))),
        ("quotient by it: vertices, edges",
         f"{quotient.number_of_nodes()}, {quotient.number_of_edges()}"),
        ("quotient isomorphic to 60-cell.gr",
         str(nx.isomorphism.GraphMatcher(quotient, small).is_isomorphic())),
    ]
    print("# The symmetric graphs of table1\n")
    print("Written by `bench/cells.py` from `table1/120-cell.gr` and `table1/60-cell.gr`.\n")
    print("| property | value |\n|---|---|")
    for name, value in facts:
        print(f"| {name} | {value} |")


if __name__ == "__main__":
    main()
