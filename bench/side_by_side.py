#!/usr/bin/env python3
"""mvc-gpu's PACE 2019 run beside a peer's, one table per machine.

    bench/side_by_side.py --name NAME --mvc-gpu MVC.csv --peer PEER.csv [--machine TEXT]

MVC.csv is bench/pace2019.sh's (bench.py's) CSV, PEER.csv bench/solvers.py's (peers.sh's) for
one peer, both from one session on one machine. Writes bench/results/NAME.csv and NAME.md
(--results overrides the folder): each instance's time for each solver where it solved it
(finished, checked, optimal), the ratio peer / mvc-gpu where both did, and a summary: how many
each solved, their times on the instances both solved, and every instance where the peer was
faster.
"""
import argparse
import csv
import os
import statistics

NAMES = {"wegotyoucovered": "WeGotYouCovered", "peaty": "peaty"}


def mvc_gpu_runs(path):
    """(every instance in run order, the seconds of those solved)."""
    with open(path) as f:
        rows = list(csv.DictReader(f))
    return ([r["instance"] for r in rows],
            {r["instance"]: float(r["time"]) for r in rows
             if r["proven"] == "yes" and r["correct"] == "yes"})


def solved_peer(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    return ({r["instance"]: float(r["time"]) for r in rows if r["correct"] == "yes"},
            NAMES.get(rows[0]["solver"], rows[0]["solver"]) if rows else "peer",
            {r["instance"] for r in rows})


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", required=True)
    ap.add_argument("--mvc-gpu", required=True)
    ap.add_argument("--peer", required=True)
    ap.add_argument("--machine", default="")
    ap.add_argument("--results", default=os.path.join(os.path.dirname(__file__), "results"))
    args = ap.parse_args()
    instances, ours = mvc_gpu_runs(args.mvc_gpu)
    theirs, peer, peer_runs = solved_peer(args.peer)
    both = [i for i in instances if i in ours and i in theirs]
    rows = []
    for i in instances:
        a, b = ours.get(i), theirs.get(i)
        rows.append({"instance": i, "mvc-gpu": f"{a:.3f}" if a is not None else "-",
                     peer: f"{b:.3f}" if b is not None else ("-" if i in peer_runs else "not run"),
                     "ratio": f"{b / a:.2f}" if a and b else ""})
    os.makedirs(args.results, exist_ok=True)
    columns = ["instance", "mvc-gpu", peer, "ratio"]
    with open(os.path.join(args.results, args.name + ".csv"), "w") as f:
        f.write(",".join(columns) + "\n")
        for r in rows:
            f.write(",".join(r[c] for c in columns) + "\n")
    faster = [i for i in both if theirs[i] < ours[i]]
    ratios = [theirs[i] / ours[i] for i in both]
    with open(os.path.join(args.results, args.name + ".md"), "w") as f:
        f.write(f"# {args.name}\n\n{args.machine}: mvc-gpu (`{os.path.basename(args.mvc_gpu)}`) "
                f"beside {peer} (`{os.path.basename(args.peer)}`), whole-process seconds of the "
                f"instances each solved (finished, cover checked, optimal); `ratio` = {peer} / "
                f"mvc-gpu on those both solved (> 1: mvc-gpu faster); `not run`: {peer} was given "
                f"only the instances listed in its file.\n\n")
        f.write(f"- mvc-gpu solved {len(ours)} of {len(instances)} "
                f"({sum(ours.values()):.1f} s in all); {peer} {len(theirs)} of "
                f"{len(peer_runs)} it was given ({sum(theirs.values()):.1f} s).\n")
        if both:
            f.write(f"- Both solved {len(both)}: {sum(ours[i] for i in both):.1f} s for mvc-gpu, "
                    f"{sum(theirs[i] for i in both):.1f} s for {peer}; ratio median "
                    f"{statistics.median(ratios):.2f}, smallest {min(ratios):.2f}.\n")
        f.write(f"- {peer} faster: " + (", ".join(f"{i} ({theirs[i]:.3f} against {ours[i]:.3f} s)"
                                                  for i in faster) if faster else "on none")
                + ".\n\n")
        f.write("| " + " | ".join(columns) + " |\n|" + "---|" * len(columns) + "\n")
        for r in rows:
            f.write("| " + " | ".join(r[c] for c in columns) + " |\n")


if __name__ == "__main__":
    main()
