#!/usr/bin/env python3
"""Two builds of mvc-gpu side by side: the same instances, MVC, one time limit.

    bench/before_after.py --name NAME --before OLD/mvc-gpu --after NEW/mvc-gpu \
        --time-limit 10 --optima optima.tsv [--device TEXT] [--repeat 3] FILE...

Each instance runs --repeat times with each build, the builds taking turns so that
drift on the machine hits both alike; the median whole-process time of each build is
kept. Every answer is checked: its size against optima.tsv where the optimum is known
(a proven answer of another size is wrong), and the cover itself with the after build's
--check. Writes bench/results/NAME.csv and NAME.md (--results overrides the folder);
exit status 1 on any wrong answer.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def read_optima(path):
    """file -> optimum, from a TSV whose header names the column (optimum or mvc)."""
    optima = {}
    if not path:
        return optima
    column = None
    with open(path) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            parts = line.rstrip("\n").split("\t")
            if column is None:
                names = [p.strip() for p in parts]
                column = names.index("optimum") if "optimum" in names else names.index("mvc")
                continue
            if len(parts) > column and parts[column].strip().isdigit():
                optima[parts[0]] = int(parts[column])
    return optima


def run(binary, path, limit, answer):
    start = time.monotonic()
    with open(answer, "w") as out:
        proc = subprocess.run([binary, "--time-limit", str(limit), path], stdout=out,
                              stderr=subprocess.DEVNULL)
    seconds = time.monotonic() - start
    size = None
    with open(answer) as f:
        for line in f:
            if line.startswith("s vc "):
                size = int(line.split()[3])
    # exit 0: proven minimum; 4: stopped by the time limit
    return seconds, proc.returncode, size


def checked(binary, path, answer):
    proc = subprocess.run([binary, "--check", path, answer], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)
    return proc.returncode == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--name", required=True)
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", required=True)
    ap.add_argument("--before-label", default="before")
    ap.add_argument("--after-label", default="after")
    ap.add_argument("--time-limit", type=float, default=10)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--optima")
    ap.add_argument("--device", default=os.uname().nodename)
    ap.add_argument("--results", default=os.path.join(os.path.dirname(__file__), "results"))
    ap.add_argument("instances", nargs="+")
    a = ap.parse_args()
    optima = read_optima(a.optima)
    rows, wrong = [], 0
    work = tempfile.mkdtemp()
    answer = os.path.join(work, "answer.vc")
    for path in a.instances:
        name = os.path.basename(path)
        key = name[:-3] if name.endswith(".gz") else name
        opt = optima.get(key, optima.get(os.path.splitext(key)[0]))
        times = {"before": [], "after": []}
        result = {}
        for _ in range(a.repeat):
            for which, binary in (("before", a.before), ("after", a.after)):
                seconds, code, size = run(binary, path, a.time_limit, answer)
                times[which].append(seconds)
                ok = size is not None and checked(a.after, path, answer)
                if code == 0 and opt is not None and size != opt:
                    ok = False
                if code not in (0, 4):
                    ok = False
                wrong += not ok
                result[which] = (code, size, ok)
        row = {"instance": name, "optimum": "" if opt is None else opt}
        for which in ("before", "after"):
            code, size, ok = result[which]
            row[which + "_answer"] = ("%d" % size if code == 0 else "stopped(%s)" % size)
            row[which + "_ok"] = "yes" if ok else "NO"
            row[which + "_seconds"] = statistics.median(times[which])
        both_proven = result["before"][0] == 0 and result["after"][0] == 0
        row["ratio"] = (row["before_seconds"] / row["after_seconds"]) if both_proven else ""
        rows.append(row)
        print("%s\t%s\t%.3f\t%s\t%.3f" % (name, row["before_answer"], row["before_seconds"],
                                          row["after_answer"], row["after_seconds"]), flush=True)
    cols = ["instance", "optimum", "before_answer", "before_ok", "before_seconds", "after_answer",
            "after_ok", "after_seconds", "ratio"]
    os.makedirs(a.results, exist_ok=True)
    with open(os.path.join(a.results, a.name + ".csv"), "w") as f:
        f.write(",".join(cols) + "\n")
        for r in rows:
            f.write(",".join(("%.3f" % r[c]) if isinstance(r[c], float) else str(r[c])
                             for c in cols) + "\n")
    both = [r for r in rows if r["ratio"] != ""]
    tb = sum(r["before_seconds"] for r in both)
    ta = sum(r["after_seconds"] for r in both)
    ratios = sorted(r["ratio"] for r in both)
    with open(os.path.join(a.results, a.name + ".md"), "w") as f:
        f.write("# %s\n\n" % a.name)
        f.write("Machine: %s. `before` = %s, `after` = %s; whole-process seconds, median of %d "
                "run(s) each, builds taking turns; time limit %g s; `ratio` = before / after "
                "(> 1: after is faster), on instances both proved. Every answer checked "
                "(`--check`, and against the known optimum).\n\n"
                % (a.device, a.before_label, a.after_label, a.repeat, a.time_limit))
        if both:
            f.write("Both proved %d of %d; total %.2f s before, %.2f s after (ratio %.3f); "
                    "median ratio %.3f, range %.2f-%.2f. Wrong answers: %d.\n\n"
                    % (len(both), len(rows), tb, ta, tb / ta if ta > 0 else 0,
                       statistics.median(ratios), ratios[0], ratios[-1], wrong))
        f.write("| " + " | ".join(cols) + " |\n|" + "---|" * len(cols) + "\n")
        for r in rows:
            f.write("| " + " | ".join(("%.3f" % r[c]) if isinstance(r[c], float) else str(r[c])
                                      for c in cols) + " |\n")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
