#!/usr/bin/env python3
"""Speed-up over the GPUs of one host: each instance solved with --gpus 1, 2, ... in one run,
every answer checked.

    bench/gpus.py --solver hybrid --counts 1,2 --limit 120 --name gpus-hybrid-x2 \
        carry/table1/cop_hat500-3.gr::450
    bench/gpus.py --binary ./mvc-gpu --counts 1,2 --limit 300 --name gpus-h100-x2 \
        carry/dimacs/keller5.clq.gz:clique:27 carry/table1/cop_hat700-3.gr::638

An instance is PATH:MODE:OPTIMUM, MODE being clique (--clique: OPTIMUM is ω), complement
(--complement: OPTIMUM is the cover) or empty (a vertex cover of PATH). Time is the whole
process's wall clock; mvc-gpu gets --time-limit LIMIT and --stats, and is killed LIMIT + 10 s
later. An answer counts only when mvc-gpu finished (exit 0, proven), `mvc-gpu --check` accepts
it and its size is the optimum. From the statistics: the solver that searched, the nodes, and
each device's search seconds; a device's idle time is the longest device's seconds less its
own. Writes results/NAME.csv and results/NAME.md (speed-up and efficiency against one GPU).
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FIELDS = ["instance", "mode", "gpus", "machine", "time", "search", "status", "size", "optimum",
          "valid", "correct", "solver", "nodes", "device_seconds", "speedup", "efficiency"]
MODE_FLAGS = {"clique": ["--clique"], "complement": ["--complement"], "": []}


def machine_name():
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                             capture_output=True, text=True, check=True).stdout.split("\n")
        names = [line.strip() for line in out if line.strip()]
        return f"{len(names)} x {names[0]}, {os.cpu_count()} CPUs" if names else "no GPU"
    except (OSError, subprocess.CalledProcessError):
        return f"no GPU, {os.cpu_count()} CPUs"


def answer_size(path, mode):
    with open(path, errors="replace") as f:
        for line in f:
            words = line.split()
            if len(words) >= 4 and words[0] == "s" and words[1] in ("vc", "clique"):
                return int(words[3])
    return None


def one_run(args, path, mode, optimum, gpus, work):
    out, stats = os.path.join(work, "answer"), os.path.join(work, "stats.json")
    for stale in (out, stats):
        if os.path.exists(stale):
            os.remove(stale)
    solver = ["--solver", args.solver] if args.solver else []
    cmd = [args.binary] + MODE_FLAGS[mode] + solver + ["--gpus", str(gpus), "--time-limit",
                                              str(args.limit), f"--stats={stats}", "-o", out, path]
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              timeout=args.limit + 10)
        code = proc.returncode
    except subprocess.TimeoutExpired:
        code = 137
    wall = time.perf_counter() - start
    row = {"instance": os.path.basename(path), "mode": mode or "cover", "gpus": gpus,
           "time": f"{wall:.3f}", "optimum": optimum, "status": "ok" if code == 0 else f"exit {code}"}
    st = {}
    if os.path.exists(stats):
        with open(stats) as f:
            st = json.load(f)
    proven = st.get("proven", False) or (mode == "clique" and st.get("upper_bound") == st.get(
        "clique"))
    if code == 0 and not proven:
        row["status"] = "stopped"
    size = answer_size(out, mode) if os.path.exists(out) else None
    check = [args.binary, "--check", "--quiet"] + MODE_FLAGS[mode] + [path, out]
    valid = size is not None and subprocess.run(check, stdout=subprocess.DEVNULL,
                                                stderr=subprocess.DEVNULL).returncode == 0
    row.update(size=size if size is not None else "", valid="yes" if valid else "no",
               correct="yes" if valid and size == optimum and row["status"] == "ok" else "no")
    gpu = st.get("gpu", {})
    row["solver"] = st.get("solver") or st.get("cover_solver") or st.get("path", "")
    row["nodes"] = st.get("nodes", "")
    row["search"] = f"{st.get('time', {}).get('search', 0):.3f}"
    devices = gpu.get("devices", [])
    row["device_seconds"] = " ".join(f"{d['search']:.2f}" for d in devices)
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", default="./mvc-gpu")
    ap.add_argument("--counts", default="1,2", help="GPU counts, comma-separated, 1 first")
    ap.add_argument("--limit", type=float, default=300)
    ap.add_argument("--name", required=True)
    ap.add_argument("--solver", default="", help="mvc-gpu's --solver (default: its own choice)")
    ap.add_argument("--results", default=os.path.join(HERE, "results"))
    ap.add_argument("instances", nargs="+", help="PATH:MODE:OPTIMUM")
    args = ap.parse_args()
    counts = [int(c) for c in args.counts.split(",")]
    machine = machine_name()
    rows = []
    csv_path = os.path.join(args.results, args.name + ".csv")
    with tempfile.TemporaryDirectory() as work, open(csv_path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        for spec in args.instances:
            path, mode, optimum = spec.rsplit(":", 2)
            base = None
            for gpus in counts:
                row = one_run(args, path, mode, int(optimum), gpus, work)
                row["machine"] = machine
                t = float(row["time"])
                if gpus == counts[0] and row["correct"] == "yes":
                    base = t * gpus / counts[0] if counts[0] == 1 else None
                if base and row["correct"] == "yes":
                    row["speedup"] = f"{base / t:.2f}"
                    row["efficiency"] = f"{base / t / gpus:.2f}"
                w.writerow(row)
                f.flush()
                rows.append(row)
                print(",".join(str(row.get(k, "")) for k in FIELDS), flush=True)
    with open(os.path.join(args.results, args.name + ".md"), "w") as f:
        f.write(f"# Speed-up over GPUs of one host: {args.name}\n\n")
        solver = f" --solver {args.solver}" if args.solver else ""
        f.write(f"Machine: {machine}. `bench/gpus.py --counts {args.counts} --limit "
                f"{args.limit:g}{solver}`; whole-process wall clock, every answer checked with "
                "`mvc-gpu --check` and compared with the optimum. Device seconds: each "
                "device's search kernel time (idle = the longest less its own).\n\n")
        f.write("| instance | mode | GPUs | time (s) | speed-up | efficiency | solver | nodes "
                "| device seconds | answer |\n|---|---|---|---|---|---|---|---|---|---|\n")
        for r in rows:
            answer = f"{r['size']} ({'ok' if r['correct'] == 'yes' else r['status']})"
            f.write(f"| {r['instance']} | {r['mode']} | {r['gpus']} | {r['time']} | "
                    f"{r.get('speedup', '')} | {r.get('efficiency', '')} | {r['solver']} | "
                    f"{r['nodes']} | {r['device_seconds']} | {answer} |\n")
    wrong = [r for r in rows if r["valid"] == "yes" and r["status"] == "ok" and r["correct"] != "yes"]
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
