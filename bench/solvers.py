#!/usr/bin/env python3
"""Runs solvers over a benchmark set, each run under a time limit, and checks every answer:
mvc-gpu's maximum clique modes and the peer solvers of /work/shared/peers.

    bench/solvers.py --set dimacs --solvers complement,clique --name dimacs-h100-10s --limit 10
    bench/solvers.py --set pace2019 --solvers wegotyoucovered --name pace2019-peers-h100-60s \
        --limit 60 --jobs 8

Sets: dimacs (every *.clq.gz / *.clq of --dir, optima from omega.tsv), pace2019 (every
vc-exact_*.gr of --dir, optima from optima.tsv) and graphs (every *.gr / *.gr.gz of --dir, the
PACE 2019 solvers, optima from bench/optima.tsv); instances named on the command line (file
names or paths) restrict the run to those. Solvers:
  complement       mvc-gpu --complement: minimum cover of the edge complement (DIMACS)
  clique           mvc-gpu --clique: maximum clique (DIMACS)
  momc             MoMC (one thread) on the gunzipped .clq
  parasols         parasols' bitset solver, tccod with --threads N (ccod when N is 1)
  wegotyoucovered  WeGotYouCovered (one thread), PACE .gr on stdin (PACE 2019)
  peaty            peaty (one thread), PACE .gr on stdin (PACE 2019)
Time is the whole process's wall clock. mvc-gpu gets --time-limit LIMIT and is killed LIMIT +
10 s later; a peer runs under `timeout LIMIT` (parasols also gets --timeout LIMIT). Covers are
checked with `mvc-gpu --check` (--complement on DIMACS), cliques with `mvc-gpu --check
--clique`, or, for a peer's clique, as the cover of the complement left by it. A run counts as
solved only when the solver finished (not stopped, not killed) and its answer is valid and
equal to the optimum. Rows go to results/NAME.csv as runs end (a cut-short run keeps them);
results/NAME.md is written at the end.
"""
import argparse
import concurrent.futures
import csv
import gzip
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared"))
KILL_GRACE = 10  # seconds past the limit before mvc-gpu is killed from outside

FIELDS = ["instance", "n", "m", "solver", "machine", "limit", "jobs", "threads", "time",
          "solver_time", "status", "answer", "size", "optimum", "proven", "valid", "correct",
          "winner", "nodes", "error"]

SOLVER_SETS = {"complement": "dimacs", "clique": "dimacs", "momc": "dimacs", "parasols": "dimacs",
               "wegotyoucovered": "pace2019", "peaty": "pace2019"}
PEER_FILES = {"momc": "momc", "parasols": "parasols-solve_max_clique",
              "wegotyoucovered": "wegotyoucovered-vc_solver", "peaty": "peaty-solve_vc"}


def read_tsv(path):
    with open(path) as f:
        return list(csv.DictReader([line for line in f if not line.startswith("#")], delimiter="\t"))


def machine_names(override):
    """(short name for the CSV and legends, long description for the markdown)."""
    cpus = os.cpu_count() or 1
    model = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    gpu = ""
    if shutil.which("nvidia-smi"):
        proc = subprocess.run(["nvidia-smi", "--query-gpu=name,memory.total,driver_version",
                               "--format=csv,noheader"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, universal_newlines=True)
        if proc.returncode == 0:
            gpu = proc.stdout.strip().splitlines()[0] if proc.stdout.strip() else ""
    if gpu:
        short = f"{gpu.split(',')[0].strip()}, {cpus} CPUs"
        long = f"GPU {gpu} (nvidia-smi: name, memory, driver); CPU {model}, {cpus} CPUs"
    else:
        short = f"{cpus} CPUs, no GPU"
        long = f"CPU {model}, {cpus} CPUs; no GPU (no nvidia-smi)"
    return (override or short), long


def mvc_gpu_version(binary):
    """'mvc-gpu 0.1.0; CUDA: ...; tree 94e08e6' from --version and git, where they answer."""
    proc = subprocess.run([binary, "--version"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          universal_newlines=True)
    lines = proc.stdout.strip().splitlines() or ["mvc-gpu"]
    text = "; ".join([lines[0]] + [line for line in lines[1:] if line.startswith("CUDA")])
    try:
        tree = subprocess.run(["git", "-C", HERE, "describe", "--always", "--dirty"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              universal_newlines=True).stdout.strip()
    except OSError:
        tree = ""
    return text + (f"; tree {tree}" if tree else "")


def instance_name(path):
    name = os.path.basename(path)
    return name[:-3] if name.endswith(".gz") else name


def list_instances(args):
    """[(name, path, n, m, minimum cover, omega, whether omega is proven)] of the set, restricted
    to the instances named on the command line (omega is None on PACE 2019)."""
    if args.set == "dimacs":
        table = {row["instance"]: row for row in read_tsv(os.path.join(args.dir, "omega.tsv"))}
        paths = [os.path.join(args.dir, f) for f in sorted(os.listdir(args.dir))
                 if f.endswith(".clq.gz") or f.endswith(".clq")]
    elif args.set == "graphs":
        table = {row["file"]: {"mvc": row["optimum"]}
                 for row in read_tsv(os.path.join(HERE, "optima.tsv"))}
        paths = [os.path.join(args.dir, f) for f in sorted(os.listdir(args.dir))
                 if re.search(r"\.gr(\.gz)?$", f)]
    else:
        table = {row["file"]: row for row in read_tsv(os.path.join(args.dir, "optima.tsv"))}
        paths = [os.path.join(args.dir, f) for f in sorted(os.listdir(args.dir))
                 if re.match(r"vc-exact_\d+\.gr(\.gz)?$", f)]
    if args.instances:
        wanted = {instance_name(w) for w in args.instances}
        wanted |= {w + ".clq" for w in wanted} | {w + ".gr" for w in wanted}
        paths = [p for p in paths if instance_name(p) in wanted]
        if len(paths) < len(args.instances):
            sys.exit(f"solvers.py: only {len(paths)} of the {len(args.instances)} instances named "
                     f"are in {args.dir}")
    out = []
    for path in paths:
        name = instance_name(path)
        if args.set == "dimacs" and name.endswith(".clq"):
            name = name[:-4]
        row = table.get(name, {})
        n = int(row["n"]) if row.get("n") else None
        m = int(row["m"]) if row.get("m") else None
        if args.set == "dimacs":
            omega = int(row["omega"]) if row.get("omega") else None
            exact = row.get("status", "proven") == "proven"
            out.append((name, path, n, m, (n - omega) if omega is not None else None, omega, exact))
        else:
            mvc = int(row["mvc"]) if row.get("mvc") else None
            out.append((name, path, n, m, mvc, None, True))
    return out


def plain_copy(path, tmp):
    """The path of an uncompressed copy (peers do not read gzip)."""
    if not path.endswith(".gz"):
        return path
    dest = os.path.join(tmp, instance_name(path))
    if not os.path.exists(dest):
        with gzip.open(path, "rb") as src, open(dest + ".part", "wb") as out:
            shutil.copyfileobj(src, out)
        os.rename(dest + ".part", dest)
    return dest


def run_timed(cmd, kill_after, stdin=None, stdout=None):
    """(exit status, wall seconds, stderr's last line); status 137 when killed from here."""
    start = time.perf_counter()
    try:
        proc = subprocess.run(cmd, stdin=stdin, stdout=stdout or subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=kill_after)
        status, err = proc.returncode, proc.stderr.decode(errors="replace").strip()
        out = proc.stdout.decode(errors="replace") if stdout is None else ""
    except subprocess.TimeoutExpired:
        status, err, out = 137, f"killed {kill_after:g} s after the start", ""
    wall = time.perf_counter() - start
    first = next((line for line in err.splitlines() if line.strip()), "")
    return status, wall, first, out


def check(binary, flags, graph, answer):
    """True when mvc-gpu --check accepts the answer file, False when it refuses it."""
    proc = subprocess.run([binary, "--check", "--quiet"] + flags + [graph, answer],
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return proc.returncode == 0, proc.stderr.decode(errors="replace").strip()


def write_clique_as_complement_cover(n, clique, path):
    """A clique C of G is valid iff V - C covers every edge of G's complement."""
    inside = set(clique)
    with open(path, "w") as f:
        f.write(f"s vc {n} {n - len(inside)}\n")
        for v in range(1, n + 1):
            if v not in inside:
                f.write(f"{v}\n")


def first_line(path, prefix):
    try:
        with open(path, errors="replace") as f:
            for line in f:
                if line.startswith(prefix):
                    return line.split()
    except OSError:
        pass
    return None


class Run:
    """One solver on one instance."""

    def __init__(self, args, inst, solver, work):
        self.args, self.solver, self.work = args, solver, work
        self.name, self.path, self.n, self.m, self.cover_opt, self.omega, self.exact = inst
        self.row = {k: "" for k in FIELDS}
        self.row.update(instance=self.name, n=self.n or "", m=self.m or "", solver=solver,
                        machine=args.machine, limit=f"{args.limit:g}", jobs=args.jobs,
                        threads=args.threads if solver == "parasols" else (
                            (args.mvc_threads or "") if solver in ("complement", "clique") else 1))

    def finish(self, status, wall, err, proven, size, valid, opt, kind):
        """Fills the row: status ok / stopped / killed / error; correct against opt."""
        r = self.row
        r["time"] = f"{wall:.3f}"
        r["size"] = "" if size is None else size
        r["optimum"] = "" if opt is None else opt
        r["answer"] = kind
        if status == "ok" and not proven:
            status = "stopped"
        r["status"] = status
        r["proven"] = "yes" if proven else "no"
        r["valid"] = "" if valid is None else ("yes" if valid else "NO")
        if valid is False:
            r["correct"] = "INVALID"
        elif proven and size is not None and opt is not None:
            better = size < opt if kind == "cover" else size > opt
            if size == opt:
                r["correct"] = "yes"
            elif better and not self.exact:
                r["correct"] = "beyond best known"
            else:
                r["correct"] = "WRONG"
        if status == "error" or valid is False or (status == "killed" and err):
            r["error"] = err
        return r

    # mvc-gpu -----------------------------------------------------------------------------------
    def mvc_gpu(self):
        a = self.args
        mode = "--complement" if self.solver == "complement" else "--clique"
        answer = os.path.join(self.work, "answer")
        stats = os.path.join(self.work, "stats.json")
        cmd = [a.binary, "--quiet", mode, "--time-limit", f"{a.limit:g}", f"--stats={stats}",
               "--output", answer]
        if a.mvc_threads:
            cmd += ["--threads", str(a.mvc_threads)]
        status, wall, err, _ = run_timed(cmd + [self.path], a.limit + KILL_GRACE)
        st = {}
        if os.path.exists(stats):
            try:
                with open(stats) as f:
                    st = json.load(f)
            except ValueError:
                pass
        self.row["winner"] = st.get("solver") or st.get("cover_solver") or st.get("path", "")
        self.row["nodes"] = st.get("nodes", "")
        kind = "cover" if self.solver == "complement" else "clique"
        opt = self.cover_opt if kind == "cover" else self.omega
        size, valid = None, None
        if status in (0, 4) and os.path.exists(answer):
            s = first_line(answer, "s ")
            if s and len(s) >= 4:
                size = int(s[3])
            valid, msg = check(a.binary, [mode], self.path, answer)
            if not valid:
                err = msg.splitlines()[-1] if msg else "refused by --check"
        word = {0: "ok", 4: "stopped", 137: "killed"}.get(status, "error")
        if word == "error" and not err:
            err = f"exit status {status}"
        return self.finish(word, wall, err, status == 0, size, valid, opt, kind)

    # peers on DIMACS ---------------------------------------------------------------------------
    def clique_peer(self, plain):
        a = self.args
        out = os.path.join(self.work, "out")
        limit = f"{a.limit:g}"
        if self.solver == "momc":
            cmd = ["timeout", "-k", "5", limit, a.peer("momc"), plain]
        else:
            algo = "tccod" if a.threads > 1 else "ccod"
            cmd = ["timeout", "-k", "5", f"{a.limit + 5:g}", a.peer("parasols"),
                   "--threads", str(a.threads), "--timeout", limit, algo, "dynex", plain]
        with open(out, "wb") as f:
            status, wall, err, _ = run_timed(cmd, a.limit + 30, stdout=f)
        with open(out, errors="replace") as f:
            lines = f.read().splitlines()
        size, clique, proven = None, None, False
        if self.solver == "momc":
            for line in lines:
                if line.startswith("M "):
                    clique = [int(v) for v in line.split()[1:]]
                m = re.match(r"s Instance .* Max_CLQ (\d+) .*Time ([0-9.]+)", line)
                if m:
                    # MoMC exits with status 1 after a complete search; the s line is the proof
                    size, proven = int(m.group(1)), status in (0, 1)
                    status = 0 if proven else status
                    self.row["solver_time"] = m.group(2)
        elif lines and re.match(r"\d+ \d+", lines[0]):
            head = lines[0].split()
            size, proven = int(head[0]), "aborted" not in head and status == 0
            self.row["nodes"] = head[1]
            if len(lines) > 1:
                clique = [int(v) for v in lines[1].split()]
            if len(lines) > 2 and lines[2].split():
                self.row["solver_time"] = f"{int(lines[2].split()[0]) / 1000:.3f}"
        valid = None
        if clique is not None and self.n:
            cover = os.path.join(self.work, "clique-as-cover.vc")
            write_clique_as_complement_cover(self.n, clique, cover)
            valid = len(clique) == size and check(a.binary, ["--complement"], self.path, cover)[0]
        word = {0: "ok", 124: "stopped", 137: "killed", -9: "killed"}.get(status, "error")
        if word == "stopped" and size is None:
            word = "killed"
        if word == "error" and not err:
            err = f"exit status {status}"
        return self.finish(word, wall, err, proven, size, valid, self.omega, "clique")

    # peers on PACE 2019 ------------------------------------------------------------------------
    def cover_peer(self, plain):
        a = self.args
        out = os.path.join(self.work, "out.vc")
        cmd = ["timeout", "-k", "5", f"{a.limit:g}", a.peer(self.solver)]
        if self.solver == "peaty":
            cmd.append("-q")
        with open(plain, "rb") as graph, open(out, "wb") as f:
            status, wall, err, _ = run_timed(cmd, a.limit + 30, stdin=graph, stdout=f)
        s = first_line(out, "s vc")
        size, valid = None, None
        if s and len(s) >= 4:
            size = int(s[3])
            valid, msg = check(a.binary, [], self.path, out)
            if not valid:
                err = msg.splitlines()[-1] if msg else "refused by --check"
        # timeout's status 124 means stopped, even where the peer printed something first
        word = {0: "ok", 124: "stopped", 137: "killed", -9: "killed"}.get(status, "error")
        if word == "stopped" and size is None:
            word = "killed"
        if word == "ok" and size is None:
            word, err = "error", err or "no 's vc' line"
        if word == "error" and not err:
            err = f"exit status {status}"
        return self.finish(word, wall, err, status == 0 and size is not None, size, valid,
                           self.cover_opt, "cover")

    def go(self, plain):
        if self.solver in ("complement", "clique"):
            return self.mvc_gpu()
        if self.solver in ("momc", "parasols"):
            return self.clique_peer(plain)
        return self.cover_peer(plain)


def summary(rows, solvers):
    """Per solver: runs, solved, stopped or killed, wrong or invalid, errors, time of the solved."""
    out = []
    for s in solvers:
        mine = [r for r in rows if r["solver"] == s]
        solved = [r for r in mine if r["proven"] == "yes" and r["correct"] == "yes"]
        bad = [r for r in mine if r["correct"] in ("WRONG", "INVALID")]
        out.append((s, len(mine), len(solved),
                    sum(1 for r in mine if r["status"] in ("stopped", "killed")),
                    len(bad), sum(1 for r in mine if r["status"] == "error"),
                    sum(float(r["time"]) for r in solved)))
    return out


LABELS = {"complement": "mvc-gpu --complement", "clique": "mvc-gpu --clique", "momc": "MoMC",
          "parasols": "parasols", "wegotyoucovered": "WeGotYouCovered", "peaty": "peaty"}


def cell(r):
    if r is None:
        return ""
    t = r["time"]
    if r["correct"] in ("WRONG", "INVALID"):
        return f"**{r['correct']}** {r['size']} ({t} s)"
    if r["status"] == "ok":
        return f"{r['size']} in {t} s"
    if r["status"] == "stopped":
        return f"stopped, {r['size'] if r['size'] != '' else 'no answer'}"
    if r["status"] == "killed":
        return "no answer"
    return f"error: {r['error'][:60]}"


def write_markdown(args, rows, solvers, long_machine, wall, version):
    path = os.path.join(args.results, args.name + ".md")
    what = "maximum clique" if args.set == "dimacs" else "minimum vertex cover"
    with open(path, "w") as f:
        f.write(f"# {args.name}\n\n")
        title = {"dimacs": "DIMACS", "pace2019": "PACE 2019 (public)", "graphs": "Graph"}[args.set]
        f.write(f"{title} {what} instances from "
                f"`{os.path.normpath(os.path.abspath(args.dir))}`; "
                f"{', '.join(LABELS[s] for s in solvers)}.\n\n")
        f.write(f"Machine: {long_machine}.\n\n")
        notes = [f"Time limit {args.limit:g} s per run; `time` is the wall clock of the whole "
                 f"process (load, search, output)",
                 f"{args.jobs} run{'s' if args.jobs > 1 else ''} at once"]
        if "parasols" in solvers:
            notes.append(f"parasols with {args.threads} thread{'s' if args.threads > 1 else ''} "
                         f"({'tccod' if args.threads > 1 else 'ccod'} dynex)")
        if any(s in ("complement", "clique") for s in solvers):
            notes.append(f"{version}; mvc-gpu at its defaults"
                         + (f", --threads {args.mvc_threads}" if args.mvc_threads else
                            " (threads: one per CPU)"))
        f.write("; ".join(notes) + ".\n")
        f.write("Every answer was checked with `mvc-gpu --check` and compared with the optimum "
                + ("(`omega.tsv`: a cover of the complement is right at n - ω, a clique at ω)"
                   if args.set == "dimacs" else "(`optima.tsv`)" if args.set == "pace2019"
                   else "(`bench/optima.tsv`)")
                + ". Solved = finished, valid and optimal; a stopped run is never counted."
                + (f" The whole run took {wall:.0f} s.\n\n" if wall is not None else
                   " Written from the CSV of a run that may have been cut short.\n\n"))
        f.write("| solver | runs | solved | stopped / no answer | wrong | errors | time of the solved (s) |\n")
        f.write("|---|---|---|---|---|---|---|\n")
        for s, runs, solved, stopped, bad, errors, t in summary(rows, solvers):
            f.write(f"| {LABELS[s]} | {runs} | {solved} | {stopped} | {bad} | {errors} | {t:.1f} |\n")
        opt_head = "ω" if args.set == "dimacs" else "MVC"
        f.write(f"\n| instance | n | m | {opt_head} | " + " | ".join(LABELS[s] for s in solvers)
                + " |\n|" + "---|" * (4 + len(solvers)) + "\n")
        by = {(r["instance"], r["solver"]): r for r in rows}
        for name in sorted({r["instance"] for r in rows}, key=natural):
            any_row = next(r for r in rows if r["instance"] == name)
            if args.set == "dimacs":
                omega = next((r["optimum"] for r in rows if r["instance"] == name
                              and r["answer"] == "clique"), "")
                if omega == "" and any_row["optimum"] != "" and any_row["n"] != "":
                    omega = int(any_row["n"]) - int(any_row["optimum"])
            else:
                omega = any_row["optimum"]
            f.write(f"| {name} | {any_row['n']} | {any_row['m']} | {omega} | "
                    + " | ".join(cell(by.get((name, s))) for s in solvers) + " |\n")
        if args.set == "dimacs" and "complement" in solvers:
            f.write("\nmvc-gpu --complement's cells give the size of the cover of the complement "
                    "(n - ω when solved); the others give the clique.\n")
        errors = [r for r in rows if r["error"]]
        if errors:
            f.write("\nErrors:\n\n")
            for r in errors:
                f.write(f"- {r['instance']}, {LABELS[r['solver']]}: {r['error']}\n")
    return path


def natural(name):
    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", name.lower())]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("instances", nargs="*", help="only these instances (names or paths)")
    ap.add_argument("--set", required=True, choices=["dimacs", "pace2019", "graphs"])
    ap.add_argument("--solvers", required=True, help="comma-separated, from: " + ", ".join(SOLVER_SETS))
    ap.add_argument("--name", required=True, help="results/NAME.csv and results/NAME.md")
    ap.add_argument("--limit", type=float, required=True, help="seconds per run")
    ap.add_argument("--dir", help="instance folder (default: ../shared/instances/dimacs or pace2019)")
    ap.add_argument("--binary", default=os.environ.get("MVC_GPU", os.path.join(HERE, "..", "mvc-gpu")),
                    help="mvc-gpu, used to solve and to check (default: $MVC_GPU or ./mvc-gpu)")
    ap.add_argument("--peers", default=os.environ.get("PEERS", os.path.join(SHARED, "peers")),
                    help="folder of the peer programs (default: $PEERS or ../shared/peers)")
    ap.add_argument("--jobs", type=int, default=1, help="runs at once (default 1)")
    ap.add_argument("--threads", type=int, default=0,
                    help="parasols' threads (default: CPUs / jobs; 1 means ccod)")
    ap.add_argument("--mvc-threads", type=int, default=0, help="mvc-gpu --threads (default: its own)")
    ap.add_argument("--machine", default="", help="machine name for the CSV and the legends")
    ap.add_argument("--results", default=os.environ.get("RESULTS", os.path.join(HERE, "results")))
    ap.add_argument("--from-csv", action="store_true",
                    help="write NAME.md from the rows already in NAME.csv (a run cut short) and stop")
    args = ap.parse_args()

    solvers = args.solvers.split(",")
    for s in solvers:
        if SOLVER_SETS.get(s) != args.set and not (args.set == "graphs"
                                                     and SOLVER_SETS.get(s) == "pace2019"):
            ap.error(f"solver {s!r} is not one of the {args.set} solvers")
    args.dir = args.dir or os.path.join(SHARED, "instances", args.set)
    args.binary = os.path.abspath(args.binary)
    args.jobs = max(1, args.jobs)
    args.threads = args.threads or max(1, (os.cpu_count() or 1) // args.jobs)
    args.machine, long_machine = machine_names(args.machine)
    args.peer = lambda s: os.path.join(args.peers, PEER_FILES[s])
    csv_path = os.path.join(args.results, args.name + ".csv")
    if args.from_csv:
        with open(csv_path, newline="") as f:
            rows = list(csv.DictReader(f))
        if not rows:
            sys.exit(f"solvers.py: {csv_path} has no rows")
        if rows[0]["machine"] != args.machine:
            long_machine = rows[0]["machine"]  # written elsewhere: the CSV's own name for it
        args.limit, args.jobs = float(rows[0]["limit"]), int(rows[0]["jobs"])
        args.threads = next((int(r["threads"]) for r in rows if r["solver"] == "parasols"), args.threads)
        rows.sort(key=lambda r: (natural(r["instance"]), solvers.index(r["solver"])))
        version = mvc_gpu_version(args.binary) if os.access(args.binary, os.X_OK) else "mvc-gpu"
        print(f"wrote {write_markdown(args, rows, solvers, long_machine, None, version)}")
        return 1 if any(r["correct"] in ("WRONG", "INVALID") for r in rows) else 0
    for s in solvers:
        if s in PEER_FILES and not os.access(args.peer(s), os.X_OK):
            ap.error(f"no peer program {args.peer(s)}")
    if not os.access(args.binary, os.X_OK):
        ap.error(f"no mvc-gpu at {args.binary} (--binary or $MVC_GPU)")
    instances = list_instances(args)
    os.makedirs(args.results, exist_ok=True)

    rows, lock = [], threading.Lock()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mvc-solvers-") as tmp, open(csv_path, "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=FIELDS)
        writer.writeheader()
        out.flush()
        plain = {}
        if any(s in PEER_FILES for s in solvers):
            for inst in instances:
                plain[inst[0]] = plain_copy(inst[1], tmp)

        def one(job):
            index, inst, solver = job
            work = os.path.join(tmp, f"run{index}")
            os.makedirs(work)
            row = Run(args, inst, solver, work).go(plain.get(inst[0]))
            shutil.rmtree(work, ignore_errors=True)
            with lock:
                rows.append(row)
                writer.writerow(row)
                out.flush()
                print(f"{row['instance']}\t{solver}\t{row['status']}\t{row['size']}\t{row['time']}"
                      f"\t{row['correct']}\t{row['error']}", flush=True)

        jobs = [(i, inst, s) for i, (inst, s) in enumerate((inst, s) for inst in instances for s in solvers)]
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for future in [pool.submit(one, job) for job in jobs]:
                future.result()
    wall = time.perf_counter() - started

    order = {s: i for i, s in enumerate(solvers)}
    rows.sort(key=lambda r: (natural(r["instance"]), order[r["solver"]]))
    with open(csv_path, "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    md_path = write_markdown(args, rows, solvers, long_machine, wall, mvc_gpu_version(args.binary))
    for s, runs, solved, stopped, bad, errors, t in summary(rows, solvers):
        print(f"# {LABELS[s]}: {solved} of {runs} solved ({t:.1f} s), {stopped} stopped, "
              f"{bad} wrong, {errors} errors", flush=True)
    print(f"wrote {csv_path} and {md_path}")
    return 1 if any(r["correct"] in ("WRONG", "INVALID") for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
