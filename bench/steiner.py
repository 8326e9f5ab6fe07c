#!/usr/bin/env python3
"""Steiner benchmark: runs `mvc-gpu --steiner` on instances with chosen algorithms, devices and
improvement settings, checks every tree with `mvc-gpu --check`, and writes CSV plus a markdown
table to bench/results/, beside the Steiner paper's figures (bench/paper_steiner.tsv) and the
reference weights of ../shared/instances/steiner/reference.tsv.

    bench/steiner.py --name steiner-cpu --configs kmb/cpu/plain,mehlhorn/cpu/plain,kmb/cpu/improve \
        ../shared/instances/steiner/pace2018/*.gr ../shared/instances/steiner/*.stp

A configuration is ALGO/DEVICE/IMPROVE: ALGO kmb or mehlhorn, DEVICE cpu or gpu, IMPROVE plain
(--no-improve) or improve (--improve, bounded by --improve-limit seconds).
"""
import argparse
import csv
import json
import os
import platform
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FIELDS = ["instance", "paper", "n", "m", "terminals", "algo", "device", "improve", "status",
          "valid", "time", "solve_time", "sssp_time", "weight_constructed", "weight", "optimum",
          "deviation_pct", "reference", "reference_kind", "p100_gpu_s", "p100_cpu_s",
          "h100_code_s", "h100_code_weight", "speedup_vs_p100", "speedup_vs_h100_code"]


def read_tsv(path):
    if not path or not os.path.exists(path):
        return {}
    with open(path) as f:
        lines = [line for line in f if not line.startswith("#")]
    return {row["file"]: row for row in csv.DictReader(lines, delimiter="\t")}


def run_one(binary, path, algo, device, improve, improve_limit, timeout, tmp):
    tree = os.path.join(tmp, "tree")
    stats = os.path.join(tmp, "stats.json")
    for stale in (tree, stats):
        if os.path.exists(stale):
            os.remove(stale)
    cmd = [binary, "--steiner", "--quiet", f"--steiner-algo={algo}", f"--steiner-device={device}",
           f"--stats={stats}", "--output", tree]
    if improve == "improve":
        cmd += ["--improve", f"--time-limit={improve_limit}"]
    else:
        cmd += ["--no-improve"]
    cmd.append(path)
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"time": time.monotonic() - start, "status": 124,
                "stderr": f"killed after {timeout:g} s (--timeout)"}
    result = {"time": time.monotonic() - start, "status": proc.returncode, "stderr": proc.stderr}
    if os.path.exists(stats):
        with open(stats) as f:
            result["stats"] = json.load(f)
    if proc.returncode == 0:
        check = subprocess.run([binary, "--check", "--quiet", path, tree], capture_output=True,
                               text=True)
        result["valid"] = check.returncode == 0
        if check.returncode != 0:
            result["stderr"] += check.stderr
    return result


def fmt(x, digits=3):
    return "" if x is None or x == "" else (f"{x:.{digits}f}" if isinstance(x, float) else str(x))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--name", required=True, help="results/NAME.csv and results/NAME.md")
    ap.add_argument("--binary", default="./mvc-gpu")
    ap.add_argument("--configs", default="kmb/cpu/plain,mehlhorn/cpu/plain,kmb/cpu/improve")
    ap.add_argument("--improve-limit", type=float, default=5.0,
                    help="seconds for the whole run when improving (default 5)")
    ap.add_argument("--timeout", type=float, default=None,
                    help="kill a run after this many seconds (reported as status 124)")
    ap.add_argument("--paper", default=os.path.join(HERE, "paper_steiner.tsv"))
    ap.add_argument("--reference", default=os.path.join(HERE, "..", "..", "shared", "instances",
                                                        "steiner", "reference.tsv"))
    ap.add_argument("--device", default=None, help="machine the runs are on, for the report")
    ap.add_argument("--results", default=os.path.join(HERE, "results"))
    ap.add_argument("instances", nargs="+")
    args = ap.parse_args()

    paper = read_tsv(args.paper)
    reference = read_tsv(args.reference)
    configs = [c.split("/") for c in args.configs.split(",")]
    for c in configs:
        if len(c) != 3 or c[0] not in ("kmb", "mehlhorn") or c[1] not in ("cpu", "gpu") \
                or c[2] not in ("plain", "improve"):
            sys.exit(f"steiner.py: bad configuration '{'/'.join(c)}' (ALGO/DEVICE/IMPROVE)")
    device = args.device or f"{platform.machine()} {os.cpu_count()}-core ({platform.node()})"
    rows, failures, timeouts = [], 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in args.instances:
            name = os.path.basename(path)
            if name.endswith(".gz"):
                name = name[:-3]  # compressed copies are looked up by the plain name
            ref = paper.get(name, {})
            known = reference.get(name, {})
            for algo, dev, improve in configs:
                r = run_one(args.binary, path, algo, dev, improve, args.improve_limit, args.timeout, tmp)
                st = r.get("stats", {})
                row = {"instance": name, "paper": ref.get("paper", ""), "algo": algo,
                       "device": dev, "improve": improve, "status": r["status"],
                       "time": round(r["time"], 3)}
                row["n"], row["m"] = st.get("n", ""), st.get("m", "")
                row["terminals"] = st.get("terminals", "")
                t = st.get("time", {})
                row["solve_time"] = t.get("solve", "")
                row["sssp_time"] = t.get("sssp", "")
                row["weight_constructed"] = st.get("weight_constructed", "")
                row["weight"] = st.get("weight", "")
                row["valid"] = {True: "yes", False: "NO"}.get(r.get("valid"), "")
                if r["status"] == 124:
                    timeouts += 1
                elif r["status"] != 0 or r.get("valid") is False:
                    failures += 1
                    print(f"{name} {algo}/{dev}/{improve}: status {r['status']}: "
                          f"{r['stderr'].strip()}", file=sys.stderr)
                optimum = None
                if ref.get("opt_thousands"):
                    optimum = int(ref["opt_thousands"]) * 1000
                elif known.get("kind") == "opt":
                    optimum = int(known["weight"])
                row["optimum"] = optimum if optimum is not None else ""
                if optimum and row["weight"] != "":
                    row["deviation_pct"] = round(100.0 * (row["weight"] - optimum) / optimum, 2)
                if known.get("kind") == "networkx-kou":
                    row["reference"], row["reference_kind"] = known["weight"], known["kind"]
                for key in ("p100_gpu_s", "p100_cpu_s", "h100_code_s", "h100_code_weight"):
                    row[key] = ref.get(key, "")
                if ref.get("p100_gpu_s"):
                    row["speedup_vs_p100"] = round(float(ref["p100_gpu_s"]) / r["time"], 1)
                if ref.get("h100_code_s"):
                    row["speedup_vs_h100_code"] = round(float(ref["h100_code_s"]) / r["time"], 1)
                rows.append(row)
                print(f"{name} {algo}/{dev}/{improve}: {row['time']} s, weight {row['weight']}"
                      f" (constructed {row['weight_constructed']}), valid {row['valid']}",
                      file=sys.stderr)

    os.makedirs(args.results, exist_ok=True)
    with open(os.path.join(args.results, args.name + ".csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS, extrasaction="ignore")
        w.writeheader()
        for row in rows:
            w.writerow({k: row.get(k, "") for k in FIELDS})
    shown = ["instance", "paper", "n", "terminals", "algo", "device", "improve", "valid", "time",
             "sssp_time", "weight_constructed", "weight", "deviation_pct", "reference",
             "p100_gpu_s", "h100_code_s", "h100_code_weight", "speedup_vs_p100",
             "speedup_vs_h100_code"]
    with open(os.path.join(args.results, args.name + ".md"), "w") as f:
        f.write(f"# {args.name}\n\nMachine: {device}. `time` is the whole process (load, "
                "construction, improvement, output) in seconds, wall clock; `sssp_time` the "
                "shortest-path part. `improve` runs are bounded by "
                f"--time-limit={args.improve_limit:g}. Every tree was checked with "
                "`mvc-gpu --check`. `deviation_pct` is against the optimum: the paper's Table 4 "
                "(printed in thousands, so about +-0.5/O of rounding) or the exact optimum of "
                "reference.tsv; `reference` is networkx's KMB weight. `p100_gpu_s`: the paper's "
                "Table 3 GPU time; `h100_code_s`/`h100_code_weight`: the paper's code on an "
                "H100, whole process. Speedups are reference time / our time.\n\n")
        f.write("| " + " | ".join(shown) + " |\n|" + "---|" * len(shown) + "\n")
        for row in rows:
            f.write("| " + " | ".join(fmt(row.get(k, "")) for k in shown) + " |\n")
        f.write(f"\n{len(rows)} runs, {failures} failed or invalid, {timeouts} killed at "
                f"--timeout={args.timeout:g} s.\n" if args.timeout else
                f"\n{len(rows)} runs, {failures} failed or invalid.\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
