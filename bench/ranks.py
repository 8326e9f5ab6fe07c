#!/usr/bin/env python3
"""The CPU clique search over MPI ranks against threads of one process, in one run on one host,
every answer checked.

    bench/ranks.py --binary ./mvc-gpu --mpi-binary mpi-build/mvc-gpu --mpirun mpirun \
        --ranks 2,4,8,16 --limit 300 --name ranks-h100-host carry/dimacs/brock400_1.clq.gz:27

An instance is PATH:OMEGA (DIMACS, --clique). Configurations: one thread (--threads 1, the
plain binary), every CPU as threads of one process (the plain binary), then R ranks of the MPI
binary under mpirun, each with the host's CPUs over R threads (rank 0 given --threads
CPUS/R). --solver clique throughout, so the same CPU search runs everywhere. Time is the whole
command's wall clock (mpirun's start-up included); an answer counts only when the run finished
proven, `mvc-gpu --check --clique` accepts it and its size is ω. Writes results/NAME.csv and
results/NAME.md (speed-up against one thread and against one process's threads).
"""
import argparse
import csv
import json
import os
import subprocess
import tempfile
import time

from gpus import answer_size  # the size on an answer's "s" line

HERE = os.path.dirname(os.path.abspath(__file__))
FIELDS = ["instance", "config", "ranks", "threads_per_rank", "time", "search", "status", "size",
          "omega", "correct", "nodes", "speedup_one_thread", "speedup_threads"]
MPI_ENV = {"OMPI_ALLOW_RUN_AS_ROOT": "1", "OMPI_ALLOW_RUN_AS_ROOT_CONFIRM": "1",
           "OMPI_MCA_btl_vader_single_copy_mechanism": "none"}


def one_run(args, cmd_prefix, threads, path, omega, work):
    out, stats = os.path.join(work, "answer"), os.path.join(work, "stats.json")
    for stale in (out, stats):
        if os.path.exists(stale):
            os.remove(stale)
    binary = args.mpi_binary if cmd_prefix else args.binary
    cmd = cmd_prefix + [binary, "--clique", "--solver", "clique", "--threads", str(threads),
                        "--time-limit", str(args.limit), f"--stats={stats}", "-o", out, path]
    env = dict(os.environ, **MPI_ENV)
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                              timeout=args.limit + 30)
        status = proc.returncode
    except subprocess.TimeoutExpired:
        status = "killed"
    wall = time.perf_counter() - start
    size = answer_size(out, "clique") if os.path.exists(out) else None
    valid = size is not None and subprocess.run(
        [args.binary, "--check", "--clique", path, out], stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL).returncode == 0
    row = {"time": round(wall, 3), "status": status, "size": size, "omega": omega,
           "correct": int(status == 0 and valid and size == omega)}
    try:
        with open(stats) as f:
            s = json.load(f)
        row["search"] = round(s.get("time", {}).get("search", 0), 3)
        row["nodes"] = s.get("nodes", "")
    except (OSError, ValueError):
        pass
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--binary", required=True, help="mvc-gpu built without MPI")
    ap.add_argument("--mpi-binary", required=True, help="mvc-gpu built --with-mpi")
    ap.add_argument("--mpirun", default="mpirun")
    ap.add_argument("--ranks", default="2,4")
    ap.add_argument("--cpus", type=int, default=os.cpu_count())
    ap.add_argument("--limit", type=int, default=300)
    ap.add_argument("--one-thread", action="store_true", help="also run on one thread")
    ap.add_argument("--name", required=True)
    ap.add_argument("--results", default=os.path.join(HERE, "results"))
    ap.add_argument("instances", nargs="+", help="PATH:OMEGA")
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for spec in args.instances:
            path, omega = spec.rsplit(":", 1)
            name = os.path.basename(path).split(".")[0]
            configs = [("threads", 1, args.cpus, [])]
            if args.one_thread:
                configs.insert(0, ("one thread", 1, 1, []))
            for r in [int(x) for x in args.ranks.split(",")]:
                per = max(1, args.cpus // r)
                configs.append(("ranks", r, per,
                                [args.mpirun, "--oversubscribe", "--bind-to", "none", "-np", str(r)]))
            base = {}
            for config, ranks, per, prefix in configs:
                row = one_run(args, prefix, per, path, int(omega), work)
                row.update(instance=name, config=config, ranks=ranks, threads_per_rank=per)
                if row["correct"]:
                    base.setdefault(config if config != "ranks" else None, row["time"])
                    for key, field in (("one thread", "speedup_one_thread"),
                                       ("threads", "speedup_threads")):
                        if base.get(key):
                            row[field] = round(base[key] / row["time"], 2)
                rows.append(row)
                print(name, config, ranks, per, row["time"], row.get("search"), row["status"],
                      row["size"], "ok" if row["correct"] else "NOT SOLVED", flush=True)
    os.makedirs(args.results, exist_ok=True)
    with open(os.path.join(args.results, args.name + ".csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS)
        w.writeheader()
        for row in rows:
            w.writerow({k: row.get(k, "") for k in FIELDS})
    with open(os.path.join(args.results, args.name + ".md"), "w") as f:
        f.write(f"# {args.name}\n\nThe CPU clique search (`--solver clique`) on {args.cpus} CPUs "
                "of one host: threads of one process against MPI ranks (`mpirun`). Time: the "
                "whole command's wall clock; every answer checked against ω.\n\n")
        f.write("| instance | configuration | time (s) | search (s) | nodes | vs one thread "
                "| vs threads | answer |\n|---|---|---|---|---|---|---|---|\n")
        for r in rows:
            what = (f"{r['ranks']} ranks x {r['threads_per_rank']} threads" if r["config"] == "ranks"
                    else f"1 process, {r['threads_per_rank']} thread" +
                    ("s" if r["threads_per_rank"] > 1 else ""))
            answer = "ω" if r["correct"] else f"NOT SOLVED ({r['status']}, {r['size']})"
            f.write(f"| {r['instance']} | {what} | {r['time']} | {r.get('search', '')} | "
                    f"{r.get('nodes', '')} | {r.get('speedup_one_thread', '')} | "
                    f"{r.get('speedup_threads', '')} | {answer} |\n")


if __name__ == "__main__":
    main()
