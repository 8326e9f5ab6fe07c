#!/usr/bin/env python3
"""What restarts would gain in bound-sat's transversal search, from independent runs by seed.

    bench/transversal_restarts.py RUNS.tsv...   # transversal_bench's output

A search restarted from a fresh seed every c seconds ends after E[min(T, c)] / P(T <= c) on
average (T: one run's time to the transversal, censored at the runs' cap). Printed for the
cutoffs that the runs' own times suggest, beside the mean of T itself (a lower bound where
some runs hit the cap).
"""
import sys


def main():
    runs = []
    for path in sys.argv[1:]:
        for line in open(path):
            if line.startswith("#") or line.startswith("seed"):
                continue
            seed, found, steps, seconds = line.split("\t")
            runs.append((int(found), float(seconds)))
    if not runs:
        sys.exit("no runs")
    cap = max(t for _, t in runs)
    found = sorted(t for f, t in runs if f)
    print(f"{len(runs)} runs, {len(found)} found within the cap {cap:.0f} s: "
          + ", ".join(f"{t:.1f}" for t in found))
    mean = sum(t for _, t in runs) / len(runs)
    print(f"mean time without restarts: at least {mean:.1f} s")
    for c in sorted(set([t for t in found] + [1, 2, 5, 10, 20, 30])):
        if c > cap:
            continue
        p = sum(1 for f, t in runs if f and t <= c) / len(runs)
        if p == 0:
            continue
        part = sum(min(t, c) for _, t in runs) / len(runs)
        print(f"restart every {c:6.1f} s: P(found within) {p:.2f}, expected {part / p:7.1f} s")


if __name__ == "__main__":
    main()
