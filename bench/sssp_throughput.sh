#!/bin/sh
# SSSP throughput on the largest Steiner graphs (and a generated large graph): runs
# bench/sssp_throughput on each and writes OUTDIR/sssp-throughput-TAG.{csv,md,log}.
# Usage: bench/sssp_throughput.sh OUTDIR [BUILDDIR]   (BUILDDIR: $top_builddir, else .)
# STEINER_DIR   the instances (default: ../shared/instances/steiner beside the source tree)
# SSSP_TOP      how many of the largest .stp/.gr files to take (default 6)
# SSSP_GEN      "N M" for a generated unit-weight graph (bench/gen_graph), "none" for none
#               (default "2000000 16000000": its CSR, some 140 MB, is far beyond the L2 cache)
# SSSP_SOURCES  sources per kernel (default 8); SSSP_TAG names the files (default: gpu)
set -e
[ $# -ge 1 ] || { echo "usage: $0 OUTDIR [BUILDDIR]" >&2; exit 2; }
out=$1
build=${2:-${top_builddir:-.}}
here=$(cd "$(dirname "$0")" && pwd)
steiner=${STEINER_DIR:-$here/../../shared/instances/steiner}
top=${SSSP_TOP:-6}
gen=${SSSP_GEN:-2000000 16000000}
sources=${SSSP_SOURCES:-8}
tag=${SSSP_TAG:-gpu}
mkdir -p "$out"
csv="$out/sssp-throughput-$tag.csv"
md="$out/sssp-throughput-$tag.md"
log="$out/sssp-throughput-$tag.log"

make -C "$build" -s bench/sssp_throughput bench/gen_graph

# The largest instances by file size.
graphs=$(ls -S "$steiner"/*.stp "$steiner"/*.gr "$steiner"/pace2018/*.gr 2>/dev/null | head -n "$top")
[ -n "$graphs" ] || { echo "$0: no .stp or .gr files in $steiner" >&2; exit 1; }
generated=
if [ "$gen" != none ]; then
    set -- $gen
    generated="${TMPDIR:-/tmp}/sssp-gen-n$1-m$2.gr"
    [ -s "$generated" ] || "$build/bench/gen_graph" "$1" "$2" 1 "$generated"
fi

status=0
# shellcheck disable=SC2086
"$build/bench/sssp_throughput" --header --sources "$sources" $graphs $generated \
    >"$csv" 2>"$log" || status=$?
cat "$log" >&2

{
    echo "# SSSP throughput ($tag)"
    echo
    sed -n 's/^# device: /Device: /p' "$log"
    echo
    echo "\`bench/sssp_throughput.sh\`: each kernel alone from $sources random sources per graph," \
        "timed with CUDA events (median per SSSP; tpull-batch: one p-SSSP launch sequence" \
        "divided by its sources), every search checked against Dijkstra (\`wrong\` = 0)." \
        "arcs scanned per SSSP: near-far, the arcs of the vertices it expands; pull kernels," \
        "2m per launch (iterations x arcs; t-pull's repeats inside a launch not counted)." \
        "GB/s: a lower-bound traffic model (16 B per weighted arc, 12 per unit arc, 28 per" \
        "vertex visited) over the time; fraction: of the peak (memory clock x 2 x bus width)." \
        "Graphs whose CSR fits in L2 may be served from it (see the log lines below)."
    echo
    echo "| graph | n | m | kernel | ms/SSSP | launches | arcs scanned | scans/arc | edges/s | GB/s | fraction of peak | checked | wrong |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    awk -F, 'NR > 1 { printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
        $1, $2, $3, $4, $6, $9, $10, $12, $13, $15, $17, $18, $19 }' "$csv"
    echo
    grep '^# ' "$log" | grep -v '^# device' | sed 's|^# \(.*/\)\{0,1\}|- |'
} >"$md"
echo "wrote $csv and $md" >&2
exit $status
