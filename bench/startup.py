#!/usr/bin/env python3
"""The start of a process: builds of mvc-gpu beside the PACE 2019 winner on graphs solved in
about a millisecond.

    bench/startup.py --name NAME --build LABEL=PATH/mvc-gpu [--build ...]
        [--peer PEERS/wegotyoucovered-vc_solver] [--runs 60] [--device TEXT] [--results DIR]

On G(100, 0.03) (the rules leave nothing) and G(150, 0.03) (a 66-vertex kernel), the graphs of
`bench/generated.py --family gnp` where the two solvers' times were closest, each program runs
--runs times, the programs taking turns, and the median whole-process time is kept; /bin/true
gives the floor of starting any process. Every cover is checked with the first build's --check
and the sizes of all answers must agree. Writes NAME.csv and NAME.md.
"""
import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

from generated import cover_size, gnp_edges, write_shuffled  # bench/generated.py, beside it

GRAPHS = [(100, 0.03), (150, 0.03)]


def once(command, graph, stdin):
    start = time.perf_counter()
    if stdin:
        with open(graph) as f:
            proc = subprocess.run(command, stdin=f, capture_output=True, text=True)
    else:
        proc = subprocess.run(command + [graph], capture_output=True, text=True)
    return time.perf_counter() - start, proc.stdout


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--name", required=True)
    ap.add_argument("--build", action="append", required=True, metavar="LABEL=PATH")
    ap.add_argument("--peer")
    ap.add_argument("--runs", type=int, default=60)
    ap.add_argument("--device", default="")
    ap.add_argument("--results", default=os.path.join(os.path.dirname(__file__), "results"))
    args = ap.parse_args()
    rng = random.Random(1)
    programs = [(label, [path], False) for label, path in (b.split("=", 1) for b in args.build)]
    if args.peer:
        programs.append(("WeGotYouCovered", [args.peer], True))
    checker = programs[0][1][0]
    rows, wrong = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for n, p in GRAPHS:
            graph = os.path.join(tmp, f"g{n}.gr")
            write_shuffled(n, gnp_edges(n, p, n * 1000 + round(p * 1000)), graph, rng)
            times = {label: [] for label, _, _ in programs}
            times["/bin/true"] = []
            sizes = set()
            for run in range(args.runs):
                for label, command, stdin in programs:
                    seconds, out = once(command, graph, stdin)
                    times[label].append(seconds)
                    if run == 0:
                        answer = os.path.join(tmp, "answer.vc")
                        with open(answer, "w") as f:
                            f.write(out)
                        ok = subprocess.run([checker, "--check", graph, answer],
                                            capture_output=True).returncode == 0
                        sizes.add(cover_size(answer))
                        wrong += not ok
                times["/bin/true"].append(once(["/bin/true"], graph, True)[0])
            if len(sizes) != 1 or None in sizes:
                wrong += 1
            rows.append((f"G({n}, {p})", n, sizes.pop() if len(sizes) == 1 else "disagree",
                         {k: statistics.median(v) * 1e3 for k, v in times.items()}))
    labels = [label for label, _, _ in programs] + ["/bin/true"]
    os.makedirs(args.results, exist_ok=True)
    with open(os.path.join(args.results, args.name + ".csv"), "w") as f:
        f.write("graph,n,cover," + ",".join(f'"{label}"' for label in labels) + "\n")
        for graph, n, size, t in rows:
            f.write(f"\"{graph}\",{n},{size}," + ",".join(f"{t[k]:.3f}" for k in labels) + "\n")
    with open(os.path.join(args.results, args.name + ".md"), "w") as f:
        f.write(f"# {args.name}\n\n{args.device}: `bench/startup.py`, median whole-process "
                f"milliseconds of {args.runs} runs each, the programs taking turns; /bin/true is "
                f"the floor of starting a process. Every cover checked; wrong answers: {wrong}.\n\n")
        f.write("| graph | cover | " + " | ".join(labels) + " |\n")
        f.write("|---|---|" + "---|" * len(labels) + "\n")
        for graph, n, size, t in rows:
            f.write(f"| {graph} | {size} | " + " | ".join(f"{t[k]:.2f}" for k in labels) + " |\n")
    print(open(os.path.join(args.results, args.name + ".md")).read())
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
