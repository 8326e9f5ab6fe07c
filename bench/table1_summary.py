#!/usr/bin/env python3
"""One table from several bench.py runs of Table I: per instance and mode, each run's whole-process
and search (kernel) time beside the paper's V100 Hybrid time and its code's H100 kernel time.

    bench/table1_summary.py --out bench/results/table1-h100.md \
        hybrid=bench/results/table1-h100-hybrid.csv default=bench/results/table1-h100-default.csv
"""
import argparse
import csv
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def read_tsv(path):
    with open(path) as f:
        return list(csv.DictReader([l for l in f if not l.startswith("#")], delimiter="\t"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs", nargs="+", help="LABEL=CSV")
    ap.add_argument("--out", required=True)
    ap.add_argument("--title", default="Table I on one device")
    ap.add_argument("--paper", default=os.path.join(HERE, "paper_table1.tsv"))
    ap.add_argument("--paper-code", default=os.path.join(HERE, "paper_code_h100.tsv"))
    args = ap.parse_args()
    paper = {r["file"]: r for r in read_tsv(args.paper)}
    code = {(r["file"], r["mode"]): r["kernel_s"] for r in read_tsv(args.paper_code)}
    runs, order = [], []
    for spec in args.runs:
        label, path = spec.split("=", 1)
        with open(path) as f:
            rows = {(r["instance"], r["mode"]): r for r in csv.DictReader(f)}
        runs.append((label, rows))
        for key in rows:
            if key not in order:
                order.append(key)
    head = ["instance", "mode", "paper V100 hybrid", "paper code H100 (kernel)"]
    for label, _ in runs:
        head += [f"{label}: answer", f"{label}: search", f"{label}: whole"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    wins = {label: [0, 0] for label, _ in runs}
    for inst, mode in order:
        v100 = paper.get(inst, {}).get(f"{mode}_hybrid", "")
        h100 = code.get((inst, mode), "")
        cells = [inst, mode, v100, h100]
        for label, rows in runs:
            r = rows.get((inst, mode))
            if r is None:
                cells += ["", "", ""]
                continue
            ans = r["answer"] + ("" if r["correct"] in ("", "yes") else f" ({r['correct']})")
            cells += [ans, r["search_time"], r["time"]]
            if h100 and r["proven"] == "yes":
                wins[label][0] += float(r["time"]) < float(h100)
                wins[label][1] += 1
        lines.append("| " + " | ".join(cells) + " |")
    with open(args.out, "w") as f:
        f.write(f"# {args.title}\n\n")
        f.write("Times in seconds. `search`: the solver's own search time (GPU: kernel time); "
                "`whole`: the whole process (load, kernelization, CUDA start-up, search, output). "
                "`paper V100 hybrid`: Yamout et al., Table I. `paper code H100`: the paper's own "
                "code rebuilt for sm_90 on an H100, kernel time only. Runs: "
                + ", ".join(f"`{label}` ({path})" for label, path in
                            (s.split("=", 1) for s in args.runs)) + ".\n\n")
        f.write("\n".join(lines) + "\n\n")
        for label, (won, total) in wins.items():
            f.write(f"- `{label}`: whole-process time below the paper code's H100 kernel time on "
                    f"{won} of the {total} runs where that figure exists and we finished.\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
