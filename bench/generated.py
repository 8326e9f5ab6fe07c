#!/usr/bin/env python3
"""Generated families: mvc-gpu beside the PACE 2019 winner, every cover checked.

    bench/generated.py --family line|rb|gnp|regular|networks|symmetric|lattice --name NAME
        --mvc-gpu BUILD/mvc-gpu [--before OLD/mvc-gpu] [--peer PEERS/wegotyoucovered-vc_solver]
        [--time-limit 30] [--device TEXT] [--graphs DIR] [--repeat N]

Families (each graph with its optimum known independently of mvc-gpu where one is):
  line  line graphs of random roots: the minimum cover of the line graph of H is |E(H)| minus
        a largest matching of H (networkx);
  rb    forced model RB graphs frbN-D (bench/gen_rb.py): N cliques of D, minimum cover
        N (D - 1), the BHOSLIB shape of PACE 2019's vc-exact_195 to 199;
  gnp   random graphs G(n, p), n from 100 to 250, p from 0.03 to 0.5: no optimum known
        beforehand, so the solvers' proven answers are compared with each other;
  regular  random 3-, 4- and 5-regular graphs of 150-400 vertices; compared as gnp is;
  networks  models of real networks, 3,000-20,000 vertices (networkx): protein-interaction-
        like, citation-like, spatial, small-world, communities; compared as gnp is;
  symmetric  graphs with large automorphism groups, 100-1,000 vertices (networkx): Paley,
        Kneser and Johnson graphs, queens' graphs, circulants, Cartesian and strong products
        of cycles, cliques and small symmetric graphs; compared as gnp is;
  lattice  triangular and king's-move lattices of 30-40 sites a side with a fifth of the sites
        missing, and unit disk graphs of 1,000-5,000 vertices; compared as gnp is.
--before runs a second mvc-gpu build too, in a column of its own, for before-and-after tables.
Each graph is written in PACE form with its vertices shuffled, solved once by each solver (one
at a time; --repeat N: N times, the solvers taking turns, the median reported), and every
cover is checked with mvc-gpu --check and against that optimum (or the
other solver's proven answer). Writes bench/results/NAME.csv and NAME.md. The line and
networks families need networkx; --graphs DIR keeps the graphs in DIR (with a manifest) and
reads them from there when DIR holds them, so a copy of DIR runs where networkx is missing.
"""
import argparse
import itertools
import os
import random
import shutil
import statistics
import subprocess
import tempfile
import threading
import time

from gen_rb import rb_edges  # bench/gen_rb.py, beside this script

ROOTS = [  # (name, generator of the root): as in the fuzzing that found the family slow
    ("G(31, 0.32)", lambda nx: nx.gnp_random_graph(31, 0.32, seed=7)),
    ("G(40, 0.3)", lambda nx: nx.gnp_random_graph(40, 0.3, seed=1)),
    ("G(61, 0.3)", lambda nx: nx.gnp_random_graph(61, 0.3, seed=2)),
    ("G(80, 0.3)", lambda nx: nx.gnp_random_graph(80, 0.3, seed=2)),
    ("G(150, 0.3)", lambda nx: nx.gnp_random_graph(150, 0.3, seed=2)),
    ("G(401, 0.02)", lambda nx: nx.gnp_random_graph(401, 0.02, seed=1)),
    ("K45", lambda nx: nx.complete_graph(45)),
    ("random 3-regular, 1000", lambda nx: nx.random_regular_graph(3, 1000, seed=1)),
]


RB = [(30, 15, seed) for seed in range(1, 9)] + [(35, 17, seed) for seed in range(1, 5)] + [
    (40, 19, seed) for seed in range(1, 3)]


def write_shuffled(n, edges, path, rng):
    """PACE form, vertices 0..n-1 renumbered at random."""
    order = list(range(n))
    rng.shuffle(order)
    with open(path, "w") as f:
        f.write(f"p td {n} {len(edges)}\n")
        for a, b in edges:
            f.write(f"{order[a] + 1} {order[b] + 1}\n")


def line_graphs(rng):
    """(name, n, m, optimum, writer) for each root's line graph."""
    import networkx as nx
    for name, make in ROOTS:
        root = nx.convert_node_labels_to_integers(make(nx))
        root.remove_nodes_from([v for v in list(root) if root.degree(v) == 0])
        line = nx.convert_node_labels_to_integers(nx.line_graph(root))
        edges = list(line.edges())
        optimum = root.number_of_edges() - len(nx.max_weight_matching(root, maxcardinality=True))
        n = line.number_of_nodes()
        yield name, n, len(edges), optimum, lambda path, n=n, e=edges: write_shuffled(n, e, path, rng)


def rb_graphs(rng):
    for variables, values, seed in RB:
        n, edges = variables * values, rb_edges(variables, values, seed)
        yield (f"frb{variables}-{values}-s{seed}", n, len(edges), n - variables,
               lambda path, n=n, e=edges: write_shuffled(n, e, path, rng))


GNP = [(n, p) for n in (100, 150, 200, 250) for p in (0.03, 0.05, 0.08, 0.1, 0.15, 0.2, 0.3, 0.5)]


def gnp_edges(n, p, seed):
    """G(n, p) drawn as networkx's gnp_random_graph(n, p, seed) draws it (the same edges),
    so that the family needs no networkx where it runs."""
    draw = random.Random(seed)
    return [(a, b) for a, b in itertools.combinations(range(n), 2) if draw.random() < p]


def gnp_graphs(rng):
    for n, p in GNP:
        edges = gnp_edges(n, p, n * 1000 + round(p * 1000))
        yield (f"G({n}, {p})", n, len(edges), None,
               lambda path, n=n, e=edges: write_shuffled(n, e, path, rng))


NETWORKS = [  # (name, networkx generator): models of the kinds of networks real data sets hold
    ("duplication-divergence(5000, 0.4)", lambda nx: nx.duplication_divergence_graph(5000, 0.4, seed=1)),
    ("duplication-divergence(20000, 0.35)",
     lambda nx: nx.duplication_divergence_graph(20000, 0.35, seed=2)),
    ("duplication-divergence(10000, 0.5)",
     lambda nx: nx.duplication_divergence_graph(10000, 0.5, seed=3)),
    ("powerlaw-cluster(20000, 5, 0.6)", lambda nx: nx.powerlaw_cluster_graph(20000, 5, 0.6, seed=4)),
    ("powerlaw-cluster(10000, 10, 0.3)",
     lambda nx: nx.powerlaw_cluster_graph(10000, 10, 0.3, seed=5)),
    ("barabasi-albert(20000, 8)", lambda nx: nx.barabasi_albert_graph(20000, 8, seed=6)),
    ("watts-strogatz(5000, 20, 0.1)", lambda nx: nx.watts_strogatz_graph(5000, 20, 0.1, seed=7)),
    ("random-geometric(5000, 0.04)", lambda nx: nx.random_geometric_graph(5000, 0.04, seed=8)),
    ("growing-network-copying(20000)", lambda nx: nx.gnc_graph(20000, seed=9).to_undirected()),
    ("block-model(10 x 300, 0.1, 0.004)", lambda nx: nx.stochastic_block_model(
        [300] * 10, [[0.1 if i == j else 0.004 for j in range(10)] for i in range(10)], seed=10)),
    ("lfr(5000, 2.5, 1.5, 0.2)", lambda nx: nx.LFR_benchmark_graph(
        5000, 2.5, 1.5, 0.2, average_degree=15, max_degree=200, min_community=30, seed=11)),
]


def network_graphs(rng):
    """Protein-interaction-like (duplication-divergence), citation-like (copying, preferential
    attachment with triangles), spatial, small-world and community models."""
    import networkx as nx
    for name, make in NETWORKS:
        g = nx.convert_node_labels_to_integers(make(nx))
        g.remove_edges_from(list(nx.selfloop_edges(g)))
        edges, n = list(g.edges()), g.number_of_nodes()
        yield name, n, len(edges), None, lambda path, n=n, e=edges: write_shuffled(n, e, path, rng)


def symmetric_graphs(rng):
    """Vertex-transitive and other highly symmetric graphs: every symmetric copy of a subtree is
    a search of its own unless the solver prunes by the graph's automorphisms."""
    import networkx as nx

    def product(*factors, strong=False):
        g = factors[0]
        for f in factors[1:]:
            g = nx.strong_product(g, f) if strong else nx.cartesian_product(g, f)
        return g

    def queens(n):
        g = nx.Graph()
        for a in itertools.product(range(n), repeat=2):
            for b in itertools.product(range(n), repeat=2):
                if a < b and (a[0] == b[0] or a[1] == b[1] or
                              abs(a[0] - b[0]) == abs(a[1] - b[1])):
                    g.add_edge(a, b)
        return g

    def johnson(n, k):
        sets = [frozenset(c) for c in itertools.combinations(range(n), k)]
        g = nx.Graph()
        g.add_edges_from((a, b) for a, b in itertools.combinations(sets, 2)
                         if len(a & b) == k - 1)
        return g

    c, k, petersen = nx.cycle_graph, nx.complete_graph, nx.petersen_graph
    graphs = [
        ("Paley(101)", lambda: nx.paley_graph(101).to_undirected()),
        ("Paley(197)", lambda: nx.paley_graph(197).to_undirected()),
        ("Kneser K(10, 4)", lambda: nx.kneser_graph(10, 4)),
        ("Kneser K(11, 4)", lambda: nx.kneser_graph(11, 4)),
        ("Johnson J(10, 4)", lambda: johnson(10, 4)),
        ("queens 10 x 10", lambda: queens(10)),
        ("queens 12 x 12", lambda: queens(12)),
        ("C131(1, 5, 24)", lambda: nx.circulant_graph(131, [1, 5, 24])),
        ("C180(1, 9, 40)", lambda: nx.circulant_graph(180, [1, 9, 40])),
        ("C200(1, 7, 32, 51)", lambda: nx.circulant_graph(200, [1, 7, 32, 51])),
        ("C250(1, 11, 60, 101)", lambda: nx.circulant_graph(250, [1, 11, 60, 101])),
        ("C5 x C5 x K3 x K3", lambda: product(k(3), k(3), c(5), c(5))),
        ("C5 x C7 x K3 x K2", lambda: product(k(3), k(2), c(5), c(7))),
        ("K3 x C5 x C5 x C5", lambda: product(k(3), c(5), c(5), c(5))),
        ("Tutte graph x C5", lambda: product(nx.tutte_graph(), c(5))),
        ("Petersen x Petersen", lambda: product(petersen(), petersen())),
        ("dodecahedron x Petersen", lambda: product(nx.dodecahedral_graph(), petersen())),
        ("Petersen x Petersen x Petersen", lambda: product(petersen(), petersen(), petersen())),
        ("C5 . C5 . C5 (strong)", lambda: product(c(5), c(5), c(5), strong=True)),
        ("C7 . C7 . C7 (strong)", lambda: product(c(7), c(7), c(7), strong=True)),
    ]
    for name, make in graphs:
        g = nx.convert_node_labels_to_integers(make())
        edges, n = list(g.edges()), g.number_of_nodes()
        yield name, n, len(edges), None, lambda path, n=n, e=edges: write_shuffled(n, e, path, rng)


REGULAR = [(3, 300), (3, 400), (4, 150), (4, 200), (4, 250), (5, 150), (5, 200)]


def regular_graphs(rng):
    """Random d-regular graphs (networkx, seed 1000 d + n): no reduction applies to them, and
    their lower bounds stay near n / 2, far below the optimum."""
    import networkx as nx
    for d, n in REGULAR:
        edges = list(nx.random_regular_graph(d, n, seed=1000 * d + n).edges())
        yield (f"{d}-regular({n})", n, len(edges), None,
               lambda path, n=n, e=edges: write_shuffled(n, e, path, rng))


LATTICES = [(kind, side, seed) for kind in ("triangular", "king") for side in (30, 35, 40)
            for seed in (1, 2)]
DISKS = [(1000, 16), (2000, 12), (3000, 12), (5000, 16)]


def site_lattice(kind, side, seed):
    """A side x side triangular or king's-move lattice with each site kept with probability
    0.8 (seed 100 side + seed): planar or nearly so, rich in triangles and 4-cliques."""
    draw = random.Random(100 * side + seed)
    sites = [(i, j) for i in range(side) for j in range(side) if draw.random() < 0.8]
    index = {site: k for k, site in enumerate(sites)}
    steps = [(1, 0), (0, 1), (1, -1)] + ([(1, 1)] if kind == "king" else [])
    edges = [(index[(i, j)], index[(i + a, j + b)]) for i, j in sites for a, b in steps
             if (i + a, j + b) in index]
    return len(sites), edges


def unit_disk(n, degree, seed):
    """n random points of the unit square joined within the radius that gives the mean
    degree: a random geometric graph."""
    draw = random.Random(seed)
    points = [(draw.random(), draw.random()) for _ in range(n)]
    radius = (degree / (3.141592653589793 * n)) ** 0.5
    cells = {}
    for k, (x, y) in enumerate(points):
        cells.setdefault((int(x / radius), int(y / radius)), []).append(k)
    edges = []
    for (cx, cy), members in cells.items():
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for b in cells.get((cx + dx, cy + dy), []):
                    for a in members:
                        if a < b and ((points[a][0] - points[b][0]) ** 2 +
                                      (points[a][1] - points[b][1]) ** 2) < radius * radius:
                            edges.append((a, b))
    return n, edges


def lattice_graphs(rng):
    """Triangular and king's-move lattices with a fifth of their sites missing, and unit
    disk graphs: sparse, planar or nearly, full of small cliques."""
    for kind, side, seed in LATTICES:
        n, edges = site_lattice(kind, side, seed)
        yield (f"{kind} {side}x{side}, 0.8, seed {seed}", n, len(edges), None,
               lambda path, n=n, e=edges: write_shuffled(n, e, path, rng))
    for n, degree in DISKS:
        n, edges = unit_disk(n, degree, 10 * n + degree)
        yield (f"unit disk({n}, degree {degree})", n, len(edges), None,
               lambda path, n=n, e=edges: write_shuffled(n, e, path, rng))


FAMILIES = {"line": (line_graphs, "Line graphs of random roots", "root",
                     "the root's edges minus its largest matching (networkx)"),
            "rb": (rb_graphs, "Forced model RB graphs (`bench/gen_rb.py`)", "graph",
                   "N (D - 1) for frbN-D, the forced solution's complement"),
            "gnp": (gnp_graphs, "Random graphs G(n, p) (networkx's draw, seed 1000 n + 1000 p)", "graph",
                    "unknown ('-'): proven answers of the two solvers must agree"),
            "regular": (regular_graphs, "Random regular graphs (networkx, seed 1000 d + n)", "graph",
                        "unknown ('-'): proven answers of the two solvers must agree"),
            "networks": (network_graphs, "Network models (networkx)", "model",
                         "unknown ('-'): proven answers of the two solvers must agree"),
            "symmetric": (symmetric_graphs, "Symmetric graphs (networkx)", "graph",
                          "unknown ('-'): proven answers of the solvers must agree"),
            "lattice": (lattice_graphs, "Lattices with missing sites and unit disk graphs",
                        "graph", "unknown ('-'): proven answers of the solvers must agree")}


def run(command, graph, answer, limit, stdin):
    """(exit status, or None when killed at the limit; wall seconds).

    A blocking wait with a timer that kills at the limit: subprocess's own timeout polls
    with sleeps that double from 0.5 ms, which rounds short runs up (a 3.8-ms run measured
    8 ms).
    """
    start = time.monotonic()
    with open(answer, "w") as out, open(graph) as source:
        proc = subprocess.Popen(command if stdin else command + [graph],
                                stdin=source if stdin else subprocess.DEVNULL, stdout=out,
                                stderr=subprocess.DEVNULL)
        timer = threading.Timer(limit, proc.kill)
        timer.start()
        code = proc.wait()
        seconds = time.monotonic() - start
        killed = not timer.is_alive()
        timer.cancel()
    return (None if killed else code), seconds


def cover_size(path):
    size = None
    with open(path) as f:
        for line in f:
            parts = line.split()
            if parts[:2] == ["s", "vc"]:
                size = int(parts[3])
    return size


def kept_graphs(generate, rng, folder):
    """The family's graphs from folder, written there first (with manifest.tsv) unless it holds
    them already: a machine without networkx runs a copy of the folder."""
    manifest = os.path.join(folder, "manifest.tsv")
    if not os.path.exists(manifest):
        os.makedirs(folder, exist_ok=True)
        lines = ["name\tn\tm\toptimum\tfile\n"]
        for i, (name, n, m, optimum, write) in enumerate(generate(rng)):
            write(os.path.join(folder, f"{i:03d}.gr"))
            lines.append(f"{name}\t{n}\t{m}\t{'-' if optimum is None else optimum}\t{i:03d}.gr\n")
        with open(manifest + ".part", "w") as f:
            f.writelines(lines)
        os.replace(manifest + ".part", manifest)
    with open(manifest) as f:
        next(f)
        for line in f:
            name, n, m, optimum, file = line.rstrip("\n").split("\t")
            yield (name, int(n), int(m), None if optimum == "-" else int(optimum),
                   lambda path, src=os.path.join(folder, file): shutil.copyfile(src, path))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--family", required=True, choices=sorted(FAMILIES))
    ap.add_argument("--name", required=True)
    ap.add_argument("--mvc-gpu", required=True)
    ap.add_argument("--before", help="a second mvc-gpu build, run in a column of its own")
    ap.add_argument("--peer")
    ap.add_argument("--time-limit", type=float, default=30)
    ap.add_argument("--device", default="")
    ap.add_argument("--results", default=os.path.join(os.path.dirname(__file__), "results"))
    ap.add_argument("--graphs", help="keep the graphs in this folder, or read them from it")
    ap.add_argument("--repeat", type=int, default=1,
                    help="runs of each solver on each graph, the solvers taking turns; the "
                    "median is reported, and a solver that does not prove a graph once is not "
                    "run on it again")
    args = ap.parse_args()
    rng = random.Random(1)
    solvers = [("mvc-gpu", [args.mvc_gpu, "--time-limit", str(args.time_limit)], False)]
    if args.before:
        solvers.append(("mvc-gpu before", [args.before, "--time-limit", str(args.time_limit)],
                        False))
    if args.peer:
        solvers.append(("WeGotYouCovered", [args.peer], True))
    generate, title, key, how = FAMILIES[args.family]
    rows, wrong = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        graphs = kept_graphs(generate, rng, args.graphs) if args.graphs else generate(rng)
        for name, n, m, optimum, write in graphs:
            graph = os.path.join(tmp, "g.gr")
            write(graph)
            row = {key: name, "n": n, "m": m, "optimum": optimum}
            proven_sizes = set()
            times = {solver: [] for solver, _, _ in solvers}
            for turn in range(args.repeat):
                for solver, command, stdin in solvers:
                    if turn > 0 and row[solver] == "-":
                        continue
                    answer = os.path.join(tmp, "a.vc")
                    code, seconds = run(command, graph, answer, args.time_limit + 5, stdin)
                    size = cover_size(answer) if code is not None else None
                    valid = size is not None and subprocess.run(
                        [args.mvc_gpu, "--check", graph, answer], stdout=subprocess.DEVNULL,
                        stderr=subprocess.DEVNULL).returncode == 0
                    proven = valid and code == 0  # mvc-gpu: 4 when stopped; a peer killed: None
                    if proven and optimum is None:
                        proven_sizes.add(size)
                    elif proven and size != optimum:
                        wrong += 1
                    right = proven and (optimum is None or size == optimum)
                    times[solver].append(seconds)
                    row[solver] = (f"{statistics.median(times[solver]):.3f}"
                                   if right and row.get(solver, "") != "-" else "-")
                    if turn == 0:
                        row[solver + " answer"] = size if size is not None else "-"
            wrong += len(proven_sizes) > 1  # two proven minima that differ: one is wrong
            if optimum is None:
                row["optimum"] = proven_sizes.pop() if len(proven_sizes) == 1 else "-"
            rows.append(row)
            print(row, flush=True)
    columns = [key, "n", "m", "optimum"] + [c for s, _, _ in solvers for c in (s, s + " answer")]
    os.makedirs(args.results, exist_ok=True)
    with open(os.path.join(args.results, args.name + ".csv"), "w") as f:
        f.write(",".join(columns) + "\n")
        for row in rows:
            f.write(",".join(str(row[c]) for c in columns) + "\n")
    runs = ("one run each" if args.repeat == 1 else
            f"median of {args.repeat} runs each, the solvers taking turns")
    with open(os.path.join(args.results, args.name + ".md"), "w") as f:
        f.write(f"# {args.name}\n\n{title}, `bench/generated.py --family {args.family}`, "
                f"{args.device}: whole-process seconds, {runs}, limit "
                f"{args.time_limit:g} s; '-' for no proven optimum within it. Optimum = {how}. "
                f"Every cover checked with `mvc-gpu --check`. Wrong answers: {wrong}.\n\n")
        f.write("| " + " | ".join(columns) + " |\n|" + "---|" * len(columns) + "\n")
        for row in rows:
            f.write("| " + " | ".join(str(row[c]) for c in columns) + " |\n")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
