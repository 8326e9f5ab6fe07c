#!/usr/bin/python3
"""The benchmark pictures, as SVG into bench/results/ (matplotlib; not needed by the build).

    /usr/bin/python3 bench/plot.py pace [CSV | LABEL=CSV ...]   pace2019-cactus.svg
    /usr/bin/python3 bench/plot.py dimacs CSV [CSV ...]         dimacs-cactus.svg
    /usr/bin/python3 bench/plot.py table1                       table1-ratios.svg

Cactus plots: instances solved (proven optimal, answer checked) against the time limit per
instance, one line per solver and machine. A CSV of bench/solvers.py (dimacs.sh, peers.sh)
gives one line per solver in it, named by its solver and machine columns; a CSV of bench.py
(pace2019.sh) gives one line, named LABEL, or from the Machine line of the .md beside it.
`pace` always draws mvc-gpu's committed PACE runs (H200 and the 2-core CPU machine) first.
--png DIR also writes a PNG copy of each picture there.
"""
import argparse
import csv
import math
import os
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)

HERE = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.join(HERE, "results")
PACE_DEFAULT = [
    ("mvc-gpu on the H200 machine (16 CPUs)", os.path.join(RESULTS, "pace2019-h200-60s-315591e.csv")),
    ("mvc-gpu on 2 CPUs (Intel Xeon), no GPU", os.path.join(RESULTS, "pace2019-cpu-60s-4705382.csv")),
]
SOLVER_LABELS = {"complement": "mvc-gpu --complement", "clique": "mvc-gpu --clique", "momc": "MoMC",
                 "parasols": "parasols", "wegotyoucovered": "WeGotYouCovered", "peaty": "peaty"}
# one colour per solver, the same in every picture; mvc-gpu's runs in blues
COLOURS = {"mvc-gpu": "#1f5fa8", "mvc-gpu-cpu": "#6fa8dc", "mvc-gpu --complement": "#1f5fa8",
           "mvc-gpu --clique": "#6fa8dc", "MoMC": "#d9822b", "parasols": "#7a4fa3",
           "WeGotYouCovered": "#c0392b", "peaty": "#2e8b57"}
WIDTH_IN = 8.0  # 800 px at 100 dpi: the width of a README column


def style():
    plt.rcParams.update({
        "font.size": 10, "axes.titlesize": 11, "axes.labelsize": 10, "legend.fontsize": 9,
        "axes.spines.top": False, "axes.spines.right": False, "svg.fonttype": "none",
        "figure.dpi": 100, "savefig.dpi": 100,
        "svg.hashsalt": "mvc-gpu",  # fixed ids: the same data gives the same file
    })


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def solved(row):
    return row.get("proven") == "yes" and row.get("correct") == "yes"


def machine_text(machine):
    """'NVIDIA H100 80GB HBM3, 16 CPUs' -> 'the H100 machine (16 CPUs)'; others as they are."""
    m = re.match(r"NVIDIA (\w+)[^,]*, (\d+) CPUs$", machine)
    return f"the {m.group(1)} machine ({m.group(2)} CPUs)" if m else machine


def machine_of_md(csv_path):
    """The machine named on the 'Machine:' line of the .md beside a bench.py CSV."""
    md = os.path.splitext(csv_path)[0] + ".md"
    try:
        with open(md) as f:
            for line in f:
                if line.startswith("Machine:"):
                    text = line[len("Machine:"):].split(". ")[0].strip()
                    return re.sub(r", build \w+$", "", text)
    except OSError:
        pass
    return ""


def series_of(spec):
    """[(label, times of the solved runs, runs, limit)] from LABEL=CSV or CSV."""
    label, path = spec.split("=", 1) if "=" in spec and not os.path.exists(spec) else ("", spec)
    rows = read_csv(path)
    if not rows:
        sys.exit(f"plot.py: {path} has no rows")
    if "machine" in rows[0]:  # bench/solvers.py: one line per solver
        out = []
        for solver in dict.fromkeys(r["solver"] for r in rows):
            mine = [r for r in rows if r["solver"] == solver]
            how = []
            if mine[0].get("threads"):
                how.append(f"{mine[0]['threads']} thread{'s' if mine[0]['threads'] != '1' else ''}")
            if mine[0].get("jobs", "1") != "1":
                how.append(f"{mine[0]['jobs']} runs at once")
            name = label or (f"{SOLVER_LABELS.get(solver, solver)}"
                             + (f" ({', '.join(how)})" if how else "") + f" on {machine_text(mine[0]['machine'])}")
            out.append((name, SOLVER_LABELS.get(solver, solver),
                        [float(r["time"]) for r in mine if solved(r)], len(mine),
                        float(mine[0]["limit"]) if mine[0].get("limit") else None))
        return out
    # bench.py: one line, the mvc runs only
    mine = [r for r in rows if r.get("mode", "mvc") == "mvc"]
    name = label or f"mvc-gpu on {machine_of_md(path) or os.path.basename(path)}"
    limit = limit_of_md(path)
    return [(name, "mvc-gpu", [float(r["time"]) for r in mine if solved(r)], len(mine), limit)]


def limit_of_md(csv_path):
    md = os.path.splitext(csv_path)[0] + ".md"
    try:
        with open(md) as f:
            m = re.search(r"Time limit ([0-9.]+) s", f.read())
            return float(m.group(1)) if m else None
    except OSError:
        return None


def cactus(series, title, instances, out, png_dir):
    style()
    legend_in = 0.2 * len(series) + 0.25  # the legend goes under the axes, clear of the lines
    fig, ax = plt.subplots(figsize=(WIDTH_IN, 4.2 + legend_in))
    lo = min((min(t) for _, _, t, _, _ in series if t), default=0.01)
    x_min = 10 ** math.floor(math.log10(max(lo * 0.9, 1e-4)))
    limits = [lim for *_, lim in series if lim]
    x_max = max(limits + [max((max(t) for _, _, t, _, _ in series if t), default=1)])
    used = {}
    for label, key, times, runs, limit in series:
        times = sorted(times)
        colour = COLOURS.get(key)
        if key in used:  # the same solver on a second machine: lighter and dashed
            colour, dash = (COLOURS["mvc-gpu-cpu"] if key == "mvc-gpu" else colour), (0, (5, 2))
        else:
            dash = "solid"
        used[key] = True
        end = limit or (times[-1] if times else x_min)
        xs = [x_min] + times + [end]
        ys = [0] + list(range(1, len(times) + 1)) + [len(times)]
        ax.step(xs, ys, where="post", color=colour, linestyle=dash, linewidth=1.8,
                label=f"{label}: {len(times)} of {instances}" + (f" in {limit:g} s" if limit else ""))
        if limit:
            ax.plot([end], [len(times)], "o", color=colour, markersize=4)
    ax.axhline(instances, color="0.6", linewidth=0.8, linestyle=":")
    ax.text(x_min * 1.15, instances, f"all {instances}", va="bottom", ha="left", color="0.4",
            fontsize=9)
    ax.set_xscale("log")
    ax.set_xlim(x_min, x_max * 1.6)
    ax.set_ylim(0, instances * 1.06)
    ax.set_xlabel("time limit per instance (s, whole process, log scale)")
    ax.set_ylabel("instances solved")
    ax.set_title(title, loc="left")
    ax.grid(True, which="major", axis="both", color="0.9", linewidth=0.6)
    fig.tight_layout(rect=(0, legend_in / (4.2 + legend_in), 1, 1))
    fig.legend(*ax.get_legend_handles_labels(), loc="lower left", frameon=False,
               bbox_to_anchor=(ax.get_position().x0 - 0.01, 0))
    save(fig, out, png_dir)


def save(fig, out, png_dir):
    fig.savefig(out, format="svg", metadata={"Date": None})  # no date: the file changes only with the data
    print(f"wrote {out}")
    if png_dir:
        png = os.path.join(png_dir, os.path.basename(out)[:-4] + ".png")
        fig.savefig(png, format="png")
        print(f"wrote {png}")
    plt.close(fig)


def count_instances(series, default):
    return max([default] + [runs for _, _, _, runs, _ in series])


def read_tsv(path):
    with open(path) as f:
        return list(csv.DictReader([line for line in f if not line.startswith("#")], delimiter="\t"))


def table1(args):
    """Paper time / our time per Table I graph, MVC: the paper's V100 (Table I, Hybrid) and its
    code rebuilt for the H100 (kernel time only), against our whole process on an H100."""
    paper = {r["file"]: r for r in read_tsv(args.paper)}
    code = {r["file"]: float(r["kernel_s"]) for r in read_tsv(args.paper_code) if r["mode"] == "mvc"}
    ours = {}
    for path in [args.ours] + args.extra:
        for r in read_csv(path):
            if r["mode"] == "mvc" and solved(r) and r["instance"] not in ours:
                ours[r["instance"]] = (float(r["time"]), path != args.ours)
    graphs = [g for g in paper if g in ours]
    style()
    fig, ax = plt.subplots(figsize=(WIDTH_IN, 0.34 * len(graphs) + 1.9))
    h = 0.4
    v100_colour, bound_colour, h100_colour = "#9db9d9", "#5b86b8", "#1f5fa8"
    plt.rcParams["hatch.linewidth"] = 1.0
    for i, g in enumerate(graphs):
        ours_t, extra = ours[g]
        y = len(graphs) - 1 - i
        cell = paper[g]["mvc_hybrid"]
        at_least = cell.startswith(">")
        v100 = float(cell.lstrip(">")) / ours_t
        if at_least:  # a lower bound: hatched, open at the end
            ax.barh(y + h / 2, v100, height=h, color="white", hatch="////", edgecolor=bound_colour,
                    linewidth=0)
        else:
            ax.barh(y + h / 2, v100, height=h, color=v100_colour, linewidth=0)
        ax.text(v100 * 1.08, y + h / 2, ("≥ " if at_least else "") + ratio_text(v100),
                va="center", fontsize=8, color="0.25")
        if g in code:
            r = code[g] / ours_t
            ax.barh(y - h / 2, r, height=h, color=h100_colour)
            ax.text(r * 1.08, y - h / 2, ratio_text(r), va="center", fontsize=8, color="0.25")
    ax.set_xscale("log")
    ax.axvline(1, color="0.3", linewidth=0.8)
    ax.set_yticks(range(len(graphs)))
    ax.set_yticklabels([g[:-3] + (" *" if ours[g][1] else "") for g in reversed(graphs)])
    right = max(max(float(paper[g]["mvc_hybrid"].lstrip(">")) / ours[g][0] for g in graphs), 10)
    left = min(min(float(paper[g]["mvc_hybrid"].lstrip(">")) / ours[g][0] for g in graphs), 0.5)
    ax.set_xlim(left / 2, right * 12)
    ax.set_ylim(-0.7, len(graphs) - 0.3)
    ax.set_xlabel("paper's time / mvc-gpu's time (log scale; > 1: mvc-gpu is faster)")
    ax.set_title("Table I graphs, minimum vertex cover: the paper's time / mvc-gpu's time\n"
                 "mvc-gpu on an NVIDIA H100 80GB: whole process, default pipeline", loc="left")
    ax.tick_params(axis="y", length=0)
    ax.spines["left"].set_visible(False)
    ax.grid(True, which="major", axis="x", color="0.9", linewidth=0.6)
    from matplotlib.patches import Patch
    handles = [Patch(color=v100_colour, label="paper, V100 (Table I, Hybrid)"),
               Patch(facecolor="white", hatch="////", edgecolor=bound_colour,
                     label="paper, V100: not solved in 2 h (at least)"),
               Patch(color=h100_colour, label="paper's code on the H100 (its kernel time only)")]
    ax.legend(handles=handles, loc="upper right", frameon=False)
    note = ("mvc-gpu: bench/results/" + os.path.basename(args.ours)
            + ("; * bench/results/" + ", ".join(os.path.basename(p) for p in args.extra) if any(
                e for _, e in ours.values()) else "")
            + ".\nPaper: Yamout et al. 2022, Table I (bench/" + os.path.basename(args.paper)
            + "); its code on the H100: bench/" + os.path.basename(args.paper_code) + ".")
    fig.text(0.01, 0.01, note, fontsize=8, color="0.35", ha="left", va="bottom")
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    save(fig, os.path.join(args.out, "table1-ratios.svg"), args.png)


def ratio_text(r):
    if r >= 100:
        return f"{r:,.0f}×"
    if r >= 10:
        return f"{r:.0f}×"
    return f"{r:.1f}×"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("picture", choices=["pace", "dimacs", "table1"])
    ap.add_argument("csvs", nargs="*", help="CSV or LABEL=CSV")
    ap.add_argument("--out", default=RESULTS, help="folder of the SVGs (default bench/results)")
    ap.add_argument("--png", help="also write PNG copies into this folder")
    ap.add_argument("--no-default", action="store_true", help="pace: leave out mvc-gpu's committed runs")
    ap.add_argument("--ours", default=os.path.join(RESULTS, "table1-h100-default.csv"))
    ap.add_argument("--extra", action="append", default=[os.path.join(RESULTS, "pace2019-h100-60s.csv")],
                    help="table1: more runs of ours, for graphs --ours lacks")
    ap.add_argument("--paper", default=os.path.join(HERE, "paper_table1.tsv"))
    ap.add_argument("--paper-code", default=os.path.join(HERE, "paper_code_h100.tsv"))
    args = ap.parse_args()
    if args.png:
        os.makedirs(args.png, exist_ok=True)
    if args.picture == "table1":
        table1(args)
        return 0
    series = []
    if args.picture == "pace":
        if not args.no_default:
            for label, path in PACE_DEFAULT:
                series += series_of(f"{label}={path}")
        for spec in args.csvs:
            series += series_of(spec)
        cactus(series, "PACE 2019 vertex cover, 100 public instances: solved within a time limit",
               count_instances(series, 100), os.path.join(args.out, "pace2019-cactus.svg"), args.png)
    else:
        if not args.csvs:
            ap.error("dimacs: name the CSVs of bench/dimacs.sh and bench/peers.sh")
        for spec in args.csvs:
            series += series_of(spec)
        n = count_instances(series, 0)
        cactus(series, f"DIMACS maximum clique, {n} graphs: solved within a time limit", n,
               os.path.join(args.out, "dimacs-cactus.svg"), args.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
