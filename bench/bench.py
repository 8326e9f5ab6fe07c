#!/usr/bin/env python3
"""Benchmark harness: runs mvc-gpu on instances with chosen solvers and modes, checks every
answer, and writes CSV plus a markdown table to bench/results/.

    bench/bench.py --name table1-seq --solvers seq --modes mvc,pvc --time-limit 60 \
        ../shared/instances/table1/cop_hat300-1.gr ...

Modes: mvc, pvc (k = min - 1, min, min + 1; min from --optima files or a proven MVC run).
Files with a stray "0 0" line (vertex id 0 is not valid PACE) are converted into --workdir
first. Reference times (e.g. the paper's Table I) come from --paper, a TSV whose columns are
named MODE_SOLVER (mvc_seq, pvc_min-1_hybrid, ...).
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


def read_tsv(path):
    with open(path) as f:
        lines = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


def load_optima(paths):
    optima = {}
    for path in paths:
        if not os.path.exists(path):
            continue
        for row in read_tsv(path):
            value = row.get("optimum") or row.get("mvc")
            if value:
                optima[row["file"]] = int(value)
    return optima


def load_paper(path):
    if not path:
        return {}
    return {row["file"]: row for row in read_tsv(path)}


def prepared(path, workdir):
    """Returns a PACE file without stray '0 0' lines (and the header's m adjusted)."""
    if path.endswith(".gz"):
        return path  # compressed inputs are taken as they are
    with open(path) as f:
        lines = f.readlines()
    zeros = sum(1 for line in lines if line.strip() == "0 0")
    if zeros == 0:
        return path
    os.makedirs(workdir, exist_ok=True)
    fixed = os.path.join(workdir, os.path.basename(path))
    if not os.path.exists(fixed):
        with open(fixed, "w") as out:
            for line in lines:
                if line.strip() == "0 0":
                    continue
                if line.startswith("p td"):
                    p, td, n, m = line.split()
                    line = f"p td {n} {int(m) - zeros}\n"
                out.write(line)
    return fixed


def run_one(binary, graph, solver, k, time_limit, extra, tmp):
    cover = os.path.join(tmp, "answer.vc")
    stats = os.path.join(tmp, "stats.json")
    for stale in (cover, stats):
        if os.path.exists(stale):
            os.remove(stale)
    cmd = [binary, "--quiet", f"--solver={solver}", f"--stats={stats}", "--output", cover]
    if k is not None:
        cmd += ["--k", str(k)]
    if time_limit:
        cmd += ["--time-limit", str(time_limit)]
    cmd += extra + [graph]
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=(time_limit or 3600) + 60)
        status = proc.returncode
        stderr = proc.stderr.decode(errors="replace").strip()
    except subprocess.TimeoutExpired:
        status, stderr = 124, "killed: no answer within the time limit plus 60 s"
    wall = time.perf_counter() - start
    result = {"status": status, "time": wall, "error": stderr.splitlines()[-1] if stderr else ""}
    if os.path.exists(stats):
        with open(stats) as f:
            result["stats"] = json.load(f)
    size = None
    if status in (0, 4) and os.path.exists(cover):
        with open(cover) as f:
            for line in f:
                if line.startswith("s vc"):
                    size = int(line.split()[3])
    # a stopped PVC run without a cover within k prints none: nothing to check
    if status == 0 or (status == 4 and size is not None):
        # --check refuses solver options: of the extra arguments it takes only --complement
        check_flags = [a for a in extra if a == "--complement"]
        check = subprocess.run([binary, "--check", "--quiet"] + check_flags + [graph, cover],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        result["valid"] = check.returncode == 0
    result["size"] = size
    return result


def answer_of(result, k):
    status = result["status"]
    if status == 0:
        return str(result["size"]), True
    if status == 3:
        return "none", True
    if status == 4:
        return f"stopped({result['size']})", False
    if status == 124:
        return "killed", False
    return f"error({status})", False


def fmt(x):
    return "" if x is None else (f"{x:.3f}" if isinstance(x, float) else str(x))


ROW_FIELDS = ["instance", "n", "m", "kernel_n", "kernel_m", "solver", "mode", "k", "time",
              "search_time", "nodes", "answer", "proven", "correct", "optimum", "PAPER_time", "ratio",
              "error"]


def rows_from_log(path, paper_label):
    """The rows a run printed, one tab-separated line each (lines starting with '#' skipped)."""
    fields = [f.replace("PAPER", paper_label) for f in ROW_FIELDS]
    rows = []
    with open(path) as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if line.startswith("#") or len(parts) != len(fields):
                continue
            rows.append(dict(zip(fields, parts)))
    return rows


def write_results(args, rows, device):
    """results/NAME.csv and results/NAME.md from the rows of a run."""
    os.makedirs(args.results, exist_ok=True)
    csv_path = os.path.join(args.results, args.name + ".csv")
    with open(csv_path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)
    md_path = os.path.join(args.results, args.name + ".md")
    with open(md_path, "w") as f:
        f.write(f"# {args.name}\n\nMachine: {device}. Time limit {args.time_limit:g} s per run. "
                f"`time` is the whole process (load, search, output) in seconds; `search` is the "
                f"solver's own search time (GPU: kernel time). `ratio` = {args.paper_label} time / our "
                f"time (> 1: we are faster). Every printed cover was checked with `mvc-gpu --check`.\n\n")
        cols = ["instance", "n", "m", "kernel_n", "solver", "mode", "k", "answer", "proven", "correct", "time",
                "search_time", "nodes", f"{args.paper_label}_time", "ratio"]
        f.write("| " + " | ".join(cols) + " |\n|" + "---|" * len(cols) + "\n")
        for row in rows:
            f.write("| " + " | ".join(str(row.get(c, "")) for c in cols) + " |\n")
        unfinished = [r for r in rows if r["proven"] == "no"]
        wrong = [r for r in rows if r["correct"] not in ("", "yes")]
        f.write(f"\n{len(rows)} runs, {len(rows) - len(unfinished)} finished, "
                f"{len(unfinished)} not finished within the limit, {len(wrong)} wrong.\n")
        finished = [r for r in rows if r["proven"] == "yes"]
        if finished:
            total = sum(float(r["time"]) for r in finished)
            f.write(f"Finished runs took {total:.1f} s in all (whole process); "
                    f"all runs {sum(float(r['time']) for r in rows):.1f} s.\n")
    print(f"wrote {csv_path} and {md_path}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("instances", nargs="+")
    ap.add_argument("--name", required=True, help="results/NAME.csv and results/NAME.md")
    ap.add_argument("--binary", default=os.path.join(HERE, "..", "mvc-gpu"))
    ap.add_argument("--solvers", default="seq")
    ap.add_argument("--modes", default="mvc", help="mvc,pvc")
    ap.add_argument("--time-limit", type=float, default=60)
    ap.add_argument("--optima", action="append",
                    default=[os.path.join(HERE, "optima.tsv"),
                             os.path.join(HERE, "..", "..", "shared", "instances", "pace2019", "optima.tsv"),
                             os.path.join(HERE, "..", "instances", "manifest.tsv")])
    ap.add_argument("--paper", help="TSV of reference times (columns MODE_SOLVER)")
    ap.add_argument("--paper-label", default="paper")
    ap.add_argument("--paper-solver", help="paper column to compare with (default: the solver's own name)")
    ap.add_argument("--device", default="", help="machine the runs are on, for the report")
    ap.add_argument("--workdir", default=os.path.join(tempfile.gettempdir(), "mvc-bench"))
    ap.add_argument("--results", default=os.path.join(HERE, "results"))
    ap.add_argument("--extra", default="", help="extra mvc-gpu arguments, space separated")
    ap.add_argument("--from-log", help="write the tables from the rows a run printed (its stdout) "
                    "instead of running anything")
    ap.add_argument("--stats-log", help="append each run's --stats JSON, one line a run, to this file")
    args = ap.parse_args()

    solvers = args.solvers.split(",")
    modes = args.modes.split(",")
    optima = load_optima(args.optima)
    paper = load_paper(args.paper)
    extra = args.extra.split() if args.extra else []
    device = args.device or platform.node()
    rows = []
    if args.from_log:
        rows = rows_from_log(args.from_log, args.paper_label)
        write_results(args, rows, device)
        return 1 if any(r["correct"] not in ("", "yes") for r in rows) else 0
    with tempfile.TemporaryDirectory() as tmp:
        for path in args.instances:
            name = os.path.basename(path)
            if name.endswith(".gz"):
                name = name[:-3]  # compressed copies are looked up by the plain name
            graph = prepared(path, args.workdir)
            optimum = optima.get(name)
            for solver in solvers:
                runs = []
                if "mvc" in modes:
                    runs.append(("mvc", None, "mvc"))
                for mode, k, column in runs + [("pvc", d, c) for d, c in ((-1, "pvc_min-1"), (0, "pvc_min"), (1, "pvc_min+1"))
                                              if "pvc" in modes]:
                    if mode == "mvc":
                        kk = None
                    else:
                        if optimum is None:
                            print(f"# {name}: no known optimum, PVC skipped", file=sys.stderr)
                            continue
                        kk = optimum + k
                    r = run_one(args.binary, graph, solver, kk, args.time_limit, extra, tmp)
                    st = r.get("stats", {})
                    answer, proven = answer_of(r, kk)
                    if mode == "mvc" and r["status"] == 0 and optimum is None:
                        optimum = r["size"]
                    correct = ""
                    if optimum is not None and proven:
                        if mode == "mvc":
                            correct = "yes" if r["size"] == optimum else "WRONG"
                        elif kk < optimum:
                            correct = "yes" if r["status"] == 3 else "WRONG"
                        else:
                            correct = "yes" if r["status"] == 0 and r["size"] <= kk else "WRONG"
                    if r.get("valid") is False:
                        correct = "INVALID COVER"
                    ref = paper.get(name, {}).get(f"{column}_{args.paper_solver or solver}", "")
                    ratio = ""
                    if ref and not ref.startswith(">") and proven and r["time"] > 0:
                        ratio = f"{float(ref) / r['time']:.2f}"
                    row = {
                        "instance": name, "n": st.get("n", ""), "m": st.get("m", ""),
                        "kernel_n": st.get("kernel", {}).get("n", ""),
                        "kernel_m": st.get("kernel", {}).get("m", ""),
                        "solver": solver, "mode": mode if mode == "mvc" else column, "k": fmt(kk),
                        "time": fmt(r["time"]), "search_time": fmt(st.get("time", {}).get("search")),
                        "nodes": st.get("nodes", ""), "answer": answer, "proven": "yes" if proven else "no",
                        "correct": correct, "optimum": fmt(optimum), f"{args.paper_label}_time": ref,
                        "ratio": ratio, "error": r["error"] if r["status"] not in (0, 3, 4) else "",
                    }
                    rows.append(row)
                    if args.stats_log:
                        with open(args.stats_log, "a") as log:
                            log.write(json.dumps({"instance": name, "solver": solver, "mode": row["mode"],
                                                  "k": kk, "stats": st}) + "\n")
                    print("\t".join(str(v) for v in row.values()), flush=True)

    write_results(args, rows, device)
    return 1 if any(r["correct"] not in ("", "yes") for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
